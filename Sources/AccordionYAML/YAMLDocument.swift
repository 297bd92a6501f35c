// Unsafe here: `YAMLDocument` is `@unchecked Sendable` and its arena
// properties are `@exclusivity(unchecked)`.
// What it buys: a record read is a plain load, with no dynamic exclusivity
// check (one would be paid on every read of every node; BENCHMARKS.md has
// what they cost), and one finished tree is read by the schema and the
// rules on two threads.
// What keeps it sound: a document is mutated only while it is built, by the
// one thread building it (the loader's composer or a `YAMLTreeBuilder`),
// before any handle to it is handed out; after that nothing writes to it,
// so reads from any thread never overlap a write.

import AccordionDiagnostics

/// One node of a document in the arena: 20 bytes, no object of its own.
///
/// A large spec has a million nodes; as objects they cost a 64-byte heap
/// block each, were freed one by one and were spread over the heap, so every
/// walk over the tree missed the cache. As records in one array they cost 20
/// bytes, are laid out in document order (a parent before its children) and
/// are freed with the array.
struct NodeRecord {
    /// Character indices (as libyaml counts them) of where the node starts and ends.
    var start: UInt32
    var end: UInt32
    /// A scalar: offset of its text in `YAMLDocument.text`; a collection:
    /// offset of its first child in `YAMLDocument.children`.
    var payload: UInt32
    /// A scalar: its text's length in bytes; a sequence: its items; a mapping: its entries.
    var count: UInt32
    /// Bits 0–1 the node kind, bit 2 "has an extra" (tag or stored value),
    /// bit 3 "text in the input", bits 8–14 the scalar's style, value kind and YAML 1.1 flag (`ScalarBits`).
    var meta: UInt16

    static let scalar: UInt16 = 0, sequence: UInt16 = 1, mapping: UInt16 = 2
    static let hasExtra: UInt16 = 4
    /// The scalar's text is the input itself at `payload` (not a copy in `text`).
    static let inInput: UInt16 = 8

    @inline(__always) var nodeKind: UInt16 { meta & 3 }
    @inline(__always) var scalarBits: UInt8 { UInt8(truncatingIfNeeded: meta >> 8) }
}

/// The rare parts of a scalar, kept beside the records.
struct ScalarExtra {
    var tag: String?
    /// The value, when it is not derived again from the text.
    var stored: ScalarValue?
}

/// A scalar's style, value kind and YAML 1.1 flag in one byte.
enum ScalarBits {
    static let kindNull: UInt8 = 0, kindFalse: UInt8 = 1, kindTrue: UInt8 = 2, kindInt: UInt8 = 3,
        kindBig: UInt8 = 4, kindFloat: UInt8 = 5, kindString: UInt8 = 6
    static let yaml11: UInt8 = 64

    static let styles: [ScalarStyle] = [.plain, .singleQuoted, .doubleQuoted, .literal, .folded]

    static func style(_ style: ScalarStyle) -> UInt8 {
        switch style {
        case .plain: 0
        case .singleQuoted: 1
        case .doubleQuoted: 2
        case .literal: 3
        case .folded: 4
        }
    }

    static func kind(_ value: ScalarValue) -> UInt8 {
        switch value {
        case .null: kindNull
        case .bool(let b): b ? kindTrue : kindFalse
        case .int: kindInt
        case .bigInt: kindBig
        case .float: kindFloat
        case .string: kindString
        }
    }

    @inline(__always) static func kind(of bits: UInt8) -> UInt8 { (bits >> 3) & 7 }
}

/// The arena every node of one document lives in: records, scalar texts and
/// child lists in three flat arrays, plus the source for positions.
///
/// Mutated only while it is being built (by `YAMLTreeBuilder` or the
/// loader's composer, which own it until they hand out the root), immutable
/// afterwards; that is why it can be shared across threads.
final class YAMLDocument: @unchecked Sendable {
    let origin: SourceOrigin
    @exclusivity(unchecked) var nodes = ArenaBuffer<NodeRecord>()
    /// Every scalar's text (after YAML's unescaping and folding), back to back.
    @exclusivity(unchecked) var text = ArenaBuffer<UInt8>()
    /// Child node indices of every collection: items, or key, value, key, value…
    @exclusivity(unchecked) var children = ArenaBuffer<UInt32>()
    @exclusivity(unchecked) var extras: [UInt32: ScalarExtra] = [:]
    /// Set when an alias or a merge key made the tree share nodes (or leave
    /// a merged mapping out of it): until then the root's expanded tree is
    /// exactly the records, and counting it needs no walk.
    @exclusivity(unchecked) var sharesNodes = false
    /// The input text (`origin.bytes`, the same array): most scalars are
    /// written exactly as they read, so their text is read there, not copied.
    let input: [UInt8]
    /// For a document made by `init(sharing:)`: the one that owns the memory.
    private let owner: YAMLDocument?

