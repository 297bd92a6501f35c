/// The base protocol's framing: each message is a header block
/// (`Content-Length: N`, optionally `Content-Type`, each line ended by CRLF,
/// the block ended by an empty line) followed by N bytes of JSON.
///
/// A pure decoder over bytes: the I/O loop feeds whatever `read` returned,
/// in pieces of any size, and takes out whole frames. A frame it cannot
/// trust costs that one message, never the stream: whatever went wrong (a
/// length that is short, long, negative, not a number, missing or over the
/// limit, header lines ended by LF alone, bytes that start no header), the
/// decoder reports the broken message as `.malformed`, with its body when it
/// could tell where that is, and goes on at the next header.
///
/// What makes that possible: a header line, `Content-Length:` or
/// `Content-Type:` with a value ended by a raw CR or LF, can never occur
/// inside JSON (a string holds no raw line break, and outside a string there
/// is no bare word). Wherever that shape is found, the next message starts.
public struct MessageDecoder: Sendable {
    /// What one step of decoding yields.
    public enum Frame: Equatable, Sendable {
        /// The body of a complete, well-framed message.
        case message([UInt8])
        /// Bytes dropped because they are not a well-framed message: why,
        /// and the broken message's body when it could be told apart (empty
        /// for bytes between messages), where the server looks for the id of
        /// a request to answer with an error.
        case malformed(String, body: [UInt8] = [])
    }

    /// Bytes received and not yet decoded.
    private var buffer: [UInt8] = []
    /// Where undecoded bytes start in `buffer` (consumed bytes are dropped in bulk, not one frame at a time).
    private var start = 0
    /// The largest body accepted; a larger announced length is refused, and
    /// the stream goes on at the next header (its bytes are not skipped by count).
    public let maxBodyBytes: Int

    /// A message whose header has been read, its body still arriving.
    private struct Open: Sendable {
        /// Where the body starts in `buffer` (always `start` while it is open).
        var bodyStart: Int
        /// The announced length, when it is a number the decoder can use (0…`maxBodyBytes`).
        var length: Int?
        /// Why the message cannot be trusted; nil for a well-framed one.
        var problem: String?
    }

    private var open: Open?
    /// Every offset before this one has been ruled out as the start of a
    /// header line, so a body arriving in pieces is searched once.
    private var searched = 0
    /// Dropping bytes until a header line starts (after bytes that start no
    /// header, or a broken message whose end could not be found).
    private var skipping = false
    /// The last frame was a whole message: bytes after it that start no
    /// header mean its length was short (counted in characters, say).
    private var afterMessage = false

    /// An empty decoder.
    ///
    /// - Parameter maxBodyBytes: The largest message body accepted.
    public init(maxBodyBytes: Int = 64 << 20) { self.maxBodyBytes = maxBodyBytes }

    /// Bytes waiting for the rest of their message.
    public var pendingByteCount: Int { buffer.count - start }

    /// The longest header block read; a longer one is taken for bytes that start no header.
    static let maxHeaderBytes = 8 << 10
    /// How far a broken message with no usable length is kept while its end
    /// is looked for; past that it is dropped up to the next header.
    static let maxBrokenBytes = 1 << 20

