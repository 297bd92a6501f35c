import AccordionDiagnostics
import AccordionModel
@testable import AccordionSpec
import AccordionYAML
import XCTest

/// The step table (`StepTable`) is the one list of step kinds: the schema's
/// step alternatives must be its rows, and each row's rules exactly the
/// rules validate reports at a step of that kind.
final class StepTableTests: XCTestCase {
    private func schema() throws -> YAMLNode { try SpecLoader.bundledSchemaNode() }

    /// `$defs/step` lists one alternative per row, in the table's order,
    /// each `$defs/<key>Step` requiring its key and allowing `at` exactly
    /// where the row takes it; its description names every key.
    func testTheSchemasStepListIsTheTable() throws {
        let defs = try XCTUnwrap(try schema()["$defs"])
        let step = try XCTUnwrap(defs["step"])
        let refs = (step["oneOf"]?.items.map(Array.init) ?? []).compactMap { $0["$ref"]?.scalarText }
        XCTAssertEqual(refs, StepTable.all.map { "#/$defs/\($0.name)Step" })
        for form in StepTable.all {
            let alternative = try XCTUnwrap(defs["\(form.name)Step"], form.name)
            let keys = (alternative["properties"]?.entries.map(Array.init) ?? []).compactMap { $0.key.scalarText }
            XCTAssertEqual(keys, [form.name] + (form.takesAt ? ["at"] : []), form.name)
            let required = (alternative["required"]?.items.map(Array.init) ?? []).compactMap(\.scalarText)
            XCTAssertEqual(required, [form.name], form.name)
            XCTAssertEqual(alternative["additionalProperties"]?.scalar?.value, .bool(false), form.name)
            let description = step["description"]?.scalarText ?? ""
            XCTAssertTrue(description.contains(form.name), "the step description does not name \(form.name)")
        }
        XCTAssertEqual(StepTable.all.filter(\.key.isAction).map(\.name), StepKind.allCases.map(\.rawValue))
        // Each kind's row is where `row` says.
        for kind in StepKind.allCases { XCTAssertEqual(StepTable.all[kind.row].key, .action(kind)) }
        for check in CheckKind.allCases { XCTAssertEqual(StepTable.all[check.row].key, .check(check)) }
        XCTAssertEqual(StepTable.all.count, StepKind.allCases.count + CheckKind.allCases.count)
    }

    /// `accordion explain` knows every rule of every step kind, and the
    /// words authors write by mistake are no key's name and mean one key each.
    func testTheCatalogListsEveryRuleOfEveryStepKind() {
        for form in StepTable.all {
            XCTAssertFalse(form.rules.isEmpty, form.name)
            for rule in form.rules { XCTAssertNotNil(RuleCatalog.rule(rule), "\(form.name): \(rule) is not in the catalog") }
            XCTAssertEqual(Set(form.rules).count, form.rules.count, "\(form.name) lists a rule twice")
        }
        let words = StepTable.all.flatMap(\.synonyms) + StepTable.atSynonyms
        XCTAssertEqual(Set(words).count, words.count, "a word is a synonym of two keys")
        for word in words { XCTAssertNil(StepKey(rawValue: word), "`\(word)` is a step key, not a mistake for one") }
        // The catalog's words about steps come from the table.
        XCTAssertTrue(RuleCatalog.rule("schema-one-of")!.why.contains("`collapse`"))
        XCTAssertTrue(RuleCatalog.rule("schema-one-of")!.why.contains("`scroll`"))
        XCTAssertEqual(RuleCatalog.rule("step-blocked-by-modal")!.summary,
                       "An `expand`, `collapse`, `reveal` or `setPanels` step runs while a modal is presented.")
    }

    /// The key of the step at `pointer` (`/script/3/tap`) in `root`, when the pointer is in a script.
    private func stepKey(_ pointer: String, in root: YAMLNode) -> String? {
        let parts = pointer.split(separator: "/")
        guard parts.count >= 2, parts[0] == "script", let index = Int(parts[1]),
              let steps = root["script"]?.items, index < steps.count else { return nil }
        return steps[index].entries?.compactMap(\.key.scalarText).first { $0 != "at" && StepKey(rawValue: $0) != nil }
    }

