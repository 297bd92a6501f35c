import XCTest
@testable import AccordionModel

/// Steps on nested panels (issue 25; guide, "Nested accordions"), each
/// figure derived by hand from the guide: a nested panel is addressed by the
/// number `panels.count + its place in tree order`; a tap acts in its own
/// level (a transition with that `level`), is ignored as `hidden` inside a
/// closed panel (after `transition`, before `disabled`); `expand` and
/// `collapse` inside a closed parent change the open set silently;
/// `collapse: all` closes every level deepest first; opening a nested panel
/// scrolls its header into view; `reveal` opens the closed panels above a
/// panel, outermost first, each as an `expand` (semantic point 6).
final class NestedStepTests: XCTestCase {
    private func panel(_ id: String, disabled: Bool = false, content: PanelContent? = nil) -> PanelSpec {
        PanelSpec(id: id, title: id, color: 0x3366_99FF, headerHeight: 44, disabled: disabled, content: content)
    }

    /// general, network {wifi, bluetooth {le, classic}, vpn}, sound: the
    /// numbers are 0–2 for the top level, then 3 wifi, 4 bluetooth, 5 le,
    /// 6 classic, 7 vpn.
    private func tree(networkLevel: (inout NestedLevel) -> Void = { _ in }, vpnDisabled: Bool = false) -> [PanelSpec] {
        let bt = NestedLevel(panels: [panel("le"), panel("classic")])
        var level = NestedLevel(panels: [panel("wifi"), panel("bluetooth", content: .accordion(bt)),
                                         panel("vpn", disabled: vpnDisabled)], indent: 16)
        networkLevel(&level)
        return [panel("general"), panel("network", content: .accordion(level)), panel("sound")]
    }

    private func container(duration: Double = 0.3, interruption: InterruptionPolicy = .ignore) -> ContainerSpec {
        var c = ContainerSpec()
        c.width = 320
        c.height = 600
        c.duration = duration
        c.interruption = interruption
        return c
    }

    private func loaded(_ panels: [PanelSpec], open: [Int] = [1], _ c: ContainerSpec? = nil) -> AccordionContainer {
        AccordionContainer(title: nil, container: c ?? container(), panels: panels, expandedIndices: open)
    }

    private func lines(_ entries: [LogEntry]) -> [String] {
        entries.map { e in [e.event.rawValue, e.panel, e.reason.map { "(\($0.rawValue))" }].compactMap { $0 }.joined(separator: " ") }
    }

    func testNestedPanelsAreNumberedInTreeOrderAfterTheStack() {
        let state = loaded(tree()).state
        XCTAssertEqual(state.nestedSlots.map(\.panel.id), ["wifi", "bluetooth", "le", "classic", "vpn"])
        XCTAssertEqual(ContainerState.nestedIDs(of: tree()), ["wifi", "bluetooth", "le", "classic", "vpn"])
        XCTAssertEqual(state.addressableCount, 8)
        XCTAssertEqual(state.panel(numbered: 1).id, "network")
        XCTAssertEqual(state.panel(numbered: 5).id, "le")
        XCTAssertEqual(state.nestedSlots[2].parent, 1, "le's level is held by bluetooth, slot 1")
        XCTAssertEqual(state.nestedSlots[2].depth, 2)
        XCTAssertEqual(state.nestedSlots[4].top, 1)
        var s = state
        XCTAssertEqual(s.apply(Step(.tap(panel: 8))).effect, .rejected(.unknownPanel), "past the tree")
        XCTAssertEqual(s.apply(Step(.expand(panel: 8))).effect, .rejected(.unknownPanel))
        XCTAssertEqual(ContainerState.nestedIDs(of: [panel("a")]), [], "a flat stack numbers nothing")
    }

