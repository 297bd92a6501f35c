import AccordionDiagnostics
import AccordionModel

/// Spells a dump tree as pretty-printed JSON (2-space indent), the format
/// golden files and other tools read.
public enum JSONRender {
    /// The tree as JSON text, without a trailing newline.
    public static func text(_ value: DumpValue) -> String {
        var out = Output()
        write(value, indent: 0, into: &out)
        return out.finish()
    }

    /// A snapshot's dump as JSON text (the same text as `text(DumpTree.snapshot(s))`,
    /// without holding the whole tree), without a trailing newline.
    public static func text(_ s: Snapshot) -> String {
        var out = Output()
        writeSnapshot(s, indent: 0, into: &out)
        return out.finish()
    }

    /// UTF-8 bytes gathered in a small buffer, full buffers kept as chunks and
    /// copied into the text once at the end: appending small pieces to a
    /// String costs several times more, and a growing String (or one buffer
    /// for the whole document) copied a 50 MB dump over and over.
    struct Output {
        var bytes: [UInt8] = []
        private var chunks: [[UInt8]] = []

        init() { bytes.reserveCapacity(Self.chunk + 4096) }

        static let chunk = 1 << 16

        @inline(__always)
        mutating func flushIfFull() {
            if bytes.count >= Self.chunk { flush() }
        }

        mutating func flush() {
            chunks.append(bytes)
            bytes = []
            bytes.reserveCapacity(Self.chunk + 4096)
        }

        mutating func finish() -> String {
            chunks.append(bytes)
            let total = chunks.reduce(0) { $0 + $1.count }
            return String(unsafeUninitializedCapacity: total) { text in
                var at = 0
                for chunk in chunks {
                    chunk.withUnsafeBufferPointer { piece in
                        _ = UnsafeMutableBufferPointer(rebasing: text[at...]).initialize(from: piece)
                    }
                    at += chunk.count
                }
                return total
            }
        }
    }

    static func write(_ value: DumpValue, indent: Int, into out: inout Output) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): JSONText.appendDigits(Int64(i), to: &out.bytes)
        case .number(let d):
            if d.isFinite { JSONText.appendRounded(d, to: &out.bytes) } else { out.append("null") }
        case .string(let s): JSONText.appendQuoted(s, to: &out.bytes)
        case .array(let items):
            writeArray(count: items.count, indent: indent, into: &out) { items[$0] }
        case .object(let fields):
            writeObject(count: fields.count, indent: indent, into: &out) { i, out in
                JSONText.appendQuoted(fields[i].0, to: &out.bytes)
                out.append(": ")
                write(fields[i].1, indent: indent + 2, into: &out)
            }
        }
    }

    /// A snapshot's dump, its panels and events made and spelled one at a time.
    static func writeSnapshot(_ s: Snapshot, indent: Int, into out: inout Output) {
        let fields = DumpTree.snapshotFields(s)
        writeObject(count: fields.count, indent: indent, into: &out) { i, out in
            JSONText.appendQuoted(fields[i].0, to: &out.bytes)
            out.append(": ")
            switch fields[i].1 {
            case .value(let v): write(v, indent: indent + 2, into: &out)
            case .items(let count, let element):
                writeArray(count: count, indent: indent + 2, into: &out) { element($0) }
            }
        }
    }

    private static func writeArray(count: Int, indent: Int, into out: inout Output, _ item: (Int) -> DumpValue) {
        if count == 0 { out.append("[]"); return }
        out.append("[\n")
        for i in 0..<count {
            out.indent(indent + 2)
            write(item(i), indent: indent + 2, into: &out)
            out.endItem(last: i + 1 == count)
        }
        out.indent(indent)
        out.bytes.append(UInt8(ascii: "]"))
    }

    /// An object of `count` fields, `field` spelling each one's key and value.
    private static func writeObject(count: Int, indent: Int, into out: inout Output,
                                    _ field: (Int, inout Output) -> Void) {
        if count == 0 { out.append("{}"); return }
        out.append("{\n")
        for i in 0..<count {
            out.indent(indent + 2)
            field(i, &out)
            out.endItem(last: i + 1 == count)
        }
        out.indent(indent)
        out.bytes.append(UInt8(ascii: "}"))
    }
}

extension JSONRender.Output {
    /// Spaces copied a run at a time (appending `repeatElement` went byte by
    /// byte through a generic path: a sixth of writing a large dump).
    private static let spaces = [UInt8](repeating: 0x20, count: 256)

    @inline(__always)
    mutating func indent(_ count: Int) {
        var left = count
        while left > 0 {
            let n = Swift.min(left, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<n])) }
            left -= n
        }
    }

    /// A literal's bytes (its UTF-8 view appended generically cost as much as the values).
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// `,` unless it was the last item, the line break, and a flush when the buffer is full.
    @inline(__always)
    mutating func endItem(last: Bool) {
        if !last { bytes.append(UInt8(ascii: ",")) }
        bytes.append(0x0A)
        flushIfFull()
    }
}
