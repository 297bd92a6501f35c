import XCTest
@testable import AccordionModel
import AccordionTestSupport

/// A random spec plus a valid random script for it.
struct Scenario {
    var title: String?
    var container: ContainerSpec
    var panels: [PanelSpec]
    var expanded: [Int]
    var steps: [Step]

    func model() -> AccordionContainer {
        AccordionContainer(title: title, container: container, panels: panels, expandedIndices: expanded)
    }

    func reference() -> ReferenceModel {
        ReferenceModel(title: title, container: container, panels: panels, expanded: expanded)
    }

    /// The same spec with instant transitions.
    func instant() -> Scenario {
        var copy = self
        copy.container.duration = 0
        return copy
    }

    /// Builds a random scenario; `timed` allows `at:` on steps (so taps can
    /// land inside transitions); `modes` picks a random expansion, collapsibility
    /// and interruption policy and disables some panels (else the defaults).
    /// The script is valid: references resolve in the stack of the moment,
    /// `present`/`dismiss`/`expand`/`collapse`/`setPanels` respect the modal rules.
    static func random(_ g: inout SeededGenerator, timed: Bool, modes: Bool = true) -> Scenario {
        var nextID = 0
        func newPanel() -> PanelSpec {
            defer { nextID += 1 }
            let heights: [Double] = [20, 30, 44, 44, 44, 57.5, 60]
            let contents: [Double?] = [nil, nil, 0, 50, 120.25, 300, 2000]
            return PanelSpec(id: "p\(nextID)", title: "Panel \(nextID)", color: UInt32.random(in: 0...UInt32.max, using: &g),
                             headerHeight: heights.randomElement(using: &g)!, contentHeight: contents.randomElement(using: &g)!,
                             disabled: modes && Int.random(in: 0..<5, using: &g) == 0)
        }
        var container = ContainerSpec()
        container.width = [320, 375, 414, 667].randomElement(using: &g)!
        container.height = [300, 480, 667, 812].randomElement(using: &g)!
        container.layout = Bool.random(using: &g) ? .fill : .fit
        container.duration = [0, 0.1, 0.25, 0.3, 1].randomElement(using: &g)!
        container.curve = [.linear, .easeIn, .easeOut, .easeInOut].randomElement(using: &g)!
        if modes {
            container.expansion = Bool.random(using: &g) ? .single : .multiple
            container.collapsible = Int.random(in: 0..<3, using: &g) != 0
            container.interruption = [.ignore, .finish, .retarget].randomElement(using: &g)!
        }
        // Inset-grouped sections now and then: the reference lays them out on its own.
        if Int.random(in: 0..<4, using: &g) == 0 { container.style = .insetGrouped }
        let panels = (0..<Int.random(in: 0...6, using: &g)).map { _ in newPanel() }
        var expanded: [Int] = panels.isEmpty || Int.random(in: 0..<5, using: &g) == 0 ? [] : [Int.random(in: 0..<panels.count, using: &g)]
        if container.expansion == .multiple {
            expanded = panels.indices.filter { _ in Int.random(in: 0..<3, using: &g) == 0 }
        }
        var known = panels
        var reference = ReferenceModel(title: "T", container: container, panels: panels, expanded: expanded)
        var steps: [Step] = []
        for _ in 0..<Int.random(in: 0...14, using: &g) {
            let stack = reference.panels
            let modalUp = reference.modal != nil
            var at: Double? = nil
            if timed, Int.random(in: 0..<3, using: &g) == 0 {
                let offsets = [0, 0.05, 0.1, 0.15, container.duration, container.duration / 2, 0.5, 2]
                at = reference.clock + offsets.randomElement(using: &g)!
            }
            let action: StepAction
            switch Int.random(in: 0..<10, using: &g) {
            case 0...3 where !stack.isEmpty:
                action = .tap(panel: Int.random(in: 0..<stack.count, using: &g))
            case 4:
                action = .wait(seconds: [0, 0.05, 0.1, 0.2, 0.3, 1].randomElement(using: &g)!)
                at = nil
            case 5 where modes && !stack.isEmpty && Int.random(in: 0..<3, using: &g) == 0:
                // Properties the reference reads (no content: its heights do not measure one).
                let index = Int.random(in: 0..<stack.count, using: &g)
                action = Bool.random(using: &g)
                    ? .update(panel: index, PanelUpdate(disabled: !stack[index].disabled))
                    : .update(panel: index, PanelUpdate(title: "Renamed \(steps.count)", color: 0x3344_55FF))
            case 5:
                action = .resize(width: [320, 375, 667].randomElement(using: &g)!, height: [300, 375, 667, 900].randomElement(using: &g)!)
            case 6 where !modalUp:
                let choices: [Int?] = [nil] + Array(0..<stack.count).map { Optional($0) }
                let choice = choices.randomElement(using: &g)!
                switch modes ? Int.random(in: 0..<3, using: &g) : 0 {
                case 1: action = .collapse(panel: choice)
                case 2 where choice != nil: action = .reveal(panel: choice!, open: Bool.random(using: &g))
                default: action = .expand(panel: choice)
                }
            case 7 where !modalUp && reference.expanded != nil:
                action = .present(title: "Modal \(steps.count)")
            case 7 where modalUp, 8 where modalUp:
                action = .dismiss
            case 8 where !modalUp:
                // Clipped: the offset stays 0, and a running transition completes.
                action = .scroll(offset: [-10, 0, 50, 1e4].randomElement(using: &g)!)
            case 9 where !modalUp:
                var list: [PanelSpec] = []
                for panel in known.shuffled(using: &g) where Bool.random(using: &g) { list.append(panel) }
                for _ in 0..<Int.random(in: 0...2, using: &g) { let panel = newPanel(); known.append(panel); list.append(panel) }
                action = .setPanels(list)
            default:
                action = .wait(seconds: 0.1)
                at = nil
            }
            let step = Step(action, at: at)
            steps.append(step)
            reference.apply(step)
        }
        return Scenario(title: "T", container: container, panels: panels, expanded: expanded, steps: steps)
    }
}

