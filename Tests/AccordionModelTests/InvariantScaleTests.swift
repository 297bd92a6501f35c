import AccordionModel
import XCTest

/// Regression (fuzz-spec, Tests/Fixtures/hostile/fuzz-spec-invariant-scale.yaml):
/// a valid spec with sizes near 1e308 broke the invariant check, whose
/// tolerance was absolute (1e-6) while one rounding there is about 1e292.
final class InvariantScaleTests: XCTestCase {
    func testHugeSizesKeepTheInvariants() {
        var container = ContainerSpec()
        container.width = 1e308
        container.height = 1e308
        container.headerHeight = 1e306
        container.duration = 1.7e308
        let panels = [
            PanelSpec(id: "a", title: "A", color: 0x1ABC_9CFF, headerHeight: 1e306),
            PanelSpec(id: "b", title: "B", color: 0x3498_DBFF, headerHeight: 1e306, contentHeight: 1e308),
        ]
        var model = AccordionContainer(title: nil, container: container, panels: panels, expandedIndex: 0)
        XCTAssertEqual(model.assertInvariants(), [])
        // Up to the time limit (10⁹ s): a wait of 1.7e308 s is rejected.
        for step in [Step(.wait(seconds: 999_999_999)), Step(.tap(panel: 1)), Step(.tap(panel: 0), at: 1e9)] {
            model.apply(step)
            XCTAssertEqual(model.assertInvariants(), [], "after \(step)")
        }
    }
}
