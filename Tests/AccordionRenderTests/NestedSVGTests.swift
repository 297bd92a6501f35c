import AccordionModel
import Foundation
import XCTest
@testable import AccordionRender

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SVG on a tree (issue 25): every shown nested panel is drawn, its
/// level on its holder's content box and inside that box's clip (clips
/// compose, so a level two deep is cut by both boxes, mid-transition too),
/// contents under the level's headers with the opening content above the
/// closing one, in the `lang` and `dir` inherited from the content holding
/// the level; a hidden level is not drawn.
final class NestedSVGTests: XCTestCase {
    private func panel(_ id: String, disabled: Bool = false, content: PanelContent? = nil,
                       writing: PanelWriting = PanelWriting()) -> PanelSpec {
        NestedSettingsTree.panel(id, disabled: disabled, content: content, writing: writing)
    }

    private func rows(_ n: Int) -> PanelContent { .rows((0..<n).map { ContentRow(title: "Row \($0)") }, rowHeight: 44) }

    private func settled(open: [Int]) -> Snapshot { NestedSettingsTree.snapshot(open: open) }

    func testEveryShownNestedPanelIsDrawnInsideItsHoldersClip() throws {
        let svg = SVGRender.picture([settled(open: [0])], captions: [""])
        let doc = try SVGTree(svg)
        XCTAssertEqual(doc.clipRects["p0-c0"], "0 44 320 512", "network's box")
        XCTAssertEqual(doc.clipRects["p0-n1"], "16 132 304 380", "bluetooth's box")
        XCTAssertEqual(doc.clipRects["p0-n2"], "16 176 304 292", "le's content")
        XCTAssertEqual(doc.clipRects["p0-nh2"], "16 132 304 44", "le's header")
        XCTAssertEqual(doc.clipRects["p0-nh4"], "16 512 304 44", "vpn's header")
        // A level two deep lies inside both boxes; a level one deep inside its holder's.
        XCTAssertEqual(doc.chain(of: "p0-nh2"), ["p0-screen", "p0-c0", "p0-n1", "p0-nh2"])
        XCTAssertEqual(doc.chain(of: "p0-n2"), ["p0-screen", "p0-c0", "p0-n1", "p0-n2"])
        XCTAssertEqual(doc.chain(of: "p0-nh4"), ["p0-screen", "p0-c0", "p0-nh4"])
        XCTAssertEqual(doc.chain(of: "p0-h1"), ["p0-screen", "p0-h1"], "a top-level header is outside the contents")
        // Contents under headers, level by level.
        let order = ["p0-n1", "p0-n2", "p0-nh2", "p0-nh3", "p0-nh0", "p0-nh1", "p0-nh4"].map { doc.groupOrder[$0] ?? -1 }
        XCTAssertEqual(order, order.sorted(), "bluetooth's box, le's content, le's and classic's headers, then the level's headers")
        XCTAssertFalse(order.contains(-1))
        XCTAssertEqual(doc.duplicateIDs, [], "every id is unique")
        for title in ["Wifi", "Bluetooth", "Le", "Classic", "Vpn", "Network", "Sound"] {
            XCTAssertTrue(svg.contains(">\(title)</text>"), title)
        }
        // The nested marks: vpn disabled and closed, classic closed, le open.
        XCTAssertTrue(doc.markup(ofGroup: "p0-nh4", in: svg).contains(HeaderIcons.cannotOpen), "vpn's slashed circle")
        XCTAssertFalse(doc.markup(ofGroup: "p0-nh3", in: svg).contains(HeaderIcons.cannotOpen))
        XCTAssertTrue(doc.markup(ofGroup: "p0-nh3", in: svg).contains("stroke-linecap=\"round\" stroke-linejoin=\"round\""), "classic's chevron")

        let closed = SVGRender.picture([settled(open: [1])], captions: [""])
        XCTAssertFalse(closed.contains(">Wifi</text>"), "a hidden level is not drawn")
        XCTAssertFalse(closed.contains("-n"), "no nested clip at all")
    }

