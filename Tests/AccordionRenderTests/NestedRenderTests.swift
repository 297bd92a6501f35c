import AccordionModel
import XCTest
@testable import AccordionRender

/// The renderers on a tree (issue 25): the terminal drawing indents a
/// nested level's headers and contents by two columns a level (its box is
/// drawn as them), every row keeps the box's width, and a hidden level is
/// not drawn; the dump shows the tree only when the stack nests.
final class NestedRenderTests: XCTestCase {
    private func panel(_ id: String, disabled: Bool = false, content: PanelContent? = nil) -> PanelSpec {
        NestedSettingsTree.panel(id, disabled: disabled, content: content)
    }

    private func snapshot(open: [Int]) -> Snapshot { NestedSettingsTree.snapshot(open: open) }

    func testTheTerminalDrawingIndentsEachLevel() {
        let text = TextRender.drawing(snapshot(open: [0]), color: false, caption: nil)
        let rows = text.split(separator: "\n").map(String.init)
        let box = rows.filter { $0.hasPrefix("│") }.map { String($0.prefix(40)) }
        XCTAssertTrue(box.contains { $0.hasPrefix("│  ━━ Wifi ━") }, text)
        XCTAssertTrue(box.contains { $0.hasPrefix("│  ━━ Bluetooth ━") }, text)
        XCTAssertTrue(box.contains { $0.hasPrefix("│    ━━ Le ━") }, "two levels down: four columns\n" + text)
        XCTAssertTrue(box.contains { $0.hasPrefix("│    ╭") }, "le's content box, inset as its header\n" + text)
        XCTAssertTrue(box.contains { $0.hasPrefix("│  ┄┄ Vpn · disabled ┄") }, "a nested disabled panel is marked\n" + text)
        XCTAssertFalse(text.contains("content 0 network"), "the parent's box is drawn as its level")
        XCTAssertTrue(text.contains("header    ››le  y=132"), text)
        XCTAssertEqual(Set(box.map { Width.of($0) }), [40], "every row of the box is as wide\n" + text)

        let closed = TextRender.drawing(snapshot(open: [1]), color: false, caption: nil)
        XCTAssertFalse(closed.contains("Wifi"), "a hidden level is not drawn\n" + closed)
    }

