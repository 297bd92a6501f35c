/// The text of one source, kept so diagnostics can quote the offending line.
public struct SourceText: Sendable {
    /// The name the user gave for the source.
    public let name: String
    /// The raw bytes.
    public let bytes: [UInt8]
    /// Byte offset where each line starts (line 1 at index 0).
    private let lineStarts: [Int]

    /// Indexes the lines of `bytes`.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        self.lineStarts = starts
    }

    /// The text of 1-based `line` without its line break, or nil past the end.
    /// Invalid UTF-8 is repaired so a broken file can still be quoted.
    public func line(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        guard start <= end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
