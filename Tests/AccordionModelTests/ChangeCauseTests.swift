import XCTest
@testable import AccordionModel

/// Every change of the open set carries its cause (issue 26, item 5): the
/// entries a change writes, its start entries and its end entries however
/// the transition ends, carry the cause of the step that started it (its
/// kind, or the host's `origin`); loading, ignored taps and the modal's
/// entries carry none. Each path that writes the log is taken once here.
final class ChangeCauseTests: XCTestCase {
    /// Each entry as "event panel · cause" ("-" for no cause).
    private func lines(_ entries: some Sequence<LogEntry>) -> [String] {
        entries.map { e in
            [e.event.rawValue, e.panel, e.reason.map { "(\($0.rawValue))" }].compactMap { $0 }.joined(separator: " ")
                + " · " + (e.cause?.name ?? "-")
        }
    }

    private func causes(_ entries: some Sequence<LogEntry>) -> Set<String> {
        Set(entries.map { $0.cause?.name ?? "-" })
    }

    private func panel(_ id: String, content: PanelContent? = nil) -> PanelSpec {
        PanelSpec(id: id, title: id, color: 0x3366_99FF, headerHeight: 44, content: content)
    }

    /// general, network {wifi, bluetooth {le, classic}}, sound: numbers 0–2,
    /// then 3 wifi, 4 bluetooth, 5 le, 6 classic.
    private func tree(open: [Int] = [0]) -> AccordionContainer {
        let bt = NestedLevel(panels: [panel("le"), panel("classic")])
        let level = NestedLevel(panels: [panel("wifi"), panel("bluetooth", content: .accordion(bt))], indent: 16)
        var c = ContainerSpec()
        c.width = 320
        c.height = 600
        c.duration = 0.3
        return AccordionContainer(title: nil, container: c,
                                  panels: [panel("general"), panel("network", content: .accordion(level)), panel("sound")],
                                  expandedIndices: open)
    }

    // MARK: - The enum

    func testEveryCauseIsOneByteSpelledOnceAndReadBack() {
        XCTAssertEqual(MemoryLayout<ChangeCause?>.size, 1)
        XCTAssertEqual(ContainmentLog.recordStride, 16, "a cause must not grow a log record")
        let names = ChangeCause.allCases.map(\.name)
        XCTAssertEqual(names, ["tap", "key", "expand", "collapse", "reveal", "setPanels", "fragment", "find"])
        for cause in ChangeCause.allCases { XCTAssertEqual(ChangeCause(name: cause.name), cause) }
        XCTAssertNil(ChangeCause(name: "transition"), "an ignore reason is no cause")
    }

    func testAStepsCauseIsItsKindsUnlessTheHostSaysOtherwise() {
        XCTAssertEqual(Step(.tap(panel: 0)).cause, .tap)
        XCTAssertEqual(Step(.tap(panel: 0), origin: .key).cause, .key)
        XCTAssertEqual(Step(.expand(panel: nil)).cause, .expand)
        XCTAssertEqual(Step(.collapse(panel: 1)).cause, .collapse)
        XCTAssertEqual(Step(.reveal(panel: 1, open: true)).cause, .reveal)
        XCTAssertEqual(Step(.setPanels([])).cause, .setPanels)
        for action in [StepAction.wait(seconds: 1), .resize(width: 1, height: 1), .present(title: "M"), .dismiss,
                       .update(panel: 0, PanelUpdate(title: "T")), .scroll(offset: 0)] {
            XCTAssertNil(Step(action).cause, "\(action.kind) never changes the open set")
        }
    }

    // MARK: - Each path that writes the log