    init(origin: SourceOrigin, expectedNodes: Int = 0) {
        self.origin = origin
        self.owner = nil
        self.input = origin.bytes
        if expectedNodes > 0 {
            // Only touched pages count towards memory: a generous reservation
            // costs address space, and spares the copies of a growing array.
            nodes.reserveCapacity(expectedNodes)
            children.reserveCapacity(expectedNodes)
            text.reserveCapacity(expectedNodes * 4)
        }
    }

    /// A second document object over the same (finished, immutable) memory,
    /// for a second thread: handles count references on their document
    /// object, and two threads counting on one object fight over its cache line.
    init(sharing other: YAMLDocument) {
        origin = other.origin
        nodes = other.nodes
        text = other.text
        children = other.children
        extras = other.extras
        sharesNodes = other.sharesNodes
        input = other.input
        owner = other.owner ?? other
    }

    deinit {
        if owner == nil {
            nodes.deallocate()
            text.deallocate()
            children.deallocate()
        }
    }

    // MARK: building

    /// Appends a scalar; `value` is stored only when the text cannot give it again.
    /// `inputOffset`: where in the input the same bytes stand, if they do.
    func appendScalar(_ bytes: UnsafeBufferPointer<UInt8>, style: ScalarStyle, tag: String?, value: ScalarValue,
                      kind: UInt8, isYAML11Boolean: Bool, derivable: Bool, start: UInt32, end: UInt32,
                      inputOffset: Int? = nil) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: nodes.count)
        let bits = ScalarBits.style(style) | kind << 3 | (isYAML11Boolean ? ScalarBits.yaml11 : 0)
        var meta = NodeRecord.scalar | UInt16(bits) << 8
        if tag != nil || !derivable {
            meta |= NodeRecord.hasExtra
            extras[index] = ScalarExtra(tag: tag, stored: derivable ? nil : value)
        }
        let offset: UInt32
        if let inputOffset {
            meta |= NodeRecord.inInput
            offset = UInt32(truncatingIfNeeded: inputOffset)
        } else {
            offset = UInt32(truncatingIfNeeded: text.count)
            text.append(contentsOf: bytes)
        }
        nodes.append(NodeRecord(start: start, end: end, payload: offset,
                                count: UInt32(truncatingIfNeeded: bytes.count), meta: meta))
        return index
    }

    /// Reserves the record of a collection whose children are not known yet
    /// (so a parent comes before its children in the arena).
    func openCollection(mapping: Bool, start: UInt32) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: nodes.count)
        nodes.append(NodeRecord(start: start, end: start, payload: 0, count: 0,
                                meta: mapping ? NodeRecord.mapping : NodeRecord.sequence))
        return index
    }

    /// Gives an opened collection its children (already appended to
    /// `children` from `firstChild` on) and its end.
    func closeCollection(_ index: UInt32, firstChild: Int, end: UInt32) {
        let n = children.count - firstChild
        var r = nodes[Int(index)]
        r.payload = UInt32(truncatingIfNeeded: firstChild)
        r.count = UInt32(truncatingIfNeeded: r.nodeKind == NodeRecord.mapping ? n / 2 : n)
        r.end = end
        nodes[Int(index)] = r
    }

    @inline(__always) func node(_ index: UInt32) -> YAMLNode { YAMLNode(document: self, index: index) }

    /// Calls `body` with the text of scalar `index`: its bytes in the input
    /// (most scalars are written exactly as they read, so their text is not
    /// copied) or in `text`.
    @inline(__always)
    func withText<R>(_ index: UInt32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let r = nodes[Int(index)]
        let start = Int(r.payload), end = Int(r.payload) + Int(r.count)
        if r.meta & NodeRecord.inInput != 0 {
            return try input.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        }
        return try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }
}

/// Builds a located node tree by hand, in document order, for readers other
/// than the YAML loader (the JSON reader of schemas, tests): open a
/// collection, add its children, close it; positions are character indices
/// into `text`, so every node knows its line and column.
public struct YAMLTreeBuilder {
    let document: YAMLDocument
    private var open: [UInt32] = []
    /// Finished children of the open collections.
    private var pending: [UInt32] = []
    private var pendingStarts: [Int] = []
    private var root: UInt32?

    /// A builder for a tree read from `text` (UTF-8), named `source` in diagnostics.
    ///
    /// - Parameters:
    ///   - source: The name diagnostics give the text.
    ///   - text: The UTF-8 text nodes are located in.
    public init(source: String, text: [UInt8]) {
        document = YAMLDocument(origin: SourceOrigin(source: source, bytes: text))
    }

