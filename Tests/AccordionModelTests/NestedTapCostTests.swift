import XCTest
@testable import AccordionModel

/// A tap in a nested tree costs the panels it moves, not the tree (issue 25,
/// "Performance"; Benchmarks/model's nested taps time it on 10,020 panels
/// beside 1,002). The cost it must not have is a copy of every level's open
/// set: `AccordionContainer.perform` once kept the whole state before a step,
/// for the end entries of the transition the step might end, and the step's
/// first change to an open set then copied them all (with every string and
/// array in them), per tap. These tests pin that down without timing: the
/// open sets' storage is edited in place, step after step, while the log is
/// still the one the guide's rules give.
final class NestedTapCostTests: XCTestCase {
    private func panel(_ id: String, content: PanelContent? = nil) -> PanelSpec {
        PanelSpec(id: id, title: id, color: 0x3366_99FF, headerHeight: 44, content: content)
    }

    /// a {a1 {a1x, a1y}, a2}, b: numbers 0–1 for the top level, then 2 a1,
    /// 3 a1x, 4 a1y, 5 a2 in tree order.
    private func loaded() -> AccordionContainer {
        let a1 = NestedLevel(panels: [panel("a1x"), panel("a1y")])
        let a = NestedLevel(panels: [panel("a1", content: .accordion(a1)), panel("a2")])
        var c = ContainerSpec()
        c.height = 600
        c.duration = 0.3
        return AccordionContainer(title: nil, container: c, panels: [panel("a", content: .accordion(a)), panel("b")],
                                  expandedIndices: [0])
    }

    /// The address of a dictionary's storage, read without keeping it alive.
    private func storage(_ open: [String: [Int]]) -> UInt { unsafeBitCast(open, to: UInt.self) }

    private func lines(_ entries: [LogEntry]) -> [String] {
        entries.map { e in [e.event.rawValue, e.panel].compactMap { $0 }.joined(separator: " ") }
    }

    func testNestedTapsEditTheOpenSetsInPlace() {
        var container = loaded()
        let address = storage(container.state.nestedOpen)
        // a1y opens in a1's level (closing a1x); then a2 opens in a's level,
        // which ends a1y's transition at 0.3 s and closes a1 with a1y inside.
        XCTAssertEqual(lines(container.apply(Step(.tap(panel: 4)))),
                       ["beginIgnoringInteractionEvents", "willMoveToParent a1x", "addChild a1y",
                        "viewWillDisappear a1x", "viewWillAppear a1y"])
        XCTAssertEqual(storage(container.state.nestedOpen), address, "the tap copied every level's open set")
        XCTAssertEqual(lines(container.apply(Step(.tap(panel: 5)))),
                       ["viewDidDisappear a1x", "viewDidAppear a1y", "didMoveToParent a1y", "removeFromParent a1x",
                        "endIgnoringInteractionEvents",
                        "beginIgnoringInteractionEvents", "willMoveToParent a1y", "willMoveToParent a1",
                        "addChild a2", "viewWillDisappear a1y", "viewWillDisappear a1", "viewWillAppear a2"])
        XCTAssertEqual(storage(container.state.nestedOpen), address, "the tap that ended a transition copied them")
        XCTAssertEqual(container.state.nestedOpen, ["a": [1], "a1": [1]])
    }

    /// The end entries are read in the state the transition ran in, before
    /// the step that ends it: a tap that completes a transition early
    /// (`finish`) in a level the transition brought in ends it naming the
    /// panels that arrived while it ran (a1x), not the one the tap opens.
    func testAnEarlyEndNamesThePanelsShownWhileItRan() {
        var spec = loaded().container
        spec.interruption = .finish
        var container = AccordionContainer(title: nil, container: spec, panels: loaded().panels, expandedIndices: [1])
        container.apply(Step(.tap(panel: 0)))  // a opens with a1 and a1x inside it, b closes
        XCTAssertEqual(lines(container.apply(Step(.tap(panel: 4), at: 0.1))),
                       ["viewDidDisappear b", "viewDidAppear a", "viewDidAppear a1", "viewDidAppear a1x",
                        "didMoveToParent a", "didMoveToParent a1", "didMoveToParent a1x", "removeFromParent b",
                        "endIgnoringInteractionEvents",
                        "beginIgnoringInteractionEvents", "willMoveToParent a1x", "addChild a1y",
                        "viewWillDisappear a1x", "viewWillAppear a1y"])
    }
}
