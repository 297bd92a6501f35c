import AccordionDiagnostics

/// Spells a dump tree as pretty-printed JSON (2-space indent), the format
/// golden files and other tools read.
public enum JSONRender {
    /// The tree as JSON text, without a trailing newline.
    public static func text(_ value: DumpValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    static func write(_ value: DumpValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d): out += d.isFinite ? JSONText.rounded(d) : "null"
        case .string(let s): out += JSONText.quote(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            let pad = String(repeating: " ", count: indent + 2)
            for (i, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 2, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let fields):
            if fields.isEmpty { out += "{}"; return }
            out += "{\n"
            let pad = String(repeating: " ", count: indent + 2)
            for (i, (key, item)) in fields.enumerated() {
                out += pad + JSONText.quote(key) + ": "
                write(item, indent: indent + 2, into: &out)
                out += i + 1 < fields.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }
}
