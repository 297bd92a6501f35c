import AccordionModel
import XCTest

@testable import AccordionRender

final class JSONRenderTests: XCTestCase {
    func testDumpKeysValuesAndOrder() {
        let text = Renderer.render([Demo.settled(expanded: 0, events: Demo.loadEvents)], format: .json, steps: false)
        let expected = """
        {
          "title": "ExpandableViewController demo",
          "time": 0,
          "container": {
            "width": 375,
            "height": 667,
            "layout": "fill",
            "expansion": "single",
            "collapsible": true,
            "interruption": "ignore"
          },
          "expandedIndex": 0,
          "expandedPanel": "VC1",
          "expandedIndices": [
            0
          ],
          "visible": {
            "kind": "panel",
            "title": "View Controller 1"
          },
          "interactionEnabled": true,
          "transition": null,
          "panels": [
            {
              "index": 0,
              "id": "VC1",
              "title": "View Controller 1",
              "color": "#1ABC9CFF",
              "titleColor": "#FFFFFFFF",
              "expanded": true,
              "disabled": false,
              "header": {
                "x": 0,
                "y": 0,
                "width": 375,
                "height": 44
              },
              "content": {
                "x": 0,
                "y": 44,
                "width": 375,
                "height": 535
              }
            },
        """
        XCTAssertTrue(text.hasPrefix(expected), text)
        XCTAssertTrue(text.contains("""
              "header": {
                "x": 0,
                "y": 623,
                "width": 375,
                "height": 44
              },
              "content": null
            }
          ],
          "events": [
            {
              "time": 0,
              "event": "addChild",
              "panel": "VC1"
            },
        """), text)
        XCTAssertTrue(text.hasSuffix("}\n"))
    }

    func testNullsRoundingAndOptionalEventKeys() {
        var s = Demo.midTransition()
        s.title = nil
        s.time = 0.123456
        s.expandedIndex = nil
        s.expandedIndices = []
        s.visible = nil
        s.events.append(LogEntry(time: 0.1, event: .tapIgnored, panel: "VC2", reason: .transition))
        s.panels[1].panel.color = 0x0a0b0c0d
        let text = Renderer.render([s], format: .json, steps: false)
        XCTAssertTrue(text.contains("\"title\": null,\n  \"time\": 0.123,"), text)
        XCTAssertTrue(text.contains("\"expandedIndex\": null,\n  \"expandedPanel\": null,\n  \"expandedIndices\": [],\n  \"visible\": null,\n  \"interactionEnabled\": false,"))
        XCTAssertTrue(text.contains("\"transition\": {\n    \"from\": 0,\n    \"to\": 2,\n    \"start\": 0,\n    \"end\": 0.3,\n    \"progress\": 0.5\n  },"), text)
        XCTAssertTrue(text.contains("\"color\": \"#0A0B0C0D\""))
        XCTAssertTrue(text.contains("{\n      \"time\": 0.1,\n      \"event\": \"tapIgnored\",\n      \"panel\": \"VC2\",\n      \"reason\": \"transition\"\n    }"), text)
        XCTAssertTrue(text.contains("{\n      \"time\": 0,\n      \"event\": \"beginIgnoringInteractionEvents\"\n    }"), text)
        XCTAssertTrue(text.contains("\"y\": 355.5"))
    }

    func testStepsIsAnArrayOfDumps() {
        let text = Renderer.render([Demo.settled(expanded: 0), Demo.settled(expanded: 2)], format: .json, steps: true)
        XCTAssertTrue(text.hasPrefix("[\n  {\n    \"title\": "), text)
        XCTAssertTrue(text.hasSuffix("  }\n]\n"))
        XCTAssertEqual(Renderer.render([], format: .json, steps: true), "[]\n")
    }

    func testEmptyPanelList() {
        let s = Snapshot(title: nil, time: 0, container: ContainerSpec(), expandedIndex: nil, visible: nil,
                         interactionEnabled: true, transition: nil, panels: [], events: [])
        let text = Renderer.render([s], format: .json, steps: false)
        XCTAssertTrue(text.contains("\"panels\": [],\n  \"events\": []\n}"), text)
    }
}

