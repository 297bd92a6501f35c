import XCTest
@testable import AccordionModel

/// The nested levels' layout (issue 25; guide, "Nested accordions"), on the
/// guide's worked examples, every figure derived there by hand: a level in
/// its parent's content box, inset by `indent`, sharing the space its parent
/// would get as a plain panel in `fill`, sized by its headers and open
/// contents in `fit`; a subtree shown on one side of a transition moving
/// rigidly with its top-level header; open sets kept across `setPanels`.
final class NestedLayoutTests: XCTestCase {
    private func panel(_ id: String, _ title: String? = nil, contentHeight: Double? = nil,
                       content: PanelContent? = nil) -> PanelSpec {
        PanelSpec(id: id, title: title ?? id, color: 0x3366_99FF, headerHeight: 44, contentHeight: contentHeight, content: content)
    }

    /// `network` holding Wi-Fi, Bluetooth and VPN (indent 16), then Sound and About.
    private func settings(_ level: NestedLevel? = nil) -> [PanelSpec] {
        let nested = level ?? NestedLevel(panels: [panel("wifi"), panel("bluetooth"), panel("vpn")], indent: 16)
        return [panel("network", content: .accordion(nested)), panel("sound"), panel("about")]
    }

    private func container(layout: LayoutMode = .fill, curve: AnimationCurve = .easeInOut) -> ContainerSpec {
        var c = ContainerSpec()
        c.width = 320
        c.height = 400
        c.layout = layout
        c.curve = curve
        return c
    }

    private func frames(_ state: ContainerState, at time: Double? = nil) -> [String: NestedFrame] {
        Dictionary(uniqueKeysWithValues: state.nestedFrames(at: time ?? state.clock).map { ($0.panel.id, $0) })
    }

    private func headerYs(_ state: ContainerState, at time: Double) -> [Double] {
        var ys: [Double] = []
        state.walkFrames(at: time, tops: state.headerTops()) { _, y, _ in ys.append(y) }
        return ys
    }

    /// The guide's first table: space 268 at the top, 268 − 132 = 136 for
    /// `wifi`, every nested frame inset by 16.
    func testFillLaysALevelOutInItsParentsContentBox() {
        let state = ContainerState(container: container(), panels: settings(), expandedIndices: [0])
        XCTAssertTrue(state.nests)
        XCTAssertEqual(state.nestedOpen, ["network": [0]], "a level's first panel opens by default")
        let f = frames(state)
        XCTAssertEqual(f["wifi"]?.header, Rect(x: 16, y: 44, width: 304, height: 44))
        XCTAssertEqual(f["wifi"]?.content, Rect(x: 16, y: 88, width: 304, height: 136))
        XCTAssertEqual(f["bluetooth"]?.header, Rect(x: 16, y: 224, width: 304, height: 44))
        XCTAssertNil(f["bluetooth"]?.content)
        XCTAssertEqual(f["vpn"]?.header, Rect(x: 16, y: 268, width: 304, height: 44))
        XCTAssertEqual(f["wifi"]?.depth, 1)
        XCTAssertEqual(f["vpn"]?.index, 2)
        XCTAssertEqual(headerYs(state, at: 0), [0, 312, 356])
        XCTAssertEqual(state.contentHeight(ofPanel: 0), 268)
    }

    /// The guide's right-to-left example: under `dir: rtl` network's level
    /// is inset from the right (x 0, 304 wide); bt's content says `ltr`, so
    /// the level it holds is inset from the left again (x 16, 288 wide).
    /// `auto` (the first example) stays inset from the left.
    func testARightToLeftLevelIsInsetFromTheRight() {
        var c = container()
        c.writing = Writing(dir: .rtl)
        var bt = panel("bt", content: .accordion(NestedLevel(panels: [panel("le")], indent: 16)))
        bt.writing = PanelWriting(content: Writing(dir: .ltr))
        let level = NestedLevel(panels: [panel("wifi"), bt], expandedIndices: [1], indent: 16)
        let state = ContainerState(container: c, panels: [panel("network", content: .accordion(level)), panel("sound")],
                                   expandedIndices: [0])
        let f = frames(state)
        XCTAssertEqual(f["wifi"]?.header, Rect(x: 0, y: 44, width: 304, height: 44))
        XCTAssertEqual(f["bt"]?.header, Rect(x: 0, y: 88, width: 304, height: 44))
        XCTAssertEqual(f["bt"]?.content, Rect(x: 0, y: 132, width: 304, height: 224))
        XCTAssertEqual(f["le"]?.header, Rect(x: 16, y: 132, width: 288, height: 44))
        XCTAssertEqual(f["le"]?.content, Rect(x: 16, y: 176, width: 288, height: 180))

        c.writing = Writing(dir: .auto)
        let auto = frames(ContainerState(container: c, panels: settings(), expandedIndices: [0]))
        XCTAssertEqual(auto["wifi"]?.header?.x, 16, "auto insets from the left")
    }

