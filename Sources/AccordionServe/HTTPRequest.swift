/// The head of an HTTP/1.x request: what `accordion preview` reads before it
/// answers. It never reads a body: it answers only `GET` and closes every
/// connection after its answer, so bytes after the head are never
/// interpreted (no request smuggling through a body).
public struct HTTPRequestHead: Equatable, Sendable {
    /// The method as sent (`GET`); methods are case-sensitive.
    public var method: String
    /// The request target in origin form: `/`, `/events?x=1`.
    public var target: String
    /// The minor version of HTTP/1 (0 or 1).
    public var minorVersion: Int
    /// The header fields in the order sent.
    public var fields: [HTTPField]

    /// Creates a request head (the parser makes them; tests too).
    public init(method: String, target: String, minorVersion: Int = 1, fields: [HTTPField] = []) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.fields = fields
    }

    /// Every value of the field `name`, compared case-insensitively as HTTP field names are.
    ///
    /// - Parameter name: A field name such as `Host`.
    /// - Returns: The values in the order sent; empty when the field is absent.
    public func values(_ name: String) -> [String] {
        let wanted = name.lowercased()
        return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    /// The path of the target, without its query.
    public var path: String {
        target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
    }

    /// The query of the target (after `?`), or nil when it has none.
    public var query: String? {
        target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
    }
}

/// One header field line: `Host: 127.0.0.1:8017`.
public struct HTTPField: Equatable, Sendable {
    /// The name as sent.
    public var name: String
    /// The value without the whitespace around it.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A status line's code and reason phrase.
public struct HTTPStatus: Equatable, Sendable {
    /// The three-digit code.
    public var code: Int
    /// The reason phrase after it.
    public var reason: String

    /// Creates a status.
    public init(_ code: Int, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// 200: the page or the event stream.
    public static let ok = HTTPStatus(200, "OK")
    /// 400: bytes that are not an HTTP/1.x request head.
    public static let badRequest = HTTPStatus(400, "Bad Request")
    /// 403: a `Host` the server does not answer to (DNS rebinding).
    public static let forbidden = HTTPStatus(403, "Forbidden")
    /// 404: anything but the page and its event stream.
    public static let notFound = HTTPStatus(404, "Not Found")
    /// 405: anything but `GET`.
    public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    /// 408: a head that did not arrive in time.
    public static let requestTimeout = HTTPStatus(408, "Request Timeout")
    /// 431: a head over the size or field-count limit.
    public static let headerFieldsTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    /// 503: more connections at once than the server keeps.
    public static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
    /// 505: a version other than HTTP/1.x.
    public static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}

/// What the bytes received so far on a connection amount to.
public enum HTTPHeadParse: Equatable, Sendable {
    /// The head has not ended yet and is still within the limit: read more.
    case incomplete
    /// A whole, well-formed head.
    case complete(HTTPRequestHead)
    /// Not a request this server reads: answer with the status and close.
    case invalid(HTTPStatus, String)
}

/// A strict reader of HTTP/1.x request heads (RFC 9112), as a pure function
/// of the bytes received so far, so every malformed or hostile input is a
/// unit test rather than a live socket.
public enum HTTPRequestParser {
    /// The largest head read; a longer one is refused with 431 before it ends.
    public static let maxHeadBytes = 8 * 1024
    /// The most header fields read.
    public static let maxFields = 64

