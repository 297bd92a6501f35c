import AccordionModel

/// What a header shows about a tap on it: the usual chevron (its panel
/// opens or closes), nothing but a dimmed bar (its panel is disabled and
/// closed: a tap is ignored), or a lock (its panel is open and a tap cannot
/// close it: disabled, or the last open panel of a container that is not
/// collapsible). Every renderer draws the same three, so a pinned panel
/// looks pinned in the terminal, the picture and the page alike.
enum HeaderMark: Equatable {
    /// A tap opens or closes the panel; `open` says which way the chevron points.
    case chevron(open: Bool)
    /// The panel is disabled and closed.
    case disabled
    /// The panel is open and a tap cannot close it.
    case pinned

    /// The mark of panel `index` in the moment `s`: the tap rules that
    /// concern the panel itself (`IgnoreReason.forPanel`), read on the open
    /// set the snapshot shows.
    init(_ s: Snapshot, _ index: Int) {
        let open = s.isExpanded(index)
        let reason = IgnoreReason.forPanel(disabled: s.panels[index].panel.disabled, isOpen: open,
                                           openCount: s.expandedIndices.count, collapsible: s.container.collapsible)
        switch (reason, open) {
        case (nil, _): self = .chevron(open: open)
        case (_, true): self = .pinned
        case (_, false): self = .disabled
        }
    }

    /// The mark of the nested panel `frame` in the moment `s`, by its own
    /// level's open set and `collapsible`.
    init(_ s: Snapshot, nested frame: NestedFrame) {
        let collapsible = s.panels.lazy.compactMap { $0.panel.id == frame.holder ? $0.panel.nested : nil }.first?.collapsible
            ?? s.nested.lazy.compactMap { $0.panel.id == frame.holder ? $0.panel.nested : nil }.first?.collapsible ?? true
        self.init(s, nested: frame, collapsible: collapsible)
    }

    /// The mark of the nested panel `frame` in the moment `s` when the
    /// caller already knows its level's `collapsible` (a renderer that has
    /// looked every level up once, instead of once a header).
    init(_ s: Snapshot, nested frame: NestedFrame, collapsible: Bool) {
        let openSet = s.nestedOpen[frame.holder] ?? []
        let open = openSet.contains(frame.index)
        let reason = IgnoreReason.forPanel(disabled: frame.panel.disabled, isOpen: open, openCount: openSet.count,
                                           collapsible: collapsible)
        switch (reason, open) {
        case (nil, _): self = .chevron(open: open)
        case (_, true): self = .pinned
        case (_, false): self = .disabled
        }
    }

    /// The word a text drawing adds after the title, nil for the usual header.
    var word: String? {
        switch self {
        case .chevron: nil
        case .disabled: "disabled"
        case .pinned: "pinned"
        }
    }
}
