/// Two times closer than this many seconds are the same moment.
public let timeTolerance = 1e-9

/// True when `a` is strictly earlier than `b`, times within `timeTolerance`
/// counting as equal, so float sums like 0.1 + 0.2 land on 0.3.
@inline(__always)
func isEarlier(_ a: Double, _ b: Double) -> Bool { a < b - timeTolerance }

/// The container after the steps applied so far — its size, the stack, the
/// expanded panel, the modal, the clock and the transition still running —
/// and the one implementation of what a script step does to it.
///
/// A value used as a reducer: `apply(_:)` takes a step and returns a typed
/// `StepOutcome` (applied and what it changed, ignored and why, or rejected
/// and why), nothing else. It keeps no log and no history, so everything that
/// follows a script reads the same rules from it: `AccordionContainer` writes
/// the containment log from the outcomes, the spec validator words its
/// diagnostics from them.
///
/// The stack is the caller's array, shared copy-on-write until a `setPanels`
/// replaces it, and nothing is kept per panel beside it: following a script
/// over a 100,000-panel spec costs no memory beyond the spec's own panels.
///
/// Costs: a step is O(1) except `setPanels` (linear in the new stack);
/// `index(ofPanel:)` and `firstHeaderBelowBottom` are linear in the panel
/// count, every other query O(1). Frames are `AccordionContainer`'s, which
/// keeps the header offsets they need.
public struct ContainerState: Sendable, Equatable {
    /// The container as configured, with its current size (after `resize`).
    public private(set) var container: ContainerSpec
    /// The stack of panels (`viewControllers`), top to bottom.
    public private(set) var panels: [PanelSpec]
    /// `expandedIndex`: nil when every panel is collapsed. During a transition
    /// it is already the panel being expanded, as the UIKit property would be.
    public private(set) var expandedIndex: Int?
    /// Title of the presented modal, nil when none is up. A modal is always
    /// presented over the expanded panel, which cannot change while it is up.
    public private(set) var modalTitle: String?
    /// Time of the last step applied or ignored (0 before any).
    public private(set) var clock: Double = 0
    /// The tap transition still running after `clock`, nil when idle. Its
    /// end is always later than its start: an instant one is never running.
    public private(set) var running: Transition?
    /// Σ h_i: the height all headers take together, summed top to bottom
    /// whenever the stack changes.
    public private(set) var totalHeaderHeight: Double

    /// The container as it loads: `expandedIndex` already resolved (the
    /// spec's default applied); an index outside the stack is treated as none.
    public init(container: ContainerSpec, panels: [PanelSpec], expandedIndex: Int?) {
        self.container = container
        self.panels = panels
        self.expandedIndex = expandedIndex.flatMap { panels.indices.contains($0) ? $0 : nil }
        totalHeaderHeight = Self.headerSum(panels)
    }

    // MARK: - The clock

    /// The later of the clock and the end of the running transition: when
    /// the container is idle and the settled state is the one on screen.
    public var settledTime: Double { max(clock, running?.end ?? clock) }

    /// When `step` happens, by the script-clock rules: at its `at:` when it
    /// has one; a `wait` at the clock plus its seconds (`at` on a wait is
    /// ignored); any other step when the container is idle, at the later of
    /// the clock and the end of the running transition. An `at:` earlier than
    /// the clock is returned as is: `apply` rejects that step.
    ///
    /// - Parameter step: A step not yet applied.
    /// - Returns: Seconds on the clock.
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

