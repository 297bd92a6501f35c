import AccordionDiagnostics
import AccordionModel

/// Spells a dump tree as pretty-printed JSON through the tool's one JSON
/// writer (`JSONOutput`), the format golden files and other tools read.
public enum JSONRender {
    /// The tree as JSON text, without a trailing newline.
    ///
    /// - Parameter value: The tree.
    /// - Returns: The JSON text.
    public static func text(_ value: DumpValue) -> String {
        var out = JSONOutput()
        write(value, indent: 0, into: &out)
        return out.finish()
    }

    /// A snapshot's dump as JSON text (the same text as `text(DumpTree.snapshot(s))`,
    /// without holding the whole tree), without a trailing newline.
    ///
    /// - Parameter s: The moment.
    /// - Returns: The JSON text.
    public static func text(_ s: Snapshot) -> String {
        var out = JSONOutput()
        writeSnapshot(s, indent: 0, into: &out)
        return out.finish()
    }

    static func write(_ value: DumpValue, indent: Int, into out: inout JSONOutput) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): out.int(i)
        case .number(let d):
            if d.isFinite { JSONText.appendRounded(d, to: &out.bytes) } else { out.append("null") }
        case .string(let s): out.string(s)
        case .array(let items):
            out.array(count: items.count, indent: indent) { i, out in write(items[i], indent: indent + 2, into: &out) }
        case .object(let fields):
            out.object(count: fields.count, indent: indent) { i, out in
                out.key(fields[i].0)
                write(fields[i].1, indent: indent + 2, into: &out)
            }
        }
    }

    /// A snapshot's dump, its panels and events made and spelled one at a time;
    /// `step` is the value of a leading `step` field (a dump of a series), nil for none.
    static func writeSnapshot(_ s: Snapshot, step: DumpValue? = nil, indent: Int, into out: inout JSONOutput) {
        let fields = DumpTree.snapshotFields(s, step: step)
        out.object(count: fields.count, indent: indent) { i, out in
            out.key(fields[i].0)
            switch fields[i].1 {
            case .value(let v): write(v, indent: indent + 2, into: &out)
            case .items(let count, let element):
                out.array(count: count, indent: indent + 2) { j, out in write(element(j), indent: indent + 4, into: &out) }
            }
        }
    }
}
