// Unsafe here: `EventBatch` and `LibYAMLParser` are `@unchecked Sendable`,
// a batch's buffers are `@exclusivity(unchecked)`, and libyaml's events are
// read through its C pointers.
// What it buys: libyaml parses on one thread while the tree is built on the
// other, so loading a large spec takes about as long as libyaml's own parse.
// What keeps it sound: a batch and the parser each belong to one thread at a
// time, handed over through `HandoffQueue`, whose mutex orders the two
// threads: the parsing thread fills a batch and never touches it after
// pushing it (a composed batch goes back through a second queue); the
// building thread reads the parser (for a syntax error) only
// after the parsing thread has pushed its last batch. libyaml's strings are
// copied into the batch before the event is freed.

import AccordionParallel
internal import CYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libyaml event in 32 bytes, its strings copied into the batch's byte
/// buffer, so events can be parsed on one thread and composed on another
/// (a `yaml_event_t` owns heap strings that only its own thread should free).
struct LoadEvent {
    enum Kind: UInt8 {
        case scalar, mappingStart, sequenceStart, collectionEnd, alias, documentStart, streamEnd, other
    }

    var kind: Kind
    /// A scalar's `ScalarStyle` index; a collection start: 1 when flow style.
    var style: UInt8
    /// libyaml's character indices.
    var start: UInt32
    var end: UInt32
    /// The value (a scalar's text, an alias's name) in the batch's bytes.
    var valueOffset: UInt32
    var valueLength: UInt32
    /// Anchor and tag in the batch's bytes; offset `UInt32.max` when absent.
    var anchorOffset: UInt32
    var anchorLength: UInt32
    var tagOffset: UInt32
    var tagLength: UInt32

    static let absent = UInt32.max

    /// Copies `event` into a record, its strings appended to `bytes`.
    /// (This runs on the parsing thread for every event, in the time
    /// libyaml's own parse is measured against: the common case, a plain
    /// scalar with no anchor or tag, is one copy of its text.)
    init(_ event: inout yaml_event_t, bytes: inout ArenaBuffer<UInt8>) {
        start = UInt32(clamping: event.start_mark.index)
        end = UInt32(clamping: event.end_mark.index)
        style = 0
        valueOffset = 0
        valueLength = 0
        anchorOffset = Self.absent
        anchorLength = 0
        tagOffset = Self.absent
        tagLength = 0
        switch event.type {
        case YAML_SCALAR_EVENT:
            kind = .scalar
            let data = event.data.scalar
            switch data.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = 1
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = 2
            case YAML_LITERAL_SCALAR_STYLE: style = 3
            case YAML_FOLDED_SCALAR_STYLE: style = 4
            default: style = 0
            }
            valueOffset = UInt32(truncatingIfNeeded: bytes.count)
            valueLength = UInt32(truncatingIfNeeded: data.length)
            bytes.append(contentsOf: UnsafeBufferPointer(start: data.value, count: Int(data.length)))
            copyAnchorAndTag(data.anchor, data.tag, into: &bytes)
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            let data = event.data.mapping_start
            style = data.style == YAML_FLOW_MAPPING_STYLE ? 1 : 0
            copyAnchorAndTag(data.anchor, data.tag, into: &bytes)
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            let data = event.data.sequence_start
            style = data.style == YAML_FLOW_SEQUENCE_STYLE ? 1 : 0
            copyAnchorAndTag(data.anchor, data.tag, into: &bytes)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            kind = .collectionEnd
        case YAML_ALIAS_EVENT:
            kind = .alias
            (valueOffset, valueLength) = Self.copy(event.data.alias.anchor, into: &bytes)
            if valueOffset == Self.absent { valueOffset = 0 }
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart
        case YAML_STREAM_END_EVENT:
            kind = .streamEnd
        default:
            kind = .other
        }
    }

    /// Copies a node's anchor and tag into the batch's bytes, when it has them
    /// (most nodes have neither: no call then).
    @inline(__always)
    private mutating func copyAnchorAndTag(_ anchor: UnsafeMutablePointer<yaml_char_t>?, _ tag: UnsafeMutablePointer<yaml_char_t>?,
                                           into bytes: inout ArenaBuffer<UInt8>) {
        if anchor != nil { (anchorOffset, anchorLength) = Self.copy(anchor, into: &bytes) }
        if tag != nil { (tagOffset, tagLength) = Self.copy(tag, into: &bytes) }
    }

    /// Appends a NUL-terminated libyaml string (an anchor, a tag, an alias name).
    private static func copy(_ p: UnsafeMutablePointer<yaml_char_t>?, into bytes: inout ArenaBuffer<UInt8>) -> (UInt32, UInt32) {
        guard let p else { return (absent, 0) }
        let n = strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
        let offset = UInt32(truncatingIfNeeded: bytes.count)
        bytes.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        return (offset, UInt32(truncatingIfNeeded: n))
    }

    @inline(__always)
    func value(in base: UnsafePointer<UInt8>?) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base.map { $0 + Int(valueOffset) }, count: Int(valueLength))
    }

    private static func string(_ offset: UInt32, _ length: UInt32, _ base: UnsafePointer<UInt8>?) -> String? {
        guard offset != absent, let base else { return nil }
        return String(decoding: UnsafeBufferPointer(start: base + Int(offset), count: Int(length)), as: UTF8.self)
    }

    func anchor(in base: UnsafePointer<UInt8>?) -> String? { Self.string(anchorOffset, anchorLength, base) }
    func tag(in base: UnsafePointer<UInt8>?) -> String? { Self.string(tagOffset, tagLength, base) }
    var hasAnchor: Bool { anchorOffset != Self.absent }
    var hasTag: Bool { tagOffset != Self.absent }
}

