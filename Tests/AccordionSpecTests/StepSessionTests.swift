import AccordionDiagnostics
import AccordionModel
import AccordionSpec
import AccordionYAML
import JSONSchema
import XCTest

/// `StepSession` checks a step sent on its own as the same step of a
/// script: the oracle is the validator run on a spec holding that script.
final class StepSessionTests: XCTestCase {
    private let spec = """
        accordion: 1
        container: {expanded: a, animation: {duration: 0.3}}
        panels:
          - {id: a, title: A}
          - {id: b, title: B}
          - {id: c, title: C}
        """

    private func document() throws -> AccordionSpecDocument {
        try XCTUnwrap(SpecLoader.load(Array(spec.utf8), source: "s.yaml").document)
    }

    private func step(_ json: String) throws -> YAMLNode {
        try JSONNodeParser.parse(json, source: "<line>")
    }

    /// The errors `validate` reports for a spec whose script is `steps` (flow YAML).
    private func validatorErrors(_ steps: [String]) -> [String] {
        let text = spec + "\nscript:\n" + steps.map { "  - " + $0 }.joined(separator: "\n") + "\n"
        return SpecLoader.load(Array(text.utf8), source: "s.yaml").diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    /// Each session refuses the last step with the validator's message for the same script.
    func testRefusalsAreWordedAsTheValidatorWordsThem() throws {
        let cases: [[String]] = [
            [#"{"dismiss": true}"#],
            [#"{"present": "X"}"#, #"{"present": "Y"}"#],
            [#"{"present": "X"}"#, #"{"expand": "b"}"#],
            [#"{"expand": null}"#, #"{"present": "X"}"#],
            [#"{"tap": "b", "at": 1}"#, #"{"tap": "c", "at": 0.5}"#],
            [#"{"tap": "zz"}"#],
            [#"{"tap": 7}"#],
            [#"{"setPanels": ["a", "b"]}"#, #"{"tap": "c"}"#],
            [#"{"tap": "b", "at": 1}"#, #"{"tap": "zz", "at": 0.5}"#],
            [#"{"setPanels": ["a", "nope"]}"#],
            [#"{"setPanels": ["a", "a"]}"#],
            [#"{"present": "X"}"#, #"{"collapse": "all"}"#],
            [#"{"collapse": "zz"}"#],
            // Issue 29: the clock may not pass 10⁹ s.
            [#"{"wait": 1e308}"#],
            [#"{"wait": 999999999.5}"#, #"{"wait": 1e308}"#],
            [#"{"tap": "b", "at": 1.797e308}"#],
        ]
        for steps in cases {
            var session = StepSession(document: try document())
            var last: StepSession.Answer?
            for (n, json) in steps.enumerated() { last = session.apply(try step(json), line: n + 1) }
            let message: String?
            switch last {
            case .taken(_, let outcome, _, let diagnostic)?:
                guard case .rejected = outcome.effect else { return XCTFail("\(steps): \(outcome) was not rejected") }
                message = diagnostic?.message
            case .unreadable(let problems)?:
                message = problems.first?.message
            case nil:
                message = nil
            }
            let expected = validatorErrors(steps)
            XCTAssertEqual(expected.count, 1, "\(steps): \(expected)")
            XCTAssertEqual(message, expected.first, "\(steps)")
        }
    }

    /// A host's `setPanels` line whose new panel nests an accordion is
    /// taken: the panel arrives with its level (its first panel open), and
    /// the next line names the nested panel by its id (number 2: after the
    /// stack's two panels).
    func testASetPanelsLineWithANestedPanelIsTaken() throws {
        var session = StepSession(document: try document())
        let line = #"{"setPanels": ["a", {"id": "net", "title": "Net", "content": {"panels": [{"id": "wifi", "title": "Wi-Fi"}]}}]}"#
        guard case .taken(_, let outcome, _, nil) = session.apply(try step(line), line: 1) else {
            return XCTFail("the nested definition was refused")
        }
        XCTAssertEqual(outcome.effect, .applied(.stackReplaced(StackChange(left: [], arrived: nil))))
        XCTAssertEqual(session.container.panels.map(\.id), ["a", "net"])
        XCTAssertEqual(session.container.state.nestedOpen["net"], [0])
        guard case .taken(let tap, let tapped, _, let warning) = session.apply(try step(#"{"tap": "wifi"}"#), line: 2) else {
            return XCTFail("tap: wifi was unreadable")
        }
        XCTAssertEqual(tap.action, .tap(panel: 2))
        XCTAssertEqual(tapped.effect, .ignored(.hidden), "net is closed")
        XCTAssertEqual(warning?.rule, "tap-ignored")
    }

    /// A step past the time limit is refused, located at what puts it there
    /// (the `at`, or the step), and the clock stays where it was: two
    /// 1e308-second waits no longer make it infinite.
    func testAStepPastTheTimeLimitIsRefusedWhereItsTimeIsWritten() throws {
        var session = StepSession(document: try document())
        for (json, column) in [(#"{"wait": 1e308}"#, 2), (#"{"wait": 1e308}"#, 2), (#"{"tap": "b", "at": 2e9}"#, 20)] {
            guard case .taken(_, let outcome, let entries, let diagnostic?) = session.apply(try step(json), line: 1) else {
                return XCTFail("\(json) was not refused with a diagnostic")
            }
            XCTAssertEqual(outcome.effect, .rejected(.pastTimeLimit), json)
            XCTAssertEqual(outcome.time, 0, json)
            XCTAssertEqual(entries, [], json)
            XCTAssertEqual(diagnostic.rule, "time-past-limit", json)
            XCTAssertEqual(diagnostic.span.start.column, column, "\(json): \(diagnostic.message)")
            XCTAssertTrue(diagnostic.message.contains("past the latest time a step may happen at, 1000000000 s"), diagnostic.message)
        }
        XCTAssertEqual(session.container.clock, 0)
    }

    /// Steps the session takes leave the container where the script leaves it.
    func testTakenStepsLeaveTheContainerWhereTheScriptDoes() throws {
        let steps = [#"{"tap": "c"}"#, #"{"tap": "a", "at": 0.1}"#, #"{"wait": 0.5}"#, #"{"present": "X"}"#,
                     #"{"tap": 1}"#, #"{"dismiss": true}"#, #"{"setPanels": ["b", {"id": "d", "title": "D"}]}"#,
                     #"{"resize": {"width": 500, "height": 400}}"#, #"{"expand": "d"}"#]
        var session = StepSession(document: try document())
        for (n, json) in steps.enumerated() {
            if case .unreadable(let problems) = session.apply(try step(json), line: n + 1) {
                XCTFail("\(json): \(problems)")
            }
        }
        let text = spec + "\nscript:\n" + steps.map { "  - " + $0 }.joined(separator: "\n") + "\n"
        let scripted = try XCTUnwrap(SpecLoader.load(Array(text.utf8), source: "s.yaml").document)
        let expected = ScriptRun.container(title: scripted.title, container: scripted.container, panels: scripted.panels,
                                           expandedIndex: scripted.expandedIndex, steps: scripted.steps)
        XCTAssertEqual(session.container, expected)
    }

    /// In the expansion modes, every warning of a session (taps ignored by
    /// each rule, content overflowing) is the validator's for the same script.
    func testWarningsInTheModesAreTheValidatorsWarnings() throws {
        let modes = """
            accordion: 1
            container: {expansion: multiple, collapsible: false, layout: fit, expanded: [a], animation: {duration: 0.3}}
            panels:
              - {id: a, title: A, contentHeight: 400}
              - {id: b, title: B, disabled: true}
              - {id: c, title: C, contentHeight: 400}
            """
        let steps = [#"{"tap": "b"}"#, #"{"tap": "a"}"#, #"{"tap": "c"}"#, #"{"tap": "a", "at": 0.1}"#,
                     #"{"collapse": "all"}"#, #"{"expand": "b"}"#, #"{"tap": "b"}"#]
        var session = StepSession(document: try XCTUnwrap(SpecLoader.load(Array(modes.utf8), source: "s.yaml").document))
        var warnings: [String] = []
        for (n, json) in steps.enumerated() {
            guard case .taken(_, _, _, let diagnostic) = session.apply(try step(json), line: n + 1) else {
                return XCTFail("\(json) was not taken")
            }
            if let diagnostic { warnings.append("\(diagnostic.rule): \(diagnostic.message)") }
        }
        let text = modes + "\nscript:\n" + steps.map { "  - " + $0 }.joined(separator: "\n") + "\n"
        let expected = SpecLoader.load(Array(text.utf8), source: "s.yaml").diagnostics
            .filter { $0.severity == .warning }.map { "\($0.rule): \($0.message)" }
        XCTAssertEqual(warnings.map { $0.replacingOccurrences(of: "at line 3", with: "at line X") },
                       expected.map { $0.replacingOccurrences(of: "at line 10", with: "at line X") })
        XCTAssertEqual(warnings.count, 5, "\(warnings)")
    }

    /// A step of the wrong shape is refused by the schema's step definition, and nothing happens.
    func testMalformedStepsAreUnreadableAndChangeNothing() throws {
        var session = StepSession(document: try document())
        let before = session.container
        for json in [#"{"tapp": "b"}"#, #"{"tap": true}"#, #"{"wait": -1}"#, #"[]"#, #"{"tap": "b", "wait": 1}"#] {
            guard case .unreadable(let problems) = session.apply(try step(json), line: 1) else {
                return XCTFail("\(json) was taken")
            }
            XCTAssertFalse(problems.isEmpty, json)
            XCTAssertTrue(problems.allSatisfy { $0.severity == .error && $0.rule.hasPrefix("schema-") }, "\(json): \(problems)")
        }
        XCTAssertEqual(session.container, before)
    }
}

/// A line that is no step is told what a step is: the step kinds from the
/// table, a typo's correction, and for a check what a session offers instead.
final class SessionLineHintTests: XCTestCase {
    private func errors(_ json: String) throws -> [String] {
        let document = try XCTUnwrap(SpecLoader.load(Array("accordion: 1\npanels: [{id: a, title: A}]\n".utf8), source: "s.yaml").document)
        var session = StepSession(document: document)
        guard case .unreadable(let problems) = session.apply(try JSONNodeParser.parse(json, source: "<line>"), line: 1) else {
            XCTFail("\(json) was taken"); return []
        }
        return problems.map { "\($0.rule)@\($0.span.start.column): \($0.message) | \($0.help ?? "")" }
    }

    func testUnknownKeysNameTheStepKinds() throws {
        let kinds = StepKind.allCases.map { "`\($0.rawValue)`" }
        let list = kinds.dropLast().joined(separator: ", ") + " or " + kinds.last!
        XCTAssertEqual(try errors(#"{"foo": 1}"#), [
            "schema-additional-properties@2: unknown key `foo` | a step has one action, \(list), and may carry `at`",
        ])
        XCTAssertEqual(try errors(#"{"tapp": "a"}"#), ["schema-additional-properties@2: unknown key `tapp` | did you mean `tap`?"])
        XCTAssertEqual(try errors(#"{"at": 1}"#), ["schema-required@1: this step has no action | a step needs one action: \(list)"])
        // A reveal by index is told to write an id, not to quote the number.
        XCTAssertEqual(try errors(#"{"reveal": 0}"#), [
            "schema-type@12: expected a string or a mapping, found an integer (0) | `reveal` names a panel by its id, at any level, never by an index: write the panel's `id`",
        ])
        // A step with its action keeps the schema's own list of the keys it allows.
        XCTAssertEqual(try errors(#"{"tap": "a", "foo": 1}"#), ["schema-additional-properties@14: unknown key `foo` | allowed keys here: `at`, `tap`"])
    }

    func testAChecksIsNotASessionStep() throws {
        let found = try errors(#"{"expect": {"expanded": "a"}}"#)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].hasPrefix("check-in-drive@2: `expect` is a check of a script"), found[0])
        XCTAssertTrue(found[0].contains(#"{"snapshot": true}"#), found[0])
        XCTAssertTrue(try errors(#"{"snapshot": "after"}"#)[0].hasPrefix("check-in-drive@2: `snapshot`"))
    }
}
