import AccordionDiagnostics
import AccordionModel
import AccordionSpec
import AccordionYAML
import JSONSchema
import XCTest

// The code of the DocC articles "Driving the container from an app"
// (Sources/AccordionModel/AccordionModel.docc/DrivingTheContainer.md) and
// "Checking specs in your own tool"
// (Sources/AccordionSpec/AccordionSpec.docc/CheckingSpecs.md), compiled and
// run here. scripts/check-docs.py fails when an article's code block is not
// found here line for line, so the articles cannot drift from the API.

// MARK: Driving the container from an app

func loadDocument(_ bytes: [UInt8], named name: String) -> AccordionSpecDocument? {
    let result = SpecLoader.load(bytes, source: name)
    for diagnostic in result.diagnostics {
        print(DiagnosticFormatter().headline(diagnostic))
    }
    return result.document
}

func makeContainer(_ document: AccordionSpecDocument) -> AccordionContainer {
    AccordionContainer(title: document.title, container: document.container,
                       panels: document.panels, expandedIndices: document.expandedIndices)
}

/// What a view layer keeps between display frames.
struct HostView {
    var model: AccordionContainer
    /// How many log entries the view layer has acted on.
    var seen = 0
    /// The panels whose view controllers are children now.
    var children: Set<String> = []
    /// Each panel's header and content frame at the last display frame.
    var frames: [PanelFrame] = []

    /// A tap on header `index` at `now`; false when the model ignored it.
    mutating func tap(header index: Int, now: Double) -> Bool {
        let entries = model.apply(Step(.tap(panel: index), at: now))
        return !entries.contains { $0.event == .tapIgnored }
    }

    /// One display frame: act on the log entries due by `now`, then move
    /// every view where the model puts it.
    mutating func displayFrame(now: Double) {
        let events = model.events(through: now)
        for entry in events[seen...] {
            switch entry.event {
            case .addChild: children.insert(entry.panel!)
            case .removeFromParent: children.remove(entry.panel!)
            default: break
            }
        }
        seen = events.count
        frames = model.layout(at: now)
    }
}

func playTaps(_ taps: [(at: Double, header: Int)], on host: inout HostView,
              frames: Int) -> [Bool] {
    var pending = taps[...]
    var answers: [Bool] = []
    for frame in 0...frames {
        let now = Double(frame) / 60          // a 60 Hz display clock
        while let tap = pending.first, tap.at <= now {
            answers.append(host.tap(header: tap.header, now: now))
            pending = pending.dropFirst()
        }
        host.displayFrame(now: now)
    }
    return answers
}

// MARK: Checking specs in your own tool

func problems(in bytes: [UInt8], named name: String) -> [String] {
    let result = SpecLoader.load(bytes, source: name)
    return result.diagnostics.map { d in
        let start = d.span.start
        return "\(d.span.source):\(start.line):\(start.column): \(d.severity) [\(d.rule)] \(d.message)"
    }
}

func explain(_ diagnostic: Diagnostic) -> String? {
    RuleCatalog.rule(diagnostic.rule).map(RuleCatalog.explanation)
}

func validate(_ yaml: String, against schemaJSON: String) throws(DiagnosticError) -> [Diagnostic] {
    let schema = try JSONNodeParser.parse(schemaJSON, source: "config.schema.json")
    let validator = try JSONSchemaValidator(schema: schema)
    let instance = try YAMLLoader().load(Array(yaml.utf8), source: "config.yaml")
    return validator.validate(instance)
}