    /// Applies `step` at `time(of: step)`.
    ///
    /// - A rejected step (`StepOutcome.Effect.rejected`) changes nothing, not
    ///   even the clock: it is a script mistake the validator reports, and
    ///   whatever follows it is checked as if it were not there.
    /// - Otherwise the clock moves to the step's time, and a running
    ///   transition that is over by then ends at its own end (`ended`).
    /// - An ignored tap changes nothing else.
    /// - An applied step does what its kind does; every kind but `tap` and
    ///   `wait` first completes a transition still running, at the step's time.
    ///
    /// - Parameter step: The step.
    /// - Returns: What the step did: when, which transition it ended, and its effect.
    public mutating func apply(_ step: Step) -> StepOutcome {
        let scheduled = time(of: step)
        if isEarlier(scheduled, clock) { return StepOutcome(time: scheduled, effect: .rejected(.outOfOrder)) }
        if let reason = rejection(of: step) { return StepOutcome(time: scheduled, effect: .rejected(reason)) }
        let time = max(scheduled, clock)
        var outcome = StepOutcome(time: time, effect: .applied(.none))
        if let running, !isEarlier(time, running.end) {
            outcome.ended = EndedTransition(transition: running, time: running.end)
            self.running = nil
        }
        clock = time
        switch step.action {
        case .tap(let index):
            if running != nil {
                outcome.effect = .ignored(.transition)
            } else if modalTitle != nil {
                outcome.effect = .ignored(.modal)
            } else {
                let from = expandedIndex
                outcome.effect = .applied(.transition(
                    startTransition(from: from, to: index == from ? nil : index, at: time, duration: container.duration)))
            }
        case .wait:
            break
        case .resize(let width, let height):
            completeTransition(at: time, into: &outcome)
            container.width = width
            container.height = height
            outcome.effect = .applied(.resized)
        case .expand(let index):
            completeTransition(at: time, into: &outcome)
            if index != expandedIndex {
                outcome.effect = .applied(.transition(startTransition(from: expandedIndex, to: index, at: time, duration: 0)))
            }
        case .present(let title):
            completeTransition(at: time, into: &outcome)
            modalTitle = title
            outcome.effect = .applied(.modalPresented(title: title))
        case .dismiss:
            completeTransition(at: time, into: &outcome)
            let title = modalTitle ?? ""
            modalTitle = nil
            outcome.effect = .applied(.modalDismissed(title: title))
        case .setPanels(let newPanels):
            completeTransition(at: time, into: &outcome)
            outcome.effect = .applied(.stackReplaced(replaceStack(with: newPanels)))
        }
        return outcome
    }

    /// Ends a transition still running at `time`, before its scheduled end:
    /// every step but `tap` and `wait` does this first.
    private mutating func completeTransition(at time: Double, into outcome: inout StepOutcome) {
        guard let running else { return }
        outcome.ended = EndedTransition(transition: running, time: time)
        self.running = nil
    }

    /// Why `step` cannot run in this state, or nil when it can: the script
    /// mistakes, checked before the step touches anything.
    private func rejection(of step: Step) -> RejectReason? {
        switch step.action {
        case .tap(let index):
            return panels.indices.contains(index) ? nil : .unknownPanel
        case .wait, .resize:
            return nil
        case .expand(let index):
            if modalTitle != nil { return .modalPresented }
            if let index, !panels.indices.contains(index) { return .unknownPanel }
            return nil
        case .present:
            if modalTitle != nil { return .modalPresented }
            return expandedIndex == nil ? .noExpandedPanel : nil
        case .dismiss:
            return modalTitle == nil ? .noModal : nil
        case .setPanels:
            return modalTitle != nil ? .modalPresented : nil
        }
    }

    /// Sets `expandedIndex` to `to` and returns the transition; it keeps
    /// running until `time + duration` unless that is within the tolerance of
    /// `time`, in which case it is already over (its end is its start).
    private mutating func startTransition(from: Int?, to: Int?, at time: Double, duration: Double) -> Transition {
        expandedIndex = to
        var transition = Transition(from: from, to: to, start: time, end: time + max(0, duration))
        if isEarlier(transition.start, transition.end) {
            running = transition
        } else {
            transition.end = time
        }
        return transition
    }

