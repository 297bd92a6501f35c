import XCTest
@testable import AccordionModel

/// Hand-computed expectations for the article's three-panel demo (375×667,
/// headers 44, so Σh = 132 and space = 535).
final class ArticleDemoTests: XCTestCase {
    private let load = ["0.0 addChild VC1", "0.0 viewWillAppear VC1", "0.0 viewDidAppear VC1", "0.0 didMoveToParent VC1"]

    func testLoadDefaultsSettledFrames() {
        let model = demoModel()
        XCTAssertEqual(model.expandedIndex, 0)
        assertClose(headerYs(model, at: 0), [0, 579, 623])
        let frames = model.layout(at: 0)
        assertRect(frames[0].content, 0, 44, 375, 535)
        XCTAssertNil(frames[1].content)
        XCTAssertNil(frames[2].content)
        for frame in frames { XCTAssertEqual(frame.header.width, 375); XCTAssertEqual(frame.header.height, 44) }
        XCTAssertEqual(describe(model.log), load)
        let snapshot = model.snapshot(at: 0)
        XCTAssertEqual(snapshot.visible, .panel(title: "Panel 1"))
        XCTAssertTrue(snapshot.interactionEnabled)
        XCTAssertNil(snapshot.transition)
        XCTAssertEqual(snapshot.expandedPanel, "VC1")
        assertRect(model.frame(forPanelAt: 2), 0, 132, 375, 535)
        XCTAssertEqual(model.assertInvariants(), [])
    }

    func testEmptyStackAndNoneExpanded() {
        let empty = AccordionContainer(title: nil, container: ContainerSpec(), panels: [], expandedIndex: nil)
        XCTAssertEqual(empty.layout(at: 0), [])
        XCTAssertEqual(empty.log, [])
        XCTAssertNil(empty.snapshot(at: 0).visible)
        XCTAssertEqual(empty.assertInvariants(), [])

        let collapsed = demoModel(expanded: nil)
        assertClose(headerYs(collapsed, at: 0), [0, 44, 88])
        XCTAssertEqual(contents(collapsed, at: 0), [:])
        XCTAssertEqual(collapsed.log, [])
        XCTAssertEqual(collapsed.assertInvariants(), [])
    }

    func testTapBelowExpanded() {
        var model = demoModel()
        let produced = model.apply(Step(.tap(panel: 2)))
        XCTAssertEqual(describe(produced), ["0.0 beginIgnoringInteractionEvents", "0.0 willMoveToParent VC1",
                                            "0.0 addChild VC3", "0.0 viewWillDisappear VC1", "0.0 viewWillAppear VC3"])
        XCTAssertEqual(model.expandedIndex, 2)
        // Half way, easeInOut(0.5) = 0.5.
        assertClose(headerYs(model, at: 0.15), [0, 311.5, 355.5])
        let middle = contents(model, at: 0.15)
        assertRect(middle[0], 0, 44, 375, 535)     // from's content stays and is covered
        assertRect(middle[2], 0, 399.5, 375, 535)  // to's content rides up with its header
        let snapshot = model.snapshot(at: 0.15)
        XCTAssertEqual(snapshot.transition, TransitionInfo(from: 0, to: 2, start: 0, end: 0.3, progress: 0.5))
        XCTAssertFalse(snapshot.interactionEnabled)
        XCTAssertEqual(snapshot.events.count, 9)
        XCTAssertEqual(snapshot.visible, .panel(title: "Panel 3"))
        // Settled.
        XCTAssertEqual(model.settledTime, 0.3)
        assertClose(headerYs(model, at: 0.3), [0, 44, 88])
        XCTAssertEqual(contents(model, at: 0.3).keys.sorted(), [2])
        assertRect(contents(model, at: 0.3)[2], 0, 132, 375, 535)
        XCTAssertEqual(describe(model.events(through: 0.3)), load + describe(produced) + [
            "0.3 viewDidDisappear VC1", "0.3 viewDidAppear VC3", "0.3 didMoveToParent VC3",
            "0.3 removeFromParent VC1", "0.3 endIgnoringInteractionEvents"])
        XCTAssertTrue(model.snapshot(at: 0.3).interactionEnabled)
        // Times closer than 1e-9 are equal: just under the end is the end.
        let nearEnd = model.snapshot(at: 0.3 - 1e-10)
        XCTAssertEqual(nearEnd.events.count, 14)
        XCTAssertNil(nearEnd.transition)
        XCTAssertEqual(model.snapshot(at: 0.3 - 1e-8).events.count, 9)
        XCTAssertNotNil(model.snapshot(at: 0.3 - 1e-8).transition)
        XCTAssertEqual(model.assertInvariants(), [])
    }

