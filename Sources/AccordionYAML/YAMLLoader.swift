import AccordionDiagnostics
import AccordionParallel
internal import CYAML

/// Limits that keep hostile input from exhausting time, memory or stack.
public struct YAMLLimits: Sendable {
    /// Largest input accepted, in bytes (64 MiB by default; at most 4 GiB - 1,
    /// since node positions are stored as 32-bit offsets).
    public var maxInputBytes: Int = 64 << 20
    /// Deepest nesting of collections accepted. Kept far below what would
    /// overflow the stack of anyone walking the tree recursively.
    public var maxDepth: Int = 512
    /// Nodes that aliases may add to the expanded document regardless of its
    /// size (the billion-laughs guard): each use of an alias costs the full
    /// expanded size of the node it names, merged mappings included; a scalar
    /// counts one node per 64 bytes of its text.
    public var maxAliasExpansion: Int = 1_000_000
    /// On top of `maxAliasExpansion`, aliases may add this many expanded
    /// nodes per node actually written, so large files that reuse defaults
    /// in every entry (`<<: *defaults`) stay legal.
    public var aliasExpansionPerNode: Int = 10
    /// Most problems reported before the loader stops looking for more.
    public var maxProblems: Int = 100
    /// Most nodes written in one document. A node costs about 25 bytes in
    /// the arena (its record and its place in its parent's child list), so
    /// a 64 MiB file of one-character values (`[1,1,1,…]`) would need some
    /// 800 MB; 5,000,000 nodes is about 125 MB, far beyond any spec.
    public var maxNodes: Int = 5_000_000

    /// Inputs from this size on are parsed by libyaml on a thread of its
    /// own while the calling thread builds the tree (below 256 KiB, starting
    /// a thread costs more than it saves; `Int.max`: never). Not a limit,
    /// but kept with them as the other knob of how a load runs.
    public var pipelineFromBytes: Int = 256 << 10

    /// The defaults.
    public init() {}
}

/// Loads one YAML document into a located node tree, on libyaml's event
/// parser: scalars resolved by the YAML 1.2 core schema, explicit core tags
/// honoured, anchors and aliases shared, merge keys applied, duplicate keys
/// refused, and every node knowing its `file:line:col`.
///
/// Input is UTF-8 (a byte-order mark is allowed). UTF-16 with a byte-order
/// mark is accepted too: it is transcoded to UTF-8 first, and byte offsets
/// then index that UTF-8 text (see `utf8Text(of:)`); lines and columns
/// are the same either way.
public struct YAMLLoader: Sendable {
    /// The limits in force.
    public var limits: YAMLLimits

    /// Creates a loader.
    public init(limits: YAMLLimits = YAMLLimits()) { self.limits = limits }

    /// Parses `bytes` named `source`; throws `DiagnosticError` with located problems.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes (UTF-8, or UTF-16 with a byte-order mark).
    ///   - source: The name diagnostics give the file.
    /// - Returns: The first document's root node.
    /// - Throws: `DiagnosticError` with every problem at its `file:line:col`.
    public func load(_ bytes: [UInt8], source: String) throws(DiagnosticError) -> YAMLNode {
        let limit = min(limits.maxInputBytes, Int(UInt32.max) - 1)
        if bytes.count > limit {
            throw DiagnosticError(Diagnostic(
                rule: "yaml-limit",
                message: "the input is \(bytes.count) bytes, over the limit of \(limit) bytes",
                span: SourceSpan(source: source, at: SourceMark(line: 1, column: 1, offset: 0))))
        }
        let text: [UInt8]
        switch Self.transcode(bytes) {
        case .success(let t): text = t
        case .failure(let failure):
            throw DiagnosticError(Diagnostic(
                rule: "yaml-encoding",
                message: "the file starts with a UTF-16 byte-order mark but is not valid UTF-16 (\(failure.reason)); save it as UTF-8",
                span: SourceSpan(source: source, at: SourceMark(line: 1, column: 1, offset: 0))))
        }
        var composer = Composer(text: text, source: source, limits: limits)
        return try composer.run()
    }

    /// The UTF-8 text the loader reads for `bytes`, which node offsets index:
    /// `bytes` itself, unless it is UTF-16 with a byte-order mark. Quote
    /// source lines from this when showing diagnostics.
    ///
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The UTF-8 text.
    public static func utf8Text(of bytes: [UInt8]) -> [UInt8] {
        if case .success(let t) = transcode(bytes) { return t }
        return bytes
    }

    struct TranscodeFailure: Error {
        var reason: String
    }