    /// The guide's `fit` variant: `wifi` 60, `bluetooth` one 44-point row,
    /// so `network`'s content is 132 + 60 + 44 = 236 and the top headers
    /// below follow at 280 and 324.
    func testFitSizesTheParentByTheLevelsHeadersAndOpenContents() {
        let level = NestedLevel(panels: [panel("wifi", contentHeight: 60),
                                         panel("bluetooth", content: .rows([ContentRow(title: "Headphones")], rowHeight: 44)),
                                         panel("vpn")],
                                expansion: .multiple, expandedIndices: [0, 1], indent: 16)
        let state = ContainerState(container: container(layout: .fit), panels: settings(level), expandedIndices: [0])
        XCTAssertEqual(state.contentHeight(ofPanel: 0), 236)
        let f = frames(state)
        XCTAssertEqual(f["wifi"]?.content, Rect(x: 16, y: 88, width: 304, height: 60))
        XCTAssertEqual(f["bluetooth"]?.header?.y, 148)
        XCTAssertEqual(f["bluetooth"]?.content, Rect(x: 16, y: 192, width: 304, height: 44))
        XCTAssertEqual(f["vpn"]?.header?.y, 236)
        XCTAssertEqual(headerYs(state, at: 0), [0, 280, 324])
        XCTAssertEqual(state.settledStackHeight, 368, "32 points of background stay at the bottom")
    }

    /// With `overflow: clip` a nested open content is capped at its level's
    /// space (here 268 − 132 = 136), and the parent at the top level's space.
    func testClipCapsEveryLevelAtItsOwnSpace() {
        let level = NestedLevel(panels: [panel("wifi", contentHeight: 500), panel("bluetooth"), panel("vpn")], indent: 16)
        let state = ContainerState(container: container(layout: .fit), panels: settings(level), expandedIndices: [0])
        XCTAssertEqual(frames(state)["wifi"]?.content?.height, 136)
        XCTAssertEqual(state.contentHeight(ofPanel: 0), 268)
        var scrolling = container(layout: .fit)
        scrolling.overflow = .scroll
        let scrolled = ContainerState(container: scrolling, panels: settings(level), expandedIndices: [0])
        XCTAssertEqual(frames(scrolled)["wifi"]?.content?.height, 500, "nothing is capped with overflow: scroll")
        XCTAssertEqual(scrolled.contentHeight(ofPanel: 0), 632)
    }

    /// A nested text wraps at the level's inset width: 304 − 2 · 16 = 272
    /// points hold 32 characters at the default font size.
    func testNestedTextWrapsAtTheInsetWidth() {
        let text = String(repeating: "a", count: 40)
        let level = NestedLevel(panels: [panel("wifi", content: .text(text, TextMetrics()))], indent: 16)
        var state = ContainerState(container: container(), panels: settings(level), expandedIndices: [0])
        XCTAssertEqual(state.nestedTextLines["wifi"], [String(repeating: "a", count: 32), String(repeating: "a", count: 8)])
        XCTAssertEqual(frames(state)["wifi"]?.textLines?.count, 2)
        _ = state.apply(Step(.resize(width: 336, height: 400)))
        XCTAssertEqual(state.nestedTextLines["wifi"]?.first?.count, 34, "a resize wraps again: 288 / 8.25")
    }

