import AccordionSpec
import AccordionTestSupport
import XCTest

final class BundledSchemaTests: XCTestCase {
    static let source = "Schemas/accordion.schema.json"
    static let generated = "Sources/AccordionSpec/Generated/BundledSchema.swift"

    /// The embedded copy must be the file, byte for byte; the failure says
    /// the command that regenerates it.
    func testEmbeddedSchemaIsByteIdenticalToTheFile() throws {
        XCTAssertNil(try GeneratedHeader.staleness(of: Self.generated, embedding: BundledSchema.text, from: Self.source))
    }

    /// The generated file says what it is, where it comes from and how to
    /// make it again (the team's convention for generated sources), and the
    /// command writes this file, public, as `BundledSchema`.
    func testGeneratedFileNamesItsSourceAndCommand() throws {
        XCTAssertEqual(try GeneratedHeader(ofFileAt: Self.generated).problems(
            source: Self.source, commandPrefix: "scripts/embed-text.sh --public \(Self.source) \(Self.generated) BundledSchema "), [])
    }

    /// Every run of `validate` parses the bundled schema; kept ASCII (other
    /// characters written as `\uXXXX` escapes), its text takes the loader's
    /// ASCII path, where characters are bytes and no line index is built.
    func testBundledSchemaIsASCII() throws {
        let file = try Repo.bytes("Schemas/accordion.schema.json")
        let line = file.prefix { $0 < 0x80 }.filter { $0 == 0x0A }.count + 1
        XCTAssertTrue(file.allSatisfy { $0 < 0x80 },
                      "Schemas/accordion.schema.json:\(line): write non-ASCII characters as \\uXXXX escapes")
    }

    func testBundledSchemaLoadsAndIdentifiesItself() throws {
        let schema = try SpecLoader.bundledSchemaNode()
        XCTAssertEqual(schema["$schema"]?.scalar?.text, "https://json-schema.org/draft/2020-12/schema")
        XCTAssertEqual(schema["$id"]?.scalar?.text, "https://accordion.dev/schemas/v1/accordion.schema.json")
        for def in ["colour", "panel", "step", "panelRef", "container"] {
            XCTAssertNotNil(schema["$defs"]?[def], "missing $defs/\(def)")
        }
    }
}