final class YAMLRenderTests: XCTestCase {
    func testSameTreeAsJSONInBlockStyle() {
        let text = Renderer.render([Demo.midTransition()], format: .yaml, steps: false)
        XCTAssertTrue(text.hasPrefix("""
        title: ExpandableViewController demo
        time: 0.15
        container:
          width: 375
          height: 667
          layout: fill
          expansion: single
          collapsible: true
          interruption: ignore
        expandedIndex: 2
        expandedPanel: VC3
        expandedIndices:
          - 2
        visible:
          kind: panel
          title: View Controller 3
        interactionEnabled: false
        transition:
          from: 0
          to: 2
          start: 0
          end: 0.3
          progress: 0.5
        panels:
          - index: 0
            id: VC1
            title: View Controller 1
            color: "#1ABC9CFF"
            titleColor: "#FFFFFFFF"
            expanded: false
            disabled: false
            header:
              x: 0
              "y": 0
              width: 375
              height: 44
            content:
              x: 0
              "y": 88

        """), text)
        XCTAssertTrue(text.contains("    content: null\n"))
        XCTAssertTrue(text.contains("events:\n  - time: 0\n    event: addChild\n    panel: VC1\n"), text)
        XCTAssertTrue(text.contains("  - time: 0\n    event: beginIgnoringInteractionEvents\n  - time: 0\n"), text)
    }

    func testStringsThatWouldResolveAsSomethingElseAreQuoted() {
        for word in ["yes", "No", "ON", "off", "y", "N", "true", "False", "null", "NULL", "~", "", "123", "1.5",
                     "0x1F", ".inf", "-", "- a", "a: b", "a #b", "#c", "@x", "`x", "'q'", "\"q\"", "[a]", "{a}",
                     "a,b", "*ref", "&anchor", "!tag", "%dir", "|", ">", "? k", " lead", "trail ", "a\nb", "12:30",
                     "2001-12-14", "é", "View: Controller"] {
            let out = YAMLRender.scalar(word)
            XCTAssertTrue(out.hasPrefix("\"") && out.hasSuffix("\""), "\(word) → \(out)")
        }
        for word in ["VC1", "View Controller 1", "fill", "addChild", "mail_inbox", "a-b.c"] {
            XCTAssertEqual(YAMLRender.scalar(word), word)
        }
        XCTAssertEqual(YAMLRender.scalar("a\"b\\c\u{0}\u{1B}\u{85}\u{7F}\u{2028}\u{FEFF}\t"), "\"a\\\"b\\\\c\\0\\e\\N\\x7F\\L\\uFEFF\\t\"")
    }

    func testStepsIsASequence() {
        let text = Renderer.render([Demo.settled(expanded: 0), Demo.settled(expanded: nil)], format: .yaml, steps: true)
        XCTAssertTrue(text.hasPrefix("- title: ExpandableViewController demo\n  time: 0\n  container:\n    width: 375\n"), text)
        XCTAssertTrue(text.contains("\n- title: ExpandableViewController demo\n"))
        XCTAssertTrue(text.contains("  expandedIndex: null\n  expandedPanel: null\n  expandedIndices: []\n  visible: null\n"))
    }
}

