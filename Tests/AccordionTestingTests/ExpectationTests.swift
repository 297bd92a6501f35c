import AccordionModel
import AccordionRender
import AccordionSpec
import AccordionTesting
import AccordionYAML
import XCTest

/// Every field of the dump is expectable: for each one, an `expect` with the
/// value the dump has passes, and one off by more than the tolerance fails
/// at the line and column of the field's key (a mutation test over the dump).
final class ExpectationTests: XCTestCase {
    /// A spec whose moments fill every field of the dump: a transition
    /// running (mid-way), a tap ignored, a modal presented.
    static let base = """
    accordion: 1
    title: Mutations
    container: {layout: fit, height: 400}
    panels:
      - {id: inbox, title: Inbox}
      - {id: billing, title: Billing, contentHeight: 200}
      - {id: faq, title: FAQ}
    script:
      - tap: billing
      - tap: faq
        at: 0.1

    """

    /// The moments checked: after the base script, mid-transition and with a modal up.
    static let moments: [(steps: String, at: Double?)] = [
        ("", 0.15),
        ("  - present: Edit card\n", nil),
    ]

    /// Loads `base + steps + expectLine` and runs it.
    func run(_ steps: String, _ expectLine: String, file: StaticString = #filePath, line: UInt = #line) throws -> (CaseOutcome, Int) {
        let expected = (steps + expectLine).components(separatedBy: "- expect:").count - 1
            + (steps + expectLine).components(separatedBy: "- snapshot:").count - 1
        let text = Self.base + steps + expectLine + "\n"
        let result = SpecLoader.load(Array(text.utf8), source: "mutation.yaml")
        let document = try XCTUnwrap(result.document, "\(result.diagnostics.map(\.message))\n\(text)", file: file, line: line)
        XCTAssertEqual(document.expectations.count, expected, file: file, line: line)
        let expectLineNumber = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        return (ExpectationRun.run(document), expectLineNumber)
    }

    /// Every leaf of a dump with its path, as `path:` spells it.
    func leaves(_ value: DumpValue, _ path: String = "") -> [(String, DumpValue)] {
        switch value {
        case .object(let fields):
            return fields.flatMap { leaves($0.1, path.isEmpty ? $0.0 : path + "." + $0.0) }
        case .array(let items):
            return items.enumerated().flatMap { leaves($1, path + "[\($0)]") }
        default:
            return [(path, value)]
        }
    }

    func yaml(_ v: DumpValue) -> String {
        switch v {
        case .null: "null"
        case .bool(let b): String(b)
        case .int(let i): String(i)
        case .number(let d): String(d)
        case .string(let s): "\"\(s)\""
        default: "?"
        }
    }

    /// A value the tolerance cannot excuse.
    func mutated(_ v: DumpValue) -> DumpValue {
        switch v {
        case .null: .int(0)
        case .bool(let b): .bool(!b)
        case .int(let i): .int(i + 1)
        case .number(let d): .number(d + 0.75)
        case .string(let s): .string(s + "x")
        default: v
        }
    }

    func testEveryDumpFieldByPath() throws {
        var fields = 0
        for moment in Self.moments {
            let at = moment.at.map { "    at: \($0)" } ?? ""
            // The dump at that moment, from a run with no expectation but a snapshot.
            let (probe, _) = try run(moment.steps, "  - snapshot: probe" + (at.isEmpty ? "" : "\n" + at))
            let snapshot = try XCTUnwrap(probe.snapshots.first).snapshot
            for (path, value) in leaves(DumpTree.snapshot(snapshot)) {
                fields += 1
                let right = "  - expect: {path: \"\(path)\", equals: \(yaml(value))}" + (at.isEmpty ? "" : "\n" + at)
                let (pass, _) = try run(moment.steps, right)
                XCTAssertEqual(pass.failures.count, 0, "\(path) = \(yaml(value)): \(pass.failures.map(\.differences))")
                let wrong = "  - expect: {path: \"\(path)\", equals: \(yaml(mutated(value)))}" + (at.isEmpty ? "" : "\n" + at)
                let (fail, lineNumber) = try run(moment.steps, wrong)
                let failure = try XCTUnwrap(fail.failures.first, "\(path) = \(yaml(mutated(value))) passed")
                // With `at:` on the next line, the expect line is one up.
                XCTAssertEqual(failure.span.start.line, at.isEmpty ? lineNumber : lineNumber - 1, path)
                // At `equals:`, where the wrong value is written.
                let column = try XCTUnwrap(wrong.range(of: "equals")).lowerBound.utf16Offset(in: wrong) + 1
                XCTAssertEqual(failure.span.start.column, column, path)
                XCTAssertEqual(failure.differences.first?.field, path)
                XCTAssertEqual(failure.differences.first?.actual, ExpectationRunSpelling.inline(value), path)
            }
        }
        XCTAssertGreaterThan(fields, 100)
    }

