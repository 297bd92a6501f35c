import AccordionRender
import AccordionServe
import XCTest

/// The Host check, the routing decision, the kept panel, the event format
/// and the overlay's escaping.
final class PreviewRouteTests: XCTestCase {
    private let site = PreviewSite(port: 8017)

    private func request(_ method: String = "GET", _ target: String = "/", host: String? = "127.0.0.1:8017") -> HTTPRequestHead {
        HTTPRequestHead(method: method, target: target, fields: host.map { [HTTPField("Host", $0)] } ?? [])
    }

    func testOnlyLoopbackNamesWithThePortPassTheHostCheck() {
        for host in ["127.0.0.1:8017", "localhost:8017", "LOCALHOST:8017", "[::1]:8017"] {
            XCTAssertTrue(site.accepts(host: host), host)
        }
        for host in ["evil.example:8017", "127.0.0.1", "127.0.0.1:80", "localhost:8018", "127.0.0.1:8017.evil.example",
                     "localhost.:8017", "::1:8017", "127.0.0.2:8017", "", "localhost:8017 ", "attacker.localhost:8017"] {
            XCTAssertFalse(site.accepts(host: host), host)
        }
    }

    func testTheBoundHostIsAcceptedToo() {
        let lan = PreviewSite(port: 9000, boundHost: "192.168.1.20")
        XCTAssertTrue(lan.accepts(host: "192.168.1.20:9000"))
        XCTAssertTrue(lan.accepts(host: "127.0.0.1:9000"))
        XCTAssertFalse(lan.accepts(host: "192.168.1.21:9000"))
        let v6 = PreviewSite(port: 9000, boundHost: "fe80::1")
        XCTAssertTrue(v6.accepts(host: "[fe80::1]:9000"))
        XCTAssertFalse(v6.accepts(host: "fe80::1:9000"))
    }

    func testThePortMayBeLeftOutOnlyOnPort80() {
        let web = PreviewSite(port: 80)
        XCTAssertTrue(web.accepts(host: "localhost"))
        XCTAssertTrue(web.accepts(host: "localhost:80"))
        XCTAssertFalse(site.accepts(host: "localhost"))
    }

    func testRoutesInOrderHostThenMethodThenPath() {
        XCTAssertEqual(PreviewRoute.decide(request(), site: site), .page(.spec))
        XCTAssertEqual(PreviewRoute.decide(request("GET", "/events"), site: site), .events)
        func code(_ r: PreviewRoute) -> Int? {
            if case .refused(let status, _) = r { return status.code }
            return nil
        }
        // A foreign Host is refused whatever it asks for.
        XCTAssertEqual(code(PreviewRoute.decide(request("POST", "/nowhere", host: "evil.example:8017"), site: site)), 403)
        XCTAssertEqual(code(PreviewRoute.decide(request("GET", "/", host: nil), site: site)), 403)
        for method in ["POST", "HEAD", "PUT", "DELETE", "OPTIONS", "get"] {
            XCTAssertEqual(code(PreviewRoute.decide(request(method), site: site)), 405, method)
        }
        for path in ["/index.html", "/events/", "//", "/../etc/passwd", "/spec.yaml", "/%2e%2e/", "/favicon.ico"] {
            XCTAssertEqual(code(PreviewRoute.decide(request("GET", path), site: site)), 404, path)
        }
    }

    func testThePageKeepsThePanelItsQueryNames() {
        XCTAssertEqual(PreviewRoute.keptPanel(query: nil), .spec)
        XCTAssertEqual(PreviewRoute.keptPanel(query: "x=1"), .spec)
        XCTAssertEqual(PreviewRoute.keptPanel(query: "expanded="), KeptPanel.none)
        XCTAssertEqual(PreviewRoute.keptPanel(query: "expanded"), KeptPanel.none)
        XCTAssertEqual(PreviewRoute.keptPanel(query: "a=b&expanded=VC3"), .panel("VC3"))
        XCTAssertEqual(PreviewRoute.keptPanel(query: "expanded=caf%C3%A9+menu%26x"), .panel("café menu&x"))
        // A broken escape or bytes that are not UTF-8 keep nothing.
        XCTAssertEqual(PreviewRoute.keptPanel(query: "expanded=%Z1"), .spec)
        XCTAssertEqual(PreviewRoute.keptPanel(query: "expanded=%C3"), .spec)
        XCTAssertEqual(PreviewRoute.keptPanel(query: "expanded=%"), .spec)
    }

