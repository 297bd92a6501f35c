/// The headless twin of the article's `ExpandableViewController`: a stack of
/// panels, one or (with `expansion: multiple`) several open, driven by script
/// steps on its own clock, with the containment log those steps write.
///
/// It is the reducer `ContainerState` plus the log: `apply` a step, the state
/// decides what it does, and this writes the log entries of the outcome and
/// returns them. Ask `layout(at:)` / `snapshot(at:)` where every view is at
/// any moment from the last step on. It keeps no history, only the state
/// after the last step plus the transition that may still be running; the
/// containment log is kept whole and append-only.
///
/// Costs: a tap is O(1) plus O(k) on the sorted open set of k panels (a
/// transition is a record of from/to/start/end, frames are computed only when
/// asked), except one that retargets a running transition, which records the
/// frames shown (linear); `layout(at:)` is linear in the panel count;
/// `setPanels` and `init` are linear in the new stack.
/// Equatable so tests can say "these two ways of getting here agree" about
/// the whole state, not only about what a snapshot shows.
public struct AccordionContainer: Sendable, Equatable {
    /// The spec's title, carried into every snapshot.
    public let title: String?
    /// Everything a step can change, and the one place that decides how.
    public private(set) var state: ContainerState
    /// Every log entry committed so far, in time order. A running transition's
    /// end entries are not in it yet (a later step may still complete the
    /// transition early, at its own time): see `pendingEntries` and `events(through:)`.
    public private(set) var log = ContainmentLog()
    /// `tops[i]` = h_0 + … + h_(i-1), so that `top(ofPanel:)` and
    /// `frame(forPanelAt:)` are O(1) and `layout(at:)` reads each header's
    /// top instead of carrying a running sum, which would chain every frame
    /// to the one before it. Rebuilt when the stack changes; the state
    /// keeps nothing per panel, so the validator following a script does
    /// not pay for it.
    private var tops: [Double] = []

    /// Loads a container the way the article's controller appears on screen:
    /// each initially open panel becomes a child, in ascending index order,
    /// logging `addChild`, `viewWillAppear`, `viewDidAppear`, `didMoveToParent`
    /// at time 0. `expandedIndices` is already resolved (the spec's default
    /// applied); indices outside the stack are dropped, and in `single` only
    /// the lowest is kept.
    public init(title: String?, container: ContainerSpec, panels: [PanelSpec], expandedIndices: [Int]) {
        self.title = title
        state = ContainerState(container: container, panels: panels, expandedIndices: expandedIndices)
        rebuildTops()
        for index in state.expandedIndices {
            logAppearance(of: panels[index], at: 0)
        }
    }

    /// Loads a container in `state`, made once and loaded many times (the
    /// spec of a test file, one container per case): its panels' texts are
    /// not wrapped again. The log starts as loading writes it, each open
    /// panel's appearance, at the state's clock.
    ///
    /// - Parameters:
    ///   - title: The spec's title, carried into every snapshot.
    ///   - state: The state to start from, usually one just loaded.
    public init(title: String?, loading state: ContainerState) {
        self.title = title
        self.state = state
        rebuildTops()
        for index in state.expandedIndices {
            logAppearance(of: state.panels[index], at: state.clock)
        }
    }

    /// Loads a container with at most one panel open (`expandedIndex`
    /// already resolved; an index outside the stack is treated as none).
    public init(title: String?, container: ContainerSpec, panels: [PanelSpec], expandedIndex: Int?) {
        self.init(title: title, container: container, panels: panels, expandedIndices: expandedIndex.map { [$0] } ?? [])
    }

    // MARK: - The state

    /// The container as configured, with its current size (after `resize`).
    public var container: ContainerSpec { state.container }
    /// The stack of panels (`viewControllers`), top to bottom.
    public var panels: [PanelSpec] { state.panels }
    /// `expandedIndex`: the lowest open panel, nil when every panel is
    /// collapsed. During a transition it is already as the transition leaves
    /// it, as the UIKit property would be.
    public var expandedIndex: Int? { state.expandedIndex }
    /// The open set, ascending; already the new set while a transition runs.
    public var expandedIndices: [Int] { state.expandedIndices }
    /// Title of the presented modal, nil when none is up.
    public var modalTitle: String? { state.modalTitle }
    /// Time of the last step applied (0 before any).
    public var clock: Double { state.clock }