    /// fit, 320 × 600, linear over 1 s: network {wifi: 1 row, bluetooth: 2
    /// rows}, bluetooth open; a tap on wifi. Before, network's content is
    /// 88 + 88 = 176; after, 88 + 44 = 132; at 0.5 s 154 (88–242). wifi's
    /// content, opening, rides its header (88): 132–176; bluetooth's header
    /// goes from 132 to 176, so 154, and its closing content rides it:
    /// 198–286, sticking out of network's box and cut at 242.
    func testMidTransitionTheOpeningContentLiesAboveAndTheLevelIsCutAtItsBox() throws {
        var c = ContainerSpec()
        c.width = 320
        c.height = 600
        c.layout = .fit
        c.duration = 1
        c.curve = .linear
        let level = NestedLevel(panels: [panel("wifi", content: rows(1)), panel("bluetooth", content: rows(2))], expandedIndices: [1])
        var container = AccordionContainer(title: nil, container: c, panels: [panel("general"), panel("network", content: .accordion(level)), panel("sound")],
                                           expandedIndices: [1])
        _ = container.apply(Step(.tap(panel: 3)))
        let s = container.snapshot(at: 0.5)
        XCTAssertEqual(s.transition?.opened, ["wifi"])
        let svg = SVGRender.picture([s], captions: [""])
        let doc = try SVGTree(svg)
        XCTAssertEqual(doc.clipRects["p0-c1"], "0 88 320 154", "network's box, halfway")
        XCTAssertEqual(doc.clipRects["p0-n1"], "0 198 320 88", "bluetooth's closing content, past the box")
        XCTAssertEqual(doc.chain(of: "p0-n1"), ["p0-screen", "p0-c1", "p0-n1"], "cut at network's box")
        XCTAssertEqual(doc.clipRects["p0-n0"], "0 132 320 44")
        XCTAssertLessThan(doc.groupOrder["p0-n1"] ?? .max, doc.groupOrder["p0-n0"] ?? -1,
                          "the closing content (bluetooth) is drawn first, the opening one (wifi) over it")
        XCTAssertLessThan(doc.groupOrder["p0-n0"] ?? .max, doc.groupOrder["p0-nh1"] ?? -1, "headers over contents")
    }

    /// Headers that do not fit their box (`nested-headers-overflow`): 200
    /// high, fill, network and sound leave network a box of 200 − 88 = 112
    /// (44–156); its four headers (176) run to 220, and the last two,
    /// at 132 and 176, are cut at 156 by the box, under sound's header.
    func testNestedHeadersThatDoNotFitAreCutAtTheBox() throws {
        var c = ContainerSpec()
        c.width = 320
        c.height = 200
        let level = NestedLevel(panels: ["a", "b", "c", "d"].map { panel($0) }, expandedIndices: [])
        let s = AccordionContainer(title: nil, container: c, panels: [panel("network", content: .accordion(level)), panel("sound")],
                                   expandedIndices: [0]).snapshot(at: 0)
        let doc = try SVGTree(SVGRender.picture([s], captions: [""]))
        XCTAssertEqual(doc.clipRects["p0-c0"], "0 44 320 112")
        XCTAssertEqual(doc.clipRects["p0-nh3"], "0 176 320 44", "d's header, wholly below the box")
        XCTAssertEqual(doc.chain(of: "p0-nh3"), ["p0-screen", "p0-c0", "p0-nh3"])
        XCTAssertEqual(doc.chain(of: "p0-nh2"), ["p0-screen", "p0-c0", "p0-nh2"])
        XCTAssertLessThan(doc.groupOrder["p0-nh3"] ?? .max, doc.groupOrder["p0-h1"] ?? -1, "sound's header over the level")
    }

