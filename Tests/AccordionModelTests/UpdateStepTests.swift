import XCTest
@testable import AccordionModel

/// The `update` step on the article's demo (VC1…VC3, 375×667, headers 44,
/// 0.3 s transitions): properties replaced in place, the layout taken again
/// at once as after a `resize`. Every figure is derived in the comments.
final class UpdateStepTests: XCTestCase {
    private func rows(_ n: Int) -> PanelContent {
        .rows((0..<n).map { ContentRow(title: "Row \($0)") }, rowHeight: 44)
    }

    /// A tap VC1 → VC3 at 0 runs until 0.3; an update at 0.1 ends it then:
    /// its end entries (VC1 disappears, VC3 appears, interaction back) are
    /// logged at 0.1 and the update writes none of its own.
    func testAnUpdateCompletesARunningTransitionAndLogsOnlyItsEnd() {
        var model = demoModel()
        _ = model.apply(Step(.tap(panel: 2)))
        let (outcome, entries) = model.perform(Step(.update(panel: 0, PanelUpdate(title: "Inbox")), at: 0.1))
        XCTAssertEqual(outcome.ended, EndedTransition(transition: Transition(from: 0, to: 2, start: 0, end: 0.3), time: 0.1))
        XCTAssertEqual(outcome.effect, .applied(.updated))
        XCTAssertEqual(entries, [
            LogEntry(time: 0.1, event: .viewDidDisappear, panel: "VC1", cause: .tap),
            LogEntry(time: 0.1, event: .viewDidAppear, panel: "VC3", cause: .tap),
            LogEntry(time: 0.1, event: .didMoveToParent, panel: "VC3", cause: .tap),
            LogEntry(time: 0.1, event: .removeFromParent, panel: "VC1", cause: .tap),
            LogEntry(time: 0.1, event: .endIgnoringInteractionEvents, cause: .tap),
        ])
        XCTAssertNil(model.state.running)
        XCTAssertEqual(model.state.panels[0].title, "Inbox")
        // On an idle container it logs nothing at all.
        XCTAssertEqual(model.apply(Step(.update(panel: 1, PanelUpdate(color: 0x1122_33FF)))), [])
        XCTAssertEqual(model.state.panels[1].color, 0x1122_33FF)
    }

    /// In `fit`, VC1 open with 3 rows of 44: its content is 44…176, VC2's
    /// header at 176, VC3's at 220. A title changes no height: the same
    /// frames. One row: content 44…88, VC2 at 88, VC3 at 132. A text
    /// "short" (one line: 20 + 2 × 16 padding = 52): VC2 at 96, VC3 at 140,
    /// its one wrapped line cached; rows again drop the cached lines.
    func testFramesAfterATitleOrContentChangeInFit() {
        var panels = demoPanels()
        panels[0].content = rows(3)
        var model = AccordionContainer(title: "Demo", container: demoContainer(layout: .fit), panels: panels, expandedIndex: 0)
        func tops() -> [Double] { model.layout(at: model.state.clock).map(\.header.y) }
        XCTAssertEqual(tops(), [0, 176, 220])
        _ = model.apply(Step(.update(panel: 0, PanelUpdate(title: "A much longer title than before"))))
        XCTAssertEqual(tops(), [0, 176, 220])
        _ = model.apply(Step(.update(panel: 0, PanelUpdate(content: rows(1)))))
        XCTAssertEqual(tops(), [0, 88, 132])
        XCTAssertEqual(model.layout(at: 0)[0].content, Rect(x: 0, y: 44, width: 375, height: 44))
        _ = model.apply(Step(.update(panel: 0, PanelUpdate(content: .text("short", TextMetrics())))))
        XCTAssertEqual(model.state.textLines[0], ["short"])
        XCTAssertEqual(tops(), [0, 96, 140])
        _ = model.apply(Step(.update(panel: 0, PanelUpdate(content: rows(2)))))
        XCTAssertNil(model.state.textLines[0])
        XCTAssertEqual(tops(), [0, 132, 176])
    }

    /// A text measured at the container's width: 60 "x"s at 0.55 × 15 =
    /// 8.25 points each in 375 − 32 = 343 points fit 41 a line (41 × 8.25 =
    /// 338.25, 42 × 8.25 = 346.5), so 2 lines: 2 × 20 + 32 = 72.
    func testANewTextIsWrappedAtTheContainersWidth() {
        var model = AccordionContainer(title: "Demo", container: demoContainer(layout: .fit), panels: demoPanels(), expandedIndex: 0)
        _ = model.apply(Step(.update(panel: 0, PanelUpdate(content: .text(String(repeating: "x", count: 60), TextMetrics())))))
        XCTAssertEqual(model.state.textLines[0]?.map(\.count), [41, 19])
        XCTAssertEqual(model.state.contentHeight(ofPanel: 0), 72)
        XCTAssertEqual(model.layout(at: 0)[1].header.y, 44 + 72)
    }

