import XCTest
@testable import AccordionModel

/// The reducer's typed outcomes, one kind at a time, on the article's demo
/// (three panels VC1…VC3, 375×667, headers 44, 0.3 s transitions).
final class ContainerStateTests: XCTestCase {
    private func demoState(duration: Double = 0.3, expanded: Int? = 0) -> ContainerState {
        ContainerState(container: demoContainer(duration: duration), panels: demoPanels(), expandedIndex: expanded)
    }

    // MARK: - Applied

    func testATapStartsARunningTransition() {
        var state = demoState()
        let outcome = state.apply(Step(.tap(panel: 2)))
        XCTAssertEqual(outcome, StepOutcome(time: 0, effect: .applied(.transition(Transition(from: 0, to: 2, start: 0, end: 0.3)))))
        XCTAssertEqual(outcome.started?.isInstant, false)
        XCTAssertEqual(state.running, Transition(from: 0, to: 2, start: 0, end: 0.3))
        XCTAssertEqual(state.expandedIndex, 2)
        // A tap on the expanded panel collapses it.
        var collapse = demoState()
        XCTAssertEqual(collapse.apply(Step(.tap(panel: 0))).started, Transition(from: 0, to: nil, start: 0, end: 0.3))
        XCTAssertNil(collapse.expandedIndex)
    }

    /// A container loaded from a state made once is the container loaded
    /// from the spec's values (log, header offsets and all), and stays so
    /// step after step; a state that has run logs its open panels at its clock.
    func testAContainerLoadsFromAState() {
        for expanded in [0, 2, nil] {
            var loaded = AccordionContainer(title: "Demo", loading: demoState(expanded: expanded))
            var fresh = AccordionContainer(title: "Demo", container: demoContainer(duration: 0.3), panels: demoPanels(),
                                           expandedIndex: expanded)
            XCTAssertEqual(loaded, fresh)
            for step in [Step(.tap(panel: 1)), Step(.tap(panel: 2), at: 0.1), Step(.wait(seconds: 1))] {
                XCTAssertEqual(loaded.apply(step), fresh.apply(step))
            }
            XCTAssertEqual(loaded, fresh)
        }
        var ran = demoState(duration: 0)
        _ = ran.apply(Step(.tap(panel: 1), at: 2))
        XCTAssertEqual(AccordionContainer(title: nil, loading: ran).log.map { "\($0.time) \($0.event.rawValue)" },
                       ["2.0 addChild", "2.0 viewWillAppear", "2.0 viewDidAppear", "2.0 didMoveToParent"])
    }

    /// `reveal` of a top-level panel: it has no panel above it, so only
    /// `open: true` opens it, as an instant `expand` (single: VC1 closes);
    /// a closed disabled VC3 refuses only the reveal that would open it.
    func testARevealOfATopLevelPanelOpensItOnlyWithOpen() {
        var state = demoState()
        XCTAssertEqual(state.apply(Step(.reveal(panel: 2, open: false))), StepOutcome(time: 0, effect: .applied(.none)))
        XCTAssertEqual(state.expandedIndices, [0])
        XCTAssertEqual(state.apply(Step(.reveal(panel: 2, open: true), at: 1)),
                       StepOutcome(time: 1, effect: .applied(.transition(Transition(from: 0, to: 2, start: 1, end: 1, cause: .reveal)))))
        XCTAssertEqual(state.expandedIndices, [2])
        var panels = demoPanels()
        panels[2].disabled = true
        var disabled = ContainerState(container: demoContainer(), panels: panels, expandedIndex: 0)
        XCTAssertEqual(disabled.apply(Step(.reveal(panel: 2, open: true))).effect, .rejected(.revealBlocked))
        XCTAssertEqual(disabled.revealBlocker(ofNumber: 2, open: true), "VC3")
        XCTAssertEqual(disabled.apply(Step(.reveal(panel: 2, open: false))).effect, .applied(.none))
        XCTAssertEqual(disabled.apply(Step(.reveal(panel: 3, open: false))).effect, .rejected(.unknownPanel))
    }

