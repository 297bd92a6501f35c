/// How `accordion preview` shares its connections so that the page is
/// always served: event streams are counted apart from requests, and when a
/// budget is full the connection that matters least makes room for the new
/// one (the oldest still waiting for its request, the oldest stream), so
/// idle or long-lived connections, however many, never keep the page out.
///
/// The numbers are the documented limits (README, "Live preview").
public enum ConnectionPolicy {
    /// Connections reading a request head or writing an answer, at once.
    public static let maxRequests = 64
    /// Open event streams (one per open tab), counted apart from requests.
    public static let maxStreams = 256
    /// Seconds a connection may stay open without sending a byte: a
    /// browser's spare connection, or one held open to starve the server.
    public static let idleTimeout = 3.0
    /// Seconds a request head, once begun, has to arrive whole (slow
    /// senders are cut at this point).
    public static let headTimeout = 10.0
    /// Seconds a connection whose answer is written may take to close (what
    /// it still sends is read and dropped, so the answer is not cut by a reset).
    public static let lingerTimeout = 2.0

    /// What a connection is doing.
    public enum Role: Equatable, Sendable {
        /// Waiting for its request head (or part of it).
        case waiting
        /// Writing its answer.
        case answering
        /// Its answer written, waiting for the peer to close.
        case lingering
        /// An event stream.
        case streaming
    }

    /// One open connection as the policy sees it.
    public struct Slot<ID: Hashable & Sendable>: Equatable, Sendable {
        /// The connection.
        public var id: ID
        /// What it is doing.
        public var role: Role
        /// When it was accepted (seconds on any monotonic clock).
        public var since: Double

        /// Creates a slot.
        public init(id: ID, role: Role, since: Double) {
            self.id = id
            self.role = role
            self.since = since
        }
    }

    /// Whether a newcomer gets in, and what closes to make room for it.
    public enum Admission<ID: Hashable & Sendable>: Equatable, Sendable {
        /// There is room.
        case admit
        /// It gets in once this connection is closed.
        case admitClosing(ID)
        /// No room can be made: every request connection is writing an answer.
        case refuse
    }

    /// Room for a newly accepted connection (which will send a request):
    /// under `maxRequests` it gets in; at the limit the oldest connection
    /// still waiting for its request is closed for it (it has had the
    /// longest to send one), else the oldest lingering one; answers being
    /// written are never cut. Event streams do not count.
    ///
    /// - Parameter slots: The connections open now.
    /// - Returns: The admission.
    public static func admitRequest<ID>(among slots: [Slot<ID>]) -> Admission<ID> {
        let requests = slots.filter { $0.role != .streaming }
        guard requests.count >= maxRequests else { return .admit }
        for role in [Role.waiting, .lingering] {
            if let oldest = oldest(requests.filter { $0.role == role }) { return .admitClosing(oldest.id) }
        }
        return .refuse
    }

    /// Room for a new event stream: under `maxStreams` it gets in; at the
    /// limit the oldest stream is closed for it (the newest tab is the one
    /// being looked at; a closed stream's page retries after a second).
    ///
    /// - Parameter slots: The connections open now, the newcomer not among them.
    /// - Returns: The admission (never `.refuse`).
    public static func admitStream<ID>(among slots: [Slot<ID>]) -> Admission<ID> {
        let streams = slots.filter { $0.role == .streaming }
        guard streams.count >= maxStreams, let oldest = oldest(streams) else { return .admit }
        return .admitClosing(oldest.id)
    }

    private static func oldest<ID>(_ slots: [Slot<ID>]) -> Slot<ID>? {
        slots.min { $0.since < $1.since }
    }
}

/// When to act on a burst of file changes: once the file has been quiet for
/// `settle` seconds (an editor's save is several events: write, rename,
/// attributes), but never later than `maxWait` after the burst's first
/// change, so a storm of saves (one every 10 ms) still gets a reload at
/// least that often instead of none until it stops.
public struct ChangeBurst: Equatable, Sendable {
    /// Seconds of quiet that end a burst.
    public static let settle = 0.05
    /// The longest a change waits for the quiet, in seconds.
    public static let maxWait = 0.5

    /// When the burst's first and last changes came; nil between bursts.
    public private(set) var first: Double?
    /// When the latest change came.
    public private(set) var last: Double?

    /// No burst yet.
    public init() {}

    /// Notes a change.
    ///
    /// - Parameter now: The time of the change (seconds, monotonic).
    public mutating func changed(at now: Double) {
        if first == nil { first = now }
        last = now
    }

    /// When to act: the quiet's end or the longest wait, whichever is
    /// earlier; nil when nothing changed.
    public var due: Double? {
        guard let first, let last else { return nil }
        return min(last + Self.settle, first + Self.maxWait)
    }

    /// Ends the burst when it is due.
    ///
    /// - Parameter now: The time now.
    /// - Returns: True when it was due (act now), false otherwise.
    public mutating func take(at now: Double) -> Bool {
        guard let due, now >= due else { return false }
        first = nil
        last = nil
        return true
    }
}
