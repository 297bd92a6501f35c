import AccordionModel
import AccordionSpec
import AccordionTesting
import AccordionYAML
import Foundation
import XCTest

/// `accordion test --explore`'s core: planted faults are each found with a
/// counterexample of minimal length that replays exactly, correct specs
/// explore clean, and the properties' mistakes are located.
final class ExplorerTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/explore/faults").standardized.path

    /// The cases of a test file, each explored; the spec is `specText` (or
    /// the file the test file names, among the fixtures).
    func explore(_ testText: String, spec specText: String? = nil, options: ExploreOptions = ExploreOptions(),
                 file: StaticString = #filePath, line: UInt = #line) throws -> [(TestFile.TestCase, ExploreCase, ExploreResult)] {
        let testFile = try TestFile.read(Array(testText.utf8), source: "t.test.yaml").get()
        let specBytes = try specText.map { Array($0.utf8) }
            ?? Array(Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + testFile.spec)))
        let prepared = SpecLoader.prepare(try YAMLLoader().load(specBytes, source: "spec.yaml"), bytes: specBytes)
        return try testFile.cases.map { testCase in
            let result = SpecLoader.check(prepared, script: testCase.script, tolerance: testFile.tolerance)
            let document = try XCTUnwrap(result.document, "\(result.diagnostics.map(\.message))", file: file, line: line)
            let plan = try testCase.exploration(of: document, tolerance: testFile.tolerance).get()
            return (testCase, plan, Explorer.run(plan, options: options))
        }
    }

    /// A counterexample's script played as a case by `accordion test`'s core:
    /// the failures it finds (none means it does not show the fault).
    func replay(_ violation: ExploreViolation, spec specText: String) throws -> [ExpectationFailure] {
        let text = "spec: spec.yaml\ncases:\n  - name: replay\n    script:\n"
            + violation.script.map { ($0.hasPrefix("#") ? "      " : "      - ") + $0 + "\n" }.joined()
        let testFile = try TestFile.read(Array(text.utf8), source: "replay.test.yaml").get()
        let specBytes = Array(specText.utf8)
        let prepared = SpecLoader.prepare(try YAMLLoader().load(specBytes, source: "spec.yaml"), bytes: specBytes)
        let result = SpecLoader.check(prepared, script: testFile.cases[0].script, tolerance: nil)
        XCTAssertFalse(result.hasErrors, "\(result.diagnostics.map(\.message))\n\(text)")
        let played = try XCTUnwrap(result.played)
        return ExpectationRun.run(played).failures
    }

    static let mail = """
    accordion: 1
    container: {layout: fit, expanded: null}
    panels:
      - {id: inbox, title: Inbox, contentHeight: 100}
      - {id: sent, title: Sent, contentHeight: 500}
      - {id: drafts, title: Drafts, contentHeight: 100}

    """

    func testAHeaderPushedDownByATallNeighbourIsFoundInOneStep() throws {
        let found = try explore("spec: s\ncases:\n  - name: top\n    script: []\n    always: {path: \"panels[2].header.y\", atMost: 300}\n",
                                spec: Self.mail)
        let result = found[0].2
        XCTAssertEqual(result.violations.count, 1)
        let v = try XCTUnwrap(result.violations.first)
        XCTAssertEqual(v.span.start.line, 5)
        XCTAssertEqual(v.span.start.column, 13)
        XCTAssertEqual(v.steps, ["{tap: sent}"])
        XCTAssertEqual(v.script, ["{tap: sent}", "{expect: {path: \"panels[2].header.y\", atMost: 300}, at: 0.15}"])
        XCTAssertEqual(v.session, ["{\"tap\": \"sent\"}", "{\"snapshot\": {\"at\": 0.15}}"])
        // Replayed as a case, it fails where the explorer said, with its numbers.
        let failures = try replay(v, spec: Self.mail)
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.differences, v.differences)
        XCTAssertGreaterThan(result.states, 10)
        XCTAssertEqual(result.depthReached, 5)
    }

    func testAPanelMadeUnreachableBySetPanelsIsFoundInOneStep() throws {
        let found = try explore("""
            spec: s
            cases:
              - name: gone
                script: []
                properties: [every-panel-reachable]
                explore: {steps: [{setPanels: [inbox, sent]}]}
              - name: back
                script: []
                properties: [every-panel-reachable]
                explore: {steps: [{setPanels: [inbox, sent]}, {setPanels: [inbox, sent, drafts]}]}

            """, spec: Self.mail)
        let v = try XCTUnwrap(found[0].2.violations.first)
        XCTAssertEqual(v.steps, ["{setPanels: [inbox, sent]}"])
        XCTAssertTrue(v.message.contains("`drafts`"), v.message)
        // A stack that can bring it back is clean.
        XCTAssertEqual(found[1].2.violations.map(\.message), [])
    }

    func testALandscapeResizeLeavingNoHeightIsFoundAndReplays() throws {
        let spec = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/toolbar.yaml")), as: UTF8.self)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/landscape.test.yaml")), as: UTF8.self)
        let found = try explore(text, spec: spec)
        let v = try XCTUnwrap(found[0].2.violations.first)
        XCTAssertEqual(v.steps, ["{resize: {width: 667, height: 375}}"])
        XCTAssertEqual(try replay(v, spec: spec).count, 1)
    }

    /// With every panel open at the start, the shortest way to lose p1's
    /// height needs two steps; breadth-first finds exactly two.
    func testTheCounterexampleIsTheShortest() throws {
        let spec = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/toolbar.yaml")), as: UTF8.self)
            .replacingOccurrences(of: "container: {headerHeight: 75}", with: "container: {headerHeight: 75, expanded: null}")
        let found = try explore("""
            spec: s
            cases:
              - name: rotate
                script: []
                properties: [content-visible]
                explore: {steps: [{resize: {width: 667, height: 375}}]}

            """, spec: spec)
        let v = try XCTUnwrap(found[0].2.violations.first)
        XCTAssertEqual(v.steps.count, 2, "\(v.steps)")
        XCTAssertEqual(try replay(v, spec: spec).count, 1)
    }

    /// The article's demo holds its invariants to depth 5: headers stay on
    /// screen, every panel can be opened from anywhere, content is visible.
    func testTheArticleDemoExploresClean() throws {
        let spec = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/../../../../samples/article-demo.yaml")),
                          as: UTF8.self)
        let found = try explore("""
            spec: s
            cases:
              - name: invariants
                script: []
                always:
                  - {path: "panels[2].header.y", atMost: 623}
                  - {path: "panels[0].header.y", atMost: 0}
                reachable: [{expanded: VC3}, {expanded: null}, {interaction: disabled}]
                properties: [every-panel-reachable, content-visible]

            """, spec: spec)
        let result = found[0].2
        XCTAssertEqual(result.violations.map(\.message), [])
        XCTAssertTrue(result.complete)
        XCTAssertEqual(result.checked, 7)
    }

    func testAnUnmetReachableIsReportedAtItsPlace() throws {
        let found = try explore("spec: s\ncases:\n  - name: r\n    script: []\n    reachable: [{expanded: sent}, {expanded: [inbox, sent]}]\n",
                                spec: Self.mail)
        XCTAssertEqual(found[0].2.violations.map { "\($0.span.start.line):\($0.span.start.column)" }, ["5:35"])
    }

    /// Random walks deeper than the search find what it cannot reach, and
    /// delta debugging shrinks the walk to a sequence that still shows it.
    func testWalksFindDeeperFaultsAndShrinkThem() throws {
        // Opening three panels of a `multiple` container one after the other
        // takes three taps; the search stops at depth 1.
        let spec = """
        accordion: 1
        container: {layout: fit, expansion: multiple, expanded: null}
        panels:
          - {id: a, title: A, contentHeight: 100}
          - {id: b, title: B, contentHeight: 100}
          - {id: c, title: C, contentHeight: 100}
          - {id: d, title: D, contentHeight: 100}

        """
        let test = "spec: s\ncases:\n  - name: w\n    script: []\n    always: {path: \"panels[3].header.y\", atMost: 400}\n    explore: {depth: 1}\n"
        let shallow = try explore(test, spec: spec)
        XCTAssertEqual(shallow[0].2.violations.count, 0)
        let walked = try explore(test, spec: spec, options: ExploreOptions(walks: 50, seed: 7))
        let v = try XCTUnwrap(walked[0].2.violations.first)
        XCTAssertTrue(v.shrunk)
        XCTAssertEqual(v.steps.count, 3, "\(v.steps)")
        XCTAssertEqual(try replay(v, spec: spec).count, 1)
        // The same seed walks the same way.
        let again = try explore(test, spec: spec, options: ExploreOptions(walks: 50, seed: 7))
        XCTAssertEqual(again[0].2.violations.first?.steps, v.steps)
        XCTAssertEqual(again[0].2.states, walked[0].2.states)
    }

    func testTwoOrdersReachingTheSameContainerAreOneState() throws {
        // Depth 2 from nothing open, three panels: the settled states are at
        // most the open panel (or none) under each transition phase, far
        // fewer than the sequences.
        let found = try explore("spec: s\ncases:\n  - name: d\n    script: []\n    reachable: {expanded: drafts}\n    explore: {depth: 2}\n",
                                spec: Self.mail)
        let result = found[0].2
        XCTAssertLessThan(result.states, result.stepsTaken)
        XCTAssertGreaterThan(result.states, 3)
    }

    /// A search past its limits stops there and says so.
    func testTheLimitsStopTheSearch() throws {
        var options = ExploreOptions(depth: 8)
        options.maxStates = 50
        let few = try explore("spec: s\ncases:\n  - name: d\n    script: []\n    reachable: {expanded: drafts}\n", spec: Self.mail,
                              options: options)
        XCTAssertFalse(few[0].2.complete)
        XCTAssertLessThanOrEqual(few[0].2.states, 50 + 40)
        options.maxStates = 500_000
        options.maxSteps = 100
        let short = try explore("spec: s\ncases:\n  - name: d\n    script: []\n    reachable: {expanded: drafts}\n", spec: Self.mail,
                                options: options)
        XCTAssertFalse(short[0].2.complete)
        XCTAssertLessThan(short[0].2.stepsTaken, 100 + 40)
        XCTAssertTrue(try explore("spec: s\ncases:\n  - name: d\n    script: []\n    reachable: {expanded: drafts}\n", spec: Self.mail)[0].2.complete)
    }

    func testPropertiesAreReadAndLocated() throws {
        func problems(_ caseText: String) -> [String] {
            let text = "spec: s\ncases:\n  - name: c\n    script: []\n" + caseText
            switch TestFile.read(Array(text.utf8), source: "t.test.yaml") {
            case .failure(let error):
                return error.diagnostics.map { "\($0.span.start.line):\($0.span.start.column) \($0.message)" }
            case .success(let file):
                let specBytes = Array(Self.mail.utf8)
                let prepared = SpecLoader.prepare(try! YAMLLoader().load(specBytes, source: "spec.yaml"), bytes: specBytes)
                let result = SpecLoader.check(prepared, script: file.cases[0].script, tolerance: nil)
                guard let document = result.document else { return result.diagnostics.map(\.message) }
                switch file.cases[0].exploration(of: document, tolerance: nil) {
                case .failure(let error): return error.diagnostics.map { "\($0.span.start.line):\($0.span.start.column) \($0.rule)" }
                case .success: return []
                }
            }
        }
        XCTAssertEqual(problems("    always: {expanded: sent}\n"), [])
        XCTAssertEqual(problems("    always: 3\n"), ["5:13 `always` is an expectation (a mapping, as `expect` writes one) or a list of them"])
        XCTAssertEqual(problems("    always: {expanded: snet}\n"), ["5:14 unknown-panel-id"])
        XCTAssertEqual(problems("    always: [{path: x}]\n").first?.hasPrefix("5:14 schema-"), true)
        XCTAssertEqual(problems("    reachable: {events: [addChild sent]}\n"), ["5:17 test-file"])
        XCTAssertEqual(problems("    properties: [every-panel-reachabel]\n"),
                       ["5:18 `every-panel-reachabel` is not a named property"])
        XCTAssertEqual(problems("    explore: {depth: 0}\n"), ["5:22 `depth` is a whole number of steps from 1 to 12"])
        XCTAssertEqual(problems("    explore: {steps: [{tap: sent, at: 1}]}\n"),
                       ["5:39 an explored step has no `at`: the explorer chooses when it happens"])
        XCTAssertEqual(problems("    explore: {steps: [{expect: {expanded: sent}}]}\n"),
                       ["5:32 an explored step is an action, not a check"])
        XCTAssertEqual(problems("    explore: {steps: [{tapp: sent}]}\n").first, "5:24 schema-additional-properties")
        XCTAssertEqual(problems("    explore: {deep: 3}\n"), ["5:15 unknown key `deep` in `explore`"])
        XCTAssertEqual(problems("    alway: {expanded: sent}\n"), ["5:5 unknown key `alway` in a case"])
        // A tap on a panel only a listed setPanels brings is not an error.
        XCTAssertEqual(problems("    explore: {steps: [{setPanels: [inbox, {id: junk, title: Junk}]}, {tap: junk}]}\n"), [])
        XCTAssertEqual(problems("    always: {expanded: junk}\n    explore: {steps: [{setPanels: [inbox, {id: junk, title: Junk}]}]}\n"), [])
    }
}
