import XCTest
@testable import AccordionModel

/// Issue 29, "finite time everywhere": no step may carry the clock past
/// `maxStepTime`, so two finite waits can never add up to an infinite
/// clock; and whatever a step does, every number the model gives out (an
/// outcome's time, a log entry's, a snapshot's frames) stays finite.
final class TimeLimitTests: XCTestCase {
    private func model(duration: Double = 0.3) -> AccordionContainer {
        demoModel(duration: duration)
    }

    func testTheLimitIsTenToTheNinthSeconds() {
        XCTAssertEqual(maxStepTime, 1e9)
        XCTAssertEqual(RejectReason.pastTimeLimit.rawValue, "pastTimeLimit")
    }

    /// The attack of the issue: `wait: 1e308` twice made the clock infinite.
    func testWaitsThatWouldPassTheLimitAreRejected() {
        var m = model()
        for _ in 0..<2 {
            let (outcome, entries) = m.perform(Step(.wait(seconds: 1e308)))
            XCTAssertEqual(outcome.effect, .rejected(.pastTimeLimit))
            XCTAssertEqual(outcome.time, 0, "a rejected step's time is the clock")
            XCTAssertEqual(entries, [])
            XCTAssertEqual(m.clock, 0)
        }
        // Up to the limit itself is allowed, and not a nanosecond past it.
        XCTAssertEqual(m.perform(Step(.wait(seconds: 1e9))).0.effect, .applied(.none))
        XCTAssertEqual(m.clock, 1e9)
        XCTAssertEqual(m.perform(Step(.wait(seconds: 0))).0.effect, .applied(.none))
        XCTAssertEqual(m.perform(Step(.wait(seconds: 0.5))).0.effect, .rejected(.pastTimeLimit))
        XCTAssertEqual(m.perform(Step(.wait(seconds: .greatestFiniteMagnitude))).0.effect, .rejected(.pastTimeLimit))
        XCTAssertEqual(m.clock, 1e9)
    }

    func testAtPastTheLimitIsRejected() {
        var m = model()
        for at in [1.797e308, 2e9, 1e9 + 1, Double.infinity, Double.nan] {
            let (outcome, _) = m.perform(Step(.tap(panel: 1), at: at))
            XCTAssertEqual(outcome.effect, .rejected(.pastTimeLimit), "at \(at)")
            XCTAssertEqual(outcome.time, 0, "at \(at)")
        }
        XCTAssertEqual(m.clock, 0)
        let (outcome, _) = m.perform(Step(.tap(panel: 1), at: 1e9))
        XCTAssertEqual(outcome.started?.start, 1e9)
        // An `at` past the limit is rejected before it is judged out of order.
        XCTAssertEqual(m.perform(Step(.wait(seconds: 0), at: 3e9)).0.effect, .applied(.none), "`at` on a wait is ignored")
    }

    /// A step without `at` waits for the running transition: when that ends
    /// past the limit (a huge duration), the step is rejected; one with an
    /// `at:` before the end still runs.
    func testAStepWaitingForATransitionThatEndsPastTheLimitIsRejected() {
        var m = model(duration: 1e12)
        XCTAssertEqual(m.perform(Step(.tap(panel: 1))).0.started?.end, 1e12)
        XCTAssertEqual(m.perform(Step(.tap(panel: 2))).0.effect, .rejected(.pastTimeLimit))
        XCTAssertEqual(m.perform(Step(.expand(panel: 2), at: 5)).0.time, 5)
        XCTAssertEqual(m.clock, 5)
    }

    // MARK: - Every number finite

    /// Every number a snapshot holds.
    private func numbers(_ s: Snapshot) -> [(String, Double)] {
        var out: [(String, Double)] = [("time", s.time), ("container.width", s.container.width), ("container.height", s.container.height)]
        if let t = s.transition { out += [("transition.start", t.start), ("transition.end", t.end), ("transition.progress", t.progress)] }
        if let scroll = s.scroll { out += [("scroll.offset", scroll.offset), ("scroll.contentHeight", scroll.contentHeight)] }
        for frame in s.panels {
            for (name, rect) in [("header", frame.header), ("content", frame.content)] {
                guard let rect else { continue }
                out += [("\(frame.index).\(name).x", rect.x), ("\(frame.index).\(name).y", rect.y),
                        ("\(frame.index).\(name).width", rect.width), ("\(frame.index).\(name).height", rect.height)]
            }
        }
        out += s.events.map { ("event \($0.event)", $0.time) }
        return out
    }