    /// A reveal scrolls a closed header into view without its content: in
    /// `fit` + `overflow: scroll`, 200 high, VC1 open with a 300-point
    /// content, the stack is 3 × 44 + 300 = 432 (offsets 0…232). VC2's
    /// header is at 344 and, closed, ends at 388, below [0, 200): the
    /// offset goes to min(344, 388 − 200) = 188 (counting its 300-point
    /// content would have asked for 344, clamped to 232). Open, its
    /// content counts: VC3 opened by `reveal` at 0 (single: VC1 closes)
    /// lies at 88…432, so min(88, 232) = 88.
    func testARevealScrollsAClosedHeaderIntoViewWithoutItsContent() {
        var container = demoContainer(layout: .fit)
        container.height = 200
        container.overflow = .scroll
        var state = ContainerState(container: container, panels: demoPanels(contentHeights: [300, 300, 300]), expandedIndex: 0)
        XCTAssertEqual(state.maximumScrollOffset, 232)
        _ = state.apply(Step(.reveal(panel: 1, open: false)))
        XCTAssertEqual(state.scrollOffset, 188)
        _ = state.apply(Step(.scroll(offset: 0)))
        _ = state.apply(Step(.reveal(panel: 2, open: true)))
        XCTAssertEqual(state.expandedIndices, [2])
        XCTAssertEqual(state.scrollOffset, 88)
    }

    func testInstantTransitionsAreNeverRunning() {
        var instant = demoState(duration: 0)
        XCTAssertEqual(instant.apply(Step(.tap(panel: 1), at: 2)).started, Transition(from: 0, to: 1, start: 2, end: 2))
        XCTAssertNil(instant.running)
        // Shorter than the tolerance counts as instant too, and ends at its start.
        var tiny = demoState(duration: 1e-10)
        XCTAssertEqual(tiny.apply(Step(.tap(panel: 1))).started?.isInstant, true)
        XCTAssertNil(tiny.running)
        var state = demoState()
        XCTAssertEqual(state.apply(Step(.expand(panel: 1), at: 1)),
                       StepOutcome(time: 1, effect: .applied(.transition(Transition(from: 0, to: 1, start: 1, end: 1, cause: .expand)))))
        XCTAssertNil(state.running)
        // Expanding the panel already expanded changes nothing but the clock.
        XCTAssertEqual(state.apply(Step(.expand(panel: 1), at: 2)), StepOutcome(time: 2, effect: .applied(.none)))
        XCTAssertEqual(state.clock, 2)
    }

    func testWaitResizePresentDismiss() {
        var state = demoState()
        XCTAssertEqual(state.apply(Step(.wait(seconds: 0.5))), StepOutcome(time: 0.5, effect: .applied(.none)))
        XCTAssertEqual(state.apply(Step(.resize(width: 667, height: 375))), StepOutcome(time: 0.5, effect: .applied(.resized)))
        XCTAssertEqual(state.container.width, 667)
        XCTAssertEqual(state.space, 375 - 132)
        XCTAssertEqual(state.apply(Step(.present(title: "Compose"))), StepOutcome(time: 0.5, effect: .applied(.modalPresented(title: "Compose"))))
        XCTAssertEqual(state.visible, .modal(title: "Compose"))
        XCTAssertEqual(state.apply(Step(.dismiss, at: 1)), StepOutcome(time: 1, effect: .applied(.modalDismissed(title: "Compose"))))
        XCTAssertNil(state.modalTitle)
    }