/// Seeded random specs and scripts: invariants, agreement with the naive
/// reference reading, step-at-a-time vs all-at-once, instant vs animated.
final class PropertyTests: XCTestCase {
    func assertSame(_ a: Snapshot, _ b: Snapshot, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) < 1e-6 }
        func close(_ r: Rect?, _ s: Rect?) -> Bool {
            guard let r, let s else { return r == nil && s == nil }
            return close(r.x, s.x) && close(r.y, s.y) && close(r.width, s.width) && close(r.height, s.height)
        }
        var problems: [String] = []
        if !close(a.time, b.time) { problems.append("time \(a.time) vs \(b.time)") }
        if a.container != b.container { problems.append("container") }
        if a.expandedIndex != b.expandedIndex { problems.append("expandedIndex \(String(describing: a.expandedIndex)) vs \(String(describing: b.expandedIndex))") }
        if a.expandedIndices != b.expandedIndices { problems.append("expandedIndices \(a.expandedIndices) vs \(b.expandedIndices)") }
        if a.visible != b.visible { problems.append("visible") }
        if a.interactionEnabled != b.interactionEnabled { problems.append("interactionEnabled") }
        switch (a.transition, b.transition) {
        case (nil, nil): break
        case let (x?, y?):
            if x.from != y.from || x.to != y.to || !close(x.start, y.start) || !close(x.end, y.end) || !close(x.progress, y.progress) {
                problems.append("transition \(x) vs \(y)")
            }
        default: problems.append("transition \(String(describing: a.transition)) vs \(String(describing: b.transition))")
        }
        if a.panels.count != b.panels.count { problems.append("panel count") }
        for (x, y) in zip(a.panels, b.panels) where x.index != y.index || x.panel != y.panel || !close(x.header, y.header) || !close(x.content, y.content) {
            problems.append("panel \(x.index): \(x.header) \(String(describing: x.content)) vs \(y.header) \(String(describing: y.content))")
        }
        if a.events.count != b.events.count || zip(a.events, b.events).contains(where: {
            $0.event != $1.event || $0.panel != $1.panel || $0.reason != $1.reason || $0.cause != $1.cause
                || !close($0.time, $1.time)
        }) {
            problems.append("events\n\(describe(a.events))\nvs\n\(describe(b.events))")
        }
        if !problems.isEmpty { XCTFail("\(context): " + problems.joined(separator: "; "), file: file, line: line) }
    }

    /// Moments worth looking at after a step: its time, inside the transition, at and after its end.
    func moments(_ model: AccordionContainer) -> [Double] {
        var times = [model.clock, model.settledTime, model.settledTime + 0.5]
        if let end = model.transitionEnd {
            times += [model.clock + (end - model.clock) * 0.3, model.clock + (end - model.clock) * 0.77, end - 1e-3]
        }
        return times
    }

    func testAgreesWithReferenceAndKeepsInvariants() {
        var g = SeededGenerator(seed: 2024)
        var stepsChecked = 0
        var seen: Set<String> = []
        // Every tap rule and both interrupting policies in both modes must be
        // met: a sanitizer's sampled run plays on past its share of rounds
        // until they are (never past the full run), so the check stays.
        let coverage: Set<String> = ["transition", "modal", "disabled", "notCollapsible", "collapsed-several",
                                     "accepted-finish-single", "accepted-finish-multiple",
                                     "accepted-retarget-single", "accepted-retarget-multiple"]
        var round = -1
        while round + 1 < 1500, round + 1 < TimeBounds.rounds(1500) || !coverage.isSubset(of: seen) {
            round += 1
            let scenario = Scenario.random(&g, timed: round % 4 != 0)
            var model = scenario.model()
            var reference = scenario.reference()
            var produced = model.log
            XCTAssertEqual(model.assertInvariants(), [], "round \(round) load")
            for (index, step) in scenario.steps.enumerated() {
                XCTAssertEqual(model.time(of: step), reference.time(of: step), accuracy: 1e-9, "round \(round) step \(index) time")
                let wasRunning = model.transitionEnd.map { model.time(of: step) < $0 - 1e-9 } ?? false
                let (outcome, entries) = model.perform(step)
                produced += entries
                switch outcome.effect {
                case .ignored(let reason): seen.insert(reason.rawValue)
                case .applied(.transition) where wasRunning && step.at != nil:
                    if case .tap = step.action { seen.insert("accepted-\(scenario.container.interruption.rawValue)-\(scenario.container.expansion.rawValue)") }
                case .applied(.transitions): seen.insert("collapsed-several")
                default: break
                }
                reference.apply(step)
                stepsChecked += 1
                let context = "round \(round) step \(index) \(step.action)"
                let violations = model.assertInvariants()
                XCTAssertEqual(violations, [], context)
                XCTAssertEqual(produced, model.log, context)
                for time in moments(model) {
                    assertSame(model.snapshot(at: time), reference.snapshot(at: time), "\(context) at \(time)")
                }
                if !violations.isEmpty { break }
            }
            XCTAssertEqual(produced + model.pendingEntries, model.events(through: .infinity))
        }
        XCTAssertGreaterThan(stepsChecked, 2000 / TimeBounds.sampling)
        XCTAssertEqual(seen, coverage)
    }

    /// Under `retarget` no header jumps: at the moment of an accepted tap
    /// inside a transition, every header (and every content view shown
    /// before and after the tap, but the appearing one) is where it was
    /// shown just before the tap, so the frames a millisecond either side
    /// differ by no more than a millisecond of motion. Under `finish` the
    /// new transition starts from the settled layout, so headers do jump.
    func testRetargetedTapsMoveNoHeader() {
        var g = SeededGenerator(seed: 77)
        var retargeted = 0
        var finishJumps = 0
        for round in 0..<4000 {
            var scenario = Scenario.random(&g, timed: true)
            scenario.container.interruption = round % 2 == 0 ? .retarget : .finish
            if scenario.container.duration == 0 { scenario.container.duration = 0.3 }
            var model = scenario.model()
            for step in scenario.steps {
                let time = model.time(of: step)
                let running = model.transitionEnd.map { time < $0 - 1e-9 } ?? false
                let before = model.layout(at: time)
                let earlier = model.layout(at: max(model.clock, time - 0.001))
                let outcome = model.perform(step).outcome
                guard running, case .tap = step.action, let started = outcome.started else { continue }
                let after = model.layout(at: time)
                let later = model.layout(at: time + 0.001)
                let jumps = zip(before, after).contains { abs($0.header.y - $1.header.y) > 1e-6 }
                guard scenario.container.interruption == .retarget else {
                    if jumps { finishJumps += 1 }
                    continue
                }
                retargeted += 1
                for (index, (b, a)) in zip(before, after).enumerated() {
                    XCTAssertEqual(b.header.y, a.header.y, accuracy: 1e-6, "round \(round) header \(index)")
                    if let shown = b.content, let kept = a.content, index != started.to {
                        XCTAssertEqual(shown.height, kept.height, accuracy: 1e-6, "round \(round) content \(index)")
                    }
                    // A millisecond either side: no more than the two motions of that millisecond.
                    let motion = abs(b.header.y - earlier[index].header.y) + abs(later[index].header.y - a.header.y)
                    XCTAssertLessThanOrEqual(abs(later[index].header.y - earlier[index].header.y), motion + 1e-6,
                                             "round \(round) header \(index)")
                }
            }
        }
        XCTAssertGreaterThan(retargeted, 120)
        XCTAssertGreaterThan(finishJumps, 20)
    }

    func testStepAtATimeEqualsAllAtOnce() {
        var g = SeededGenerator(seed: 99)
        for round in 0..<300 {
            let scenario = Scenario.random(&g, timed: true)
            let run = { (until: Double?, every: Bool) in
                ScriptRun.run(title: scenario.title, container: scenario.container, panels: scenario.panels,
                              expandedIndices: scenario.expanded, steps: scenario.steps, until: until, everyStep: every)
            }
            let final = run(nil, false)
            let every = run(nil, true)
            XCTAssertEqual(every.last, final.last, "round \(round)")
            var model = scenario.model()
            var snapshots: [Snapshot] = []
            var halfway: AccordionContainer?
            for (index, step) in scenario.steps.enumerated() {
                if index == scenario.steps.count / 2 { halfway = model }
                model.apply(step)
                snapshots.append(model.snapshot(at: model.settledTime))
            }
            if !scenario.steps.isEmpty { XCTAssertEqual(every, snapshots, "round \(round)") }
            XCTAssertEqual(final.last, model.snapshot(at: model.settledTime), "round \(round)")
            // A copy taken half way, continued on its own, ends in the same state (value semantics).
            if var resumed = halfway {
                for step in scenario.steps[(scenario.steps.count / 2)...] { resumed.apply(step) }
                XCTAssertEqual(resumed.snapshot(at: resumed.settledTime), final.last, "round \(round) resumed")
                XCTAssertEqual(resumed, model, "round \(round) resumed state")
            }
            // Until T: exactly the steps at or before T, shown at T.
            for until in [0, 0.12, 0.3, 0.61, 1.5] {
                var partial = scenario.model()
                for step in scenario.steps {
                    if partial.time(of: step) > until + 1e-9 { break }
                    partial.apply(step)
                }
                XCTAssertEqual(run(until, false), [partial.snapshot(at: until)], "round \(round) until \(until)")
            }
        }
    }

    func testInstantAndAnimatedRunsSettleAlike() {
        var g = SeededGenerator(seed: 31337)
        for round in 0..<300 {
            let animated = Scenario.random(&g, timed: false)
            let instant = animated.instant()
            let a = ScriptRun.run(title: animated.title, container: animated.container, panels: animated.panels,
                                  expandedIndices: animated.expanded, steps: animated.steps)[0]
            let b = ScriptRun.run(title: instant.title, container: instant.container, panels: instant.panels,
                                  expandedIndices: instant.expanded, steps: instant.steps)[0]
            XCTAssertEqual(a.expandedIndex, b.expandedIndex, "round \(round)")
            XCTAssertEqual(a.visible, b.visible, "round \(round)")
            XCTAssertTrue(a.interactionEnabled && b.interactionEnabled, "round \(round)")
            XCTAssertEqual(a.panels, b.panels, "round \(round)")
            XCTAssertEqual(a.events.map { [$0.event.rawValue, $0.panel ?? "", $0.reason?.rawValue ?? "", $0.cause?.name ?? ""] },
                           b.events.map { [$0.event.rawValue, $0.panel ?? "", $0.reason?.rawValue ?? "", $0.cause?.name ?? ""] },
                           "round \(round)")
        }
    }
}
