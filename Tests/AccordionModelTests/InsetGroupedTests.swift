import XCTest
@testable import AccordionModel

/// `container.style: insetGrouped` (issue 28): the model lays the sections
/// out, every number below worked by hand from the guide's "Inset-grouped
/// sections": frames at x 16 and W − 32, 20 points above each section and
/// below the last, the gaps counted with the headers.
final class InsetGroupedTests: XCTestCase {
    private func model(layout: LayoutMode = .fill, expansion: ExpansionMode = .single, overflow: OverflowMode = .clip,
                       height: Double = 400, contentHeights: [Double?] = [nil, nil, nil],
                       open: [Int] = [0], style: ContainerStyle = .insetGrouped) -> AccordionContainer {
        var c = ContainerSpec()
        c.width = 320
        c.height = height
        c.layout = layout
        c.expansion = expansion
        c.overflow = overflow
        c.style = style
        let panels = demoPanels(headerHeights: [56, 44, 44], contentHeights: contentHeights)
        return AccordionContainer(title: nil, container: c, panels: panels, expandedIndices: open)
    }

    func testTheGeometryOfTheStyles() {
        var c = ContainerSpec()
        c.width = 320
        XCTAssertEqual(c.panelWidth, 320, "plain: the container's width")
        XCTAssertEqual(c.style.gap, 0)
        c.style = .insetGrouped
        XCTAssertEqual(c.panelWidth, 288)
        XCTAssertEqual(c.style.inset, 16)
        XCTAssertEqual(c.style.gap, 20)
        XCTAssertEqual(c.drawnSeparator, .none, "no header touches another")
        c.width = 20
        XCTAssertEqual(c.panelWidth, 0, "never negative")
    }

    func testFillSharesWhatHeadersAndGapsLeave() {
        let m = model()
        // Σ h = 144, four gaps of 20: space = 400 − 144 − 80 = 176.
        XCTAssertEqual(m.totalHeaderHeight, 224)
        XCTAssertEqual(m.space, 176)
        let frames = m.layout(at: 0)
        assertRect(frames[0].header, 16, 20, 288, 56)
        assertRect(frames[0].content, 16, 76, 288, 176)
        assertRect(frames[1].header, 16, 272, 288, 44)
        assertRect(frames[2].header, 16, 336, 288, 44)
        // The last section ends 20 points above the container's bottom.
        XCTAssertEqual(frames[2].header.y + frames[2].header.height + 20, 400)
        XCTAssertEqual(m.top(ofPanel: 2), 20 + 56 + 20 + 44 + 20)
        assertRect(m.frame(forPanelAt: 1), 16, 96 + 44, 288, 176)
        XCTAssertEqual(m.assertInvariants(), [])
    }

    func testFitAndSeveralOpen() {
        let m = model(layout: .fit, expansion: .multiple, contentHeights: [120, 30, nil], open: [0, 1])
        let frames = m.layout(at: 0)
        assertRect(frames[0].content, 16, 76, 288, 120)
        assertRect(frames[1].header, 16, 216, 288, 44)
        assertRect(frames[1].content, 16, 260, 288, 30)
        assertRect(frames[2].header, 16, 310, 288, 44)
        XCTAssertEqual(m.assertInvariants(), [])
    }

    func testATransitionMovesTheSectionsAlongTheCurve() {
        var m = model(open: [0])
        m.apply(Step(.tap(panel: 2), at: 0))
        // Before: headers at 20, 272, 336; after (panel 2 open): 20, 96, 160.
        let mid = m.layout(at: 0.15)
        let eased = AnimationCurve.easeInOut.value(atProgress: 0.5)
        XCTAssertEqual(mid[1].header.y, 272 + (96 - 272) * eased, accuracy: 1e-9)
        XCTAssertEqual(mid[2].header.y, 336 + (160 - 336) * eased, accuracy: 1e-9)
        XCTAssertEqual(mid[2].header.x, 16)
        let settled = m.layout(at: 1)
        assertRect(settled[2].content, 16, 204, 288, 176)
        XCTAssertEqual(m.assertInvariants(), [])
    }

    func testAScrollingStackEndsWithTheLastGap() {
        var m = model(layout: .fit, overflow: .scroll, height: 200, contentHeights: [300, nil, nil], open: [0])
        // S = 224 (headers and gaps) + 300 = 524; the window shows 200.
        XCTAssertEqual(m.snapshot(at: 0).scroll?.contentHeight, 524)
        // Opening panel 2 (no size of its own: it shares a space of 0) closes panel 0: headers at 20,
        // 96, 160, S = 224. Panel 2's bottom, 160 + 44 = 204, is 4 below the window: it scrolls by 4.
        m.apply(Step(.tap(panel: 2), at: 0))
        XCTAssertEqual(m.snapshot(at: 1).scroll?.contentHeight, 224)
        XCTAssertEqual(m.snapshot(at: 1).scroll?.offset ?? -1, 4, accuracy: 1e-9)
        XCTAssertEqual(m.assertInvariants(), [])
    }

    func testTextWrapsAtTheSectionsWidth() {
        var c = ContainerSpec()
        c.width = 200
        var panel = PanelSpec(id: "a", title: "A", color: 0x3366_99FF, headerHeight: 44)
        // Two words of 9 letters at 15 points (0.55 em each, 74.25 points a word, 156.75 with the
        // space): on one line in 200 − 32 of padding, on two once the sections take 32 more.
        panel.content = .text("aaaaaaaaa aaaaaaaaa", TextMetrics(padding: 16, fontSize: 15, lineHeight: 20))
        let plain = AccordionContainer(title: nil, container: c, panels: [panel], expandedIndex: 0)
        c.style = .insetGrouped
        let grouped = AccordionContainer(title: nil, container: c, panels: [panel], expandedIndex: 0)
        XCTAssertEqual(plain.textLines(ofPanel: 0), ["aaaaaaaaa aaaaaaaaa"])
        XCTAssertEqual(grouped.textLines(ofPanel: 0), ["aaaaaaaaa", "aaaaaaaaa"])
        XCTAssertEqual(grouped.layout(at: 0)[0].content?.width, 168)
    }

    func testPlainIsAsBefore() {
        let m = model(style: .plain)
        let frames = m.layout(at: 0)
        assertRect(frames[0].header, 0, 0, 320, 56)
        assertRect(frames[1].header, 0, 56 + 256, 320, 44)
        XCTAssertEqual(m.totalHeaderHeight, 144)
    }
}
