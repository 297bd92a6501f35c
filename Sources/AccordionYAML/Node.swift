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
/// A view into its document's arena (the text is stored once, there): the
/// text is made into a `String` only when asked for, and a number written
/// plain and untagged is parsed again from its text when its value is asked
/// for. `withUTF8` reads the text without making a `String`.
public struct YAMLScalar: Sendable, Hashable {
    let document: YAMLDocument
    let index: UInt32

    @inline(__always) private var record: NodeRecord { document.nodes[Int(index)] }
    @inline(__always) private var bits: UInt8 { record.scalarBits }
    private var extra: ScalarExtra? {
        record.meta & NodeRecord.hasExtra != 0 ? document.extras[index] : nil
    }

    /// The scalar's text after YAML's own unescaping and folding.
    public var text: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the text's UTF-8 bytes (no `String` is made).
    @inline(__always)
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try document.withText(index, body)
    }

    /// The text's length in UTF-8 bytes.
    public var utf8Count: Int { Int(record.count) }

    /// Whether the text is exactly `other` (code point by code point, as
    /// JSON compares strings; Swift's `==` would also equate canonically
    /// equivalent spellings).
    public func textIs(_ other: String) -> Bool {
        var other = other
        return other.withUTF8 { o in withUTF8 { t in t.count == o.count && (t.count == 0 || memcmp(t.baseAddress!, o.baseAddress!, t.count) == 0) } }
    }

    /// How it was written.
    public var style: ScalarStyle { ScalarBits.styles[Int(bits & 7)] }

    /// The explicit tag as written (`!!int`, expanded to `tag:yaml.org,2002:int`), or nil.
    public var tag: String? { extra?.tag }

    /// True for a plain scalar that YAML 1.1 would have read as a boolean
    /// (`yes`, `No`, `ON`, `y`, ...); it is a string in YAML 1.2, and the
    /// validator warns where a spec author probably meant a boolean.
    public var isYAML11Boolean: Bool { bits & ScalarBits.yaml11 != 0 }

    /// True when the scalar resolved to a string (cheaper than matching `value`).
    public var isString: Bool { ScalarBits.kind(of: bits) == ScalarBits.kindString }

    /// True when the scalar resolved to an integer of any size (cheaper than
    /// matching `value`, which reads a plain number's text again).
    public var isInteger: Bool {
        let kind = ScalarBits.kind(of: bits)
        return kind == ScalarBits.kindInt || kind == ScalarBits.kindBig
    }

    /// The resolved value.
    public var value: ScalarValue {
        let r = record
        if r.meta & NodeRecord.hasExtra != 0, let stored = document.extras[index]?.stored { return stored }
        let kind = ScalarBits.kind(of: r.scalarBits)
        switch kind {
        case ScalarBits.kindNull: return .null
        case ScalarBits.kindFalse: return .bool(false)
        case ScalarBits.kindTrue: return .bool(true)
        case ScalarBits.kindString: return .string(text)
        default:
            // The kind says which row matched: try it first (this runs for every numeric check).
            let match = withUTF8 { b in
                (kind == ScalarBits.kindInt ? CoreSchema.integer(b) : kind == ScalarBits.kindFloat ? CoreSchema.decimalFloat(b) : nil)
                    ?? CoreSchema.resolvePlain(b)
            }
            if case .value(let v)? = match { return v }
            return .string(text)
        }
    }

    /// Scalars are equal when everything an author could observe is equal.
    public static func == (a: YAMLScalar, b: YAMLScalar) -> Bool {
        if a.document === b.document, a.index == b.index { return true }
        return a.bits == b.bits && a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
            && a.tag == b.tag && a.value == b.value
    }

    /// Hashes what `==` compares (the value follows from text and kind).
    public func hash(into hasher: inout Hasher) {
        withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(bits)
        hasher.combine(tag)
    }
}

/// What a node is, without its contents: read from the node's record alone.
public enum YAMLShape: Sendable {
    case null, bool, integer, float, string, sequence, mapping
}

/// One node of a loaded YAML document: a handle into its document's arena
/// (which it keeps alive). An alias is the node it names, so two handles
/// can be the same node: compare them with `===`.
public struct YAMLNode: Sendable, Hashable {
    let document: YAMLDocument
    let index: UInt32