    /// Index of the first panel with this id in the current stack, or nil (linear).
    ///
    /// - Parameter id: A panel id.
    /// - Returns: Its index, or nil.
    public func index(ofPanel id: String) -> Int? { state.index(ofPanel: id) }

    /// When the tap that is still animating will be over; nil when idle.
    public var transitionEnd: Double? { state.running?.end }

    /// The later of the clock and the end of the running transition: when
    /// the container is idle and the settled state is the one on screen.
    public var settledTime: Double { state.settledTime }

    /// The running transition as of the last step (progress at `clock`), or nil.
    public var pendingTransition: TransitionInfo? { state.transitionInfo(at: state.clock) }

    /// When `step` would happen, by the script-clock rules (`ContainerState.time(of:)`).
    ///
    /// - Parameter step: A step not yet applied.
    /// - Returns: Seconds on the container's clock.
    public func time(of step: Step) -> Double { state.time(of: step) }

    // MARK: - The log

    /// The end-of-transition entries that will be logged at the running
    /// transition's end unless a step completes it earlier.
    public var pendingEntries: [LogEntry] {
        guard let running = state.running else { return [] }
        return endEntries(of: running, at: running.end, in: state)
    }

    /// The log as seen at `time`: every committed entry and every pending end
    /// entry whose time is at most `time` (within the tolerance).
    /// `events(through: .infinity)` is the whole log once the container settles.
    ///
    /// - Parameter time: Seconds on the container's clock.
    /// - Returns: The entries, in order.
    public func events(through time: Double) -> [LogEntry] {
        // The log is time-ordered: find the cut by bisection.
        var low = 0
        var high = log.count
        while low < high {
            let mid = (low + high) / 2
            if isEarlier(time, log[mid].time) { high = mid } else { low = mid + 1 }
        }
        var result = Array(log[..<low])
        if low == log.count, let running = state.running, !isEarlier(time, running.end) {
            result += endEntries(of: running, at: running.end, in: state)
        }
        return result
    }

    // MARK: - Steps

    /// Applies `step` (`ContainerState.apply(_:)` decides what it does) and
    /// returns the log entries its outcome produced, in order: first the end
    /// entries of a running transition that ended by then (at its end time)
    /// or that this step completes early (at the step's time), then the
    /// step's own entries. A rejected step (a script mistake `validate`
    /// reports) changes nothing and logs nothing.
    ///
    /// - Parameter step: The step, at its own `at` or when idle.
    /// - Returns: The entries this step added to ``log``, in order.
    @discardableResult
    public mutating func apply(_ step: Step) -> [LogEntry] { perform(step).entries }

    /// Applies `step` as `apply(_:)` does and returns, beside the log entries
    /// it wrote, the reducer's typed outcome: for a host that reports what
    /// became of each step (applied and what started, ignored and why,
    /// rejected and why), which the entries alone cannot say.
    ///
    /// - Parameter step: The step, timed by `time(of:)`.
    /// - Returns: The reducer's outcome and the log entries the step wrote, in order.
    @discardableResult
    public mutating func perform(_ step: Step) -> (outcome: StepOutcome, entries: [LogEntry]) {
        let mark = log.count
        // An ended transition names the panels of the state it ran in: the
        // stack a `setPanels` replaces, and the panels shown inside them,
        // which the step may change (a tap in their level). Who it names is
        // read here, before the step, for the running transition (the only
        // one a step can end); a copy of the whole state kept across the step
        // would instead make its first change copy every level's open set,
        // so a nested tap would cost the whole tree, not the panels it moves.
        // Only `setPanels` keeps one, for the panels it takes out.
        let running = state.running
        let runningCast = running.map { Self.endCast(of: $0, in: state) }
        let nestedBefore: ContainerState?
        if state.nests, case .setPanels = step.action { nestedBefore = state } else { nestedBefore = nil }
        let outcome = state.apply(step)
        if let ended = outcome.ended, let runningCast {
            assert(ended.transition == running, "a step ends only the transition running when it comes")
            log += Self.endEntries(of: runningCast, at: ended.time)
        }
        switch outcome.effect {
        case .rejected:
            break
        case .ignored(let reason):
            if case .tap(let index) = step.action {
                log.append(LogEntry(time: outcome.time, event: .tapIgnored, panel: state.panel(numbered: index).id, reason: reason))
            }
        case .applied(let change):
            logChange(change, at: outcome.time, before: nestedBefore, cause: step.cause)
        }
        return (outcome, Array(log[mark...]))
    }