    /// The guide's transition: a tap on `general` closes `network`; at
    /// 0.15 s (p = 0.5, linear) `network`'s header is at 178 and its
    /// subtree, shown only before, keeps its offsets from it.
    func testASubtreeShownOnOneSideMovesRigidlyWithItsHeader() {
        let panels = [panel("general")] + [settings()[0]] + [panel("sound")]
        var state = ContainerState(container: container(curve: .linear), panels: panels, expandedIndices: [1])
        let settled = frames(state)
        XCTAssertEqual(settled["wifi"]?.header?.y, 88)
        XCTAssertEqual(settled["bluetooth"]?.header?.y, 268)
        _ = state.apply(Step(.tap(panel: 0)))
        XCTAssertEqual(headerYs(state, at: 0.15)[1], 178)
        let mid = frames(state, at: 0.15)
        XCTAssertEqual(mid["wifi"]?.header, Rect(x: 16, y: 222, width: 304, height: 44))
        XCTAssertEqual(mid["wifi"]?.content, Rect(x: 16, y: 266, width: 304, height: 136))
        XCTAssertEqual(mid["bluetooth"]?.header?.y, 402)
        XCTAssertEqual(mid["vpn"]?.header?.y, 446)
        let end = frames(state, at: 0.3)
        XCTAssertNil(end["wifi"]?.header, "not shown once network is closed")
        XCTAssertEqual(state.nestedOpen["network"], [0], "closing network keeps its level's open set")
        // The way back mirrors it: the subtree appears and rides with the header.
        _ = state.apply(Step(.tap(panel: 1)))
        XCTAssertEqual(frames(state, at: 0.45)["wifi"]?.header?.y ?? 0, 222, accuracy: 1e-9)
        XCTAssertEqual(frames(state, at: 0.6)["wifi"]?.header?.y, 88)
    }

    /// Headers that do not fit their parent's box are reported (and drawn
    /// clipped): in a 200-point container `network`'s box is 200 − 132 = 68,
    /// its three headers 132; a hidden level is not judged.
    func testHeadersThatDoNotFitTheirBoxAreFound() {
        var small = container()
        small.height = 200
        let state = ContainerState(container: small, panels: settings(), expandedIndices: [0])
        let found = state.nestedLevelsOverflowing()
        XCTAssertEqual(found.map(\.holder), ["network"])
        XCTAssertEqual(found.first?.headers, 132)
        XCTAssertEqual(found.first?.box, 68)
        XCTAssertEqual(frames(state)["vpn"]?.header?.y, 132, "laid out as they are, past the box")
        let closed = ContainerState(container: small, panels: settings(), expandedIndices: [1])
        XCTAssertTrue(closed.nestedLevelsOverflowing().isEmpty)
        XCTAssertTrue(ContainerState(container: container(), panels: settings(), expandedIndices: [0]).nestedLevelsOverflowing().isEmpty)
    }

    /// A panel `setPanels` takes out keeps its levels' open sets, so it
    /// comes back as it was; a flat stack walks no tree.
    func testSetPanelsKeepsARemovedPanelsLevels() {
        let level = NestedLevel(panels: [panel("wifi"), panel("bluetooth")], expandedIndices: [1])
        let network = panel("network", content: .accordion(level))
        var state = ContainerState(container: container(), panels: [network, panel("sound")], expandedIndices: [0])
        XCTAssertEqual(state.nestedOpen, ["network": [1]])
        _ = state.apply(Step(.setPanels([panel("sound")])))
        XCTAssertFalse(state.nests)
        XCTAssertEqual(state.nestedFrames(at: state.clock), [])
        _ = state.apply(Step(.setPanels([network, panel("sound")])))
        XCTAssertEqual(state.nestedOpen, ["network": [1]])
        XCTAssertEqual(state.expandedIndices, [1], "`sound` stayed open, so `network` came back closed")
        XCTAssertNil(frames(state)["bluetooth"]?.header, "hidden inside the closed `network`")
        _ = state.apply(Step(.expand(panel: 0)))
        XCTAssertEqual(frames(state)["bluetooth"]?.content?.height, 400 - 88 - 88, "open again, as it was")
        let flat = ContainerState(container: container(), panels: [panel("a"), panel("b")], expandedIndices: [0])
        XCTAssertFalse(flat.nests)
        XCTAssertEqual(flat.nestedOpen, [:])
        XCTAssertEqual(flat.nestedFrames(at: 0), [])
    }
}