    /// A tap on bluetooth (4) in network's single level: one transition of
    /// that level from wifi (0) to bluetooth (1), and bluetooth brings its
    /// open `le` in with it, itself first; the top level is untouched.
    func testATapOnANestedHeaderRunsATransitionOfItsLevel() {
        var c = loaded(tree())
        let (outcome, entries) = c.perform(Step(.tap(panel: 4)))
        XCTAssertEqual(outcome.started, Transition(from: 0, to: 1, start: 0, end: 0.3, level: "network"))
        XCTAssertEqual(c.state.nestedOpen["network"], [1])
        XCTAssertEqual(c.expandedIndices, [1])
        XCTAssertEqual(lines(entries), ["beginIgnoringInteractionEvents", "willMoveToParent wifi", "addChild bluetooth", "addChild le",
                                        "viewWillDisappear wifi", "viewWillAppear bluetooth", "viewWillAppear le"])
        XCTAssertNil(c.transitionInfo(at: 0.1)?.from, "the top-level keys keep their meaning: no top-level panel moves")
        XCTAssertNil(c.transitionInfo(at: 0.1)?.to)
        XCTAssertNotNil(c.transitionInfo(at: 0.1), "but a transition runs")
        XCTAssertEqual(lines(c.pendingEntries), ["viewDidDisappear wifi", "viewDidAppear bluetooth", "viewDidAppear le",
                                                 "didMoveToParent bluetooth", "didMoveToParent le", "removeFromParent wifi",
                                                 "endIgnoringInteractionEvents"])
        // A tap three levels deep: le (5) is open, classic (6) takes over.
        let second = c.perform(Step(.tap(panel: 6)))
        XCTAssertEqual(second.outcome.started?.level, "bluetooth")
        XCTAssertEqual(second.outcome.started?.from, 0)
        XCTAssertEqual(second.outcome.started?.to, 1)
        XCTAssertEqual(c.state.nestedOpen["bluetooth"], [1])
        // In multiple, a nested tap toggles its own panel only.
        var m = loaded(tree(networkLevel: { $0.expansion = .multiple }))
        XCTAssertEqual(m.perform(Step(.tap(panel: 7))).outcome.started, Transition(from: nil, to: 2, start: 0, end: 0.3, level: "network"))
        XCTAssertEqual(m.state.nestedOpen["network"], [0, 2])
    }

    /// A step that ends a nested transition may change what is shown inside
    /// the panel it brought in: the transition's end entries still name the
    /// panels it started with (fuzz-spec: `tap: mobile` then `tap: cellular`
    /// once idle lost `viewDidAppear cellular`). bluetooth (4) comes in with
    /// `le`; when idle, a tap on le (5) in bluetooth's collapsible level
    /// closes it, after bluetooth's transition has ended with `le` in it.
    func testAStepThatEndsANestedTransitionLogsItsEndInTheStateItRanIn() {
        var c = loaded(tree())
        c.apply(Step(.tap(panel: 4)))
        let entries = lines(c.apply(Step(.tap(panel: 5))))
        XCTAssertEqual(Array(entries.prefix(7)), ["viewDidDisappear wifi", "viewDidAppear bluetooth", "viewDidAppear le",
                                                  "didMoveToParent bluetooth", "didMoveToParent le", "removeFromParent wifi",
                                                  "endIgnoringInteractionEvents"])
        XCTAssertEqual(c.state.nestedOpen["bluetooth"], [], "the second tap closed le")
        XCTAssertEqual(c.assertInvariants(), [])
    }

    /// The tap rules' order: modal, transition, hidden, disabled, notCollapsible.
    func testAHeaderInsideAClosedPanelIgnoresTapsAsHidden() {
        var c = loaded(tree(vpnDisabled: true), open: [0])
        XCTAssertEqual(c.state.ignoreReason(forTapOn: 3), .hidden, "network is closed")
        XCTAssertEqual(c.state.ignoreReason(forTapOn: 7), .hidden, "hidden comes before disabled")
        let (outcome, entries) = c.perform(Step(.tap(panel: 3)))
        XCTAssertEqual(outcome.effect, .ignored(.hidden))
        XCTAssertEqual(lines(entries), ["tapIgnored wifi (hidden)"])
        XCTAssertEqual(c.state.closedAncestor(ofNumber: 5), "network", "the outermost closed panel")
        // Open network: wifi shows; le stays hidden inside the closed bluetooth.
        c.apply(Step(.tap(panel: 1)))
        XCTAssertEqual(c.state.ignoreReason(forTapOn: 3, interruption: .finish), nil)
        XCTAssertEqual(c.state.ignoreReason(forTapOn: 3), .transition, "transition comes before hidden")
        XCTAssertEqual(c.state.ignoreReason(forTapOn: 5, interruption: .finish), .hidden)
        XCTAssertEqual(c.state.closedAncestor(ofNumber: 5), "bluetooth")
        XCTAssertEqual(c.state.ignoreReason(forTapOn: 7, interruption: .finish), .disabled, "shown now, so disabled")
        c.apply(Step(.present(title: "Alert")))
        XCTAssertEqual(c.state.ignoreReason(forTapOn: 5), .modal)
        // A level that is not collapsible keeps its last open panel.
        var pinned = loaded(tree(networkLevel: { $0.collapsible = false }))
        XCTAssertEqual(pinned.perform(Step(.tap(panel: 3))).outcome.effect, .ignored(.notCollapsible))
    }

