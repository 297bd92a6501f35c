#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of one source, kept so diagnostics can quote the offending line.
public struct SourceText: Sendable {
    /// The name the user gave for the source.
    public let name: String
    /// The raw bytes.
    public let bytes: [UInt8]
    /// Byte offset where each line starts (line 1 at index 0).
    private let lineStarts: [Int]
    /// `ColumnCheckpoints` of the text, when it has a long line.
    private let checkpoints: [UInt32]

    /// Indexes the lines of `bytes`.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        let starts = Self.lineStarts(of: bytes)
        self.lineStarts = starts
        self.checkpoints = ColumnCheckpoints.make(bytes, lineStarts: starts)
    }

    /// The text of `bytes` through line `lastLine` only (all of it when
    /// it has no more lines): a report that quotes a few lines near the top
    /// of a 10 MB spec need not index its 400,000 lines. Later lines are
    /// not in the text.
    ///
    /// - Parameters:
    ///   - name: The name the user gave for the source.
    ///   - bytes: The raw bytes.
    ///   - lastLine: The last 1-based line kept.
    public init(name: String, bytes: [UInt8], throughLine lastLine: Int) {
        let starts = Self.lineStarts(of: bytes, upTo: max(lastLine, 0) + 1)
        self.init(name: name, bytes: starts.count > lastLine ? Array(bytes[..<starts[lastLine]]) : bytes)
    }

    /// Byte offset where each line of `bytes` starts, for at most `limit`
    /// lines. A report quoting a few lines of a 10 MB spec indexes the
    /// whole file once, so the line breaks are found with `memchr` rather
    /// than byte by byte.
    static func lineStarts(of bytes: [UInt8], upTo limit: Int = .max) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while starts.count < limit, offset < buffer.count, let hit = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
                starts.append(offset)
            }
        }
        return starts
    }

    /// The text of 1-based `line` without its line break, or nil past the end.
    /// Invalid UTF-8 is repaired so a broken file can still be quoted.
    ///
    /// - Parameter line: A 1-based line number.
    /// - Returns: The line's text, or nil.
    public func line(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        guard start <= end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The bytes of 1-based `line`, without its line break, when it is at
    /// most `limit` bytes of printable ASCII (each byte one character and
    /// one terminal column, so a quote needs no counting); nil otherwise.
    func printableASCIILine(_ line: Int, limit: Int) -> ArraySlice<UInt8>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        guard start <= end, end - start <= limit else { return nil }
        let text = bytes[start..<end]
        return text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? text : nil
    }

    /// At most `limit` characters of 1-based `line`, from 0-based character
    /// `from` on, and the line's length in characters (Unicode scalars, as
    /// columns count them), without copying the whole line: a minified file
    /// is one long line, and quoting it whole for each of its problems made
    /// the report quadratic in the file's size.
    ///
    /// - Parameters:
    ///   - line: A 1-based line number.
    ///   - from: The first character to include, 0-based.
    ///   - limit: The most characters to include.
    /// - Returns: The excerpt and the whole line's length, or nil past the end.
    public func excerpt(_ line: Int, from: Int, limit: Int) -> (text: String, length: Int)? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        guard start < end else { return ("", 0) }
        if !checkpoints.isEmpty {
            let before = ColumnCheckpoints.characters(before: start, bytes, checkpoints)
            let length = ColumnCheckpoints.characters(before: end, bytes, checkpoints) - before
            guard from < length, limit > 0 else { return ("", length) }
            let low = ColumnCheckpoints.offset(ofCharacter: before + from, bytes, checkpoints)
            let high = min(end, ColumnCheckpoints.offset(ofCharacter: before + min(length, from + limit), bytes, checkpoints))
            return (String(decoding: bytes[low..<high], as: UTF8.self), length)
        }
        var length = 0
        var low = end
        var high = end
        for i in start..<end where bytes[i] & 0xC0 != 0x80 {
            if length == from { low = i }
            if length == from + limit { high = i }
            length += 1
        }
        return (low < high ? String(decoding: bytes[low..<high], as: UTF8.self) : "", length)
    }
}
