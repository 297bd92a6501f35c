import AccordionDiagnostics

/// How a scalar was written; only plain scalars are resolved to non-strings.
public enum ScalarStyle: String, Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// What a scalar means after YAML 1.2 core-schema resolution (or its explicit tag).
public enum ScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integer that fits in 64 bits.
    case int(Int64)
    /// An integer outside 64-bit range, kept exactly as decimal digits
    /// with an optional leading `-` (hex and octal are converted to decimal).
    case bigInt(String)
    case float(Double)
    case string(String)
}

/// A scalar node: the text as written plus what it resolved to.
///
/// Stored compactly (a large spec has millions of scalars): the resolved
/// number lives in 64 raw bits, style and kind in one byte, and the rare
/// parts (an explicit tag, big-integer digits) behind one optional reference.
public struct YAMLScalar: Sendable, Hashable {
    /// The scalar's text after YAML's own unescaping and folding.
    public let text: String
    private let bits: UInt64
    private let rare: Rare?
    /// Bits 0–2 style, 3–5 value kind, 6 the YAML 1.1 boolean flag.
    private let packed: UInt8

    /// Parts few scalars have, kept out of line so the common scalar stays small.
    private final class Rare: Sendable {
        let tag: String?
        /// Big-integer digits, or a string value that differs from the text.
        let valueText: String?
        init(tag: String?, valueText: String?) {
            self.tag = tag
            self.valueText = valueText
        }
    }

    private static let styles: [ScalarStyle] = [.plain, .singleQuoted, .doubleQuoted, .literal, .folded]

    /// Creates a scalar.
    public init(text: String, style: ScalarStyle, tag: String?, value: ScalarValue, isYAML11Boolean: Bool) {
        let styleBits: UInt8
        switch style {
        case .plain: styleBits = 0
        case .singleQuoted: styleBits = 1
        case .doubleQuoted: styleBits = 2
        case .literal: styleBits = 3
        case .folded: styleBits = 4
        }
        var valueText: String? = nil
        let kind: UInt8
        var bits: UInt64 = 0
        switch value {
        case .null: kind = 0
        case .bool(let b): kind = 1; bits = b ? 1 : 0
        case .int(let i): kind = 2; bits = UInt64(bitPattern: i)
        case .bigInt(let digits): kind = 3; valueText = digits
        case .float(let d): kind = 4; bits = d.bitPattern
        case .string(let s): kind = 5; if s != text { valueText = s }
        }
        self.text = text
        self.bits = bits
        self.packed = styleBits | kind << 3 | (isYAML11Boolean ? 64 : 0)
        self.rare = tag == nil && valueText == nil ? nil : Rare(tag: tag, valueText: valueText)
    }

    /// How it was written.
    public var style: ScalarStyle { Self.styles[Int(packed & 7)] }

    /// The explicit tag as written (`!!int`, expanded to `tag:yaml.org,2002:int`), or nil.
    public var tag: String? { rare?.tag }

    /// True for a plain scalar that YAML 1.1 would have read as a boolean
    /// (`yes`, `No`, `ON`, `y`, ...); it is a string in YAML 1.2, and the
    /// validator warns where a spec author probably meant a boolean.
    public var isYAML11Boolean: Bool { packed & 64 != 0 }

    /// The resolved value.
    public var value: ScalarValue {
        switch (packed >> 3) & 7 {
        case 0: return .null
        case 1: return .bool(bits != 0)
        case 2: return .int(Int64(bitPattern: bits))
        case 3: return .bigInt(rare?.valueText ?? text)
        case 4: return .float(Double(bitPattern: bits))
        default: return .string(rare?.valueText ?? text)
        }
    }

    /// True when the scalar resolved to a string (cheaper than matching `value`).
    public var isString: Bool { (packed >> 3) & 7 == 5 }

    /// Scalars are equal when everything an author could observe is equal.
    public static func == (a: YAMLScalar, b: YAMLScalar) -> Bool {
        a.text == b.text && a.packed == b.packed && a.bits == b.bits && a.tag == b.tag && a.value == b.value
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(packed)
        hasher.combine(bits)
        hasher.combine(tag)
    }
}

/// The source a loaded document came from, shared by all its nodes, so a
/// node stores only two byte offsets and finds line and column on demand.
final class SourceOrigin: Sendable {
    let source: String
    /// The UTF-8 text the offsets index.
    let bytes: [UInt8]
    /// Byte offset where each line starts (line 1 first; after a BOM).
    let lineStarts: [UInt32]
    /// For nodes made by hand with an explicit span.
    let fixed: SourceSpan?

    init(source: String, bytes: [UInt8], lineStarts: [UInt32]) {
        self.source = source
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.fixed = nil
    }

    init(fixed: SourceSpan) {
        self.source = fixed.source
        self.bytes = []
        self.lineStarts = [0]
        self.fixed = fixed
    }

    /// The 1-based line and scalar-counted column of a byte offset.
    func mark(at offset: UInt32) -> SourceMark {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let start = Int(lineStarts[lo])
        let end = min(Int(offset), bytes.count)
        var column = 1
        if start < end {
            bytes.withUnsafeBufferPointer { b in
                for i in start..<end where b[i] & 0xC0 != 0x80 { column += 1 }
            }
        }
        return SourceMark(line: lo + 1, column: column, offset: Int(offset))
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
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Entries in document order, merge keys already applied.
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    /// What the node holds.
    public let kind: Kind
    private let origin: SourceOrigin
    private let startOffset: UInt32
    private let endOffset: UInt32

    /// Where the node was written (for an alias's target: where the anchor was).
    /// Line and column are worked out on demand from two stored byte offsets.
    public var span: SourceSpan {
        if let fixed = origin.fixed { return fixed }
        return origin.span(startOffset, endOffset)
    }

    /// Byte offset where the node starts, without working out line and column.
    public var startByteOffset: Int { origin.fixed?.start.offset ?? Int(startOffset) }

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