    func testTypedFieldsPassWhenRightAndFailWhenWrong() throws {
        // Inbox (expanded at load) gives way to billing from 0 to 0.3 s; at 0.15 s the transition runs.
        let mid = "    at: 0.15"
        // `marker`: the key the failure must point at, in the wrong line.
        let cases: [(right: String, wrong: String, marker: String)] = [
            ("expanded: billing", "expanded: inbox", "expanded"),
            ("expanded: [billing]", "expanded: null", "expanded"),
            ("expandedIndex: 1", "expandedIndex: 0", "expandedIndex"),
            ("visible: billing", "visible: modal", "visible"),
            ("interaction: disabled", "interaction: enabled", "interaction"),
            // easeInOut is 0.5 at half the duration: billing's header is half-way from 312 to 44.
            ("frames: {billing: {header: {y: 178}}}", "frames: {billing: {header: {y: 178.6}}}", "y: 178.6"),
            ("frames: {billing: {header: {x: 0, width: 375, height: 44}}}", "frames: {billing: {header: {x: 0, height: 45}}}", "height: 45"),
            ("frames: {inbox: {content: {height: 268, y: 44}}}", "frames: {inbox: {content: {y: 44, height: 267}}}", "height: 267"),
            ("frames: {faq: {header: {y: 322}, content: null}}", "frames: {faq: {content: {height: 0}}}", "faq"),
            ("frames: {billing: {content: {y: 222, height: 200}}}", "frames: {billing: {content: null}}", "billing"),
            ("tolerance: 2, frames: {billing: {header: {y: 179.9}}}", "tolerance: 0.1, frames: {billing: {header: {y: 178.2}}}", "y: 178.2"),
            ("events: {contains: [addChild billing, tapIgnored faq (transition)]}",
             "events: {contains: [tapIgnored faq (transition), addChild billing]}", "events"),
        ]
        for c in cases {
            let (pass, _) = try run("", "  - expect: {\(c.right)}\n" + mid)
            XCTAssertEqual(pass.failures.count, 0, "\(c.right): \(pass.failures.map(\.differences))")
            let wrongLine = "  - expect: {\(c.wrong)}"
            let (fail, lineNumber) = try run("", wrongLine + "\n" + mid)
            let failure = try XCTUnwrap(fail.failures.first, "\(c.wrong) passed")
            XCTAssertEqual(fail.failures.count, 1, c.wrong)
            XCTAssertEqual(failure.span.start.line, lineNumber - 1, c.wrong)
            let column = try XCTUnwrap(wrongLine.range(of: c.marker)).lowerBound.utf16Offset(in: wrongLine) + 1
            XCTAssertEqual(failure.span.start.column, column, c.wrong)
        }
    }

    /// `events` lists the log since the previous expectation (or since load).
    /// `expanded:` compares the whole open set, in any order: with several
    /// panels open, naming only some of them fails and names them all.
    func testExpandedComparesTheWholeOpenSet() throws {
        let text = """
        accordion: 1
        container: {expansion: multiple, expanded: [a, c]}
        panels:
          - {id: a, title: A}
          - {id: b, title: B}
          - {id: c, title: C}
        script:
          - expect: {expanded: [c, a]}
          - expect: {expanded: a}
          - tap: b
          - expect: {expanded: [a, b, c]}
          - expect: {expanded: [a, b]}

        """
        let result = SpecLoader.load(Array(text.utf8), source: "open-set.yaml")
        let outcome = ExpectationRun.run(try XCTUnwrap(result.document, "\(result.diagnostics.map(\.message))"))
        XCTAssertEqual(outcome.checked, 4)
        XCTAssertEqual(outcome.failures.map { $0.span.start.line }, [9, 12])
        XCTAssertEqual(outcome.failures.flatMap(\.differences),
                       [FieldDifference(field: "expanded panels", expected: "\"a\"", actual: "\"a\", \"c\""),
                        FieldDifference(field: "expanded panels", expected: "\"a\", \"b\"", actual: "\"a\", \"b\", \"c\"")])
    }

