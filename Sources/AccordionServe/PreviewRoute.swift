/// Where the preview server listens, as the `Host` check needs it.
public struct PreviewSite: Equatable, Sendable {
    /// The port bound (the one the kernel chose for `--port 0`).
    public var port: Int
    /// The `--host` address as the user wrote it (`127.0.0.1`, `::1`, `192.168.1.20`).
    public var boundHost: String

    /// Creates a site.
    public init(port: Int, boundHost: String = "127.0.0.1") {
        self.port = port
        self.boundHost = boundHost
    }

    /// Whether a request's `Host` names this server: `127.0.0.1:PORT`,
    /// `localhost:PORT`, `[::1]:PORT` or the bound host with the port, and
    /// nothing else. A page on another origin whose name an attacker has
    /// pointed at 127.0.0.1 (DNS rebinding) sends its own name as `Host`,
    /// so it is refused before it can read the page or the stream.
    ///
    /// - Parameter host: The value of the request's `Host` field.
    /// - Returns: True when the server answers to that name.
    public func accepts(host: String) -> Bool {
        let asked = host.lowercased()
        var names = ["127.0.0.1", "localhost", "[::1]"]
        let bound = boundHost.lowercased()
        names.append(bound.contains(":") && !bound.hasPrefix("[") ? "[\(bound)]" : bound)
        let suffix = ":\(port)"
        // A browser leaves out only the scheme's default port.
        return names.contains { asked == $0 + suffix || (port == 80 && asked == $0) }
    }
}

/// Which panel the page asks to keep open across a reload (`/?expanded=ID`).
public enum KeptPanel: Equatable, Sendable {
    /// No wish: the state the spec's script leaves.
    case spec
    /// Every panel collapsed (`/?expanded=`).
    case none
    /// The panel with this id open.
    case panel(String)
}

/// What the server does with a request.
public enum PreviewRoute: Equatable, Sendable {
    /// The page, keeping the panel the reloading page had open.
    case page(KeptPanel)
    /// The event stream that tells the page to reload or to show the problems.
    case events
    /// A refusal with its status and a short reason (the response body).
    case refused(HTTPStatus, String)

    /// The one routing decision: first the `Host` (403 for a name the server
    /// does not answer to), then the method (405 for anything but `GET`), then
    /// the path (`/` the page, `/events` the stream, 404 for anything else;
    /// no file is ever served from disk).
    ///
    /// - Parameters:
    ///   - request: A parsed request head.
    ///   - site: Where the server listens.
    /// - Returns: The page, the stream or a refusal.
    public static func decide(_ request: HTTPRequestHead, site: PreviewSite) -> PreviewRoute {
        guard let host = request.values("Host").first, site.accepts(host: host) else {
            return .refused(.forbidden, "this server answers only to 127.0.0.1:\(site.port), localhost:\(site.port) and [::1]:\(site.port)")
        }
        guard request.method == "GET" else { return .refused(.methodNotAllowed, "only GET is answered") }
        switch request.path {
        case "/": return .page(keptPanel(query: request.query))
        case "/events": return .events
        default: return .refused(.notFound, "only / and /events are served")
        }
    }

    /// The `expanded` parameter of a query (form encoding: `%XX` and `+`);
    /// `.spec` when it is absent or not valid percent-encoded UTF-8.
    ///
    /// - Parameter query: The text after `?`, or nil.
    /// - Returns: The panel the page asks to keep open.
    public static func keptPanel(query: String?) -> KeptPanel {
        guard let query else { return .spec }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == "expanded" else { continue }
            guard let value = formDecode(parts.count > 1 ? parts[1] : "") else { return .spec }
            return value.isEmpty ? .none : .panel(value)
        }
        return .spec
    }

    /// `%XX` escapes and `+` for a space decoded; nil for a broken escape or bytes that are not UTF-8.
    static func formDecode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let b = utf8.next() {
            switch b {
            case UInt8(ascii: "+"): bytes.append(0x20)
            case UInt8(ascii: "%"):
                guard let h = utf8.next().flatMap(hexValue), let l = utf8.next().flatMap(hexValue) else { return nil }
                bytes.append(h << 4 | l)
            default: bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }
}

/// The bytes the server writes: status line, fields, body. Every response
/// closes its connection, and none may be cached, framed or sniffed.
public enum HTTPResponse {
    /// The fields every response carries.
    static let common = "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n"
        + "Referrer-Policy: no-referrer\r\nConnection: close\r\n"

    /// A whole response with a body of known length.
    ///
    /// - Parameters:
    ///   - status: The status line's code and reason.
    ///   - contentType: The body's media type.
    ///   - body: The body.
    ///   - extraFields: Further `Name: value` lines (such as `Allow: GET`).
    /// - Returns: The bytes to write before closing the connection.
    public static func bytes(_ status: HTTPStatus, contentType: String, body: String, extraFields: [HTTPField] = []) -> [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.reason)\r\nContent-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.utf8.count)\r\n" + common
        for field in extraFields { head += "\(field.name): \(field.value)\r\n" }
        return Array((head + "\r\n").utf8) + Array(body.utf8)
    }

    /// A refusal: the status and its reason as plain text (405 also says `Allow: GET`).
    ///
    /// - Parameters:
    ///   - status: The refusal's status.
    ///   - reason: One line saying why.
    /// - Returns: The bytes to write before closing the connection.
    public static func refusal(_ status: HTTPStatus, reason: String) -> [UInt8] {
        bytes(status, contentType: "text/plain; charset=utf-8", body: "\(status.code) \(status.reason): \(reason)\n",
              extraFields: status == .methodNotAllowed ? [HTTPField("Allow", "GET")] : [])
    }

    /// The head of the event stream; events follow until either side closes.
    public static let eventStreamHead = Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        + common + "\r\n").utf8)
}

/// One Server-Sent Event (the WHATWG `text/event-stream` format).
public enum ServerSentEvent {
    /// `event: NAME`, one `data:` line per line of `data` (CR, LF and CRLF
    /// all end a line, so no line of the data can end the event early), and
    /// the empty line that dispatches it.
    ///
    /// - Parameters:
    ///   - name: The event type the page listens for.
    ///   - data: The payload; the page receives it with its lines joined by LF.
    /// - Returns: The event's text.
    public static func encode(_ name: String, data: String) -> String {
        var out = "event: \(name)\n"
        var line = ""
        var afterCR = false
        for scalar in data.unicodeScalars {
            if scalar == "\n", afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            if scalar == "\r" || scalar == "\n" {
                out += "data: \(line)\n"
                line = ""
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return out + "data: \(line)\n\n"
    }

    /// A comment line that keeps an idle stream alive and finds closed peers.
    public static let keepAlive = ": keep-alive\n\n"
}
