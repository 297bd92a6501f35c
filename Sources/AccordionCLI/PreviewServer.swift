#if canImport(Glibc)
import Glibc
#endif
import AccordionServe

/// The I/O of `accordion preview`: one thread, one `poll` over the listening
/// socket, the file watcher, the signal descriptor and every connection.
/// Every decision about a request (parsing, the Host check, routing) is the
/// pure code of AccordionServe; this file only moves bytes.
///
/// Bounds (`ConnectionPolicy` decides who gets in): at most
/// `maxRequests` connections reading a request or writing an answer, and
/// apart from them at most `maxStreams` event streams; at either limit the
/// oldest waiting connection (or the oldest stream) is closed to make room,
/// so the page is always served. A connection that sends nothing is closed
/// after `idleTimeout`, a request head must come whole within
/// `HTTPRequestParser.maxHeadBytes` and `headTimeout` seconds, nothing is
/// read after the head, every connection is closed after its answer (event
/// streams when the page goes away), and a stream that stops reading is
/// dropped once `maxPending` bytes wait for it.
final class PreviewServer {
    static let maxPending = 1 << 20
    /// Idle event streams get a comment this often, which also finds closed peers.
    static let keepAliveInterval = 15.0

    /// One connection's state.
    final class Connection {
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var sent = 0
        /// An event stream: it stays open and receives every new event.
        var streaming = false
        /// The answer is queued: once written, the connection closes.
        var answered = false
        /// Writing is done and shut down; reading until the peer closes or the deadline.
        var lingering = false
        /// When it was accepted.
        let since: Double
        var deadline: Double

        init(fd: Int32, now: Double) {
            self.fd = fd
            since = now
            // Until its first byte, a connection has the idle time; then the whole head's.
            deadline = now + ConnectionPolicy.idleTimeout
        }

        var pending: Int { output.count - sent }

        var role: ConnectionPolicy.Role {
            streaming ? .streaming : lingering ? .lingering : answered ? .answering : .waiting
        }
    }

    let listener: Int32
    let site: PreviewSite
    var session: PreviewSession
    let watcher: FileWatcher
    let signals: Int32
    var connections: [Int32: Connection] = [:]

    private init(listener: Int32, site: PreviewSite, session: PreviewSession, watcher: FileWatcher, signals: Int32) {
        self.listener = listener
        self.site = site
        self.session = session
        self.watcher = watcher
        self.signals = signals
    }

    /// Runs `preview` until SIGINT or SIGTERM.
    static func main(_ options: PreviewOptions) -> Int32 {
        let signals = Interrupts.descriptor()
        var st = stat()
        let problem = stat(options.input, &st) != 0 ? FileWalk.describe(errno)
            : st.st_mode & S_IFMT == S_IFDIR ? "it is a directory"
            : st.st_mode & S_IFMT != S_IFREG ? "it is not a regular file (a FIFO, socket or device)" : nil
        if let problem {
            IO.writeStderr("accordion: error: cannot preview '\(options.input)': \(problem)\n")
            return 2
        }
        let watcher: FileWatcher
        do throws(IO.Failure) {
            watcher = try FileWatcher(files: [options.input], trees: [])
        } catch {
            IO.writeStderr("accordion: error: \(error.message)\n")
            return 2
        }
        let listener: Int32
        let port: Int
        switch listen(on: options.address, port: options.port) {
        case .failure(let failure):
            IO.writeStderr("accordion: error: \(failure.message)\n")
            return 2
        case .success(let bound):
            (listener, port) = bound
        }
        if !options.address.isLoopback {
            IO.writeStderr("accordion: warning: listening on \(options.host):\(port), which other machines can reach; "
                + "anyone who can connect can read the page\n")
        }
        var session = PreviewSession(path: options.input, color: options.color)
        session.device = options.device
        session.reload()
        let server = PreviewServer(listener: listener, site: PreviewSite(port: port, boundHost: options.host),
                                   session: session, watcher: watcher, signals: signals)
        IO.writeStdout("Previewing \(options.input) at http://\(options.address.urlHost):\(port)/ (Ctrl-C stops)\n")
        server.loop()
        server.shutDown()
        IO.writeStderr("── \(clockTime()) · stopped ──\n")
        return 0
    }