    /// `setPanels:` (the settable `viewControllers`): the expanded panel stays
    /// expanded at its new index if its id is still there; otherwise it leaves
    /// and the first panel of the new stack, if any, becomes the child.
    private mutating func replaceStack(with newPanels: [PanelSpec]) -> StackChange {
        let keptID = expandedIndex.map { panels[$0].id }
        panels = newPanels
        totalHeaderHeight = Self.headerSum(newPanels)
        if let keptID, let newIndex = newPanels.firstIndex(where: { $0.id == keptID }) {
            expandedIndex = newIndex
            return StackChange(left: nil, arrived: nil)
        }
        expandedIndex = newPanels.isEmpty ? nil : 0
        return StackChange(left: keptID, arrived: expandedIndex)
    }

    /// Σ h_i, added top to bottom as `AccordionContainer`'s header offsets
    /// are, so the last header's bottom there is exactly this sum.
    private static func headerSum(_ panels: [PanelSpec]) -> Double {
        var total = 0.0
        for panel in panels { total += panel.headerHeight }
        return total
    }

    // MARK: - Queries

    /// Index of the first panel with this id in the stack, or nil. Linear in
    /// the stack: callers that look ids up in bulk keep their own index.
    ///
    /// - Parameter id: A panel id.
    /// - Returns: Its index, or nil.
    public func index(ofPanel id: String) -> Int? { panels.firstIndex { $0.id == id } }

    /// `visibleViewController`: the modal if one is presented, else the expanded panel, else nil.
    public var visible: Visible? {
        if let modalTitle { return .modal(title: modalTitle) }
        if let index = expandedIndex { return .panel(title: panels[index].title) }
        return nil
    }

    // MARK: - Geometry

    /// `space = max(0, H − Σ h_i)`: what is left under the headers for content.
    public var space: Double { max(0, container.height - totalHeaderHeight) }

    /// The first panel whose header, with every panel collapsed, ends below
    /// the container's bottom (by more than 1e-9 points), and where it ends;
    /// nil when all fit. Linear, but only when some header does not fit.
    public var firstHeaderBelowBottom: (index: Int, bottom: Double)? {
        let limit = container.height + 1e-9
        guard totalHeaderHeight > limit else { return nil }
        var bottom = 0.0
        for (index, panel) in panels.enumerated() {
            bottom += panel.headerHeight
            if bottom > limit { return (index, bottom) }
        }
        return nil
    }

    /// `C_i`: the content height panel `index` gets when expanded: the whole
    /// space in `fill`, its `contentHeight` capped by the space in `fit`.
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: The height in points.
    public func contentHeight(ofPanel index: Int) -> Double {
        let space = self.space
        if container.layout == .fit, let preferred = panels[index].contentHeight {
            return max(0, min(preferred, space))
        }
        return space
    }

    /// The transition running at `time` (start ≤ time < end), if any.
    /// Times before the last step are not remembered: the state shows them as
    /// of the last step, so a transition running then counts from its start.
    func runningTransition(at time: Double) -> Transition? {
        guard let running, isEarlier(time, running.end) else { return nil }
        return running
    }

    /// The running transition at `time`, with its linear progress, or nil.
    ///
    /// - Parameter time: Seconds on the clock.
    /// - Returns: The transition, or nil when none runs then.
    public func transitionInfo(at time: Double) -> TransitionInfo? {
        guard let transition = runningTransition(at: time) else { return nil }
        return TransitionInfo(from: transition.from, to: transition.to, start: transition.start,
                              end: transition.end, progress: transition.progress(at: time))
    }
}

/// A transition from one expanded panel to another (either may be none), as
/// a tap or an `expand` starts it. `from` and `to` are indices into the stack
/// it runs in.
public struct Transition: Hashable, Sendable {
    /// Index of the panel that was expanded when it started, or nil.
    public var from: Int?
    /// Index of the panel being expanded, or nil when it collapses.
    public var to: Int?
    /// When it started.
    public var start: Double
    /// When its end-of-transition entries are due; equal to `start` for one
    /// that is over at once (`expand`, a zero duration).
    public var end: Double