    func testATapsStartAndEndEntriesCarryTap() {
        var model = demoModel()
        XCTAssertEqual(causes(model.log), ["-"], "loading's entries: the first open set is no change")
        let start = model.apply(Step(.tap(panel: 2)))
        XCTAssertEqual(lines(start), ["beginIgnoringInteractionEvents · tap", "willMoveToParent VC1 · tap", "addChild VC3 · tap",
                                      "viewWillDisappear VC1 · tap", "viewWillAppear VC3 · tap"])
        XCTAssertEqual(model.pendingTransition?.cause, .tap)
        XCTAssertEqual(lines(model.pendingEntries), ["viewDidDisappear VC1 · tap", "viewDidAppear VC3 · tap",
                                                     "didMoveToParent VC3 · tap", "removeFromParent VC1 · tap",
                                                     "endIgnoringInteractionEvents · tap"])
        // Ended at its own end by the next step, a wait: still the tap's.
        XCTAssertEqual(causes(model.apply(Step(.wait(seconds: 1)))), ["tap"])
    }

    func testAHostsKeyTapCarriesKey() {
        var model = demoModel(duration: 0)
        XCTAssertEqual(causes(model.apply(Step(.tap(panel: 1), origin: .key))), ["key"])
    }

    func testIgnoredTapsAndTheModalCarryNoCause() {
        var model = demoModel()
        _ = model.apply(Step(.tap(panel: 2)))
        XCTAssertEqual(lines(model.apply(Step(.tap(panel: 1), at: 0.1))), ["tapIgnored VC2 (transition) · -"])
        var modal = demoModel(duration: 0)
        XCTAssertEqual(lines(modal.apply(Step(.present(title: "Sheet")))), ["presentModal VC1 · -"])
        XCTAssertEqual(lines(modal.apply(Step(.tap(panel: 1)))), ["tapIgnored VC2 (modal) · -"])
        XCTAssertEqual(lines(modal.apply(Step(.dismiss))), ["dismissModal VC1 · -"])
    }

    func testExpandAndCollapseCarryTheirKinds() {
        var model = demoModel()
        XCTAssertEqual(causes(model.apply(Step(.expand(panel: 1)))), ["expand"])
        XCTAssertEqual(causes(model.apply(Step(.collapse(panel: 1)))), ["collapse"])
        _ = model.apply(Step(.expand(panel: 0)))
        let all = model.apply(Step(.collapse(panel: nil)))
        XCTAssertFalse(all.isEmpty)
        XCTAssertEqual(causes(all), ["collapse"])
        _ = model.apply(Step(.expand(panel: 2)))
        XCTAssertEqual(causes(model.apply(Step(.expand(panel: nil)))), ["expand"], "`expand: all` closes every panel as an expand")
    }

    func testSetPanelsCarriesSetPanelsOnTheLeavingAndTheArrivingPanels() {
        var model = demoModel()
        let panels = demoPanels()
        let entries = model.apply(Step(.setPanels([panels[1], panels[2]])))
        XCTAssertEqual(lines(entries), ["willMoveToParent VC1 · setPanels", "viewWillDisappear VC1 · setPanels",
                                        "viewDidDisappear VC1 · setPanels", "removeFromParent VC1 · setPanels",
                                        "addChild VC2 · setPanels", "viewWillAppear VC2 · setPanels",
                                        "viewDidAppear VC2 · setPanels", "didMoveToParent VC2 · setPanels"])
    }

    func testAStepThatCompletesATransitionLeavesItsEndEntriesTheStartersCause() {
        // update, resize and scroll change no open set: the end entries they
        // bring forward are the tap's, and they write nothing of their own.
        for step in [Step(.update(panel: 0, PanelUpdate(title: "Inbox")), at: 0.1), Step(.resize(width: 300, height: 500), at: 0.1),
                     Step(.scroll(offset: 0), at: 0.1)] {
            var model = demoModel()
            _ = model.apply(Step(.tap(panel: 2)))
            let entries = model.apply(step)
            XCTAssertEqual(entries.count, 5, "\(step.action.kind)")
            XCTAssertEqual(causes(entries), ["tap"], "\(step.action.kind)")
            XCTAssertTrue(entries.allSatisfy { $0.time == 0.1 })
        }
        // An expand completing the tap's transition: the tap's end, then the expand's own.
        var model = demoModel()
        _ = model.apply(Step(.tap(panel: 2)))
        let entries = model.apply(Step(.expand(panel: 1), at: 0.1))
        XCTAssertEqual(entries.prefix(5).map(\.cause), Array(repeating: .tap, count: 5))
        XCTAssertEqual(lines(entries.dropFirst(5)).first, "beginIgnoringInteractionEvents · expand")
        XCTAssertEqual(causes(entries.dropFirst(5)), ["expand"])
    }

