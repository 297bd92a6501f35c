import Foundation
import XCTest

@testable import AccordionSpec

final class SchemaHintTests: XCTestCase {
    /// The step kinds a hint lists are the schema's actions: one per
    /// alternative of `$defs/step`, in its order, but the two checks
    /// (`expect`, `snapshot`), which come last and change nothing.
    func testStepKindsAreTheSchemasSteps() throws {
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Repo.bytes("Schemas/accordion.schema.json"))) as? [String: Any])
        let defs = try XCTUnwrap(schema["$defs"] as? [String: Any])
        let alternatives = try XCTUnwrap((defs["step"] as? [String: Any])?["oneOf"] as? [[String: String]])
        let kinds = try alternatives.map { ref -> String in
            let name = try XCTUnwrap(ref["$ref"]?.split(separator: "/").last.map(String.init))
            let required = try XCTUnwrap((defs[name] as? [String: Any])?["required"] as? [String])
            return required[0]
        }
        let checks = CheckKind.allCases.map(\.rawValue)
        XCTAssertEqual(Array(kinds.suffix(checks.count)), checks)
        let actions = Array(kinds.dropLast(checks.count))
        XCTAssertFalse(actions.isEmpty)
        let listed = actions.dropLast().map { "`\($0)`" }.joined(separator: ", ") + " or `\(actions.last ?? "")`"
        XCTAssertEqual(SchemaHints.stepKinds, listed)
        // Every synonym leads to a real step key.
        for (word, key) in StepTable.synonyms {
            XCTAssertTrue(kinds.contains(key) || key == "at", "\(word) → \(key)")
            XCTAssertFalse(kinds.contains(word), word)
        }
    }

    /// The hint for a word that is not a step key: a typo gets its
    /// correction, a synonym its key and the list.
    func testUnknownStepKeys() {
        func help(_ step: String) -> String? {
            loadSpec("accordion: 1\npanels: [{id: a, title: A}]\nscript:\n  - \(step)\n").diagnostics
                .first { $0.rule == "schema-additional-properties" }?.help
        }
        XCTAssertEqual(help("tapp: a"), "did you mean `tap`?")
        XCTAssertEqual(help("setpanels: [a]"), "did you mean `setPanels`?")
        // The list of actions is the schema's (`testStepKindsAreTheSchemasSteps`).
        let oneAction = "a step has one action, \(SchemaHints.stepKinds), and may carry `at`"
        XCTAssertEqual(help("Click: a"), "did you mean `tap`? " + oneAction)
        XCTAssertEqual(help("frobnicate: a"), oneAction)
        XCTAssertEqual(help("{tap: a, time: 1}"), "did you mean `at`? " + oneAction)
        XCTAssertEqual(help("close: a"), "did you mean `collapse`? " + oneAction)
        XCTAssertEqual(help("{wait: 1, at: 2}"), "a `wait` cannot carry `at`: it happens at the previous step's time plus its seconds; put `at` on the step that follows instead")
        // A key that is not in a step keeps the validator's own help.
        XCTAssertEqual(loadSpec("accordion: 1\npanels: [{id: a, title: A, colour: 1}]\n").diagnostics.first?.help, "did you mean `color`?")
    }

    /// What goes where a list, an empty value or a list of channels was written.
    func testShapeHints() {
        func help(_ yaml: String, at pointer: String) -> String? {
            loadSpec("accordion: 1\n" + yaml).diagnostics.first { $0.instancePath == pointer }?.help
        }
        XCTAssertEqual(help("panels: []\ncontainer: [{width: 300}, {layout: fit}]\n", at: "/container"),
                       "container is a mapping of settings (`width`, `height`, `headerHeight`, `layout`, `expanded`, `expansion`, `collapsible`, `interruption`, `headingLevel`, `overflow`, `content`, `animation`, `style`, `separator`, `background`), not a list: drop the `- ` before each key, as in `container: {width: 300, layout: fit}`")
        XCTAssertEqual(help("panels: [[a, 'Title: one']]\n", at: "/panels/0"),
                       "a panel is a mapping with the keys `id`, `title`, `color`, `titleColor`, `headerHeight`, `contentHeight`, `disabled`, `badge`, `detail`, `subtitle`, `icon`, `lang`, `dir`, `content`, not a list: `- {id: a, title: 'Title: one'}`")
        XCTAssertEqual(help("panels: [a]\n", at: "/panels/0"),
                       "a panel is a mapping with the keys `id`, `title`, `color`, `titleColor`, `headerHeight`, `contentHeight`, `disabled`, `badge`, `detail`, `subtitle`, `icon`, `lang`, `dir`, `content`: `- {id: a, title: a}`")
        XCTAssertEqual(help("panels: [{id: a, title: A}]\nscript: [{setPanels: [[a]]}]\n", at: "/script/0/setPanels/0"),
                       "a panel is a mapping with the keys `id`, `title`, `color`, `titleColor`, `headerHeight`, `contentHeight`, `disabled`, `badge`, `detail`, `subtitle`, `icon`, `lang`, `dir`, `content`, not a list: `- {id: VC1, title: View Controller 1}`, or just the id of a panel defined earlier")
        XCTAssertEqual(help("panels: [{id: a, title: A}]\ncontainer: {expanded: [0]}\n", at: "/container/expanded"),
                       "set `expansion: multiple` on the container to open several panels at once, or write one id or index (`expanded: 0`)")
        XCTAssertEqual(help("panels: [{id: a, title: A}]\nscript: [{tap: [a]}]\n", at: "/script/0/tap"), "a tap taps one header: `tap: a`")
        XCTAssertEqual(help("panels: []\ncontainer: {animation: [{duration: 1}]}\n", at: "/container/animation"),
                       "animation is a mapping, not a list: `animation: {duration: 1}`")
        XCTAssertEqual(help("panels: []\nscript:\n", at: "/script"), "script is empty: list the steps under it, each starting with `- `, or remove the line")
        XCTAssertEqual(help("panels: [{id: a, title: A, titleColor: [0, 0, 0, 128]}]\n", at: "/panels/0/titleColor"),
                       "a colour is one value, not a list of channels: `titleColor: 0x00000080`")
        XCTAssertEqual(help("panels: [{id: a, title: A, titleColor: [0, 0, 300]}]\n", at: "/panels/0/titleColor"),
                       "a colour is one value, not a list: write '#RRGGBB', '#RRGGBBAA' or an integer 0xRRGGBBAA")
    }
}
