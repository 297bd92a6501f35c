import AccordionModel

/// The tree the nested renderer tests draw: network {wifi, bluetooth {le,
/// classic}, vpn (disabled)}, indent 16, bluetooth open; sound. 320 × 600,
/// `fill`, 44-point headers. With network open: network's box (0, 44, 320,
/// 512); its level's space 512 − 132 = 380, bluetooth's box (16, 132, 304,
/// 380); le (indent 0: x 16) at 132, its content 176–468 (380 − 88),
/// classic at 468, vpn at 512. Slots in tree order: wifi 0, bluetooth 1,
/// le 2, classic 3, vpn 4.
enum NestedSettingsTree {
    /// A panel of the tree's kind: its id capitalized as its title, one colour, 44-point header.
    static func panel(_ id: String, disabled: Bool = false, content: PanelContent? = nil,
                      writing: PanelWriting = PanelWriting()) -> PanelSpec {
        PanelSpec(id: id, title: id.capitalized, color: 0x3366_99FF, headerHeight: 44, disabled: disabled, content: content,
                  writing: writing)
    }

    /// The tree settled at load with the top-level panels `open` open.
    static func snapshot(open: [Int]) -> Snapshot {
        let inner = NestedLevel(panels: [panel("le"), panel("classic")])
        let level = NestedLevel(panels: [panel("wifi"), panel("bluetooth", content: .accordion(inner)), panel("vpn", disabled: true)],
                                expandedIndices: [1], indent: 16)
        var c = ContainerSpec()
        c.width = 320
        c.height = 600
        return AccordionContainer(title: "Settings", container: c, panels: [panel("network", content: .accordion(level)), panel("sound")],
                                  expandedIndices: open).snapshot(at: 0)
    }
}
