/// The containment log: every entry the container has written, in time order.
///
/// Append-only and stored in fixed-size segments, so an append never copies
/// what is already logged: a tap costs O(1) in the worst case, not merely on
/// average, however long the script has run (a plain array doubles and copies
/// the whole log now and then, and touches fresh memory in bursts).
public struct ContainmentLog: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// Entries per segment: 4,096 entries (64 KB) each.
    private static let segmentShift = 12
    private static let segmentSize = 1 << segmentShift

    /// One entry as stored: `panel` indexes `panelIDs`, -1 for none.
    private struct Record: Equatable, Sendable {
        var time: Double
        var panel: Int32
        var event: LogEvent
        var reason: IgnoreReason?
        /// One byte beside `reason`: the record stays 16 bytes.
        var cause: ChangeCause?
    }

    private var segments: [[Record]] = []
    /// Every panel id the log names, each once.
    private var panelIDs: [String] = []
    private var panelNumbers: [String: Int32] = [:]
    /// The last two ids interned: a tap logs the same one or two ids in a row.
    private var recent: (id: String, number: Int32)? = nil
    private var previous: (id: String, number: Int32)? = nil
    /// How many entries are logged.
    public private(set) var count = 0

    /// An empty log.
    public init() {}

    /// A log holding `entries`, in order.
    ///
    /// - Parameter entries: The entries, in time order.
    public init(_ entries: some Sequence<LogEntry>) {
        for entry in entries { append(entry) }
    }

    /// A log written as an array literal (tests compare logs with literals).
    public init(arrayLiteral elements: LogEntry...) { self.init(elements) }

    /// The first index, always 0.
    public var startIndex: Int { 0 }
    /// One past the last entry.
    public var endIndex: Int { count }

    /// The entry at `position`.
    public subscript(position: Int) -> LogEntry {
        let record = segments[position >> Self.segmentShift][position & (Self.segmentSize - 1)]
        return LogEntry(time: record.time, event: record.event,
                        panel: record.panel < 0 ? nil : panelIDs[Int(record.panel)], reason: record.reason,
                        cause: record.cause)
    }

    /// The number standing for `id` in this log, assigned on first use.
    private mutating func number(for id: String) -> Int32 {
        if let recent, recent.id == id { return recent.number }
        if let previous, previous.id == id {
            swap(&self.recent, &self.previous)
            return previous.number
        }
        let number: Int32
        if let known = panelNumbers[id] {
            number = known
        } else {
            number = Int32(panelIDs.count)
            panelIDs.append(id)
            panelNumbers[id] = number
        }
        previous = recent
        recent = (id, number)
        return number
    }

    /// Adds one entry at the end.
    ///
    /// - Parameter entry: The entry, no earlier than the last one.
    public mutating func append(_ entry: LogEntry) {
        if count & (Self.segmentSize - 1) == 0 {
            var segment: [Record] = []
            segment.reserveCapacity(Self.segmentSize)
            segments.append(segment)
        }
        let panel = entry.panel.map { number(for: $0) } ?? -1
        segments[segments.count - 1].append(Record(time: entry.time, panel: panel, event: entry.event, reason: entry.reason,
                                                  cause: entry.cause))
        count += 1
    }

    /// Adds entries at the end, in order.
    ///
    /// - Parameter entries: The entries, in time order.
    public mutating func append(contentsOf entries: some Sequence<LogEntry>) {
        for entry in entries { append(entry) }
    }

    /// Adds entries at the end, in order.
    ///
    /// - Parameters:
    ///   - log: The log to extend.
    ///   - entries: The entries, in time order.
    public static func += (log: inout ContainmentLog, entries: some Sequence<LogEntry>) {
        log.append(contentsOf: entries)
    }

    /// Bytes one stored entry takes (its stride): the segment size above assumes 16.
    static var recordStride: Int { MemoryLayout<Record>.stride }

    /// Two logs are equal when they hold the same entries in the same order.
    public static func == (lhs: ContainmentLog, rhs: ContainmentLog) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
