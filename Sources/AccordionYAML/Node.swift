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

/// A scalar node: the text as written plus what it resolved to. It keeps
/// its document alive; `ref` reads it without (see `YAMLScalarRef`, which
/// holds the logic).
public struct YAMLScalar: Sendable, Hashable {
    let document: YAMLDocument
    let index: UInt32

    /// The same scalar without keeping the document alive (valid while this one is).
    @inline(__always)
    package var ref: YAMLScalarRef { YAMLScalarRef(YAMLNodeRef(.passUnretained(document), index)) }

    /// The scalar's text after YAML's own unescaping and folding.
    public var text: String { ref.text }

    /// Calls `body` with the text's UTF-8 bytes (no `String` is made).
    ///
    /// - Parameter body: Reads the bytes, valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: Whatever `body` throws.
    @inline(__always)
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try ref.withUTF8(body)
    }

    /// The text's length in UTF-8 bytes.
    public var utf8Count: Int { ref.utf8Count }

    /// Whether the text is exactly `other`, code point by code point.
    ///
    /// - Parameter other: The text to compare with.
    /// - Returns: Whether the two are equal.
    public func textIs(_ other: String) -> Bool { ref.textIs(other) }

    /// How it was written.
    public var style: ScalarStyle { ref.style }

    /// The explicit tag as written (`!!int`, expanded to `tag:yaml.org,2002:int`), or nil.
    public var tag: String? { ref.tag }

    /// True for a plain scalar that YAML 1.1 would have read as a boolean.
    public var isYAML11Boolean: Bool { ref.isYAML11Boolean }

    /// True when the scalar resolved to a string (cheaper than matching `value`).
    public var isString: Bool { ref.isString }

    /// True when the scalar resolved to an integer of any size.
    public var isInteger: Bool { ref.isInteger }

    /// The resolved value.
    public var value: ScalarValue { ref.value }

    /// Scalars are equal when everything an author could observe is equal.
    public static func == (a: YAMLScalar, b: YAMLScalar) -> Bool { a.ref == b.ref }

    public func hash(into hasher: inout Hasher) { ref.hash(into: &hasher) }
}

/// What a node is, without its contents: read from the node's record alone.
public enum YAMLShape: Sendable {
    /// A scalar resolved as null, a boolean, an integer, a float or a string;
    /// a sequence; a mapping.
    case null, bool, integer, float, string, sequence, mapping
}

/// One node of a loaded YAML document: a handle into its document's arena
/// (which it keeps alive). An alias is the node it names, so two handles
/// can be the same node: compare them with `===`. For long walks, `ref`
/// reads the tree without counting references (see `YAMLNodeRef`, which
/// holds the logic).
public struct YAMLNode: Sendable, Hashable {
    let document: YAMLDocument
    let index: UInt32

    init(document: YAMLDocument, index: UInt32) {
        self.document = document
        self.index = index
    }

    /// The same node without keeping the document alive: valid while this
    /// handle (or another of the same document) is. Inside the package only;
    /// a walk that outlives the expression takes it through `withBorrowed`.
    @inline(__always)
    package var ref: YAMLNodeRef { YAMLNodeRef(.passUnretained(document), index) }