    /// Inside a closed parent, `expand` and `collapse` change the level's
    /// open set and log nothing; it shows so when the parent opens.
    func testExpandAndCollapseInsideAClosedParentAreSilent() {
        var c = loaded(tree(), open: [0])
        let expanded = c.perform(Step(.expand(panel: 4)))
        XCTAssertEqual(expanded.outcome.effect, .applied(.none))
        XCTAssertEqual(expanded.entries, [])
        XCTAssertEqual(c.state.nestedOpen["network"], [1], "single: bluetooth replaces wifi")
        let collapsed = c.perform(Step(.collapse(panel: 5)))
        XCTAssertEqual(collapsed.outcome.effect, .applied(.none))
        XCTAssertEqual(collapsed.entries, [])
        XCTAssertEqual(c.state.nestedOpen["bluetooth"], [])
        let opened = c.perform(Step(.expand(panel: 1)))
        XCTAssertEqual(lines(opened.entries), [
            "beginIgnoringInteractionEvents", "willMoveToParent general", "addChild network", "addChild bluetooth",
            "viewWillDisappear general", "viewWillAppear network", "viewWillAppear bluetooth",
            "viewDidDisappear general", "viewDidAppear network", "viewDidAppear bluetooth",
            "didMoveToParent network", "didMoveToParent bluetooth", "removeFromParent general", "endIgnoringInteractionEvents"])
        // Shown now: an expand is an instant transition of its level.
        let shown = c.perform(Step(.expand(panel: 3)))
        XCTAssertEqual(shown.outcome.started, Transition(from: 1, to: 0, start: 0, end: 0, level: "network", cause: .expand))
        XCTAssertEqual(lines(shown.entries), [
            "beginIgnoringInteractionEvents", "willMoveToParent bluetooth", "addChild wifi", "viewWillDisappear bluetooth",
            "viewWillAppear wifi", "viewDidDisappear bluetooth", "viewDidAppear wifi", "didMoveToParent wifi",
            "removeFromParent bluetooth", "endIgnoringInteractionEvents"])
        XCTAssertEqual(c.perform(Step(.expand(panel: 3))).outcome.effect, .applied(.none), "already open")
    }

    /// Closing a panel keeps its level's open set; opening it shows it again.
    func testStateIsKeptAcrossCloseAndOpen() {
        var c = loaded(tree(), open: [1], container(duration: 0))
        c.apply(Step(.tap(panel: 4)))
        c.apply(Step(.tap(panel: 2)))
        XCTAssertEqual(c.expandedIndices, [2])
        XCTAssertEqual(c.state.nestedOpen["network"], [1], "kept while network is closed")
        let back = c.perform(Step(.tap(panel: 1)))
        XCTAssertEqual(back.entries.filter { $0.event == .addChild }.compactMap(\.panel), ["network", "bluetooth", "le"])
    }

    /// `collapse: all`: the deepest level first (le), then network's level
    /// (bluetooth, vpn in tree order), then the top level; vpn is a
    /// multiple level's second open panel. Then a tree whose open nested
    /// panels are all inside the closed network: they close silently.
    func testCollapseAllClosesEveryLevelDeepestFirst() {
        var c = loaded(tree(networkLevel: { $0.expansion = .multiple; $0.expandedIndices = [1, 2] }), open: [1])
        XCTAssertEqual(c.state.nestedOpen, ["network": [1, 2], "bluetooth": [0]])
        let (outcome, entries) = c.perform(Step(.collapse(panel: nil)))
        XCTAssertEqual(outcome.effect, .applied(.transitions([
            Transition(from: 0, to: nil, start: 0, end: 0, level: "bluetooth", cause: .collapse),
            Transition(from: 1, to: nil, start: 0, end: 0, level: "network", cause: .collapse),
            Transition(from: 2, to: nil, start: 0, end: 0, level: "network", cause: .collapse),
            Transition(from: 1, to: nil, start: 0, end: 0, cause: .collapse)])))
        XCTAssertEqual(entries.filter { $0.event == .removeFromParent }.compactMap(\.panel), ["le", "bluetooth", "vpn", "network"])
        XCTAssertEqual(c.state.nestedOpen, ["network": [], "bluetooth": []])
        XCTAssertEqual(c.expandedIndices, [])

        // Hidden open panels close without a word: network closed, its level's wifi and bluetooth's le open.
        var hidden = loaded(tree(), open: [0])
        let silent = hidden.perform(Step(.collapse(panel: nil)))
        XCTAssertEqual(silent.outcome.effect, .applied(.transition(Transition(from: 0, to: nil, start: 0, end: 0, cause: .collapse))))
        XCTAssertEqual(silent.entries.compactMap(\.panel).filter { $0 != "general" }, [])
        XCTAssertEqual(hidden.state.nestedOpen, ["network": [], "bluetooth": []])
    }