    /// What validate reports at a step of every fixture and sample is a rule of that step's kind.
    func testEveryRuleReportedAtAStepIsOneOfItsKinds() throws {
        let paths = ["Tests/Fixtures/validate/invalid", "Tests/Fixtures/validate/valid", "samples"]
            .flatMap { Repo.specFiles(in: $0) }
        XCTAssertGreaterThan(paths.count, 40)
        var seen = 0
        for path in paths {
            let bytes = try Repo.bytes(path)
            guard let root = try? YAMLLoader().load(bytes, source: path) else { continue }
            for d in SpecLoader.load(bytes, source: path).diagnostics where !d.rule.hasPrefix("schema-") {
                guard let key = stepKey(d.instancePath, in: root), let stepKey = StepKey(rawValue: key) else { continue }
                let form = switch stepKey {
                case .action(let kind): StepTable.form(kind)
                case .check(let check): StepTable.form(check)
                case .at: StepTable.form(.wait)
                }
                XCTAssertTrue(form.rules.contains(d.rule), "\(path): `\(d.rule)` at a `\(key)` step, which its row does not list")
                seen += 1
            }
        }
        XCTAssertGreaterThan(seen, 20)
    }

    // MARK: - Every rule of every row happens

    /// Specs the examples below run their scripts on.
    private static let specs: [String: String] = [
        // Three panels, the last disabled, in a phone-sized container.
        "plain": "container: {height: 667, animation: {duration: 0.3}}\npanels: [{id: a, title: A}, {id: b, title: B}, {id: c, title: C, disabled: true}]",
        // Four panels of 250 points of content, two open: another one open is more than the container.
        "tall": "container: {height: 700, expansion: multiple, layout: fit, expanded: [a, b]}\npanels: [{id: a, title: A, contentHeight: 250}, {id: b, title: B, contentHeight: 250}, {id: c, title: C, contentHeight: 250}, {id: d, title: D, contentHeight: 250}]",
        // A scrolling container whose headers fill it: an open panel shares no space.
        "full": "container: {height: 100, overflow: scroll, expanded: null}\npanels: [{id: a, title: A}, {id: b, title: B}, {id: c, title: C}]",
        // As `full`, with room for one panel to open at load.
        "roomy": "container: {height: 200, overflow: scroll, expanded: a}\npanels: [{id: a, title: A}, {id: b, title: B}, {id: c, title: C}]",
        // A container that fits the headers with 52 points to spare.
        "short": "container: {height: 140}\npanels: [{id: a, title: A}, {id: b, title: B}, {id: c, title: C}]",
        "fit": "container: {layout: fit}\npanels: [{id: a, title: A}, {id: b, title: B}]",
        // A tree: b, closed and disabled, holds b1.
        // Two open panels of 5 rows (220) each under two headers (88): 528 of 700.
        "rows": "container: {height: 700, expansion: multiple, layout: fit, expanded: [a, b]}\npanels: [{id: a, title: A, content: {rows: [r1, r2, r3, r4, r5]}}, {id: b, title: B, content: {rows: [r1, r2, r3, r4, r5]}}]",
        "nested": "panels: [{id: a, title: A}, {id: b, title: B, disabled: true, content: {panels: [{id: b1, title: B1}]}}]",
        // A level of three headers (132) in a's box of 200 − 88 = 112 once a opens (`crowded`), or in 400 − 88 = 312, open (`roomyTree`).
        "crowded": "container: {height: 200, expanded: null}\npanels: [{id: a, title: A, content: {panels: [{id: a1, title: A1}, {id: a2, title: A2}, {id: a3, title: A3}]}}, {id: b, title: B}]",
        "roomyTree": "container: {height: 400, expanded: a}\npanels: [{id: a, title: A, content: {panels: [{id: a1, title: A1}, {id: a2, title: A2}, {id: a3, title: A3}]}}, {id: b, title: B}]",
    ]

    /// One step of each kind, as a flow mapping's first entry.
    private static let samples: [String: String] = [
        "tap": "tap: b", "resize": "resize: {width: 300, height: 500}", "expand": "expand: b", "collapse": "collapse: a", "reveal": "reveal: b",
        "present": "present: X", "dismiss": "dismiss: true", "setPanels": "setPanels: [a, b]", "scroll": "scroll: 10",
        "update": "update: {panel: b, title: Bee}",
        "expect": "expect: {expanded: a}", "snapshot": "snapshot: s1", "wait": "wait: 1",
    ]

