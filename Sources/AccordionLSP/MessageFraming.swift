/// The base protocol's framing: each message is a header block
/// (`Content-Length: N`, optionally `Content-Type`, each line ended by CRLF,
/// the block ended by an empty line) followed by N bytes of JSON.
///
/// A pure decoder over bytes: the I/O loop feeds whatever `read` returned,
/// in pieces of any size, and takes out whole frames. A header it cannot
/// read costs that one message (reported as `.malformed`), never the stream.
public struct MessageDecoder: Sendable {
    /// What one step of decoding yields.
    public enum Frame: Equatable, Sendable {
        /// The body of a complete message.
        case message([UInt8])
        /// A header block without a usable `Content-Length`; its bytes are dropped.
        case malformed(String)
    }

    /// Bytes received and not yet decoded.
    private var buffer: [UInt8] = []
    /// Where undecoded bytes start in `buffer` (consumed bytes are dropped in bulk, not one frame at a time).
    private var start = 0
    /// The largest body accepted; a larger announced length is refused (the bytes are skipped).
    public let maxBodyBytes: Int

    /// An empty decoder.
    ///
    /// - Parameter maxBodyBytes: The largest message body accepted.
    public init(maxBodyBytes: Int = 64 << 20) { self.maxBodyBytes = maxBodyBytes }

    /// Bytes waiting for the rest of their message.
    public var pendingByteCount: Int { buffer.count - start }

    /// Appends bytes as they arrived.
    ///
    /// - Parameter bytes: The next bytes of the stream.
    public mutating func feed(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Bytes still to skip of an oversized message's body.
    private var skipping = 0

    /// The next complete frame, or nil until more bytes arrive.
    ///
    /// - Returns: A message body, a malformed header's description, or nil.
    public mutating func next() -> Frame? {
        if skipping > 0 {
            let n = min(skipping, buffer.count - start)
            start += n
            skipping -= n
            if skipping > 0 { return nil }
        }
        guard let headerEnd = Self.find([13, 10, 13, 10], in: buffer, from: start) else {
            // A stream that is not LSP (no header end within a generous bound) is dropped, not kept forever.
            if buffer.count - start > 64 << 10 {
                start = buffer.count
                return .malformed("no header end (CRLF CRLF) within 64 KiB; the bytes were dropped")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let bodyStart = headerEnd + 4
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            if name == "content-length" { length = Int(value.prefix { $0 != " " && $0 != "\t" }) }
        }
        guard let length, length >= 0 else {
            start = bodyStart
            return .malformed("a header without a valid Content-Length: \(header.debugDescription)")
        }
        if length > maxBodyBytes {
            start = bodyStart
            skipping = length
            return .malformed("a message of \(length) bytes, over the limit of \(maxBodyBytes); skipped")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        return .message(body)
    }

    /// Every complete frame now available.
    ///
    /// - Returns: The frames in stream order.
    public mutating func drain() -> [Frame] {
        var frames: [Frame] = []
        while let frame = next() { frames.append(frame) }
        return frames
    }

    /// Frames a message body for sending.
    ///
    /// - Parameter body: The JSON text's UTF-8 bytes.
    /// - Returns: The header and the body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard haystack.count - from >= needle.count else { return nil }
        var i = from
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == needle[0], haystack[i + 1] == needle[1], haystack[i + 2] == needle[2], haystack[i + 3] == needle[3] {
                return i
            }
            i += 1
        }
        return nil
    }
}
