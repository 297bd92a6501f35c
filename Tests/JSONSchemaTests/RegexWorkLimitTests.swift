import AccordionDiagnostics
import AccordionYAML
import JSONSchema
import XCTest

/// Regression (issue 7, resource limits): each pattern search had its own
/// step budget but the searches of one validation had none together, so one
/// exploding pattern over a thousand values took a thousand budgets (7.5 s
/// in release). Now the validation's searches share `maxRegexWork`.
final class RegexWorkLimitTests: XCTestCase {
    static let longValue = "\"" + String(repeating: "x", count: 30) + "\""

    func testExplodingPatternOverManyValuesStopsAtTheSharedBudget() throws {
        var limits = JSONSchemaLimits()
        limits.maxRegexWork = 3 * limits.regexBudget
        let v = try JSONSchemaValidator(schema: json(#"{"items": {"pattern": "(x+x+)+y"}}"#), limits: limits)
        let instance = json("[" + Array(repeating: Self.longValue, count: 50).joined(separator: ",") + "]")
        let d = v.validate(instance).filter { $0.rule == "schema-pattern-limit" }
        // Three values exhaust their own budget; the fourth meets the shared one, then nothing more runs.
        XCTAssertEqual(d.count, 4, d.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(d.last?.instancePath, "/3")
        XCTAssertTrue(d.last?.message.contains("together they took more than 3000000 steps") ?? false, d.last?.message ?? "")
        XCTAssertTrue(d.last?.help?.contains("maxRegexWork") ?? false)
        XCTAssertFalse(v.isValid(instance))
    }

    func testAdditionalPropertiesSearchesCountToo() throws {
        var limits = JSONSchemaLimits()
        limits.maxRegexWork = 2 * limits.regexBudget
        let schema = #"{"patternProperties": {"^(x+x+)+y$": true}, "additionalProperties": true}"#
        let v = try JSONSchemaValidator(schema: json(schema), limits: limits)
        let keys = (0..<20).map { "\"\(String(repeating: "x", count: 30))\($0)\": 1" }
        let d = v.validate(json("{" + keys.joined(separator: ",") + "}"))
        XCTAssertTrue(d.contains { $0.message.contains("together they took more than") }, d.map(\.message).joined(separator: "\n"))
    }

    func testOrdinaryPatternsAreUnaffected() throws {
        expect(#"{"items": {"pattern": "^[A-Za-z_][A-Za-z0-9_-]*$"}}"#,
               [("[" + Array(repeating: "\"VC1\"", count: 5000).joined(separator: ",") + "]", true),
                (#"["VC1", "1VC"]"#, false)])
    }
}