    /// A listening, non-blocking TCP socket on the address and port (the port the kernel chose for 0).
    static func listen(on address: ListenAddress, port: UInt16) -> Result<(Int32, Int), IO.Failure> {
        let family: Int32
        switch address {
        case .v4: family = AF_INET
        case .v6: family = AF_INET6
        }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        if fd < 0 { return .failure(IO.Failure(message: "cannot open a socket: \(String(cString: strerror(errno)))")) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var result: Int32
        switch address {
        case .v4(let a):
            var sa = sockaddr_in()
            sa.sin_family = sa_family_t(AF_INET)
            sa.sin_port = port.bigEndian
            sa.sin_addr = a
            result = bindSocket(fd, &sa)
        case .v6(let a):
            // Only IPv6: `::1` must not also take IPv4 addresses.
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
            var sa = sockaddr_in6()
            sa.sin6_family = sa_family_t(AF_INET6)
            sa.sin6_port = port.bigEndian
            sa.sin6_addr = a
            result = bindSocket(fd, &sa)
        }
        // A backlog for a burst of connections (a tab's page and stream, or hundreds at once).
        if result == 0 { result = Glibc.listen(fd, 1024) }
        if result != 0 {
            let code = errno
            close(fd)
            let reason = code == EADDRINUSE ? "it is in use; give another --port, or --port 0 for a free one"
                : code == EACCES ? "permission denied (ports below 1024 need privileges)"
                : code == EADDRNOTAVAIL ? "this machine has no such address" : String(cString: strerror(code))
            return .failure(IO.Failure(message: "cannot listen on port \(port): \(reason)"))
        }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let boundPort = withUnsafePointer(to: &bound) { pointer -> UInt16 in
            family == AF_INET
                ? pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
                : pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
        }
        return .success((fd, Int(UInt16(bigEndian: boundPort))))
    }

    /// `bind` with a `sockaddr_in` or `sockaddr_in6`, passed as the `sockaddr` it starts with.
    static func bindSocket<Address>(_ fd: Int32, _ address: inout Address) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double { monotonicSeconds() }

    /// The loop: until a signal arrives.
    func loop() {
        var changes = ChangeBurst()
        var nextKeepAlive = Self.now() + Self.keepAliveInterval
        while true {
            var polls = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                         pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0),
                         pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            for connection in connections.values {
                var events = Int16(POLLIN)
                if connection.pending > 0, !connection.lingering { events |= Int16(POLLOUT) }
                polls.append(pollfd(fd: connection.fd, events: events, revents: 0))
            }
            var wake = nextKeepAlive
            if let due = changes.due { wake = min(wake, due) }
            for connection in connections.values where !connection.streaming || connection.lingering {
                wake = min(wake, connection.deadline)
            }
            let timeout = Int32(max(0, min((wake - Self.now()) * 1000, 60_000)).rounded(.up))
            let ready = poll(&polls, nfds_t(polls.count), timeout)
            if ready < 0, errno != EINTR { return }
            if polls[0].revents != 0 { return }
            if polls[1].revents != 0, !watcher.drain().isEmpty {
                // An editor's save is often several events: wait for quiet, but not for ever.
                changes.changed(at: Self.now())
            }
            if polls[2].revents != 0 { acceptAll() }
            for p in polls.dropFirst(3) where p.revents != 0 {
                guard let connection = connections[p.fd] else { continue }
                if p.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { receive(connection) }
                if connections[p.fd] != nil, p.revents & Int16(POLLOUT) != 0 { flush(connection) }
            }
            let now = Self.now()
            if changes.take(at: now) {
                session.reload()
                broadcast(session.event)
            }
            if now >= nextKeepAlive {
                nextKeepAlive = now + Self.keepAliveInterval
                broadcast(ServerSentEvent.keepAlive)
            }
            for connection in Array(connections.values) where now >= connection.deadline && !connection.streaming {
                if connection.lingering || connection.answered || connection.input.isEmpty {
                    // An idle connection is closed without a word (it asked nothing).
                    drop(connection)
                } else {
                    answer(connection, HTTPResponse.refusal(.requestTimeout, reason: "the request head did not arrive in time"))
                }
            }
        }
    }

