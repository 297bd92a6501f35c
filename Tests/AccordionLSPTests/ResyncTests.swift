import XCTest
import AccordionYAML
import JSONSchema
@testable import AccordionLSP

/// Issue 29: one bad frame costs that message only. Each kind of broken
/// frame a client (or an attacker) sends is followed by good messages; the
/// decoder must report the broken one, hand over its body when it can tell
/// where that is, and decode every message after it, however the bytes are
/// cut into reads.
final class ResyncTests: XCTestCase {
    static func request(_ id: Int, _ method: String = "textDocument/hover", text: String = "x") -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{"text":"\#(text)"}}"#.utf8)
    }

    /// Three well-framed requests, 11 to 13.
    static let threeGood = (11...13).flatMap { MessageDecoder.frame(request($0)) }
    static let goodBodies: [MessageDecoder.Frame] = (11...13).map { .message(request($0)) }

    /// Every kind of bad frame: a name, the bytes, and the body the decoder should hand over with its report.
    static var badFrames: [(String, [UInt8], [UInt8]?)] {
        let emoji = request(1, text: "🎉 naïve")
        let body = request(1)
        let chars = String(decoding: emoji, as: UTF8.self).count
        return [
            ("short", Array("Content-Length: \(body.count - 9)\r\n\r\n".utf8) + body, nil),
            ("characters, not bytes", Array("Content-Length: \(chars)\r\n\r\n".utf8) + emoji, nil),
            ("long", Array("Content-Length: \(body.count + 40)\r\n\r\n".utf8) + body, body),
            ("negative", Array("Content-Length: -5\r\n\r\n".utf8) + body, body),
            ("not a number", Array("Content-Length: twelve\r\n\r\n".utf8) + body, body),
            ("missing", Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8) + body, body),
            ("LF only", Array("Content-Length: \(body.count)\n\n".utf8) + body, body),
            ("CR only", Array("Content-Length: \(body.count)\r\r".utf8) + body, body),
            ("over the limit", Array("Content-Length: 99999999999\r\n\r\n".utf8) + body, body),
            ("no empty line", Array("Content-Length: \(body.count)\r\n".utf8) + body, body),
            ("garbage", Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), nil),
            ("two lengths", Array("Content-Length: 3\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body, body),
        ]
    }

    private func decode(_ chunks: [[UInt8]], maxBodyBytes: Int = 1 << 20) -> [MessageDecoder.Frame] {
        decodeFrames(chunks, maxBodyBytes: maxBodyBytes)
    }

    func testEveryKindOfBadFrameCostsOnlyItsOwnMessage() {
        for (name, bad, body) in Self.badFrames {
            let frames = decode([bad + Self.threeGood])
            XCTAssertEqual(Array(frames.suffix(3)), Self.goodBodies, "\(name): \(frames)")
            let reports = frames.dropLast(3)
            XCTAssertFalse(reports.isEmpty, "\(name): the bad frame was not reported")
            // Nothing but the bad frame is reported, or taken as a message.
            for frame in reports {
                if case .message(let bytes) = frame {
                    XCTAssertTrue(name.contains("short") || name.contains("characters"), "\(name): took \(bytes) as a message")
                }
            }
            if let body {
                XCTAssertTrue(reports.contains { if case .malformed(_, body) = $0 { true } else { false } },
                              "\(name): the broken message's body was not handed over: \(reports)")
            }
        }
    }

    private func reason(_ frame: MessageDecoder.Frame) -> String {
        if case .malformed(let why, _) = frame { return why }
        return ""
    }

    /// A report without its excerpt of the bytes (which shows what had arrived when it was made).
    private func kind(_ frame: MessageDecoder.Frame) -> String {
        String(reason(frame).prefix { $0 != ":" })
    }

    func testTheReportsSayWhatWasWrong() {
        let expected = [
            "short": "was its Content-Length short? it counts UTF-8 bytes, not characters",
            "characters, not bytes": "was its Content-Length short?",
            "long": "runs into the next message's header after",
            "negative": "Content-Length -5 is negative",
            "not a number": #"Content-Length "twelve" is not a number"#,
            "missing": "a header without Content-Length",
            "LF only": "header lines ended by LF alone (the protocol ends each with CRLF)",
            "CR only": "header lines ended by CR alone (the protocol ends each with CRLF)",
            "over the limit": "Content-Length 99999999999 is over the limit of 1048576 bytes; the message was refused",
            "no empty line": "a header block not ended by an empty line",
            "garbage": #"bytes that start no header: "GET / HTTP/1.1\r\nHost: x\r\n\r\n"; skipped to the next Content-Length header"#,
            "two lengths": "two different Content-Length values",
        ]
        for (name, bad, _) in Self.badFrames {
            let reasons = decode([bad + Self.threeGood]).map(reason).joined(separator: " | ")
            XCTAssertTrue(reasons.contains(expected[name]!), "\(name): \(reasons)")
        }
    }

    /// The same frames whatever the reads: every cut of the stream in two,
    /// and byte by byte.
    func testEverySplitGivesTheSameFrames() {
        for (name, bad, _) in Self.badFrames {
            let stream = bad + Self.threeGood
            let whole = decode([stream])
            for cut in 0...stream.count {
                let frames = decode([Array(stream[..<cut]), Array(stream[cut...])])
                XCTAssertEqual(Array(frames.suffix(3)), Self.goodBodies, "\(name), cut at \(cut): \(frames)")
                XCTAssertEqual(frames.map(kind), whole.map(kind), "\(name), cut at \(cut)")
            }
            XCTAssertEqual(Array(decode(stream.map { [$0] }).suffix(3)), Self.goodBodies, "\(name), byte by byte")
        }
    }

    /// A client that sends one broken request and waits for its answer gets
    /// it at once, without a next message to show where the broken one ended
    /// (its JSON object's end does), except when the length was too long:
    /// that message ends only where the next one begins.
    func testABrokenRequestAloneIsAnsweredAtOnce() {
        for (name, bad, body) in Self.badFrames where body != nil && name != "long" {
            let frames = decode([bad])
            XCTAssertEqual(frames.count, 1, "\(name): \(frames)")
            XCTAssertEqual(frames.first.map(reason).map { !$0.isEmpty }, true, "\(name)")
        }
        let long = Self.badFrames.first { $0.0 == "long" }!
        XCTAssertEqual(decode([long.1]), [], "a long length waits for its bytes")
        XCTAssertEqual(Array(decode([long.1, Self.threeGood]).suffix(3)), Self.goodBodies)
    }

    /// An over-limit length is refused, not skipped: 99,999,999,999 bytes
    /// are never waited for (the old decoder skipped that many and went deaf).
    func testAnOverLimitLengthDoesNotSkipTheStream() {
        let bad = Array("Content-Length: 99999999999\r\n\r\n".utf8)
        let frames = decode([bad + Self.threeGood])
        XCTAssertEqual(Array(frames.suffix(3)), Self.goodBodies, "\(frames)")
        // A body of bytes that are not JSON, too big to keep: dropped up to the next header.
        let junk = [UInt8](repeating: UInt8(ascii: "A"), count: MessageDecoder.maxBrokenBytes + 5000)
        let pieces = stride(from: 0, to: junk.count, by: 65536).map { Array(junk[$0..<min($0 + 65536, junk.count)]) }
        let dropped = decode([bad] + pieces + [Self.threeGood], maxBodyBytes: 100)
        XCTAssertEqual(Array(dropped.suffix(3)), Self.goodBodies, "\(dropped.count) frames")
        XCTAssertTrue(dropped.map(reason).joined().contains("no end within"), "\(dropped.map(reason))")
    }

    /// Text that only looks like a header inside a JSON string is no
    /// header: a document mentioning `Content-Length: 5` is one message.
    func testHeaderTextInsideAStringIsNoHeader() {
        let body = Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"text":"Content-Length: 5\r\n\r\nContent-Type: x\n"}}"#.utf8)
        XCTAssertEqual(decode([MessageDecoder.frame(body) + Self.threeGood]), [.message(body)] + Self.goodBodies)
        // Cut short inside that string: the rest is dropped, the next messages read.
        let cut = Array("Content-Length: 70\r\n\r\n".utf8) + body
        XCTAssertEqual(Array(decode([cut + Self.threeGood]).suffix(3)), Self.goodBodies)
    }

    func testAtTheEndOfInputAnUnfinishedMessageIsReported() {
        var decoder = MessageDecoder()
        decoder.feed(Array("Content-Length: 50\r\n\r\n".utf8) + Self.request(4).prefix(20))
        XCTAssertEqual(decoder.drain(), [])
        guard case .malformed(let why, let body)? = decoder.finish() else { return XCTFail() }
        XCTAssertEqual(why, "the input ended inside a message (20 bytes of the 50 announced)")
        XCTAssertEqual(body, Array(Self.request(4).prefix(20)))
        XCTAssertNil(decoder.finish())
        var blank = MessageDecoder()
        blank.feed(Array("\r\n".utf8))
        XCTAssertNil(blank.finish(), "white space after the last message is no message")
    }

    // MARK: - The server

    /// The ids and error codes of the server's answers.
    private func answers(_ output: LanguageServer.Output) -> [(id: RequestID?, error: Int?)] {
        var decoder = MessageDecoder()
        for message in output.messages { decoder.feed(message) }
        return decoder.drain().compactMap { frame in
            guard case .message(let body) = frame,
                  let root = try? JSONNodeParser.parse(String(decoding: body, as: UTF8.self), source: "answer"),
                  root["method"] == nil else { return nil }
            let code: Int? = root["error"]?["code"]?.int
            return (RequestID(root["id"]), code)
        }
    }

    /// After each kind of bad frame the next three requests are answered,
    /// the bad request (when its id can be read) gets an error, and
    /// shutdown and exit still work.
    func testAfterEachBadFrameTheNextThreeRequestsAreAnswered() {
        for (name, bad, body) in Self.badFrames {
            var server = LanguageServer(version: "test")
            var decoder = MessageDecoder(maxBodyBytes: 1 << 20)
            decoder.feed(MessageDecoder.frame(Self.request(0, "initialize")))
            _ = server.receive(decoder.drain(), now: 0)
            decoder.feed(bad + Self.threeGood)
            let output = server.receive(decoder.drain(), now: 1)
            let got = answers(output)
            for id in 11...13 {
                XCTAssertTrue(got.contains { $0.id == .int(Int64(id)) }, "\(name): request \(id) unanswered: \(got)")
            }
            if body != nil || name.contains("short") || name.contains("characters") {
                XCTAssertTrue(got.contains { $0.id == .int(1) && $0.error != nil }, "\(name): the bad request got no error: \(got)")
            }
            XCTAssertFalse(output.log.isEmpty, "\(name): nothing logged")
            XCTAssertTrue(output.log.allSatisfy { $0.hasPrefix("accordion lsp: ") }, "\(output.log)")
            decoder.feed(MessageDecoder.frame(Self.request(20, "shutdown")) + MessageDecoder.frame(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8)))
            let end = server.receive(decoder.drain(), now: 2)
            XCTAssertTrue(answers(end).contains { $0.id == .int(20) && $0.error == nil }, "\(name): shutdown")
            XCTAssertEqual(end.exitCode, 0, "\(name): exit after shutdown")
        }
    }

    func testASecondInitializeIsAnInvalidRequest() {
        var server = LanguageServer(version: "test")
        var decoder = MessageDecoder()
        decoder.feed(MessageDecoder.frame(Self.request(1, "initialize")) + MessageDecoder.frame(Self.request(2, "initialize")))
        let got = answers(server.receive(decoder.drain(), now: 0))
        XCTAssertEqual(got.map(\.id), [.int(1), .int(2)])
        XCTAssertNil(got[0].error)
        XCTAssertEqual(got[1].error, -32600)
    }

    /// The id of a request whose text is broken, read as far as it goes.
    func testRequestIDsAreReadFromBrokenText() {
        let cases: [(String, RequestID?)] = [
            (#"{"jsonrpc":"2.0","id":7,"method":"x","params":{"a":"#, .int(7)),
            (#"{"id":"a\"b","method""#, .string("a\"b")),
            (#"{"params":{"id":3,"x":[1,{"id":4}]},"id":5,"#, .int(5)),
            (#"{"method":"$/cancelRequest","params":{"id":3}"#, nil),
            (#"{"jsonrpc":"2.0","id":12"#, nil),  // the id may go on: 12, 123…
            (#"{"id":1,"result":null}"#, nil),  // a response is never answered
            (#"{not json"#, nil),
            (#"[{"id":1}]"#, nil),
            ("", nil),
        ]
        for (text, id) in cases {
            XCTAssertEqual(JSONSkim.requestID(Array(text.utf8)), id, text)
        }
    }
}