    /// Calls `body` with this node as a borrowed handle, the document kept
    /// alive for the whole call: how a walk over the tree takes its root.
    /// Handles made inside `body` must not be kept after it returns (take
    /// `node` of one to keep it).
    @inline(__always)
    package func withBorrowed<R>(_ body: (YAMLNodeRef) throws -> R) rethrows -> R {
        try withExtendedLifetime(document) { try body(ref) }
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

    /// What the node holds.
    public var kind: Kind {
        switch ref.kind {
        case .scalar: return .scalar(YAMLScalar(document: document, index: index))
        case .sequence(let items): return .sequence(YAMLItems(owner: document, ref: items))
        case .mapping(let entries): return .mapping(YAMLEntries(owner: document, ref: entries))
        }
    }

    /// Where the node was written (for an alias's target: where the anchor was).
    public var span: SourceSpan { ref.span }

    /// A single string scalar standing alone, located at `span` (for a
    /// value made up rather than read, such as a key seen as a string).
    ///
    /// - Parameters:
    ///   - text: The scalar's text.
    ///   - style: How it counts as written.
    ///   - span: Where diagnostics place it.
    /// - Returns: The node.
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
    ///
    /// - Parameters:
    ///   - a: A node.
    ///   - b: Another node.
    /// - Returns: Whether both are one node of one document.
    public static func === (a: YAMLNode, b: YAMLNode) -> Bool { a.ref === b.ref }

    /// Handles are equal when they are the same node.
    public static func == (a: YAMLNode, b: YAMLNode) -> Bool { a === b }

    public func hash(into hasher: inout Hasher) { ref.hash(into: &hasher) }

    /// How many nodes the document this node belongs to holds.
    public var documentNodeCount: Int { ref.documentNodeCount }

    /// The same node through a document object of its own (sharing the
    /// memory), for a second thread: handles count references on their
    /// document object, and two threads counting on one object fight over
    /// its cache line. Only for a finished tree (any the loader returns).
    ///
    /// - Returns: A handle to the same node for use on another thread.
    public func forAnotherThread() -> YAMLNode {
        YAMLNode(document: YAMLDocument(sharing: document), index: index)
    }

    /// Finds the line breaks of the document's text now rather than on the
    /// first question about a line (a large text is indexed on first use):
    /// a pass with time to spare on another thread can do it for one that
    /// will ask.
    package func indexLines() {
        _ = document.origin.lineStarts
    }

    /// How many values the tree under this node holds when every alias is expanded.
    public var expandedNodeCount: Int { ref.expandedNodeCount }

    /// A scalar's text, nil for a collection (without making a view).
    public var scalarText: String? { ref.scalarText }

    /// What the node is (cheaper than matching `kind`, which makes a view).
    public var shape: YAMLShape { ref.shape }

    /// The scalar, if this is one.
    public var scalar: YAMLScalar? { ref.scalar.map { YAMLScalar(document: document, index: $0.index) } }

    /// The items, if this is a sequence.
    public var items: YAMLItems? { ref.items.map { YAMLItems(owner: document, ref: $0) } }

    /// The entries, if this is a mapping.
    public var entries: YAMLEntries? { ref.entries.map { YAMLEntries(owner: document, ref: $0) } }

    /// The value under a string key of a mapping (first match), or nil.
    ///
    /// - Parameter key: The key's text.
    /// - Returns: The value, or nil when this is not a mapping or has no such key.
    public subscript(key: String) -> YAMLNode? {
        ref[key].map { YAMLNode(document: document, index: $0.index) }
    }
}

/// The items of a sequence: a borrowed view (`ref`, which holds the logic)
/// together with the document it reads, so it can be stored and returned.
public struct YAMLItems: RandomAccessCollection, ChildRangeView, Sendable {
    let owner: YAMLDocument
    /// The same items without keeping the document alive (valid while this view is).
    package let ref: YAMLItemsRef

    var range: ChildRange { ref.range }

    @inline(__always)
    public subscript(position: Int) -> YAMLNode { YAMLNode(document: owner, index: ref[position].index) }
}

/// The entries of a mapping, in document order: a borrowed view (`ref`)
/// together with the document it reads.
public struct YAMLEntries: RandomAccessCollection, ChildRangeView, Sendable {
    let owner: YAMLDocument
    /// The same entries without keeping the document alive (valid while this view is).
    package let ref: YAMLEntriesRef

    var range: ChildRange { ref.range }

    @inline(__always)
    public subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
        (key(at: position), value(at: position))
    }

    /// The key at `position` (without making the value's handle).
    ///
    /// - Parameter position: A 0-based entry index.
    /// - Returns: The entry's key.
    @inline(__always)
    public func key(at position: Int) -> YAMLNode { YAMLNode(document: owner, index: ref.key(at: position).index) }

    /// Calls `body` with the text of the key at `position` when it is a
    /// scalar (nil for a collection key), without making a handle or a `String`.
    ///
    /// - Parameters:
    ///   - position: A 0-based entry index.
    ///   - body: Reads the key's UTF-8 bytes, valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: Whatever `body` throws.
    @inline(__always)
    public func withKeyText<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        try ref.withKeyText(at: position, body)
    }

    /// The value at `position`.
    ///
    /// - Parameter position: A 0-based entry index.
    /// - Returns: The entry's value.
    @inline(__always)
    public func value(at position: Int) -> YAMLNode { YAMLNode(document: owner, index: ref.value(at: position).index) }

    /// The value under the first key that is the string `key`, or nil.
    /// Keys are compared code point by code point (bytes), as YAML and JSON do.
    ///
    /// - Parameter key: The key's text.
    /// - Returns: The value, or nil.
    public func value(forKey key: String) -> YAMLNode? {
        ref.value(forKey: key).map { YAMLNode(document: owner, index: $0.index) }
    }
}