    static func transcode(_ bytes: [UInt8]) -> Result<[UInt8], TranscodeFailure> {
        guard bytes.count >= 2 else { return .success(bytes) }
        let bigEndian: Bool
        if bytes[0] == 0xFE, bytes[1] == 0xFF {
            bigEndian = true
        } else if bytes[0] == 0xFF, bytes[1] == 0xFE {
            bigEndian = false
        } else {
            return .success(bytes)
        }
        if bytes.count % 2 != 0 { return .failure(TranscodeFailure(reason: "an odd number of bytes")) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var i = 2
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        var out: [UInt8] = []
        out.reserveCapacity(units.count * 2)
        var decoder = UTF16()
        var iterator = units.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): out.append(contentsOf: UTF8.encode(s)!)
            case .emptyInput: break loop
            case .error: return .failure(TranscodeFailure(reason: "an unpaired surrogate"))
            }
        }
        return .success(out)
    }
}

/// A rule id for each family of loader problem.
enum Rule {
    static let syntax = "yaml-syntax"
    static let document = "yaml-document"
    static let tag = "yaml-tag"
    static let duplicateKey = "yaml-duplicate-key"
    static let merge = "yaml-merge"
    static let alias = "yaml-alias"
    static let limit = "yaml-limit"
    static let number = "yaml-number"
}

/// Identity of a key after resolution, for duplicate detection in large
/// mappings (small ones compare pairwise without allocating).
enum KeyIdentity: Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case big(String)
    case float(UInt64)
    case string(String)
    /// A collection key, by structural hash (a match is confirmed with `sameKey`).
    case collection(Int)
    /// NaN: never equal to anything.
    case unique(Int)
}

/// Drives libyaml's event parser over one input and builds the tree with
/// explicit stacks (no recursion), so depth is bounded by `maxDepth` alone.
/// A struct, so its many small state updates need no dynamic exclusivity
/// checks; `Sendable`, so it can be handed to the thread that builds the tree.
struct Composer: Sendable {
    let text: [UInt8]
    let source: String
    let limits: YAMLLimits
    let origin: SourceOrigin
    /// The arena the tree is built in.
    let document: YAMLDocument

    private struct Frame {
        var isMapping: Bool
        var isFlow: Bool
        /// The collection's record, reserved when it opened.
        var index: UInt32
        var childStart: Int
        var start: UInt32
        var lastEnd: UInt32
        var anchor: String?
        var size: Int
        /// Whether a plain `<<` key was written in this mapping.
        var hasMerge = false
    }

    private var frames: [Frame] = []
    /// Finished children of the open collections.
    private var children: [Child] = []

    /// A finished child and, for a node in key position, its key hash (else 0):
    /// one array, so attaching a node is one append.
    private struct Child {
        let node: UInt32
        let hash: Int
    }
    private var anchors: [String: (node: UInt32, size: Int)] = [:]
    private var openAnchors = 0
    private var nodeCount = 0
    private var aliasExpansion = 0
    private var root: UInt32?
    private var problems: [Diagnostic] = []
    /// Reused per mapping for key hashes.
    private var scratch = KeySet()

    init(text: [UInt8], source: String, limits: YAMLLimits) {
        self.text = text
        self.source = source
        self.limits = limits
        self.origin = SourceOrigin(source: source, bytes: text)
        // A node takes at least two bytes of input (`1,`), so this bounds the
        // records a document can need; untouched capacity costs no memory.
        self.document = YAMLDocument(origin: origin, expectedNodes: min(text.count / 2 + 16, limits.maxNodes + 16))
    }

    private func node(_ index: UInt32) -> YAMLNode { document.node(index) }

    // MARK: positions

    /// A node position: libyaml's character index, which is what `SourceOrigin` stores.
    private func offset(_ mark: yaml_mark_t) -> UInt32 { UInt32(clamping: mark.index) }

    private func span(_ start: UInt32, _ end: UInt32) -> SourceSpan { origin.span(start, end) }


    private func fail(_ rule: String, _ message: String, _ span: SourceSpan,
                      related: [RelatedLocation] = [], help: String? = nil, parserMessage: String? = nil) -> DiagnosticError {
        DiagnosticError(problems + [Diagnostic(rule: rule, message: message, span: span, help: help, related: related,
                                               parserMessage: parserMessage)])
    }

    private mutating func report(_ d: Diagnostic) throws(DiagnosticError) {
        problems.append(d)
        if problems.count >= limits.maxProblems { throw DiagnosticError(problems) }
    }

    // MARK: the event loop

    mutating func run() throws(DiagnosticError) -> YAMLNode {
        let parser = LibYAMLParser()
        guard parser.started else {
            throw fail(Rule.limit, "out of memory while starting the YAML parser", span(0, 0))
        }
        return try parser.reading(text) { () throws(DiagnosticError) -> YAMLNode in
            if text.count >= limits.pipelineFromBytes { return try parsePipelined(parser) }
            return try parseInOrder(parser)
        }
    }

    /// One event at a time on this thread.
    private mutating func parseInOrder(_ parser: LibYAMLParser) throws(DiagnosticError) -> YAMLNode {
        var event = yaml_event_t()
        var bytes = ArenaBuffer<UInt8>()
        defer { bytes.deallocate() }
        while true {
            guard parser.withParser({ yaml_parser_parse($0, &event) }) != 0 else { throw syntaxError(parser) }
            bytes.removeAll(from: 0)
            let record = LoadEvent(&event, bytes: &bytes)
            yaml_event_delete(&event)
            if let root = try handle(record, UnsafePointer(bytes.base)) { return root }
        }
    }

