import AccordionDiagnostics
import AccordionYAML

/// `accordion resolve FILE|-`: prints the resolved document as JSON, the
/// author's answer to "how did my YAML resolve?" (is `no` a string? what
/// did the merge produce?).
let resolveCommand = Command(
    name: "resolve",
    summary: "print how a YAML file resolves, as JSON",
    usage: """
    usage: accordion resolve FILE|-

    Prints the document as JSON: mapping order kept, merge keys applied,
    scalars resolved by the YAML 1.2 core schema. '-' reads standard input.
    Exit status: 0 resolved, 1 a problem in the document, 2 usage or I/O error.
    """,
    run: { args in
        let usage = "usage: accordion resolve FILE|-"
        if let option = args.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            return usageError("unknown option '\(option)' for resolve", usage: usage)
        }
        guard args.count == 1 else { return usageError("resolve takes exactly one FILE or '-'", usage: usage) }
        return runResolve(path: args[0])
    }
)

func runResolve(path: String) -> Int32 {
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
        var writer = JSONWriter()
        // Generous: untouched capacity costs address space, not memory.
        writer.bytes.reserveCapacity(bytes.count * 4 + 64)
        try writer.write(root, indent: 0)
        writer.bytes.append(0x0A)
        IO.writeStdout(bytes: writer.bytes)
        return 0
    } catch {
        printDiagnostics(error.diagnostics, source: SourceText(name: name, bytes: YAMLLoader.utf8Text(of: bytes)))
        return 1
    }
}

/// Prints diagnostics to stderr the compiler way; colour only on a terminal
/// and only when `NO_COLOR` is unset or empty.
func printDiagnostics(_ diagnostics: [Diagnostic], source: SourceText?) {
    let color = IO.isTerminal(fd: 2) && (IO.environment("NO_COLOR") ?? "").isEmpty
    let formatter = DiagnosticFormatter(useColor: color)
    var text = ""
    for d in Diagnostic.sortedByPosition(diagnostics) {
        text += formatter.format(d, source: source)
    }
    IO.writeStderr(text)
}

/// Writes a node tree as indented JSON into a byte buffer (one String at
/// the end: appending to a String piece by piece costs several times more).
/// JSON has no infinities, no NaN and only string keys, so those are
/// located errors or canonical key text.
struct JSONWriter {
    var bytes: [UInt8] = []

    private mutating func newline(_ level: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * level))
    }

    private mutating func literal(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `text` as a JSON string, copying it whole when nothing needs escaping.
    private mutating func string(_ text: String) {
        var text = text
        let plain = text.withUTF8 { buffer -> Bool in
            for b in buffer where b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F { return false }
            bytes.append(0x22)
            bytes.append(contentsOf: buffer)
            bytes.append(0x22)
            return true
        }
        if !plain { raw(JSONText.quote(text)) }
    }

    mutating func write(_ node: YAMLNode, indent: Int) throws(DiagnosticError) {
        switch node.kind {
        case .scalar(let s):
            if s.isString {
                string(s.text)
                return
            }
            switch s.value {
            case .null: literal("null")
            case .bool(let b): b ? literal("true") : literal("false")
            case .int(let i): raw(String(i))
            case .bigInt(let digits): raw(digits)
            case .float(let d):
                guard let text = JSONText.number(d) else {
                    let what = d.isNaN ? "not-a-number (.nan)" : "infinity (\(s.text))"
                    throw DiagnosticError(Diagnostic(
                        rule: "json-number",
                        message: "this value is \(what), which JSON cannot hold: JSON numbers are finite",
                        span: node.span,
                        help: "write it as a string ('\(s.text)') if it is meant as text"))
                }
                raw(text)
            case .string(let t): string(t)
            }
        case .sequence(let items):
            if items.isEmpty {
                literal("[]")
                return
            }
            literal("[")
            for (i, item) in items.enumerated() {
                if i > 0 { literal(",") }
                newline(indent + 1)
                try write(item, indent: indent + 1)
            }
            newline(indent)
            literal("]")
        case .mapping(let entries):
            if entries.isEmpty {
                literal("{}")
                return
            }
            // Keys the loader kept apart (the integer 1 and the string "1")
            // can collide once spelled as JSON strings.
            var seen: [String: YAMLNode]? = nil
            if entries.contains(where: { !($0.key.scalar?.isString ?? false) }) { seen = [:] }
            literal("{")
            for (i, entry) in entries.enumerated() {
                if i > 0 { literal(",") }
                newline(indent + 1)
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
                string(key)
                literal(": ")
                try write(entry.value, indent: indent + 1)
            }
            newline(indent)
            literal("}")
        }
    }

    /// A key as JSON text: strings as they are; other scalars in canonical form.
    private func keyText(_ node: YAMLNode) throws(DiagnosticError) -> String {
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