    init(document: YAMLDocument, index: UInt32) {
        self.document = document
        self.index = index
    }

    /// The three kinds of YAML node.
    public enum Kind: Sendable {
        /// A leaf.
        case scalar(YAMLScalar)
        /// Items in document order.
        case sequence(YAMLItems)
        /// Entries in document order, merge keys already applied.
        case mapping(YAMLEntries)
    }

    @inline(__always) private var record: NodeRecord { document.nodes[Int(index)] }

    /// What the node holds.
    public var kind: Kind {
        let r = record
        switch r.nodeKind {
        case NodeRecord.scalar: return .scalar(YAMLScalar(document: document, index: index))
        case NodeRecord.sequence: return .sequence(YAMLItems(document: document, first: r.payload, count: r.count))
        default: return .mapping(YAMLEntries(document: document, first: r.payload, count: r.count))
        }
    }

    /// Where the node was written (for an alias's target: where the anchor was).
    /// Worked out on demand from two stored character positions.
    public var span: SourceSpan {
        let origin = document.origin
        if let fixed = origin.fixed { return fixed }
        let r = record
        return origin.span(r.start, r.end)
    }

    /// A single string scalar standing alone, located at `span` (for a
    /// value made up rather than read, such as a key seen as a string).
    public static func string(_ text: String, style: ScalarStyle = .plain, span: SourceSpan) -> YAMLNode {
        let document = YAMLDocument(origin: SourceOrigin(fixed: span))
        var text = text
        let index = text.withUTF8 { b in
            document.appendScalar(b, style: style, tag: nil, value: .null, kind: ScalarBits.kindString,
                                  isYAML11Boolean: false, derivable: true, start: 0, end: 0)
        }
        return document.node(index)
    }

    /// Whether two handles are the same node (an alias and its anchor are).
    public static func === (a: YAMLNode, b: YAMLNode) -> Bool { a.document === b.document && a.index == b.index }

