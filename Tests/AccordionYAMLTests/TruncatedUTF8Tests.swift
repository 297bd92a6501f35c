import AccordionDiagnostics
import AccordionYAML
import XCTest

/// Regression (the hostile-input corpus, RELIABILITY.md): a UTF-8 character cut short in the
/// middle of a line was reported at the byte after it (often the line
/// break, "byte 0xA"), not under the character itself.
final class TruncatedUTF8Tests: XCTestCase {
    func testCutShortCharacterIsReportedWhereItStarts() throws {
        let d = try XCTUnwrap(problems(Array("key: ".utf8) + [0xE2, 0x82] + Array("\nnext: 1\n".utf8)).first)
        XCTAssertEqual(d.span.start.line, 1)
        XCTAssertEqual(d.span.start.column, 6)
        XCTAssertEqual(d.span.start.offset, 5)
        XCTAssertTrue(d.message.contains("0xE2 0x82 0xA"), d.message)
    }

    func testCutShortByAnotherLeadByte() throws {
        let d = try XCTUnwrap(problems(Array("a: xy".utf8) + [0xF0, 0x9F, 0xC3, 0xA9]).first)
        XCTAssertEqual(d.span.start.column, 6)
    }
}
