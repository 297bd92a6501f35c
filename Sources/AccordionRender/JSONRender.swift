import AccordionDiagnostics

/// Spells a dump tree as pretty-printed JSON (2-space indent), the format
/// golden files and other tools read.
public enum JSONRender {
    /// The tree as JSON text, without a trailing newline.
    public static func text(_ value: DumpValue) -> String {
        var bytes: [UInt8] = []
        write(value, indent: 0, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes into a UTF-8 buffer: appending small pieces to a String costs
    /// several times more, and a large stack's dump has millions of them.
    static func write(_ value: DumpValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .int(let i): out += String(i).utf8
        case .number(let d): out += (d.isFinite ? JSONText.rounded(d) : "null").utf8
        case .string(let s): JSONText.appendQuoted(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]".utf8; return }
            out += "[\n".utf8
            for (i, item) in items.enumerated() {
                out.append(contentsOf: repeatElement(0x20, count: indent + 2))
                write(item, indent: indent + 2, into: &out)
                out += (i + 1 < items.count ? ",\n" : "\n").utf8
            }
            out.append(contentsOf: repeatElement(0x20, count: indent))
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            if fields.isEmpty { out += "{}".utf8; return }
            out += "{\n".utf8
            for (i, (key, item)) in fields.enumerated() {
                out.append(contentsOf: repeatElement(0x20, count: indent + 2))
                JSONText.appendQuoted(key, to: &out)
                out += ": ".utf8
                write(item, indent: indent + 2, into: &out)
                out += (i + 1 < fields.count ? ",\n" : "\n").utf8
            }
            out.append(contentsOf: repeatElement(0x20, count: indent))
            out.append(UInt8(ascii: "}"))
        }
    }
}