    func testSetPanelsSaysWhoLeftAndWhoArrived() {
        let (vc1, vc2, vc3) = (demoPanels()[0], demoPanels()[1], demoPanels()[2])
        var kept = demoState(expanded: 1)
        XCTAssertEqual(kept.apply(Step(.setPanels([vc3, vc2]))).effect, .applied(.stackReplaced(StackChange(left: [], arrived: nil))))
        XCTAssertEqual(kept.expandedIndex, 1)
        var replaced = demoState(expanded: 1)
        XCTAssertEqual(replaced.apply(Step(.setPanels([vc3, vc1]))).effect, .applied(.stackReplaced(StackChange(left: ["VC2"], arrived: 0))))
        XCTAssertEqual(replaced.expandedIndex, 0)
        XCTAssertEqual(replaced.totalHeaderHeight, 88)
        var emptied = demoState(expanded: 1)
        XCTAssertEqual(emptied.apply(Step(.setPanels([]))).effect, .applied(.stackReplaced(StackChange(left: ["VC2"], arrived: nil))))
        XCTAssertNil(emptied.expandedIndex)
        var fromNone = demoState(expanded: nil)
        XCTAssertEqual(fromNone.apply(Step(.setPanels([vc2]))).effect, .applied(.stackReplaced(StackChange(left: [], arrived: 0))))
    }

    // MARK: - Transitions that end

    func testARunningTransitionEndsAtItsEndOrWhenAStepCompletesIt() {
        // A step after the end: the transition ended at its own end.
        var late = demoState()
        _ = late.apply(Step(.tap(panel: 2)))
        let after = late.apply(Step(.tap(panel: 1), at: 5))
        XCTAssertEqual(after.ended, EndedTransition(transition: Transition(from: 0, to: 2, start: 0, end: 0.3), time: 0.3))
        XCTAssertEqual(after.started, Transition(from: 2, to: 1, start: 5, end: 5.3))
        // A wait that outlasts it ends it too.
        var waited = demoState()
        _ = waited.apply(Step(.tap(panel: 2)))
        XCTAssertEqual(waited.apply(Step(.wait(seconds: 1))).ended?.time, 0.3)
        XCTAssertNil(waited.running)
        // Every step but tap and wait completes it early, at its own time.
        for step in [Step(.resize(width: 320, height: 480), at: 0.1), Step(.expand(panel: 1), at: 0.1),
                     Step(.present(title: "Sheet"), at: 0.1), Step(.setPanels(demoPanels()), at: 0.1),
                     Step(.update(panel: 1, PanelUpdate(disabled: true)), at: 0.1)] {
            var state = demoState()
            _ = state.apply(Step(.tap(panel: 2)))
            let outcome = state.apply(step)
            XCTAssertEqual(outcome.ended, EndedTransition(transition: Transition(from: 0, to: 2, start: 0, end: 0.3), time: 0.1), "\(step)")
            XCTAssertNil(state.running, "\(step)")
        }
        // A wait inside it leaves it running.
        var inside = demoState()
        _ = inside.apply(Step(.tap(panel: 2)))
        XCTAssertNil(inside.apply(Step(.wait(seconds: 0.1))).ended)
        XCTAssertEqual(inside.settledTime, 0.3)
    }

    // MARK: - Ignored

    func testTapsIgnoredDuringATransitionAndUnderAModal() {
        var state = demoState()
        _ = state.apply(Step(.tap(panel: 2)))
        let running = state.running
        XCTAssertEqual(state.apply(Step(.tap(panel: 1), at: 0.1)), StepOutcome(time: 0.1, effect: .ignored(.transition)))
        XCTAssertEqual(state.clock, 0.1)
        XCTAssertEqual(state.running, running)
        XCTAssertEqual(state.expandedIndex, 2)

        var modal = demoState()
        _ = modal.apply(Step(.present(title: "Compose")))
        XCTAssertEqual(modal.apply(Step(.tap(panel: 1), at: 1)), StepOutcome(time: 1, effect: .ignored(.modal)))
        XCTAssertEqual(modal.clock, 1)
        XCTAssertEqual(modal.expandedIndex, 0)
        XCTAssertEqual(modal.modalTitle, "Compose")
    }

    // MARK: - Rejected

