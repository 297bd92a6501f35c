import AccordionDiagnostics

/// Spells a dump tree as pretty-printed JSON (2-space indent), the format
/// golden files and other tools read.
public enum JSONRender {
    /// The tree as JSON text, without a trailing newline.
    public static func text(_ value: DumpValue) -> String {
        var out = Output()
        write(value, indent: 0, into: &out)
        return out.finish()
    }

    /// UTF-8 bytes gathered in a small buffer and moved into the text in
    /// chunks: appending small pieces to a String costs several times more,
    /// and one buffer for the whole document would double the peak memory.
    struct Output {
        var bytes: [UInt8] = []
        var text = ""

        init() { bytes.reserveCapacity(Self.chunk + 4096) }

        static let chunk = 1 << 16

        @inline(__always)
        mutating func flushIfFull() {
            if bytes.count >= Self.chunk { flush() }
        }

        mutating func flush() {
            text += String(decoding: bytes, as: UTF8.self)
            bytes.removeAll(keepingCapacity: true)
        }

        mutating func finish() -> String {
            flush()
            return text
        }
    }

    static func write(_ value: DumpValue, indent: Int, into out: inout Output) {
        switch value {
        case .null: out.bytes += "null".utf8
        case .bool(let b): out.bytes += (b ? "true" : "false").utf8
        case .int(let i): out.bytes += String(i).utf8
        case .number(let d): out.bytes += (d.isFinite ? JSONText.rounded(d) : "null").utf8
        case .string(let s): JSONText.appendQuoted(s, to: &out.bytes)
        case .array(let items):
            if items.isEmpty { out.bytes += "[]".utf8; return }
            out.bytes += "[\n".utf8
            for (i, item) in items.enumerated() {
                out.bytes.append(contentsOf: repeatElement(0x20, count: indent + 2))
                write(item, indent: indent + 2, into: &out)
                out.bytes += (i + 1 < items.count ? ",\n" : "\n").utf8
                out.flushIfFull()
            }
            out.bytes.append(contentsOf: repeatElement(0x20, count: indent))
            out.bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            if fields.isEmpty { out.bytes += "{}".utf8; return }
            out.bytes += "{\n".utf8
            for (i, (key, item)) in fields.enumerated() {
                out.bytes.append(contentsOf: repeatElement(0x20, count: indent + 2))
                JSONText.appendQuoted(key, to: &out.bytes)
                out.bytes += ": ".utf8
                write(item, indent: indent + 2, into: &out)
                out.bytes += (i + 1 < fields.count ? ",\n" : "\n").utf8
                out.flushIfFull()
            }
            out.bytes.append(contentsOf: repeatElement(0x20, count: indent))
            out.bytes.append(UInt8(ascii: "}"))
        }
    }
}