    /// The guide's scrolling example without `reveal`: a, b, c and d, d
    /// holding d1 (two rows) and d2, `fit`, 200 high, nothing open. `expand:
    /// d` makes d's content its two headers, 88, so the stack is 264 and
    /// d's bottom 264 lies below [0, 200): offset min(132, 64) = 64. A tap
    /// on d1 opens its rows: d's content 176, the stack 352; d1's header at
    /// 176, its rows end at 308, below [64, 264): offset min(176, 108) = 108.
    func testOpeningANestedPanelScrollsItIntoView() {
        var c = ContainerSpec()
        c.height = 200
        c.layout = .fit
        c.overflow = .scroll
        let level = NestedLevel(panels: [panel("d1", content: .rows([ContentRow(title: "One"), ContentRow(title: "Two")], rowHeight: 44)),
                                         panel("d2")], expandedIndices: [])
        var state = ContainerState(container: c, panels: [panel("a"), panel("b"), panel("c"), panel("d", content: .accordion(level))],
                                   expandedIndices: [])
        _ = state.apply(Step(.expand(panel: 3)))
        XCTAssertEqual(state.scrollOffset, 64)
        XCTAssertEqual(state.settledStackHeight, 264)
        _ = state.apply(Step(.tap(panel: 4)))
        XCTAssertEqual(state.settledStackHeight, 352)
        XCTAssertEqual(state.scrollOffset, 108)
        XCTAssertEqual(state.scrollOffset(at: state.clock), 64, "the offset moves along the tap's transition")
    }

    // MARK: - reveal

    private let start: [String] = ["beginIgnoringInteractionEvents"]
    private let end: [String] = ["endIgnoringInteractionEvents"]

    /// From `general` open (network's level at its default, wifi; bluetooth's
    /// at le), `reveal: classic` (6) opens network, closing general (the top
    /// level is single), then bluetooth in network's single level, closing
    /// wifi: two instant transitions, each logged as an `expand`'s in the
    /// state it left, so network arrives with wifi (not with bluetooth,
    /// which opens only after it). classic itself stays closed; it is shown.
    func testRevealOpensEveryClosedAncestorOutermostFirstClosingSiblings() {
        var c = loaded(tree(), open: [0])
        let (outcome, entries) = c.perform(Step(.reveal(panel: 6, open: false)))
        XCTAssertEqual(outcome.effect, .applied(.transitions([
            Transition(from: 0, to: 1, start: 0, end: 0, cause: .reveal),
            Transition(from: 0, to: 1, start: 0, end: 0, level: "network", cause: .reveal)])))
        XCTAssertEqual(lines(entries), start + [
            "willMoveToParent general", "addChild network", "addChild wifi", "viewWillDisappear general",
            "viewWillAppear network", "viewWillAppear wifi", "viewDidDisappear general", "viewDidAppear network",
            "viewDidAppear wifi", "didMoveToParent network", "didMoveToParent wifi", "removeFromParent general"] + end + start + [
            "willMoveToParent wifi", "addChild bluetooth", "addChild le", "viewWillDisappear wifi",
            "viewWillAppear bluetooth", "viewWillAppear le", "viewDidDisappear wifi", "viewDidAppear bluetooth",
            "viewDidAppear le", "didMoveToParent bluetooth", "didMoveToParent le", "removeFromParent wifi"] + end)
        XCTAssertEqual(c.expandedIndices, [1])
        XCTAssertEqual(c.state.nestedOpen, ["network": [1], "bluetooth": [0]], "classic is shown, le still its level's open panel")
        XCTAssertNil(c.state.ignoreReason(forTapOn: 6), "classic's header can be tapped now")
        XCTAssertEqual(c.assertInvariants(), [])
        // Every ancestor open now: nothing opens and nothing is logged.
        let again = c.perform(Step(.reveal(panel: 6, open: false)))
        XCTAssertEqual(again.outcome.effect, .applied(.none))
        XCTAssertEqual(again.entries, [])
    }

