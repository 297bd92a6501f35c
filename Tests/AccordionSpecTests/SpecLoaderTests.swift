import AccordionDiagnostics
import AccordionModel
import AccordionSpec
import AccordionText
import XCTest

final class SpecLoaderTests: XCTestCase {
    // MARK: - Samples and typed decoding

    func testEverySampleValidatesCleanAndDecodes() throws {
        // phone-rotation shows a tap landing inside a transition, on purpose.
        // The FAQs' longest questions are cut in a 375-point header (every
        // picture draws them with `…`), so title-truncated is right there.
        let meant = ["samples/phone-rotation.yaml": ["tap-ignored 28:5"], "samples/interruption-ignore.yaml": ["tap-ignored 25:5"],
                     "samples/faq.yaml": ["title-truncated 34:12"],
                     "samples/faq-twenty.yaml": ["title-truncated 36:12", "title-truncated 66:12", "title-truncated 81:12"]]
        let samples = Repo.specFiles(in: "samples")
        XCTAssertGreaterThanOrEqual(samples.count, 4)
        for path in samples {
            let bytes = try Repo.bytes(path)
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("# yaml-language-server: $schema=../Schemas/accordion.schema.json\n"), path)
            let result = SpecLoader.load(bytes, source: path)
            // Their header colours are the article's and Apple's; where a
            // title falls under 4.5:1 the low-contrast warning is right
            // (ContrastTests checks each one against an oracle).
            let others = result.diagnostics.filter { $0.rule != "low-contrast" }
            XCTAssertEqual(others.map { "\($0.rule) \($0.span.start.line):\($0.span.start.column)" }, meant[path] ?? [],
                           others.map(\.message).joined(separator: "\n"))
            XCTAssertNotNil(result.document, path)
        }
    }

    /// `title-truncated` counts what the pictures show: a disabled panel
    /// open at load shows its lock (cannot be closed), a closed one its
    /// slashed circle (cannot be opened); either takes the mark's room.
    func testTitleTruncatedFollowsTheMarkADisabledHeaderShows() throws {
        let title = "A disabled header that is open shows a lock beside its title"
        let spec = """
            accordion: 1
            container: {width: 320, expansion: multiple, expanded: [open]}
            panels:
              - {id: open, title: \(title), disabled: true}
              - {id: closed, title: \(title), disabled: true}
            """
        let result = SpecLoader.load(Array(spec.utf8), source: "disabled.yaml")
        let messages = result.diagnostics.filter { $0.rule == "title-truncated" }.map(\.message)
        XCTAssertEqual(messages.count, 2, messages.joined(separator: "\n"))
        // Open (a lock: cannot be closed) or closed (a slashed circle: cannot be opened), a disabled header shows a mark.
        for message in messages {
            XCTAssertTrue(message.contains("shows 22 of its 60 characters (\u{201C}A disabled header that\u{2026}\u{201D})")
                          && message.hasSuffix("beside its mark"), message)
        }
    }

    func testArticleDemoDecodesToTheArticlesValues() throws {
        let result = SpecLoader.load(try Repo.bytes("samples/article-demo.yaml"), source: "article-demo.yaml")
        let doc = try XCTUnwrap(result.document)
        XCTAssertEqual(doc.title, "ExpandableViewController demo")
        XCTAssertEqual(doc.panels.map(\.id), ["VC1", "VC2", "VC3"])
        XCTAssertEqual(doc.panels.map(\.color), [0x1ABC_9CFF, 0x3498_DBFF, 0x9B59_B6FF])
        XCTAssertEqual(doc.panels.map(\.titleColor), [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])
        XCTAssertEqual(doc.panels.map(\.headerHeight), [44, 44, 44])
        XCTAssertEqual(doc.expandedIndex, 0)
        // The format's defaults, measured by the format's text measure (version 2).
        var container = ContainerSpec()
        container.textMeasure = TextMeasurer(FontTextMeasure())
        // The format's dark appearance has a black background (the model's default is the light one).
        container.darkBackground = Palette.darkBackground
        XCTAssertEqual(doc.container, container)
        XCTAssertNotEqual(doc.container, ContainerSpec(), "the loader sets the measure")
        XCTAssertEqual(doc.steps, [Step(.tap(panel: 2)), Step(.wait(seconds: 0.5)), Step(.tap(panel: 1))])
    }

    /// `lang` and `dir` are read at the three levels that write them and
    /// inherited downwards; a spec that writes none keeps `auto` and no language.
    func testLangAndDirAreReadAtEveryLevelAndInherited() throws {
        let doc = try XCTUnwrap(SpecLoader.load(try Repo.bytes("Tests/Fixtures/validate/valid/lang-and-dir.yaml"),
                                                source: "lang-and-dir.yaml").document)
        let top = doc.container.writing
        XCTAssertEqual(top, Writing(lang: "ar", dir: .rtl))
        XCTAssertEqual(doc.panels[0].writing, PanelWriting(), "writes nothing: inherits")
        XCTAssertEqual(doc.panels[0].writing(in: top).panel, top)
        XCTAssertEqual(doc.panels[0].writing(in: top).content, top)
        XCTAssertEqual(doc.panels[1].writing(in: top).panel, Writing(lang: "en-GB", dir: .ltr))
        XCTAssertEqual(doc.panels[1].writing(in: top).content, Writing(lang: "en-GB", dir: .ltr), "content inherits its panel's")
        XCTAssertEqual(doc.panels[2].writing(in: top).panel, top)
        XCTAssertEqual(doc.panels[2].writing(in: top).content, Writing(lang: "en", dir: .auto))
        // A setPanels definition is read by the same function.
        let later = try XCTUnwrap(loadSpec("""
            accordion: 1
            dir: rtl
            panels: [{id: a, title: A}]
            script:
              - setPanels: [a, {id: b, title: B, lang: he, content: {text: x, dir: ltr}}]
            """).document)
        XCTAssertEqual(later.panels[0].writing(in: later.container.writing).panel.direction, .rtl)
        guard case .setPanels(let stack)? = later.steps.first?.action else { return XCTFail("\(later.steps)") }
        XCTAssertEqual(stack[1].writing, PanelWriting(panel: Writing(lang: "he"), content: Writing(dir: .ltr)))
        XCTAssertEqual(stack[1].writing(in: later.container.writing).content, Writing(lang: "he", dir: .ltr))
        let plain = try XCTUnwrap(loadSpec("accordion: 1\npanels: [{id: a, title: A, content: {text: x}}]\n").document)
        XCTAssertEqual(plain.container.writing, Writing())
        XCTAssertEqual(plain.panels[0].writing(in: plain.container.writing).content.direction, .auto)
        XCTAssertNil(plain.panels[0].writing(in: plain.container.writing).content.lang)
    }

    func testDefaultsAreApplied() throws {
        var text = "accordion: 1\ncontainer: {headerHeight: 50}\npanels:\n"
        for i in 0..<10 { text += "  - {id: p\(i), title: P\(i)}\n" }
        let doc = try XCTUnwrap(loadSpec(text).document)
        XCTAssertNil(doc.title)
        XCTAssertEqual(doc.container.width, 375)
        XCTAssertEqual(doc.container.height, 667)
        XCTAssertEqual(doc.container.layout, .fill)
        XCTAssertEqual(doc.container.duration, 0.3)
        XCTAssertEqual(doc.container.curve, .easeInOut)
        XCTAssertEqual(doc.container.background, 0xFFFF_FFFF)
        XCTAssertEqual(doc.panels.map(\.color), (0..<10).map { Palette.color(at: $0) })
        XCTAssertEqual(doc.panels[8].color, Palette.colors[0], "the palette cycles")
        XCTAssertTrue(doc.panels.allSatisfy { $0.headerHeight == 50 && $0.titleColor == 0xFFFF_FFFF && $0.contentHeight == nil })
        XCTAssertEqual(doc.expandedIndex, 0)
        XCTAssertEqual(doc.steps, [])
    }

    func testExpandedDefaultsToNoneWithoutPanelsAndNullMeansNone() throws {
        XCTAssertNil(try XCTUnwrap(loadSpec("accordion: 1\npanels: []\n").document).expandedIndex)
        let none = "accordion: 1\ncontainer: {expanded: null}\npanels: [{id: a, title: A}]\n"
        XCTAssertNil(try XCTUnwrap(loadSpec(none).document).expandedIndex)
        let byId = "accordion: 1\ncontainer: {expanded: b}\npanels: [{id: a, title: A}, {id: b, title: B}]\n"
        XCTAssertEqual(try XCTUnwrap(loadSpec(byId).document).expandedIndex, 1)
    }

    func testColourForms() throws {
        let text = """
        accordion: 1
        container: {background: '#abcdef'}
        panels:
          - {id: a, title: A, color: '#1ABC9C', titleColor: '#1abc9c80'}
          - {id: b, title: B, color: 4294967295, titleColor: 0}
          - {id: c, title: C, color: 0x3498DBFF}
        """
        let doc = try XCTUnwrap(loadSpec(text).document)
        XCTAssertEqual(doc.container.background, 0xABCD_EFFF)
        XCTAssertEqual(doc.panels.map(\.color), [0x1ABC_9CFF, 0xFFFF_FFFF, 0x3498_DBFF])
        XCTAssertEqual(doc.panels.map(\.titleColor), [0x1ABC_9C80, 0, 0xFFFF_FFFF])
    }

    func testReferencesResolveAgainstTheStackAtEachStep() throws {
        let text = """
        accordion: 1
        panels: [{id: a, title: A}, {id: b, title: B}, {id: c, title: C}]
        script:
          - tap: c
          - setPanels: [c, {id: d, title: D, headerHeight: 30}, a]
          - tap: d
          - tap: a
          - expand: 0
          - expand: null
          - tap: 1.0
        """
        let doc = try XCTUnwrap(loadSpec(text).document)
        var d = PanelSpec(id: "d", title: "D", color: Palette.color(at: 1), headerHeight: 30)
        d.derivesDarkColor = true
        let a = doc.panels[0], c = doc.panels[2]
        XCTAssertEqual(doc.steps, [
            Step(.tap(panel: 2)),
            Step(.setPanels([c, d, a])),
            Step(.tap(panel: 1)),
            Step(.tap(panel: 2)),
            Step(.expand(panel: 0)),
            Step(.expand(panel: nil)),
            Step(.tap(panel: 1)),
        ])
    }

    func testAtTimesAndOtherStepsDecode() throws {
        let text = """
        accordion: 1
        panels: [{id: a, title: A}, {id: b, title: B}]
        script:
          - tap: b
            at: 1.5
          - resize: {width: 667, height: 375}
            at: 2
          - present: Compose
          - dismiss: true
          - wait: 0.25
        """
        let doc = try XCTUnwrap(loadSpec(text).document)
        XCTAssertEqual(doc.steps, [
            Step(.tap(panel: 1), at: 1.5),
            Step(.resize(width: 667, height: 375), at: 2),
            Step(.present(title: "Compose")),
            Step(.dismiss),
            Step(.wait(seconds: 0.25)),
        ])
    }

    func testWarningsAloneStillGiveADocument() throws {
        let result = loadSpec("accordion: 1\ntitle: yes\npanels: []\n")
        XCTAssertEqual(placed(result), ["yaml11-boolean@2:8"])
        XCTAssertEqual(result.diagnostics.first?.severity, .warning)
        XCTAssertEqual(result.document?.title, "yes")
    }

    func testAnErrorMeansNoDocument() {
        let result = loadSpec("accordion: 1\npanels: [{id: a, title: A}]\nscript: [{tap: b}]\n")
        XCTAssertTrue(result.hasErrors)
        XCTAssertNil(result.document)
    }

    func testYAMLErrorsComeThroughWithTheirOwnRule() {
        let result = loadSpec("accordion: 1\naccordion: 1\npanels: []\n")
        XCTAssertEqual(result.diagnostics.first?.rule, "yaml-duplicate-key")
        XCTAssertNil(result.document)
    }

    // MARK: - Semantic rules, one by one

    private let three = "panels: [{id: VC1, title: One}, {id: VC2, title: Two}, {id: VC3, title: Three}]\n"

    func testDuplicatePanelIdPointsAtTheFirstDefinition() throws {
        let result = loadSpec("accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: a, title: B}\n")
        XCTAssertEqual(placed(result), ["duplicate-panel-id@4:10"])
        let related = try XCTUnwrap(result.diagnostics.first?.related.first)
        XCTAssertEqual(related.message, "first defined here")
        XCTAssertEqual(related.span.start.line, 3)
        XCTAssertEqual(related.span.start.column, 10)
        XCTAssertEqual(result.diagnostics.first?.instancePath, "/panels/1/id")
    }

    func testUnknownTapTargetSuggestsTheClosestId() {
        let result = loadSpec("accordion: 1\n" + three + "script:\n  - tap: VC4\n  - tap: vc2\n")
        XCTAssertEqual(placed(result), ["unknown-panel-id@4:10", "unknown-panel-id@5:10"])
        XCTAssertEqual(result.diagnostics[1].help, "did you mean `VC2`?")
    }

    func testIndexOutOfRangeNamesTheRange() {
        let result = loadSpec("accordion: 1\ncontainer: {expanded: 3}\n" + three)
        XCTAssertEqual(placed(result), ["panel-index-out-of-range@2:23"])
        XCTAssertTrue(result.diagnostics[0].message.contains("0 to 2"), result.diagnostics[0].message)
    }

    func testTapOnAPanelThatSetPanelsRemoved() throws {
        let result = loadSpec("accordion: 1\n" + three + "script:\n  - setPanels: [VC1]\n  - tap: VC3\n")
        XCTAssertEqual(placed(result), ["unknown-panel-id@5:10"])
        let d = result.diagnostics[0]
        XCTAssertEqual(d.message, "panel `VC3` is not in the stack at this step")
        XCTAssertTrue(d.help?.contains("line 4") ?? false, d.help ?? "")
        XCTAssertEqual(d.related.first?.span.start.line, 2)
    }

    func testHeadersOverflowShowsSumAndHeight() {
        let result = loadSpec("accordion: 1\ncontainer: {height: 100, headerHeight: 40}\n" + three)
        XCTAssertEqual(placed(result), ["headers-overflow@2:21"])
        XCTAssertTrue(result.diagnostics[0].message.contains("120"), result.diagnostics[0].message)
        XCTAssertTrue(result.diagnostics[0].message.contains("100"), result.diagnostics[0].message)
    }

    func testHeadersOverflowAfterResizeAndAfterSetPanels() {
        let text = "accordion: 1\ncontainer: {height: 200}\n" + three + """
        script:
          - resize: {width: 300, height: 100}
          - resize: {width: 300, height: 200}
          - setPanels: [VC1, VC2, VC3, {id: VC4, title: Four}, {id: VC5, title: Five}]
        """
        XCTAssertEqual(placed(loadSpec(text)), ["headers-overflow@5:5", "headers-overflow@7:5"])
    }

    func testAtEarlierThanTheClockAsTheModelPlacesIt() {
        // The untimed second tap happens when the first transition ends (0.3 s).
        let text = "accordion: 1\n" + three + "script:\n  - tap: VC2\n  - tap: VC3\n  - tap: VC1\n    at: 0.2\n"
        let result = loadSpec(text)
        XCTAssertEqual(placed(result), ["at-out-of-order@7:9"])
        XCTAssertTrue(result.diagnostics[0].message.contains("0.3"), result.diagnostics[0].message)
    }

    func testEqualTimesWithinTheToleranceAreFine() {
        let text = "accordion: 1\n" + three + "script:\n  - wait: 0.1\n  - wait: 0.2\n  - tap: VC1\n    at: 0.3\n"
        XCTAssertEqual(placed(loadSpec(text)), [])
    }

    func testModalRules() {
        let base = "accordion: 1\n" + three + "script:\n"
        XCTAssertEqual(placed(loadSpec(base + "  - tap: VC1\n  - present: X\n")), ["present-without-panel@5:5"])
        XCTAssertEqual(placed(loadSpec(base + "  - present: X\n  - present: Other\n")), ["modal-already-presented@5:5"])
        XCTAssertEqual(placed(loadSpec(base + "  - present: X\n  - expand: VC2\n")), ["step-blocked-by-modal@5:5"])
        XCTAssertEqual(placed(loadSpec(base + "  - present: X\n  - setPanels: [VC2]\n")), ["step-blocked-by-modal@5:5"])
        XCTAssertEqual(placed(loadSpec(base + "  - dismiss: true\n")), ["dismiss-without-modal@4:5"])
        // Taps under a modal are legal, but the model ignores them: a warning.
        let underModal = loadSpec(base + "  - present: X\n  - tap: VC2\n  - dismiss: true\n  - tap: VC2\n")
        XCTAssertEqual(placed(underModal), ["tap-ignored@5:5"])
        XCTAssertEqual(underModal.diagnostics.first?.severity, .warning)
        XCTAssertNotNil(underModal.document)
        // After a tap that collapses, a later expand makes present legal again.
        XCTAssertEqual(placed(loadSpec(base + "  - tap: VC1\n  - expand: VC3\n  - present: X\n")), [])
    }

    func testPresentDuringACollapsingTransitionIsRejected() {
        let text = "accordion: 1\n" + three + "script:\n  - tap: VC1\n  - present: X\n    at: 0.1\n"
        XCTAssertEqual(placed(loadSpec(text)), ["present-without-panel@5:5"])
    }

    func testTapIgnoredSaysWhyAndHowToFix() throws {
        let base = "accordion: 1\n" + three + "script:\n"
        let during = loadSpec(base + "  - tap: VC2\n  - tap: VC3\n    at: 0.1\n  - tap: VC1\n")
        XCTAssertEqual(placed(during), ["tap-ignored@5:5"])
        let warning = try XCTUnwrap(during.diagnostics.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.message, "this tap at 0.1 s is ignored: the transition started by the tap at line 4 runs until 0.3 s, and taps are ignored while a transition runs (`interruption: ignore`)")
        XCTAssertEqual(warning.help, "drop `at:` so the tap waits until the container is idle, or set `at: 0.3` or later; or set `interruption: finish` or `interruption: retarget` on the container to let a tap interrupt a running transition")
        XCTAssertEqual(warning.related.map(\.span.start.line), [4])
        XCTAssertEqual(during.document?.steps.count, 3)
        // At the transition's end the tap acts: no warning.
        XCTAssertEqual(placed(loadSpec(base + "  - tap: VC2\n  - tap: VC3\n    at: 0.3\n")), [])
        let modal = loadSpec(base + "  - present: Compose\n  - {tap: VC2, at: 2}\n")
        XCTAssertEqual(modal.diagnostics.map(\.message), ["this tap is ignored: the modal \"Compose\" presented at line 4 is still up, and taps are ignored under a modal"])
    }

    func testTapIgnoredStaysQuietWhenAnEarlierStepCouldNotRun() {
        let base = "accordion: 1\n" + three + "script:\n"
        // The unknown tap might have started a transition of its own.
        XCTAssertEqual(placed(loadSpec(base + "  - tap: VC2\n  - tap: nope\n  - tap: VC3\n    at: 0.1\n")), ["unknown-panel-id@5:10"])
        // The dismiss set too early might have taken the modal away.
        XCTAssertEqual(placed(loadSpec(base + "  - present: X\n    at: 1\n  - dismiss: true\n    at: 0.5\n  - tap: VC2\n")),
                       ["at-out-of-order@7:9"])
    }

    func testNoFollowOnErrorsAfterAStepThatCouldNotRun() {
        // The present fails; the dismiss that goes with it is not reported again.
        let text = "accordion: 1\n" + three + "script:\n  - tap: VC1\n  - present: X\n  - dismiss: true\n"
        XCTAssertEqual(placed(loadSpec(text)), ["present-without-panel@5:5"])
    }

    func testSetPanelsIdentityRules() {
        let text = "accordion: 1\n" + three + """
        script:
          - setPanels:
              - VC1
              - VC9
              - {id: VC2, title: Again}
              - VC1
          - setPanels: [{id: VC4, title: Four}]
          - setPanels: [VC4, VC1]
        """
        XCTAssertEqual(placed(loadSpec(text)),
                       ["unknown-panel-id@6:9", "duplicate-panel-id@7:14", "duplicate-panel-id@8:9"])
    }

    func testYAML11BooleansWhereTextIsExpected() {
        let text = """
        accordion: 1
        title: Off
        panels:
          - {id: y, title: No}
          - {id: b, title: 'Yes'}
        script:
          - present: on
        """
        let result = loadSpec(text)
        XCTAssertEqual(placed(result), ["yaml11-boolean@2:8", "yaml11-boolean@4:10", "yaml11-boolean@4:20", "yaml11-boolean@7:14"])
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.severity == .warning })
        XCTAssertEqual(result.diagnostics[0].help, "quote it so every YAML reader agrees it is text: 'Off'")
    }

    func testContentHeightOverflowInFitOnly() {
        let fit = "accordion: 1\ncontainer: {height: 245, layout: fit}\npanels:\n  - {id: a, title: A, contentHeight: 158}\n  - {id: b, title: B, contentHeight: 156}\n"
        XCTAssertEqual(placed(loadSpec(fit)), ["content-height-overflow@4:38"])
        // In fill no content height is used, so none overflows: each is unused instead.
        let fill = fit.replacingOccurrences(of: "layout: fit", with: "layout: fill")
        XCTAssertEqual(placed(loadSpec(fill)), ["content-height-unused@4:38", "content-height-unused@5:38"])
        let unused = loadSpec(fill).diagnostics[0]
        XCTAssertEqual(unused.severity, .warning)
        XCTAssertEqual(unused.instancePath, "/panels/0/contentHeight")
        XCTAssertEqual(unused.related.map(\.span.start.line), [2], "the note points at `layout: fill`")
        // The default layout is fill; a misspelt layout is the schema's to report.
        XCTAssertEqual(placed(loadSpec(fill.replacingOccurrences(of: ", layout: fill", with: ""))),
                       ["content-height-unused@4:38", "content-height-unused@5:38"])
        XCTAssertEqual(placed(loadSpec(fill.replacingOccurrences(of: "layout: fill", with: "layout: fits"))), ["schema-enum@2:34"])
        XCTAssertEqual(placed(loadSpec(fill.replacingOccurrences(of: "158", with: "null").replacingOccurrences(of: "156", with: "null"))), [])
    }

    func testHeaderColourWithAlphaZeroAndHexWithoutAlpha() {
        let text = "accordion: 1\npanels:\n  - {id: a, title: A, color: 0x1ABC9C00, titleColor: 0x00000000}\n  - {id: b, title: B, color: 0xFFFFFF}\n"
        let result = loadSpec(text)
        XCTAssertEqual(placed(result), ["invisible-header@3:30", "colour-without-alpha@4:30"])
        XCTAssertEqual(result.diagnostics[1].help, "colours carry their alpha last; for an opaque colour write 0xFFFFFFFF (or '#FFFFFF')")
        XCTAssertNotNil(result.document)
    }

    func testEveryRuleIdHasAnExplanation() {
        let ids = RuleCatalog.all.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "duplicate catalog ids")
        for r in RuleCatalog.all {
            XCTAssertFalse(r.summary.isEmpty || r.why.isEmpty || r.example.isEmpty, r.id)
        }
        XCTAssertEqual(RuleCatalog.suggestion(for: "dupliate-panel-id"), "duplicate-panel-id")
        XCTAssertNil(RuleCatalog.rule("no-such-rule"))
    }
}