    func testEventsSincePreviousExpectation() throws {
        let steps = "  - expect: {expanded: billing}\n  - present: Edit card\n"
        let (pass, _) = try run(steps, "  - expect: {events: [presentModal billing], visible: modal}")
        XCTAssertEqual(pass.failures.count, 0, "\(pass.failures.map(\.differences))")
        let (fail, _) = try run(steps, "  - expect: {events: [addChild billing, presentModal billing]}")
        XCTAssertEqual(fail.failures.count, 1, "\(fail.failures.map(\.differences))")
        XCTAssertEqual(fail.failures.first?.differences.first?.actual, "presentModal billing")
    }

    /// An expectation changes nothing: the render of a spec with expect
    /// steps is the render of the same spec without them.
    func testExpectationsDoNotChangeTheRun() throws {
        let with = Self.base + "  - expect: {expanded: billing}\n    at: 0.2\n  - wait: 0.5\n  - snapshot: end\n  - tap: inbox\n"
        let without = Self.base + "  - wait: 0.5\n  - tap: inbox\n"
        let a = try XCTUnwrap(SpecLoader.load(Array(with.utf8), source: "a.yaml").document)
        let b = try XCTUnwrap(SpecLoader.load(Array(without.utf8), source: "a.yaml").document)
        XCTAssertEqual(a.steps, b.steps)
        XCTAssertEqual(a.expectations.map(\.afterStep), [2, 3])
        // The wait counts from the tap at 0.1, not from the expectation at 0.2.
        let end = ScriptRun.run(title: a.title, container: a.container, panels: a.panels, expandedIndex: a.expandedIndex,
                                steps: Array(a.steps.prefix(3)))
        XCTAssertEqual(end.last?.time ?? 0, 0.6, accuracy: 1e-9)
    }

    /// The tolerance is in points: it excuses lengths, not times or fractions.
    func testEqualsToleranceIsForLengthsOnly() throws {
        let mid = "\n    at: 0.15"
        XCTAssertEqual(try run("", "  - expect: {path: \"panels[1].header.y\", equals: 178.4}" + mid).0.failures.count, 0)
        XCTAssertEqual(try run("", "  - expect: {path: \"panels[1].header\", equals: {x: 0, y: 178.4, width: 375, height: 44}}" + mid).0.failures.count, 0)
        XCTAssertEqual(try run("", "  - expect: {path: transition.progress, equals: 0.5}" + mid).0.failures.count, 0)
        XCTAssertEqual(try run("", "  - expect: {path: transition.progress, equals: 0.51}" + mid).0.failures.count, 1)
        XCTAssertEqual(try run("", "  - expect: {path: time, equals: 0.16}" + mid).0.failures.count, 1)
    }

    /// `atMost` and `atLeast` bound a number with `equals`' slack (lengths
    /// within the tolerance, other numbers to 3 decimals), each failure at
    /// its own key; a field that is no number, or none, fails.
    func testBoundsKeepTheTolerancesOfEquals() throws {
        let mid = "\n    at: 0.15"
        // billing's header mid-way down, as the model puts it.
        let base = try XCTUnwrap(SpecLoader.load(Array(Self.base.utf8), source: "b.yaml").document)
        var model = AccordionContainer(title: nil, container: base.container, panels: base.panels, expandedIndices: base.expandedIndices)
        for step in base.steps { model.apply(step) }
        let y = model.snapshot(at: 0.15).panels[1].header.y
        func n(_ v: Double) -> String { "\(v)" }
        let header = "path: \"panels[1].header.y\""
        for (check, failures) in [
            ("\(header), atMost: \(n(y - 0.4))", 0), ("\(header), atMost: \(n(y - 0.6))", 1),
            ("\(header), atLeast: \(n(y + 0.4))", 0), ("\(header), atLeast: \(n(y + 0.6))", 1),
            ("\(header), atLeast: 100, atMost: 300", 0),
            ("\(header), atLeast: 300, atMost: 100", 2),
            ("\(header), equals: \(n(y)), atMost: \(n(y - 10))", 1),
            ("\(header), atMost: \(n(y - 0.1)), tolerance: 0", 1),
            ("path: transition.progress, atMost: 0.5", 0), ("path: transition.progress, atMost: 0.499", 1),
            ("path: transition.progress, atLeast: 0.5004", 0), ("path: transition.progress, atLeast: 0.501", 1),
            ("path: expandedPanel, atLeast: 0", 1), ("path: \"panels[9].header.y\", atMost: 1", 1),
        ] {
            let line = "  - expect: {\(check)}"
            let (outcome, lineNumber) = try run("", line + mid)
            XCTAssertEqual(outcome.failures.count, failures, check)
            for failure in outcome.failures {
                XCTAssertEqual(failure.span.start.line, lineNumber - 1, check)
                let key = String(line.utf8.dropFirst(failure.span.start.column - 1).prefix(7))!
                XCTAssertTrue(key == "atMost:" || key.hasPrefix("atLeast"), "\(check): reported at \(key)")
                XCTAssertTrue(failure.differences[0].expected.hasPrefix("at "), failure.differences[0].expected)
            }
        }
    }