    /// A script (on the spec named first) in which a step of `kind` is reported under `rule`.
    private func example(_ kind: String, _ rule: String) -> (String, [String])? {
        let sample = Self.samples[kind] ?? ""
        switch (kind, rule) {
        case ("wait", "number-not-finite"): return ("plain", ["- wait: .inf"])
        case (_, "at-out-of-order"): return ("plain", ["- wait: 1", "- {\(sample), at: 0.5}"])
        case (_, "number-not-finite"): return ("plain", ["- {\(sample), at: .inf}"])
        case ("wait", "time-past-limit"): return ("plain", ["- wait: 6e8", "- wait: 6e8"])
        case (_, "time-past-limit"): return ("plain", ["- {\(sample), at: 2e9}"])
        case ("update", "unknown-panel-id"): return ("plain", ["- update: {panel: zz, title: Z}"])
        case ("update", "yaml11-boolean"): return ("plain", ["- update: {panel: a, title: yes}"])
        // Ten rows (440) for a: 88 + 440 + 220 = 748 > 700.
        case ("update", "content-overflow"):
            return ("rows", ["- update: {panel: a, content: {rows: [r1, r2, r3, r4, r5, r6, r7, r8, r9, r10]}}"])
        case ("setPanels", "unknown-panel-id"): return ("plain", ["- setPanels: [a, zz]"])
        case ("expect", "unknown-panel-id"): return ("plain", ["- expect: {expanded: zz}"])
        case (_, "unknown-panel-id"): return ("plain", ["- \(kind): zz"])
        case (_, "panel-index-out-of-range"): return ("plain", ["- \(kind): 9"])
        case ("setPanels", "yaml11-boolean"): return ("plain", ["- setPanels: [a, yes]"])
        case (_, "yaml11-boolean"): return ("plain", ["- \(kind): yes"])
        case ("tap", "tap-ignored"): return ("plain", ["- tap: c"])
        case (_, "step-blocked-by-modal"): return ("plain", ["- present: X", "- \(kind == "setPanels" ? "setPanels: [a]" : sample)"])
        case ("present", "modal-already-presented"): return ("plain", ["- present: X", "- present: Y"])
        case ("present", "present-without-panel"): return ("plain", ["- collapse: all", "- present: X"])
        case ("dismiss", "dismiss-without-modal"): return ("plain", ["- dismiss: true"])
        case ("resize", "headers-overflow"): return ("plain", ["- resize: {width: 300, height: 100}"])
        case ("setPanels", "headers-overflow"): return ("short", ["- setPanels: [a, b, c, {id: d, title: D}]"])
        case ("tap", "content-overflow"): return ("tall", ["- tap: c"])
        case ("expand", "content-overflow"): return ("tall", ["- expand: c"])
        // The rejected tap leaves the open panels unknown; the collapse, which settles them, is where they are seen again.
        case ("collapse", "content-overflow"): return ("tall", ["- tap: 9", "- tap: c", "- tap: d", "- collapse: d"])
        case ("resize", "content-overflow"): return ("tall", ["- resize: {width: 375, height: 600}"])
        case ("setPanels", "content-overflow"):
            return ("tall", ["- setPanels: [a, b, c, d, {id: e, title: E}, {id: f, title: F}]"])
        case ("tap", "open-panel-without-height"): return ("full", ["- tap: a"])
        case ("expand", "open-panel-without-height"): return ("full", ["- expand: a"])
        case ("collapse", "open-panel-without-height"): return ("full", ["- tap: 9", "- tap: a", "- collapse: b"])
        case ("resize", "open-panel-without-height"): return ("roomy", ["- resize: {width: 375, height: 100}"])
        case ("setPanels", "open-panel-without-height"):
            return ("roomy", ["- setPanels: [a, b, c, {id: d, title: D}, {id: e, title: E}]"])
        case ("setPanels", "duplicate-panel-id"): return ("plain", ["- setPanels: [a, a]"])
        case ("setPanels", "content-height-unused"): return ("plain", ["- setPanels: [a, {id: d, title: D, contentHeight: 100}]"])
        case ("setPanels", "content-height-overflow"): return ("fit", ["- setPanels: [a, {id: d, title: D, contentHeight: 900}]"])
        case ("setPanels", "low-contrast"):
            return ("plain", ["- setPanels: [{id: d, title: D, color: '#FFFFFF', titleColor: '#EEEEEE'}]"])
        case ("setPanels", "colour-without-alpha"): return ("plain", ["- setPanels: [{id: d, title: D, color: 0x1ABC9C}]"])
        case ("setPanels", "invisible-header"): return ("plain", ["- setPanels: [{id: d, title: D, color: 0x1ABC9C00}]"])
        case ("reveal", "reveal-blocked"): return ("nested", ["- reveal: b1"])
        case ("reveal", "content-overflow"): return ("tall", ["- reveal: {panel: c, open: true}"])
        case ("reveal", "open-panel-without-height"): return ("full", ["- reveal: {panel: a, open: true}"])
        case ("expect", "unknown-event"): return ("plain", ["- expect: {events: [addChilds a]}"])
        case ("tap", "nested-headers-overflow"): return ("crowded", ["- tap: a"])
        case ("expand", "nested-headers-overflow"): return ("crowded", ["- expand: a"])
        case ("reveal", "nested-headers-overflow"): return ("crowded", ["- reveal: a1"])
        case ("resize", "nested-headers-overflow"): return ("roomyTree", ["- resize: {width: 375, height: 200}"])
        // Seven headers (308) leave a 400 − 308 = 92 points.
        case ("setPanels", "nested-headers-overflow"):
            return ("roomyTree", ["- setPanels: [a, b, {id: c, title: C}, {id: d, title: D}, {id: e, title: E}, {id: f, title: F}, {id: g, title: G}]"])
        default: return nil
        }
    }

