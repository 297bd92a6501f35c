import AccordionDiagnostics
import AccordionYAML
import JSONSchema

/// What differs between a stored snapshot and the dump a run made, field by
/// field in the dump's own names (`panels[1].title`), each located at its
/// line in the stored file: the words an author needs to decide whether
/// the change is wanted, rather than a line number of a JSON file and two
/// lines of it.
public enum SnapshotDiff {
    /// The fields that differ, in the stored file's order (then the new
    /// ones), each with its span in the stored file (the nearest object
    /// that holds it for a field the stored copy lacks). Nil when the stored
    /// text is not JSON; the caller then says so and where.
    ///
    /// - Parameters:
    ///   - stored: The snapshot file's text.
    ///   - path: Its path, the source of the spans.
    ///   - actual: The dump this run made (JSON text, as `render --format json` writes it).
    /// - Returns: The differences, or nil when either text does not parse.
    public static func fields(stored: String, path: String, actual: String) -> [FieldDifference]? {
        guard let expected = try? JSONNodeParser.parse(stored, source: path),
              let got = try? JSONNodeParser.parse(actual, source: "<run>") else { return nil }
        var out: [FieldDifference] = []
        compare(expected, got, field: "", into: &out)
        return out
    }

    private static func compare(_ e: YAMLNode, _ a: YAMLNode, field: String, into out: inout [FieldDifference]) {
        if let ee = e.entries, let ae = a.entries {
            var seen: Set<String> = []
            for (key, value) in ee {
                let name = key.scalarText ?? ""
                seen.insert(name)
                let path = field.isEmpty ? name : field + "." + name
                if let other = a[name] {
                    compare(value, other, field: path, into: &out)
                } else {
                    out.append(FieldDifference(field: path, expected: shown(value), actual: "(nothing)", span: value.span))
                }
            }
            for (key, value) in ae where !seen.contains(key.scalarText ?? "") {
                let name = key.scalarText ?? ""
                out.append(FieldDifference(field: field.isEmpty ? name : field + "." + name, expected: "(nothing)",
                                           actual: shown(value), span: e.span))
            }
            return
        }
        if let ei = e.items, let ai = a.items {
            for i in 0..<max(ei.count, ai.count) {
                let path = field + "[\(i)]"
                switch (i < ei.count, i < ai.count) {
                case (true, true): compare(ei[i], ai[i], field: path, into: &out)
                case (true, false): out.append(FieldDifference(field: path, expected: shown(ei[i]), actual: "(nothing)", span: ei[i].span))
                default: out.append(FieldDifference(field: path, expected: "(nothing)", actual: shown(ai[i]), span: e.span))
                }
            }
            return
        }
        let x = shown(e), y = shown(a)
        if x != y { out.append(FieldDifference(field: field.isEmpty ? "(the snapshot)" : field, expected: x, actual: y, span: e.span)) }
    }

    /// A value as JSON spells it; an object or a list by its size when it
    /// would not fit on a line.
    private static func shown(_ node: YAMLNode) -> String {
        if let entries = node.entries { return entries.isEmpty ? "{}" : "an object of \(entries.count) \(entries.count == 1 ? "field" : "fields")" }
        if let items = node.items { return items.isEmpty ? "[]" : "a list of \(items.count) \(items.count == 1 ? "item" : "items")" }
        guard let scalar = node.scalar else { return "" }
        if case .string(let text) = scalar.value { return JSONValue.string(text).serialized() }
        return scalar.text
    }
}