    /// libyaml parsing on this thread, handing over events in batches, while
    /// the tree is built on a second one: the load then takes about as long
    /// as libyaml's parse alone. libyaml stays on the calling thread, as in
    /// the floor it is measured against (its many small allocations then use
    /// the main malloc arena); the composer is handed to the building thread
    /// as a value and handed back when the tree is done.
    private mutating func parsePipelined(_ parser: LibYAMLParser) throws(DiagnosticError) -> YAMLNode {
        let queue = HandoffQueue<EventBatch>(capacity: 8)
        // Batches go back to the parsing thread once composed: the same few
        // stay warm in the caches instead of fresh memory for every batch.
        let spares = HandoffQueue<EventBatch>(capacity: 16)
        let handedOver = self
        let composed = Parallel.concurrently({ () -> (Composer, Result<YAMLNode, DiagnosticError>) in
            var composer = handedOver
            let outcome = composer.compose(from: queue, reusing: spares, parser: parser)
            return (composer, outcome)
        }, {
            produceEvents(parser, into: queue, reusing: spares)
        })
        // No second thread to be had: parse the ordinary way (nothing was read yet).
        guard let composed else { return try parseInOrder(parser) }
        self = composed.0
        return try composed.1.get()
    }

    /// Builds the tree from the batches `queue` hands over, handing each
    /// back through `spares` once nothing more is read from it. Reads the
    /// parser (for a syntax error) only after the parsing side has handed
    /// over its last batch.
    private mutating func compose(from queue: HandoffQueue<EventBatch>, reusing spares: HandoffQueue<EventBatch>,
                                  parser: LibYAMLParser) -> Result<YAMLNode, DiagnosticError> {
        // However this side ends, the producer must stop too.
        defer { queue.cancel() }
        do throws(DiagnosticError) {
            while let batch = queue.pop() {
                let base = UnsafePointer(batch.bytes.base)
                for k in 0..<batch.events.count {
                    if let root = try handle(batch.events[k], base) { return .success(root) }
                }
                if batch.failed { return .failure(syntaxError(parser)) }
                spares.push(batch)
            }
            return .failure(fail(Rule.syntax, "the YAML parser stopped before the end of the file", span(0, 0)))
        } catch {
            return .failure(error)
        }
    }

    /// Documents started so far.
    private var documents = 0

    /// Takes one event; returns the root at the end of the stream.
    private mutating func handle(_ event: LoadEvent, _ base: UnsafePointer<UInt8>?) throws(DiagnosticError) -> YAMLNode? {
        switch event.kind {
        case .scalar:
            try scalar(event, base)
        case .mappingStart:
            try startCollection(event, base, mapping: true)
        case .sequenceStart:
            try startCollection(event, base, mapping: false)
        case .collectionEnd:
            try endCollection(event)
        case .alias:
            try alias(event, base)
        case .documentStart:
            documents += 1
            if documents > 1 {
                throw fail(Rule.document,
                           "a second YAML document starts here; an accordion file holds exactly one document",
                           span(event.start, event.start),
                           related: root.map { [RelatedLocation(message: "the first document starts here", span: node($0).span)] } ?? [])
            }
        case .streamEnd:
            guard let root else {
                throw fail(Rule.document,
                           "the file holds no YAML document: it is empty or contains only comments",
                           span(0, 0))
            }
            if !problems.isEmpty { throw DiagnosticError(problems) }
            return node(root)
        case .other:
            break  // stream start, document end
        }
        return nil
    }

    // MARK: nodes

    /// Whether the next child of the innermost collection is a mapping key.
    private var atKey: Bool {
        guard let top = frames.last else { return false }
        return top.isMapping && (children.count - top.childStart) & 1 == 0
    }

    /// Attaches a finished node to its parent (or makes it the root),
    /// adding its expanded size to the parent's.
    private mutating func add(_ node: UInt32, size: Int, end: UInt32, isMergeKey: Bool = false, keyHash: Int? = nil) {
        if frames.isEmpty {
            root = node
            return
        }
        let count = children.count
        var isKey = false
        // One in-place access to the innermost frame.
        Self.attach(to: &frames[frames.count - 1], childCount: count, size: size, end: end) { frame in
            if isMergeKey { frame.hasMerge = true }
            isKey = true
        }
        let hash = isKey ? keyHash ?? Self.keyHash(self.node(node)) : 0
        children.append(Child(node: node, hash: hash))
    }

    /// Adds a child's size and end to `frame`; `atKey` runs first when the
    /// child is in key position.
    @inline(__always)
    private static func attach(to frame: inout Frame, childCount: Int, size: Int, end: UInt32,
                               atKey: (inout Frame) -> Void) {
        if frame.isMapping, (childCount - frame.childStart) & 1 == 0 { atKey(&frame) }
        frame.size = frame.size &+ size
        if frame.size < 0 { frame.size = Int.max }
        if end > frame.lastEnd { frame.lastEnd = end }
    }

