import AccordionModel
import Foundation
import XCTest

@testable import AccordionRender
import AccordionTestSupport

/// The page plays back what the model computed with three layout rules of
/// its own: "header i = header i with nothing open, moved down by the content
/// heights of the open panels above it", "a panel that shares the space gets
/// its one-open height divided by the number open" and "a content view moves
/// exactly as its own header moves" (the content that closes keeps its
/// starting height, the one that opens its settled height; one that stays
/// open moves from its start frame to its settled one). These tests decode
/// the data embedded in the page and check, for every open set and every tap
/// of small random stacks in both expansion modes, for retargeted taps and
/// for pages that start mid-transition, that those rules reproduce the
/// model's frames and that the log templates reproduce the model's log.
final class HTMLPlaybackTests: XCTestCase {
    // MARK: - Decoding the page

    typealias Frames = [(header: Rect, content: Rect?)]

    struct PageData {
        var json: [String: Any]
        var panels: [[String: Any]] { json["panels"] as! [[String: Any]] }

        func rect(_ panel: Int, _ key: String) -> Rect {
            rect(panels[panel][key] as! [NSNumber])
        }

        func rect(_ numbers: [NSNumber]) -> Rect {
            let a = numbers.map(\.doubleValue)
            return Rect(x: a[0], y: a[1], width: a[2], height: a[3])
        }

        /// A flag the page writes only when true.
        func flag(_ panel: Int, _ key: String) -> Bool {
            guard let value = panels[panel][key] else { return false }
            XCTAssertEqual(value as? Bool, true, "panel \(panel) writes \(key) as \(value)")
            return true
        }

        /// The page's settled frames with the panels in `open` expanded, as the script computes them.
        func settled(_ open: Set<Int>) -> Frames {
            var below = 0.0
            return panels.indices.map { i in
                var h = rect(i, "header")
                h.y += below
                guard open.contains(i) else { return (h, nil) }
                var c = rect(i, "content")
                c.y += below
                if flag(i, "shares") && open.count > 1 { c.height /= Double(open.count) }
                below += c.height
                return (h, c)
            }
        }

        /// The page's frames at eased fraction `k` of a transition from frames
        /// `a` to the settled frames under `after`, closing `from` and opening `to`.
        func frames(_ a: Frames, after: Set<Int>, from: Int?, to: Int?, k: Double) -> Frames {
            let b = settled(after)
            let lerp = { (a: Rect, b: Rect) in
                Rect(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k,
                     width: a.width + (b.width - a.width) * k, height: a.height + (b.height - a.height) * k)
            }
            let follow = { (r: Rect, a: Rect, b: Rect) in
                Rect(x: r.x + b.x - a.x, y: r.y + b.y - a.y, width: r.width, height: r.height)
            }
            return panels.indices.map { i in
                let h = lerp(a[i].header, b[i].header)
                if i == from { return (h, follow(a[i].content!, a[i].header, h)) }
                if i == to { return (h, follow(b[i].content!, b[i].header, h)) }
                return (h, b[i].content.map { lerp(a[i].content!, $0) })
            }
        }

        func template(_ kind: String, _ phase: String) -> [(String, String?)] {
            let templates = json["templates"] as! [String: [String: [[Any]]]]
            return templates[kind]![phase]!.map { ($0[0] as! String, $0[1] as? String) }
        }

        /// The cause the page gives a change it makes, by what made it ("click" or "key").
        func cause(_ activation: String) -> ChangeCause? {
            ((json["causes"] as? [String: String])?[activation]).flatMap(ChangeCause.init(name:))
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
        c.expansion = g.int(0...1) == 0 ? .single : .multiple
        let n = g.int(0...5)
        let panels = (0..<n).map { i in
            PanelSpec(id: "p\(i)", title: "Panel <\(i)> & \"co\"", color: UInt32(truncatingIfNeeded: g.next()),
                      titleColor: UInt32(truncatingIfNeeded: g.next()), headerHeight: g.double(10...70).rounded() / 2,
                      contentHeight: g.int(0...2) == 0 ? nil : g.double(0...700))
        }
        return (c, panels)
    }