    func testTapAboveExpandedLinear() {
        var model = demoModel(duration: 1, curve: .linear, expanded: 2)
        model.apply(Step(.tap(panel: 0)))
        assertClose(headerYs(model, at: 0), [0, 44, 88])
        assertClose(headerYs(model, at: 0.25), [0, 177.75, 221.75])
        let quarter = contents(model, at: 0.25)
        assertRect(quarter[2], 0, 265.75, 375, 535) // from's content slides down with its header
        assertRect(quarter[0], 0, 44, 375, 535)     // to's content is uncovered in place
        assertClose(headerYs(model, at: 1), [0, 579, 623])
        XCTAssertEqual(contents(model, at: 1).keys.sorted(), [0])
    }

    func testTapOnExpandedCollapses() {
        var model = demoModel(duration: 1, curve: .linear)
        let produced = model.apply(Step(.tap(panel: 0)))
        XCTAssertNil(model.expandedIndex)
        XCTAssertEqual(describe(produced), ["0.0 beginIgnoringInteractionEvents", "0.0 willMoveToParent VC1",
                                            "0.0 viewWillDisappear VC1"])
        assertClose(headerYs(model, at: 0.5), [0, 311.5, 355.5])
        assertRect(contents(model, at: 0.5)[0], 0, 44, 375, 535) // content stays, headers slide over it
        XCTAssertNil(model.snapshot(at: 0.5).visible)
        XCTAssertEqual(describe(Array(model.events(through: 1).suffix(3))),
                       ["1.0 viewDidDisappear VC1", "1.0 removeFromParent VC1", "1.0 endIgnoringInteractionEvents"])
        assertClose(headerYs(model, at: 1), [0, 44, 88])
        XCTAssertEqual(contents(model, at: 1), [:])
    }

    func testTapFromAllCollapsed() {
        var model = demoModel(duration: 1, curve: .linear, expanded: nil)
        let produced = model.apply(Step(.tap(panel: 1)))
        XCTAssertEqual(describe(produced), ["0.0 beginIgnoringInteractionEvents", "0.0 addChild VC2",
                                            "0.0 viewWillAppear VC2"])
        XCTAssertEqual(model.snapshot(at: 0.5).transition?.from, nil)
        XCTAssertEqual(model.snapshot(at: 0.5).transition?.to, 1)
        assertClose(headerYs(model, at: 0.5), [0, 44, 88 + 535 / 2])
        assertRect(contents(model, at: 0.5)[1], 0, 88, 375, 535)
        XCTAssertEqual(describe(model.pendingEntries), ["1.0 viewDidAppear VC2", "1.0 didMoveToParent VC2",
                                                        "1.0 endIgnoringInteractionEvents"])
    }

    func testFitLayoutWithAndWithoutContentHeight() {
        var model = demoModel(duration: 0, layout: .fit, panels: demoPanels(contentHeights: [200, nil, 1000]))
        assertClose(headerYs(model, at: 0), [0, 244, 288])
        assertRect(contents(model, at: 0)[0], 0, 44, 375, 200)
        XCTAssertEqual(model.assertInvariants(), [])
        model.apply(Step(.tap(panel: 1)))   // no contentHeight: the whole space
        assertClose(headerYs(model, at: 0), [0, 44, 623])
        assertRect(contents(model, at: 0)[1], 0, 88, 375, 535)
        model.apply(Step(.tap(panel: 2)))   // capped by the space
        assertRect(contents(model, at: 0)[2], 0, 132, 375, 535)
        // In fill the contentHeight is not used.
        let fill = demoModel(layout: .fill, panels: demoPanels(contentHeights: [200, nil, 1000]))
        assertRect(contents(fill, at: 0)[0], 0, 44, 375, 535)
    }

