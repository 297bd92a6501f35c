/// Two times closer than this many seconds are the same moment (issue 4).
public let timeTolerance = 1e-9

/// True when `a` is strictly earlier than `b`, times within `timeTolerance`
/// counting as equal, so float sums like 0.1 + 0.2 land on 0.3.
@inline(__always)
func isEarlier(_ a: Double, _ b: Double) -> Bool { a < b - timeTolerance }

/// The headless twin of the article's `ExpandableViewController`: a stack of
/// panels, at most one expanded, driven by script steps on its own clock.
///
/// It is a value type used like a reducer: `apply` a step, get back the log
/// entries it produced, and ask `layout(at:)` / `snapshot(at:)` where every
/// view is at any moment from the last step on. It keeps no history, only the
/// state after the last step plus the transition that may still be running;
/// the containment log is kept whole and append-only.
///
/// Costs: a tap is O(1) (a transition is a record of from/to/start/end, frames
/// are computed only when asked); `layout(at:)` is linear in the panel count;
/// `setPanels` and `init` are linear in the new stack.
/// Equatable so tests can say "these two ways of getting here agree" about
/// the whole state, not only about what a snapshot shows.
public struct AccordionContainer: Sendable, Equatable {
    /// A tap transition that has started and whose end entries are not logged yet.
    struct RunningTransition: Sendable, Hashable {
        var from: Int?
        var to: Int?
        var start: Double
        var end: Double
    }

    /// The spec's title, carried into every snapshot.
    public let title: String?
    /// The container as configured, with its current size (after `resize`).
    public private(set) var container: ContainerSpec
    /// The stack of panels (`viewControllers`), top to bottom.
    public private(set) var panels: [PanelSpec]
    /// `expandedIndex`: nil when every panel is collapsed. During a transition
    /// it is already the panel being expanded, as the UIKit property would be.
    public private(set) var expandedIndex: Int?
    /// Title of the presented modal, nil when none is up.
    public private(set) var modalTitle: String?
    /// Time of the last step applied (0 before any).
    public private(set) var clock: Double = 0
    /// Every log entry committed so far, in time order. A running transition's
    /// end entries are not in it yet (a later step may still complete the
    /// transition early, at its own time): see `pendingEntries` and `events(through:)`.
    public private(set) var log = ContainmentLog()

    /// The transition whose end entries are still due; its `end` is after `clock`.
    private(set) var running: RunningTransition?
    /// `tops[i]` = h_0 + … + h_(i-1); `tops[n]` = Σ h. Rebuilt only when the stack changes.
    private var tops: [Double] = [0]
    /// Panel id → index in the stack (first occurrence), for `setPanels` and look-ups.
    private var indexByID: [String: Int] = [:]

    /// Loads a container the way the article's controller appears on screen:
    /// the initially expanded panel becomes the only child, logging `addChild`,
    /// `viewWillAppear`, `viewDidAppear`, `didMoveToParent` at time 0.
    /// `expandedIndex` is already resolved (the spec's default applied); an index
    /// outside the stack is treated as none.
    public init(title: String?, container: ContainerSpec, panels: [PanelSpec], expandedIndex: Int?) {
        self.title = title
        self.container = container
        self.panels = panels
        if let index = expandedIndex, panels.indices.contains(index) {
            self.expandedIndex = index
        } else {
            self.expandedIndex = nil
        }
        rebuildStackIndex()
        if let index = self.expandedIndex {
            logAppearance(of: index, at: 0)
        }
    }

    // MARK: - Queries

    /// Index of the panel with this id in the current stack, or nil.
    public func index(ofPanel id: String) -> Int? { indexByID[id] }

    /// When the tap that is still animating will be over; nil when idle.
    public var transitionEnd: Double? { running?.end }

    /// The later of the clock and the end of the running transition: when
    /// the container is idle and the settled state is the one on screen.
    public var settledTime: Double { max(clock, running?.end ?? clock) }

    /// The running transition as of the last step (progress at `clock`), or nil.
    public var pendingTransition: TransitionInfo? { transitionInfo(at: clock) }

    /// The end-of-transition entries that will be logged at the running
    /// transition's end unless a step completes it earlier.
    public var pendingEntries: [LogEntry] {
        guard let running else { return [] }
        return endEntries(of: running, at: running.end)
    }

