import AccordionDiagnostics
import AccordionYAML
import JSONSchema
import XCTest

/// Regression (resource limits, RELIABILITY.md): each pattern search had its own
/// step budget but the searches of one validation had none together, so one
/// exploding pattern over a thousand values took a thousand budgets (7.5 s
/// in release). The validation's searches share `totalRegexBudget` (plus a
/// share per value).
final class RegexWorkLimitTests: XCTestCase {
    static let longValue = "\"" + String(repeating: "x", count: 30) + "\""

    func testExplodingPatternOverManyValuesStopsAtTheSharedBudget() throws {
        var limits = JSONSchemaLimits()
        limits.totalRegexBudget = 3 * limits.regexBudget
        limits.regexStepsPerValue = 0
        let v = try JSONSchemaValidator(schema: json(#"{"items": {"pattern": "(x+x+)+y"}}"#), limits: limits)
        let instance = json("[" + Array(repeating: Self.longValue, count: 50).joined(separator: ",") + "]")
        let d = v.validate(instance).filter { $0.rule == "schema-pattern-limit" }
        // Two values exhaust their own budget; the third spends the last of the shared one.
        let own = d.filter { $0.message.contains("took more than 1000000 steps on this value") }
        XCTAssertEqual(own.map(\.instancePath), ["/0", "/1"], d.map(\.message).joined(separator: "\n"))
        let shared = d.filter { $0.message.contains("took more than 3000000 steps in this document") }
        XCTAssertEqual(shared.first?.instancePath, "/2")
        XCTAssertFalse(v.isValid(instance))
    }

    func testTheSharedBudgetGrowsWithTheDocument() throws {
        var limits = JSONSchemaLimits()
        limits.totalRegexBudget = 0
        limits.regexStepsPerValue = 100
        let v = try JSONSchemaValidator(schema: json(#"{"items": {"pattern": "^[a-z]+$"}}"#), limits: limits)
        // 2,001 values give 200,100 steps: plenty for 2,000 short matches.
        XCTAssertEqual(v.validate(json("[" + Array(repeating: "\"abc\"", count: 2000).joined(separator: ",") + "]")), [])
    }

    func testAdditionalPropertiesSearchesCountToo() throws {
        var limits = JSONSchemaLimits()
        limits.totalRegexBudget = 2 * limits.regexBudget
        limits.regexStepsPerValue = 0
        let schema = #"{"patternProperties": {"^(x+x+)+y$": true}, "additionalProperties": true}"#
        let v = try JSONSchemaValidator(schema: json(schema), limits: limits)
        let keys = (0..<20).map { "\"\(String(repeating: "x", count: 30))\($0)\": 1" }
        let d = v.validate(json("{" + keys.joined(separator: ",") + "}"))
        XCTAssertTrue(d.contains { $0.message.contains("steps in this document") }, d.map(\.message).joined(separator: "\n"))
    }

    func testOrdinaryPatternsAreUnaffected() throws {
        expect(#"{"items": {"pattern": "^[A-Za-z_][A-Za-z0-9_-]*$"}}"#,
               [("[" + Array(repeating: "\"VC1\"", count: 5000).joined(separator: ",") + "]", true),
                (#"["VC1", "1VC"]"#, false)])
    }
}

/// Regression (resource limits, RELIABILITY.md): the work limit was 20,000,000 schema applications
/// whatever the document, 2 to 4 s (release) for a one-value instance under
/// an exponential `$ref` fan-out. It is now a base plus a share per value.
final class WorkLimitTests: XCTestCase {
    static func fanOut(levels: Int) -> String {
        var defs: [String] = []
        for i in 0..<levels {
            defs.append(##""d\##(i)": {"allOf": [{"$ref": "#/$defs/d\##(i + 1)"}, {"$ref": "#/$defs/d\##(i + 1)"}]}"##)
        }
        defs.append(##""d\##(levels)": {"type": "integer"}"##)
        return ##"{"$defs": {"## + defs.joined(separator: ",") + ##"}, "$ref": "#/$defs/d0"}"##
    }

    func testFanOutOnOneValueStopsAtTheBaseLimit() throws {
        var limits = JSONSchemaLimits()
        limits.maxWork = 10_000
        limits.workPerValue = 10
        let v = try JSONSchemaValidator(schema: json(Self.fanOut(levels: 30)), limits: limits)
        let d = v.validate(json("1"))
        XCTAssertEqual(d.map(\.rule), ["schema-recursion-limit"])
        XCTAssertTrue(d.first?.message.contains("more than 10010 schema applications") ?? false, d.first?.message ?? "")
        XCTAssertTrue(d.first?.help?.contains("JSONSchemaLimits.maxWork") ?? false)
        XCTAssertFalse(v.isValid(json("1")))
    }

    func testLargerDocumentsGetProportionallyMoreWork() throws {
        var limits = JSONSchemaLimits()
        limits.maxWork = 100
        limits.workPerValue = 5
        // Three applications per item (items, the item's schema, its $ref target).
        let v = try JSONSchemaValidator(schema: json(##"{"items": {"$ref": "#/$defs/n"}, "$defs": {"n": {"type": "integer"}}}"##), limits: limits)
        let many = json("[" + (0..<1000).map(String.init).joined(separator: ",") + "]")
        XCTAssertEqual(v.validate(many), [])
        XCTAssertTrue(v.isValid(many))
    }

    func testDefaultLimitLeavesTheFanOutToAnErrorNotAnHour() throws {
        let v = try JSONSchemaValidator(schema: json(Self.fanOut(levels: 40)))
        XCTAssertEqual(v.validate(json("1")).map(\.rule), ["schema-recursion-limit"])
    }
}