    func testTheTapThatKeepsAPanelOpen() {
        let stack = ["a", "b", "c"]
        XCTAssertNil(PreviewPage.tapToKeep(.spec, stack: stack, expanded: 1))
        XCTAssertNil(PreviewPage.tapToKeep(.panel("b"), stack: stack, expanded: 1), "already open")
        XCTAssertEqual(PreviewPage.tapToKeep(.panel("c"), stack: stack, expanded: 1), 2)
        XCTAssertEqual(PreviewPage.tapToKeep(.panel("a"), stack: stack, expanded: nil), 0)
        XCTAssertNil(PreviewPage.tapToKeep(.panel("gone"), stack: stack, expanded: 1), "the panel is no longer there")
        XCTAssertEqual(PreviewPage.tapToKeep(.none, stack: stack, expanded: 1), 1, "tapping the open header collapses it")
        XCTAssertNil(PreviewPage.tapToKeep(.none, stack: stack, expanded: nil))
    }

    func testEventsCannotBeEndedEarlyByTheirData() {
        XCTAssertEqual(ServerSentEvent.encode("page", data: "3"), "event: page\ndata: 3\n\n")
        XCTAssertEqual(ServerSentEvent.encode("problem", data: "a\n\nb\r\nc\rd"),
                       "event: problem\ndata: a\ndata: \ndata: b\ndata: c\ndata: d\n\n")
    }

    func testResponsesCloseAndRefusalsSayWhy() {
        let text = String(decoding: HTTPResponse.refusal(.methodNotAllowed, reason: "only GET"), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        XCTAssertTrue(text.contains("\r\nAllow: GET\r\n"))
        XCTAssertTrue(text.contains("\r\nConnection: close\r\n"))
        XCTAssertTrue(text.contains("\r\nContent-Length: 33\r\n"))
        XCTAssertTrue(text.hasSuffix("\r\n\r\n405 Method Not Allowed: only GET\n"))
    }

    func testTheOverlayEscapesTheValidatorsText() {
        let report = "a.yaml:3:7: error: bad <script>alert('x')</script> & \"q\" [rule]\n3 | title: <b>\n"
        let html = PreviewPage.overlay(report)
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertFalse(html.contains("<b>"))
        XCTAssertTrue(html.contains("a.yaml:3:7: error: bad &lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &quot;q&quot;"))
        let page = PreviewPage.addendum(version: "1764633600-4", problems: html).html
        XCTAssertTrue(page.contains("const accordionPreviewVersion = \"1764633600-4\";"))
        XCTAssertTrue(page.contains("role=\"alert\">" + html))
        XCTAssertTrue(PreviewPage.addendum(version: "1-1", problems: nil).html.contains("role=\"alert\" hidden>"))
    }

    func testThePlaceholderMayConnectBackAndTheRenderedFileMayNot() {
        let addendum = PreviewPage.addendum(version: "</script>", problems: nil)
        let page = PreviewPage.placeholder(title: "<x>.yaml", addendum: addendum)
        XCTAssertTrue(page.contains("connect-src 'self'"))
        XCTAssertTrue(page.contains("<title>&lt;x&gt;.yaml</title>"))
        XCTAssertTrue(page.hasSuffix(addendum.html + "</body>\n</html>\n"))
        // The version cannot end the script it is written in.
        XCTAssertTrue(addendum.html.contains("const accordionPreviewVersion = \"\\u003c/script\\u003e\";"), addendum.html)
        XCTAssertFalse(HTMLRender.head(title: "t", addendum: nil).contains("connect-src"))
    }
}