/// The containment log of a tree (guide, "Nested accordions", the log): a
/// nested panel's child controller comes and goes with its parent's, the
/// parent first and then the panels shown inside it in tree order when it
/// arrives, the reverse when it leaves, each kind of entry grouped.
final class NestedLogTests: XCTestCase {
    private func panel(_ id: String, content: PanelContent? = nil) -> PanelSpec {
        PanelSpec(id: id, title: id, color: 0x3366_99FF, headerHeight: 44, content: content)
    }

    /// `network` (holding `wifi`, open, and `vpn`, closed, which holds
    /// `work`), `sound` and `about`.
    private func model(duration: Double = 0.3) -> AccordionContainer {
        let vpn = panel("vpn", content: .accordion(NestedLevel(panels: [panel("work")])))
        let network = panel("network", content: .accordion(NestedLevel(panels: [panel("wifi"), vpn])))
        var container = ContainerSpec()
        container.duration = duration
        return AccordionContainer(title: nil, container: container, panels: [network, panel("sound"), panel("about")],
                                  expandedIndices: [0])
    }

    func testTheParentArrivesFirstAndLeavesLast() {
        var m = model()
        XCTAssertEqual(describe(m.log), ["0.0 addChild network", "0.0 addChild wifi", "0.0 viewWillAppear network",
                                         "0.0 viewWillAppear wifi", "0.0 viewDidAppear network", "0.0 viewDidAppear wifi",
                                         "0.0 didMoveToParent network", "0.0 didMoveToParent wifi"],
                       "`work` is inside the closed `vpn`: not shown, no child")
        XCTAssertEqual(describe(m.apply(Step(.tap(panel: 1)))),
                       ["0.0 beginIgnoringInteractionEvents", "0.0 willMoveToParent wifi", "0.0 willMoveToParent network",
                        "0.0 addChild sound", "0.0 viewWillDisappear wifi", "0.0 viewWillDisappear network",
                        "0.0 viewWillAppear sound"])
        XCTAssertEqual(describe(m.apply(Step(.wait(seconds: 0.5)))),
                       ["0.3 viewDidDisappear wifi", "0.3 viewDidDisappear network", "0.3 viewDidAppear sound",
                        "0.3 didMoveToParent sound", "0.3 removeFromParent wifi", "0.3 removeFromParent network",
                        "0.3 endIgnoringInteractionEvents"])
        // Back again: `wifi` comes back with it (its level kept its open set).
        let back = describe(m.apply(Step(.expand(panel: 0))))
        XCTAssertEqual(back, ["0.5 beginIgnoringInteractionEvents", "0.5 willMoveToParent sound", "0.5 addChild network",
                              "0.5 addChild wifi", "0.5 viewWillDisappear sound", "0.5 viewWillAppear network",
                              "0.5 viewWillAppear wifi", "0.5 viewDidDisappear sound", "0.5 viewDidAppear network",
                              "0.5 viewDidAppear wifi", "0.5 didMoveToParent network", "0.5 didMoveToParent wifi",
                              "0.5 removeFromParent sound", "0.5 endIgnoringInteractionEvents"])
    }

    /// A `setPanels` that takes the open `network` out makes the panels
    /// shown inside it leave first; the new first panel arrives with its own.
    func testSetPanelsTakesTheShownPanelsOutWithTheirParent() {
        var m = model()
        let entries = describe(m.apply(Step(.setPanels([PanelSpec(id: "sound", title: "sound", color: 0x3366_99FF, headerHeight: 44)]))))
        XCTAssertEqual(entries, ["0.0 willMoveToParent wifi", "0.0 willMoveToParent network",
                                 "0.0 viewWillDisappear wifi", "0.0 viewWillDisappear network",
                                 "0.0 viewDidDisappear wifi", "0.0 viewDidDisappear network",
                                 "0.0 removeFromParent wifi", "0.0 removeFromParent network",
                                 "0.0 addChild sound", "0.0 viewWillAppear sound", "0.0 viewDidAppear sound",
                                 "0.0 didMoveToParent sound"])
    }
}