final class TextRenderTests: XCTestCase {
    func testDrawingFitsEightyColumnsAndShowsEveryElement() {
        let text = Renderer.render([Demo.settled(expanded: 1, events: Demo.loadEvents)], format: .text, steps: false)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            XCTAssertLessThanOrEqual(Width.of(String(line)), 80, String(line))
        }
        XCTAssertTrue(text.contains("━━ View Controller 1 ━"), text)
        XCTAssertTrue(text.contains("375 × 535"))
        XCTAssertTrue(text.contains("header  2 VC3  y=623 h=44"), text)
        XCTAssertTrue(text.contains("content 1 VC2  y=88 h=535"), text)
        XCTAssertTrue(text.contains("expandedIndex 1 (VC2)"))
        XCTAssertTrue(text.contains("visible panel \u{201C}View Controller 2\u{201D}"))
        XCTAssertTrue(text.contains("settled · interaction on"))
        XCTAssertFalse(text.contains("\u{1B}["), "no colour unless asked")
    }

    func testColourUsesHeaderColoursAsTrueColourBackgrounds() {
        let text = Renderer.render([Demo.settled(expanded: 0)], format: .text, steps: false, color: true)
        XCTAssertTrue(text.contains("\u{1B}[48;2;26;188;156m\u{1B}[38;2;255;255;255m View Controller 1"), text)
    }

    func testMidTransitionShowsBothContentsAndTheTransition() {
        let text = Renderer.render([Demo.midTransition()], format: .text, steps: false)
        XCTAssertTrue(text.contains("transition 0 → 2 · 0–0.3 s · 50% · interaction off"), text)
        XCTAssertTrue(text.contains("content 0 VC1  y=88 h=535"))
        XCTAssertTrue(text.contains("content 2 VC3  y=399.5 h=535 (clipped)"), text)
    }

    func testAllCollapsedShowsTrailingBackground() {
        let text = Renderer.render([Demo.settled(expanded: nil)], format: .text, steps: false)
        XCTAssertTrue(text.contains("background  y=132 h=535"), text)
        XCTAssertTrue(text.contains("expandedIndex none\nvisible none · settled"), text)
    }

    func testControlCharactersInTitlesCannotDriveTheTerminal() {
        var s = Demo.settled(expanded: 0)
        s.panels[0].panel.title = "evil\u{1B}]0;pwned\u{07}title"
        s.title = "\u{1B}[2J"
        let text = Renderer.render([s], format: .text, steps: false)
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertFalse(text.contains("\u{07}"))
    }

    /// A disabled header is a dotted, dimmed bar that says so; the open panel
    /// that cannot close (disabled, or the last open one of a container that
    /// is not collapsible) says it is pinned; the others are drawn as before.
    func testDisabledAndPinnedHeadersSaySo() {
        var s = Demo.settled(expanded: 1)
        s.panels[0].panel.disabled = true
        let text = Renderer.render([s], format: .text, steps: false)
        XCTAssertTrue(text.contains("│┄┄ View Controller 1 · disabled ┄"), text)
        XCTAssertTrue(text.contains("│━━ View Controller 2 ━"), text)
        XCTAssertFalse(text.contains("pinned"), "collapsible: the open panel can close")
        let colour = Renderer.render([s], format: .text, steps: false, color: true)
        XCTAssertTrue(colour.contains("\u{1B}[2m\u{1B}[48;2;26;188;156m\u{1B}[38;2;255;255;255m View Controller 1 · disabled"), colour)

        s.container.collapsible = false
        XCTAssertTrue(Renderer.render([s], format: .text, steps: false).contains("│━━ View Controller 2 · pinned ━"))
        s.container.collapsible = true
        s.panels[1].panel.disabled = true
        let pinned = Renderer.render([s], format: .text, steps: false)
        XCTAssertTrue(pinned.contains("│━━ View Controller 2 · pinned ━"), pinned)
        XCTAssertTrue(pinned.contains("│━━ View Controller 3 ━"), pinned)
    }

    func testLongAndWideTitlesAreCut() {
        var s = Demo.settled(expanded: 0)
        s.panels[0].panel.title = String(repeating: "設定", count: 40)
        s.title = String(repeating: "x", count: 200)
        let text = Renderer.render([s], format: .text, steps: true)
        for line in text.split(separator: "\n") {
            XCTAssertLessThanOrEqual(Width.of(String(line)), 80, String(line))
        }
        XCTAssertTrue(text.contains("…"))
    }
}