    /// The log as seen at `time`: every committed entry and every pending end
    /// entry whose time is at most `time` (within the tolerance).
    /// `events(through: .infinity)` is the whole log once the container settles.
    public func events(through time: Double) -> [LogEntry] {
        // The log is time-ordered: find the cut by bisection.
        var low = 0
        var high = log.count
        while low < high {
            let mid = (low + high) / 2
            if isEarlier(time, log[mid].time) { high = mid } else { low = mid + 1 }
        }
        var result = Array(log[..<low])
        if low == log.count, let running, !isEarlier(time, running.end) {
            result += endEntries(of: running, at: running.end)
        }
        return result
    }

    /// When `step` would happen, by the script-clock rules: at its `at:` when
    /// it has one; a `wait` at the clock plus its seconds (`at` on a wait is
    /// ignored); any other step when the container is idle, at the later of the
    /// clock and the end of the running transition.
    /// An `at:` earlier than the clock (a spec error `validate` reports) is
    /// returned as is; `apply` then uses the clock instead.
    public func time(of step: Step) -> Double {
        switch step.action {
        case .wait(let seconds):
            return clock + max(0, seconds)
        default:
            if let at = step.at { return at }
            return settledTime
        }
    }

    // MARK: - Steps

    /// Applies `step` at `time(of: step)` and returns the log entries that
    /// produced, in order: first the end entries of a running transition that
    /// ended by then (at its end time) or that this step completes early (at
    /// the step's time), then the step's own entries. Invalid references (an
    /// index outside the stack) do nothing beyond moving the clock: the spec
    /// validator rejects such scripts before they get here.
    @discardableResult
    public mutating func apply(_ step: Step) -> [LogEntry] {
        let time = max(self.time(of: step), clock)
        let mark = log.count
        if let running, !isEarlier(time, running.end) {
            finishTransition(at: running.end)
        }
        clock = time
        switch step.action {
        case .tap(let index):
            tap(index, at: time)
        case .wait:
            break
        case .resize(let width, let height):
            finishTransition(at: time)
            container.width = width
            container.height = height
        case .expand(let index):
            finishTransition(at: time)
            expand(index, at: time)
        case .present(let title):
            finishTransition(at: time)
            modalTitle = title
            log.append(LogEntry(time: time, event: .presentModal, panel: expandedID))
        case .dismiss:
            finishTransition(at: time)
            if modalTitle != nil {
                modalTitle = nil
                log.append(LogEntry(time: time, event: .dismissModal, panel: expandedID))
            }
        case .setPanels(let newPanels):
            finishTransition(at: time)
            setPanels(newPanels, at: time)
        }
        return Array(log[mark...])
    }

    /// A tap on header `index`: ignored while a transition runs or a modal is
    /// up (a modal cannot be up during a transition, since `present` completes
    /// it and taps are ignored under a modal; were both true, `transition` would
    /// be the reason given); otherwise it starts the transition to that panel,
    /// or to none when it is the expanded one.
    private mutating func tap(_ index: Int, at time: Double) {
        guard panels.indices.contains(index) else { return }
        if running != nil {
            log.append(LogEntry(time: time, event: .tapIgnored, panel: panels[index].id, reason: .transition))
            return
        }
        if modalTitle != nil {
            log.append(LogEntry(time: time, event: .tapIgnored, panel: panels[index].id, reason: .modal))
            return
        }
        let from = expandedIndex
        startTransition(from: from, to: index == from ? nil : index, at: time, duration: container.duration)
    }

    /// `expand:`: a zero-duration transition with the full log, unless the
    /// target is already the expanded panel (or nil with none expanded).
    private mutating func expand(_ index: Int?, at time: Double) {
        if let index, !panels.indices.contains(index) { return }
        if index == expandedIndex { return }
        startTransition(from: expandedIndex, to: index, at: time, duration: 0)
    }

    /// `setPanels:` (the settable `viewControllers`): the expanded panel stays
    /// expanded at its new index if its id is still there; otherwise it leaves
    /// and the first panel of the new stack, if any, becomes the child.
    private mutating func setPanels(_ newPanels: [PanelSpec], at time: Double) {
        let keptID = expandedID
        panels = newPanels
        rebuildStackIndex()
        if let keptID, let newIndex = indexByID[keptID] {
            expandedIndex = newIndex
            return
        }
        if let keptID {
            for event in [LogEvent.willMoveToParent, .viewWillDisappear, .viewDidDisappear, .removeFromParent] {
                log.append(LogEntry(time: time, event: event, panel: keptID))
            }
        }
        expandedIndex = newPanels.isEmpty ? nil : 0
        if let index = expandedIndex {
            logAppearance(of: index, at: time)
        }
    }