    /// Logs what an applied step changed (and, after a `setPanels`, keeps
    /// the header offsets in step with the new stack). `before` is the
    /// state before the step when its stack nested: a panel `setPanels`
    /// takes out leaves with the panels shown inside it. `cause` is the
    /// step's (`Step.cause`), for the entries of a `setPanels`; a
    /// transition's entries carry the cause the reducer stamped on it.
    private mutating func logChange(_ change: StepChange, at time: Double, before: ContainerState?, cause: ChangeCause?) {
        switch change {
        case .none, .resized, .updated, .scrolled:
            break
        case .transition(let transition):
            logStart(of: transition, at: time, in: state)
            if transition.isInstant {
                log += endEntries(of: transition, at: time, in: state)
            }
        case .transitions(let transitions):
            // Each is logged in the state it left, the later ones undone: a
            // `reveal` opens a parent and then a panel inside it, which the
            // parent's entries must not name. A flat stack's entries name no
            // descendants, so it needs no such states.
            var states: [ContainerState] = []
            if state.nests {
                var after = state
                for transition in transitions.reversed() {
                    states.append(after)
                    after = after.undoing(transition)
                }
                states.reverse()
            }
            for (i, transition) in transitions.enumerated() {
                let s = state.nests ? states[i] : state
                logStart(of: transition, at: time, in: s)
                log += endEntries(of: transition, at: time, in: s)
            }
        case .modalPresented:
            log.append(LogEntry(time: time, event: .presentModal, panel: expandedID))
        case .modalDismissed:
            log.append(LogEntry(time: time, event: .dismissModal, panel: expandedID))
        case .stackReplaced(let change):
            rebuildTops()
            var leftPanels: [String: PanelSpec] = [:]
            if let before {
                for panel in before.panels where panel.nested != nil { leftPanels[panel.id] = panel }
            }
            for left in change.left {
                let ids = leftPanels[left].map { before!.shownDescendants(of: $0).reversed() + [left] } ?? [left]
                for event in [LogEvent.willMoveToParent, .viewWillDisappear, .viewDidDisappear, .removeFromParent] {
                    for id in ids { log.append(LogEntry(time: time, event: event, panel: id, cause: cause)) }
                }
            }
            if let arrived = change.arrived {
                logAppearance(of: state.panels[arrived], at: time, cause: cause)
            }
        }
    }

    /// The panels that leave with `from` and arrive with `to` in state `s`:
    /// each with the panels shown inside it (nil when neither nests: the
    /// flat path). Leaving, the innermost and last go first and the panel
    /// itself last; arriving, the panel first, then the others in tree
    /// order. `s` is the state the transition ran in: a step that ends it
    /// may already have changed what is shown inside (a tap in its level).
    private static func moving(from: PanelSpec?, to: PanelSpec?, in s: ContainerState) -> (leaving: [String], arriving: [String])? {
        guard from?.nested != nil || to?.nested != nil else { return nil }
        let leaving = from.map { s.shownDescendants(of: $0).reversed() + [$0.id] } ?? []
        let arriving = to.map { [$0.id] + s.shownDescendants(of: $0) } ?? []
        return (leaving, arriving)
    }

    /// The panels a transition closes and opens, in the level it ran in
    /// (`transition.level`), in state `s`.
    private static func ends(of transition: Transition, in s: ContainerState) -> (from: PanelSpec?, to: PanelSpec?) {
        guard let level = transition.level else {
            return (transition.from.map { s.panels[$0] }, transition.to.map { s.panels[$0] })
        }
        let panels = s.nestedLevel(heldBy: level)?.panels ?? []
        func panel(_ i: Int?) -> PanelSpec? { i.flatMap { $0 < panels.count ? panels[$0] : nil } }
        return (panel(transition.from), panel(transition.to))
    }

