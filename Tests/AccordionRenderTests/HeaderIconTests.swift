import AccordionModel
import AccordionUnicode
import XCTest

@testable import AccordionRender

/// Every built-in icon is drawable everywhere: path data on the 24 × 24
/// grid for the SVG and the page, and one character that a terminal shows
/// in one column (two only where ambiguous-width characters are wide).
final class HeaderIconTests: XCTestCase {
    func testEveryIconHasPathDataInsideItsGrid() {
        XCTAssertEqual(HeaderIcon.allCases.count, 34)
        for icon in HeaderIcon.allCases {
            let d = HeaderIcons.path(icon)
            XCTAssertTrue(d.hasPrefix("M"), "\(icon): \(d)")
            // Absolute coordinates stay on the grid: every number is within 0…24.
            let numbers = d.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
            XCTAssertFalse(numbers.isEmpty, "\(icon)")
            for v in numbers { XCTAssertTrue(abs(v) <= 24, "\(icon): \(v) leaves the grid") }
        }
    }

    func testEveryIconIsOneColumnInATerminal() {
        var seen: Set<Character> = []
        for icon in HeaderIcon.allCases {
            let c = HeaderIcons.character(icon)
            XCTAssertTrue(seen.insert(c).inserted, "\(icon) shares its character")
            XCTAssertEqual(DisplayWidth.columns(of: String(c)[...], ambiguousWide: false), 1, "\(icon): \(c)")
            XCTAssertLessThanOrEqual(DisplayWidth.columns(of: String(c)[...], ambiguousWide: true), 2, "\(icon): \(c)")
        }
    }

    /// The SVG draws an icon's path scaled from its grid to 1.2 times the
    /// title's size, before the title, which starts 8 points after it.
    func testTheSVGDrawsTheIconBeforeTheTitle() {
        var s = Demo.settled(expanded: 0)
        s.panels[1].panel.accessories = HeaderAccessories(icon: .wifi)
        let svg = Renderer.render([s], format: .svg, steps: false)
        let y = s.panels[1].header.y
        XCTAssertEqual(s.panels[1].header.height, 44)
        // A 44-point header: a 17-point title, so a 20.4-point icon at x 16, 11.8 below the top; the title at 16 + 20.4 + 8.
        XCTAssertTrue(svg.contains("<path d=\"\(HeaderIcons.path(.wifi))\" transform=\"translate(16 \(Numbers.short(y + 11.8))) scale(0.85)\""), svg)
        XCTAssertTrue(svg.contains("<text x=\"44.4\" y=\"\(Numbers.short(y + 27.95))\""), svg)
    }
}