    /// Each rule a row lists is reported at a step of its kind by some script:
    /// a row lists no rule its kind cannot get.
    func testEveryRuleOfEveryStepKindIsReportedAtOne() throws {
        for form in StepTable.all {
            for rule in form.rules {
                guard let (spec, script) = example(form.name, rule) else {
                    XCTFail("no example of `\(rule)` at a `\(form.name)` step")
                    continue
                }
                let text = "accordion: 1\n" + Self.specs[spec]! + "\nscript:\n" + script.map { "  " + $0 }.joined(separator: "\n") + "\n"
                let root = try node(text)
                let found = loadSpec(text).diagnostics.filter { $0.rule == rule && stepKey($0.instancePath, in: root) == form.name }
                XCTAssertFalse(found.isEmpty, "`\(rule)` is not reported at the `\(form.name)` step of:\n\(text)")
            }
        }
    }

    /// `reveal` takes ids only: an index, bare or as `panel`, is the
    /// schema's type error, whose help names the id to write instead of
    /// the generic "quote it"; a closed disabled ancestor is an error
    /// naming it, at the step, with its definition as the related location.
    func testARevealByIndexOrThroughADisabledPanelIsLocated() {
        let spec = "accordion: 1\n" + Self.specs["nested"]! + "\nscript:\n"
        let byIndex = loadSpec(spec + "  - reveal: 1\n  - reveal: {panel: 0, open: true}\n")
        XCTAssertEqual(placed(byIndex), ["schema-type@4:13", "schema-type@5:21"])
        XCTAssertEqual(byIndex.diagnostics.map(\.help), [
            "`reveal` names a panel by its id, at any level, never by an index: write `b`, the id of panel 1",
            "`reveal` names a panel by its id, at any level, never by an index: write `a`, the id of panel 0"])
        let blocked = loadSpec(spec + "  - reveal: {panel: b1, open: true}\n")
        XCTAssertEqual(placed(blocked), ["reveal-blocked@4:5"])
        let d = blocked.diagnostics[0]
        XCTAssertEqual(d.message, "this reveal of `b1` cannot run: `b`, a panel above it, is closed and disabled; a reveal opens only what a user could, so nothing is opened")
        XCTAssertEqual(d.related.map(\.span.start.line), [2])
        XCTAssertEqual(d.instancePath, "/script/0")
        XCTAssertNil(blocked.document)
        // An unknown id in the mapping form points at its `panel`.
        let unknown = loadSpec(spec + "  - reveal: {panel: zz}\n")
        XCTAssertEqual(unknown.diagnostics.map(\.instancePath), ["/script/0/reveal/panel"])
        XCTAssertEqual(placed(unknown), ["unknown-panel-id@4:21"])
    }

