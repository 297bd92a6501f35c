import AccordionDiagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Unsafe here: handles that reach their document through an `Unmanaged`
// reference (read with `_withUnsafeGuaranteedRef`), `@unchecked Sendable`.
// What it buys: the long walks over a tree (the schema validator, the
// accordion rules, the schema hints) make and drop some ten million handles
// on a large spec, and a `YAMLNode` counts a reference on its document for
// each, an atomic operation: with owning handles, reference counting was
// the largest single cost of the checking passes (BENCHMARKS.md, "Borrowed
// handles").
// What keeps it sound: a handle is valid only while its document is alive,
// so the handles are `package`, never part of the public API (apps see
// `YAMLNode` and its views, which keep the document alive). Inside the
// package a walk takes its root with `YAMLNode.withBorrowed`, which keeps
// the document alive for the whole call, or from a `YAMLNode` it holds
// for the walk's whole life (`SemanticChecker.owner`, a compiled schema
// unit's `node`); a handle that must outlive that becomes a `YAMLNode`
// (`node`). The document is immutable once built (see YAMLDocument.swift),
// so handles may be read from any thread. All the logic of reading nodes
// lives here; the owning types forward to it.

/// A node, without keeping its document alive (see above).
package struct YAMLNodeRef: Hashable, @unchecked Sendable {
    let document: Unmanaged<YAMLDocument>
    let index: UInt32

    @inline(__always)
    init(_ document: Unmanaged<YAMLDocument>, _ index: UInt32) {
        self.document = document
        self.index = index
    }

    /// Reads the document without retaining it (the caller keeps it alive).
    @inline(__always)
    func read<R>(_ body: (YAMLDocument) throws -> R) rethrows -> R {
        try document._withUnsafeGuaranteedRef { try body($0) }
    }

    @inline(__always) var record: NodeRecord { read { $0.nodes[Int(index)] } }

    /// A handle that keeps the document alive, to store or return.
    package var node: YAMLNode { YAMLNode(document: document.takeUnretainedValue(), index: index) }

    /// The three kinds of YAML node, as borrowed views.
    package enum Kind {
        case scalar(YAMLScalarRef)
        case sequence(YAMLItemsRef)
        case mapping(YAMLEntriesRef)
    }

    /// What the node holds.
    @inline(__always)
    package var kind: Kind {
        let r = record
        switch r.nodeKind {
        case NodeRecord.scalar: return .scalar(YAMLScalarRef(self))
        case NodeRecord.sequence: return .sequence(YAMLItemsRef(ChildRange(document, r.payload, r.count)))
        default: return .mapping(YAMLEntriesRef(ChildRange(document, r.payload, r.count)))
        }
    }

    /// What the node is (cheaper than matching `kind`).
    @inline(__always)
    package var shape: YAMLShape {
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

    /// Where the node was written (for an alias's target: where the anchor was).
    /// Worked out on demand from two stored character positions.
    package var span: SourceSpan {
        read { document in
            let origin = document.origin
            if let fixed = origin.fixed { return fixed }
            let r = document.nodes[Int(index)]
            return origin.span(r.start, r.end)
        }
    }

    /// The line the node starts on (1-based): `span.start.line` without
    /// working out the column and byte offset.
    public var line: Int {
        read { document in
            let origin = document.origin
            if let fixed = origin.fixed { return fixed.start.line }
            return origin.line(at: document.nodes[Int(index)].start)
        }
    }

    /// The `line` of each of `nodes`, all of one document: its line index
    /// is read once, not once per node (a long script's steps).
    package static func lines(of nodes: [YAMLNodeRef]) -> [Int] {
        guard let first = nodes.first else { return [] }
        return first.read { document in
            let origin = document.origin
            if let fixed = origin.fixed { return nodes.map { _ in fixed.start.line } }
            return origin.lines(at: nodes.map {
                precondition($0.document.toOpaque() == first.document.toOpaque(), "a node of another document")
                return document.nodes[Int($0.index)].start
            })
        }
    }

    /// The scalar, if this is one.
    @inline(__always)
    package var scalar: YAMLScalarRef? {
        record.nodeKind == NodeRecord.scalar ? YAMLScalarRef(self) : nil
    }

    /// The items, if this is a sequence.
    @inline(__always)
    package var items: YAMLItemsRef? {
        let r = record
        return r.nodeKind == NodeRecord.sequence ? YAMLItemsRef(ChildRange(document, r.payload, r.count)) : nil
    }

    /// The entries, if this is a mapping.
    @inline(__always)
    package var entries: YAMLEntriesRef? {
        let r = record
        return r.nodeKind == NodeRecord.mapping ? YAMLEntriesRef(ChildRange(document, r.payload, r.count)) : nil
    }

    /// The value under a string key of a mapping (first match), or nil.
    package subscript(key: String) -> YAMLNodeRef? {
        entries?.value(forKey: key)
    }

    /// A scalar's text, nil for a collection.
    package var scalarText: String? { scalar?.text }

    /// How many nodes the document holds (aliases counted once): a measure
    /// of its size for choosing how to process it.
    package var documentNodeCount: Int { read { $0.nodes.count } }

    /// How many values the tree under this node holds when every alias is
    /// expanded (this node, keys and values included), counted in the arena
    /// without recursion or handles. Bounded by the loader's alias budget.
    package var expandedNodeCount: Int {
        read { document in
            // The root (the first record) of a tree without aliases or merges is every record once.
            if index == 0, !document.sharesNodes { return document.nodes.count }
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
    }

    /// Whether two handles are the same node (an alias and its anchor are).
    package static func === (a: YAMLNodeRef, b: YAMLNodeRef) -> Bool {
        a.document.toOpaque() == b.document.toOpaque() && a.index == b.index
    }

    /// Handles are equal when they are the same node.
    package static func == (a: YAMLNodeRef, b: YAMLNodeRef) -> Bool { a === b }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(document.toOpaque())
        hasher.combine(index)
    }
}

/// A scalar, without keeping its document alive (see `YAMLNodeRef`).
///
/// The text is stored once, in the arena: it is made into a `String` only
/// when asked for, and a number written plain and untagged is parsed again
/// from its text when its value is asked for. `withUTF8` reads the text
/// without making a `String`.
package struct YAMLScalarRef: Hashable, @unchecked Sendable {
    /// The scalar's node.
    let handle: YAMLNodeRef

    @inline(__always)
    init(_ handle: YAMLNodeRef) { self.handle = handle }

    @inline(__always) var document: Unmanaged<YAMLDocument> { handle.document }
    @inline(__always) var index: UInt32 { handle.index }
    @inline(__always) private var record: NodeRecord { handle.record }
    @inline(__always) private var bits: UInt8 { record.scalarBits }
    private var extra: ScalarExtra? {
        record.meta & NodeRecord.hasExtra != 0 ? document._withUnsafeGuaranteedRef { $0.extras[index] } : nil
    }

    /// A scalar that keeps the document alive, to store or return.
    package var scalar: YAMLScalar { YAMLScalar(document: document.takeUnretainedValue(), index: index) }

    /// The scalar's text after YAML's own unescaping and folding.
    package var text: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the text's UTF-8 bytes (no `String` is made).
    @inline(__always)
    package func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try document._withUnsafeGuaranteedRef { try $0.withText(index, body) }
    }

    /// The text's length in UTF-8 bytes.
    package var utf8Count: Int { Int(record.count) }

    /// Whether the text is exactly `other` (code point by code point, as
    /// JSON compares strings; Swift's `==` would also equate canonically
    /// equivalent spellings).
    package func textIs(_ other: String) -> Bool {
        var other = other
        return other.withUTF8 { o in withUTF8 { t in sameBytes(t, o) } }
    }

    /// How it was written.
    package var style: ScalarStyle { ScalarBits.styles[Int(bits & 7)] }

    /// The explicit tag as written (`!!int`, expanded to `tag:yaml.org,2002:int`), or nil.
    package var tag: String? { extra?.tag }

    /// True for a plain scalar that YAML 1.1 would have read as a boolean
    /// (`yes`, `No`, `ON`, `y`, ...); it is a string in YAML 1.2, and the
    /// validator warns where a spec author probably meant a boolean.
    package var isYAML11Boolean: Bool { bits & ScalarBits.yaml11 != 0 }

    /// True when the scalar resolved to a string (cheaper than matching `value`).
    package var isString: Bool { ScalarBits.kind(of: bits) == ScalarBits.kindString }

    /// True when the scalar resolved to an integer of any size (cheaper than
    /// matching `value`, which reads a plain number's text again).
    package var isInteger: Bool {
        let kind = ScalarBits.kind(of: bits)
        return kind == ScalarBits.kindInt || kind == ScalarBits.kindBig
    }

    /// The resolved value.
    package var value: ScalarValue {
        let r = record
        if r.meta & NodeRecord.hasExtra != 0, let stored = extra?.stored { return stored }
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
    package static func == (a: YAMLScalarRef, b: YAMLScalarRef) -> Bool {
        if a.document.toOpaque() == b.document.toOpaque(), a.index == b.index { return true }
        return a.bits == b.bits && a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
            && a.tag == b.tag && a.value == b.value
    }

    /// Hashes what `==` compares (the value follows from text and kind).
    package func hash(into hasher: inout Hasher) {
        withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(bits)
        hasher.combine(tag)
    }
}

/// Where a collection's children are in the arena: the part both views share.
struct ChildRange: @unchecked Sendable {
    let document: Unmanaged<YAMLDocument>
    let first: UInt32
    let count: Int

    @inline(__always)
    init(_ document: Unmanaged<YAMLDocument>, _ first: UInt32, _ count: UInt32) {
        self.document = document
        self.first = first
        self.count = Int(count)
    }

    /// The arena index of child `k` (an item, or a key/value of an entry).
    @inline(__always) func child(_ k: Int) -> UInt32 {
        document._withUnsafeGuaranteedRef { $0.children[Int(first) + k] }
    }

    @inline(__always) func node(_ k: Int) -> YAMLNodeRef { YAMLNodeRef(document, child(k)) }

    /// Traps unless `position` is an item's or entry's position.
    @inline(__always) func check(_ position: Int) {
        precondition(position >= 0 && position < count, "index out of range")
    }
}

/// What the four views over a collection's children (items or entries,
/// borrowed or owning) share: the positions `0..<count` of one `ChildRange`.
protocol ChildRangeView: RandomAccessCollection where Index == Int {
    var range: ChildRange { get }
}

extension ChildRangeView {
    public var count: Int { range.count }
    public var startIndex: Int { 0 }
    public var endIndex: Int { range.count }
}

/// The items of a sequence, without keeping the document alive (see `YAMLNodeRef`).
package struct YAMLItemsRef: RandomAccessCollection, ChildRangeView, @unchecked Sendable {
    let range: ChildRange

    init(_ range: ChildRange) { self.range = range }


    @inline(__always)
    package subscript(position: Int) -> YAMLNodeRef {
        range.check(position)
        return range.node(position)
    }
}

/// The entries of a mapping in document order, without keeping the document
/// alive (see `YAMLNodeRef`).
package struct YAMLEntriesRef: RandomAccessCollection, ChildRangeView, @unchecked Sendable {
    let range: ChildRange

    init(_ range: ChildRange) { self.range = range }


    @inline(__always)
    package subscript(position: Int) -> (key: YAMLNodeRef, value: YAMLNodeRef) {
        range.check(position)
        return (range.node(2 * position), range.node(2 * position + 1))
    }

    /// The key at `position` (without making the value's handle).
    @inline(__always)
    package func key(at position: Int) -> YAMLNodeRef {
        range.check(position)
        return range.node(2 * position)
    }

    /// The value at `position`.
    @inline(__always)
    package func value(at position: Int) -> YAMLNodeRef {
        range.check(position)
        return range.node(2 * position + 1)
    }

    /// Calls `body` with the text of the key at `position` when it is a
    /// scalar (nil for a collection key), without making a `String`.
    @inline(__always)
    package func withKeyText<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        range.check(position)
        let k = range.child(2 * position)
        return try range.document._withUnsafeGuaranteedRef { document in
            guard document.nodes[Int(k)].nodeKind == NodeRecord.scalar else { return try body(nil) }
            return try document.withText(k) { try body($0) }
        }
    }

    /// `withKeyText` for a body that answers a number (a slot, a key's
    /// index in a table): not generic, so a caller in another module runs
    /// code made for it, not the generic entry point, which hands the answer
    /// back through its type's metadata (a schema's `properties` meets every
    /// key of a large document).
    @inline(__always)
    package func withKeyText(at position: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> Int?) -> Int? {
        range.check(position)
        let k = range.child(2 * position)
        return range.document._withUnsafeGuaranteedRef { document in
            guard document.nodes[Int(k)].nodeKind == NodeRecord.scalar else { return body(nil) }
            return document.withText(k) { body($0) }
        }
    }

    /// The value under the first key that is the string `key`, or nil.
    /// Keys are compared code point by code point (bytes), as YAML and JSON do.
    package func value(forKey key: String) -> YAMLNodeRef? {
        var key = key
        return key.withUTF8 { want -> YAMLNodeRef? in
            range.document._withUnsafeGuaranteedRef { document -> YAMLNodeRef? in
                let nodes = document.nodes, children = document.children
                for position in 0..<count {
                    let k = children[Int(range.first) + 2 * position]
                    let r = nodes[Int(k)]
                    guard r.nodeKind == NodeRecord.scalar, ScalarBits.kind(of: r.scalarBits) == ScalarBits.kindString,
                          Int(r.count) == want.count else { continue }
                    let same = document.withText(k) { t in want.count == 0 || memcmp(t.baseAddress!, want.baseAddress!, want.count) == 0 }
                    if same { return range.node(2 * position + 1) }
                }
                return nil
            }
        }
    }
}

/// Whether two byte runs are equal, by `memcmp`: the generic
/// `elementsEqual` over a `String.UTF8View` walks the view an element at a
/// time through unspecialised code, many times the cost of the comparison.
@inline(__always)
func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
}
