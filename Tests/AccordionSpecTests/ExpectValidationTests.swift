import AccordionSpec
import XCTest

/// `validate` checks the shape and the ids of `expect` and `snapshot` steps,
/// each problem located, and keeps them out of the steps the model runs.
final class ExpectValidationTests: XCTestCase {
    static let head = "accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\nscript:\n  - tap: b\n"

    func problems(_ script: String) -> [String] {
        let text = Self.head + script
        return SpecLoader.load(Array(text.utf8), source: "s.yaml").diagnostics
            .filter { $0.severity == .error }
            .map { "\($0.span.start.line):\($0.span.start.column) \($0.rule) \($0.help ?? "")" }
    }

    func testWellFormedExpectationsAreKeptBesideTheSteps() throws {
        let text = Self.head + "  - expect: {expanded: b, visible: modal, frames: {a: {content: null}}, events: [addChild b]}\n"
            + "  - wait: 1\n  - snapshot: after\n    at: 2\n"
        let document = try XCTUnwrap(SpecLoader.load(Array(text.utf8), source: "s.yaml").document)
        XCTAssertEqual(document.steps.count, 2)
        XCTAssertEqual(document.stepLines, [6, 8])
        XCTAssertEqual(document.expectations.map(\.afterStep), [1, 2])
        XCTAssertEqual(document.expectations.map(\.at), [nil, 2])
        XCTAssertEqual(document.expectations.map(\.span.start.line), [7, 9])
        XCTAssertEqual(document.expectations[0].tolerance, 0.5)
    }

    func testIdsAreCheckedAgainstTheStackAtThatStep() {
        XCTAssertEqual(problems("  - expect: {expanded: c}\n"), ["7:24 unknown-panel-id did you mean `a`?"])
        XCTAssertEqual(problems("  - expect: {expanded: nothing}\n"), ["7:24 unknown-panel-id panel ids in the stack at this step: `a`, `b`"])
        XCTAssertEqual(problems("  - expect: {frames: {bb: {header: {y: 0}}}}\n"), ["7:23 unknown-panel-id did you mean `b`?"])
        XCTAssertEqual(problems("  - expect: {visible: x, expanded: [a, z]}\n").map { String($0.prefix(21)) },
                       ["7:23 unknown-panel-id", "7:40 unknown-panel-id"])
        // After a setPanels, the new stack.
        XCTAssertEqual(problems("  - setPanels: [b, {id: c, title: C}]\n  - expect: {frames: {a: {content: null}}}\n").map { String($0.prefix(26)) },
                       ["8:23 unknown-panel-id put "])
    }

    func testEventLinesAreChecked() {
        XCTAssertEqual(problems("  - expect: {events: [addChild b, viewDidApear b]}\n"),
                       ["7:35 unknown-event did you mean `viewDidAppear`? events are written `EVENT [PANEL] [(REASON)]`, e.g. `addChild billing`"])
        XCTAssertEqual(problems("  - expect: {events: {contains: [tapIgnored b (busy)]}}\n"),
                       ["7:34 unknown-event the reasons are `(transition)`, `(modal)`, `(disabled)`, `(notCollapsible)` and `(hidden)`"])
        XCTAssertEqual(problems("  - expect: {events: [addChild zed]}\n"), ["7:23 unknown-panel-id events name panels by their `id`"])
    }

    func testShapeTimeAndHints() {
        // A check cannot look back before the step above it.
        XCTAssertEqual(problems("  - wait: 1\n  - expect: {expanded: b}\n    at: 0.5\n").map { String($0.prefix(20)) }, ["9:9 at-out-of-order "])
        XCTAssertEqual(problems("  - expect: {at: 0.5}\n").first.map { String($0.prefix(40)) }, "7:14 schema-additional-properties `at` b")
        XCTAssertFalse(problems("  - expect: {}\n").isEmpty, "an empty expect checks nothing")
        XCTAssertFalse(problems("  - expect: {path: a.b}\n").isEmpty, "path needs equals")
        XCTAssertEqual(problems("  - expect: {path: a.b, atMost: 1}\n"), [], "or a bound")
        XCTAssertEqual(problems("  - expect: {path: a.b, atLeast: 1, atMost: 2}\n"), [])
        XCTAssertFalse(problems("  - expect: {atMost: 1}\n").isEmpty, "a bound needs a path")
        XCTAssertFalse(problems("  - expect: {path: a.b, atLeast: high}\n").isEmpty, "a bound is a number")
        XCTAssertFalse(problems("  - expect: {interaction: on}\n").isEmpty)
        XCTAssertFalse(problems("  - snapshot: ../escape\n").isEmpty, "a snapshot name is a file name")
        XCTAssertFalse(problems("tolerance: -1\n").isEmpty)
    }
}