final class DocArticleTests: XCTestCase {
    /// The article's host, on the article's demo: a tap opens VC3 at 0.5 s,
    /// a tap inside that transition is ignored, a tap at 1.2 s opens VC2; the
    /// view layer ends with exactly the model's children and frames.
    func testDrivingTheContainer() throws {
        let document = try XCTUnwrap(loadDocument(try Repo.bytes("samples/article-demo.yaml"),
                                                  named: "samples/article-demo.yaml"))
        var host = HostView(model: makeContainer(document))
        host.displayFrame(now: 0)
        XCTAssertEqual(host.children, ["VC1"], "the spec opens VC1 at load")

        let answers = playTaps([(0.5, 2), (0.6, 0), (1.2, 1)], on: &host, frames: 100)
        XCTAssertEqual(answers, [true, false, true], "the tap at 0.6 s falls inside the 0.3 s transition")
        XCTAssertEqual(host.children, ["VC2"])
        XCTAssertEqual(host.seen, host.model.events(through: .infinity).count,
                       "every entry was acted on once, the last transition's end entries included")
        XCTAssertEqual(host.model.expandedIndex, 1)

        // The same taps as script steps give the same settled frames.
        let scripted = ScriptRun.run(title: document.title, container: document.container,
                                     panels: document.panels, expandedIndex: document.expandedIndex,
                                     steps: [Step(.tap(panel: 2), at: 0.5), Step(.tap(panel: 0), at: 0.6),
                                             Step(.tap(panel: 1), at: 1.2)])
        XCTAssertEqual(host.frames, scripted.last?.panels)
    }

    /// Mid-transition, the host's frames are the model's interpolated ones.
    func testDisplayFrameMidTransition() throws {
        let document = try XCTUnwrap(loadDocument(try Repo.bytes("samples/article-demo.yaml"),
                                                  named: "samples/article-demo.yaml"))
        var host = HostView(model: makeContainer(document))
        _ = playTaps([(0.5, 2)], on: &host, frames: 39)   // 0.65 s: halfway
        XCTAssertEqual(host.children, ["VC1", "VC3"], "both content views are children during the transition")
        XCTAssertEqual(host.frames, host.model.snapshot(at: 39.0 / 60).panels)
        XCTAssertNotNil(host.model.transitionInfo(at: 39.0 / 60))
    }

    /// The checker's lines are located, carry the rule id, and the rule explains itself.
    func testCheckingSpecs() throws {
        let spec = """
        accordion: 1
        panels:
          - id: a
            title: A
          - id: a
            title: Again
        """
        let lines = problems(in: Array(spec.utf8), named: "dup.yaml")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("dup.yaml:5:"), lines[0])
        XCTAssertTrue(lines[0].contains("error [duplicate-panel-id]"), lines[0])

        let result = SpecLoader.load(Array(spec.utf8), source: "dup.yaml")
        XCTAssertTrue(result.hasErrors)
        XCTAssertNil(result.document)
        let text = try XCTUnwrap(explain(result.diagnostics[0]))
        XCTAssertTrue(text.contains("duplicate-panel-id"), text)

        // The demo's white titles fall below AA: warnings, which still give a document.
        let demo = problems(in: try Repo.bytes("samples/article-demo.yaml"), named: "demo")
        XCTAssertFalse(demo.isEmpty)
        XCTAssertTrue(demo.allSatisfy { $0.contains(" warning [low-contrast] ") }, "\(demo)")
    }

    /// The validator works with any schema, its problems located in the instance.
    func testValidatingAgainstYourOwnSchema() throws {
        let schema = #"{"type": "object", "required": ["name"], "properties": {"size": {"type": "integer"}}}"#
        let found = try validate("size: large\n", against: schema)
        XCTAssertEqual(found.map(\.rule).sorted(), ["schema-required", "schema-type"])
        let type = try XCTUnwrap(found.first { $0.rule == "schema-type" })
        XCTAssertEqual(type.span.source, "config.yaml")
        XCTAssertEqual(type.span.start.line, 1)
        XCTAssertEqual(type.span.start.column, 7)
        XCTAssertEqual(try validate("name: x\nsize: 3\n", against: schema), [])

        XCTAssertThrowsError(try validate("a: 1", against: "{ not json")) { error in
            XCTAssertEqual((error as? DiagnosticError)?.diagnostics.first?.rule, "json-syntax")
        }
    }
}
