import AccordionDiagnostics
import AccordionSpec
import AccordionTestSupport
import Foundation
import JSONSchema
import XCTest

/// Every invalid fixture gives exactly its golden text report (the
/// `validate --color never` output); every valid fixture gives nothing.
/// Re-record goldens with ACCORDION_RECORD=1 (the run writes them and
/// fails), then review the diff by eye and run again without it.
final class FixtureTests: XCTestCase {
    static let invalidDir = "Tests/Fixtures/validate/invalid"
    static let validDir = "Tests/Fixtures/validate/valid"

    static func report(_ path: String) throws -> (String, SpecResult) {
        let bytes = try Repo.bytes(path)
        let result = SpecLoader.load(bytes, source: path)
        let text = TextReport.file(name: path, bytes: bytes, diagnostics: result.diagnostics)
            + TextReport.summary([result.diagnostics])
        return (text, result)
    }

    func testInvalidFixturesMatchTheirGoldens() throws {
        let fixtures = Repo.files(in: Self.invalidDir, extensions: ["yaml", "yml"])
        XCTAssertGreaterThan(fixtures.count, 40)
        var recorder = GoldenRecorder()
        for path in fixtures {
            let (text, result) = try Self.report(path)
            XCTAssertFalse(result.diagnostics.isEmpty, "\(path) reports nothing")
            let golden = Repo.root.appendingPathComponent(String(path.dropLast(path.hasSuffix(".yml") ? 4 : 5)) + ".expected")
            if try recorder.record(text, to: golden) { continue }
            guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
                XCTFail("\(path): no golden; record it with ACCORDION_RECORD=1 and review it")
                continue
            }
            XCTAssertEqual(text, expected, "\(path) differs from its golden")
        }
        if let failure = recorder.failure { XCTFail(failure) }
    }

    /// Warnings a valid fixture is known to carry: its colours and
    /// contentHeights predate the rules that now warn about them, and the
    /// warnings are right.
    static let validFixtureWarnings: [String: [String]] = [
        "anchors-and-merge-keys.yaml": ["low-contrast@8:5"],
        "every-step.yaml": ["low-contrast@13:34", "content-height-unused@14:67"],
    ]

    func testValidFixturesAreClean() throws {
        let fixtures = Repo.files(in: Self.validDir, extensions: ["yaml", "yml"])
        XCTAssertGreaterThanOrEqual(fixtures.count, 4)
        for path in fixtures {
            let (_, result) = try Self.report(path)
            XCTAssertEqual(result.diagnostics.filter { $0.severity != .warning }.map(\.message), [], path)
            let name = String(path.split(separator: "/").last ?? "")
            XCTAssertEqual(placed(result), Self.validFixtureWarnings[name] ?? [], path)
            XCTAssertNotNil(result.document, path)
        }
    }

    /// The fixtures cover every accordion rule and every kind of schema
    /// problem the accordion schema can produce.
    func testFixturesCoverEveryRule() throws {
        var seen: Set<String> = []
        for path in Repo.files(in: Self.invalidDir, extensions: ["yaml", "yml"]) {
            seen.formUnion(try Self.report(path).1.diagnostics.map(\.rule))
        }
        let semantic = ["duplicate-panel-id", "unknown-panel-id", "panel-index-out-of-range", "headers-overflow",
                        "content-height-overflow", "at-out-of-order", "present-without-panel", "modal-already-presented",
                        "step-blocked-by-modal", "dismiss-without-modal", "tap-ignored", "yaml11-boolean", "invisible-header",
                        "colour-without-alpha", "number-not-finite", "low-contrast", "content-height-unused", "time-past-limit",
                        "duration-too-long", "title-truncated", "content-clipped", "unknown-rule-id"]
        let schema = ["schema-type", "schema-enum", "schema-const", "schema-pattern", "schema-minimum", "schema-maximum",
                      "schema-exclusive-minimum", "schema-required", "schema-additional-properties"]
        let yaml = ["yaml-syntax", "yaml-duplicate-key", "yaml-document", "yaml-alias", "yaml-tag", "yaml-merge", "yaml-limit"]
        for id in semantic + schema + yaml {
            XCTAssertTrue(seen.contains(id), "no fixture reports \(id)")
        }
        for id in seen {
            XCTAssertNotNil(RuleCatalog.rule(id), "\(id) is reported but `explain` does not know it")
        }
    }

    /// A recording run writes every golden and then fails; a normal run writes nothing.
    func testARecordingRunFails() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var recorder = GoldenRecorder(recording: true)
        XCTAssertTrue(try recorder.record("one\n", to: dir.appendingPathComponent("a.expected")))
        XCTAssertTrue(try recorder.record("two\n", to: dir.appendingPathComponent("b.expected")))
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("b.expected"), encoding: .utf8), "two\n")
        XCTAssertEqual(recorder.failure, "recorded 2 goldens; review the diff and run again without ACCORDION_RECORD")
        var comparing = GoldenRecorder(recording: false)
        XCTAssertFalse(try comparing.record("three\n", to: dir.appendingPathComponent("c.expected")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.expected").path))
        XCTAssertNil(comparing.failure)
    }

    /// Rules too hostile for a fixture file still reach the author with their ids.
    func testLoaderRulesWithoutFixtures() {
        let huge = "accordion: 1\npanels: []\nx-n: 0x" + String(repeating: "F", count: 5000) + "\n"
        XCTAssertEqual(loadSpec(huge).diagnostics.first?.rule, "yaml-number")
        let badUTF16: [UInt8] = [0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]
        XCTAssertEqual(SpecLoader.load(badUTF16, source: "u16.yaml").diagnostics.first?.rule, "yaml-encoding")
    }

    /// `explain` knows every id any layer can print: the validator's table,
    /// and every rule id spelled in the sources, each with a written explanation.
    func testEveryRuleIdInTheSourcesIsExplained() throws {
        var ids = Set(JSONSchemaValidator.rules.map(\.id))
        let pattern = try NSRegularExpression(pattern: #""((yaml|schema|json)-[a-z0-9-]+)""#)
        for module in ["AccordionYAML", "JSONSchema", "AccordionSpec", "AccordionCLI"] {
            let dir = Repo.root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    ids.insert((text as NSString).substring(with: m.range(at: 1)))
                }
            }
        }
        XCTAssertGreaterThan(ids.count, 40)
        for id in ids.sorted() {
            let rule = RuleCatalog.rule(id)
            XCTAssertNotNil(rule, "\(id) has no explanation")
            XCTAssertFalse(rule?.why.hasPrefix("Reported by the JSON Schema validator") ?? false, "\(id) has only the fallback text")
        }
    }
}
