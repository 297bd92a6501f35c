/// How a client counts the `character` of a position: LSP's default is
/// UTF-16 code units; a client that offers `utf-8` gets byte counts, which
/// are the loader's own offsets.
public enum PositionEncoding: String, Sendable {
    /// Bytes of UTF-8.
    case utf8 = "utf-8"
    /// UTF-16 code units (the protocol's default).
    case utf16 = "utf-16"
}

/// A position as the protocol spells it: 0-based line, 0-based character in the session's encoding.
public struct Position: Hashable, Sendable, Comparable {
    /// 0-based line.
    public var line: Int
    /// 0-based offset in the line, in the session's `PositionEncoding`.
    public var character: Int

    /// Creates a position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Positions order by line, then character.
    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// An open document's text as bytes (what the loader reads), with its line
/// starts, so positions convert exactly both ways between the loader's byte
/// offsets and the client's line/character.
public struct TextDocument: Sendable {
    /// The text, UTF-8.
    public private(set) var bytes: [UInt8]
    /// Byte offset of each line's first byte. Lines end at LF, CRLF or a lone CR, as the protocol says.
    public private(set) var lineStarts: [Int]
    /// The client's version of the text.
    public var version: Int

    /// A document with `text` at `version`.
    public init(bytes: [UInt8], version: Int) {
        self.bytes = bytes
        self.version = version
        self.lineStarts = Self.lineStarts(of: bytes)
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        appendLineStarts(of: bytes, from: 0, to: &starts)
        return starts
    }

    /// Appends the start of every line that begins after byte `from`.
    private static func appendLineStarts(of bytes: [UInt8], from: Int, to starts: inout [Int]) {
        var i = from
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == 10 {
                starts.append(i)
            } else if b == 13 {
                if i < bytes.count, bytes[i] == 10 { i += 1 }
                starts.append(i)
            }
        }
    }

    /// The byte offset where line `line`'s content ends (before its line break).
    func lineContentEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > lineStarts[line], bytes[end - 1] == 10 { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// The 0-based line holding byte `offset`.
    func line(ofOffset offset: Int) -> Int {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The position of byte `offset` (clamped to the text).
    ///
    /// - Parameters:
    ///   - offset: A byte offset, as the loader's spans carry.
    ///   - encoding: How the client counts characters.
    /// - Returns: The line and character.
    public func position(ofOffset offset: Int, _ encoding: PositionEncoding) -> Position {
        let offset = max(0, min(offset, bytes.count))
        let line = line(ofOffset: offset)
        let start = lineStarts[line]
        switch encoding {
        case .utf8:
            return Position(line: line, character: offset - start)
        case .utf16:
            var units = 0
            var i = start
            while i < offset {
                let b = bytes[i]
                let length = Self.sequenceLength(b)
                units += length == 4 ? 2 : 1
                i += length
            }
            return Position(line: line, character: units)
        }
    }

    /// The byte offset of `position`. A line past the end is the end of the
    /// text; a character past the line's end is its end (as the protocol
    /// says); a character inside a multi-byte sequence or a surrogate pair
    /// moves back to the sequence's start.
    ///
    /// - Parameters:
    ///   - position: The client's position.
    ///   - encoding: How the client counts characters.
    /// - Returns: A byte offset on a character boundary.
    public func offset(of position: Position, _ encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = lineContentEnd(position.line)
        let wanted = max(0, position.character)
        var i = start
        var units = 0
        while i < end {
            let length = Self.sequenceLength(bytes[i])
            let width = encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            if units + width > wanted { break }
            units += width
            i += length
        }
        return min(i, end)
    }

    /// Bytes in the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// Replaces the bytes from `lower` to `upper` with `text` (one
    /// `contentChanges` entry of an incremental change).
    ///
    /// - Parameters:
    ///   - lower: First byte replaced.
    ///   - upper: Just past the last byte replaced.
    ///   - text: The new text.
    public mutating func replace(from lower: Int, to upper: Int, with text: [UInt8]) {
        let lower = max(0, min(lower, bytes.count))
        let upper = max(lower, min(upper, bytes.count))
        bytes.replaceSubrange(lower..<upper, with: text)
        // Line starts before the edit stay; from the line before the edit's
        // on, they are recounted (an edit next to a CR can join or split a CRLF).
        let firstLine = max(0, line(ofOffset: lower) - 1)
        lineStarts.removeSubrange((firstLine + 1)...)
        Self.appendLineStarts(of: bytes, from: lineStarts[firstLine], to: &lineStarts)
    }

    /// Replaces the whole text (a full-sync change).
    ///
    /// - Parameter text: The new text.
    public mutating func replaceAll(with text: [UInt8]) {
        bytes = text
        lineStarts = Self.lineStarts(of: text)
    }
}