final class SVGRenderTests: XCTestCase {
    func testTrueScalePhoneWithHeadersContentAndBackground() {
        var s = Demo.settled(expanded: 0)
        s.container.background = 0x1122_3380
        let svg = Renderer.render([s], format: .svg, steps: false)
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""))
        XCTAssertTrue(svg.contains("<clipPath id=\"p0-screen\"><rect width=\"375\" height=\"667\""), svg)
        XCTAssertTrue(svg.contains("fill=\"#112233\" fill-opacity=\"0.502\""))
        XCTAssertTrue(svg.contains("<rect x=\"0\" y=\"0\" width=\"375\" height=\"44\" fill=\"#1ABC9C\"/>"))
        XCTAssertTrue(svg.contains("<rect x=\"0\" y=\"579\" width=\"375\" height=\"44\" fill=\"#3498DB\"/>"))
        XCTAssertTrue(svg.contains("<rect x=\"0\" y=\"623\" width=\"375\" height=\"44\" fill=\"#9B59B6\"/>"))
        XCTAssertTrue(svg.contains(">375 × 535</text>"))
        XCTAssertTrue(svg.contains(">View Controller 1</text>"))
        XCTAssertTrue(svg.contains(">ExpandableViewController demo</text>"))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
    }

    /// A long title is cut at the width semibold glyphs take (the model's
    /// `HeaderTitle`: the measure's 0.55 em times 1.2), so its ellipsis ends
    /// before the chevron: 375 pt less 16 pt margins on both sides and 24 pt
    /// for the mark is room for 319 / (17 · 0.66) = 28 characters, the
    /// ellipsis one of them (the regular 0.58 em would have allowed 32,
    /// which ran into it).
    func testLongHeaderTitleStopsBeforeTheChevron() {
        var s = Demo.settled(expanded: 0)
        s.panels[1].panel.title = "Which payment methods do you accept for orders abroad?"
        let svg = Renderer.render([s], format: .svg, steps: false)
        XCTAssertTrue(svg.contains(">Which payment methods do yo…</text>"), svg)
    }

    /// The terminal and the page draw the same cut as the SVG (one title
    /// rule, `HeaderTitle`), not a cut of their own: the terminal's 34
    /// columns would hold 33 characters, the page's CSS would cut where its
    /// font ends. A disabled, closed header has the mark's room too (the
    /// page's `cutBare`); where the terminal's columns cannot hold the
    /// model's cut (beside ` · disabled`), the terminal cuts by columns.
    func testTheTerminalAndThePageDrawTheModelsCut() {
        var s = Demo.settled(expanded: 0)
        s.panels[1].panel.title = "Which payment methods do you accept for orders abroad?"
        s.panels[2].panel.title = "Which payment methods do you accept for orders abroad?"
        s.panels[2].panel.disabled = true
        let text = Renderer.render([s], format: .text, steps: false)
        XCTAssertTrue(text.contains("━━ Which payment methods do yo… ━"), text)
        XCTAssertTrue(text.contains("┄┄ Which payment methods … · disabled │"), text)
        let page = HTMLRender.page(s)
        XCTAssertTrue(page.contains("\"cut\":\"Which payment methods do yo…\""), page)
        // A disabled header shows its "cannot be opened" mark, so its title has the same room.
        XCTAssertFalse(page.contains("cutBare"), page)
        XCTAssertFalse(page.contains("\"cut\":\"View Controller"), "an uncut title writes no cut")
    }

    func testContentsLieBelowHeadersAndToAboveFrom() {
        let svg = Renderer.render([Demo.midTransition()], format: .svg, steps: false)
        let from = svg.range(of: "p0-c0\"")!.lowerBound
        let to = svg.range(of: "p0-c2\"")!.lowerBound
        let firstHeader = svg.range(of: "p0-h0\"")!.lowerBound
        XCTAssertLessThan(from, to)
        XCTAssertLessThan(to, firstHeader)
        XCTAssertTrue(svg.contains("y=\"355.5\" width=\"375\" height=\"44\" fill=\"#9B59B6\""))
    }

    func testStepsArePhonesSideBySideWithCaptions() {
        let svg = Renderer.render([Demo.settled(expanded: 0), Demo.settled(expanded: 2, time: 0.3)], format: .svg, steps: true)
        XCTAssertTrue(svg.contains("p1-screen"))
        XCTAssertTrue(svg.contains(">step 1 · t = 0 s</text>"))
        XCTAssertTrue(svg.contains(">step 2 · t = 0.3 s</text>"))
    }

    func testTextIsEscaped() {
        var s = Demo.settled(expanded: 0)
        s.title = "<script>&\"'"
        s.panels[1].panel.title = "a<b>\u{1}"
        let svg = Renderer.render([s], format: .svg, steps: false)
        XCTAssertFalse(svg.contains("<script>"))
        XCTAssertTrue(svg.contains("&lt;script&gt;&amp;&quot;&apos;"))
        XCTAssertTrue(svg.contains("a&lt;b&gt;\u{FFFD}"))
    }

    /// A disabled, closed header keeps its colours (no wash: its title is as
    /// legible as any) and shows a slashed circle, "cannot be opened"; a
    /// pinned one has a padlock (a filled body under an arc), "cannot be
    /// closed", instead of its chevron.
    func testDisabledHeadersSayCannotOpenAndPinnedOnesALock() {
        func marks(_ svg: String, _ header: Int) -> (chevron: Bool, lock: Bool, cannotOpen: Bool) {
            let start = svg.range(of: "<clipPath id=\"p0-h\(header)\">")!.lowerBound
            let group = String(svg[start...]).components(separatedBy: "</g>")[0]
            XCTAssertFalse(group.contains("fill-opacity"), "header \(header) is drawn washed out: \(group)")
            return (group.contains("stroke-linejoin=\"round\""), group.contains(" 0 0 1 "),
                    group.contains("d=\"\(HeaderIcons.cannotOpen)\""))
        }
        var s = Demo.settled(expanded: 1)
        let plain = Renderer.render([s], format: .svg, steps: false)
        for i in 0..<3 {
            XCTAssertTrue(marks(plain, i) == (true, false, false), "header \(i): \(marks(plain, i))")
        }
        s.panels[0].panel.disabled = true
        s.panels[1].panel.disabled = true
        let svg = Renderer.render([s], format: .svg, steps: false)
        XCTAssertTrue(marks(svg, 0) == (false, false, true), "disabled: \(marks(svg, 0))")
        // Header 0 spans y 0…44: the slashed circle's 24-point grid at 0.75, centred on (353, 22).
        XCTAssertTrue(svg.contains("d=\"\(HeaderIcons.cannotOpen)\" transform=\"translate(344 13) scale(0.75)\" fill=\"none\" stroke-width=\"2.667\""), svg)
        XCTAssertTrue(marks(svg, 1) == (false, true, false), "pinned: \(marks(svg, 1))")
        XCTAssertTrue(marks(svg, 2) == (true, false, false), "plain: \(marks(svg, 2))")
        // Header 1 spans y 44…88: the lock's body 9 × 6.6 centred on x 353, a quarter of it above y 66.
        XCTAssertTrue(svg.contains("<rect x=\"348.5\" y=\"64.35\" width=\"9\" height=\"6.6\" rx=\"1.5\" fill=\"#FFFFFF\"/>"), svg)
    }

    func testModalIsASheetOverTheScreen() {
        var s = Demo.settled(expanded: 0)
        s.visible = .modal(title: "Compose")
        let svg = Renderer.render([s], format: .svg, steps: false)
        XCTAssertTrue(svg.contains(">Compose</text>"))
        // The sheet's own words reach WCAG AA (4.5:1) on the white sheet, as
        // the rest of the chrome does: the caption once was #8E8E93 (3.3:1).
        let sheet = svg.range(of: "rx=\"12\" fill=\"#FFFFFF\"/>")!
        var fills: [String] = []
        var rest = svg[sheet.upperBound..<svg.range(of: ">modal</text>")!.upperBound]
        while let text = rest.range(of: "<text "), let fill = rest[text.upperBound...].range(of: "fill=\"#") {
            fills.append(String(rest[fill.upperBound...].prefix(6)))
            rest = rest[fill.upperBound...]
        }
        XCTAssertEqual(fills.count, 2, svg)
        for hex in fills {
            XCTAssertGreaterThanOrEqual(contrastOnWhite(hex), 4.5, "#\(hex) on the modal sheet")
        }
        XCTAssertTrue(svg.contains(">modal</text>"))
    }

    /// The WCAG 2 contrast ratio of an `RRGGBB` colour against white.
    func contrastOnWhite(_ hex: String) -> Double {
        let value = Int(hex, radix: 16)!
        func linear(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(16) + 0.7152 * linear(8) + 0.0722 * linear(0)
        return 1.05 / (luminance + 0.05)
    }
}

