import AccordionModel
import AccordionSpec
import AccordionText
import XCTest

/// `measure: font` and `font` read at their three levels, and a spec
/// measured in a real font.
final class FontSpecTests: XCTestCase {
    func load(_ yaml: String) throws -> AccordionSpecDocument {
        let result = SpecLoader.load(Array(yaml.utf8), source: "font.yaml")
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        return try XCTUnwrap(result.document)
    }

    func metrics(_ doc: AccordionSpecDocument, _ index: Int) -> TextMetrics? {
        if case .text(_, let metrics)? = doc.panels[index].content { return metrics }
        return nil
    }

    func testTheMeasureAndFontAreInheritedAndOverridden() throws {
        let doc = try load("""
        accordion: 1
        measure: font
        font: {family: [Noto Sans], weight: 700, size: 13}
        container: {content: {lineHeight: 18}}
        panels:
          - {id: a, title: A, content: {text: inherits}}
          - {id: b, title: B, content: {text: metric, measure: metric}}
          - {id: c, title: C, content: {text: own, font: {family: DejaVu Sans, size: 17}}}
          - {id: d, title: D, content: {text: sized, fontSize: 11}}
        """)
        XCTAssertEqual(metrics(doc, 0)?.font, TextFont(families: ["Noto Sans"], weight: 700))
        XCTAssertEqual(metrics(doc, 0)?.fontSize, 13)
        XCTAssertNil(metrics(doc, 1)?.font)
        XCTAssertEqual(metrics(doc, 2)?.font, TextFont(families: ["DejaVu Sans"]))
        XCTAssertEqual(metrics(doc, 2)?.fontSize, 17)
        XCTAssertEqual(metrics(doc, 3)?.fontSize, 11)
        XCTAssertEqual(doc.container.textMeasure, TextMeasurer(FontTextMeasure(titleFont: TextFont(families: ["Noto Sans"], weight: 700))))
    }

    func testASpecWithoutMeasureMeasuresAsBefore() throws {
        let doc = try load("""
        accordion: 1
        panels:
          - {id: a, title: A, content: {text: WWWW WWWW WWWW WWWW iiii iiii iiii iiii}}
        """)
        XCTAssertNil(metrics(doc, 0)?.font)
        XCTAssertEqual(doc.container.textMeasure, TextMeasurer(FontTextMeasure()))
    }

    /// A narrow container: the metric measure gives both texts the same
    /// lines; the font gives the W's more lines than the i's.
    func testAFontMeasuredSpecBreaksWideLettersSooner() throws {
        func lineCounts(_ measure: String) throws -> [Int] {
            let doc = try load("""
            accordion: 1
            measure: \(measure)
            font: {family: Noto Sans}
            container: {width: 160, layout: fit, expansion: multiple, expanded: [w, i]}
            panels:
              - {id: w, title: W, content: {text: WWWW WWWW WWWW WWWW WWWW WWWW}}
              - {id: i, title: I, content: {text: iiii iiii iiii iiii iiii iiii}}
            """)
            let state = ContainerState(container: doc.container, panels: doc.panels, expandedIndices: [0, 1])
            return [state.textLines[0]?.count ?? 0, state.textLines[1]?.count ?? 0]
        }
        let metric = try lineCounts("metric"), font = try lineCounts("font")
        XCTAssertEqual(metric[0], metric[1])
        XCTAssertGreaterThan(font[0], font[1], "W is wider than i in Noto Sans")
    }

    func testAMissingFamilyWarnsWhereItIsWritten() throws {
        let yaml = """
        accordion: 1
        measure: font
        font: {family: [Noto Sans, Not A Font At All]}
        panels:
          - {id: a, title: A, content: {text: hello}}
        """
        let result = SpecLoader.load(Array(yaml.utf8), source: "font.yaml")
        let warnings = result.diagnostics.filter { $0.rule == "font-not-found" }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(warnings.first?.severity, .warning)
        XCTAssertEqual(warnings.first?.span.start.line, 3)
        XCTAssertEqual(warnings.first?.span.start.column, 28)
        XCTAssertNotNil(result.document)
    }
}