/// Large specs take the two-thread path (schema and rules side by side):
/// it must find and report exactly what each pass finds.
final class ParallelCheckTests: XCTestCase {
    private func spec(panels: Int, badColorAt: Int? = nil, duplicateAt: Int? = nil) -> String {
        // Tall enough for every header of the large spec.
        var lines = ["accordion: 1", "container:", "  height: 200000", "panels:"]
        for i in 0..<panels {
            let id = i == duplicateAt ? "p0" : "p\(i)"
            lines.append("  - id: \(id)")
            lines.append("    title: Panel \(i)")
            lines.append("    color: \(i == badColorAt ? "\"#12\"" : "0x336699FF")")
        }
        lines.append("script:")
        lines.append("  - tap: p1")
        return lines.joined(separator: "\n") + "\n"
    }

    func testALargeValidSpecDecodes() throws {
        // 3,000 panels: ~21,000 nodes, over the threshold for two threads.
        let result = SpecLoader.load(Array(spec(panels: 3_000).utf8), source: "big.yaml")
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        XCTAssertEqual(result.document?.panels.count, 3_000)
    }

    func testALargeSpecReportsSchemaAndRuleErrorsTogether() throws {
        let result = SpecLoader.load(Array(spec(panels: 3_000, badColorAt: 2_500, duplicateAt: 2_900).utf8),
                                     source: "big.yaml")
        let rules = Set(result.diagnostics.map(\.rule))
        XCTAssertTrue(rules.contains("schema-pattern"), "\(rules)")
        XCTAssertTrue(rules.contains("duplicate-panel-id"), "\(rules)")
        XCTAssertNil(result.document)
        let colour = result.diagnostics.first { $0.rule == "schema-pattern" }
        XCTAssertEqual(colour?.span.start.line, 5 + 2_500 * 3 + 2)
        XCTAssertEqual(colour?.instancePath, "/panels/2500/color")
    }

    func testTheLargePathAgreesWithTheSmallOne() throws {
        // The same problems in a small spec (one thread) and a large one (two):
        // the rules and messages found must be the same.
        let small = SpecLoader.load(Array(spec(panels: 30, badColorAt: 20, duplicateAt: 25).utf8), source: "s.yaml")
        let large = SpecLoader.load(Array(spec(panels: 3_000, badColorAt: 20, duplicateAt: 25).utf8), source: "s.yaml")
        XCTAssertEqual(Set(small.diagnostics.map(\.rule)).intersection(["schema-pattern", "duplicate-panel-id"]).count, 2)
        XCTAssertEqual(small.diagnostics.map(\.rule), large.diagnostics.map(\.rule))
        XCTAssertEqual(small.diagnostics.map(\.span.start), large.diagnostics.map(\.span.start))
    }
}