    /// `update` names a top-level panel by id at its `panel`: an unknown id
    /// is located there with a did-you-mean, a nested id is unknown in the
    /// stack (an update reaches the top level only), a value of the wrong
    /// type is the schema's at the value, and `content: {panels: …}` is
    /// refused. A tap on a panel enabled by an earlier update is not warned.
    func testAnUpdatesMistakesAreLocated() {
        let spec = "accordion: 1\n" + Self.specs["nested"]! + "\nscript:\n"
        let unknown = loadSpec(spec + "  - update: {panel: bb, title: X}\n")
        XCTAssertEqual(placed(unknown), ["unknown-panel-id@4:21"])
        XCTAssertEqual(unknown.diagnostics.map(\.instancePath), ["/script/0/update/panel"])
        XCTAssertEqual(unknown.diagnostics.first?.help, "did you mean `b`?")
        XCTAssertEqual(placed(loadSpec(spec + "  - update: {panel: b1, title: X}\n")), ["unknown-panel-id@4:21"])
        let typed = loadSpec(spec + "  - update: {panel: a, disabled: 1}\n  - update: {panel: a, content: {panels: []}}\n")
        XCTAssertEqual(typed.diagnostics.map(\.rule), ["schema-type", "schema-not"])
        XCTAssertEqual(typed.diagnostics.map(\.instancePath), ["/script/0/update/disabled", "/script/1/update/content"])
        XCTAssertEqual(typed.diagnostics[1].help,
                       "an update sets a `text` or `rows` content, not a nested accordion (`panels`): replace the panel with `setPanels` to nest one")
        let hinted = loadSpec(spec + "  - update: {panel: a}\n  - update: {panel: 1, title: X}\n")
        XCTAssertEqual(placed(hinted), ["schema-min-properties@4:13", "schema-type@5:21"])
        XCTAssertEqual(hinted.diagnostics.map(\.help), [
            "an update changes at least one property beside `panel`: `title`, `disabled`, `color`, `titleColor` or `content` (`update: {panel: ID, disabled: false}`)",
            "`update` names a top-level panel by its id, never by an index: write `b`, the id of panel 1"])
        let shaped = loadSpec(spec + "  - update: a\n  - update: {id: a, title: X}\n")
        XCTAssertEqual(placed(shaped), ["schema-type@4:13", "schema-required@5:13", "schema-additional-properties@5:14"])
        XCTAssertEqual(shaped.diagnostics.map(\.help), [
            "update takes a mapping: the panel's id as `panel` and the properties to change, as in `update: {panel: a, disabled: false}`",
            "add `panel:` to this mapping",
            "an update names its panel with `panel`, not `id`: `panel: a`"])
        let enabled = loadSpec(spec + "  - update: {panel: b, disabled: false}\n  - tap: b\n")
        XCTAssertEqual(placed(enabled), [])
        let stillDisabled = loadSpec(spec + "  - update: {panel: b, title: Bee}\n  - tap: b\n")
        XCTAssertEqual(stillDisabled.diagnostics.map(\.rule), ["tap-ignored"])
        // A text in place of b's nested level: b1 is gone from the tree.
        let gone = loadSpec(spec + "  - update: {panel: b, content: {text: gone}}\n  - tap: b1\n")
        XCTAssertEqual(placed(gone), ["unknown-panel-id@5:10"])
        XCTAssertEqual(gone.diagnostics.first?.help, "did you mean `b`?")
    }

    /// An update changes the panel's definition from then on: a `setPanels`
    /// that names it (after it left the stack too) brings it back updated,
    /// whether it was defined in `panels` or by an earlier `setPanels`; so
    /// the tap on `b`, enabled, is not warned.
    func testAnUpdateLastsThroughSetPanels() throws {
        let text = "accordion: 1\npanels: [{id: a, title: A}, {id: b, title: B, disabled: true}]\nscript:\n"
            + "  - update: {panel: b, disabled: false, title: Bee}\n  - setPanels: [a, {id: c, title: C}]\n"
            + "  - update: {panel: c, title: Sea}\n  - setPanels: [c, a, b]\n  - tap: b\n"
        let result = loadSpec(text)
        XCTAssertEqual(placed(result), [])
        let steps = try XCTUnwrap(result.document).steps
        guard case .setPanels(let last) = steps[3].action else { return XCTFail("\(steps[3])") }
        XCTAssertEqual(last.map(\.title), ["Sea", "A", "Bee"])
        XCTAssertEqual(last.map(\.disabled), [false, false, false])
    }

    /// `scroll: .inf` is a number that is not finite, as `wait: .inf` is
    /// (it was once let through to the reader, which then could not decode the script).
    func testAScrollThatIsNotFiniteIsReported() {
        let result = loadSpec("accordion: 1\npanels: [{id: a, title: A}]\nscript:\n  - scroll: .inf\n")
        XCTAssertEqual(placed(result), ["number-not-finite@4:13"])
        XCTAssertEqual(result.diagnostics.first?.message, "`.inf` is not a finite number; sizes and times must be ordinary numbers")
        XCTAssertEqual(result.diagnostics.first?.instancePath, "/script/0/scroll")
        XCTAssertNil(result.document)
    }
}
