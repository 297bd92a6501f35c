import AccordionDiagnostics
import XCTest

/// `SourceText(name:bytes:throughLine:)` quotes its lines exactly as the
/// whole text would, and has no later lines.
final class SourceTextPrefixTests: XCTestCase {
    private let text = Array(("first\r\nsécond line 😀\nthird\n" + String(repeating: "x", count: 5000) + "\nlast").utf8)

    func testTheKeptLinesReadAsInTheWholeText() {
        let whole = SourceText(name: "f", bytes: text)
        for last in 1...5 {
            let part = SourceText(name: "f", bytes: text, throughLine: last)
            for line in 1...last {
                XCTAssertEqual(part.line(line), whole.line(line), "line \(line) of \(last)")
                XCTAssertEqual(part.excerpt(line, from: 2, limit: 7)?.text, whole.excerpt(line, from: 2, limit: 7)?.text)
                XCTAssertEqual(part.excerpt(line, from: 0, limit: 0)?.length, whole.excerpt(line, from: 0, limit: 0)?.length)
            }
        }
    }

    func testLinesAfterTheLastAreNotInTheText() {
        let part = SourceText(name: "f", bytes: text, throughLine: 2)
        XCTAssertEqual(part.line(2), "sécond line 😀")
        XCTAssertNil(part.line(4))
        XCTAssertEqual(part.bytes.count, "first\r\nsécond line 😀\n".utf8.count)
        XCTAssertEqual(SourceText(name: "f", bytes: text, throughLine: 99).bytes, text, "a text shorter than that is kept whole")
    }
}
