import AccordionModel
import Foundation
import XCTest

@testable import AccordionRender
import AccordionTestSupport

/// The page plays back what the model computed with two rules of its own:
/// "header i under e = header i under none, moved down by e's shift when
/// i > e" and "a content view moves exactly as its own header moves". These
/// tests decode the data embedded in the page and check, for every state and
/// every tap of small random stacks, that the two rules reproduce the model's
/// frames and that the log templates reproduce the model's log.
final class HTMLPlaybackTests: XCTestCase {
    // MARK: - Decoding the page

    struct PageData {
        var json: [String: Any]
        var panels: [[String: Any]] { json["panels"] as! [[String: Any]] }

        func rect(_ panel: Int, _ key: String) -> Rect {
            let a = (panels[panel][key] as! [NSNumber]).map(\.doubleValue)
            return Rect(x: a[0], y: a[1], width: a[2], height: a[3])
        }

        func shift(_ panel: Int) -> Double { (panels[panel]["s"] as! NSNumber).doubleValue }

        /// The page's settled header under `e`.
        func header(_ i: Int, _ e: Int?) -> Rect {
            var r = rect(i, "h")
            if let e, i > e { r.y += shift(e) }
            return r
        }

        /// The page's frames at eased fraction `k` of a tap from `from` to `to`
        /// (settled under `to` when there is no transition), as the script computes them.
        func frames(from: Int?, to: Int?, k: Double) -> [(Rect, Rect?)] {
            let lerp = { (a: Rect, b: Rect) in
                Rect(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k,
                     width: a.width + (b.width - a.width) * k, height: a.height + (b.height - a.height) * k)
            }
            let follow = { (r: Rect, a: Rect, b: Rect) in
                Rect(x: r.x + b.x - a.x, y: r.y + b.y - a.y, width: r.width, height: r.height)
            }
            return panels.indices.map { i in
                let h = lerp(header(i, from), header(i, to))
                var content: Rect?
                if i == from { content = follow(rect(i, "c"), header(i, from), h) }
                if i == to { content = follow(rect(i, "c"), header(i, to), h) }
                return (h, content)
            }
        }

        func template(_ kind: String, _ phase: String) -> [(String, String?)] {
            let templates = json["templates"] as! [String: [String: [[Any]]]]
            return templates[kind]![phase]!.map { ($0[0] as! String, $0[1] as? String) }
        }
    }

