/// The one JSON writer of the tool: every JSON document `accordion` prints
/// (`resolve`, `validate --format json|sarif`, `render --format json`) is
/// spelled through it, in one layout: two-space indent, one member or
/// element per line, `[]` and `{}` for empty collections, keys in the order given.
///
/// UTF-8 bytes are gathered in a small buffer; full buffers are kept as
/// chunks and copied into the text once at the end (or written out chunk by
/// chunk): appending small pieces to a String costs several times more, and
/// one growing buffer for the whole document would copy it over and over.
public struct JSONOutput {
    /// The chunk being filled; writers append to it directly.
    public var bytes: [UInt8] = []
    @usableFromInline var chunks: [[UInt8]] = []

    @usableFromInline static let chunk = 1 << 16

    /// An empty document.
    public init() { bytes.reserveCapacity(Self.chunk + 4096) }

    @inlinable @inline(__always)
    mutating func flushIfFull() {
        if bytes.count >= Self.chunk { flush() }
    }

    @usableFromInline
    mutating func flush() {
        chunks.append(bytes)
        bytes = []
        bytes.reserveCapacity(Self.chunk + 4096)
    }

    /// The whole document as one String.
    ///
    /// - Returns: The JSON text written so far.
    public mutating func finish() -> String {
        chunks.append(bytes)
        bytes = []
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

    /// Hands the document over chunk by chunk (for writing it out without a
    /// whole copy), in order.
    ///
    /// - Parameter body: Called once per chunk of UTF-8 bytes.
    public mutating func finish(_ body: ([UInt8]) -> Void) {
        chunks.append(bytes)
        bytes = []
        for chunk in chunks { body(chunk) }
        chunks = []
    }

    // MARK: - Pieces

    /// `count` spaces, copied a run at a time from a literal (appending
    /// `repeatElement` goes byte by byte through a generic path, and
    /// indentation is on every line of a dump; a static array costs a
    /// once-check per call from another module).
    ///
    /// - Parameter count: How many spaces.
    @inlinable @inline(__always)
    public mutating func indent(_ count: Int) {
        let spaces: StaticString = "                                                                "
        var left = count
        while left > 0 {
            let n = Swift.min(left, spaces.utf8CodeUnitCount)
            bytes.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: n))
            left -= n
        }
    }

    /// A literal's bytes, copied as one run (its UTF-8 view appended
    /// generically goes byte by byte).
    ///
    /// - Parameter literal: The text to append.
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Text copied as it is (a number already spelled, say).
    ///
    /// - Parameter text: The text to append, unescaped.
    @inlinable
    public mutating func append(raw text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `text` as a JSON string literal (`JSONText.quote`'s spelling).
    ///
    /// - Parameter text: The string to quote.
    @inlinable
    public mutating func string(_ text: String) { JSONText.appendQuoted(text, to: &bytes) }

    /// An integer.
    ///
    /// - Parameter value: The integer to spell.
    @inlinable
    public mutating func int(_ value: Int) { JSONText.appendDigits(Int64(value), to: &bytes) }

    /// `,` unless it was the last item, the line break, and a flush when the buffer is full.
    ///
    /// - Parameter last: Whether the item closes its collection.
    @inlinable @inline(__always)
    public mutating func endItem(last: Bool) {
        if !last { bytes.append(UInt8(ascii: ",")) }
        bytes.append(0x0A)
        flushIfFull()
    }

    // MARK: - Collections

    /// An array of `count` elements at nesting `indent` (in spaces), `element`
    /// spelling the i-th one (its nested collections at `indent + 2`).
    ///
    /// - Parameters:
    ///   - count: How many elements.
    ///   - indent: The array's nesting, in spaces.
    ///   - element: Spells element `i` into the output.
    /// - Throws: Whatever `element` throws.
    @inlinable @inline(__always)
    public mutating func array<Failure: Error>(count: Int, indent: Int,
                                                _ element: (Int, inout JSONOutput) throws(Failure) -> Void) throws(Failure) {
        try collection(open: "[\n", empty: "[]", close: UInt8(ascii: "]"), count: count, indent: indent, element)
    }

    /// An object of `count` members at nesting `indent`; `member` spells the
    /// i-th one: its `key`, then its value (nested collections at `indent + 2`).
    ///
    /// - Parameters:
    ///   - count: How many members.
    ///   - indent: The object's nesting, in spaces.
    ///   - member: Spells member `i` (key, then value) into the output.
    /// - Throws: Whatever `member` throws.
    @inlinable @inline(__always)
    public mutating func object<Failure: Error>(count: Int, indent: Int,
                                                 _ member: (Int, inout JSONOutput) throws(Failure) -> Void) throws(Failure) {
        try collection(open: "{\n", empty: "{}", close: UInt8(ascii: "}"), count: count, indent: indent, member)
    }

    /// The layout both collections share: one item per line, indented, commas between.
    @inlinable @inline(__always)
    mutating func collection<Failure: Error>(open: StaticString, empty: StaticString, close: UInt8, count: Int, indent: Int,
                                             _ item: (Int, inout JSONOutput) throws(Failure) -> Void) throws(Failure) {
        if count == 0 { append(empty); return }
        append(open)
        for i in 0..<count {
            self.indent(indent + 2)
            try item(i, &self)
            endItem(last: i + 1 == count)
        }
        self.indent(indent)
        bytes.append(close)
    }

    /// A member's key and the `: ` before its value.
    ///
    /// - Parameter name: The member's name, quoted as JSON.
    @inlinable @inline(__always)
    public mutating func key(_ name: String) {
        string(name)
        append(": ")
    }
}

/// A small JSON tree for the machine-readable reports (`validate --format
/// json` and `sarif`), spelled by `JSONOutput`: keys in the order given.
public indirect enum JSONValue: Sendable {
    /// An object: members in the order given.
    case object([(String, JSONValue)])
    /// An array.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The value as indented JSON text, without a trailing newline.
    ///
    /// - Returns: The JSON text.
    public func serialized() -> String {
        var out = JSONOutput()
        write(into: &out, indent: 0)
        return out.finish()
    }

    /// Spells the value at nesting `indent`.
    ///
    /// - Parameters:
    ///   - out: The writer to append to.
    ///   - indent: The value's nesting, in spaces.
    public func write(into out: inout JSONOutput, indent: Int) {
        switch self {
        case .object(let fields):
            out.object(count: fields.count, indent: indent) { i, out in
                out.key(fields[i].0)
                fields[i].1.write(into: &out, indent: indent + 2)
            }
        case .array(let items):
            out.array(count: items.count, indent: indent) { i, out in items[i].write(into: &out, indent: indent + 2) }
        case .string(let s): out.string(s)
        case .int(let i): out.int(i)
        case .bool(let b): b ? out.append("true") : out.append("false")
        case .null: out.append("null")
        }
    }
}