    /// Appends bytes as they arrived.
    ///
    /// - Parameter bytes: The next bytes of the stream.
    public mutating func feed(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            searched = max(0, searched - start)
            open?.bodyStart -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next frame, or nil until more bytes arrive.
    ///
    /// - Returns: A message body, a broken message's description (and body), or nil.
    public mutating func next() -> Frame? {
        if skipping {
            guard let header = nextHeaderLine(from: max(start, searched), before: buffer.count) else {
                start = buffer.count
                searched = start
                return nil
            }
            start = header.at
            searched = header.at
            // A line that may still turn out to be a header: wait there, the bytes before it dropped.
            guard header.sure else { return nil }
            skipping = false
        }
        if let open { return body(of: open) }
        // Blank lines between messages are tolerated.
        while start < buffer.count, JSONSkim.isSpace(buffer[start]) { start += 1 }
        guard start < buffer.count else { return nil }
        switch headerLine(at: start) {
        case .needMore:
            return nil
        case .no:
            let what = afterMessage
                ? "bytes after a message that start no header (was its Content-Length short? it counts UTF-8 bytes, not characters)"
                : "bytes that start no header"
            let shown = min(buffer.count, start + 48)
            let excerpt = Self.excerpt(buffer[start..<(nextHeaderLine(from: start + 1, before: shown)?.at ?? shown)])
            afterMessage = false
            skipping = true
            searched = start + 1
            return .malformed("\(what): \(excerpt); skipped to the next Content-Length header")
        case .yes:
            return readHeader()
        }
    }

    /// Every frame now available.
    ///
    /// - Returns: The frames in stream order.
    public mutating func drain() -> [Frame] {
        var frames: [Frame] = []
        while let frame = next() { frames.append(frame) }
        return frames
    }

    /// What is left when the input ends: a message cut short, as a broken
    /// frame (nil when nothing but white space is left).
    ///
    /// - Returns: The unfinished message's report, or nil.
    public mutating func finish() -> Frame? {
        defer {
            start = buffer.count
            open = nil
            skipping = false
        }
        if let open {
            let body = Array(buffer[open.bodyStart...])
            let announced = open.length.map { " of the \($0) announced" } ?? ""
            return .malformed("the input ended inside a message (\(body.count) bytes\(announced))", body: body)
        }
        let rest = buffer[start...]
        guard !skipping, rest.contains(where: { !JSONSkim.isSpace($0) }) else { return nil }
        return .malformed("the input ended inside a header: \(Self.excerpt(rest.prefix(48)))")
    }

    /// Frames a message body for sending.
    ///
    /// - Parameter body: The JSON text's UTF-8 bytes.
    /// - Returns: The header and the body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    // MARK: - The header

    /// Reads the header block at `start`, which begins with a header line,
    /// and opens its message.
    private mutating func readHeader() -> Frame? {
        var i = start
        var lengthText: String?
        var conflicting = false
        var lfOnly = false
        var crOnly = false
        var unterminated = false
        var bodyStart = -1
        while bodyStart < 0 {
            guard i < buffer.count else { return nil }
            // A line that cannot be a header field (the JSON itself, say) ends the block early.
            if !Self.isToken(buffer[i]), buffer[i] != 13, buffer[i] != 10 {
                unterminated = true
                bodyStart = i
                break
            }
            // The line ends at CRLF; a CR or an LF alone ends it too, and is reported.
            guard let end = Self.firstLineBreak(in: buffer, from: i, before: min(buffer.count, start + Self.maxHeaderBytes)) else {
                guard buffer.count - start >= Self.maxHeaderBytes else { return nil }
                skipping = true
                searched = start + 1
                return .malformed("a header block over \(Self.maxHeaderBytes) bytes; skipped to the next Content-Length header")
            }
            let next: Int
            if buffer[end] == 10 {
                lfOnly = true
                next = end + 1
            } else {
                guard end + 1 < buffer.count else { return nil }  // CR: is an LF next?
                if buffer[end + 1] == 10 { next = end + 2 } else { crOnly = true; next = end + 1 }
            }
            if end == i {
                bodyStart = next
                break
            }
            guard let colon = buffer[i..<end].firstIndex(of: UInt8(ascii: ":")), colon > i,
                  buffer[i..<colon].allSatisfy(Self.isToken) else {
                unterminated = true
                bodyStart = i
                break
            }
            if String(decoding: buffer[i..<colon], as: UTF8.self).lowercased() == "content-length" {
                let isBlank = { (b: UInt8) in b == 0x20 || b == 0x09 }
                var valueStart = colon + 1, valueEnd = end
                while valueStart < valueEnd, isBlank(buffer[valueStart]) { valueStart += 1 }
                while valueEnd > valueStart, isBlank(buffer[valueEnd - 1]) { valueEnd -= 1 }
                let value = String(decoding: buffer[valueStart..<valueEnd], as: UTF8.self)
                if let lengthText, lengthText != value { conflicting = true }
                lengthText = value
            }
            i = next
        }
        var problems: [String] = []
        var length: Int?
        switch lengthText {
        case nil:
            problems.append("a header without Content-Length")
        case let text? where conflicting:
            problems.append("a header with two different Content-Length values (the last: \(Self.quoted(text)))")
        case let text?:
            let digits = !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            if digits, let n = Int(text), n <= maxBodyBytes {
                length = n
            } else if digits {
                problems.append("Content-Length \(text) is over the limit of \(maxBodyBytes) bytes; the message was refused")
            } else if text.hasPrefix("-"), text.dropFirst().utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), text.count > 1 {
                problems.append("Content-Length \(text) is negative")
            } else {
                problems.append("Content-Length \(Self.quoted(text)) is not a number")
            }
        }
        if lfOnly { problems.append("header lines ended by LF alone (the protocol ends each with CRLF)") }
        if crOnly { problems.append("header lines ended by CR alone (the protocol ends each with CRLF)") }
        if unterminated { problems.append("a header block not ended by an empty line") }
        let message = Open(bodyStart: bodyStart, length: length, problem: problems.isEmpty ? nil : problems.joined(separator: "; "))
        start = bodyStart
        searched = bodyStart
        open = message
        return body(of: message)
    }

    // MARK: - The body