final class DeviceFrameTests: XCTestCase {
    /// Whether (x, y) lies on a rounded rectangle of `width` × `height` with corner radius `r`.
    func onBody(_ x: Double, _ y: Double, width: Double, height: Double, radius r: Double) -> Bool {
        guard x >= 0, y >= 0, x <= width, y <= height else { return false }
        let cx = min(max(x, r), width - r), cy = min(max(y, r), height - r)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }

    /// On a named device the screen is the container plus the insets, and
    /// the container (the safe area) never reaches past the body: its
    /// corners lie on it, and on the rounded screen itself except a phone's
    /// bottom corners, which the real 34 pt inset leaves 4 pt past the
    /// screen's 55 pt curve (drawn on the bezel, not cut off). `none` has
    /// no chassis; no device is the fitted chassis of before.
    func testANamedDeviceFramesTheSafeArea() {
        for device in [Device.phone, .phoneLandscape, .tablet] {
            let container = ContainerSpec().shown(on: device)
            let f = DeviceFrame(container: container)
            let i = device.insets
            XCTAssertEqual(f.device, device)
            XCTAssertEqual([f.screenWidth, f.screenHeight], [device.screen!.width, device.screen!.height], "\(device)")
            XCTAssertEqual([container.width + i.left + i.right, container.height + i.top + i.bottom], [f.screenWidth, f.screenHeight])
            XCTAssertEqual(f.bodyWidth, f.screenWidth + 2 * f.bezel)
            XCTAssertEqual(f.cornerRadius, f.screenRadius + f.bezel)
            XCTAssertGreaterThan(f.screenRadius, 0)
            let corners = [(i.left, i.top), (i.left + container.width, i.top), (i.left, i.top + container.height),
                           (i.left + container.width, i.top + container.height)]
            for (k, (x, y)) in corners.enumerated() {
                XCTAssertTrue(onBody(x + f.bezel, y + f.bezel, width: f.bodyWidth, height: f.bodyHeight, radius: f.cornerRadius),
                              "\(device): corner \(k) of the safe area is off the body")
                if device != .phone || k < 2 {
                    XCTAssertTrue(onBody(x, y, width: f.screenWidth, height: f.screenHeight, radius: f.screenRadius),
                                  "\(device): corner \(k) of the safe area is off the screen")
                }
            }
        }
        XCTAssertEqual(DeviceFrame(container: ContainerSpec().shown(on: .phone)).kind, .phone)
        XCTAssertEqual(DeviceFrame(container: ContainerSpec().shown(on: .tablet)).kind, .tablet)
        XCTAssertTrue(DeviceFrame(container: ContainerSpec().shown(on: .phoneLandscape)).landscape)
        let none = DeviceFrame(container: ContainerSpec().shown(on: Device.none))
        XCTAssertEqual(none.kind, .none)
        XCTAssertEqual([none.bezel, none.bodyWidth, none.bodyHeight, none.cornerRadius], [0, 375, 667, 0])
        XCTAssertTrue(none.buttons.isEmpty)
        XCTAssertEqual(DeviceFrame(container: ContainerSpec()), DeviceFrame(width: 375, height: 667), "no device: as before")
    }