    /// Random scripts of extreme steps (waits and `at`s up to the largest
    /// Double, resizes and scrolls to ±1e308, stacks of 1e308-point headers
    /// and contents, huge durations) on random specs: the clock never passes
    /// the limit, and no outcome, log entry or snapshot at the moments a
    /// host can ask for holds a number that is not finite.
    func testExtremeStepsNeverGiveANumberThatIsNotFinite() {
        var g = SeededGenerator(seed: 29)
        let huge: [Double] = [0, 0.3, 1, 1e8, 5e8, 1e9, 1e12, 1e300, 1e308, .greatestFiniteMagnitude]
        let sizes: [Double] = [1e308, .greatestFiniteMagnitude, 5e307, 1e-300, 0.001, 375, 667, 1e9]
        var checked = 0
        var rejected = 0
        for round in 0..<150 {
            var scenario = Scenario.random(&g, timed: true)
            if Int.random(in: 0..<4, using: &g) == 0 { scenario.container.duration = [1e12, 1e308, 5e8].randomElement(using: &g)! }
            if Int.random(in: 0..<3, using: &g) == 0 { scenario.container.overflow = .scroll }
            var m = scenario.model()
            var known = scenario.panels
            var nextID = 0
            for index in 0..<30 {
                let count = m.panels.count
                var at: Double?
                if Int.random(in: 0..<3, using: &g) == 0 {
                    at = Bool.random(using: &g) ? m.clock + huge.randomElement(using: &g)! : huge.randomElement(using: &g)!
                }
                let action: StepAction
                switch Int.random(in: 0..<9, using: &g) {
                case 0, 1: action = .tap(panel: Int.random(in: 0...max(0, count), using: &g))
                case 2: action = .wait(seconds: huge.randomElement(using: &g)!)
                case 3: action = .resize(width: sizes.randomElement(using: &g)!, height: sizes.randomElement(using: &g)!)
                case 4: action = .scroll(offset: [1e308, -1e308, .greatestFiniteMagnitude, 1e9, 0, 40].randomElement(using: &g)!)
                case 5:
                    var list: [PanelSpec] = known.shuffled(using: &g).filter { _ in Bool.random(using: &g) }
                    for _ in 0..<Int.random(in: 0...3, using: &g) {
                        nextID += 1
                        let panel = PanelSpec(id: "x\(nextID)", title: "X", color: 0x336699FF, headerHeight: sizes.randomElement(using: &g)!,
                                              contentHeight: [nil, 1e308, 5e307, 100].randomElement(using: &g)!)
                        known.append(panel)
                        list.append(panel)
                    }
                    action = .setPanels(list)
                case 6: action = Bool.random(using: &g) ? .expand(panel: nil) : .collapse(panel: nil)
                case 7: action = count > 0 ? .expand(panel: Int.random(in: 0..<count, using: &g)) : .dismiss
                default: action = Bool.random(using: &g) ? .present(title: "M") : .dismiss
                }
                let step = Step(action, at: at)
                let (outcome, entries) = m.perform(step)
                if case .rejected(.pastTimeLimit) = outcome.effect { rejected += 1 }
                let context = "round \(round) step \(index) \(step)"
                XCTAssertTrue(outcome.time.isFinite && outcome.time <= maxStepTime, "\(context): outcome time \(outcome.time)")
                XCTAssertTrue(m.clock.isFinite && m.clock <= maxStepTime, "\(context): clock \(m.clock)")
                if let started = outcome.started { XCTAssertTrue(started.end.isFinite, "\(context): \(started)") }
                for entry in entries + m.pendingEntries where !entry.time.isFinite { XCTFail("\(context): \(entry)") }
                for time in [m.clock, m.settledTime, m.clock + (m.settledTime - m.clock) / 2] {
                    for (name, value) in numbers(m.snapshot(at: time)) where !value.isFinite {
                        XCTFail("\(context): \(name) is \(value) at \(time)")
                        return
                    }
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 3500)
        XCTAssertGreaterThan(rejected, 350, "the steps past the limit were met")
    }
}
