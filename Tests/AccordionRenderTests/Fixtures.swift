import AccordionModel

/// Hand-built snapshots (frames computed by hand from the semantics), so the
/// renderers are tested without the model.
enum Demo {
    static let panels: [PanelSpec] = [
        PanelSpec(id: "VC1", title: "View Controller 1", color: 0x1ABC_9CFF, headerHeight: 44),
        PanelSpec(id: "VC2", title: "View Controller 2", color: 0x3498_DBFF, headerHeight: 44),
        PanelSpec(id: "VC3", title: "View Controller 3", color: 0x9B59_B6FF, headerHeight: 44),
    ]

    /// The article demo settled with `expanded` open: space = 667 − 3·44 = 535.
    static func settled(expanded: Int?, time: Double = 0, events: [LogEntry] = []) -> Snapshot {
        var frames: [PanelFrame] = []
        var y = 0.0
        for (i, p) in panels.enumerated() {
            let header = Rect(x: 0, y: y, width: 375, height: 44)
            y += 44
            var content: Rect? = nil
            if i == expanded {
                content = Rect(x: 0, y: y, width: 375, height: 535)
                y += 535
            }
            frames.append(PanelFrame(index: i, panel: p, header: header, content: content))
        }
        return Snapshot(title: "ExpandableViewController demo", time: time, container: ContainerSpec(),
                        expandedIndex: expanded, visible: expanded.map { .panel(title: panels[$0].title) },
                        interactionEnabled: true, transition: nil, panels: frames, events: events)
    }

    static let loadEvents: [LogEntry] = [
        LogEntry(time: 0, event: .addChild, panel: "VC1"),
        LogEntry(time: 0, event: .viewWillAppear, panel: "VC1"),
        LogEntry(time: 0, event: .viewDidAppear, panel: "VC1"),
        LogEntry(time: 0, event: .didMoveToParent, panel: "VC1"),
    ]

    /// Mid-transition 0 → 2 at half the distance: header 2 from 623 to 88 → 355.5;
    /// content 2 moves with it (from 667 to 132 → 399.5); content 0 stays at 88.
    static func midTransition() -> Snapshot {
        var s = settled(expanded: 2, time: 0.15, events: loadEvents + [
            LogEntry(time: 0, event: .beginIgnoringInteractionEvents),
            LogEntry(time: 0, event: .willMoveToParent, panel: "VC1"),
            LogEntry(time: 0, event: .addChild, panel: "VC3"),
            LogEntry(time: 0, event: .viewWillDisappear, panel: "VC1"),
            LogEntry(time: 0, event: .viewWillAppear, panel: "VC3"),
        ])
        s.interactionEnabled = false
        s.transition = TransitionInfo(from: 0, to: 2, start: 0, end: 0.3, progress: 0.5)
        s.panels[0].content = Rect(x: 0, y: 88, width: 375, height: 535)
        s.panels[2].header.y = 355.5
        s.panels[2].content = Rect(x: 0, y: 399.5, width: 375, height: 535)
        return s
    }
}