    static func decode(_ page: String) throws -> PageData {
        let open = "<script type=\"application/json\" id=\"accordion-data\">"
        let start = try XCTUnwrap(page.range(of: open)).upperBound
        let end = try XCTUnwrap(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let data = Data(page[start..<end].utf8)
        return PageData(json: try JSONSerialization.jsonObject(with: data) as! [String: Any])
    }

    // MARK: - Random small stacks

    typealias Generator = SplitMix

    static func randomStack(_ g: inout Generator) -> (ContainerSpec, [PanelSpec]) {
        var c = ContainerSpec()
        c.width = g.double(200...800)
        c.height = g.double(300...900)
        c.layout = g.int(0...1) == 0 ? .fill : .fit
        c.curve = [.linear, .easeIn, .easeOut, .easeInOut][g.int(0...3)]
        c.duration = g.int(0...4) == 0 ? 0 : g.double(0.05...1.2)
        c.background = UInt32(truncatingIfNeeded: g.next())
        let n = g.int(0...5)
        let panels = (0..<n).map { i in
            PanelSpec(id: "p\(i)", title: "Panel <\(i)> & \"co\"", color: UInt32(truncatingIfNeeded: g.next()),
                      titleColor: UInt32(truncatingIfNeeded: g.next()), headerHeight: g.double(10...70).rounded() / 2,
                      contentHeight: g.int(0...2) == 0 ? nil : g.double(0...700))
        }
        return (c, panels)
    }

    static func assertClose(_ a: Rect?, _ b: Rect?, _ message: @autoclosure () -> String,
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let a, let b else {
            XCTAssert(a == nil && b == nil, "\(message()): page \(String(describing: a)) vs model \(String(describing: b))",
                      file: file, line: line)
            return
        }
        let d = max(abs(a.x - b.x), abs(a.y - b.y), abs(a.width - b.width), abs(a.height - b.height))
        XCTAssert(d < 1e-6, "\(message()): page \(a) vs model \(b)", file: file, line: line)
    }

    // MARK: - Tests

    func testSettledLayoutsOfEveryStateMatchTheModel() throws {
        var g = Generator(state: 1)
        for round in 0..<60 {
            let (c, panels) = Self.randomStack(&g)
            let shown = AccordionContainer(title: "t", container: c, panels: panels, expandedIndex: panels.isEmpty ? nil : 0)
            let data = try Self.decode(HTMLRender.page(shown.snapshot(at: 0)))
            XCTAssertEqual(data.panels.count, panels.count)
            for e in [nil] + panels.indices.map(Optional.some) {
                let model = AccordionContainer(title: "t", container: c, panels: panels, expandedIndex: e)
                let frames = model.layout(at: model.settledTime)
                let page = data.frames(from: nil, to: e, k: 1)
                for (i, f) in frames.enumerated() {
                    Self.assertClose(page[i].0, f.header, "round \(round) e \(String(describing: e)) header \(i)")
                    Self.assertClose(page[i].1, f.content, "round \(round) e \(String(describing: e)) content \(i)")
                }
            }
        }
    }

    func testEveryTransitionMatchesTheModelFrameByFrame() throws {
        var g = Generator(state: 2)
        for round in 0..<40 {
            var (c, panels) = Self.randomStack(&g)
            c.duration = g.double(0.1...1)
            let data = try Self.decode(HTMLRender.page(
                AccordionContainer(title: nil, container: c, panels: panels, expandedIndex: nil).snapshot(at: 0)))
            for from in [nil] + panels.indices.map(Optional.some) {
                for tap in panels.indices {
                    var model = AccordionContainer(title: nil, container: c, panels: panels, expandedIndex: from)
                    model.apply(Step(.tap(panel: tap), at: 1))
                    let to: Int? = tap == from ? nil : tap
                    XCTAssertEqual(model.expandedIndex, to)
                    for fraction in [0, 0.1, 0.37, 0.5, 0.81, 0.999] {
                        let time = 1 + c.duration * fraction
                        let info = try XCTUnwrap(model.transitionInfo(at: time))
                        XCTAssertEqual(info.from, from)
                        XCTAssertEqual(info.to, to)
                        let k = c.curve.value(atProgress: info.progress)
                        let page = data.frames(from: from, to: to, k: k)
                        for (i, f) in model.layout(at: time).enumerated() {
                            let where_ = "round \(round) \(String(describing: from))→tap \(tap) at \(fraction)"
                            Self.assertClose(page[i].0, f.header, "\(where_) header \(i)")
                            Self.assertClose(page[i].1, f.content, "\(where_) content \(i)")
                        }
                    }
                }
            }
        }
    }

    func testLogTemplatesReplayTheModelsLogForEveryTap() throws {
        var g = Generator(state: 3)
        for duration in [0.0, 0.25] {
            var (c, _) = Self.randomStack(&g)
            c.duration = duration
            let panels = (0..<4).map { PanelSpec(id: "v\($0)", title: "V\($0)", color: 0xFF, headerHeight: 40) }
            let data = try Self.decode(HTMLRender.page(
                AccordionContainer(title: nil, container: c, panels: panels, expandedIndex: 0).snapshot(at: 0)))
            for from in [nil] + panels.indices.map(Optional.some) {
                for tap in panels.indices {
                    var model = AccordionContainer(title: nil, container: c, panels: panels, expandedIndex: from)
                    let loaded = model.log.count
                    model.apply(Step(.tap(panel: tap), at: 2))
                    let entries = model.snapshot(at: 10).events.dropFirst(loaded)
                    let to: Int? = tap == from ? nil : tap
                    let kind = from == nil ? "expand" : to == nil ? "collapse" : "switch"
                    // The page's replay: roles become panel ids; a role with no panel is left out.
                    func replay(_ phase: String, at time: Double) -> [LogEntry] {
                        data.template(kind, phase).compactMap { event, role in
                            let index = role == "from" ? from : role == "to" ? to : nil
                            if role != nil && index == nil { return nil }
                            return LogEntry(time: time, event: LogEvent(rawValue: event)!, panel: index.map { panels[$0].id })
                        }
                    }
                    XCTAssertEqual(Array(entries), replay("start", at: 2) + replay("end", at: 2 + duration),
                                   "duration \(duration) from \(String(describing: from)) tap \(tap)")
                }
            }
            let ignored = data.json["ignored"] as! [String: String]
            XCTAssertEqual(ignored, ["event": "tapIgnored", "transition": "transition", "modal": "modal"])
        }
    }

    func testPageStartsWhereTheModelLeftOff() throws {
        var c = ContainerSpec()
        c.duration = 0.4
        let panels = (0..<3).map { PanelSpec(id: "v\($0)", title: "V\($0)", color: 0xFF, headerHeight: 44) }
        var model = AccordionContainer(title: "demo", container: c, panels: panels, expandedIndex: 0)
        model.apply(Step(.tap(panel: 2)))
        model.apply(Step(.present(title: "Compose")))
        let snapshot = model.snapshot(at: model.settledTime)
        let data = try Self.decode(HTMLRender.page(snapshot))
        let state = data.json["state"] as! [String: Any]
        XCTAssertEqual(state["expanded"] as? Int, 2)
        XCTAssertEqual(state["modal"] as? String, "Compose")
        XCTAssert(state["transition"] is NSNull)
        let log = data.json["log"] as! [[Any]]
        XCTAssertEqual(log.map { $0[1] as! String }, snapshot.events.map(\.event.rawValue))
        XCTAssertEqual(log.map { $0[2] as? String }, snapshot.events.map(\.panel))

        // Mid-transition (`--at`): the page continues the model's transition.
        var running = AccordionContainer(title: nil, container: c, panels: panels, expandedIndex: 0)
        running.apply(Step(.tap(panel: 1)))
        let mid = try Self.decode(HTMLRender.page(running.snapshot(at: 0.1)))
        let t = (mid.json["state"] as! [String: Any])["transition"] as! [String: Any]
        XCTAssertEqual(t["from"] as? Int, 0)
        XCTAssertEqual(t["to"] as? Int, 1)
        XCTAssertEqual((t["start"] as! NSNumber).doubleValue, 0)
        XCTAssertEqual((t["end"] as! NSNumber).doubleValue, 0.4)
        XCTAssertEqual(((mid.json["state"] as! [String: Any])["time"] as! NSNumber).doubleValue, 0.1)
    }

    func testTheCurveAndTitlesTheModelUses() throws {
        var c = ContainerSpec()
        c.curve = .easeOut
        let panels = [PanelSpec(id: "a", title: "</script><script>alert(1)</script>", color: 0x1ABC_9CFF, headerHeight: 44)]
        let page = HTMLRender.page(AccordionContainer(title: "<b>&</b>", container: c, panels: panels, expandedIndex: 0).snapshot(at: 0))
        let data = try Self.decode(page)
        XCTAssertEqual((data.json["curve"] as! [NSNumber]).map(\.doubleValue), [0, 0, 0.58, 1])
        XCTAssertEqual(data.panels[0]["title"] as? String, panels[0].title)
        XCTAssertEqual(data.panels[0]["color"] as? String, "#1ABC9CFF")
        XCTAssertEqual(data.json["title"] as? String, "<b>&</b>")
        XCTAssertTrue(page.contains("<title>&lt;b&gt;&amp;&lt;/b&gt;</title>"))
        XCTAssertEqual(page.components(separatedBy: "</script>").count, 3, "a title closed a script element")
    }

    func testPageSizeIsLinearInThePanelCount() {
        func size(_ n: Int) -> Int {
            // Header heights that add up exactly, so every number keeps its length
            // and only the data's own growth shows.
            var c = ContainerSpec()
            c.layout = .fit
            let panels = (0..<n).map {
                PanelSpec(id: "panel_\($0)", title: "Panel number \($0)", color: 0x3498_DBFF,
                          headerHeight: 0.5, contentHeight: Double(40 + $0 % 200))
            }
            return HTMLRender.page(AccordionContainer(title: "n", container: c, panels: panels, expandedIndex: 0)
                .snapshot(at: 0)).utf8.count
        }
        let s10 = size(10), s50 = size(50), s200 = size(200), s1000 = size(1000)
        XCTAssertLessThan(s10, 100_000)
        let perPanelSmall = Double(s50 - s10) / 40, perPanelLarge = Double(s1000 - s200) / 800
        XCTAssertLessThan(perPanelLarge, perPanelSmall * 1.3, "sizes \(s10), \(s50), \(s200), \(s1000)")
        XCTAssertLessThan(perPanelLarge, 250, "bytes per panel")
    }
}
