import AccordionDiagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a scalar was written; only plain scalars are resolved to non-strings.
public enum ScalarStyle: String, Sendable, Hashable {
    /// Unquoted: the only style the core schema resolves to non-strings.
    case plain
    /// `'text'`.
    case singleQuoted
    /// `"text"`, with backslash escapes.
    case doubleQuoted
    /// `|` block: line breaks kept.
    case literal
    /// `>` block: line breaks folded into spaces.
    case folded
}

/// What a scalar means after YAML 1.2 core-schema resolution (or its explicit tag).
public enum ScalarValue: Sendable, Hashable {
    /// `null`, `Null`, `NULL`, `~` or nothing at all.
    case null
    /// `true`/`false` in their three spellings each.
    case bool(Bool)
    /// An integer that fits in 64 bits.
    case int(Int64)
    /// An integer outside 64-bit range, kept exactly as decimal digits
    /// with an optional leading `-` (hex and octal are converted to decimal).
    case bigInt(String)
    /// A decimal or exponent number, or `.inf`/`-.inf`/`.nan`.
    case float(Double)
    /// Everything else, and every quoted or block scalar.
    case string(String)
}

/// A scalar node: the text as written plus what it resolved to.
///
/// Stored in 24 bytes (a large spec has millions of scalars): the text and
/// one reference to a description that is shared by every scalar of the same
/// style and type. A number written plain and untagged is parsed again from
/// its text when asked for; the rare parts (an explicit tag, big-integer
/// digits, a value given by hand) live in a description of their own.
public struct YAMLScalar: Sendable, Hashable {
    /// The scalar's text after YAML's own unescaping and folding.
    public let text: String
    private let info: Info

    /// Style, type and the rare parts of a scalar.
    final class Info: Sendable {
        /// Bits 0–2 style, 3–5 value kind, 6 the YAML 1.1 boolean flag.
        let packed: UInt8
        let tag: String?
        /// The value, when it is not re-derived from the text.
        let stored: ScalarValue?

        init(packed: UInt8, tag: String?, stored: ScalarValue?) {
            self.packed = packed
            self.tag = tag
            self.stored = stored
        }

        /// One shared description per style, kind and flag combination.
        static let shared: [Info] = (0..<128).map { Info(packed: UInt8($0), tag: nil, stored: nil) }
    }

    private static let styles: [ScalarStyle] = [.plain, .singleQuoted, .doubleQuoted, .literal, .folded]

    // Value kinds in `packed`.
    private static let kindNull: UInt8 = 0, kindFalse: UInt8 = 1, kindTrue: UInt8 = 2, kindInt: UInt8 = 3,
        kindBig: UInt8 = 4, kindFloat: UInt8 = 5, kindString: UInt8 = 6

    private static func styleBits(_ style: ScalarStyle) -> UInt8 {
        switch style {
        case .plain: 0
        case .singleQuoted: 1
        case .doubleQuoted: 2
        case .literal: 3
        case .folded: 4
        }
    }

    private static func kindBits(_ value: ScalarValue) -> UInt8 {
        switch value {
        case .null: kindNull
        case .bool(let b): b ? kindTrue : kindFalse
        case .int: kindInt
        case .bigInt: kindBig
        case .float: kindFloat
        case .string: kindString
        }
    }

    /// Creates a scalar.
    public init(text: String, style: ScalarStyle, tag: String?, value: ScalarValue, isYAML11Boolean: Bool) {
        let packed = Self.styleBits(style) | Self.kindBits(value) << 3 | (isYAML11Boolean ? 64 : 0)
        var needsStored: Bool
        switch value {
        case .null, .bool: needsStored = false
        case .string(let s): needsStored = s != text
        default: needsStored = true
        }
        self.text = text
        self.info = tag == nil && !needsStored
            ? Info.shared[Int(packed)] : Info(packed: packed, tag: tag, stored: needsStored ? value : nil)
    }

    /// The loader's constructor: an untagged plain number is not stored,
    /// since the core schema gives it again from the text.
    init(loaded text: String, style: ScalarStyle, tag: String?, value: ScalarValue, isYAML11Boolean: Bool) {
        let packed = Self.styleBits(style) | Self.kindBits(value) << 3 | (isYAML11Boolean ? 64 : 0)
        let derivable: Bool
        switch value {
        case .null, .bool, .string: derivable = true
        case .int, .float: derivable = tag == nil && style == .plain
        case .bigInt: derivable = false
        }
        self.text = text
        self.info = tag == nil && derivable
            ? Info.shared[Int(packed)] : Info(packed: packed, tag: tag, stored: derivable ? nil : value)
    }

    /// How it was written.
    public var style: ScalarStyle { Self.styles[Int(info.packed & 7)] }

    /// The explicit tag as written (`!!int`, expanded to `tag:yaml.org,2002:int`), or nil.
    public var tag: String? { info.tag }