    func testPerPanelHeaderHeights() {
        let model = demoModel(panels: demoPanels(headerHeights: [60, 30, 44]), expanded: 1)
        XCTAssertEqual(model.space, 533)
        assertClose(headerYs(model, at: 0), [0, 60, 623])
        assertRect(contents(model, at: 0)[1], 0, 90, 375, 533)
        XCTAssertEqual(model.layout(at: 0).map(\.header.height), [60, 30, 44])
        XCTAssertEqual(model.assertInvariants(), [])
    }

    func testMidTransitionFramesForEveryCurve() {
        let curves: [(AnimationCurve, (Double, Double, Double, Double))] = [
            (.linear, (0, 0, 1, 1)), (.easeIn, (0.42, 0, 1, 1)),
            (.easeOut, (0, 0, 0.58, 1)), (.easeInOut, (0.42, 0, 0.58, 1)),
        ]
        for (curve, points) in curves {
            var model = demoModel(duration: 2, curve: curve)
            model.apply(Step(.tap(panel: 2)))
            for time in [0.0, 0.2, 0.5, 1.0, 1.5, 1.9] {
                let eased = referenceCurve(points.0, points.1, points.2, points.3, at: time / 2)
                let y1 = 579 + (44 - 579) * eased
                let y2 = 623 + (88 - 623) * eased
                assertClose(headerYs(model, at: time), [0, y1, y2], accuracy: 1e-5)
                assertRect(contents(model, at: time)[2], 0, y2 + 44, 375, 535)
                XCTAssertEqual(model.snapshot(at: time).transition?.progress ?? -1, time / 2, accuracy: 1e-12)
            }
        }
        XCTAssertEqual(AnimationCurve.easeInOut.value(atProgress: 0.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(AnimationCurve.linear.value(atProgress: 0.3), 0.3)
        XCTAssertEqual(AnimationCurve.easeIn.value(atProgress: 0.5), 0.3153, accuracy: 1e-3)
        XCTAssertEqual(AnimationCurve.easeOut.value(atProgress: 0.5), 0.6847, accuracy: 1e-3)
        for curve in [AnimationCurve.linear, .easeIn, .easeOut, .easeInOut] {
            let p = curve.controlPoints
            for step in 0...1000 {
                let x = Double(step) / 1000
                XCTAssertEqual(curve.value(atProgress: x), referenceCurve(p.x1, p.y1, p.x2, p.y2, at: x), accuracy: 1e-7)
            }
        }
    }

    func testTapsIgnoredDuringTransition() {
        var model = demoModel()
        model.apply(Step(.tap(panel: 2)))
        let ignored = model.apply(Step(.tap(panel: 1), at: 0.1))
        XCTAssertEqual(describe(ignored), ["0.1 tapIgnored VC2 transition"])
        XCTAssertEqual(model.expandedIndex, 2)
        XCTAssertEqual(model.clock, 0.1)
        // At 0.1 + 0.2 (≈ 0.3, the end): the transition is over, the tap acts.
        let atEnd = model.apply(Step(.tap(panel: 1), at: 0.1 + 0.2))
        XCTAssertEqual(describe(atEnd), [
            "0.3 viewDidDisappear VC1", "0.3 viewDidAppear VC3", "0.3 didMoveToParent VC3", "0.3 removeFromParent VC1",
            "0.3 endIgnoringInteractionEvents",
            "0.3 beginIgnoringInteractionEvents", "0.3 willMoveToParent VC3", "0.3 addChild VC2",
            "0.3 viewWillDisappear VC3", "0.3 viewWillAppear VC2"])
        XCTAssertEqual(model.expandedIndex, 1)
        XCTAssertEqual(model.events(through: 0.3 - 1e-10).count, 20)
        XCTAssertEqual(model.events(through: 0.3 - 1e-8).count, 10)
        XCTAssertEqual(model.assertInvariants(), [])
    }

    func testTapsIgnoredUnderModal() {
        var model = demoModel()
        XCTAssertEqual(describe(model.apply(Step(.present(title: "Compose")))), ["0.0 presentModal VC1"])
        XCTAssertEqual(model.snapshot(at: 0).visible, .modal(title: "Compose"))
        XCTAssertEqual(describe(model.apply(Step(.tap(panel: 1)))), ["0.0 tapIgnored VC2 modal"])
        XCTAssertEqual(model.expandedIndex, 0)
        XCTAssertEqual(describe(model.apply(Step(.dismiss, at: 2))), ["2.0 dismissModal VC1"])
        XCTAssertEqual(model.snapshot(at: 2).visible, .panel(title: "Panel 1"))
        XCTAssertEqual(model.apply(Step(.tap(panel: 1))).count, 5)
        XCTAssertEqual(model.expandedIndex, 1)
        XCTAssertEqual(model.time(of: Step(.wait(seconds: 0))), 2)
        XCTAssertEqual(model.settledTime, 2.3, accuracy: 1e-12)
    }

    func testPresentInsideTransitionCompletesIt() {
        var model = demoModel()
        model.apply(Step(.tap(panel: 2)))
        XCTAssertEqual(describe(model.apply(Step(.present(title: "Sheet"), at: 0.1))), [
            "0.1 viewDidDisappear VC1", "0.1 viewDidAppear VC3", "0.1 didMoveToParent VC3", "0.1 removeFromParent VC1",
            "0.1 endIgnoringInteractionEvents", "0.1 presentModal VC3"])
        XCTAssertTrue(model.snapshot(at: 0.1).interactionEnabled)
        XCTAssertEqual(model.settledTime, 0.1)
        assertClose(headerYs(model, at: 0.1), [0, 44, 88])
    }

    func testExpand() {
        var model = demoModel()
        XCTAssertEqual(describe(model.apply(Step(.expand(panel: 2), at: 1))), [
            "1.0 beginIgnoringInteractionEvents", "1.0 willMoveToParent VC1", "1.0 addChild VC3",
            "1.0 viewWillDisappear VC1", "1.0 viewWillAppear VC3",
            "1.0 viewDidDisappear VC1", "1.0 viewDidAppear VC3", "1.0 didMoveToParent VC3", "1.0 removeFromParent VC1",
            "1.0 endIgnoringInteractionEvents"])
        XCTAssertEqual(model.settledTime, 1)
        assertClose(headerYs(model, at: 1), [0, 44, 88])
        XCTAssertEqual(model.apply(Step(.expand(panel: 2))), [])
        XCTAssertEqual(describe(model.apply(Step(.expand(panel: nil)))), [
            "1.0 beginIgnoringInteractionEvents", "1.0 willMoveToParent VC3", "1.0 viewWillDisappear VC3",
            "1.0 viewDidDisappear VC3", "1.0 removeFromParent VC3", "1.0 endIgnoringInteractionEvents"])
        XCTAssertEqual(model.apply(Step(.expand(panel: nil))), [])
        XCTAssertNil(model.expandedIndex)
        XCTAssertEqual(model.assertInvariants(), [])
    }

    func testResizeDuringTransition() {
        var model = demoModel()
        model.apply(Step(.tap(panel: 2)))
        let produced = model.apply(Step(.resize(width: 667, height: 375), at: 0.1))
        XCTAssertEqual(describe(produced), [
            "0.1 viewDidDisappear VC1", "0.1 viewDidAppear VC3", "0.1 didMoveToParent VC3",
            "0.1 removeFromParent VC1", "0.1 endIgnoringInteractionEvents"])
        let snapshot = model.snapshot(at: 0.1)
        XCTAssertNil(snapshot.transition)
        XCTAssertTrue(snapshot.interactionEnabled)
        XCTAssertEqual(snapshot.container.width, 667)
        XCTAssertEqual(snapshot.container.height, 375)
        assertClose(headerYs(model, at: 0.1), [0, 44, 88])
        assertRect(contents(model, at: 0.1)[2], 0, 132, 667, 243)
        XCTAssertEqual(model.layout(at: 0.1)[0].header.width, 667)
        // Resize while idle re-lays out too.
        model.apply(Step(.expand(panel: 0)))
        model.apply(Step(.resize(width: 375, height: 667)))
        assertClose(headerYs(model, at: 0.1), [0, 579, 623])
        XCTAssertEqual(model.assertInvariants(), [])
    }

    func testSetPanelsKeepsMovesRemovesEmpties() {
        let extra = PanelSpec(id: "VC4", title: "Panel 4", color: 0xFF00_00FF, headerHeight: 50)
        let (vc1, vc2, vc3) = (demoPanels()[0], demoPanels()[1], demoPanels()[2])

        var keep = demoModel(expanded: 1)
        XCTAssertEqual(keep.apply(Step(.setPanels([vc1, vc2, vc3, extra]))), [])
        XCTAssertEqual(keep.expandedIndex, 1)
        XCTAssertEqual(keep.space, 667 - 182)
        assertClose(headerYs(keep, at: 0), [0, 44, 88 + 485, 132 + 485])
        XCTAssertEqual(keep.index(ofPanel: "VC4"), 3)

        var move = demoModel(expanded: 1)
        XCTAssertEqual(move.apply(Step(.setPanels([extra, vc3, vc2]))), [])
        XCTAssertEqual(move.expandedIndex, 2)
        XCTAssertEqual(move.snapshot(at: 0).expandedPanel, "VC2")
        XCTAssertEqual(move.assertInvariants(), [])

        var remove = demoModel(expanded: 1)
        XCTAssertEqual(describe(remove.apply(Step(.setPanels([vc3, vc1]), at: 2))), [
            "2.0 willMoveToParent VC2", "2.0 viewWillDisappear VC2", "2.0 viewDidDisappear VC2", "2.0 removeFromParent VC2",
            "2.0 addChild VC3", "2.0 viewWillAppear VC3", "2.0 viewDidAppear VC3", "2.0 didMoveToParent VC3"])
        XCTAssertEqual(remove.expandedIndex, 0)
        XCTAssertNil(remove.index(ofPanel: "VC2"))
        XCTAssertEqual(remove.assertInvariants(), [])

        var empty = demoModel(expanded: 1)
        XCTAssertEqual(describe(empty.apply(Step(.setPanels([])))), [
            "0.0 willMoveToParent VC2", "0.0 viewWillDisappear VC2", "0.0 viewDidDisappear VC2", "0.0 removeFromParent VC2"])
        XCTAssertNil(empty.expandedIndex)
        XCTAssertEqual(empty.layout(at: 0), [])
        XCTAssertEqual(empty.assertInvariants(), [])

        var fromNone = demoModel(expanded: nil)
        XCTAssertEqual(describe(fromNone.apply(Step(.setPanels([vc2, vc3])))), [
            "0.0 addChild VC2", "0.0 viewWillAppear VC2", "0.0 viewDidAppear VC2", "0.0 didMoveToParent VC2"])
        XCTAssertEqual(fromNone.expandedIndex, 0)

        // Inside a transition: completes it first, at the step's time.
        var during = demoModel()
        during.apply(Step(.tap(panel: 2)))
        XCTAssertEqual(describe(during.apply(Step(.setPanels([vc3, extra]), at: 0.2))), [
            "0.2 viewDidDisappear VC1", "0.2 viewDidAppear VC3", "0.2 didMoveToParent VC3",
            "0.2 removeFromParent VC1", "0.2 endIgnoringInteractionEvents"])
        XCTAssertEqual(during.expandedIndex, 0)
        XCTAssertEqual(during.assertInvariants(), [])
    }

    func testZeroDuration() {
        var model = demoModel(duration: 0)
        let produced = model.apply(Step(.tap(panel: 2)))
        XCTAssertEqual(produced.count, 10)
        XCTAssertEqual(produced.last?.event, .endIgnoringInteractionEvents)
        XCTAssertNil(model.transitionEnd)
        XCTAssertNil(model.snapshot(at: 0).transition)
        XCTAssertTrue(model.snapshot(at: 0).interactionEnabled)
        // No ignoring window: a tap at the same moment acts.
        XCTAssertEqual(model.apply(Step(.tap(panel: 1), at: 0)).count, 10)
        XCTAssertEqual(model.expandedIndex, 1)
        assertClose(headerYs(model, at: 0), [0, 44, 623])
    }

    func testClockRules() {
        var model = demoModel()
        XCTAssertEqual(model.time(of: Step(.wait(seconds: 2))), 2)       // first step: 0 + s
        model.apply(Step(.tap(panel: 1)))                                 // at 0, ends 0.3
        XCTAssertEqual(model.time(of: Step(.tap(panel: 2))), 0.3)        // untimed: when idle
        model.apply(Step(.wait(seconds: 0.1)))
        model.apply(Step(.wait(seconds: 0.1)))
        XCTAssertEqual(model.clock, 0.2, accuracy: 1e-12)                // waits add up
        XCTAssertEqual(model.transitionEnd, 0.3)                          // and did not outlast it
        XCTAssertEqual(model.time(of: Step(.tap(panel: 2))), 0.3)
        XCTAssertEqual(model.time(of: Step(.tap(panel: 2), at: 0.25)), 0.25)
        // A wait that outlasts the transition delays the next step and commits its end entries.
        let produced = model.apply(Step(.wait(seconds: 0.5)))
        XCTAssertEqual(describe(produced).first, "0.3 viewDidDisappear VC1")
        XCTAssertEqual(model.clock, 0.7, accuracy: 1e-12)
        XCTAssertEqual(model.time(of: Step(.tap(panel: 0))), 0.7, accuracy: 1e-12)
        // A tap well after the end: end entries first, at the end's time.
        var late = demoModel()
        late.apply(Step(.tap(panel: 1)))
        XCTAssertEqual(describe(late.apply(Step(.tap(panel: 2), at: 5))).prefix(2),
                       ["0.3 viewDidDisappear VC1", "0.3 viewDidAppear VC2"])
        XCTAssertEqual(late.assertInvariants(), [])
    }

    func testScriptRunUntilAndEverySteps() {
        let steps = [Step(.tap(panel: 2)), Step(.tap(panel: 1), at: 0.1), Step(.wait(seconds: 1)), Step(.tap(panel: 0))]
        func run(until: Double?, everyStep: Bool) -> [Snapshot] {
            ScriptRun.run(title: "Demo", container: demoContainer(), panels: demoPanels(), expandedIndex: 0,
                          steps: steps, until: until, everyStep: everyStep)
        }
        let final = run(until: nil, everyStep: false)
        XCTAssertEqual(final.count, 1)
        XCTAssertEqual(final[0].time, 1.4, accuracy: 1e-12)
        XCTAssertEqual(final[0].expandedIndex, 0)
        let all = run(until: nil, everyStep: true)
        XCTAssertEqual(all.count, 4)
        XCTAssertEqual(all.last, final.last)
        XCTAssertEqual(all[0].time, 0.3, accuracy: 1e-12)
        XCTAssertEqual(all[1].time, 0.3, accuracy: 1e-12)  // the ignored tap left the transition's end as settling time
        XCTAssertEqual(all[2].time, 1.1, accuracy: 1e-12)
        // Until 0.15: the ignored tap at 0.1 happened, the wait (1.1) did not.
        let middle = run(until: 0.15, everyStep: false)[0]
        XCTAssertEqual(middle.time, 0.15)
        XCTAssertEqual(middle.transition?.progress ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertEqual(middle.events.last?.event, .tapIgnored)
        assertClose(middle.panels.map(\.header.y), [0, 311.5, 355.5])
        XCTAssertEqual(run(until: 0.15, everyStep: true).count, 2)
        // Until before anything: the load state at that time.
        let before = run(until: -1, everyStep: true)
        XCTAssertEqual(before.count, 1)
        XCTAssertEqual(before[0].events, [])
    }

    func testLargeAccordionManyTapsSanity() {
        let count = 2000
        let panels = (0..<count).map { PanelSpec(id: "p\($0)", title: "P\($0)", color: 0x8080_80FF, headerHeight: 1) }
        var container = ContainerSpec()
        container.height = Double(count) + 100
        var model = AccordionContainer(title: nil, container: container, panels: panels, expandedIndex: 0)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<5000 { model.apply(Step(.tap(panel: Int.random(in: 0..<count, using: &generator)))) }
        XCTAssertEqual(model.layout(at: model.settledTime).count, count)
        XCTAssertEqual(model.assertInvariants(), [])
    }
}
