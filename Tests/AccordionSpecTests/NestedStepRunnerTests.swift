import AccordionDiagnostics
import AccordionModel
import AccordionSpec
import AccordionYAML
import JSONSchema
import XCTest

/// The one script runner on nested panels (issue 25): an id anywhere in the
/// tree resolves to the model's number for it (the stack's count plus its
/// place in tree order), a written index names only the top level, and a
/// tap on a hidden header is worded as `tap-ignored`. Played through a
/// `drive` session on a document built by hand (the loader still refuses
/// nested specs until the dump shows them).
final class NestedStepRunnerTests: XCTestCase {
    private struct Unreadable: Error {}

    private func panel(_ id: String, disabled: Bool = false, content: PanelContent? = nil) -> PanelSpec {
        PanelSpec(id: id, title: id, color: 0x3366_99FF, headerHeight: 44, disabled: disabled, content: content)
    }

    /// general, network {wifi, bluetooth {le, classic}, vpn}, sound; general open.
    private func session() -> StepSession {
        let bt = NestedLevel(panels: [panel("le"), panel("classic")])
        let level = NestedLevel(panels: [panel("wifi"), panel("bluetooth", content: .accordion(bt)), panel("vpn")])
        var container = ContainerSpec()
        container.duration = 0
        let panels = [panel("general"), panel("network", content: .accordion(level)), panel("sound")]
        return StepSession(document: AccordionSpecDocument(title: nil, container: container, panels: panels,
                                                           expandedIndex: 0, steps: []))
    }

    private func take(_ session: inout StepSession, _ json: String) throws -> (Step, StepOutcome, Diagnostic?) {
        guard case .taken(let step, let outcome, _, let diagnostic) = session.apply(try JSONNodeParser.parse(json, source: "<line>"), line: 1) else {
            XCTFail("\(json) was unreadable")
            throw Unreadable()
        }
        return (step, outcome, diagnostic)
    }

    func testNestedIdsResolveToTheModelsNumbersInTreeOrder() throws {
        var s = session()
        let (hidden, ignored, warning) = try take(&s, #"{"tap": "le"}"#)
        XCTAssertEqual(hidden.action, .tap(panel: 5))
        XCTAssertEqual(ignored.effect, .ignored(.hidden))
        XCTAssertEqual(warning?.rule, "tap-ignored")
        XCTAssertEqual(warning?.severity, .warning)
        XCTAssertEqual(warning?.message, "this tap is ignored: the header of `le` is hidden (`network`, a panel above it, is closed), and a hidden header cannot be tapped")
        XCTAssertEqual(warning?.help, "open `network` first (`tap: network`), or show it with `reveal: le`")

        XCTAssertEqual(try take(&s, #"{"expand": "bluetooth"}"#).0.action, .expand(panel: 4))
        XCTAssertEqual(s.container.state.nestedOpen["network"], [1], "silently, inside the closed network")
        XCTAssertEqual(try take(&s, #"{"tap": "network"}"#).0.action, .tap(panel: 1))
        let (_, outcome, _) = try take(&s, #"{"tap": "classic"}"#)
        XCTAssertEqual(outcome.started?.level, "bluetooth")
        XCTAssertEqual(try take(&s, #"{"collapse": "vpn"}"#).0.action, .collapse(panel: 7))
    }

    func testAWrittenIndexNamesOnlyTheTopLevel() throws {
        var s = session()
        let (step, outcome, diagnostic) = try take(&s, #"{"tap": 3}"#)
        XCTAssertEqual(step.action, .tap(panel: 8), "past the tree, not wifi (number 3)")
        XCTAssertEqual(outcome.effect, .rejected(.unknownPanel))
        XCTAssertEqual(diagnostic?.rule, "panel-index-out-of-range")
        let (_, unknown, words) = try take(&s, #"{"tap": "zigbee"}"#)
        XCTAssertEqual(unknown.effect, .rejected(.unknownPanel))
        XCTAssertEqual(words?.rule, "unknown-panel-id")
    }

    /// A reveal names its panel by id at any level (the model's number for
    /// it) and says whether it opens it; through a closed disabled panel it
    /// is refused as `reveal-blocked`, worded as validate words it, without
    /// the related location a session keeps no nodes for.
    func testARevealResolvesItsIdAndIsRefusedThroughADisabledPanel() throws {
        var s = session()
        let (step, outcome, diagnostic) = try take(&s, #"{"reveal": {"panel": "classic", "open": true}}"#)
        XCTAssertEqual(step.action, .reveal(panel: 6, open: true))
        XCTAssertNil(diagnostic)
        guard case .applied(.transitions(let opened)) = outcome.effect else { return XCTFail("\(outcome.effect)") }
        XCTAssertEqual(opened.map(\.level), [nil, "network", "bluetooth"])
        XCTAssertEqual(try take(&s, #"{"reveal": "sound"}"#).0.action, .reveal(panel: 2, open: false))

        let bt = NestedLevel(panels: [panel("le")])
        let level = NestedLevel(panels: [panel("wifi"), panel("bluetooth", disabled: true, content: .accordion(bt))])
        var blocked = StepSession(document: AccordionSpecDocument(
            title: nil, container: ContainerSpec(), panels: [panel("network", content: .accordion(level))], expandedIndex: 0, steps: []))
        let (_, refused, words) = try take(&blocked, #"{"reveal": "le"}"#)
        XCTAssertEqual(refused.effect, .rejected(.revealBlocked))
        XCTAssertEqual(words?.rule, "reveal-blocked")
        XCTAssertEqual(words?.help, "open `bluetooth` from the script before this step (`expand: bluetooth`, which a disabled panel allows), or remove `disabled: true` from `bluetooth`")
        XCTAssertEqual(words?.related, [])
        XCTAssertEqual(blocked.container.state.nestedOpen["network"], [0], "nothing opened")
    }
}