    private mutating func attach(_ index: UInt32) {
        if open.isEmpty { root = index } else { pending.append(index) }
    }

    /// Adds a scalar from character `start` to `end`.
    ///
    /// - Parameters:
    ///   - text: The scalar's text.
    ///   - style: How it was written.
    ///   - value: What it resolves to.
    ///   - start: Its first character, 0-based.
    ///   - end: The character after its last.
    public mutating func scalar(_ text: String, style: ScalarStyle, value: ScalarValue, start: Int, end: Int) {
        var text = text
        let kind = ScalarBits.kind(value)
        let index = text.withUTF8 { bytes -> UInt32 in
            // Stored unless the text gives the same value again.
            let derivable: Bool
            switch value {
            case .null, .bool: derivable = true
            case .string(var s): derivable = s.withUTF8 { sameBytes($0, bytes) }
            case .bigInt: derivable = false
            case .int, .float:
                if style == .plain, case .value(let again)? = CoreSchema.resolvePlain(bytes) {
                    derivable = again == value && ScalarBits.kind(again) == kind
                } else {
                    derivable = false
                }
            }
            return document.appendScalar(bytes, style: style, tag: nil, value: value, kind: kind,
                                         isYAML11Boolean: false, derivable: derivable,
                                         start: UInt32(clamping: start), end: UInt32(clamping: end))
        }
        attach(index)
    }

    /// Adds a double-quoted string scalar whose text is the input's bytes
    /// `from..<to` exactly (written without escapes): its value is its text,
    /// so neither a `String` nor a copy of the bytes is made.
    ///
    /// - Parameters:
    ///   - from: The first byte of the text in the input.
    ///   - to: The byte after its last.
    ///   - start: The scalar's first character (its opening quote), 0-based.
    ///   - end: The character after its last (its closing quote).
    public mutating func inputString(from: Int, to: Int, start: Int, end: Int) {
        let index = document.input.withUnsafeBufferPointer { input in
            document.appendScalar(UnsafeBufferPointer(rebasing: input[from..<to]), style: .doubleQuoted, tag: nil,
                                  value: .null, kind: ScalarBits.kindString, isYAML11Boolean: false,
                                  derivable: true, start: UInt32(clamping: start), end: UInt32(clamping: end),
                                  inputOffset: from)
        }
        attach(index)
    }

    /// Opens a mapping (`mapping: true`) or sequence at character `start`.
    ///
    /// - Parameters:
    ///   - mapping: Whether the collection is a mapping.
    ///   - start: Its first character, 0-based.
    public mutating func open(mapping: Bool, start: Int) {
        open.append(document.openCollection(mapping: mapping, start: UInt32(clamping: start)))
        pendingStarts.append(pending.count)
    }

    /// Closes the innermost open collection at character `end`.
    ///
    /// - Parameter end: The character after the collection's last.
    public mutating func close(end: Int) {
        let index = open.removeLast()
        let from = pendingStarts.removeLast()
        let first = document.children.count
        document.children.append(contentsOf: pending[from...])
        pending.removeSubrange(from...)
        document.closeCollection(index, firstChild: first, end: UInt32(clamping: end))
        attach(index)
    }

    /// The root node, once every collection is closed.
    ///
    /// - Returns: The root, or nil while a collection is still open or nothing was added.
    public func finish() -> YAMLNode? {
        guard open.isEmpty, let root else { return nil }
        return document.node(root)
    }
}

extension YAMLDocument {
    /// The document of empty views made from `[]`.
    static let empty = YAMLDocument(origin: SourceOrigin(source: "", bytes: []))
}

extension YAMLItems: ExpressibleByArrayLiteral {
    /// No items (`node.items ?? []`).
    public init(arrayLiteral elements: Never...) { self.init(owner: .empty, ref: []) }
}

extension YAMLEntries: ExpressibleByArrayLiteral {
    /// No entries (`node.entries ?? []`).
    public init(arrayLiteral elements: Never...) { self.init(owner: .empty, ref: []) }
}

extension YAMLItemsRef: ExpressibleByArrayLiteral {
    /// No items (`node.items ?? []`).
    package init(arrayLiteral elements: Never...) { self.init(ChildRange(.passUnretained(.empty), 0, 0)) }
}

extension YAMLEntriesRef: ExpressibleByArrayLiteral {
    /// No entries (`node.entries ?? []`).
    package init(arrayLiteral elements: Never...) { self.init(ChildRange(.passUnretained(.empty), 0, 0)) }
}
