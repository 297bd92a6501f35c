import AccordionDiagnostics
import AccordionSpec
import AccordionYAML
import XCTest

/// A test file's cases are checked against a spec prepared once
/// (`SpecLoader.prepare`, then only each script): every diagnostic, its
/// words and its place, and the document must be what checking the whole
/// spec with that script finds.
final class PreparedSpecTests: XCTestCase {
    /// Specs: plain `fill` (a contentHeight it warns about), `fit` with
    /// several panels open and a title too faint on its header (a tally the
    /// scripts' definitions add to), and one with errors of its own.
    let specs = [
        """
        accordion: 1
        container: {height: 300}
        panels:
          - {id: a, title: A}
          - {id: b, title: B, contentHeight: 120}
          - {id: c, title: C}
          - {id: d, title: D}
        """,
        """
        accordion: 1
        tolerance: 2
        container: {height: 400, layout: fit, expansion: multiple, expanded: [a, b]}
        panels:
          - {id: a, title: A, contentHeight: 500}
          - {id: b, title: B, color: '#777777FF', titleColor: '#787878FF'}
          - {id: c, title: C, contentHeight: 80}
        script:
          - wait: .inf
        """,
        """
        accordion: 1
        frob: 1
        container: {expanded: zz}
        panels:
          - {id: a, title: A}
          - {id: a, title: A2}
        """,
    ]

    /// Case scripts, each a mistake or a warning the rules or the schema find.
    let scripts = """
        - - tap: a
          - tap: b
            at: 0.1
          - expect: {expanded: zz, frames: {qq: {header: {y: 1}}, a: {content: null}}, events: [addChild nope, tapIgnored a (bogus), frob a]}
        - - tap: 99
          - expand: nope
          - wait: 1
          - expect: {expanded: [b, zz]}
            at: 0.2
          - snapshot: late
            at: 0.1
        - - setPanels: [a, a, {id: b, title: B}, {id: e, title: E, contentHeight: 900, color: '#777777FF', titleColor: '#787878FF'}, zz]
          - tap: e
          - resize: {width: 300, height: 60}
          - expect: {expanded: e, visible: e}
          - setPanels: [c, e]
          - tap: a
        - - present: M
          - tap: a
          - dismiss: true
          - dismiss: true
          - collapse: all
          - snapshot: s1
          - expect: {visible: modal, events: {contains: [presentModal, dismissModal]}}
        - - {tap: a, wait: 1}
          - expect: {}
          - frob: 1
          - expect: {path: x..y, equals: 1}
          - tap: yes
          - expect: {path: transition.progress}
        - []
        - - tap: b
          - expect: {expanded: b, frames: {b: {header: {y: 44}, content: {height: 120}}}}
        """

    func testEachCaseFindsWhatTheWholeSpecWithItsScriptFinds() throws {
        let cases = try XCTUnwrap(node(scripts, source: "cases.test.yaml").items)
        var compared = 0
        var found = 0
        for (s, text) in specs.enumerated() {
            let source = "spec\(s).yaml"
            let root = try node(text, source: source)
            let bytes = Array(text.utf8)
            let prepared = SpecLoader.prepare(root, bytes: bytes)
            for (c, script) in cases.enumerated() {
                for tolerance in [nil, 1.5] {
                    let whole = SpecLoader.check(root, bytes: bytes, script: script, tolerance: tolerance)
                    let alone = SpecLoader.check(prepared, script: script, tolerance: tolerance)
                    XCTAssertEqual(alone.diagnostics, whole.diagnostics, "spec \(s), case \(c)")
                    XCTAssertEqual(alone.document, whole.document, "spec \(s), case \(c)")
                    compared += 1
                    found += whole.diagnostics.filter { $0.span.source == "cases.test.yaml" }.count
                }
            }
        }
        XCTAssertEqual(compared, specs.count * 7 * 2)
        // The scripts are wrong in many ways: the comparison is not of empty lists.
        XCTAssertGreaterThan(found, 60)
    }

    func testACaseLeavesNothingForTheNext() throws {
        let cases = try XCTUnwrap(node(scripts, source: "cases.test.yaml").items)
        let root = try node(specs[0], source: "spec.yaml")
        let prepared = SpecLoader.prepare(root)
        // The same case after every other gives what it gives alone (the
        // third defines a panel with faint colours: a warning each time).
        let first = cases.map { SpecLoader.check(prepared, script: $0).diagnostics }
        for (i, script) in cases.enumerated() {
            XCTAssertEqual(SpecLoader.check(prepared, script: script).diagnostics, first[i], "case \(i)")
        }
        XCTAssertEqual(first[2].filter { $0.rule == "low-contrast" }.count, 1)
        XCTAssertNotNil(SpecLoader.check(prepared, script: cases[6]).document)
    }

    func testABrokenCaseKeepsItsWordsAndPlaces() throws {
        let cases = try XCTUnwrap(node(scripts, source: "cases.test.yaml").items)
        let prepared = SpecLoader.prepare(try node(specs[0], source: "spec.yaml"))
        let result = SpecLoader.check(prepared, script: cases[0])
        let errors = result.diagnostics.filter { $0.severity == .error && $0.span.source == "cases.test.yaml" }
            .map { "\($0.span.start.line):\($0.span.start.column) \($0.rule): \($0.message)" }
        XCTAssertEqual(errors, [
            "4:24 unknown-panel-id: there is no panel with id `zz` in the stack at this step",
            "4:37 unknown-panel-id: there is no panel with id `qq` in the stack at this step",
            "4:89 unknown-panel-id: there is no panel `nope` in this spec",
            "4:104 unknown-event: `bogus` is not a reason a tap is ignored",
            "4:126 unknown-event: there is no containment-log event `frob`",
        ])
        XCTAssertNil(result.document)
    }

    /// A case's own values get the value rules (`yaml11-boolean`,
    /// `number-not-finite`) at their places in the test file, whichever
    /// route checks it; the spec's own script is not played, so its steps
    /// add nothing a second time.
    func testACaseScriptsValuesAreChecked() throws {
        let script = try node("""
            - tap: yes
            - wait: .inf
            """, source: "case.test.yaml")
        let root = try node(specs[0], source: "spec.yaml")
        for result in [SpecLoader.check(SpecLoader.prepare(root), script: script),
                       SpecLoader.check(root, script: script)] {
            let found = result.diagnostics.filter { $0.span.source == "case.test.yaml" }
                .filter { ["yaml11-boolean", "number-not-finite"].contains($0.rule) }
                .map { "\($0.span.start.line):\($0.span.start.column) \($0.rule)" }
            XCTAssertEqual(found, ["1:8 yaml11-boolean", "2:9 number-not-finite"])
        }
    }
}