    /// Accepts every waiting connection, making room as `ConnectionPolicy`
    /// says: the oldest connection still waiting for its request gets 503 and
    /// is closed; a newcomer is refused (503) only when every request
    /// connection is writing an answer.
    func acceptAll() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 { return }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            guard makeRoom() else {
                turnAway(fd, "too many connections")
                continue
            }
            let connection = Connection(fd: fd, now: Self.now())
            connections[fd] = connection
            // A client sends its request as soon as it connects, so under
            // load the head is often in the socket before the accept: read
            // it now, so a stream or an answered request is not counted as
            // waiting (200 tabs opening at once would otherwise turn away
            // their own streams before a byte of them was read).
            receive(connection)
        }
    }

    /// Makes room for one more request connection as `ConnectionPolicy`
    /// says. Before the oldest connection waiting for its request is
    /// closed, what it sent since is read: one whose request has arrived is
    /// not waiting any more, and the policy is asked again.
    ///
    /// - Returns: False when no room can be made (the newcomer is refused).
    func makeRoom() -> Bool {
        while true {
            switch ConnectionPolicy.admitRequest(among: slots()) {
            case .admit:
                return true
            case .refuse:
                return false
            case .admitClosing(let old):
                guard let connection = connections[old] else { return true }
                if connection.role == .waiting {
                    receive(connection)
                    // Its peer closed it: that made the room.
                    guard let still = connections[old] else { return true }
                    // Its request arrived: it is not waiting any more (this
                    // happens once per connection), so ask again.
                    if still.role != .waiting { continue }
                }
                turnAway(connection.fd, "too many connections; the oldest one waiting for its request was closed")
                connections[old] = nil
                return true
            }
        }
    }

    /// The connections as the policy sees them (all but `except`).
    func slots(except: Int32? = nil) -> [ConnectionPolicy.Slot<Int32>] {
        connections.values.filter { $0.fd != except }.map { ConnectionPolicy.Slot(id: $0.fd, role: $0.role, since: $0.since) }
    }

    /// A 503 written as far as the socket takes it at once, then the connection closed.
    func turnAway(_ fd: Int32, _ reason: String) {
        let refusal = HTTPResponse.refusal(.serviceUnavailable, reason: reason)
        _ = refusal.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(fd)
    }

    /// Reads what arrived: the request head while it is incomplete, anything
    /// later only to drop it; the peer closing ends the connection.
    func receive(_ connection: Connection) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                drop(connection)
                return
            }
            if n < 0 { break }
            if connection.answered || connection.streaming { continue }
            if connection.input.isEmpty {
                // The head has begun: it now has until the head's deadline to arrive whole.
                connection.deadline = connection.since + ConnectionPolicy.headTimeout
            }
            connection.input += chunk[0..<n]
            switch HTTPRequestParser.parse(connection.input) {
            case .incomplete: continue
            case .invalid(let status, let reason):
                answer(connection, HTTPResponse.refusal(status, reason: reason))
            case .complete(let request):
                respond(connection, to: request)
            }
            connection.input = []
        }
    }

    /// Answers a whole request head by its route.
    func respond(_ connection: Connection, to request: HTTPRequestHead) {
        switch PreviewRoute.decide(request, site: site) {
        case .refused(let status, let reason):
            answer(connection, HTTPResponse.refusal(status, reason: reason))
        case .page(let kept):
            answer(connection, HTTPResponse.bytes(.ok, contentType: "text/html; charset=utf-8", body: session.page(keeping: kept)))
        case .events:
            if case .admitClosing(let old) = ConnectionPolicy.admitStream(among: slots(except: connection.fd)),
               let oldest = connections[old] {
                drop(oldest)
            }
            connection.streaming = true
            // `retry`: a page whose server restarts finds it again within a second.
            queue(connection, HTTPResponse.eventStreamHead + Array(("retry: 1000\n\n" + session.event).utf8))
        }
    }

    /// Queues a whole answer; the connection closes once it is written.
    func answer(_ connection: Connection, _ bytes: [UInt8]) {
        connection.answered = true
        connection.deadline = Self.now() + ConnectionPolicy.headTimeout
        queue(connection, bytes)
    }

    func queue(_ connection: Connection, _ bytes: [UInt8]) {
        connection.output += bytes
        flush(connection)
    }

    /// Sends an event to every open stream.
    func broadcast(_ event: String) {
        let bytes = Array(event.utf8)
        for connection in Array(connections.values) where connection.streaming && !connection.lingering {
            if connection.pending + bytes.count > Self.maxPending {
                drop(connection)
            } else {
                queue(connection, bytes)
            }
        }
    }

    /// Writes what the socket takes now; a finished answer shuts the sending side.
    func flush(_ connection: Connection) {
        while connection.pending > 0 {
            let n = connection.output.withUnsafeBytes {
                send(connection.fd, $0.baseAddress! + connection.sent, connection.pending, Int32(MSG_NOSIGNAL))
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                drop(connection)
                return
            }
            connection.sent += n
        }
        if connection.pending == 0 {
            connection.output = []
            connection.sent = 0
            if connection.answered, !connection.lingering {
                shutdown(connection.fd, Int32(SHUT_WR))
                connection.lingering = true
                connection.deadline = Self.now() + ConnectionPolicy.lingerTimeout
            }
        }
    }

    func drop(_ connection: Connection) {
        close(connection.fd)
        connections[connection.fd] = nil
    }

    /// Closes every connection and the listening socket.
    func shutDown() {
        for connection in Array(connections.values) { drop(connection) }
        close(listener)
    }
}