    /// A test case's expectations checked at the moments the rules took
    /// while playing its script find what playing the document again finds:
    /// the same failures (places, differences, drawings' moments) and snapshots.
    func testTheRulesMomentsAreTheReplayedOnes() throws {
        let spec = """
        accordion: 1
        title: Moments
        container: {layout: fit, height: 400, expansion: multiple}
        panels:
          - {id: inbox, title: Inbox, content: {text: A text wrapped by the model at the container's width.}}
          - {id: billing, title: Billing, contentHeight: 200}
          - {id: faq, title: FAQ}

        """
        let scripts = """
        - - expect: {expanded: inbox, events: [addChild inbox, viewWillAppear inbox, viewDidAppear inbox, didMoveToParent inbox]}
          - tap: billing
          - tap: faq
            at: 0.1
          - expect: {path: transition.progress, equals: 0.4}
            at: 0.15
          - snapshot: mid
            at: 0.2
          - expect: {expanded: [inbox, billing], frames: {billing: {header: {y: 44}}}, events: {contains: [tapIgnored faq (transition)]}}
          - resize: {width: 300, height: 500}
          - expect: {path: "panels[0].content.height", equals: 1}
        - - present: Edit card
          - expect: {visible: modal, interaction: enabled}
          - dismiss: true
          - collapse: all
          - expect: {expanded: null, events: [dismissModal inbox]}
          - snapshot: end
        - []

        """
        let root = try YAMLLoader().load(Array(spec.utf8), source: "moments.yaml")
        let cases = try XCTUnwrap(try YAMLLoader().load(Array(scripts.utf8), source: "moments.test.yaml").items)
        let prepared = SpecLoader.prepare(root)
        var lines: [[Int]] = []
        for (c, script) in cases.enumerated() {
            let result = SpecLoader.check(prepared, script: script)
            let played = try XCTUnwrap(result.played, "case \(c): \(result.diagnostics.map(\.message))")
            XCTAssertEqual(played.document, result.document)
            XCTAssertEqual(Array(played.moments).count, played.document.expectations.count)
            let fromRules = ExpectationRun.run(played)
            let replayed = ExpectationRun.run(played.document)
            XCTAssertEqual(fromRules.checked, replayed.checked, "case \(c)")
            XCTAssertEqual(fromRules.failures.map(\.span), replayed.failures.map(\.span), "case \(c)")
            XCTAssertEqual(fromRules.failures.map(\.differences), replayed.failures.map(\.differences), "case \(c)")
            XCTAssertEqual(fromRules.failures.map(\.snapshot), replayed.failures.map(\.snapshot), "case \(c)")
            XCTAssertEqual(fromRules.snapshots.map(\.json), replayed.snapshots.map(\.json), "case \(c)")
            XCTAssertEqual(fromRules.snapshots.map(\.snapshot), replayed.snapshots.map(\.snapshot), "case \(c)")
            lines.append(replayed.failures.map { $0.span.start.line })
        }
        // Some expectations are wrong (the events since a snapshot, a progress,
        // a header after the ignored tap): the comparison is not of passes only.
        XCTAssertEqual(lines, [[5, 9, 9, 11], [16], []])
        // `validate` plays no test case: it takes no moments.
        XCTAssertNil(SpecLoader.check(root).played)
    }
}