    func testAnInterruptingTapEndsTheRunningTransitionAsItsStarterAndStartsItsOwn() {
        for interruption in [InterruptionPolicy.finish, .retarget] {
            var c = demoContainer()
            c.interruption = interruption
            var model = AccordionContainer(title: nil, container: c, panels: demoPanels(), expandedIndex: 0)
            _ = model.apply(Step(.tap(panel: 2), origin: .key))
            let entries = model.apply(Step(.tap(panel: 1), at: 0.1))
            XCTAssertEqual(lines(entries), [
                "viewDidDisappear VC1 · key", "viewDidAppear VC3 · key", "didMoveToParent VC3 · key",
                "removeFromParent VC1 · key", "endIgnoringInteractionEvents · key",
                "beginIgnoringInteractionEvents · tap", "willMoveToParent VC3 · tap", "addChild VC2 · tap",
                "viewWillDisappear VC3 · tap", "viewWillAppear VC2 · tap"], "\(interruption)")
            XCTAssertEqual(causes(model.pendingEntries), ["tap"], "\(interruption)")
        }
    }

    func testNestedTapsCarryTapInEveryLevel() {
        var model = tree(open: [1])
        let opened = model.apply(Step(.tap(panel: 4)))  // bluetooth, in network's level
        XCTAssertTrue(lines(opened).contains("addChild bluetooth · tap"))
        XCTAssertEqual(causes(opened), ["tap"])
        let closed = model.apply(Step(.tap(panel: 1)))  // network itself: its shown descendants leave with it
        XCTAssertTrue(closed.contains { $0.panel == "bluetooth" && $0.event == .viewWillDisappear })
        XCTAssertEqual(causes(closed), ["tap"])
        XCTAssertEqual(causes(model.pendingEntries), ["tap"])
    }

    func testARevealOpensEveryAncestorAsAReveal() {
        var model = tree(open: [0])
        let entries = model.apply(Step(.reveal(panel: 5, open: true)))  // le: network, bluetooth, then le itself
        for id in ["network", "bluetooth", "le"] {
            XCTAssertTrue(lines(entries).contains("addChild \(id) · reveal"), id)
        }
        XCTAssertEqual(causes(entries), ["reveal"])
        XCTAssertEqual(causes(model.log.dropFirst(4)), ["reveal"], "everything after loading")
    }

    func testTheSnapshotsEventsAndTransitionCarryTheCause() {
        var model = demoModel()
        _ = model.apply(Step(.tap(panel: 2), origin: .key))
        let mid = model.snapshot(at: 0.15)
        XCTAssertEqual(mid.transition?.cause, .key)
        XCTAssertEqual(mid.events.suffix(5).map(\.cause), Array(repeating: .key, count: 5))
        XCTAssertEqual(model.snapshot(at: 1).events.suffix(10).map(\.cause), Array(repeating: .key, count: 10))
    }

    func testTheLogKeepsTheCauseOfEveryEntryAcrossSegments() {
        var log = ContainmentLog()
        let all: [ChangeCause?] = [nil] + ChangeCause.allCases
        for i in 0..<5000 {
            log.append(LogEntry(time: Double(i), event: .addChild, panel: "p\(i % 3)", cause: all[i % all.count]))
        }
        XCTAssertEqual(log.count, 5000)
        for i in [0, 1, 8, 4095, 4096, 4999] { XCTAssertEqual(log[i].cause, all[i % all.count], "entry \(i)") }
    }
}