    /// The open message's frame once its end is known, else nil (waiting).
    ///
    /// With a usable length the body is that many bytes, unless a header
    /// line starts inside them (the length was too long): then it ends
    /// there. Without one, it ends where its JSON object or array does, or
    /// at the next header line.
    private mutating func body(of message: Open) -> Frame? {
        let from = message.bodyStart
        if let length = message.length {
            let limit = from + length
            if let header = nextHeaderLine(from: max(searched, from), before: min(limit, buffer.count)) {
                // A line that may still become a header, with the whole body here: a body that ends
                // like a header's start is not JSON either, so it ends there too.
                if header.sure || buffer.count >= limit {
                    let reason = "Content-Length \(length) runs into the next message's header after \(header.at - from) bytes"
                    return close(message, end: header.at, broken: [message.problem, reason].compactMap { $0 }.joined(separator: "; "))
                }
                searched = header.at
                return nil
            }
            searched = min(limit, buffer.count)
            guard buffer.count >= limit else { return nil }
            return close(message, end: limit, broken: message.problem)
        }
        let header = nextHeaderLine(from: max(searched, from), before: buffer.count)
        let reason = message.problem ?? "a message without a usable length"
        if let end = JSONSkim.valueEnd(buffer, from: from, before: header?.at ?? buffer.count) {
            return close(message, end: end, broken: reason)
        }
        if let header, header.sure {
            return close(message, end: header.at, broken: reason)
        }
        searched = header?.at ?? buffer.count
        guard buffer.count - from > Self.maxBrokenBytes else { return nil }
        // No end in sight: report it, then drop bytes up to the next header.
        let body = Array(buffer[from..<(from + Self.maxBrokenBytes)])
        open = nil
        skipping = true
        afterMessage = false
        return .malformed("\(reason); no end within \(Self.maxBrokenBytes) bytes, skipped to the next Content-Length header", body: body)
    }

    /// Ends the open message at `end`: a message, or a broken one when it has a problem.
    private mutating func close(_ message: Open, end: Int, broken problem: String?) -> Frame {
        let body = Array(buffer[message.bodyStart..<end])
        start = end
        searched = end
        open = nil
        afterMessage = problem == nil
        guard let problem else { return .message(body) }
        return .malformed(problem, body: body)
    }

    // MARK: - Header lines

    /// Whether a header line starts at an offset.
    enum Match { case yes, no, needMore }

    /// The header names a message may start with, lowercased.
    private static let headerNames: [[UInt8]] = [Array("content-length".utf8), Array("content-type".utf8)]
    /// The longest header value looked at when telling a header line from other bytes.
    private static let maxValueBytes = 128

    /// Whether a `Content-Length:` or `Content-Type:` line starts at `i`:
    /// the name in any case, `:`, a value of at most `maxValueBytes` bytes
    /// without CR, LF or `"`, and the CR or LF that ends it. No `"` in the
    /// value: then no tail of a JSON text cut inside a string, whose string
    /// must close before any raw line break, has that shape either.
    func headerLine(at i: Int) -> Match {
        var result = Match.no
        for name in Self.headerNames {
            switch headerLine(named: name, at: i) {
            case .yes: return .yes
            case .needMore: result = .needMore
            case .no: break
            }
        }
        return result
    }

    private func headerLine(named name: [UInt8], at i: Int) -> Match {
        var j = i
        for c in name {
            guard j < buffer.count else { return .needMore }
            let b = buffer[j]
            // `| 0x20` folds ASCII letters to lower case (and would fold CR onto `-`, hence the exact test).
            guard c == UInt8(ascii: "-") ? b == c : b | 0x20 == c else { return .no }
            j += 1
        }
        while j < buffer.count, buffer[j] == 0x20 || buffer[j] == 0x09 { j += 1 }
        guard j < buffer.count else { return .needMore }
        guard buffer[j] == UInt8(ascii: ":") else { return .no }
        j += 1
        let limit = j + Self.maxValueBytes
        while j < buffer.count {
            let b = buffer[j]
            if b == 13 || b == 10 { return .yes }
            if b == UInt8(ascii: "\"") || j >= limit { return .no }
            j += 1
        }
        return .needMore
    }

    /// The first offset in `from..<before` where a header line starts or
    /// may start (`sure` false: the bytes so far fit, more are needed).
    private func nextHeaderLine(from: Int, before: Int) -> (at: Int, sure: Bool)? {
        // Both names start `content-`: a `c` not followed by `o` is rejected
        // here, without the whole match (most of a body's bytes are text).
        let count = buffer.count
        var i = from
        while i < before {
            if buffer[i] | 0x20 == UInt8(ascii: "c"), i + 1 >= count || buffer[i + 1] | 0x20 == UInt8(ascii: "o") {
                switch headerLine(at: i) {
                case .yes: return (i, true)
                case .needMore: return (i, false)
                case .no: break
                }
            }
            i += 1
        }
        return nil
    }

    // MARK: - Bytes

    /// The first CR or LF in `from..<before`.
    private static func firstLineBreak(in bytes: [UInt8], from: Int, before: Int) -> Int? {
        var i = from
        while i < before {
            if bytes[i] == 10 || bytes[i] == 13 { return i }
            i += 1
        }
        return nil
    }

    /// A header field name's characters (RFC 9110 `tchar`).
    static func isToken(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: tokenMarks.contains(b)
        }
    }

    private static let tokenMarks = Set("!#$%&'*+-.^_`|~".utf8)

    /// Bytes as a quoted excerpt for a log line (escapes shown, never raw control bytes).
    static func excerpt(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).debugDescription
    }

    static func quoted(_ text: String) -> String { text.debugDescription }
}