    /// Each reject reason, in a state that reaches it; the state is left
    /// exactly as it was (clock and running transition included).
    func testRejectedStepsChangeNothing() {
        var running = demoState()
        _ = running.apply(Step(.tap(panel: 2)))
        var modal = demoState()
        _ = modal.apply(Step(.present(title: "Compose"), at: 1))
        let collapsed = demoState(expanded: nil)
        let cases: [(ContainerState, Step, RejectReason)] = [
            (running, Step(.tap(panel: 1), at: -1), .outOfOrder),
            (modal, Step(.dismiss, at: 0.5), .outOfOrder),
            (running, Step(.tap(panel: 3), at: 0.1), .unknownPanel),
            (running, Step(.expand(panel: 7), at: 0.1), .unknownPanel),
            (modal, Step(.expand(panel: 1)), .modalPresented),
            (modal, Step(.expand(panel: 9)), .modalPresented),       // the modal is checked first
            (modal, Step(.present(title: "Other")), .modalPresented),
            (modal, Step(.setPanels([])), .modalPresented),
            (collapsed, Step(.present(title: "Compose")), .noExpandedPanel),
            (running, Step(.dismiss, at: 0.1), .noModal),
        ]
        for (before, step, reason) in cases {
            var state = before
            let outcome = state.apply(step)
            XCTAssertEqual(outcome.effect, .rejected(reason), "\(step)")
            XCTAssertNil(outcome.ended, "\(step)")
            XCTAssertEqual(outcome.time, before.time(of: step), "\(step)")
            XCTAssertEqual(state, before, "\(step)")
        }
        // A collapsing transition leaves no panel to present over, even mid-way.
        var collapsing = demoState()
        _ = collapsing.apply(Step(.tap(panel: 0)))
        XCTAssertEqual(collapsing.apply(Step(.present(title: "X"), at: 0.1)).effect, .rejected(.noExpandedPanel))
        XCTAssertNotNil(collapsing.running)
    }

    /// The container logs nothing for a rejected step, and its state is the reducer's.
    func testTheContainerLogsNothingForARejectedStep() {
        var model = demoModel()
        model.apply(Step(.tap(panel: 2)))
        let before = model
        XCTAssertEqual(model.apply(Step(.dismiss, at: 0.1)), [])
        XCTAssertEqual(model.apply(Step(.tap(panel: 5))), [])
        XCTAssertEqual(model.apply(Step(.tap(panel: 1), at: -2)), [])
        XCTAssertEqual(model, before)
        var state = before.state
        _ = state.apply(Step(.tap(panel: 1), at: 0.2))
        model.apply(Step(.tap(panel: 1), at: 0.2))
        XCTAssertEqual(model.state, state)
    }

    // MARK: - Queries

    func testQueries() {
        var panels = demoPanels(headerHeights: [60, 30, 44])
        panels.append(PanelSpec(id: "VC1", title: "Again", color: 0, headerHeight: 10))
        var container = demoContainer()
        container.height = 100
        let state = ContainerState(container: container, panels: panels, expandedIndex: 9)
        XCTAssertNil(state.expandedIndex, "an index outside the stack loads as none")
        XCTAssertEqual(state.index(ofPanel: "VC1"), 0, "the first panel with the id")
        XCTAssertEqual(state.index(ofPanel: "VC3"), 2)
        XCTAssertNil(state.index(ofPanel: "nope"))
        XCTAssertEqual(state.totalHeaderHeight, 144)
        XCTAssertEqual(state.space, 0)
        // Bottoms 60, 90, 134, 144: the third header is the first past 100.
        XCTAssertEqual(state.firstHeaderBelowBottom?.index, 2)
        XCTAssertEqual(state.firstHeaderBelowBottom?.bottom, 134)
        container.height = 134
        XCTAssertEqual(ContainerState(container: container, panels: panels, expandedIndex: nil).firstHeaderBelowBottom?.index, 3)
        container.height = 144
        XCTAssertNil(ContainerState(container: container, panels: panels, expandedIndex: nil).firstHeaderBelowBottom)
        container.height = 10
        XCTAssertEqual(ContainerState(container: container, panels: panels, expandedIndex: nil).firstHeaderBelowBottom?.index, 0)
        XCTAssertNil(ContainerState(container: container, panels: [], expandedIndex: nil).firstHeaderBelowBottom)
    }
}