    /// The start-of-transition entries, in the article's order; `s` is the
    /// state the transition leads to.
    private mutating func logStart(of transition: Transition, at time: Double, in s: ContainerState) {
        let (fromPanel, toPanel) = Self.ends(of: transition, in: s)
        let cause = transition.cause
        if let (leaving, arriving) = Self.moving(from: fromPanel, to: toPanel, in: s) {
            log.append(LogEntry(time: time, event: .beginIgnoringInteractionEvents, cause: cause))
            for id in leaving { log.append(LogEntry(time: time, event: .willMoveToParent, panel: id, cause: cause)) }
            for id in arriving { log.append(LogEntry(time: time, event: .addChild, panel: id, cause: cause)) }
            for id in leaving { log.append(LogEntry(time: time, event: .viewWillDisappear, panel: id, cause: cause)) }
            for id in arriving { log.append(LogEntry(time: time, event: .viewWillAppear, panel: id, cause: cause)) }
            return
        }
        let fromID = fromPanel?.id
        let toID = toPanel?.id
        log.append(LogEntry(time: time, event: .beginIgnoringInteractionEvents, cause: cause))
        if let fromID { log.append(LogEntry(time: time, event: .willMoveToParent, panel: fromID, cause: cause)) }
        if let toID { log.append(LogEntry(time: time, event: .addChild, panel: toID, cause: cause)) }
        if let fromID { log.append(LogEntry(time: time, event: .viewWillDisappear, panel: fromID, cause: cause)) }
        if let toID { log.append(LogEntry(time: time, event: .viewWillAppear, panel: toID, cause: cause)) }
    }

    /// Who a transition's end entries name, read in the state it ran in:
    /// its `from` and `to` panels, and when either nests, every panel
    /// leaving and arriving with them. Linear in those panels.
    private struct EndCast {
        var fromID: String?
        var toID: String?
        var moving: (leaving: [String], arriving: [String])?
        /// The transition's cause, which its end entries carry.
        var cause: ChangeCause
    }

    /// The cast of `transition`'s end entries in state `s`, the state whose
    /// stack it ran in.
    private static func endCast(of transition: Transition, in s: ContainerState) -> EndCast {
        let (fromPanel, toPanel) = ends(of: transition, in: s)
        return EndCast(fromID: fromPanel?.id, toID: toPanel?.id, moving: moving(from: fromPanel, to: toPanel, in: s),
                       cause: transition.cause)
    }

    /// The end-of-transition entries, in the article's order; `s` is the
    /// state whose stack the transition ran in.
    private func endEntries(of transition: Transition, at time: Double, in s: ContainerState) -> [LogEntry] {
        Self.endEntries(of: Self.endCast(of: transition, in: s), at: time)
    }

    /// The end-of-transition entries of a transition whose cast is `cast`.
    private static func endEntries(of cast: EndCast, at time: Double) -> [LogEntry] {
        let cause = cast.cause
        if let (leaving, arriving) = cast.moving {
            var entries: [LogEntry] = []
            for id in leaving { entries.append(LogEntry(time: time, event: .viewDidDisappear, panel: id, cause: cause)) }
            for id in arriving { entries.append(LogEntry(time: time, event: .viewDidAppear, panel: id, cause: cause)) }
            for id in arriving { entries.append(LogEntry(time: time, event: .didMoveToParent, panel: id, cause: cause)) }
            for id in leaving { entries.append(LogEntry(time: time, event: .removeFromParent, panel: id, cause: cause)) }
            entries.append(LogEntry(time: time, event: .endIgnoringInteractionEvents, cause: cause))
            return entries
        }
        let fromID = cast.fromID
        let toID = cast.toID
        var entries: [LogEntry] = []
        entries.reserveCapacity(5)
        if let fromID { entries.append(LogEntry(time: time, event: .viewDidDisappear, panel: fromID, cause: cause)) }
        if let toID {
            entries.append(LogEntry(time: time, event: .viewDidAppear, panel: toID, cause: cause))
            entries.append(LogEntry(time: time, event: .didMoveToParent, panel: toID, cause: cause))
        }
        if let fromID { entries.append(LogEntry(time: time, event: .removeFromParent, panel: fromID, cause: cause)) }
        entries.append(LogEntry(time: time, event: .endIgnoringInteractionEvents, cause: cause))
        return entries
    }

    /// The four entries of a panel becoming the child without a transition
    /// (load and `setPanels`), with the panels shown inside it, grouped by
    /// kind: the panel first, then the others in tree order. `cause` is
    /// nil when loading (the first open set is no change), `setPanels`'s
    /// when it opens the new stack's first panel.
    private mutating func logAppearance(of panel: PanelSpec, at time: Double, cause: ChangeCause? = nil) {
        guard panel.nested != nil else {
            for event in [LogEvent.addChild, .viewWillAppear, .viewDidAppear, .didMoveToParent] {
                log.append(LogEntry(time: time, event: event, panel: panel.id, cause: cause))
            }
            return
        }
        let ids = [panel.id] + state.shownDescendants(of: panel)
        for event in [LogEvent.addChild, .viewWillAppear, .viewDidAppear, .didMoveToParent] {
            for id in ids { log.append(LogEntry(time: time, event: event, panel: id, cause: cause)) }
        }
    }