    func testChassisByShorterSideAndOrientation() {
        let phone = DeviceFrame(width: 375, height: 667)
        XCTAssertEqual(phone.kind, .phone)
        XCTAssertFalse(phone.landscape)
        XCTAssertNil(phone.camera)
        let sideways = DeviceFrame(width: 844, height: 390)
        XCTAssertEqual(sideways.kind, .phone, "a phone held sideways stays a phone")
        XCTAssertTrue(sideways.landscape)
        let tablet = DeviceFrame(width: 768, height: 1024)
        XCTAssertEqual(tablet.kind, .tablet)
        XCTAssertFalse(tablet.landscape)
        XCTAssertEqual(tablet.camera?.x, tablet.bodyWidth / 2)
        let tabletSideways = DeviceFrame(width: 1366, height: 1024)
        XCTAssertEqual(tabletSideways.kind, .tablet)
        XCTAssertTrue(tabletSideways.landscape)
        XCTAssertEqual(tabletSideways.camera?.y, tabletSideways.bodyHeight / 2)
        // Landscape buttons lie along the long (top and bottom) edges.
        XCTAssertTrue(sideways.buttons.allSatisfy { $0.width > $0.height })
        XCTAssertTrue(phone.buttons.allSatisfy { $0.height > $0.width })
    }

    func testScreenCornersAndTheEdgeLineStayOnTheBody() {
        for (w, h) in [(375.0, 667.0), (667, 375), (768, 1024), (1366, 1024), (0, 0), (10, 400), (320, 8)] {
            let f = DeviceFrame(width: w, height: h)
            XCTAssertEqual(f.bodyWidth, w + 2 * f.bezel)
            XCTAssertEqual(f.bodyHeight, h + 2 * f.bezel)
            let b = f.bezel
            for (x, y) in [(b, b), (b + w, b), (b, b + h), (b + w, b + h),
                           (b - 3, b - 3), (b + w + 3, b - 3), (b - 3, b + h + 3), (b + w + 3, b + h + 3)] {
                XCTAssertTrue(onBody(x, y, width: f.bodyWidth, height: f.bodyHeight, radius: f.cornerRadius),
                              "\(w)×\(h): (\(x), \(y)) is off the body (radius \(f.cornerRadius))")
            }
        }
    }

    func testSVGAndPageDrawTheSameSquareScreen() {
        let s = Demo.settled(expanded: 0)
        let f = DeviceFrame(width: 375, height: 667)
        let svg = Renderer.render([s], format: .svg, steps: false)
        XCTAssertTrue(svg.contains("<clipPath id=\"p0-screen\"><rect width=\"375\" height=\"667\"/></clipPath>"), svg)
        XCTAssertTrue(svg.contains("<rect width=\"\(SVGRender.n(f.bodyWidth))\" height=\"\(SVGRender.n(f.bodyHeight))\" rx=\"\(SVGRender.n(f.cornerRadius))\""))
        let html = Renderer.render([s], format: .html, steps: false)
        XCTAssertTrue(html.contains("\"frame\":{\"kind\":\"phone\",\"landscape\":false,\"width\":403,\"height\":695,\"bezel\":14,\"radius\":\(SVGRender.n(f.cornerRadius))"), html)
    }
}

final class ContentDrawingTests: XCTestCase {
    /// Ten 44-pt headers in a 300-pt scrolling `fit` container, each panel
    /// with two rows (the second with a detail), the first one with text
    /// too long for a line: the model wraps it, the renderers draw its lines.
    func container(open: Int) -> AccordionContainer {
        var spec = ContainerSpec()
        spec.height = 300
        spec.layout = .fit
        spec.overflow = .scroll
        var panels = (0..<10).map { i in
            PanelSpec(id: "p\(i)", title: "P\(i)", color: 0x3366_99FF, headerHeight: 44,
                      content: .rows([ContentRow(title: "Row \(i)a"), ContentRow(title: "Row \(i)b", detail: "more")], rowHeight: 44))
        }
        panels[0].content = .text(String(repeating: "lorem ipsum ", count: 12), TextMetrics())
        return AccordionContainer(title: "content", container: spec, panels: panels, expandedIndex: open)
    }