    /// Logs the start entries, sets `expandedIndex` to `to`, and either logs
    /// the end entries at once (duration 0, or shorter than the tolerance) or
    /// leaves them due at `time + duration`.
    private mutating func startTransition(from: Int?, to: Int?, at time: Double, duration: Double) {
        let fromID = from.map { panels[$0].id }
        let toID = to.map { panels[$0].id }
        log.append(LogEntry(time: time, event: .beginIgnoringInteractionEvents))
        if let fromID { log.append(LogEntry(time: time, event: .willMoveToParent, panel: fromID)) }
        if let toID { log.append(LogEntry(time: time, event: .addChild, panel: toID)) }
        if let fromID { log.append(LogEntry(time: time, event: .viewWillDisappear, panel: fromID)) }
        if let toID { log.append(LogEntry(time: time, event: .viewWillAppear, panel: toID)) }
        expandedIndex = to
        let transition = RunningTransition(from: from, to: to, start: time, end: time + max(0, duration))
        if isEarlier(transition.start, transition.end) {
            running = transition
        } else {
            log += endEntries(of: transition, at: time)
        }
    }

    /// Commits the running transition's end entries at `time` (its end, or
    /// earlier when a step completes it); nothing when idle.
    private mutating func finishTransition(at time: Double) {
        guard let transition = running else { return }
        log += endEntries(of: transition, at: time)
        running = nil
    }

    /// The end-of-transition entries, in the article's order.
    private func endEntries(of transition: RunningTransition, at time: Double) -> [LogEntry] {
        let fromID = transition.from.map { panels[$0].id }
        let toID = transition.to.map { panels[$0].id }
        var entries: [LogEntry] = []
        entries.reserveCapacity(5)
        if let fromID { entries.append(LogEntry(time: time, event: .viewDidDisappear, panel: fromID)) }
        if let toID {
            entries.append(LogEntry(time: time, event: .viewDidAppear, panel: toID))
            entries.append(LogEntry(time: time, event: .didMoveToParent, panel: toID))
        }
        if let fromID { entries.append(LogEntry(time: time, event: .removeFromParent, panel: fromID)) }
        entries.append(LogEntry(time: time, event: .endIgnoringInteractionEvents))
        return entries
    }

    /// The four entries of a panel becoming the child without a transition
    /// (load and `setPanels`).
    private mutating func logAppearance(of index: Int, at time: Double) {
        let id = panels[index].id
        for event in [LogEvent.addChild, .viewWillAppear, .viewDidAppear, .didMoveToParent] {
            log.append(LogEntry(time: time, event: event, panel: id))
        }
    }

    /// The expanded panel's id, naming the host of a modal.
    private var expandedID: String? { expandedIndex.map { panels[$0].id } }

    /// Recomputes the header prefix sums and the id index after the stack changed.
    private mutating func rebuildStackIndex() {
        var sums: [Double] = []
        sums.reserveCapacity(panels.count + 1)
        var total = 0.0
        sums.append(0)
        var ids: [String: Int] = [:]
        ids.reserveCapacity(panels.count)
        for (index, panel) in panels.enumerated() {
            total += panel.headerHeight
            sums.append(total)
            if ids[panel.id] == nil { ids[panel.id] = index }
        }
        tops = sums
        indexByID = ids
    }

    // MARK: - Geometry

    /// Σ h_i: the height all headers take together.
    public var totalHeaderHeight: Double { tops[panels.count] }

    /// `space = max(0, H − Σ h_i)`: what is left under the headers for content.
    public var space: Double { max(0, container.height - totalHeaderHeight) }

    /// `C_i`: the content height panel `index` gets when expanded: the whole
    /// space in `fill`, its `contentHeight` capped by the space in `fit`.
    public func contentHeight(ofPanel index: Int) -> Double {
        let space = self.space
        if container.layout == .fit, let preferred = panels[index].contentHeight {
            return max(0, min(preferred, space))
        }
        return space
    }

    /// `top_i`: where header `index` sits with nothing expanded.
    public func top(ofPanel index: Int) -> Double { tops[index] }