    /// Reads the request head at the start of `bytes`.
    ///
    /// Lines end with CRLF or a bare LF (RFC 9112 §2.2 lets a recipient take
    /// LF); empty lines before the request line are skipped. Only the
    /// origin form of the target is taken (this is no proxy). An HTTP/1.1
    /// request needs exactly one `Host` field; a folded field line, a space
    /// before a colon, control characters and a second `Host` are refused.
    ///
    /// - Parameter bytes: Everything received on the connection so far.
    /// - Returns: `incomplete` until the empty line that ends the head
    ///   arrives, then the head or why it is refused.
    public static func parse(_ bytes: some Collection<UInt8>) -> HTTPHeadParse {
        let data = Array(bytes.prefix(maxHeadBytes + 4))
        var start = 0
        // Empty lines before the request line are ignored (RFC 9112 §2.2).
        while start < data.count, data[start] == 0x0D || data[start] == 0x0A {
            if data[start] == 0x0D, start + 1 < data.count, data[start + 1] != 0x0A {
                return .invalid(.badRequest, "a bare CR before the request line")
            }
            start += 1
        }
        // The lines of the head, up to the first empty one.
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = start
        var ended = false
        var i = start
        while i < data.count {
            if data[i] == 0x0A {
                var end = i
                if end > lineStart, data[end - 1] == 0x0D { end -= 1 }
                if end == lineStart {
                    ended = true
                    break
                }
                lines.append(data[lineStart..<end])
                lineStart = i + 1
            }
            i += 1
        }
        guard ended else {
            return bytes.count > maxHeadBytes ? .invalid(.headerFieldsTooLarge, "the request head is over \(maxHeadBytes) bytes")
                : .incomplete
        }
        if i + 1 > maxHeadBytes { return .invalid(.headerFieldsTooLarge, "the request head is over \(maxHeadBytes) bytes") }
        guard let requestLine = lines.first else { return .invalid(.badRequest, "no request line") }
        let head: HTTPRequestHead
        switch parseRequestLine(requestLine) {
        case .failure(let refusal): return .invalid(refusal.status, refusal.reason)
        case .success(let h): head = h
        }
        var request = head
        if lines.count - 1 > maxFields { return .invalid(.headerFieldsTooLarge, "more than \(maxFields) header fields") }
        for line in lines.dropFirst() {
            switch parseField(line) {
            case .failure(let refusal): return .invalid(refusal.status, refusal.reason)
            case .success(let field): request.fields.append(field)
            }
        }
        let hosts = request.values("Host")
        if hosts.count > 1 { return .invalid(.badRequest, "more than one Host field") }
        if request.minorVersion == 1, hosts.isEmpty { return .invalid(.badRequest, "an HTTP/1.1 request without a Host field") }
        return .complete(request)
    }

    /// Why a line is refused.
    struct Refusal: Error {
        var status: HTTPStatus
        var reason: String
        init(_ reason: String, _ status: HTTPStatus = .badRequest) {
            self.status = status
            self.reason = reason
        }
    }

    /// `METHOD SP target SP HTTP/1.x`, single spaces, as RFC 9112 §3 writes it.
    static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<HTTPRequestHead, Refusal> {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(Refusal("a request line that is not 'METHOD TARGET HTTP/1.1'")) }
        let method = parts[0], target = parts[1], version = parts[2]
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else { return .failure(Refusal("a method that is not a token")) }
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(Refusal("a target that is not an origin-form path"))
        }
        let v = Array(version)
        guard v.count == 8, Array(v[0..<5]) == Array("HTTP/".utf8), isDigit(v[5]), v[6] == UInt8(ascii: "."), isDigit(v[7]) else {
            return .failure(Refusal("a version that is not HTTP/x.y"))
        }
        guard v[5] == UInt8(ascii: "1"), v[7] <= UInt8(ascii: "1") else {
            return .failure(Refusal("only HTTP/1.0 and HTTP/1.1 are served", .versionNotSupported))
        }
        return .success(HTTPRequestHead(method: String(decoding: method, as: UTF8.self),
                                        target: String(decoding: target, as: UTF8.self),
                                        minorVersion: Int(v[7] - UInt8(ascii: "0"))))
    }

    /// `name: value`: a token, a colon with no space before it, the value
    /// without surrounding spaces and tabs, no control characters.
    static func parseField(_ line: ArraySlice<UInt8>) -> Result<HTTPField, Refusal> {
        guard let first = line.first, first != 0x20, first != 0x09 else {
            return .failure(Refusal("a folded header line (obsolete line folding)"))
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .failure(Refusal("a header line without a colon")) }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return .failure(Refusal("a header name that is not a token")) }
        var value = line[(colon + 1)...]
        while let b = value.first, b == 0x20 || b == 0x09 { value = value.dropFirst() }
        while let b = value.last, b == 0x20 || b == 0x09 { value = value.dropLast() }
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            return .failure(Refusal("a control character in a header value"))
        }
        return .success(HTTPField(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// tchar of RFC 9110 §5.6.2.
    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }
}
