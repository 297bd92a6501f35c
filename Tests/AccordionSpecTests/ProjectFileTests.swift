import AccordionDiagnostics
import AccordionSpec
import AccordionTestSupport
import AccordionYAML
import Foundation
import JSONSchema
import XCTest

/// `.accordion.yaml`: the reader and the published schema agree on what a
/// project file is, and its levels silence exactly the rules they name.
final class ProjectFileTests: XCTestCase {
    private func read(_ text: String) -> (RuleSettings, [String]) {
        let (settings, problems) = ProjectFile.read(Array(text.utf8), source: ".accordion.yaml")
        return (settings, problems.map { "\($0.rule)@\($0.span.start.line):\($0.span.start.column)" })
    }

    func testReadsLevelsAndExcludes() {
        let (settings, problems) = read("rules:\n  low-contrast: off\n  yaml11-boolean: error\nexclude: [vendor, '.github/**']\nx-note: why\n")
        XCTAssertEqual(problems, [])
        XCTAssertEqual(settings, RuleSettings(levels: ["low-contrast": .off, "yaml11-boolean": .error], exclude: ["vendor", ".github/**"]))
        XCTAssertTrue(read("").0 == .none && read("").1.isEmpty && read("# only a comment\n").1.isEmpty)
        XCTAssertEqual(read("rules: {low-contrasts: off, duplicate-panel-id: off, tap-ignored: loud}\nexclude: vendor\nrule: {}\n").1,
                       ["unknown-rule-id@1:9", "unknown-rule-id@1:49", "project-file@1:67", "project-file@2:10", "project-file@3:1"])
    }

    /// The schema accepts what the reader takes and rejects what it refuses.
    func testTheSchemaAgreesWithTheReader() throws {
        if let missing = MetaSchemas.missing { return XCTFail(missing) }
        let metaBytes = Array(try Data(contentsOf: URL(fileURLWithPath: MetaSchemas.directory + "/schema.json")))
        let meta = try JSONSchemaValidator(schema: try YAMLLoader().load(metaBytes, source: "schema.json"))
        let schema = try JSONNodeParser.parse(String(decoding: try Repo.bytes("Schemas/accordion-project.schema.json"), as: UTF8.self),
                                              source: "accordion-project.schema.json")
        XCTAssertEqual(meta.validate(schema).map(\.message), [])
        let validator = try JSONSchemaValidator(schema: schema)
        let texts = ["rules: {low-contrast: off}\nexclude: [vendor]\n", "rules:\n", "x-a: 1\nrules: {tap-ignored: error}\n",
                     "rules: {low-contrast: quiet}\n", "exclude: vendor\n", "rule: {}\n", "rules: [low-contrast]\n", "exclude: ['']\n"]
        for text in texts {
            let node = try YAMLLoader().load(Array(text.utf8), source: "p.yaml")
            let schemaSays = validator.validate(node).isEmpty
            let readerSays = read(text).1.allSatisfy { $0.hasPrefix("unknown-rule-id") }
            XCTAssertEqual(schemaSays, readerSays, text)
        }
    }

    /// Off drops exactly the rule named, error raises it (and the document
    /// goes, as for any error); comments allow on their lines only.
    func testLevelsAndCommentsSilenceExactlyWhatTheyName() {
        let text = "accordion: 1\ntitle: no\npanels:\n  - {id: a, title: A, color: '#FFD60A'}\n  - {id: b, title: B, color: '#FFD60B'}  # accordion: allow low-contrast\n"
        let result = loadSpec(text)
        XCTAssertEqual(placed(result), ["yaml11-boolean@2:8", "low-contrast@4:30"])
        let off = RuleSettings(levels: ["low-contrast": .off]).applied(to: result)
        XCTAssertEqual(placed(off), ["yaml11-boolean@2:8"])
        XCTAssertNotNil(off.document)
        let raised = RuleSettings(levels: ["yaml11-boolean": .error]).applied(to: result)
        XCTAssertEqual(raised.diagnostics.map(\.severity), [.error, .warning])
        XCTAssertNil(raised.document)
        XCTAssertEqual(RuleSettings(levels: ["duplicate-panel-id": .off]).applied(to: result).diagnostics, result.diagnostics)
    }

    /// Allow comments anywhere in the file, found by their `#` alone: on a
    /// line of their own (for the next line) or after a value, after a
    /// `#` inside a string (which is read as the line's comment, as
    /// before), and with an id no rule has.
    func testAllowCommentsAreFoundAnywhereInTheFile() {
        let text = """
            # accordion: allow low-contrast
            accordion: 1
            title: x
            panels:
              - {id: a, title: "A #1", color: '#FFD60A'}  # accordion: allow low-contrast
              # accordion: allow low-contrast
              - {id: b, title: B, color: '#FFD60B'}
              - {id: c, title: C, color: '#FFD60C'}  # accordion: allow low-contrast
              - {id: d, title: D, color: '#FFD60D'}#accordion: allow low-contrast
              # accordion: allow no-such-rule

            """
        XCTAssertEqual(placed(loadSpec(text)), ["low-contrast@5:35", "low-contrast@9:30", "unknown-rule-id@10:22"])
    }

    func testFoldersAbove() {
        XCTAssertEqual(ProjectFile.folders(above: "specs/a.yaml", cwd: "/repo"), ["/repo/specs/", "/repo/", "/"])
        XCTAssertEqual(ProjectFile.folders(above: "/x/../y/./a.yaml", cwd: "/repo"), ["/y/", "/"])
    }
}