    /// Handles are equal when they are the same node.
    public static func == (a: YAMLNode, b: YAMLNode) -> Bool { a === b }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(document))
        hasher.combine(index)
    }

    /// How many nodes the document this node belongs to holds (aliases
    /// counted once): a measure of its size for choosing how to process it.
    public var documentNodeCount: Int { document.nodes.count }

    /// The same node through a document object of its own (sharing the
    /// memory), for a second thread: handles count references on their
    /// document object, and two threads counting on one object fight over
    /// its cache line. Only for a finished tree (any the loader returns).
    public func forAnotherThread() -> YAMLNode {
        YAMLNode(document: YAMLDocument(sharing: document), index: index)
    }

    /// How many values the tree under this node holds when every alias is
    /// expanded (this node, keys and values included), counted in the arena
    /// without recursion or handles. Bounded by the loader's alias budget.
    public var expandedNodeCount: Int {
        var count = 0
        var pending: [UInt32] = [index]
        let nodes = document.nodes, children = document.children
        while let i = pending.popLast() {
            count += 1
            let r = nodes[Int(i)]
            guard r.nodeKind != NodeRecord.scalar else { continue }
            let n = Int(r.count) * (r.nodeKind == NodeRecord.mapping ? 2 : 1)
            for k in 0..<n { pending.append(children[Int(r.payload) + k]) }
        }
        return count
    }

    /// A scalar's text, nil for a collection (without making a view).
    public var scalarText: String? {
        guard record.nodeKind == NodeRecord.scalar else { return nil }
        return document.withText(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// What the node is (cheaper than matching `kind`, which makes a view).
    public var shape: YAMLShape {
        let r = record
        switch r.nodeKind {
        case NodeRecord.sequence: return .sequence
        case NodeRecord.mapping: return .mapping
        default:
            switch ScalarBits.kind(of: r.scalarBits) {
            case ScalarBits.kindString: return .string
            case ScalarBits.kindInt, ScalarBits.kindBig: return .integer
            case ScalarBits.kindFloat: return .float
            case ScalarBits.kindNull: return .null
            default: return .bool
            }
        }
    }

    /// The scalar, if this is one.
    public var scalar: YAMLScalar? {
        record.nodeKind == NodeRecord.scalar ? YAMLScalar(document: document, index: index) : nil
    }

    /// The items, if this is a sequence.
    public var items: YAMLItems? {
        let r = record
        return r.nodeKind == NodeRecord.sequence ? YAMLItems(document: document, first: r.payload, count: r.count) : nil
    }

    /// The entries, if this is a mapping.
    public var entries: YAMLEntries? {
        let r = record
        return r.nodeKind == NodeRecord.mapping ? YAMLEntries(document: document, first: r.payload, count: r.count) : nil
    }

    /// The value under a string key of a mapping (first match), or nil.
    public subscript(key: String) -> YAMLNode? {
        guard let entries else { return nil }
        return entries.value(forKey: key)
    }
}

/// Where a collection's children are in the arena: the part both views share.
struct ChildRange: Sendable {
    let document: YAMLDocument
    let first: UInt32
    let count: Int

    /// The arena index of child `k` (an item, or a key/value of an entry).
    @inline(__always) func child(_ k: Int) -> UInt32 { document.children[Int(first) + k] }
}

/// The items of a sequence: a view into the arena.
public struct YAMLItems: RandomAccessCollection, Sendable {
    let range: ChildRange
    var document: YAMLDocument { range.document }
    var first: UInt32 { range.first }

    init(document: YAMLDocument, first: UInt32, count: UInt32) {
        range = ChildRange(document: document, first: first, count: Int(count))
    }

    public var count: Int { range.count }
    public var startIndex: Int { 0 }
    public var endIndex: Int { range.count }

    @inline(__always)
    public subscript(position: Int) -> YAMLNode {
        precondition(position >= 0 && position < count, "index out of range")
        return YAMLNode(document: document, index: range.child(position))
    }
}

/// The entries of a mapping, in document order: a view into the arena.
public struct YAMLEntries: RandomAccessCollection, Sendable {
    let range: ChildRange
    var document: YAMLDocument { range.document }
    var first: UInt32 { range.first }

    init(document: YAMLDocument, first: UInt32, count: UInt32) {
        range = ChildRange(document: document, first: first, count: Int(count))
    }

    public var count: Int { range.count }
    public var startIndex: Int { 0 }
    public var endIndex: Int { range.count }

    @inline(__always)
    public subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
        precondition(position >= 0 && position < count, "index out of range")
        let k = Int(first) + 2 * position
        let children = document.children
        return (YAMLNode(document: document, index: children[k]), YAMLNode(document: document, index: children[k + 1]))
    }

    /// The key at `position` (without making the value's handle).
    @inline(__always)
    public func key(at position: Int) -> YAMLNode {
        YAMLNode(document: document, index: document.children[Int(first) + 2 * position])
    }

    /// Calls `body` with the text of the key at `position` when it is a
    /// scalar (nil for a collection key), without making a handle or a `String`.
    @inline(__always)
    public func withKeyText<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        precondition(position >= 0 && position < count, "index out of range")
        let k = document.children[Int(first) + 2 * position]
        guard document.nodes[Int(k)].nodeKind == NodeRecord.scalar else { return try body(nil) }
        return try document.withText(k) { try body($0) }
    }

    /// The value at `position`.
    @inline(__always)
    public func value(at position: Int) -> YAMLNode {
        YAMLNode(document: document, index: document.children[Int(first) + 2 * position + 1])
    }

    /// The value under the first key that is the string `key`, or nil.
    /// Keys are compared code point by code point (bytes), as YAML and JSON do.
    public func value(forKey key: String) -> YAMLNode? {
        var key = key
        return key.withUTF8 { want -> YAMLNode? in
            let document = self.document
            let nodes = document.nodes
            let children = document.children
            for position in 0..<count {
                let k = children[Int(first) + 2 * position]
                let r = nodes[Int(k)]
                guard r.nodeKind == NodeRecord.scalar, ScalarBits.kind(of: r.scalarBits) == ScalarBits.kindString,
                      Int(r.count) == want.count else { continue }
                let same = document.withText(k) { t in want.count == 0 || memcmp(t.baseAddress!, want.baseAddress!, want.count) == 0 }
                if same { return YAMLNode(document: document, index: children[Int(first) + 2 * position + 1]) }
            }
            return nil
        }
    }
}
