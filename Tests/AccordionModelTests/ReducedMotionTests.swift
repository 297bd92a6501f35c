import XCTest
@testable import AccordionModel

/// Reduced motion (issue 28): the model owns the rule. When the viewer asks
/// for it and the spec's `animation.reducedMotion` is `instant` (the
/// default), a tap's transition takes 0 s: the same log, every entry at the
/// moment of the tap, and the next tap never meets a running transition;
/// `keep` plays the transition as before; nothing changes when nobody asks.
final class ReducedMotionTests: XCTestCase {
    private func container(prefers: Bool, policy: ReducedMotionPolicy = .instant) -> AccordionContainer {
        var c = ContainerSpec()
        c.duration = 0.3
        c.reducedMotion = policy
        c.prefersReducedMotion = prefers
        let panels = ["a", "b", "c"].map { PanelSpec(id: $0, title: $0, color: 0x3366_99FF, headerHeight: 44) }
        return AccordionContainer(title: nil, container: c, panels: panels, expandedIndex: 0)
    }

    func testTheRule() {
        var c = ContainerSpec()
        XCTAssertEqual(c.reducedMotion, .instant, "the format's default")
        XCTAssertEqual(c.transitionDuration, 0.3, "nobody asks: the spec's duration")
        c.prefersReducedMotion = true
        XCTAssertEqual(c.transitionDuration, 0)
        c.reducedMotion = .keep
        XCTAssertEqual(c.transitionDuration, 0.3)
    }

    func testAnInstantTapLogsEverythingAtItsMomentAndTheNextTapIsTaken() {
        var reduced = container(prefers: true)
        var normal = container(prefers: false)
        let tap = Step(.tap(panel: 1), at: 0.1)
        let quick = reduced.apply(tap)
        let animated = normal.apply(tap) + normal.pendingEntries
        // The same entries in the same order; reduced, all at 0.1; animated, the end ones at 0.4.
        XCTAssertEqual(quick.map(\.event), animated.map(\.event))
        XCTAssertEqual(Set(quick.map(\.time)), [0.1])
        XCTAssertEqual(animated.last?.time ?? 0, 0.4, accuracy: 1e-12)
        XCTAssertTrue(reduced.pendingEntries.isEmpty, "nothing is left running")
        // A tap at 0.2 would meet the running transition (ignored under `ignore`), but reduced there is none.
        let second = Step(.tap(panel: 2), at: 0.2)
        XCTAssertEqual(reduced.perform(second).outcome.effect, .applied(.transition(Transition(from: 1, to: 2, start: 0.2, end: 0.2))))
        XCTAssertEqual(normal.perform(second).outcome.effect, .ignored(.transition))
        XCTAssertEqual(reduced.snapshot(at: 0.2).expandedIndex, 2, "settled at once")
        XCTAssertEqual(reduced.assertInvariants(), [])
    }

    func testKeepPlaysTheTransition() {
        var kept = container(prefers: true, policy: .keep)
        kept.apply(Step(.tap(panel: 1), at: 0.1))
        XCTAssertEqual(kept.transitionEnd ?? 0, 0.4, accuracy: 1e-12)
        XCTAssertNotNil(kept.snapshot(at: 0.25).transition, "mid-flight at 0.25")
    }
}