    /// Creates a transition.
    public init(from: Int?, to: Int?, start: Double, end: Double) {
        self.from = from
        self.to = to
        self.start = start
        self.end = end
    }

    /// Whether it was over the moment it started.
    public var isInstant: Bool { end == start }

    /// Linear fraction of the duration elapsed at `time`, clamped to 0…1.
    func progress(at time: Double) -> Double {
        let fraction = (time - start) / (end - start)
        return min(1, max(0, fraction))
    }
}

/// A running transition that a step saw end, and when: at its own end (the
/// step came at or after it) or at the step's time (the step completed it
/// early). Its indices are into the stack as it was before the step.
public struct EndedTransition: Hashable, Sendable {
    /// The transition, with its scheduled end.
    public var transition: Transition
    /// When it ended: its end entries are logged at this time.
    public var time: Double

    /// Creates an ended transition.
    public init(transition: Transition, time: Double) {
        self.transition = transition
        self.time = time
    }
}

/// What `ContainerState.apply(_:)` made of one step.
public struct StepOutcome: Hashable, Sendable {
    /// When the step happened by the clock rules; for a rejected step, when
    /// it would have happened (`time(of:)`, which may be before the clock).
    public var time: Double
    /// The running transition that ended by this step, nil when none did.
    public var ended: EndedTransition?
    /// Applied, ignored or rejected, and the details.
    public var effect: Effect

    /// Creates an outcome.
    public init(time: Double, ended: EndedTransition? = nil, effect: Effect) {
        self.time = time
        self.ended = ended
        self.effect = effect
    }

    /// The three things a step can come to.
    public enum Effect: Hashable, Sendable {
        /// The step ran and changed this.
        case applied(StepChange)
        /// A tap the container did not act on (interaction was off); the clock moved.
        case ignored(IgnoreReason)
        /// A step the script may not contain here; the state is unchanged.
        case rejected(RejectReason)
    }

    /// The transition the step started, if it started one.
    public var started: Transition? {
        if case .applied(.transition(let transition)) = effect { return transition }
        return nil
    }
}

/// What an applied step changed besides the clock.
public enum StepChange: Hashable, Sendable {
    /// Nothing else: a `wait`, or an `expand` of the panel already expanded.
    case none
    /// A tap or `expand` started this transition (`isInstant` when it is already over).
    case transition(Transition)
    /// The container took the size of the `resize`.
    case resized
    /// A modal with this title now covers the expanded panel.
    case modalPresented(title: String)
    /// The modal with this title went away from the expanded panel.
    case modalDismissed(title: String)
    /// `setPanels` replaced the stack; says which child left and which arrived.
    case stackReplaced(StackChange)
}

/// Who changed places when `setPanels` replaced the stack.
public struct StackChange: Hashable, Sendable {
    /// Id of the panel that was the child and is not in the new stack; nil
    /// when it stayed (at its new index) or no panel was expanded.
    public var left: String?
    /// Index in the new stack of the panel that became the child; nil when
    /// the child stayed or the new stack is empty.
    public var arrived: Int?

    /// Creates a stack change.
    public init(left: String?, arrived: Int?) {
        self.left = left
        self.arrived = arrived
    }
}

/// Why a step cannot run where the script puts it: each is a mistake the
/// spec author can fix, and the validator reports it as one.
public enum RejectReason: String, Hashable, Sendable {
    /// Its `at:` is earlier than the clock (the time of the step before it).
    case outOfOrder
    /// `tap` or `expand` names an index outside the stack.
    case unknownPanel
    /// `expand`, `present` or `setPanels` while a modal is presented.
    case modalPresented
    /// `present` while no panel is expanded: a modal needs one to cover.
    case noExpandedPanel
    /// `dismiss` while no modal is presented.
    case noModal
}