    /// `frame(forPanelAt:)` (the article's `frameForViewControllerAtIndex:`):
    /// where panel `index`'s content sits when it is the expanded one.
    public func frame(forPanelAt index: Int) -> Rect {
        Rect(x: 0, y: tops[index] + panels[index].headerHeight,
             width: container.width, height: contentHeight(ofPanel: index))
    }

    /// The transition running at `time` (start ≤ time < end), if any.
    /// Times before the last step are not remembered: the model shows them as
    /// of the last step, so a transition running then counts from its start.
    func runningTransition(at time: Double) -> RunningTransition? {
        guard let running, isEarlier(time, running.end) else { return nil }
        return running
    }

    /// The running transition at `time`, with its linear progress, or nil.
    public func transitionInfo(at time: Double) -> TransitionInfo? {
        guard let transition = runningTransition(at: time) else { return nil }
        return TransitionInfo(from: transition.from, to: transition.to, start: transition.start,
                              end: transition.end, progress: progress(of: transition, at: time))
    }

    /// Linear fraction of the duration elapsed at `time`, clamped to 0…1.
    private func progress(of transition: RunningTransition, at time: Double) -> Double {
        let fraction = (time - transition.start) / (transition.end - transition.start)
        return min(1, max(0, fraction))
    }

    /// Every panel's header and content frame at `time` (at or after the last
    /// step): settled under `expandedIndex`, or, inside a transition, each
    /// header between its settled place under `from` and under `to` along the
    /// curve, and each content view (from's and to's) moving with its own header.
    /// Linear in the panel count.
    public func layout(at time: Double) -> [PanelFrame] {
        let width = container.width
        // Each header's y from its settled top, shifted by the content above
        // it (before and after, eased, inside a transition).
        let place: (Int) -> (y: Double, hasContent: Bool)
        if let transition = runningTransition(at: time) {
            let eased = container.curve.value(atProgress: progress(of: transition, at: time))
            let fromShift = transition.from.map { contentHeight(ofPanel: $0) } ?? 0
            let toShift = transition.to.map { contentHeight(ofPanel: $0) } ?? 0
            place = { [tops] index in
                let before = tops[index] + (transition.from.map { index > $0 } == true ? fromShift : 0)
                let after = tops[index] + (transition.to.map { index > $0 } == true ? toShift : 0)
                return (before + (after - before) * eased, index == transition.from || index == transition.to)
            }
        } else {
            let shift = expandedIndex.map { contentHeight(ofPanel: $0) } ?? 0
            place = { [tops, expandedIndex] index in
                (tops[index] + (expandedIndex.map { index > $0 } == true ? shift : 0), index == expandedIndex)
            }
        }
        // Written in place, one pass: appending checked capacity and
        // uniqueness per frame, a third of a 100,000-panel layout.
        return panels.withUnsafeBufferPointer { specs in
            [PanelFrame](unsafeUninitializedCapacity: specs.count) { frames, initialized in
                for index in 0..<specs.count {
                    let (y, hasContent) = place(index)
                    (frames.baseAddress! + index).initialize(to: frame(index, specs[index], y: y, width: width,
                                                                        hasContent: hasContent))
                }
                initialized = specs.count
            }
        }
    }

    /// One panel's frames given its header's y: the content, when it has one,
    /// starts right under the header (so it moves exactly as the header does).
    private func frame(_ index: Int, _ panel: PanelSpec, y: Double, width: Double, hasContent: Bool) -> PanelFrame {
        let header = Rect(x: 0, y: y, width: width, height: panel.headerHeight)
        let content = hasContent
            ? Rect(x: 0, y: y + panel.headerHeight, width: width, height: contentHeight(ofPanel: index))
            : nil
        return PanelFrame(index: index, panel: panel, header: header, content: content)
    }

    /// `visibleViewController`: the modal if one is presented, else the expanded panel, else nil.
    public var visible: Visible? {
        if let modalTitle { return .modal(title: modalTitle) }
        if let index = expandedIndex { return .panel(title: panels[index].title) }
        return nil
    }

    /// Everything a render shows at `time` (at or after the last step): frames
    /// (settled or interpolated), the log up to `time`, the transition running
    /// then and whether interaction is enabled (false only while one runs).
    public func snapshot(at time: Double) -> Snapshot {
        let transition = transitionInfo(at: time)
        return Snapshot(title: title, time: time, container: container, expandedIndex: expandedIndex,
                        visible: visible, interactionEnabled: transition == nil, transition: transition,
                        panels: layout(at: time), events: events(through: time))
    }
}