    func testTextLinesAreTheModelsAndRowsCarryTitleDetailAndChevron() {
        let model = container(open: 0)
        let s = model.snapshot(at: 0)
        let lines = try! XCTUnwrap(s.panels[0].textLines)
        XCTAssertGreaterThan(lines.count, 1, "the text wraps")
        let svg = Renderer.render([s], format: .svg, steps: false)
        for line in lines { XCTAssertTrue(svg.contains(">\(line)</text>"), line) }
        XCTAssertFalse(svg.contains("375 × "), "a panel with content draws no placeholder card")
        let text = Renderer.render([s], format: .text, steps: false)
        XCTAssertTrue(text.contains("│ " + String(lines[0].prefix(30))), text)
        XCTAssertTrue(text.contains("scrolled 0 of "), text)
        let html = Renderer.render([s], format: .html, steps: false)
        XCTAssertTrue(html.contains("\"drawing\":{\"lines\":[" + lines.map { "\"\($0)\"" }.joined(separator: ",")
            + "],\"padding\":16,\"fontSize\":15,\"lineHeight\":20}"))
        XCTAssertTrue(html.contains("\"drawing\":{\"rows\":[[\"Row 1a\",null],[\"Row 1b\",\"more\"]],\"rowHeight\":44}"))
    }

    func testAScrolledContainerShowsOnlyItsWindow() {
        var model = container(open: 1)
        _ = model.apply(Step(.scroll(offset: 400)))
        let s = model.snapshot(at: model.clock)
        let offset = try! XCTUnwrap(s.scroll?.offset)
        XCTAssertEqual(offset, 440 + 88 - 300, "clamped to S − H")
        let svg = Renderer.render([s], format: .svg, steps: false)
        XCTAssertTrue(svg.contains("<g transform=\"translate(0 -228)\">"), svg)
        // Panel 1's rows lie at 88…176, above the window [228, 528): not drawn.
        XCTAssertFalse(svg.contains(">Row 1a</text>"))
        let text = Renderer.render([s], format: .text, steps: false)
        XCTAssertFalse(text.contains("header  0 p0"), text)
        XCTAssertTrue(text.contains("header  9 p9"), text)
        XCTAssertTrue(text.contains("scrolled 228 of 528"), text)
    }

    func testAPanelWithoutContentKeepsThePlaceholder() {
        let svg = Renderer.render([Demo.settled(expanded: 1)], format: .svg, steps: false)
        XCTAssertTrue(svg.contains(">375 × 535</text>"))
        XCTAssertFalse(svg.contains("translate(0 -"))
    }
}

/// `dir` as the renderers draw it: a right-to-left title starts at the right
/// with its mark at the left, mirrored; each line of a text takes its
/// paragraph's direction under `auto`; the page says its language and
/// direction and marks only what differs.
final class DirectionRenderTests: XCTestCase {
    /// The demo with an Arabic spec (`lang: ar`, `dir: rtl`) whose second
    /// panel is English and left to right, and a text in the first panel.
    private func arabic() -> Snapshot {
        var s = Demo.settled(expanded: 0)
        s.container.writing = Writing(lang: "ar", dir: .rtl)
        s.panels[0].panel.title = "الشحن"
        s.panels[0].panel.content = .text("نشحن خلال ثلاثة أيام", TextMetrics())
        s.panels[0].textLines = ["نشحن خلال ثلاثة أيام"]
        s.panels[1].panel.writing = PanelWriting(panel: Writing(lang: "en", dir: .ltr))
        return s
    }

    func testSVGMirrorsARightToLeftHeaderAndStartsItsLinesAtTheRight() {
        let svg = Renderer.render([arabic()], format: .svg, steps: false)
        XCTAssertTrue(svg.contains(" xml:lang=\"ar\" "), svg)
        // 375 wide: the title's start anchor 16 pt from the right edge, the
        // text's at the padding from it.
        XCTAssertTrue(svg.contains("<text x=\"359\" y=\"27.95\" direction=\"rtl\" font-size=\"17\""), svg)
        XCTAssertTrue(svg.contains("<text x=\"359\" y=\"75.25\" direction=\"rtl\" font-size=\"15\""), svg)
        // The open chevron at the left (cx = 22), the closed one pointing left.
        XCTAssertTrue(svg.contains("<path d=\"M16 19L22 25L28 19\""), svg)
        XCTAssertTrue(svg.contains(">View Controller 2</text>"))
        XCTAssertTrue(svg.contains("<text x=\"16\" y=\"606.95\" font-size=\"17\""), "the English header stays left to right: \(svg)")
        // VC3 inherits the spec's explicit rtl, Latin title or not: mirrored, closed.
        XCTAssertTrue(svg.contains("<path d=\"M25 639L19 645L25 651\""), svg)
    }

