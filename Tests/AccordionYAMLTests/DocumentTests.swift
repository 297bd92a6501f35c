import AccordionDiagnostics
import AccordionYAML
import XCTest

/// Exactly one document per file.
final class DocumentTests: XCTestCase {
    func testNoDocumentIsALocatedError() {
        for text in ["", "# only a comment\n", "\n\n   \n"] {
            let p = problems(text)
            XCTAssertEqual(p.count, 1, "'\(text)'")
            XCTAssertEqual(p.first?.rule, "yaml-document")
            XCTAssertTrue(p.first?.message.contains("no YAML document") ?? false)
            XCTAssertEqual(p.first.map { at($0.span) }, "1:1")
        }
    }

    func testExplicitEmptyDocumentIsNull() throws {
        for text in ["---\n", "--- \n...\n", "# c\n---\n# d\n", "%YAML 1.2\n---\n"] {
            XCTAssertEqual(try load(text).scalar?.value, .null, text)
        }
    }

    func testSecondDocumentIsALocatedError() {
        for (text, line) in [("a: 1\n---\nb: 2\n", 2), ("--- a\n...\n--- b\n", 3), ("a\n...\n---\nb\n", 3)] {
            let p = problems(text)
            XCTAssertEqual(p.first?.rule, "yaml-document", text)
            XCTAssertEqual(p.first?.span.start.line, line, text)
            XCTAssertTrue(p.first?.message.contains("second YAML document") ?? false, text)
        }
    }

    func testDocumentMarkersAndDirectivesAroundOneDocument() throws {
        let root = try load("%YAML 1.2\n%TAG !e! tag:yaml.org,2002:\n---\na: !e!int '3'\n...\n# trailing comment\n")
        XCTAssertEqual(root["a"]?.scalar?.value, .int(3))
    }

    func testTopLevelScalar() throws {
        XCTAssertEqual(try load("--- |\n  text\n").scalar?.value, .string("text\n"))
    }
}