    /// Disabling the open VC1 pins it: a tap is ignored as disabled, while
    /// `collapse` and `expand` still work. Enabling it leaves it open, and
    /// a tap then closes it.
    func testDisablingTheOpenPanelPinsItAndEnablingMakesItClosable() {
        var state = ContainerState(container: demoContainer(), panels: demoPanels(), expandedIndex: 0)
        XCTAssertEqual(state.apply(Step(.update(panel: 0, PanelUpdate(disabled: true)))).effect, .applied(.updated))
        XCTAssertEqual(state.expandedIndices, [0])
        XCTAssertEqual(state.apply(Step(.tap(panel: 0))).effect, .ignored(.disabled))
        XCTAssertEqual(state.expandedIndices, [0])
        XCTAssertEqual(state.apply(Step(.collapse(panel: 0))).effect,
                       .applied(.transition(Transition(from: 0, to: nil, start: 0, end: 0, cause: .collapse))))
        XCTAssertEqual(state.apply(Step(.expand(panel: 0))).effect,
                       .applied(.transition(Transition(from: nil, to: 0, start: 0, end: 0, cause: .expand))))
        _ = state.apply(Step(.update(panel: 0, PanelUpdate(disabled: false))))
        XCTAssertEqual(state.expandedIndices, [0])
        XCTAssertEqual(state.apply(Step(.tap(panel: 0))).effect,
                       .applied(.transition(Transition(from: 0, to: nil, start: 0, end: 0.3))))
    }

    /// `fit`, `scroll`, H = 300, VC1 open with 10 rows (440): the stack is
    /// 132 + 440 = 572, so the offset goes up to 272. Down to 5 rows (220)
    /// the stack is 352 and the range 52: the offset is clamped to 52; to 2
    /// rows (88) the stack (220) fits and the offset is 0.
    func testTheScrollOffsetIsClampedWhenTheContentShrinks() {
        var container = demoContainer(layout: .fit)
        container.overflow = .scroll
        container.height = 300
        var panels = demoPanels()
        panels[0].content = rows(10)
        var state = ContainerState(container: container, panels: panels, expandedIndex: 0)
        _ = state.apply(Step(.scroll(offset: 1000)))
        XCTAssertEqual(state.scrollOffset, 272)
        _ = state.apply(Step(.update(panel: 0, PanelUpdate(content: rows(5)))))
        XCTAssertEqual(state.scrollOffset, 52)
        _ = state.apply(Step(.update(panel: 0, PanelUpdate(content: rows(2)))))
        XCTAssertEqual(state.scrollOffset, 0)
    }

    /// A text in place of VC2's nested level (w1, w2): the tree has no
    /// nested panel left, so number 3 (w1 before) names nothing and a step
    /// on it is rejected; the stack's own three panels stay addressable.
    func testANewContentInPlaceOfANestedLevelTakesItsPanelsAway() {
        var panels = demoPanels()
        let inner = [PanelSpec(id: "w1", title: "W1", color: 0, headerHeight: 44), PanelSpec(id: "w2", title: "W2", color: 0, headerHeight: 44)]
        panels[1].content = .accordion(NestedLevel(panels: inner))
        var state = ContainerState(container: demoContainer(), panels: panels, expandedIndex: 1)
        XCTAssertEqual(state.addressableCount, 5)
        _ = state.apply(Step(.update(panel: 1, PanelUpdate(content: .text("gone", TextMetrics())))))
        XCTAssertFalse(state.nests)
        XCTAssertEqual(state.addressableCount, 3)
        XCTAssertEqual(state.textLines[1], ["gone"])
        XCTAssertEqual(state.apply(Step(.tap(panel: 3))).effect, .rejected(.unknownPanel))
    }

    /// A panel past the stack is a script mistake that changes nothing, not
    /// even the clock; a modal does not block an update (as it does not
    /// block a `resize`).
    func testAnUnknownPanelIsRejectedAndAModalDoesNotBlock() {
        var state = ContainerState(container: demoContainer(), panels: demoPanels(), expandedIndex: 0)
        let before = state
        XCTAssertEqual(state.apply(Step(.update(panel: 3, PanelUpdate(title: "X")), at: 1)).effect, .rejected(.unknownPanel))
        XCTAssertEqual(state, before)
        _ = state.apply(Step(.present(title: "Sheet")))
        XCTAssertEqual(state.apply(Step(.update(panel: 1, PanelUpdate(title: "Two")))).effect, .applied(.updated))
        XCTAssertEqual(state.panels[1].title, "Two")
    }
}
