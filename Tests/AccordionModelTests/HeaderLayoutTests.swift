import XCTest

@testable import AccordionModel

/// The one rule that places a header's title and accessories
/// (`HeaderLayout`), on the model's own measure (0.55 em a Latin letter,
/// times 1.2 for the semibold titles): at a 17-point title, 11.22 points a letter.
final class HeaderLayoutTests: XCTestCase {
    let measure = ScalarTextMeasure()
    let letter = 0.55 * 17 * 1.2

    func layout(_ title: String, _ a: HeaderAccessories, width: Double = 375, height: Double = 44) -> HeaderLayout {
        HeaderLayout(title: title, accessories: a, headerWidth: width, headerHeight: height, measure: measure)
    }

    func testWithoutAccessoriesTheTitleIsHeaderTitlesFit() {
        for title in ["Inbox", "Which payment methods do you accept for orders abroad?", "", "a b c d e f g h i j k l m n o p q r s"] {
            for (width, height) in [(375.0, 44.0), (200, 30), (120, 12), (375, 80)] {
                let l = layout(title, HeaderAccessories(), width: width, height: height)
                XCTAssertEqual(l.title, HeaderTitle.fit(title, headerWidth: width, headerHeight: height, hidesMark: false,
                                                        measure: measure), "\(title) in \(width) × \(height)")
                XCTAssertEqual(l.titleStart, 16)
                XCTAssertNil(l.badge)
                XCTAssertNil(l.detail)
                XCTAssertNil(l.subtitle)
            }
        }
    }

    func testTheIconTheBadgeAndTheDetailTakeTheirPlaces() {
        let l = layout("Mail", HeaderAccessories(badge: "12", detail: "Home", icon: .envelope))
        XCTAssertEqual(l.icon, HeaderLayout.PlacedIcon(symbol: .envelope, start: 16))
        XCTAssertEqual(l.iconSize, 20.4, accuracy: 1e-9)
        XCTAssertEqual(l.titleStart, 16 + 20.4 + 8, accuracy: 1e-9)
        XCTAssertEqual(l.titleWidth, 4 * letter, accuracy: 1e-9)
        let badge = try! XCTUnwrap(l.badge)
        // The pill: 12.75-point text, 19.125 points tall, the text's width and half its size on each side.
        XCTAssertEqual(badge.start, l.titleStart + l.titleWidth + 6, accuracy: 1e-9)
        XCTAssertEqual(badge.fontSize, 12.75, accuracy: 1e-9)
        XCTAssertEqual(badge.height, 19.125, accuracy: 1e-9)
        XCTAssertEqual(badge.width, 2 * 0.55 * 12.75 * 1.2 + 12.75, accuracy: 1e-9)
        // Centred on the title's line, which is the header's middle.
        XCTAssertEqual(badge.top + badge.height / 2, 22, accuracy: 1e-9)
        let detail = try! XCTUnwrap(l.detail)
        // It ends where the mark's 24 points and the 16 of padding begin.
        XCTAssertEqual(detail.start + detail.width, 375 - 40, accuracy: 1e-9)
        XCTAssertEqual(detail.text, "Home")
        XCTAssertFalse(l.detailTruncated)
        // A header too low for a mark: the detail ends 16 points from the edge.
        let low = layout("Mail", HeaderAccessories(detail: "Home"), height: 10)
        XCTAssertEqual(low.detail!.start + low.detail!.width, 375 - 16, accuracy: 1e-9)
    }

    func testTheTitleGivesWayFirstThenTheDetail() {
        let detail = "Visa and Mastercard"  // 19 letters: 213.18 points
        let long = "Which payment methods do you accept for orders abroad?"
        let l = layout(long, HeaderAccessories(detail: detail))
        // Room: 375 − 32 − 24 = 319; the title gets 319 − 8 − 213.18 = 97.82: 7 letters and the ellipsis.
        XCTAssertEqual(l.title.text, "Which p\u{2026}")
        XCTAssertEqual(l.detail?.text, detail)
        XCTAssertFalse(l.detailTruncated)
        // A detail too long for what the title's one cluster and ellipsis leave is cut too.
        let both = layout(long, HeaderAccessories(detail: String(repeating: "x", count: 40)))
        XCTAssertEqual(both.title.text, "W\u{2026}")
        XCTAssertTrue(both.detailTruncated)
        XCTAssertTrue(both.detail!.text.hasSuffix("\u{2026}"))
        XCTAssertLessThanOrEqual(both.titleWidth + 8 + both.detail!.width, 319 + 1e-9)
        // The icon and the badge keep their width.
        let crowded = layout(long, HeaderAccessories(badge: "99+", detail: "On", icon: .gear))
        XCTAssertEqual(crowded.iconSize, 20.4, accuracy: 1e-9)
        XCTAssertEqual(crowded.badge!.width, 3 * 0.55 * 12.75 * 1.2 + 12.75, accuracy: 1e-9)
        XCTAssertGreaterThan(crowded.badge!.start + crowded.badge!.width + 8 + letter, crowded.detail!.start,
                             "the title left no room a letter would fill")
        XCTAssertLessThanOrEqual(crowded.badge!.start + crowded.badge!.width, crowded.detail!.start + 1e-9)
    }