    private static func shortTag(_ tag: String) -> String {
        tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst(18) : tag
    }

    private mutating func scalar(_ event: LoadEvent, _ base: UnsafePointer<UInt8>?) throws(DiagnosticError) {
        nodeCount += 1
        let start = event.start, end = event.end
        if nodeCount > limits.maxNodes { throw tooManyNodes(start) }
        let bytes = event.value(in: base)
        let style = ScalarBits.styles[Int(event.style)]
        let tag = event.hasTag ? event.tag(in: base) : nil
        // Strings (most scalars) need no value of their own: the text is it.
        var value: ScalarValue = .null
        var kind = ScalarBits.kindString
        var yaml11 = false
        if let tag {
            let text = String(decoding: bytes, as: UTF8.self)
            value = try resolveTagged(bytes, text: text, tag: tag, start: start, end: end)
            kind = ScalarBits.kind(value)
        } else if style == .plain {
            switch CoreSchema.resolvePlain(bytes) {
            case nil: yaml11 = CoreSchema.isYAML11Boolean(bytes)
            case .value(let v)?:
                value = v
                kind = ScalarBits.kind(v)
            case .tooLong?: try tooLong(start, end)
            }
        }
        // An untagged plain number is parsed again from its text when asked
        // for; big integers (converted digits) and tagged numbers are stored.
        let derivable: Bool
        switch kind {
        case ScalarBits.kindInt, ScalarBits.kindFloat: derivable = tag == nil && style == .plain
        case ScalarBits.kindBig: derivable = false
        default: derivable = true
        }
        let index = document.appendScalar(bytes, style: style, tag: tag, value: value, kind: kind,
                                          isYAML11Boolean: yaml11, derivable: derivable, start: start, end: end,
                                          inputOffset: inputOffset(of: bytes, style: style, start: start))
        // A long scalar weighs one node per 64 bytes in the alias budget: a
        // 1 MiB string aliased 3,000 times made `resolve` write 3 GB.
        let weight = 1 + bytes.count / 64
        if event.hasAnchor, let anchor = event.anchor(in: base) { anchors[anchor] = (index, weight) }
        let merge = style == .plain && bytes.count == 2 && bytes[0] == UInt8(ascii: "<") && bytes[1] == UInt8(ascii: "<")
            && (tag == nil || tag == "tag:yaml.org,2002:merge")
        add(index, size: weight, end: end, isMergeKey: merge,
            keyHash: atKey ? Self.keyHash(value: value, isString: kind == ScalarBits.kindString, text: bytes) : nil)
    }

    /// Where the scalar's text stands as is in the input (a plain scalar at
    /// its start, a quoted one just after the quote), when it does: then it
    /// is not copied. Only for ASCII input, where positions are byte offsets.
    @inline(__always)
    private func inputOffset(of bytes: UnsafeBufferPointer<UInt8>, style: ScalarStyle, start: UInt32) -> Int? {
        guard origin.isASCII, let value = bytes.baseAddress else { return nil }
        let at: Int
        switch style {
        case .plain: at = Int(start)
        case .singleQuoted, .doubleQuoted: at = Int(start) + 1
        default: return nil
        }
        guard at + bytes.count <= text.count else { return nil }
        let same = text.withUnsafeBufferPointer { input in memcmp(input.baseAddress! + at, value, bytes.count) == 0 }
        return same ? at : nil
    }

    private func tooManyNodes(_ start: UInt32) -> DiagnosticError {
        fail(Rule.limit,
             "the document has more than \(limits.maxNodes) values by this point, beyond the node limit, so the file is refused to keep memory bounded",
             span(start, start))
    }

    private mutating func tooLong(_ start: UInt32, _ end: UInt32) throws(DiagnosticError) {
        try report(Diagnostic(rule: Rule.number,
                              message: "this hexadecimal or octal integer has more than \(CoreSchema.maxRadixDigits) digits, too many to convert exactly",
                              span: span(start, end)))
    }

    private static let coreTypes: [String: String] = [
        "tag:yaml.org,2002:int": "int", "tag:yaml.org,2002:float": "float",
        "tag:yaml.org,2002:bool": "bool", "tag:yaml.org,2002:null": "null",
    ]

    private static let typeNames: [String: String] = [
        "int": "an integer", "float": "a number", "bool": "a boolean (true or false)", "null": "null",
    ]