    /// With `open: true` the panel itself opens last: classic replaces le
    /// in bluetooth's level, a third instant transition; a single ancestor
    /// closed (network open, wifi its open panel) gives one transition.
    func testRevealWithOpenOpensThePanelItselfToo() {
        var c = loaded(tree(), open: [0])
        let (outcome, entries) = c.perform(Step(.reveal(panel: 6, open: true)))
        guard case .applied(.transitions(let opened)) = outcome.effect else { return XCTFail("\(outcome.effect)") }
        XCTAssertEqual(opened.count, 3)
        XCTAssertEqual(opened.last, Transition(from: 0, to: 1, start: 0, end: 0, level: "bluetooth", cause: .reveal))
        XCTAssertEqual(Array(lines(entries).suffix(10)), start + [
            "willMoveToParent le", "addChild classic", "viewWillDisappear le", "viewWillAppear classic",
            "viewDidDisappear le", "viewDidAppear classic", "didMoveToParent classic", "removeFromParent le"] + end)
        XCTAssertEqual(c.state.nestedOpen["bluetooth"], [1])

        var one = loaded(tree(), open: [1])
        XCTAssertEqual(one.perform(Step(.reveal(panel: 5, open: false))).outcome.effect,
                       .applied(.transition(Transition(from: 0, to: 1, start: 0, end: 0, level: "network", cause: .reveal))))
        XCTAssertEqual(one.perform(Step(.reveal(panel: 1, open: true))).outcome.effect, .applied(.none),
                       "an open top-level panel: nothing to open")
    }

    /// A closed disabled panel on the way (bluetooth, above le) rejects the
    /// whole step, naming it: network, closed before it, does not open
    /// either, nothing is logged and the clock stays. An open disabled
    /// ancestor is no obstacle, and with `open: true` a closed disabled
    /// panel itself (vpn) blocks, where without it vpn is only shown.
    func testABlockedRevealAppliesNothing() {
        var c = loaded(tree(networkLevel: { $0.panels[1].disabled = true }), open: [0])
        c.apply(Step(.wait(seconds: 1)))
        let before = c.state
        XCTAssertEqual(before.revealBlocker(ofNumber: 5, open: false), "bluetooth")
        XCTAssertNil(before.revealBlocker(ofNumber: 3, open: true), "wifi's way has network only, closed but enabled")
        let (outcome, entries) = c.perform(Step(.reveal(panel: 5, open: false)))
        XCTAssertEqual(outcome.effect, .rejected(.revealBlocked))
        XCTAssertEqual(entries, [])
        XCTAssertEqual(c.state, before, "network stays closed: nothing of the step is applied")
        XCTAssertEqual(c.state.clock, 1)

        var opened = loaded(tree(networkLevel: { $0.panels[1].disabled = true; $0.expandedIndices = [1] }), open: [0])
        XCTAssertNil(opened.state.revealBlocker(ofNumber: 5, open: false), "bluetooth is open in its level: no obstacle")
        XCTAssertEqual(opened.perform(Step(.reveal(panel: 5, open: false))).outcome.effect,
                       .applied(.transition(Transition(from: 0, to: 1, start: 0, end: 0, cause: .reveal))))

        var itself = loaded(tree(vpnDisabled: true), open: [0])
        XCTAssertEqual(itself.state.revealBlocker(ofNumber: 7, open: true), "vpn")
        XCTAssertEqual(itself.perform(Step(.reveal(panel: 7, open: true))).outcome.effect, .rejected(.revealBlocked))
        XCTAssertEqual(itself.expandedIndices, [0])
        XCTAssertEqual(itself.perform(Step(.reveal(panel: 7, open: false))).outcome.effect,
                       .applied(.transition(Transition(from: 0, to: 1, start: 0, end: 0, cause: .reveal))), "shown, not opened: allowed")
    }

    /// A reveal is an error while a modal is up (before anything else, as
    /// `expand`'s is), and a number past the tree is an unknown panel.
    func testRevealUnderAModalOrPastTheTreeIsRejected() {
        var c = loaded(tree(), open: [1])
        XCTAssertEqual(c.perform(Step(.reveal(panel: 8, open: false))).outcome.effect, .rejected(.unknownPanel))
        c.apply(Step(.present(title: "Alert")))
        let (outcome, entries) = c.perform(Step(.reveal(panel: 6, open: true)))
        XCTAssertEqual(outcome.effect, .rejected(.modalPresented))
        XCTAssertEqual(entries, [])
        XCTAssertEqual(c.state.nestedOpen["network"], [0])
    }