    /// True for a plain scalar that YAML 1.1 would have read as a boolean
    /// (`yes`, `No`, `ON`, `y`, ...); it is a string in YAML 1.2, and the
    /// validator warns where a spec author probably meant a boolean.
    public var isYAML11Boolean: Bool { info.packed & 64 != 0 }

    /// True when the scalar resolved to a string (cheaper than matching `value`).
    public var isString: Bool { (info.packed >> 3) & 7 == Self.kindString }

    /// True when the scalar resolved to an integer of any size (cheaper than
    /// matching `value`, which reads a plain number's text again).
    public var isInteger: Bool {
        let kind = (info.packed >> 3) & 7
        return kind == Self.kindInt || kind == Self.kindBig
    }

    /// The resolved value.
    public var value: ScalarValue {
        let info = self.info
        if let stored = info.stored { return stored }
        switch (info.packed >> 3) & 7 {
        case Self.kindNull: return .null
        case Self.kindFalse: return .bool(false)
        case Self.kindTrue: return .bool(true)
        case Self.kindString: return .string(text)
        default:
            var t = text
            // The kind says which row matched: try it first (this runs for every numeric check).
            let kind = (info.packed >> 3) & 7
            let match = t.withUTF8 { b in
                (kind == Self.kindInt ? CoreSchema.integer(b) : kind == Self.kindFloat ? CoreSchema.decimalFloat(b) : nil)
                    ?? CoreSchema.resolvePlain(b)
            }
            if case .value(let v)? = match { return v }
            return .string(text)
        }
    }

    /// Scalars are equal when everything an author could observe is equal.
    public static func == (a: YAMLScalar, b: YAMLScalar) -> Bool {
        a.text == b.text && a.info.packed == b.info.packed && a.tag == b.tag && a.value == b.value
    }

    /// Hashes what `==` compares (the value follows from text and kind).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(info.packed)
        hasher.combine(tag)
    }
}

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
    /// Character index where each line starts (line 1 first).
    let lineStarts: [UInt32]
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
        // Plain ASCII (most specs): characters are bytes, so only line
        // breaks need finding, with memchr rather than byte by byte.
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
        self.lineStarts = starts
        self.isASCII = any < 0x80 && bom == 0
        self.checkpoints = self.isASCII ? [] : checkpoints
        self.characterCount = total
        self.fixed = nil
    }

    init(fixed: SourceSpan) {
        self.source = fixed.source
        self.bytes = []
        self.bomLength = 0
        self.lineStarts = [0]
        self.isASCII = true
        self.checkpoints = []
        self.characterCount = 0
        self.fixed = fixed
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
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= char { lo = mid } else { hi = mid - 1 }
        }
        return SourceMark(line: lo + 1, column: Int(char - lineStarts[lo]) + 1, offset: byteOffset(ofCharacter: char))
    }

    func span(_ start: UInt32, _ end: UInt32) -> SourceSpan {
        SourceSpan(source: source, start: mark(at: start), end: mark(at: end))
    }
}

/// One node of a loaded YAML document. Immutable; an alias shares the node
/// it names (so alias-heavy files stay small in memory).
public final class YAMLNode: Sendable {
    /// The three kinds of YAML node.
    public enum Kind: Sendable {
        /// A leaf.
        case scalar(YAMLScalar)
        /// Items in document order.
        case sequence([YAMLNode])
        /// Entries in document order, merge keys already applied.
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    // Field order keeps an instance at 56 bytes (a 64-byte heap block).
    private let origin: SourceOrigin
    /// What the node holds.
    public let kind: Kind
    private let startOffset: UInt32
    private let endOffset: UInt32

    /// Where the node was written (for an alias's target: where the anchor was).
    /// Worked out on demand from two stored character positions.
    public var span: SourceSpan {
        if let fixed = origin.fixed { return fixed }
        return origin.span(startOffset, endOffset)
    }

    /// Creates a node.
    public init(kind: Kind, span: SourceSpan) {
        self.kind = kind
        self.origin = SourceOrigin(fixed: span)
        self.startOffset = UInt32(clamping: span.start.offset)
        self.endOffset = UInt32(clamping: span.end.offset)
    }

    init(kind: Kind, origin: SourceOrigin, start: UInt32, end: UInt32) {
        self.kind = kind
        self.origin = origin
        self.startOffset = start
        self.endOffset = end
    }

    /// The scalar, if this is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let s) = kind { return s }
        return nil
    }

    /// The items, if this is a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let s) = kind { return s }
        return nil
    }

    /// The entries, if this is a mapping.
    public var entries: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let m) = kind { return m }
        return nil
    }

    /// The value under a string key of a mapping (first match), or nil.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let m) = kind else { return nil }
        for entry in m {
            if case .scalar(let s) = entry.key.kind, s.isString, case .string(let k) = s.value, k == key {
                return entry.value
            }
        }
        return nil
    }
}