/// Events parsed in a row, handed from the parsing thread to the composing
/// one in a single step (a handoff per event would cost more than the event).
final class EventBatch: @unchecked Sendable {
    // One thread at a time owns a batch (the queue hands it over), so no
    // dynamic exclusivity checks: they cost more than copying the event.
    @exclusivity(unchecked) var events = ArenaBuffer<LoadEvent>()
    @exclusivity(unchecked) var bytes = ArenaBuffer<UInt8>()
    /// libyaml stopped with an error after the events in this batch.
    @exclusivity(unchecked) var failed = false

    static let size = 2048

    deinit {
        events.deallocate()
        bytes.deallocate()
    }
}

/// libyaml's parser for one input, as an object that can be handed to the
/// thread that parses. One thread uses it at a time: the parsing thread
/// until it hands over its last batch (the queue's mutex orders that
/// handover), the composing thread after (to read a syntax error).
final class LibYAMLParser: @unchecked Sendable {
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    /// False when libyaml could not start (out of memory): then nothing else may be called.
    let started: Bool

    init() {
        started = yaml_parser_initialize(parser) != 0
    }

    deinit {
        if started { yaml_parser_delete(parser) }
        parser.deallocate()
    }

    /// Calls `body` while the parser reads `input`: libyaml keeps a pointer
    /// to the input, valid only during this call, so every parse of it
    /// happens inside `body` (on either thread: `Parallel` joins before
    /// returning), and the parser is not used for parsing afterwards.
    func reading<R, E: Error>(_ input: [UInt8], _ body: () throws(E) -> R) throws(E) -> R {
        try input.withUnsafeBufferPointer { (b) throws(E) -> R in
            yaml_parser_set_input_string(parser, b.baseAddress ?? UnsafePointer(bitPattern: 1)!, b.count)
            return try withExtendedLifetime(self) { () throws(E) -> R in try body() }
        }
    }

    /// Calls `body` with libyaml's parser, this object kept alive meanwhile.
    @inline(__always)
    func withParser<R, E: Error>(_ body: (UnsafeMutablePointer<yaml_parser_t>) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(self) { () throws(E) -> R in try body(parser) }
    }
}

/// Runs libyaml's parser over the whole input, handing events to `queue` in
/// batches; stops at the end of the stream, at a parse error (the last
/// batch is marked), or when the consumer cancels.
func produceEvents(_ parser: LibYAMLParser, into queue: HandoffQueue<EventBatch>,
                   reusing spares: HandoffQueue<EventBatch>) {
    parser.withParser { produceEvents($0, into: queue, reusing: spares) }
}

private func produceEvents(_ parser: UnsafeMutablePointer<yaml_parser_t>, into queue: HandoffQueue<EventBatch>,
                           reusing spares: HandoffQueue<EventBatch>) {
    func emptyBatch() -> EventBatch {
        if let spare = spares.poll() {
            spare.events.removeAll(from: 0)
            spare.bytes.removeAll(from: 0)
            spare.failed = false
            return spare
        }
        let batch = EventBatch()
        batch.events.reserveCapacity(EventBatch.size)
        batch.bytes.reserveCapacity(EventBatch.size * 16)
        return batch
    }
    var batch = emptyBatch()
    defer { queue.finish() }
    var event = yaml_event_t()
    while true {
        guard yaml_parser_parse(parser, &event) != 0 else {
            batch.failed = true
            queue.push(batch)
            return
        }
        let record = LoadEvent(&event, bytes: &batch.bytes)
        yaml_event_delete(&event)
        batch.events.append(record)
        if record.kind == .streamEnd {
            queue.push(batch)
            return
        }
        if batch.events.count >= EventBatch.size {
            guard queue.push(batch) else { return }
            batch = emptyBatch()
        }
    }
}
