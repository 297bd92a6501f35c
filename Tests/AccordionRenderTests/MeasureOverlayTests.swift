import AccordionModel
import AccordionRender
import AccordionSpec
import XCTest

/// `render --format svg --measure-overlay`: each text line's measured box,
/// as the container's measure gives it, inside the room it was filled into.
final class MeasureOverlayTests: XCTestCase {
    func snapshot(_ measure: String) throws -> Snapshot {
        let yaml = """
        accordion: 1
        measure: \(measure)
        font: {family: Noto Sans}
        container: {width: 200}
        panels:
          - id: a
            title: Text
            content: {text: "WWWW WWWW WWWW iiii iiii iiii iiii iiii", padding: 16}
        """
        let doc = try XCTUnwrap(SpecLoader.load(Array(yaml.utf8), source: "overlay.yaml").document)
        return AccordionContainer(title: nil, container: doc.container, panels: doc.panels, expandedIndex: 0).snapshot(at: 0)
    }

    /// The widths written in the overlay's line boxes.
    func boxWidths(_ svg: String) -> [Double] {
        svg.split(separator: "\n").filter { $0.contains("stroke=\"#FF3B30\"") }.compactMap { line in
            guard let range = line.range(of: "width=\"") else { return nil }
            return Double(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    func testTheOverlayOutlinesEachLineAtItsMeasuredWidth() throws {
        let s = try snapshot("font")
        let lines = try XCTUnwrap(s.panels[0].textLines)
        let svg = Renderer.render([s], format: .svg, steps: false, measureOverlay: true)
        let widths = boxWidths(svg)
        XCTAssertEqual(widths.count, lines.count, svg)
        for width in widths { XCTAssertLessThanOrEqual(width, 200 - 32 + 0.05) }
        // Noto Sans's W is wider than its i: the W line is not 0.55 em a letter.
        XCTAssertNotEqual(widths.first ?? 0, Double(lines[0].count) * 0.55 * 15, accuracy: 1)
        // Drawn in the subset of Noto Sans the picture carries, then the family by name.
        XCTAssertTrue(svg.contains("font-family=\"&apos;accordion-font-0&apos;, &apos;Noto Sans&apos;\""), svg)
        // Two subsets: Noto Sans for the text, and its semibold (Bold) face for the title.
        XCTAssertEqual(svg.components(separatedBy: "@font-face").count - 1, 2)
        XCTAssertTrue(svg.contains("font-weight: 600;"), "the title's face is declared at the weight it is drawn in")
        XCTAssertTrue(svg.contains("class=\"measure-overlay\""))
    }

    func testTheMetricOverlayIsAMultipleOfTheAdvanceAndNoOverlayByDefault() throws {
        let s = try snapshot("metric")
        let lines = try XCTUnwrap(s.panels[0].textLines)
        let widths = boxWidths(Renderer.render([s], format: .svg, steps: false, measureOverlay: true))
        XCTAssertEqual(widths.count, lines.count)
        for (width, line) in zip(widths, lines) { XCTAssertEqual(width, Double(line.count) * 0.55 * 15, accuracy: 0.05, line) }
        let plain = Renderer.render([s], format: .svg, steps: false)
        XCTAssertFalse(plain.contains("measure-overlay"))
        XCTAssertFalse(plain.contains("&apos;Noto Sans"), "a metric text names no font")
    }
}