    private mutating func resolveTagged(_ bytes: UnsafeBufferPointer<UInt8>, text: String, tag: String,
                               start: UInt32, end: UInt32) throws(DiagnosticError) -> ScalarValue {
        if tag == "tag:yaml.org,2002:str" || tag == "!" { return .string(text) }
        if let type = Self.coreTypes[tag] {
            switch CoreSchema.resolve(bytes, asType: type) {
            case .value(let v)?: return v
            case .tooLong?: try tooLong(start, end)
            case nil:
                try report(Diagnostic(rule: Rule.tag,
                                      message: "'\(text)' is not \(Self.typeNames[type]!), but it is tagged \(Self.shortTag(tag))",
                                      span: span(start, end)))
            }
            return .string(text)
        }
        if tag == "tag:yaml.org,2002:map" || tag == "tag:yaml.org,2002:seq" {
            try report(Diagnostic(rule: Rule.tag,
                                  message: "the tag \(Self.shortTag(tag)) is for a \(tag.hasSuffix("map") ? "mapping" : "sequence"), but it is on a scalar",
                                  span: span(start, end)))
            return .string(text)
        }
        try unsupportedTag(tag, start, end)
        return .string(text)
    }

    private mutating func unsupportedTag(_ tag: String, _ start: UInt32, _ end: UInt32) throws(DiagnosticError) {
        try report(Diagnostic(rule: Rule.tag,
                              message: "the tag \(Self.shortTag(tag)) is not supported; only the YAML core tags !!str, !!int, !!float, !!bool, !!null, !!map and !!seq may be used",
                              span: span(start, end)))
    }

    private mutating func startCollection(_ event: LoadEvent, _ base: UnsafePointer<UInt8>?, mapping: Bool) throws(DiagnosticError) {
        nodeCount += 1
        let start = event.start
        if nodeCount > limits.maxNodes { throw tooManyNodes(start) }
        if frames.count >= limits.maxDepth {
            throw fail(Rule.limit,
                       "collections are nested more than \(limits.maxDepth) levels deep here, beyond the nesting limit, so the file is refused",
                       span(start, start))
        }
        let flow = event.style == 1
        if event.hasTag, let tag = event.tag(in: base) {
            let fits = tag == "!" || tag == (mapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq")
            if !fits {
                let end = event.end
                if tag == "tag:yaml.org,2002:map" || tag == "tag:yaml.org,2002:seq" || Self.coreTypes[tag] != nil
                    || tag == "tag:yaml.org,2002:str"
                {
                    try report(Diagnostic(rule: Rule.tag,
                                          message: "the tag \(Self.shortTag(tag)) cannot apply to a \(mapping ? "mapping" : "sequence")",
                                          span: span(start, end)))
                } else {
                    try unsupportedTag(tag, start, end)
                }
            }
        }
        let anchor = event.hasAnchor ? event.anchor(in: base) : nil
        if anchor != nil { openAnchors += 1 }
        let index = document.openCollection(mapping: mapping, start: start)
        frames.append(Frame(isMapping: mapping, isFlow: flow, index: index, childStart: children.count,
                            start: start, lastEnd: start, anchor: anchor, size: 1))
    }

    private mutating func endCollection(_ event: LoadEvent) throws(DiagnosticError) {
        let frame = frames.removeLast()
        let end = frame.isFlow ? event.end : max(frame.lastEnd, frame.start)
        let first = document.children.count
        if frame.isMapping {
            try appendEntries(from: frame.childStart, hasMerge: frame.hasMerge)
        } else {
            for k in frame.childStart..<children.count { document.children.append(children[k].node) }
            children.removeSubrange(frame.childStart...)
        }
        document.closeCollection(frame.index, firstChild: first, end: end)
        if let anchor = frame.anchor {
            openAnchors -= 1
            anchors[anchor] = (frame.index, frame.size)
        }
        add(frame.index, size: frame.size, end: end)
    }

    private mutating func alias(_ event: LoadEvent, _ base: UnsafePointer<UInt8>?) throws(DiagnosticError) {
        let name = String(decoding: event.value(in: base), as: UTF8.self)
        let start = event.start, end = event.end
        if openAnchors > 0, frames.contains(where: { $0.anchor == name }) {
            throw fail(Rule.alias,
                       "the alias *\(name) refers to a node that contains it; recursive structures cannot be loaded",
                       span(start, end))
        }
        guard let target = anchors[name] else {
            throw fail(Rule.alias,
                       "the alias *\(name) refers to no anchor: define '&\(name)' on a node before this point",
                       span(start, end))
        }
        aliasExpansion = aliasExpansion &+ target.size
        let budget = max(limits.maxAliasExpansion, limits.aliasExpansionPerNode &* nodeCount)
        if aliasExpansion > budget || aliasExpansion < 0 {
            throw fail(Rule.limit,
                       "with this alias, aliases expand the document to more than \(budget) nodes (this one alone stands for \(target.size)), so the file is refused as an alias bomb",
                       span(start, end),
                       related: [RelatedLocation(message: "the anchor &\(name) is defined here", span: node(target.node).span)])
        }
        document.sharesNodes = true
        add(target.node, size: target.size, end: end)
    }

    // MARK: mappings: merge keys and duplicates

    private static func isMergeKey(_ node: YAMLNode) -> Bool {
        guard case .scalar(let s) = node.kind, s.style == .plain, s.textIs("<<") else { return false }
        return s.tag == nil || s.tag == "tag:yaml.org,2002:merge"
    }

    /// Whether two keys are the same key after resolution (`1` and `0x1`, `"a"` and `a`).
    static func sameKey(_ a: YAMLNode, _ b: YAMLNode) -> Bool {
        if a === b { return true }
        if case .scalar(let x) = a.kind, case .scalar(let y) = b.kind { return sameScalar(x, y) }
        var budget = structureBudget
        return sameStructure(a, b, &budget)
    }

    private static func sameScalar(_ x: YAMLScalar, _ y: YAMLScalar) -> Bool {
        // Strings are the same key when their code points are (as in JSON).
        if x.isString, y.isString { return x.withUTF8 { a in y.withUTF8 { b in sameBytes(a, b) } } }
        switch (x.value, y.value) {
        case (.null, .null): return true
        case (.bool(let p), .bool(let q)): return p == q
        case (.int(let p), .int(let q)): return p == q
        case (.bigInt(let p), .bigInt(let q)): return p == q
        case (.float(let p), .float(let q)): return p == q
        case (.string(let p), .string(let q)): return p.utf8.elementsEqual(q.utf8)
        default: return false
        }
    }

    /// Most nodes compared or hashed for one collection key (keys that are
    /// collections are rare; this only bounds hostile ones).
    static let structureBudget = 100_000

    /// YAML equality of collection keys: sequences item by item, mappings
    /// as unordered sets of equal entries.
    private static func sameStructure(_ a: YAMLNode, _ b: YAMLNode, _ budget: inout Int) -> Bool {
        if a === b { return true }
        budget -= 1
        if budget < 0 { return false }
        switch (a.kind, b.kind) {
        case (.scalar(let x), .scalar(let y)):
            return sameScalar(x, y)
        case (.sequence(let p), .sequence(let q)):
            guard p.count == q.count else { return false }
            for i in 0..<p.count where !sameStructure(p[i], q[i], &budget) { return false }
            return true
        case (.mapping(let p), .mapping(let q)):
            guard p.count == q.count else { return false }
            for e in p {
                var found = false
                for f in q where sameStructure(e.key, f.key, &budget) {
                    found = sameStructure(e.value, f.value, &budget)
                    break
                }
                if !found { return false }
            }
            return true
        default:
            return false
        }
    }

    /// A hash that equal collections share (order-independent for mappings).
    private static func structureHash(_ node: YAMLNode, _ budget: inout Int) -> Int {
        budget -= 1
        if budget < 0 { return 0 }
        switch node.kind {
        case .scalar:
            return keyHash(node)
        case .sequence(let items):
            var h = 0x5EC
            for item in items { h = mix(UInt64(bitPattern: Int64(h &* 31 &+ structureHash(item, &budget))), tag: 7) }
            return h
        case .mapping(let entries):
            var h = 0x3A9
            for e in entries {
                h = h &+ mix(UInt64(bitPattern: Int64(structureHash(e.key, &budget) &* 31 &+ structureHash(e.value, &budget))), tag: 8)
            }
            return h
        }
    }

    static func identity(_ node: YAMLNode, index: Int) -> KeyIdentity {
        guard case .scalar(let s) = node.kind else { return .collection(keyHash(node)) }
        if s.isString { return .string(s.text) }
        switch s.value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .bigInt(let d): return .big(d)
        case .float(let d): return d.isNaN ? .unique(index) : .float(d == 0 ? 0 : d.bitPattern)
        case .string(let t): return .string(t)
        }
    }

