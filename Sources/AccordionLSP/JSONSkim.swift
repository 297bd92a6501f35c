import AccordionYAML
import JSONSchema

/// Reading JSON text that may be broken or cut short, by its brackets and
/// strings alone: where an object ends (for the framing, when a message's
/// length cannot be used) and the `"id"` of a request whose text the parser
/// refused (so the request still gets its error). It never judges the text;
/// `JSONNodeParser` does that, and reads the one value taken out here.
enum JSONSkim {
    /// Where the JSON object or array that starts at `from` (after white
    /// space) ends, when it ends before `before`.
    ///
    /// - Returns: The offset just after its closing bracket; nil when the
    ///   text there starts no object or array, or it is not closed in time.
    static func valueEnd(_ bytes: [UInt8], from: Int, before: Int) -> Int? {
        var i = from
        while i < before, isSpace(bytes[i]) { i += 1 }
        guard i < before, bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        while i < before {
            let b = bytes[i]
            i += 1
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return i }
            }
        }
        return nil
    }

    /// The top-level `"id"` of a message, read as far as its text goes.
    ///
    /// - Parameter body: A message body, possibly not JSON (cut short, or
    ///   broken after the id).
    /// - Returns: The id when the text reaches it whole; nil when it has
    ///   none there, or when the message is a response (`result` or `error`
    ///   seen), which is never answered.
    static func requestID(_ body: [UInt8]) -> RequestID? {
        var i = 0
        skipSpace(body, &i)
        guard i < body.count, body[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        var id: RequestID?
        while true {
            skipSpace(body, &i)
            guard i < body.count else { break }
            if body[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            guard body[i] == UInt8(ascii: "\""), let keyEnd = stringEnd(body, from: i) else { break }
            let key = body[(i + 1)..<(keyEnd - 1)]
            i = keyEnd
            skipSpace(body, &i)
            guard i < body.count, body[i] == UInt8(ascii: ":") else { break }
            i += 1
            skipSpace(body, &i)
            let valueStart = i
            guard let valueEnd = anyValueEnd(body, from: i) else { break }
            i = valueEnd
            if key.elementsEqual("result".utf8) || key.elementsEqual("error".utf8) { return nil }
            if key.elementsEqual("id".utf8) {
                let text = String(decoding: body[valueStart..<valueEnd], as: UTF8.self)
                id = (try? JSONNodeParser.parse(text, source: "id")).flatMap { RequestID($0) }
            }
        }
        return id
    }

    /// The end of a string starting at `from` (its opening quote): just after the closing quote.
    private static func stringEnd(_ bytes: [UInt8], from: Int) -> Int? {
        var i = from + 1
        var escaped = false
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { return i }
        }
        return nil
    }

    /// The end of any value at `from`; a bare value (number, `true`…) only
    /// when something after it shows it is whole.
    private static func anyValueEnd(_ bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        switch bytes[from] {
        case UInt8(ascii: "\""): return stringEnd(bytes, from: from)
        case UInt8(ascii: "{"), UInt8(ascii: "["): return valueEnd(bytes, from: from, before: bytes.count)
        default:
            var i = from
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || isSpace(b) {
                    return i > from ? i : nil
                }
                i += 1
            }
            return nil
        }
    }

    private static func skipSpace(_ bytes: [UInt8], _ i: inout Int) {
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
    }

    /// JSON's white space (also what the framing skips between messages).
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A }
}
