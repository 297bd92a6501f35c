import AccordionDiagnostics
import AccordionParallel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The source a loaded document came from, shared by all its nodes, so a
/// node stores only two positions (character indices, as libyaml counts
/// them) and line, column and byte offset are found on demand: the column
/// in constant time, the byte offset within one checkpoint stride.
final class SourceOrigin: Sendable {
    let source: String
    /// The UTF-8 text.
    let bytes: [UInt8]
    /// Bytes before the first character (a UTF-8 byte-order mark).
    let bomLength: Int
    /// Character index where each line starts (line 1 first). Found on first
    /// use for a large ASCII text: only a reported position needs it, and
    /// finding every line break of a valid multi-megabyte spec before parsing
    /// would delay the parse for nothing.
    var lineStarts: [UInt32] { madeLineStarts ?? lineIndex!.value }
    /// The line index of a text small enough to index at once (or of a
    /// non-ASCII text, indexed in the pass that finds its characters).
    private let madeLineStarts: [UInt32]?
    /// The line index of a larger ASCII text, made on first use.
    private let lineIndex: LazyValue<[UInt32]>?
    /// Up to this size an ASCII text is indexed at once: a few `memchr`
    /// calls cost less than the lock that every later lookup of a lazy
    /// index takes (a test file asks for a hundred positions).
    static let eagerLineIndexBytes = 64 << 10
    /// Whether character index and byte offset coincide (ASCII, no BOM).
    let isASCII: Bool
    /// Byte offset of every `checkpointStride`-th character (when not ASCII).
    let checkpoints: [UInt32]
    /// Number of characters in the text.
    let characterCount: Int
    static let checkpointStride = 4096
    /// For nodes made by hand with an explicit span.
    let fixed: SourceSpan?

    /// Indexes `bytes` in one pass: line starts, checkpoints, ASCII-ness.
    init(source: String, bytes: [UInt8]) {
        self.source = source
        self.bytes = bytes
        var bom = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { bom = 3 }
        self.bomLength = bom
        var starts: [UInt32] = [0]
        var checkpoints: [UInt32] = []
        var any: UInt8 = 0
        var total = 0
        // Plain ASCII (most specs): characters are bytes.
        let ascii = bom == 0 && bytes.withUnsafeBufferPointer { b -> Bool in
            var i = 0
            var acc: UInt64 = 0
            if let base = b.baseAddress {
                let raw = UnsafeRawPointer(base)
                while i + 8 <= b.count {
                    acc |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    i += 8
                }
            }
            while i < b.count { acc |= UInt64(b[i]); i += 1 }
            return acc & 0x8080_8080_8080_8080 == 0
        }
        if ascii {
            total = bytes.count
        } else {
            bytes.withUnsafeBufferPointer { b in
                let mask = Self.checkpointStride - 1
                for i in bom..<b.count {
                    let c = b[i]
                    any |= c
                    if c & 0xC0 != 0x80 {
                        if total & mask == 0 { checkpoints.append(UInt32(truncatingIfNeeded: i)) }
                        total += 1
                        if c == 0x0A { starts.append(UInt32(truncatingIfNeeded: total)) }
                    }
                }
            }
        }
        if ascii, bytes.count > Self.eagerLineIndexBytes {
            madeLineStarts = nil
            lineIndex = LazyValue { [bytes] in Self.asciiLineStarts(bytes) }
        } else {
            madeLineStarts = ascii ? Self.asciiLineStarts(bytes) : starts
            lineIndex = nil
        }
        self.isASCII = any < 0x80 && bom == 0
        self.checkpoints = self.isASCII ? [] : checkpoints
        self.characterCount = total
        self.fixed = nil
    }

    init(fixed: SourceSpan) {
        self.source = fixed.source
        self.bytes = []
        self.bomLength = 0
        self.madeLineStarts = [0]
        self.lineIndex = nil
        self.isASCII = true
        self.checkpoints = []
        self.characterCount = 0
        self.fixed = fixed
    }

    /// Where each line of an ASCII text starts: characters are bytes, so only
    /// line breaks need finding, with memchr rather than byte by byte.
    private static func asciiLineStarts(_ bytes: [UInt8]) -> [UInt32] {
        var starts: [UInt32] = [0]
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            var p = UnsafeRawPointer(base)
            let end = p + b.count
            while p < end, let hit = memchr(p, 0x0A, end - p) {
                let next = UnsafeRawPointer(hit) + 1
                starts.append(UInt32(truncatingIfNeeded: next - UnsafeRawPointer(base)))
                p = next
            }
        }
        return starts
    }

    /// The byte offset of character index `char`.
    func byteOffset(ofCharacter char: UInt32) -> Int {
        if isASCII { return Int(char) }
        let c = min(Int(char), characterCount)
        guard !checkpoints.isEmpty else { return bomLength }
        let k = min(c / Self.checkpointStride, checkpoints.count - 1)
        var byte = Int(checkpoints[k])
        var remaining = c - k * Self.checkpointStride
        bytes.withUnsafeBufferPointer { b in
            while remaining > 0, byte < b.count {
                byte += 1
                while byte < b.count, b[byte] & 0xC0 == 0x80 { byte += 1 }
                remaining -= 1
            }
        }
        return byte
    }

    /// The character index at byte offset `byte` (for reader errors, which libyaml reports in bytes).
    func characterIndex(ofByte byte: Int) -> UInt32 {
        if isASCII { return UInt32(clamping: byte) }
        var lo = 0, hi = checkpoints.count - 1
        if hi < 0 || byte < Int(checkpoints[0]) { return 0 }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(checkpoints[mid]) <= byte { lo = mid } else { hi = mid - 1 }
        }
        // Characters starting in [checkpoint, byte) follow the checkpoint's index.
        var char = lo * Self.checkpointStride
        bytes.withUnsafeBufferPointer { b in
            for i in Int(checkpoints[lo])..<min(byte, b.count) where b[i] & 0xC0 != 0x80 { char += 1 }
        }
        return UInt32(clamping: char)
    }

    /// Line, column and byte offset of character index `char`.
    func mark(at char: UInt32) -> SourceMark {
        let starts = lineStarts
        let line = Self.line(at: char, starts: starts)
        return SourceMark(line: line, column: Int(char - starts[line - 1]) + 1, offset: byteOffset(ofCharacter: char))
    }

    /// The 1-based line of character `char` alone: no byte offset, which in
    /// a non-ASCII text costs a walk from the nearest checkpoint.
    func line(at char: UInt32) -> Int {
        Self.line(at: char, starts: lineStarts)
    }

    /// `line(at:)` of each character index, the line index read once (a
    /// long script asks for every step's line).
    func lines(at chars: [UInt32]) -> [Int] {
        let starts = lineStarts
        return chars.map { Self.line(at: $0, starts: starts) }
    }

    /// The 1-based line of character `char` among lines starting at `starts`.
    private static func line(at char: UInt32, starts: [UInt32]) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= char { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    func span(_ start: UInt32, _ end: UInt32) -> SourceSpan {
        SourceSpan(source: source, start: mark(at: start), end: mark(at: end))
    }
}

