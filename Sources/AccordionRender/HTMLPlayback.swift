import AccordionModel

/// What the interactive page needs to play the container back, computed by
/// the Swift model so that the page never decides a layout on its own.
///
/// A table of every settled layout (one per set of open panels) would grow
/// exponentially, so the playback stores, per panel, the model's own frames
/// in two situations — its header with nothing open and its content view
/// when it alone is open — plus that content's height and whether it is a
/// share of the space (which the model divides among the open panels). From
/// those, "header i = header i with nothing open, moved down by the content
/// heights of the open panels above it", "a sharing panel's height is its
/// one-open height divided by the number open" and "a content view moves
/// exactly as its own header moves" give every settled layout and every
/// transition; `HTMLPlaybackTests` checks those rules against the model for
/// every open set and every tap of small stacks.
struct HTMLPlayback {
    /// One panel of the stack as the page draws it.
    struct Panel {
        var spec: PanelSpec
        /// The model's header frame when no panel is expanded.
        var collapsedHeader: Rect
        /// The model's content frame when this panel alone is open (the
        /// article's `frameForViewControllerAtIndex:`); its height `C_i` is how
        /// far the model moves the headers below this panel then.
        var expandedContent: Rect
        /// Whether the model divides this content height among the open
        /// panels (a share of the space) rather than keeping it; only asked
        /// of a container in which several panels may be open.
        var shares: Bool
    }

    /// The model's containment-log entries for one tap, split at the
    /// transition's start and end, with panels replaced by their role.
    struct Template {
        /// `(event, role)` pairs, role being "from", "to" or nil (container-level).
        var start: [(event: String, role: String?)]
        var end: [(event: String, role: String?)]
    }

    var panels: [Panel]
    /// The space under the top level's headers (`ContainerState.space`):
    /// what a nested level's share is cut from.
    var space: Double = 0
    /// The model the frames were asked of, with the snapshot's stack (its
    /// nested levels open as the spec opens them): a nested panel's own
    /// height in `fit` is asked of it.
    var model: AccordionContainer
    /// Tap templates keyed "expand" (from none), "switch" and "collapse".
    var templates: [(kind: String, template: Template)]
    /// The `tapIgnored` entry's event name and its reasons, as the model spells them.
    var ignoredEvent: String
    var ignoredTransitionReason: String
    var ignoredModalReason: String
    /// The reasons of a tap the panel itself refuses, as the model spells them.
    var ignoredDisabledReason = IgnoreReason.disabled.rawValue
    var ignoredNotCollapsibleReason = IgnoreReason.notCollapsible.rawValue
    /// The causes the page's changes carry (its log entries and its
    /// `accordionchange` events' `reason`), as the model spells them: a
    /// click is a tap, Enter or Space on a focused header a key, a URL
    /// fragment naming a panel a fragment, a find-in-page match a find.
    var clickCause = ChangeCause.tap.name
    var keyCause = ChangeCause.key.name
    var fragmentCause = ChangeCause.fragment.name
    /// The browser's find-in-page (or a text fragment) showing a match in a closed panel.
    var findCause = ChangeCause.find.name

    /// Computes the playback for the stack and container shown in `snapshot`,
    /// asking a model loaded with that stack for each panel's frames: linear
    /// in the panel count, in time and in size.
    init(_ snapshot: Snapshot) {
        let stack = snapshot.panels.map(\.panel)
        let model = AccordionContainer(title: snapshot.title, container: snapshot.container,
                                       panels: stack, expandedIndices: [])
        // With two panels open, a panel whose height the model divides among
        // the open ones gets a different height than with one open.
        let twoOpen = snapshot.container.expansion == .multiple && stack.count >= 2
            ? AccordionContainer(title: nil, container: snapshot.container, panels: stack, expandedIndices: [0, 1])
            : nil
        self.model = model
        space = model.space
        let collapsed = model.layout(at: model.settledTime)
        panels = collapsed.map { frame in
            // Headers below an open panel move down by its content height (`C_e`),
            // the height of this frame.
            let content = model.frame(forPanelAt: frame.index)
            return Panel(spec: frame.panel, collapsedHeader: frame.header, expandedContent: content,
                         shares: twoOpen.map { $0.contentHeight(ofPanel: frame.index) != content.height } ?? false)
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