    func testASubtitleNeedsTwoLines() {
        XCTAssertEqual(HeaderLayout.leastSubtitleHeaderHeight, 43.7, accuracy: 1e-9)
        let tall = layout("Software Update", HeaderAccessories(subtitle: "iOS 19.2 is available"), height: 44)
        XCTAssertEqual(tall.subtitle?.text, "iOS 19.2 is available")
        XCTAssertEqual(tall.subtitle!.fontSize, 12.75, accuracy: 1e-9)
        XCTAssertEqual(tall.titleBaseline, 22 - 1.7, accuracy: 1e-9)
        XCTAssertEqual(tall.subtitle!.baseline, 22 + 0.8625 * 17, accuracy: 1e-9)
        XCTAssertFalse(tall.subtitleDoesNotFit)
        for height in [43.6, 40, 30] {
            let low = layout("Software Update", HeaderAccessories(subtitle: "iOS 19.2 is available"), height: height)
            XCTAssertNil(low.subtitle, "\(height)")
            XCTAssertTrue(low.subtitleDoesNotFit, "\(height)")
            XCTAssertEqual(low.titleBaseline, height / 2 + 0.35 * low.fontSize, accuracy: 1e-9)
        }
    }

    func testSeparatorsLieOnEveryHeaderBelowAnotherOfItsColour() {
        func frame(_ i: Int, _ color: RGBA) -> PanelFrame {
            PanelFrame(index: i, panel: PanelSpec(id: "p\(i)", title: "P", color: color, headerHeight: 44),
                       header: Rect(x: 0, y: Double(i) * 44, width: 375, height: 44), content: nil)
        }
        let frames = [frame(0, 0x0064_D2FF), frame(1, 0x0064_D2FF), frame(2, 0xF2F2_F7FF), frame(3, 0xF2F2_F7FF), frame(4, 0x0064_D2FF)]
        let auto = HeaderSeparator.auto.lines(in: frames)
        // Dark blue takes white at 30 %, the light grey black at 20 %; different colours take none.
        XCTAssertEqual(auto.map(\.index), [1, 3])
        XCTAssertEqual(auto.map(\.color), [0xFFFF_FF4D, 0x0000_0033])
        XCTAssertEqual(auto.map(\.thickness), [1, 1])
        XCTAssertTrue(HeaderSeparator.none.lines(in: frames).isEmpty)
        let line = HeaderSeparator.line(color: 0xFF00_00FF, thickness: 2).lines(in: frames)
        XCTAssertEqual(line.map(\.index), [1, 2, 3, 4])
        XCTAssertEqual(Set(line.map(\.color)), [0xFF00_00FF])
    }

    func testLightAndDarkFollowRelativeLuminance() {
        XCTAssertTrue(HeaderSeparator.isLight(0xFFFF_FFFF))
        XCTAssertTrue(HeaderSeparator.isLight(0xC6C6_C8FF))
        XCTAssertFalse(HeaderSeparator.isLight(0x0000_00FF))
        XCTAssertFalse(HeaderSeparator.isLight(0x0064_D2FF))
        // Mid grey #808080 has a luminance of 0.216; #AAAAAA 0.402.
        XCTAssertFalse(HeaderSeparator.isLight(0x8080_80FF))
        XCTAssertTrue(HeaderSeparator.isLight(0xAAAA_AAFF))
        // A translucent colour is painted over white first.
        XCTAssertTrue(HeaderSeparator.isLight(0x0000_0010))
    }

    func testAnUpdateChangesAndRemovesAccessories() {
        var panel = PanelSpec(id: "mail", title: "Mail", color: 0, headerHeight: 44,
                              accessories: HeaderAccessories(badge: "3", detail: "x", icon: .envelope))
        panel = PanelUpdate(badge: .some("4"), detail: .some(nil), subtitle: .some("New")).applied(to: panel)
        XCTAssertEqual(panel.accessories, HeaderAccessories(badge: "4", subtitle: "New", icon: .envelope))
        XCTAssertEqual(PanelUpdate(badge: .some("4"), detail: .some(nil), subtitle: .some("New")).names,
                       ["badge", "detail", "subtitle"])
        panel = PanelUpdate(badge: .some(nil), subtitle: .some(nil), icon: .some(nil)).applied(to: panel)
        XCTAssertTrue(panel.accessories.isEmpty)
        // A panel without accessories pays one word for them.
        XCTAssertEqual(panel, PanelSpec(id: "mail", title: "Mail", color: 0, headerHeight: 44))
    }

    /// Accessories, a panel's own language and direction, and written dark
    /// colours share one box, and the palette's dark rule is a byte in
    /// padding: a panel is as large as it was before any of them (a
    /// 100,000-panel spec's memory is held to its file size).
    func testAPanelIsNoLargerForWhatFewPanelsCarry() {
        XCTAssertEqual(MemoryLayout<PanelSpec>.size, 80)
        var panel = PanelSpec(id: "a", title: "A", color: 0x1284_6DFF, headerHeight: 44)
        panel.derivesDarkColor = true
        XCTAssertEqual(panel.dark, DarkColors(color: 0x0E67_55FF, titleColor: 0xFFFF_FFFF))
        XCTAssertNil(panel.extrasBox, "the palette's dark variant is derived, not stored")
        panel.color = 0x2A7A_B0FF
        XCTAssertEqual(panel.dark?.color, 0x215F_89FF, "the variant follows the colour")
        panel.dark = DarkColors(color: 0x0A4A_9EFF, titleColor: 0xF2F2_F7FF)
        XCTAssertFalse(panel.derivesDarkColor)
        XCTAssertEqual(panel.appearing(.dark).color, 0x0A4A_9EFF)
        panel.dark = nil
        XCTAssertNil(panel.extrasBox)
        XCTAssertEqual(panel, PanelSpec(id: "a", title: "A", color: 0x2A7A_B0FF, headerHeight: 44))
    }
}