    /// FNV-1a over bytes, mixed with a type tag: cheap, and only ever a
    /// prefilter (equal hashes are confirmed with `sameKey`; large mappings
    /// use a seeded dictionary instead).
    private static func fnv(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt64) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ tag
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(bitPattern: UInt(h))
    }

    private static func mix(_ x: UInt64, tag: UInt64) -> Int {
        var z = x &+ 0x9e37_79b9_7f4a_7c15 &* (tag &+ 1)
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return Int(bitPattern: UInt(z ^ (z >> 31)))
    }

    /// The key hash of a scalar from its resolved value and text bytes.
    static func keyHash(value: ScalarValue, isString: Bool, text: UnsafeBufferPointer<UInt8>) -> Int {
        if isString { return fnv(text, tag: 6) }
        switch value {
        case .null: return 1
        case .bool(let b): return b ? 3 : 2
        case .int(let i): return mix(UInt64(bitPattern: i), tag: 3)
        case .bigInt(let d):
            var d = d
            return d.withUTF8 { fnv($0, tag: 4) }
        case .float(let f): return mix(f == 0 ? 0 : f.bitPattern, tag: 5)
        case .string(let t):
            var t = t
            return t.withUTF8 { fnv($0, tag: 6) }
        }
    }

    /// The key hash of any node (collections hash alike and compare by identity).
    static func keyHash(_ node: YAMLNode) -> Int {
        guard case .scalar(let s) = node.kind else {
            var budget = structureBudget
            return structureHash(node, &budget)
        }
        let value: ScalarValue = s.isString ? .null : s.value
        return s.withUTF8 { keyHash(value: value, isString: s.isString, text: $0) }
    }

    /// Keys seen so far in one mapping: hashes compared pairwise while few,
    /// a dictionary once many.
    struct KeySet {
        var hashes: [Int] = []
        var keys: [UInt32] = []
        var index: [KeyIdentity: Int]? = nil

        mutating func reset() {
            hashes.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            index = nil
        }

        /// Inserts `key`; returns the earlier equal key, if any (and then does not insert).
        mutating func insert(_ key: UInt32, hash: Int, in document: YAMLDocument) -> UInt32? {
            if index == nil, keys.count >= 32 {
                var d: [KeyIdentity: Int] = [:]
                for (i, k) in keys.enumerated() { d[Composer.identity(document.node(k), index: i)] = i }
                index = d
            }
            if index != nil {
                let id = Composer.identity(document.node(key), index: keys.count)
                if let i = index![id], Composer.sameKey(document.node(keys[i]), document.node(key)) { return keys[i] }
                index![id] = keys.count
            } else {
                for i in 0..<hashes.count where hashes[i] == hash {
                    let k = keys[i]
                    if k == key || Composer.sameKey(document.node(k), document.node(key)) { return k }
                }
                hashes.append(hash)
            }
            keys.append(key)
            return nil
        }
    }

    private func describeKey(_ node: YAMLNode) -> String {
        guard case .scalar(let s) = node.kind else { return "this key" }
        return s.utf8Count == 0 ? "the empty key" : "the key '\(s.text)'"
    }

    private mutating func duplicate(_ key: YAMLNode, first: YAMLNode) throws(DiagnosticError) {
        var message = "\(describeKey(key)) appears twice in this mapping"
        if case .scalar(let a) = key.kind, case .scalar(let b) = first.kind, a.text != b.text {
            message = "\(describeKey(key)) is the same key as \(b.text.isEmpty ? "the empty key" : "'\(b.text)'") after YAML resolution, so it appears twice in this mapping"
        }
        try report(Diagnostic(rule: Rule.duplicateKey, message: message + "; keys must be unique",
                              span: key.span,
                              related: [RelatedLocation(message: "first defined here", span: first.span)]))
    }

    /// Appends the mapping's entries from the flat child stack to the arena:
    /// duplicates refused, merge keys applied in place (explicit keys win
    /// wherever written; earlier merged mappings win over later ones).
    private mutating func appendEntries(from start: Int, hasMerge: Bool) throws(DiagnosticError) {
        if hasMerge { document.sharesNodes = true }
        var seen = scratch
        scratch = KeySet()
        seen.reset()
        let out = document
        let base = out.children.count
        var slots: [(position: Int, key: UInt32, value: UInt32)] = []
        var duplicates: [(key: UInt32, first: UInt32)] = []
        var i = start
        while i + 1 < children.count {
            let key = children[i].node
            let value = children[i + 1].node
            if hasMerge, Self.isMergeKey(node(key)) {
                slots.append(((out.children.count - base) / 2, key, value))
            } else if let first = seen.insert(key, hash: children[i].hash, in: out) {
                duplicates.append((key, first))
            } else {
                out.children.append(key)
                out.children.append(value)
            }
            i += 2
        }
        children.removeSubrange(start...)
        for d in duplicates { try duplicate(node(d.key), first: node(d.first)) }
        if slots.isEmpty {
            scratch = seen
            return
        }
        // Merged entries go where their `<<` stood. The mapping is assembled
        // once, so the work stays linear however many merge keys a hostile
        // file writes.
        var pieces: [(position: Int, entries: [UInt32])] = []
        for slot in slots {
            var merged: [UInt32] = []
            try mergeSources(node(slot.value), key: node(slot.key)) { source in
                for e in source where seen.insert(e.key.index, hash: Composer.keyHash(e.key), in: out) == nil {
                    merged.append(e.key.index)
                    merged.append(e.value.index)
                }
            }
            if !merged.isEmpty { pieces.append((slot.position, merged)) }
        }
        scratch = seen
        guard !pieces.isEmpty else { return }
        let explicit = out.children.array(from: base)
        out.children.removeAll(from: base)
        var next = 0
        for piece in pieces {
            while next < piece.position {
                out.children.append(explicit[2 * next])
                out.children.append(explicit[2 * next + 1])
                next += 1
            }
            out.children.append(contentsOf: piece.entries)
        }
        out.children.append(contentsOf: explicit[(2 * next)...])
    }

    /// Calls `body` with the entries of each mapping a merge key's value names.
    private mutating func mergeSources(_ value: YAMLNode, key: YAMLNode,
                              _ body: (YAMLEntries) throws(DiagnosticError) -> Void) throws(DiagnosticError) {
        switch value.kind {
        case .mapping(let m):
            try body(m)
        case .sequence(let items):
            for item in items {
                guard case .mapping(let m) = item.kind else {
                    try report(Diagnostic(rule: Rule.merge,
                                          message: "the merge key '<<' takes a mapping or a list of mappings, but this list holds a \(kindName(item))",
                                          span: item.span,
                                          related: [RelatedLocation(message: "the merge key is here", span: key.span)]))
                    continue
                }
                try body(m)
            }
        case .scalar:
            try report(Diagnostic(rule: Rule.merge,
                                  message: "the merge key '<<' takes a mapping or a list of mappings, but its value is a \(kindName(value))",
                                  span: key.span,
                                  related: [RelatedLocation(message: "the value is here", span: value.span)]))
        }
    }

    private func kindName(_ node: YAMLNode) -> String {
        switch node.kind {
        case .mapping: return "mapping"
        case .sequence: return "sequence"
        case .scalar(let s): return s.isString ? "string" : "scalar"
        }
    }

    // MARK: syntax errors

    private mutating func syntaxError(_ parser: LibYAMLParser) -> DiagnosticError {
        let p = parser.withParser { $0.pointee }
        let problem = p.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = p.context.map { String(cString: $0) }
        if p.error == YAML_MEMORY_ERROR {
            return fail(Rule.limit, "out of memory while parsing", span(0, 0))
        }
        if p.error == YAML_READER_ERROR {
            var at = min(Int(p.problem_offset), text.count)  // a byte offset here
            var entry = SyntaxProblems.entry(context: nil, problem: problem)
            var message = entry?.message ?? problem
            if problem == "control characters are not allowed" {
                if p.problem_value == 0 {
                    entry = SyntaxProblems.nulByte
                    message = SyntaxProblems.nulByte.message
                } else {
                    message = "the file contains the control character U+\(hex4(Int(p.problem_value))), which YAML text may not contain"
                }
            } else if problem == "invalid trailing UTF-8 octet" || problem == "incomplete UTF-8 octet sequence" {
                // libyaml gives the bad trailing byte (or, at the end of the
                // file, the lead byte); point at the byte that starts the
                // broken character, as an editor would, and show its bytes.
                let trailing = problem == "invalid trailing UTF-8 octet"
                var lead = trailing ? at - 1 : at
                while lead > 0, at - lead < 4, lead < text.count, text[lead] < 0xC0 { lead -= 1 }
                if lead >= 0, lead < text.count, text[lead] >= 0xC0 {
                    let last = trailing ? min(at, text.count - 1) : text.count - 1
                    let shown = text[lead...max(lead, min(last, lead + 3))]
                        .map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                    message = "the file is not valid UTF-8 here: the character starting with byte 0x\(String(text[lead], radix: 16, uppercase: true)) is cut short (bytes \(shown))"
                    at = lead
                }
            } else if p.problem_value >= 0, problem.contains("UTF-8") {
                message += " (byte 0x\(String(p.problem_value, radix: 16, uppercase: true)))"
            }
            let char = origin.characterIndex(ofByte: at)
            return fail(Rule.syntax, message, span(char, char), help: entry?.help, parserMessage: problem)
        }
        let problemAt = offset(p.problem_mark)
        let contextAt = context == nil ? problemAt : offset(p.context_mark)
        let parserMessage = context.map { "\($0), \(problem)" } ?? problem
        var entry = SyntaxProblems.entry(context: context, problem: problem)
        let contextLine = origin.mark(at: contextAt).line
        var message = entry?.message.replacingLine(contextLine) ?? parserMessage
        let problemByte = origin.byteOffset(ofCharacter: problemAt)
        if problem == "found character that cannot start any token", problemByte < text.count {
            let c = text[problemByte]
            if c == 0x09 {
                entry = SyntaxProblems.tabIndentation
                message = SyntaxProblems.tabIndentation.message
            } else if c == UInt8(ascii: "@") || c == UInt8(ascii: "`") {
                entry = SyntaxProblems.reservedCharacter(in: text, at: problemByte)
                message = entry?.message ?? message
            }
        }
        let atEnd = Int(problemAt) >= origin.characterCount
        let useContext = context != nil && (entry?.pointAtContext ?? false || atEnd)
        let primary = useContext ? contextAt : problemAt
        let secondary = useContext ? problemAt : contextAt
        var related: [RelatedLocation] = []
        if let context, secondary != primary {
            if useContext {
                related.append(RelatedLocation(message: atEnd ? "the file ends here" : "the problem shows here",
                                               span: span(secondary, secondary)))
            } else if let noun = SyntaxProblems.contextNouns[context] {
                related.append(RelatedLocation(message: noun + " starts here", span: span(secondary, secondary)))
            }
        }
        return fail(Rule.syntax, message, span(primary, primary), related: related, help: entry?.help,
                    parserMessage: parserMessage)
    }

    private func hex4(_ v: Int) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}

extension String {
    fileprivate func replacingLine(_ line: Int) -> String {
        replacingOccurrences("{context}", String(line))
    }

    /// Plain substring replacement (no Foundation).
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        out += rest
        return out
    }
}