    /// A level the model insets from the right (its holding content is
    /// `rtl`) stands in from the right: two columns a level, on the side
    /// each level starts; an `ltr` level inside it from the left again.
    func testARightToLeftLevelStandsInFromTheRight() {
        var inner = panel("bluetooth", content: .accordion(NestedLevel(panels: [panel("le")])))
        inner.writing = PanelWriting(content: Writing(dir: .ltr))
        let level = NestedLevel(panels: [panel("wifi"), inner], expandedIndices: [1], indent: 16)
        var c = ContainerSpec()
        c.width = 320
        c.height = 600
        c.writing = Writing(dir: .rtl)
        let s = AccordionContainer(title: nil, container: c, panels: [panel("network", content: .accordion(level))],
                                   expandedIndices: [0]).snapshot(at: 0)
        let box = TextRender.drawing(s, color: false, caption: nil).split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("│") }.map { String($0.prefix(40)) }
        XCTAssertTrue(box.contains { $0.hasPrefix("│━━") && $0.hasSuffix(" Wifi ━━  │") }, box.joined(separator: "\n"))
        XCTAssertTrue(box.contains { $0.hasPrefix("│  ━━ Le ━") && $0.hasSuffix("━━  │") }, "ltr inside rtl: two columns each side\n" + box.joined(separator: "\n"))
        XCTAssertEqual(Set(box.map { Width.of($0) }), [40], "every row of the box is as wide")
    }

    func testTheDumpShowsTheTreeOnlyWhenTheStackNests() throws {
        let fields = DumpTree.snapshotFields(snapshot(open: [1]))
        guard case .array(let panels) = try XCTUnwrap(fields.first { $0.0 == "panels" }).1.value,
              case .object(let network) = panels[0], case .object(let nested)? = network.first(where: { $0.0 == "nested" })?.1,
              case .array(let level)? = nested.first(where: { $0.0 == "panels" })?.1,
              case .object(let wifi) = level[0] else { return XCTFail("no nested level in the dump") }
        XCTAssertEqual(nested.map(\.0), ["expansion", "collapsible", "indent", "expandedIndices", "panels"])
        XCTAssertEqual(wifi.map(\.0), ["index", "id", "title", "color", "titleColor", "expanded", "disabled", "shown", "header", "content"])
        XCTAssertEqual(wifi.first { $0.0 == "shown" }?.1, .bool(false))
        XCTAssertEqual(wifi.first { $0.0 == "header" }?.1, .null)
        var flat = ContainerSpec()
        flat.width = 320
        let plain = AccordionContainer(title: nil, container: flat, panels: [panel("a")], expandedIndices: [0]).snapshot(at: 0)
        guard case .array(let flatPanels) = try XCTUnwrap(DumpTree.snapshotFields(plain).first { $0.0 == "panels" }).1.value,
              case .object(let a) = flatPanels[0] else { return XCTFail() }
        XCTAssertNil(a.first { $0.0 == "nested" })
    }

    /// A `--steps` caption names a nested panel by its id, as the script
    /// wrote it (the model's number past the stack is the tree's order:
    /// network 0, sound 1, then wifi 2, bluetooth 3, le 4, classic 5, vpn 6),
    /// and says when a reveal opens the panel too.
    func testCaptionsNameNestedPanelsAndReveals() {
        let stack = snapshot(open: [0]).panels.map(\.panel)
        XCTAssertEqual(Renderer.caption(of: .reveal(panel: 5, open: false), in: stack), "reveal classic")
        XCTAssertEqual(Renderer.caption(of: .reveal(panel: 2, open: true), in: stack), "reveal wifi and open it")
        XCTAssertEqual(Renderer.caption(of: .tap(panel: 3), in: stack), "tap bluetooth")
        XCTAssertEqual(Renderer.caption(of: .reveal(panel: 1, open: false), in: stack), "reveal sound")
        XCTAssertEqual(Renderer.caption(of: .expand(panel: 9), in: stack), "expand #9", "past the tree")
        // An update lists what it changes, in the schema's order.
        XCTAssertEqual(Renderer.caption(of: .update(panel: 1, PanelUpdate(title: "Audio", disabled: true)), in: stack),
                       "update sound: title, disabled")
        XCTAssertEqual(Renderer.caption(of: .update(panel: 0, PanelUpdate(titleColor: 0x0000_00FF, content: .rows([], rowHeight: 44))),
                                        in: stack), "update network: titleColor, content")
    }

    /// Network's box is 300 − 2 × 44 = 212 points (44–256) in `fill`; its six
    /// 44-point headers need 264: the fifth (220–264) is cut at 256 and the
    /// sixth (264–308) lies wholly outside the box, under Sound's header, so
    /// the drawing leaves it out, as the SVG and the page clip it away.
    func testTheTerminalDrawingClipsALevelToItsBox() {
        let ids = ["wifi", "bluetooth", "cellular", "hotspot", "vpn", "dns"]
        var c = ContainerSpec()
        c.height = 300
        let level = NestedLevel(panels: ids.map { panel($0) })
        let s = AccordionContainer(title: nil, container: c, panels: [panel("network", content: .accordion(level)), panel("sound")],
                                   expandedIndices: [0]).snapshot(at: 0)
        let text = TextRender.drawing(s, color: false, caption: nil)
        XCTAssertTrue(text.contains("›vpn  y=220 h=44 (clipped)"), text)
        XCTAssertTrue(text.contains("›hotspot  y=176 h=44\n") || text.contains("›hotspot  y=176 h=44 "), text)
        XCTAssertFalse(text.contains("Dns"), text)
        XCTAssertFalse(text.contains("›dns"), text)
        XCTAssertTrue(text.contains("header  1 sound"), text)
    }
}
