import AccordionModel

/// What the interactive page needs to play the container back, computed by
/// the Swift model so that the page never decides a layout on its own.
///
/// A table of every settled layout (n + 1 states × n panels) and of every
/// transition the page can perform (n × (n + 1) taps) would grow
/// quadratically, so the playback stores, per panel, the model's own frames
/// in two situations — its header with nothing expanded and its content
/// view when it alone is expanded — plus how far the model moves the headers
/// below it when it expands. From those, "header i under e = header i under
/// none, moved down by e's shift when i > e" and "a content view moves
/// exactly as its own header moves" give every settled layout and every
/// transition; `HTMLPlaybackTests` checks that rule against the model for
/// every state and every tap.
struct HTMLPlayback {
    /// One panel of the stack as the page draws it.
    struct Panel {
        var spec: PanelSpec
        /// The model's header frame when no panel is expanded.
        var collapsedHeader: Rect
        /// The model's content frame when this panel is the expanded one
        /// (the article's `frameForViewControllerAtIndex:`).
        var expandedContent: Rect
        /// How far the model moves the headers below this panel when it expands
    /// (its content height `C_i`).
        var shift: Double
    }

    /// The model's containment-log entries for one tap, split at the
    /// transition's start and end, with panels replaced by their role.
    struct Template {
        /// `(event, role)` pairs, role being "from", "to" or nil (container-level).
        var start: [(event: String, role: String?)]
        var end: [(event: String, role: String?)]
    }

    var panels: [Panel]
    /// Tap templates keyed "expand" (from none), "switch" and "collapse".
    var templates: [(kind: String, template: Template)]
    /// The `tapIgnored` entry's event name and its reasons, as the model spells them.
    var ignoredEvent: String
    var ignoredTransitionReason: String
    var ignoredModalReason: String

    /// Computes the playback for the stack and container shown in `snapshot`,
    /// asking a model loaded with that stack for each panel's frames: linear
    /// in the panel count, in time and in size.
    init(_ snapshot: Snapshot) {
        let model = AccordionContainer(title: snapshot.title, container: snapshot.container,
                                       panels: snapshot.panels.map(\.panel), expandedIndex: nil)
        let collapsed = model.layout(at: model.settledTime)
        panels = collapsed.map { frame in
            let content = model.frame(forPanelAt: frame.index)
            // Headers below an expanded panel move down by its content height (`C_e`).
            return Panel(spec: frame.panel, collapsedHeader: frame.header, expandedContent: content,
                         shift: model.contentHeight(ofPanel: frame.index))
        }
        (templates, ignoredEvent, ignoredTransitionReason, ignoredModalReason) = Self.probeLog()
    }

    /// Runs the model on a two-panel probe container to learn the order and
    /// names of the containment calls a tap makes, so the page replays the
    /// model's log instead of a hand-written copy of it.
    static func probeLog() -> ([(String, Template)], String, String, String) {
        var spec = ContainerSpec()
        spec.duration = 1
        let a = PanelSpec(id: "from-or-to-A", title: "A", color: 0, headerHeight: 10)
        let b = PanelSpec(id: "from-or-to-B", title: "B", color: 0, headerHeight: 10)
        func template(expanded: Int?, tap: Int) -> Template {
            var model = AccordionContainer(title: nil, container: spec, panels: [a, b], expandedIndex: expanded)
            // Tap at 5 s so the load entries (at 0) stay apart; read the log once
            // everything has settled, whenever the model chooses to record the end.
            let start = 5.0
            let to: Int? = tap == expanded ? nil : tap
            var roles: [String: String] = [:]
            if let expanded { roles[[a, b][expanded].id] = "from" }
            if let to { roles[[a, b][to].id] = "to" }
            _ = model.apply(Step(.tap(panel: tap), at: start))
            var t = Template(start: [], end: [])
            for entry in model.snapshot(at: start + 3).events {
                let item = (event: entry.event.rawValue, role: entry.panel.flatMap { roles[$0] })
                if abs(entry.time - start) < 1e-9 {
                    t.start.append(item)
                } else if abs(entry.time - (start + 1)) < 1e-9 {
                    t.end.append(item)
                }
            }
            return t
        }
        var model = AccordionContainer(title: nil, container: spec, panels: [a, b], expandedIndex: 0)
        _ = model.apply(Step(.tap(panel: 1), at: 5))
        let ignored = model.apply(Step(.tap(panel: 0), at: 5.5)).first { $0.event == .tapIgnored }
        var modal = AccordionContainer(title: nil, container: spec, panels: [a, b], expandedIndex: 0)
        _ = modal.apply(Step(.present(title: "probe")))
        let ignoredModal = modal.apply(Step(.tap(panel: 1))).first { $0.event == .tapIgnored }
        return (
            [("expand", template(expanded: nil, tap: 0)),
             ("switch", template(expanded: 0, tap: 1)),
             ("collapse", template(expanded: 0, tap: 0))],
            ignored?.event.rawValue ?? LogEvent.tapIgnored.rawValue,
            ignored?.reason?.rawValue ?? IgnoreReason.transition.rawValue,
            ignoredModal?.reason?.rawValue ?? IgnoreReason.modal.rawValue
        )
    }
}