    /// A reveal at 0.1, inside the 0.3 s tap on sound, completes that
    /// transition at 0.1 (its end entries first), then opens network,
    /// closing sound.
    func testRevealCompletesARunningTransitionFirst() {
        var c = loaded(tree(), open: [0])
        c.apply(Step(.tap(panel: 2)))
        let (outcome, entries) = c.perform(Step(.reveal(panel: 3, open: false), at: 0.1))
        XCTAssertEqual(outcome.ended, EndedTransition(transition: Transition(from: 0, to: 2, start: 0, end: 0.3), time: 0.1))
        XCTAssertEqual(outcome.effect, .applied(.transition(Transition(from: 2, to: 1, start: 0.1, end: 0.1, cause: .reveal))))
        XCTAssertEqual(Array(lines(entries).prefix(5)), ["viewDidDisappear general", "viewDidAppear sound", "didMoveToParent sound",
                                                         "removeFromParent general", "endIgnoringInteractionEvents"])
        XCTAssertEqual(Array(lines(entries).dropFirst(5).prefix(3)), start + ["willMoveToParent sound", "addChild network"])
        XCTAssertTrue(entries.allSatisfy { $0.time == 0.1 })
        XCTAssertNil(c.state.running)
    }

    /// The guide's scrolling example: a, b, c and d, d holding d1 (two
    /// rows, open by its level's default) and d2; `fit`, `overflow:
    /// scroll`, 200 high, nothing open. `reveal: d1` opens d: its content is
    /// 2 × 44 + 2 × 44 = 176 and the stack 4 × 44 + 176 = 352. d1's header
    /// is at 176, its rows end at 308, below [0, 200): the offset goes to
    /// min(176, 308 − 200) = 108, from the window the user had. (Had the
    /// `expand` of d kept its own scroll, d at 132 ending at 352 would have
    /// gone to 132 and d1 would already show there: 132.) Scrolled back to
    /// 0 with every ancestor open, a second reveal opens nothing, logs
    /// nothing and still scrolls to 108; `reveal: d2`, closed, shows only
    /// its header 308…352: min(308, 152) = 152.
    func testRevealScrollsTheRevealedHeaderIntoViewFromTheWindowBefore() {
        var spec = ContainerSpec()
        spec.height = 200
        spec.layout = .fit
        spec.overflow = .scroll
        let level = NestedLevel(panels: [panel("d1", content: .rows([ContentRow(title: "One"), ContentRow(title: "Two")], rowHeight: 44)),
                                         panel("d2")])
        var c = AccordionContainer(title: nil, container: spec,
                                   panels: [panel("a"), panel("b"), panel("c"), panel("d", content: .accordion(level))],
                                   expandedIndices: [])
        let first = c.perform(Step(.reveal(panel: 4, open: false)))
        XCTAssertEqual(first.outcome.effect, .applied(.transition(Transition(from: nil, to: 3, start: 0, end: 0, cause: .reveal))))
        XCTAssertEqual(c.state.settledStackHeight, 352)
        XCTAssertEqual(c.state.scrollOffset, 108)
        XCTAssertEqual(c.state.scrollOffset(at: 0), 108, "at once")
        c.apply(Step(.scroll(offset: 0)))
        let again = c.perform(Step(.reveal(panel: 4, open: false)))
        XCTAssertEqual(again.outcome.effect, .applied(.none))
        XCTAssertEqual(again.entries, [], "the scroll logs nothing")
        XCTAssertEqual(c.state.scrollOffset, 108, "ancestors already open: it still scrolls")
        c.apply(Step(.scroll(offset: 0)))
        _ = c.perform(Step(.reveal(panel: 5, open: false)))
        XCTAssertEqual(c.state.scrollOffset, 152, "a closed panel: its header only")
        // Clipped, nothing scrolls.
        spec.overflow = .clip
        var clipped = AccordionContainer(title: nil, container: spec,
                                         panels: [panel("a"), panel("b"), panel("c"), panel("d", content: .accordion(level))],
                                         expandedIndices: [])
        clipped.apply(Step(.reveal(panel: 4, open: false)))
        XCTAssertEqual(clipped.state.scrollOffset, 0)
    }
}
