import AccordionSpec
import XCTest

final class BundledSchemaTests: XCTestCase {
    static let generated = "Sources/AccordionSpec/Generated/BundledSchema.swift"

    /// The embedded copy must be the file, byte for byte; regenerate it with
    /// scripts/embed-schema.sh after editing the schema.
    func testEmbeddedSchemaIsByteIdenticalToTheFile() throws {
        let file = try Repo.bytes("Schemas/accordion.schema.json")
        let embedded = Array(BundledSchema.text.utf8)
        XCTAssertEqual(embedded.count, file.count, "run scripts/embed-schema.sh")
        XCTAssertTrue(embedded == file, "\(Self.generated) is stale: run scripts/embed-schema.sh")
    }

    /// The generated file is where the script writes it and says so at its
    /// top: generated, from which file, and the command that remakes it.
    func testGeneratedFileSaysHowToRegenerateIt() throws {
        let text = String(decoding: try Repo.bytes(Self.generated), as: UTF8.self)
        let header = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(4).joined(separator: "\n")
        XCTAssertEqual(header, """
            // GENERATED FILE: do not edit.
            // Generated from Schemas/accordion.schema.json by:
            //   scripts/embed-schema.sh
            // Edit that file and run the command again; BundledSchemaTests fails until you do.
            """)
        let script = String(decoding: try Repo.bytes("scripts/embed-schema.sh"), as: UTF8.self)
        XCTAssertTrue(script.contains("out=\(Self.generated)\n"), "scripts/embed-schema.sh writes another file")
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
