import AccordionDiagnostics
import AccordionModel
import XCTest

@testable import AccordionSpec

/// What `validate` says about header accessories: a subtitle a header is
/// too low for (as loaded and as an update gives it), a title cut beside
/// its detail, and accessories read from the spec and from updates.
final class HeaderAccessoryRuleTests: XCTestCase {
    func diagnostics(_ spec: String) -> [Diagnostic] {
        SpecLoader.load(Array(spec.utf8), source: "spec.yaml").diagnostics
    }

    func testASubtitleTooLowForItsHeaderIsReportedWhereItIsWritten() {
        let found = diagnostics("""
            accordion: 1
            panels:
              - {id: low, title: Low, subtitle: Hidden, headerHeight: 36}
              - {id: tall, title: Tall, subtitle: Shown, headerHeight: 44}
            script:
              - update: {panel: tall, subtitle: Still shown}
              - update: {panel: low, subtitle: Still hidden}
            """).filter { $0.rule == "subtitle-does-not-fit" }
        XCTAssertEqual(found.map { "\($0.span.start.line):\($0.span.start.column)" }, ["3:37", "7:36"])
        XCTAssertEqual(found.map(\.instancePath), ["/panels/0/subtitle", "/script/1/update/subtitle"])
        XCTAssertEqual(found[0].message, "the subtitle of panel `low` is not drawn: a header 36 points tall has no room "
                       + "for a second line under its 15.1-point title (the two lines need 39.8 points)")
        XCTAssertEqual(found[0].help, "give the panel `headerHeight: 44` or more (the title's size grows with its header "
                       + "up to 17 points), or remove the subtitle")
        XCTAssertEqual(found.map(\.severity), [.warning, .warning])
    }

    func testATitleCutBesideItsDetailSaysWhatTakesItsRoom() {
        let found = diagnostics("""
            accordion: 1
            panels:
              - {id: pay, title: Which payment methods do you accept for orders abroad?, detail: Visa, icon: creditcard, badge: '2'}
            """).filter { $0.rule == "title-truncated" }
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.hasSuffix("beside its icon, its badge, its detail and its mark"), found[0].message)
        XCTAssertTrue(found[0].help?.hasPrefix("shorten the title or the detail, or widen the container to") == true, found[0].help ?? "")
    }

    func testAccessoriesAreReadAndUpdated() throws {
        let result = SpecLoader.load(Array("""
            accordion: 1
            panels:
              - {id: mail, title: Mail, badge: '3', detail: Home, subtitle: Two lines, icon: envelope}
            script:
              - update: {panel: mail, badge: null, icon: star, detail: Away}
            """.utf8), source: "spec.yaml")
        let document = try XCTUnwrap(result.document, "\(result.diagnostics)")
        XCTAssertEqual(document.panels[0].accessories,
                       HeaderAccessories(badge: "3", detail: "Home", subtitle: "Two lines", icon: .envelope))
        guard case .update(_, let update)? = document.steps.first?.action else { return XCTFail("\(document.steps)") }
        XCTAssertEqual(update.applied(to: document.panels[0]).accessories,
                       HeaderAccessories(detail: "Away", subtitle: "Two lines", icon: .star))
    }

    func testColoursPerAppearanceAreReadAndCheckedInEach() throws {
        let result = SpecLoader.load(Array("""
            accordion: 1
            container: {background: {light: '#FFFFFF', dark: '#101012'}}
            panels:
              - {id: a, title: A, color: {light: '#0064D2', dark: '#8AB4F8'}}
              - {id: b, title: B}
              - {id: c, title: C, color: '#1D7A36'}
            """.utf8), source: "spec.yaml")
        let document = try XCTUnwrap(result.document)
        XCTAssertEqual(document.panels[0].color, 0x0064_D2FF)
        XCTAssertEqual(document.panels[0].dark, DarkColors(color: 0x8AB4_F8FF, titleColor: 0xFFFF_FFFF))
        // The palette's dark variant; a colour written once is both.
        XCTAssertEqual(document.panels[1].dark, DarkColors(color: Palette.darkColor(at: 1), titleColor: 0xFFFF_FFFF))
        XCTAssertNil(document.panels[2].dark)
        XCTAssertEqual(document.container.darkBackground, 0x1010_12FF)
        let low = result.diagnostics.filter { $0.rule == "low-contrast" }
        XCTAssertEqual(low.count, 1)
        XCTAssertTrue(low[0].message.hasPrefix("in the dark appearance, the title, white by default, on header colour '#8AB4F8'"), low[0].message)
        XCTAssertEqual("\(low[0].span.start.line):\(low[0].span.start.column)", "4:55")
        XCTAssertTrue(low[0].help?.contains("`dark: '#") == true, low[0].help ?? "")
    }

    /// A colour pair needs both halves and nothing else, each problem at its place.
    func testAColourPairMissingAHalfOrWithAnotherKeyIsLocated() {
        let found = diagnostics("""
            accordion: 1
            panels:
              - {id: a, title: A, color: {light: "#0064D2"}}
              - {id: b, title: B, color: {light: "#0064D2", dark: "#0A4A9E", dim: 1}}
            """)
        XCTAssertEqual(found.map { "\($0.span.start.line):\($0.span.start.column) \($0.rule) \($0.message)" },
                       ["3:30 schema-required missing required key `dark`",
                        "4:66 schema-additional-properties unknown key `dim`"])
        XCTAssertEqual(found.map(\.help), ["add `dark:` to this mapping", "allowed keys here: `dark`, `light`"])
    }
}
