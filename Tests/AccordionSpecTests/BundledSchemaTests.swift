import AccordionSpec
import XCTest

final class BundledSchemaTests: XCTestCase {
    static let source = "Schemas/accordion.schema.json"
    static let generated = "Sources/AccordionSpec/Generated/BundledSchema.swift"

    /// The command the generated file's header names: the one to run after editing the schema.
    static func regenerateCommand() throws -> String {
        let text = String(decoding: try Repo.bytes(generated), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(4).map(String.init)
        return lines.count > 2 ? lines[2].replacingOccurrences(of: "//   ", with: "") : ""
    }

    /// The embedded copy must be the file, byte for byte; the failure says
    /// the command that regenerates it.
    func testEmbeddedSchemaIsByteIdenticalToTheFile() throws {
        let file = try Repo.bytes(Self.source)
        let embedded = Array(BundledSchema.text.utf8)
        let command = try Self.regenerateCommand()
        XCTAssertEqual(embedded.count, file.count, "\(Self.generated) is stale: run \(command)")
        XCTAssertTrue(embedded == file, "\(Self.generated) is stale: run \(command)")
    }

    /// The generated file says what it is, where it comes from and how to
    /// make it again (the team's convention for generated sources), and the
    /// command writes this file, public, as `BundledSchema`.
    func testGeneratedFileNamesItsSourceAndCommand() throws {
        let text = String(decoding: try Repo.bytes(Self.generated), as: UTF8.self)
        let head = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).map(String.init)
        XCTAssertEqual(head.first, "// GENERATED FILE: do not edit.")
        XCTAssertEqual(head.dropFirst().first, "// Generated from \(Self.source) by:")
        XCTAssertTrue(try Self.regenerateCommand()
            .hasPrefix("scripts/embed-text.sh --public \(Self.source) \(Self.generated) BundledSchema "))
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
