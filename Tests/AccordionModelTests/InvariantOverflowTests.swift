import AccordionModel
import XCTest

/// Regression (fuzz-spec, from samples/faq-twenty.yaml with fewer panels):
/// in `fit` with `overflow: scroll` one open panel's content is not capped
/// at the space under the headers, so the settled stack may end below the
/// container; the invariant check allowed that only in `multiple`.
final class InvariantOverflowTests: XCTestCase {
    func testOneTallContentInAScrollingFitContainerKeepsTheInvariants() {
        var container = ContainerSpec()
        container.layout = .fit
        container.overflow = .scroll
        let panels = [
            PanelSpec(id: "a", title: "A", color: 0x1C6D_D0FF, headerHeight: 44),
            PanelSpec(id: "b", title: "B", color: 0x1558_A8FF, headerHeight: 44, contentHeight: 900),
            PanelSpec(id: "c", title: "C", color: 0x1C6D_D0FF, headerHeight: 44),
        ]
        var model = AccordionContainer(title: nil, container: container, panels: panels, expandedIndex: nil)
        XCTAssertEqual(model.assertInvariants(), [String]())
        _ = model.apply(Step(.tap(panel: 1)))
        XCTAssertEqual(model.assertInvariants(), [String](), "b opened: the stack ends at 1032 in a 667-point container, and scrolls")
        let frames = model.layout(at: model.settledTime)
        XCTAssertEqual(frames[2].header.y + frames[2].header.height, 44 + 44 + 900 + 44)
        // Clipped, the same content is capped at the space, and the check still holds it to the container.
        container.overflow = .clip
        var clipped = AccordionContainer(title: nil, container: container, panels: panels, expandedIndex: nil)
        _ = clipped.apply(Step(.tap(panel: 1)))
        XCTAssertEqual(clipped.assertInvariants(), [String]())
        let last = clipped.layout(at: clipped.settledTime)[2]
        XCTAssertEqual(last.header.y + last.header.height, 667, accuracy: 1e-9)
    }
}