    /// Every open set the container's mode allows over `n` panels.
    static func openSets(_ n: Int, _ expansion: ExpansionMode) -> [Set<Int>] {
        if expansion == .single { return [[]] + (0..<n).map { [$0] } }
        return (0..<(1 << n)).map { bits in Set((0..<n).filter { bits & (1 << $0) != 0 }) }
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

    static func assertFrames(_ page: Frames, _ model: [PanelFrame], _ message: @autoclosure () -> String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(page.count, model.count, message(), file: file, line: line)
        for (i, f) in model.enumerated() where i < page.count {
            assertClose(page[i].header, f.header, "\(message()) header \(i)", file: file, line: line)
            assertClose(page[i].content, f.content, "\(message()) content \(i)", file: file, line: line)
        }
    }

    /// The open set a tap on `tap` leads to, and the panels it closes and opens.
    static func afterTap(_ tap: Int, on open: Set<Int>, _ expansion: ExpansionMode) -> (Set<Int>, from: Int?, to: Int?) {
        if expansion == .multiple {
            return open.contains(tap) ? (open.subtracting([tap]), tap, nil) : (open.union([tap]), nil, tap)
        }
        let from = open.min()
        return from == tap ? ([], from, nil) : ([tap], from, tap)
    }

    // MARK: - Tests

    func testSettledLayoutsOfEveryOpenSetMatchTheModel() throws {
        var g = Generator(state: 1)
        for round in 0..<60 {
            let (c, panels) = Self.randomStack(&g)
            let shown = AccordionContainer(title: "t", container: c, panels: panels, expandedIndex: panels.isEmpty ? nil : 0)
            let data = try Self.decode(HTMLRender.page(shown.snapshot(at: 0)))
            XCTAssertEqual(data.panels.count, panels.count)
            for open in Self.openSets(panels.count, c.expansion) {
                let model = AccordionContainer(title: "t", container: c, panels: panels, expandedIndices: open.sorted())
                Self.assertFrames(data.settled(open), model.layout(at: model.settledTime),
                                  "round \(round) \(c.expansion) \(c.layout) open \(open.sorted())")
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
            for open in Self.openSets(panels.count, c.expansion) {
                for tap in panels.indices {
                    var model = AccordionContainer(title: nil, container: c, panels: panels, expandedIndices: open.sorted())
                    model.apply(Step(.tap(panel: tap), at: 1))
                    let (after, from, to) = Self.afterTap(tap, on: open, c.expansion)
                    XCTAssertEqual(model.expandedIndices, after.sorted())
                    for fraction in [0, 0.1, 0.37, 0.5, 0.81, 0.999] {
                        let time = 1 + c.duration * fraction
                        let info = try XCTUnwrap(model.transitionInfo(at: time))
                        XCTAssertEqual(info.from, from)
                        XCTAssertEqual(info.to, to)
                        let k = c.curve.value(atProgress: info.progress)
                        let page = data.frames(data.settled(open), after: after, from: from, to: to, k: k)
                        Self.assertFrames(page, model.layout(at: time),
                                          "round \(round) \(c.expansion) \(open.sorted())→tap \(tap) at \(fraction)")
                    }
                }
            }
        }
    }

    /// A random non-empty stack under `interruption`, loaded with a random
    /// open set, tapped at 1 s and again partway through that tap's transition.
    struct Interrupted {
        var container: ContainerSpec
        var panels: [PanelSpec]
        var open: Set<Int>
        var first: Int, second: Int
        var secondTime: Double
        var model: AccordionContainer
    }

    static func interrupted(_ g: inout Generator, _ interruption: InterruptionPolicy) -> Interrupted? {
        var (c, panels) = randomStack(&g)
        guard !panels.isEmpty else { return nil }
        c.duration = g.double(0.1...1)
        c.interruption = interruption
        let sets = openSets(panels.count, c.expansion)
        let open = sets[g.int(sets.count)]
        let first = g.int(panels.count), second = g.int(panels.count)
        let secondTime = 1 + c.duration * g.double(0.05...0.95)
        var model = AccordionContainer(title: nil, container: c, panels: panels, expandedIndices: open.sorted())
        model.apply(Step(.tap(panel: first), at: 1))
        model.apply(Step(.tap(panel: second), at: secondTime))
        return Interrupted(container: c, panels: panels, open: open, first: first, second: second,
                           secondTime: secondTime, model: model)
    }

    /// A tap that retargets a running transition: the page starts the new
    /// one from the frames of the old one at the tap (its own `frames`),
    /// and the model agrees with that at every moment after.
    func testRetargetedTransitionsStartFromTheFramesShown() throws {
        var g = Generator(state: 4)
        for round in 0..<40 {
            guard let run = Self.interrupted(&g, .retarget) else { continue }
            let c = run.container
            let data = try Self.decode(HTMLRender.page(
                AccordionContainer(title: nil, container: c, panels: run.panels, expandedIndex: nil).snapshot(at: 0)))
            let (middle, from1, to1) = Self.afterTap(run.first, on: run.open, c.expansion)
            let (after, from2, to2) = Self.afterTap(run.second, on: middle, c.expansion)
            XCTAssertEqual(run.model.expandedIndices, after.sorted(), "round \(round)")
            let k1 = c.curve.value(atProgress: (run.secondTime - 1) / c.duration)
            let shown = data.frames(data.settled(run.open), after: middle, from: from1, to: to1, k: k1)
            for fraction in [0, 0.2, 0.5, 0.9] {
                let time = run.secondTime + c.duration * fraction
                let k = c.curve.value(atProgress: fraction)
                Self.assertFrames(data.frames(shown, after: after, from: from2, to: to2, k: k), run.model.layout(at: time),
                                  "round \(round) \(c.expansion) \(run.open.sorted()) tap \(run.first) then \(run.second) at \(fraction)")
            }
        }
    }

    /// A page rendered mid-transition (`--at`, retargeted or not) moves on
    /// from the frames the model shows then, by the rest of the curve.
    func testPageJoinsARunningTransitionWhereTheModelShowsIt() throws {
        var g = Generator(state: 5)
        for round in 0..<40 {
            guard let run = Self.interrupted(&g, [.finish, .retarget][g.int(0...1)]) else { continue }
            let c = run.container
            let t0 = run.secondTime + c.duration * g.double(0.05...0.9)
            let snapshot = run.model.snapshot(at: t0)
            let info = try XCTUnwrap(snapshot.transition)
            let data = try Self.decode(HTMLRender.page(snapshot))
            let state = data.json["state"] as! [String: Any]
            let t = state["transition"] as! [String: Any]
            let shown: Frames = (t["shown"] as! [[Any]]).map { pair in
                (data.rect(pair[0] as! [NSNumber]), (pair[1] as? [NSNumber]).map(data.rect))
            }
            Self.assertFrames(shown, snapshot.panels, "round \(round) shown at load")
            let open = Set((state["open"] as! [Int]))
            XCTAssertEqual(open.sorted(), snapshot.expandedIndices)
            let k0 = c.curve.value(atProgress: (t["progress"] as! NSNumber).doubleValue)
            for fraction in [0.3, 0.6, 0.95] {
                let time = t0 + (info.end - t0) * fraction
                let k = (c.curve.value(atProgress: (time - info.start) / (info.end - info.start)) - k0) / (1 - k0)
                Self.assertFrames(data.frames(shown, after: open, from: info.from, to: info.to, k: k), run.model.layout(at: time),
                                  "round \(round) joined at \(t0), at \(time)")
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
                    // The page's replay: roles become panel ids; a role with no panel is left out;
                    // every entry carries the click's cause, as the page's data spells it.
                    func replay(_ phase: String, at time: Double) -> [LogEntry] {
                        data.template(kind, phase).compactMap { event, role in
                            let index = role == "from" ? from : role == "to" ? to : nil
                            if role != nil && index == nil { return nil }
                            return LogEntry(time: time, event: LogEvent(rawValue: event)!, panel: index.map { panels[$0].id },
                                            cause: data.cause("click"))
                        }
                    }
                    XCTAssertEqual(Array(entries), replay("start", at: 2) + replay("end", at: 2 + duration),
                                   "duration \(duration) from \(String(describing: from)) tap \(tap)")
                }
            }
            let ignored = data.json["ignored"] as! [String: String]
            XCTAssertEqual(ignored, ["event": "tapIgnored", "transition": "transition", "modal": "modal",
                                     "disabled": "disabled", "notCollapsible": "notCollapsible"])
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
        XCTAssertEqual(state["open"] as? [Int], [2])
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

    /// The page's changes carry the model's causes: its log holds each
    /// entry's cause (the fifth element), a transition it joins under way
    /// the cause its end entries will carry, and its own clicks and keys
    /// the model's spellings of `tap` and `key`.
    func testThePageCarriesTheModelsCauses() throws {
        var c = ContainerSpec()
        c.duration = 0.4
        let panels = (0..<3).map { PanelSpec(id: "v\($0)", title: "V\($0)", color: 0xFF, headerHeight: 44) }
        var model = AccordionContainer(title: nil, container: c, panels: panels, expandedIndex: 0)
        model.apply(Step(.expand(panel: 1)))
        model.apply(Step(.tap(panel: 2), origin: .key))
        let snapshot = model.snapshot(at: 0.1)
        let data = try Self.decode(HTMLRender.page(snapshot))
        let log = data.json["log"] as! [[Any]]
        XCTAssertEqual(log.map { $0[4] as? String }, snapshot.events.map { $0.cause?.name })
        XCTAssertEqual(Set(log.map { $0[4] as? String }), [nil, "expand", "key"], "loading, the expand, the key's start")
        let t = (data.json["state"] as! [String: Any])["transition"] as! [String: Any]
        XCTAssertEqual(t["cause"] as? String, "key")
        XCTAssertEqual(data.cause("click"), .tap)
        XCTAssertEqual(data.cause("key"), .key)
        XCTAssertEqual(data.cause("fragment"), .fragment)
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