    /// Recomputes the header offsets after the stack changed.
    private mutating func rebuildTops() {
        tops = state.headerTops()
    }

    /// The expanded panel's id, naming the host of a modal.
    private var expandedID: String? { state.expandedIndex.map { state.panels[$0].id } }

    // MARK: - Geometry

    /// Σ h_i: the height all headers take together.
    public var totalHeaderHeight: Double { state.totalHeaderHeight }

    /// `space = max(0, H − Σ h_i)`: what is left under the headers for content.
    public var space: Double { state.space }

    /// `C_i`: the content height panel `index` gets when expanded: the whole
    /// space in `fill`, its `contentHeight` capped by the space in `fit`.
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: The height in points.
    public func contentHeight(ofPanel index: Int) -> Double { state.contentHeight(ofPanel: index) }

    /// `top_i`: where header `index` sits with nothing expanded.
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: The header's y in points.
    public func top(ofPanel index: Int) -> Double { tops[index] }

    /// `frame(forPanelAt:)` (the article's `frameForViewControllerAtIndex:`):
    /// where panel `index`'s content sits when it is the only open one.
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: The content view's frame.
    public func frame(forPanelAt index: Int) -> Rect {
        Rect(x: state.container.style.inset, y: lengthSum(tops[index], state.panels[index].headerHeight),
             width: state.container.panelWidth, height: state.contentHeight(ofPanel: index))
    }

    /// The running transition at `time`, with its linear progress, or nil.
    ///
    /// - Parameter time: Seconds on the container's clock.
    /// - Returns: The transition, or nil when none runs then.
    public func transitionInfo(at time: Double) -> TransitionInfo? { state.transitionInfo(at: time) }

    /// Every panel's header and content frame at `time` (at or after the last
    /// step), by the layout rules of `ContainerState.walkFrames`: settled
    /// under the open set, or inside a transition each header between its
    /// place before and after along the curve, each content view under its
    /// own header. Linear in the panel count.
    ///
    /// - Parameter time: Seconds on the container's clock.
    /// - Returns: One frame per panel, in stack order.
    public func layout(at time: Double) -> [PanelFrame] {
        let x = state.container.style.inset, width = state.container.panelWidth
        let panels = state.panels
        var frames: [PanelFrame] = []
        frames.reserveCapacity(panels.count)
        state.walkFrames(at: time, tops: tops) { index, y, contentHeight in
            let panel = panels[index]
            let header = Rect(x: x, y: y, width: width, height: panel.headerHeight)
            let content = contentHeight.map { Rect(x: x, y: lengthSum(y, panel.headerHeight), width: width, height: $0) }
            frames.append(PanelFrame(index: index, panel: panel, header: header, content: content,
                                     textLines: state.textLines[index]))
        }
        return frames
    }

    /// `visibleViewController`: the modal if one is presented, else the expanded panel, else nil.
    public var visible: Visible? { state.visible }

    /// The lines of panel `index`'s text content, wrapped by the model at
    /// the container's current width; nil when it has no text content.
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: The lines, as every renderer draws them.
    public func textLines(ofPanel index: Int) -> [String]? { state.textLines[index] }

    /// The scroll position at `time`, nil with `overflow: clip`.
    ///
    /// - Parameter time: Seconds on the container's clock.
    /// - Returns: The offset shown then and the settled stack height `S`.
    public func scrollPosition(at time: Double) -> ScrollPosition? { state.scrollPosition(at: time) }

    /// Everything a render shows at `time` (at or after the last step): frames
    /// (settled or interpolated), the log up to `time`, the transition running
    /// then and whether interaction is enabled (false only while one runs).
    ///
    /// - Parameter time: Seconds on the container's clock.
    /// - Returns: The moment, as renderers take it.
    public func snapshot(at time: Double) -> Snapshot {
        let transition = transitionInfo(at: time)
        var snapshot = Snapshot(title: title, time: time, container: container, expandedIndex: expandedIndex,
                                expandedIndices: expandedIndices, visible: visible, interactionEnabled: transition == nil, transition: transition,
                                panels: layout(at: time), events: events(through: time),
                                scroll: state.scrollPosition(at: time))
        if state.nests {
            snapshot.nests = true
            snapshot.nested = state.nestedFrames(at: time)
            snapshot.nestedOpen = state.nestedOpen
        }
        return snapshot
    }
}