    func testAutoTakesEachParagraphsFirstStrongCharacter() {
        let lines = ["123 مرحبا", "ثم", "", "Hello", "world", "", "42"]
        XCTAssertEqual(TextDirections.lines(lines, .auto), [true, true, true, false, false, false, false])
        XCTAssertEqual(TextDirections.lines(lines, .rtl), Array(repeating: true, count: 7))
        XCTAssertEqual(TextDirections.lines(lines, .ltr), Array(repeating: false, count: 7))
        XCTAssertTrue(TextDirections.isRightToLeft("(שלום) hi", .auto))
        XCTAssertFalse(TextDirections.isRightToLeft("hi שלום", .auto))
        XCTAssertFalse(TextDirections.isRightToLeft("123", .auto), "no strong character: left to right")
        XCTAssertTrue(TextDirections.isRightToLeft("abc", .rtl))
    }

    func testThePageSaysItsLanguageAndDirectionAndMarksWhatDiffers() {
        let page = HTMLRender.page(arabic())
        XCTAssertTrue(page.contains("<html lang=\"ar\" dir=\"rtl\">"), String(page.prefix(80)))
        XCTAssertTrue(page.contains("<aside lang=\"en\" dir=\"ltr\" aria-label=\"controller state\">"))
        XCTAssertTrue(page.contains(",\"rtl\":true"))
        XCTAssertTrue(page.contains("\"id\":\"VC2\",\"title\":\"View Controller 2\""))
        XCTAssertTrue(page.contains("\"lang\":\"en\",\"dir\":\"ltr\""), "the English panel differs from the page")
        XCTAssertEqual(page.components("\"dir\":").count, 2, "only VC2: VC3's Latin title inherits the spec's explicit rtl")
        XCTAssertFalse(page.contains("\"dirs\""), "the Arabic text runs as the page does")
        XCTAssertTrue(page.contains(":lang(zh), :lang(ja) { line-break: strict; }"))
        XCTAssertTrue(page.contains(".header:dir(rtl)[aria-expanded=\"false\"] .chevron"))
        // A spec that says nothing keeps its page.
        let plain = HTMLRender.page(Demo.settled(expanded: 0))
        XCTAssertTrue(plain.contains("<html lang=\"en\">\n"))
        XCTAssertTrue(plain.contains("<aside aria-label=\"controller state\">"))
        XCTAssertFalse(plain.contains("\"dir\":") || plain.contains("\"dirs\":") || plain.contains("\"lang\":"))
    }
}

private extension String {
    func components(_ separator: String) -> [Substring] { split(separator: separator, omittingEmptySubsequences: false) }
}

/// Display columns as wcswidth counts them, clusters kept whole.
final class ColumnsTests: XCTestCase {
    func testEmojiClustersAreTwoAndOtherClustersTheSumOfTheirScalars() {
        let c = Columns()
        XCTAssertEqual(c.of("🚀"), 2)
        XCTAssertEqual(c.of("☕"), 2)
        XCTAssertEqual(c.of("⌚"), 2)
        XCTAssertEqual(c.of("👩‍👩‍👧‍👦"), 2, "a ZWJ sequence")
        XCTAssertEqual(c.of("🇯🇵"), 2, "a flag")
        XCTAssertEqual(c.of("❤️"), 2, "text default + VS16")
        XCTAssertEqual(c.of("1️⃣"), 2, "a keycap")
        XCTAssertEqual(c.of("中文"), 4)
        XCTAssertEqual(c.of("e\u{301}"), 1, "a combining mark takes no column")
        XCTAssertEqual(c.of("ｶﾞ"), 2, "half-width katakana and its sound mark: two halves")
        XCTAssertEqual(c.of("a\u{200B}b"), 2, "a format character takes none")
        XCTAssertEqual(c.of("─…"), 2)
        XCTAssertEqual(Columns(ambiguousWide: true).of("─…"), 4, "ambiguous characters drawn wide")
    }

    func testFittingCutsBetweenClusters() {
        let c = Columns()
        XCTAssertEqual(c.fit("👩‍👩‍👧‍👦👩‍👩‍👧‍👦x", 4), "👩‍👩‍👧‍👦…")
        XCTAssertEqual(c.fit("🇯🇵🇨🇳🇯🇵", 5), "🇯🇵🇨🇳…")
        XCTAssertEqual(c.fit("ábc", 2), "á…", "the accent stays on its letter")
        XCTAssertEqual(c.pad("中", 3), "中 ")
        XCTAssertEqual(c.pad("مرحبا", 7, trailing: false), "  مرحبا")
        XCTAssertEqual(Columns(ambiguousWide: true).rule("─", 5), "── ", "an odd column left by a wide rule is a space")
    }
}
