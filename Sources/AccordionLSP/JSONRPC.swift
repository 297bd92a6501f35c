import AccordionDiagnostics
import AccordionYAML
import JSONSchema

/// A request's id, echoed in its response exactly as the client wrote it.
public enum RequestID: Hashable, Sendable {
    /// A numeric id.
    case int(Int64)
    /// A string id.
    case string(String)

    var json: JSONValue {
        switch self {
        case .int(let n): .int(Int(n))
        case .string(let s): .string(s)
        }
    }

    init?(_ node: YAMLNode?) {
        guard let node else { return nil }
        switch node.scalar?.value {
        case .int(let n): self = .int(n)
        case .string(let s): self = .string(s)
        default: return nil
        }
    }
}

/// The JSON-RPC and LSP error codes this server answers with.
public enum ErrorCode: Int, Sendable {
    /// The body is not JSON.
    case parseError = -32700
    /// JSON, but not a request or a notification.
    case invalidRequest = -32600
    /// No such method.
    case methodNotFound = -32601
    /// The params lack something the method needs.
    case invalidParams = -32602
    /// A request other than `initialize` before `initialize`.
    case serverNotInitialized = -32002
    /// The client cancelled the request before it ran.
    case requestCancelled = -32800
    /// A request the server will not serve (after `shutdown`, for instance).
    case invalidRequestState = -32803
}

/// An error response's code and message.
public struct ResponseError: Error, Sendable {
    /// The code.
    public var code: ErrorCode
    /// What went wrong, in a sentence.
    public var message: String

    /// Creates an error.
    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// One decoded message from the client: a request (with an id) or a notification.
public struct IncomingMessage: Sendable {
    /// The request's id; nil for a notification.
    public var id: RequestID?
    /// The method name.
    public var method: String
    /// The params, when given.
    public var params: YAMLNode?

    /// Reads a message body. A body that is not JSON, or not a JSON-RPC
    /// message, is an error carrying the id when one could be read.
    ///
    /// - Parameter body: The message's bytes.
    /// - Returns: The message, or the error to answer (and the id to answer it to, when known).
    static func decode(_ body: [UInt8]) -> Result<IncomingMessage, DecodeFailure> {
        let root: YAMLNode
        do throws(DiagnosticError) {
            root = try JSONNodeParser.parse(String(decoding: body, as: UTF8.self), source: "message")
        } catch {
            let d = error.diagnostics.first
            let place = d.map { " at \($0.span.start.line):\($0.span.start.column)" } ?? ""
            // The id, when the text reaches it whole, so the request is answered.
            return .failure(DecodeFailure(id: JSONSkim.requestID(body),
                                          error: ResponseError(.parseError, "the message is not JSON\(place): \(d?.message ?? "malformed")")))
        }
        let id = RequestID(root["id"])
        guard root.entries != nil, let method = root["method"]?.string else {
            // A response from the client (to a request this server never sends) is ignored.
            if root["result"] != nil || root["error"] != nil {
                return .failure(DecodeFailure(id: nil, error: nil))
            }
            return .failure(DecodeFailure(id: id, error: ResponseError(.invalidRequest, "a message needs a string 'method'")))
        }
        return .success(IncomingMessage(id: id, method: method, params: root["params"]))
    }

    /// Why a body could not be read, and the id to answer (nil: a notification, or no id readable).
    struct DecodeFailure: Error {
        var id: RequestID?
        /// Nil when the message is to be ignored silently.
        var error: ResponseError?
    }
}

/// Building the JSON the server sends.
enum Outgoing {
    static func response(_ id: RequestID?, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id?.json ?? .null), ("result", result)])
    }

    static func error(_ id: RequestID?, _ error: ResponseError) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id?.json ?? .null),
                 ("error", .object([("code", .int(error.code.rawValue)), ("message", .string(error.message))]))])
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }
}

extension YAMLNode {
    /// The node's text when it is a JSON string.
    var string: String? {
        if case .string(let s) = scalar?.value { return s }
        return nil
    }

    /// The node's value when it is an integer that fits.
    var int: Int? {
        if case .int(let n) = scalar?.value { return Int(n) }
        return nil
    }

    /// The node's value when it is `true` or `false`.
    var bool: Bool? {
        if case .bool(let b) = scalar?.value { return b }
        return nil
    }
}
