import AccordionServe
import XCTest

/// The request-head parser as a function of bytes: well-formed heads, each
/// kind of malformed one, and the bounds.
final class HTTPRequestTests: XCTestCase {
    private func parse(_ text: String) -> HTTPHeadParse { HTTPRequestParser.parse(Array(text.utf8)) }

    private func status(_ text: String) -> Int? {
        if case .invalid(let status, _) = parse(text) { return status.code }
        return nil
    }

    func testAWholeHeadIsReadWithItsFieldsInOrder() {
        let result = parse("GET /events?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8017\r\nAccept:  text/event-stream \t\r\nX-A: 1\r\n\r\n")
        XCTAssertEqual(result, .complete(HTTPRequestHead(method: "GET", target: "/events?x=1", minorVersion: 1, fields: [
            HTTPField("Host", "127.0.0.1:8017"), HTTPField("Accept", "text/event-stream"), HTTPField("X-A", "1"),
        ])))
        guard case .complete(let head) = result else { return }
        XCTAssertEqual(head.path, "/events")
        XCTAssertEqual(head.query, "x=1")
        XCTAssertEqual(head.values("HOST"), ["127.0.0.1:8017"])
    }

    func testBareLineFeedsAndLeadingEmptyLinesAreAccepted() {
        XCTAssertEqual(parse("\r\n\nGET / HTTP/1.0\n\n"), .complete(HTTPRequestHead(method: "GET", target: "/", minorVersion: 0)))
    }

    func testAHeadIsIncompleteUntilItsEmptyLine() {
        let full = "GET / HTTP/1.1\r\nHost: localhost:1\r\n\r\n"
        for cut in 0..<(full.utf8.count - 1) {
            XCTAssertEqual(HTTPRequestParser.parse(Array(full.utf8).prefix(cut)), .incomplete, "cut at \(cut)")
        }
        XCTAssertEqual(HTTPRequestParser.parse(Array(full.utf8)),
                       .complete(HTTPRequestHead(method: "GET", target: "/", fields: [HTTPField("Host", "localhost:1")])))
    }

    func testBytesAfterTheHeadAreNotRead() {
        XCTAssertEqual(parse("POST / HTTP/1.1\r\nHost: a:1\r\nContent-Length: 5\r\n\r\nhello GET /x HTTP/1.1\r\n"),
                       .complete(HTTPRequestHead(method: "POST", target: "/", fields: [
                           HTTPField("Host", "a:1"), HTTPField("Content-Length", "5"),
                       ])))
    }

    func testMalformedHeadsAreRefusedWith400() {
        let bad = [
            "GET /\r\n\r\n",                                  // no version
            "GET  / HTTP/1.1\r\nHost: a:1\r\n\r\n",           // two spaces
            "GET / HTTP/1.1 x\r\nHost: a:1\r\n\r\n",          // four parts
            "G(T / HTTP/1.1\r\nHost: a:1\r\n\r\n",            // method not a token
            "GET http://a/ HTTP/1.1\r\nHost: a:1\r\n\r\n",    // absolute form
            "GET * HTTP/1.1\r\nHost: a:1\r\n\r\n",            // asterisk form
            "GET /\u{7F} HTTP/1.1\r\nHost: a:1\r\n\r\n",      // control byte in the target
            "GET / http/1.1\r\nHost: a:1\r\n\r\n",            // version case
            "GET / HTTP/1.10\r\nHost: a:1\r\n\r\n",           // version shape
            "GET / HTTP/1.1\r\n Host: a:1\r\n\r\n",           // folded line
            "GET / HTTP/1.1\r\nHost : a:1\r\n\r\n",           // space before the colon
            "GET / HTTP/1.1\r\nHost a\r\n\r\n",               // no colon
            "GET / HTTP/1.1\r\n: a\r\n\r\n",                  // empty name
            "GET / HTTP/1.1\r\nHost: a\u{01}b\r\n\r\n",       // control in a value
            "GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n",           // bare CR in a value
            "GET / HTTP/1.1\r\n\r\n",                         // 1.1 without Host
            "GET / HTTP/1.1\r\nHost: a:1\r\nhost: b:1\r\n\r\n", // two Hosts
            "\rGET / HTTP/1.1\r\nHost: a:1\r\n\r\n",          // bare CR first
        ]
        for text in bad { XCTAssertEqual(status(text), 400, text.debugDescription) }
    }

    func testOtherVersionsGet505() {
        XCTAssertEqual(status("GET / HTTP/2.0\r\nHost: a:1\r\n\r\n"), 505)
        XCTAssertEqual(status("GET / HTTP/1.2\r\nHost: a:1\r\n\r\n"), 505)
    }

    func testHeadsOverTheLimitsGet431() {
        let long = "GET / HTTP/1.1\r\nHost: a:1\r\nX: " + String(repeating: "a", count: HTTPRequestParser.maxHeadBytes)
        // Refused before the head ends: a client cannot make the server buffer without bound.
        XCTAssertEqual(status(long), 431)
        XCTAssertEqual(status(long + "\r\n\r\n"), 431)
        let many = "GET / HTTP/1.1\r\nHost: a:1\r\n" + (0..<HTTPRequestParser.maxFields).map { "X\($0): 1\r\n" }.joined() + "\r\n"
        XCTAssertEqual(status(many), 431)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nHost: a:1\r\n" + (1..<HTTPRequestParser.maxFields).map { "X\($0): 1\r\n" }.joined() + "\r\n"), nil)
    }

    func testRandomBytesNeverTrapAndAreNeverAccepted() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(state % 300) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33))
            }
            bytes += [13, 10, 13, 10]
            if case .complete(let head) = HTTPRequestParser.parse(bytes) {
                // Only a head that really is one may pass: it starts with a token method and a path.
                XCTAssertTrue(head.target.hasPrefix("/"))
            }
        }
    }
}