    /// A nested panel inherits the `lang` and `dir` of the content holding
    /// its level, not the spec's: under `dir: rtl`, network's content says
    /// `ltr` (wifi's header and text start at the left), other's says
    /// nothing (le's header is mirrored, as the top-level headers are).
    func testANestedPanelInheritsTheHoldingContentsDirection() throws {
        var c = ContainerSpec()
        c.width = 320
        c.height = 600
        c.expansion = .multiple
        c.writing = Writing(lang: "he", dir: .rtl)
        let english = PanelWriting(content: Writing(lang: "en", dir: .ltr))
        let text = PanelContent.text("Saved networks join on their own.", TextMetrics())
        let panels = [panel("network", content: .accordion(NestedLevel(panels: [panel("wifi", content: text)])), writing: english),
                      panel("other", content: .accordion(NestedLevel(panels: [panel("le")])))]
        let s = AccordionContainer(title: nil, container: c, panels: panels, expandedIndices: [0, 1]).snapshot(at: 0)
        let doc = try SVGTree(SVGRender.picture([s], captions: [""]))
        XCTAssertEqual(doc.texts["Network"]?["direction"], "rtl")
        XCTAssertNil(doc.texts["Wifi"]?["direction"], "inherits ltr from network's content")
        XCTAssertEqual(doc.texts["Wifi"]?["x"], "16", "starts at the left edge plus the padding")
        XCTAssertNil(doc.texts["Saved networks join on their own."]?["direction"])
        XCTAssertEqual(doc.texts["Le"]?["direction"], "rtl", "inherits the spec's rtl through other's content")

        // The terminal drawing reads the same rule.
        let drawing = TextRender.drawing(s, color: false, caption: nil)
        XCTAssertTrue(drawing.contains("│  ━━ Wifi ━"), drawing)
        XCTAssertTrue(drawing.contains(" Le ━━  │"), "mirrored and stood in from the right\n" + drawing)
    }
}

/// The parts of an SVG document the tests ask about: each clip's
/// rectangle, the clips around each clipped group (outermost first), the
/// groups' document order, each text's attributes by its content, and
/// duplicate ids.
private final class SVGTree: NSObject, XMLParserDelegate {
    private(set) var clipRects: [String: String] = [:]
    private(set) var chains: [String: [String]] = [:]
    private(set) var groupOrder: [String: Int] = [:]
    private(set) var texts: [String: [String: String]] = [:]
    private(set) var duplicateIDs: [String] = []
    private var ids: Set<String> = []
    private var stack: [String?] = []
    private var openClip: String?
    private var openText: [String: String]?
    private var textContent = ""
    private var groups = 0

    init(_ svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? NSError(domain: "SVGTree", code: 1) }
    }

    func chain(of clip: String) -> [String]? { chains[clip] }

    /// The markup of the group clipped by `clip`, to its first closing tag (a header's group holds no group).
    func markup(ofGroup clip: String, in svg: String) -> String {
        guard let start = svg.range(of: "<g clip-path=\"url(#\(clip))\">"),
              let end = svg.range(of: "</g>", range: start.upperBound..<svg.endIndex) else { return "" }
        return String(svg[start.upperBound..<end.lowerBound])
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if let id = attributes["id"] {
            if !ids.insert(id).inserted { duplicateIDs.append(id) }
        }
        switch name {
        case "clipPath": openClip = attributes["id"]
        case "rect":
            if let clip = openClip {
                clipRects[clip] = ["x", "y", "width", "height"].map { attributes[$0] ?? "0" }.joined(separator: " ")
            }
        case "text":
            openText = attributes
            textContent = ""
        default: break
        }
        var clip: String?
        if name == "g", let url = attributes["clip-path"], url.hasPrefix("url(#"), url.hasSuffix(")") {
            clip = String(url.dropFirst(5).dropLast())
            chains[clip!] = stack.compactMap { $0 } + [clip!]
            groupOrder[clip!] = groups
            groups += 1
        }
        stack.append(clip)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if openText != nil { textContent += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "clipPath" { openClip = nil }
        if name == "text", let attributes = openText {
            texts[textContent] = attributes
            openText = nil
        }
        stack.removeLast()
    }
}
