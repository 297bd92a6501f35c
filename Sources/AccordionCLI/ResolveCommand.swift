import AccordionDiagnostics
import AccordionSpec
import AccordionYAML

/// `accordion resolve FILE|-`: prints the resolved document as JSON, the
/// author's answer to "how did my YAML resolve?" (is `no` a string? what
/// did the merge produce?).
let resolveCommand = CommandSpec(
    name: "resolve",
    abstract: "Print how a YAML file resolves, as JSON.",
    discussion: "Prints the document as JSON: mapping order kept, merge keys applied, scalars resolved by the "
        + "YAML 1.2 core schema (is `no` a string? what did the merge produce?).\n\n"
        + "Exit status: 0 resolved, 1 a problem in the document, 2 usage or I/O problems.",
    readme: "prints how a YAML file resolves, as JSON (is `no` a string? what did the merge produce?)",
    arguments: [ArgumentSpec(valueName: "file", help: "The YAML file, or '-' for standard input.")],
    options: [colorOption],
    run: { args in runResolve(path: args.positionals[0], color: args.color) }
)

func runResolve(path: String, color: ColorChoice) -> Int32 {
    let loader = YAMLLoader()
    let bytes: [UInt8]
    let name = path == "-" ? "<stdin>" : path
    do {
        bytes = try IO.readInput(path, limit: loader.limits.maxInputBytes)
    } catch {
        IO.writeStderr("accordion: error: \(error.message)\n")
        return 2
    }
    do {
        let root = try loader.load(bytes, source: name)
        var out = JSONOutput()
        try ResolvedJSON.write(root, indent: 0, into: &out)
        out.append("\n")
        out.finish { IO.writeStdout(bytes: $0) }
        return 0
    } catch {
        printDiagnostics(error.diagnostics, source: SourceText(name: name, bytes: YAMLLoader.utf8Text(of: bytes)),
                         color: color.enabled(fd: 2))
        return 1
    }
}

/// Prints diagnostics to stderr the compiler way.
func printDiagnostics(_ diagnostics: [Diagnostic], source: SourceText?, color: Bool) {
    let formatter = TextReport.formatter(useColor: color)
    var text = ""
    for d in Diagnostic.sortedByPosition(diagnostics) {
        text += formatter.format(d, source: source)
    }
    IO.writeStderr(text)
}

/// Spells a node tree through the tool's JSON writer. JSON has no
/// infinities, no NaN and only string keys, so those are located errors or
/// canonical key text.
enum ResolvedJSON {
    static func write(_ node: YAMLNode, indent: Int, into out: inout JSONOutput) throws(DiagnosticError) {
        switch node.kind {
        case .scalar(let s):
            if s.isString {
                out.string(s.text)
                return
            }
            switch s.value {
            case .null: out.append("null")
            case .bool(let b): b ? out.append("true") : out.append("false")
            case .int(let i): JSONText.appendDigits(i, to: &out.bytes)
            case .bigInt(let digits): out.append(raw: digits)
            case .float(let d):
                guard let text = JSONText.number(d) else {
                    let what = d.isNaN ? "not-a-number (.nan)" : "infinity (\(s.text))"
                    throw DiagnosticError(Diagnostic(
                        rule: "json-number",
                        message: "this value is \(what), which JSON cannot hold: JSON numbers are finite",
                        span: node.span,
                        help: "write it as a string ('\(s.text)') if it is meant as text"))
                }
                out.append(raw: text)
            case .string(let t): out.string(t)
            }
        case .sequence(let items):
            try out.array(count: items.count, indent: indent) { (i, out) throws(DiagnosticError) in
                try write(items[i], indent: indent + 2, into: &out)
            }
        case .mapping(let entries):
            // Keys the loader kept apart (the integer 1 and the string "1")
            // can collide once spelled as JSON strings.
            var seen: [String: YAMLNode]? = nil
            if entries.contains(where: { !($0.key.scalar?.isString ?? false) }) { seen = [:] }
            try out.object(count: entries.count, indent: indent) { (i, out) throws(DiagnosticError) in
                let entry = entries[i]
                let key = try keyText(entry.key)
                if seen != nil {
                    if let first = seen![key] {
                        throw DiagnosticError(Diagnostic(
                            rule: "json-key",
                            message: "this key and the key on line \(first.span.start.line) both become the JSON key \(JSONText.quote(key)), and JSON keys must be unique",
                            span: entry.key.span,
                            related: [RelatedLocation(message: "first defined here", span: first.span)]))
                    }
                    seen![key] = entry.key
                }
                out.key(key)
                try write(entry.value, indent: indent + 2, into: &out)
            }
        }
    }

    /// A key as JSON text: strings as they are; other scalars in canonical form.
    private static func keyText(_ node: YAMLNode) throws(DiagnosticError) -> String {
        guard case .scalar(let s) = node.kind else {
            let what = node.items != nil ? "sequence" : "mapping"
            throw DiagnosticError(Diagnostic(
                rule: "json-key",
                message: "this key is a \(what), which JSON cannot hold: JSON object keys are strings",
                span: node.span))
        }
        switch s.value {
        case .string(let t): return t
        // An empty key has no text to show; a written `null` or `~` shows as `null`.
        case .null: return s.text.isEmpty ? "" : "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .bigInt(let digits): return digits
        case .float(let d):
            if let text = JSONText.number(d) { return text }
            return d.isNaN ? ".nan" : d < 0 ? "-.inf" : ".inf"
        }
    }
}
