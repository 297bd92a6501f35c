/// Two times closer than this many seconds are the same moment.
public let timeTolerance = 1e-9

/// The latest moment a step may happen at: 10⁹ seconds (about 31.7 years).
/// A step whose time would pass it (an `at:` past it, a `wait` that would
/// carry the clock past it, a step without `at` waiting for a transition
/// that ends past it) is rejected (`RejectReason.pastTimeLimit`), so the
/// clock stays a finite number below it: two finite waits (`wait: 1e308`
/// twice) can no longer add up to an infinite clock, and every time a step's
/// outcome or its log entries carry is an ordinary number.
public let maxStepTime: Double = 1e9

/// `a + b` for lengths (both ≥ 0), the largest finite number when the sum
/// overflows: every length is finite (up to 1.8e308 points), and a stack of
/// such lengths added up stays a number, so no frame, offset or height the
/// model gives out is infinite.
@inline(__always)
func lengthSum(_ a: Double, _ b: Double) -> Double { min(a + b, .greatestFiniteMagnitude) }

/// True when `a` is strictly earlier than `b`, times within `timeTolerance`
/// counting as equal, so float sums like 0.1 + 0.2 land on 0.3.
@inline(__always)
func isEarlier(_ a: Double, _ b: Double) -> Bool { a < b - timeTolerance }

/// The container after the steps applied so far — its size, the stack, the
/// open panels, the modal, the clock and the transition still running —
/// and the one implementation of what a script step does to it and of where
/// every view is at any moment.
///
/// A value used as a reducer: `apply(_:)` takes a step and returns a typed
/// `StepOutcome` (applied and what it changed, ignored and why, or rejected
/// and why), nothing else. It keeps no log and no history, so everything that
/// follows a script reads the same rules from it: `AccordionContainer` writes
/// the containment log from the outcomes, the spec validator words its
/// diagnostics from them.
///
/// The stack is the caller's array, shared copy-on-write until a `setPanels`
/// replaces it, and nothing is kept per panel beside it but the open set
/// (and, while a retargeted transition runs, the frames it started from):
/// following a script over a 100,000-panel spec costs no memory beyond the
/// spec's own panels.
///
/// Costs: a step is O(1) plus O(k) to insert into or remove from the sorted
/// open set of k panels, except `setPanels` (linear in the new stack) and a
/// tap that retargets a running transition (linear: it records where every
/// header is shown, as every header moves anyway); `index(ofPanel:)`,
/// `firstHeaderBelowBottom` and `walkFrames` are linear in the panel count,
/// every other query O(1) or O(log k).
public struct ContainerState: Sendable, Equatable {
    /// The container as configured, with its current size (after `resize`).
    public private(set) var container: ContainerSpec
    /// The stack of panels (`viewControllers`), top to bottom.
    public private(set) var panels: [PanelSpec]
    /// The open set `O`, ascending. During a transition it is already the set
    /// the transition leads to, as the UIKit property would be.
    public internal(set) var expandedIndices: [Int]
    /// Title of the presented modal, nil when none is up. A modal is always
    /// presented over the expanded panel, which cannot change while it is up.
    public private(set) var modalTitle: String?
    /// Time of the last step applied or ignored (0 before any).
    public private(set) var clock: Double = 0
    /// The tap transition still running after `clock`, nil when idle. Its
    /// end is always later than its start: an instant one is never running.
    public internal(set) var running: Transition?
    /// Where the running transition starts from when a tap retargeted it:
    /// the frames shown at that tap. Nil when it starts from a settled layout.
    public internal(set) var retargetStart: ShownFrames?
    /// Σ h_i: the height all headers take together, summed top to bottom
    /// whenever the stack changes; in `insetGrouped` with the gaps above
    /// each section and below the last (`ContainerStyle.gap`).
    public private(set) var totalHeaderHeight: Double
    /// The wrapped lines of every panel with a text content, by panel index,
    /// at the container's width: measured once when the stack or the width
    /// changes, and drawn as they are by every renderer.
    public private(set) var textLines: [Int: [String]] = [:]
    /// The scroll offset the container is at, or, while a transition runs,
    /// the one it is heading to; always 0 with `overflow: clip`.
    public private(set) var scrollOffset: Double = 0
    /// Where the offset started when the running transition did (the value
    /// shown at the tap when one retargeted it); read only while one runs.
    public private(set) var scrollStart: Double = 0
    /// The open set of every nested level, ascending, by the id of the panel
    /// holding the level (ids are unique across the tree). Kept when that
    /// panel closes, and when a `setPanels` takes it out of the stack, so it
    /// shows as it was when it comes back. Empty for a flat stack.
    public internal(set) var nestedOpen: [String: [Int]] = [:]
    /// The wrapped lines of every nested text content, at its level's
    /// inset width, by panel id. Empty for a flat stack.
    public internal(set) var nestedTextLines: [String: [String]] = [:]
    /// Whether a panel of the stack holds a nested level: a flat stack
    /// (almost every one) never walks a tree.
    public internal(set) var nests = false
    /// Every nested panel of the stack in tree order: a step's panel number
    /// `panels.count + s` names `nestedSlots[s]`. Made with the stack
    /// (`registerNestedLevels`); empty for a flat stack.
    public internal(set) var nestedSlots: [NestedSlot] = []
    /// Every nested level of the stack, by the id of the panel holding it.
    var nestedPlaces: [String: NestedPlace] = [:]

    /// The container as it loads, with the panels in `expandedIndices` open
    /// (the spec's default applied): indices outside the stack are dropped,
    /// and in `single` only the lowest is kept.
    public init(container: ContainerSpec, panels: [PanelSpec], expandedIndices: [Int]) {
        self.container = container
        self.panels = panels
        var open = Array(Set(expandedIndices.filter { panels.indices.contains($0) })).sorted()
        if container.expansion == .single, open.count > 1 { open = [open[0]] }
        self.expandedIndices = open
        totalHeaderHeight = Self.headerSum(panels, gap: container.style.gap)
        textLines = Self.wrapTexts(panels, width: container.panelWidth, container: container)
        registerNestedLevels()
    }

    /// The container as it loads with at most one panel open (`expandedIndex`
    /// already resolved; an index outside the stack is treated as none).
    public init(container: ContainerSpec, panels: [PanelSpec], expandedIndex: Int?) {
        self.init(container: container, panels: panels, expandedIndices: expandedIndex.map { [$0] } ?? [])
    }

    /// `expandedIndex`: the lowest open panel, nil when every panel is
    /// collapsed (in `single`, the open panel).
    public var expandedIndex: Int? { expandedIndices.first }

    /// Whether panel `index` is open (by bisection of the open set).
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: True when it is in `expandedIndices`.
    public func isExpanded(_ index: Int) -> Bool { expandedIndices.containsSorted(index) }

    // MARK: - The clock

    /// The later of the clock and the end of the running transition: when
    /// the container is idle and the settled state is the one on screen.
    public var settledTime: Double { max(clock, running?.end ?? clock) }

    /// When `step` happens, by the script-clock rules: at its `at:` when it
    /// has one; a `wait` at the clock plus its seconds (`at` on a wait is
    /// ignored); any other step when the container is idle, at the later of
    /// the clock and the end of the running transition. An `at:` earlier than
    /// the clock is returned as is, and so is a time past `maxStepTime`
    /// (infinite when the sum overflows): `apply` rejects those steps.
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
    ///   whatever follows it is checked as if it were not there. A step whose
    ///   time would pass `maxStepTime` is rejected first (`pastTimeLimit`;
    ///   its outcome's time is the clock, since its own may not be a number).
    /// - Otherwise the clock moves to the step's time, and a running
    ///   transition that is over by then ends at its own end (`ended`).
    /// - A tap is judged by the tap rules, in order: a modal is up (ignored,
    ///   `modal`); a transition runs and `interruption` is `ignore` (ignored,
    ///   `transition`); the panel is disabled (`disabled`); the tap would
    ///   leave no panel open and the container is not collapsible
    ///   (`notCollapsible`); otherwise it starts a transition, first
    ///   completing a running one at the tap's time (`finish`, `retarget`).
    ///   An ignored tap changes nothing else.
    /// - Every other kind but `wait` first completes a transition still
    ///   running, at the step's time, then does what it does.
    ///
    /// - Parameter step: The step.
    /// - Returns: What the step did: when, which transition it ended, and its effect.
    public mutating func apply(_ step: Step) -> StepOutcome {
        let scheduled = time(of: step)
        // `<=` is false for an infinite or NaN time too.
        guard scheduled <= maxStepTime else { return StepOutcome(time: clock, effect: .rejected(.pastTimeLimit)) }
        if isEarlier(scheduled, clock) { return StepOutcome(time: scheduled, effect: .rejected(.outOfOrder)) }
        if let reason = rejection(of: step) { return StepOutcome(time: scheduled, effect: .rejected(reason)) }
        let time = max(scheduled, clock)
        var outcome = StepOutcome(time: time, effect: .applied(.none))
        if let running, !isEarlier(time, running.end) {
            outcome.ended = EndedTransition(transition: running, time: running.end)
            endRunning()
        }
        clock = time
        // The one place a change's cause is decided: every transition this
        // step starts carries it, and its end entries keep it however the
        // transition ends (at its end, or completed early by a later step).
        // Every kind that can start one has a cause: the fallback is never read.
        let cause = step.cause ?? .tap
        switch step.action {
        case .tap(let index):
            if let reason = ignoreReason(forTapOn: index) {
                outcome.effect = .ignored(reason)
            } else {
                // A retargeted transition starts where the views are shown now.
                let retargets = running != nil && container.interruption == .retarget
                let start = retargets ? shownFrames(at: time) : nil
                let shownOffset = scrollOffset(at: time)
                completeTransition(at: time, into: &outcome)
                // The level the tapped header is in, and its index there.
                let (level, local, expansion, open) = tapLevel(of: index)
                let isOpen = open.containsSorted(local)
                let from: Int?, to: Int?
                switch expansion {
                case .single:
                    from = open.first
                    to = isOpen ? nil : local
                case .multiple:
                    from = isOpen ? local : nil
                    to = isOpen ? nil : local
                }
                let offsetFrom = retargets ? shownOffset : scrollOffset
                let transition = startTransition(from: from, to: to, at: time, duration: container.transitionDuration, level: level,
                                                 cause: cause)
                if running != nil {
                    retargetStart = start
                    scrollStart = offsetFrom
                }
                outcome.effect = .applied(.transition(transition))
            }
        case .wait:
            break
        case .resize(let width, let height):
            completeTransition(at: time, into: &outcome)
            if width != container.width {
                container.width = width
                textLines = Self.wrapTexts(panels, width: container.panelWidth, container: container)
                if nests { nestedTextLines = Self.wrapNestedTexts(panels, width: container.panelWidth, container: container) }
            }
            container.width = width
            container.height = height
            layOutAgain()
            outcome.effect = .applied(.resized)
        case .update(let index, let update):
            completeTransition(at: time, into: &outcome)
            replaceProperties(of: index, by: update)
            layOutAgain()
            outcome.effect = .applied(.updated)
        case .expand(let index?):
            completeTransition(at: time, into: &outcome)
            outcome.effect = .applied(expand(index, at: time, cause: cause))
        case .collapse(let index?) where index >= panels.count:
            completeTransition(at: time, into: &outcome)
            outcome.effect = .applied(setNested(index - panels.count, open: false, at: time, cause: cause))
        case .collapse(let index?):
            completeTransition(at: time, into: &outcome)
            if isExpanded(index) {
                outcome.effect = .applied(.transition(startTransition(from: index, to: nil, at: time, duration: 0, cause: cause)))
            }
        case .expand(nil), .collapse(nil):
            completeTransition(at: time, into: &outcome)
            // Every level, deepest first (a flat stack has none): each
            // shown open panel closes with an instant transition of its
            // level, one inside a closed parent silently.
            var closed = nests ? collapseNestedLevels(at: time, cause: cause) : []
            closed += expandedIndices.map { startTransition(from: $0, to: nil, at: time, duration: 0, cause: cause) }
            switch closed.count {
            case 0: break
            case 1: outcome.effect = .applied(.transition(closed[0]))
            default: outcome.effect = .applied(.transitions(closed))
            }
        case .reveal(let number, let openItself):
            completeTransition(at: time, into: &outcome)
            outcome.effect = .applied(reveal(number, openItself: openItself, at: time, cause: cause))
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
            layOutAgain()
        case .scroll(let offset):
            completeTransition(at: time, into: &outcome)
            scrollOffset = clampedOffset(offset)
            outcome.effect = .applied(.scrolled(offset: scrollOffset))
        }
        return outcome
    }

    /// Why a tap on panel `index` now is ignored (the tap rules 1–4, in
    /// order), or nil when it starts a transition. The last rule is judged
    /// on the open set, which is already what a running transition leads to.
    ///
    /// - Parameter index: A panel of the stack.
    /// - Returns: The reason, or nil.
    public func ignoreReason(forTapOn index: Int) -> IgnoreReason? {
        ignoreReason(forTapOn: index, interruption: container.interruption)
    }

    /// Why a tap on panel `index` now would be ignored were the container's
    /// `interruption` the given one: what `validate` asks to say whether
    /// another setting would accept a tap ignored inside a transition.
    ///
    /// - Parameters:
    ///   - index: A panel of the stack.
    ///   - interruption: The policy to judge by.
    /// - Returns: The reason, or nil.
    public func ignoreReason(forTapOn index: Int, interruption: InterruptionPolicy) -> IgnoreReason? {
        if modalTitle != nil { return .modal }
        if running != nil, interruption == .ignore { return .transition }
        if index >= panels.count {
            let slot = index - panels.count
            guard isNestedShown(slot) else { return .hidden }
            let nested = nestedSlots[slot]
            return .forPanel(disabled: nested.panel.disabled, isOpen: isNestedOpen(slot),
                             openCount: openSet(ofLevelIn: nested.holder).count,
                             collapsible: nestedPlaces[nested.holder]?.level.collapsible ?? true)
        }
        return .forPanel(disabled: panels[index].disabled, isOpen: isExpanded(index),
                         openCount: expandedIndices.count, collapsible: container.collapsible)
    }

    /// What every instant re-layout step (`resize`, `update`, `setPanels`)
    /// ends with: the frames are the settled layout's at once (they are
    /// computed from the state, nothing to move), and the scroll offset is
    /// clamped to the range of the new layout, which may have shrunk.
    private mutating func layOutAgain() {
        scrollOffset = clampedOffset(scrollOffset)
    }

    /// `update` of top-level panel `index`: its properties replaced in
    /// place (the open set is untouched, so disabling the open panel pins
    /// it and enabling it makes it closable again), the cached lines of
    /// its text measured again when its content changed. Headers keep
    /// their heights, so `totalHeaderHeight` stands. A content that held a
    /// nested level is gone: the tree's slots are registered again.
    private mutating func replaceProperties(of index: Int, by update: PanelUpdate) {
        let before = panels[index]
        panels[index] = update.applied(to: before)
        guard update.content != nil else { return }
        textLines[index] = Self.lines(of: panels[index], width: container.panelWidth, container: container)
        if case .accordion? = before.content { registerNestedLevels() }
    }

    /// Ends a transition still running at `time`, before its scheduled end:
    /// every step but `wait` (and an ignored tap) does this first.
    private mutating func completeTransition(at time: Double, into outcome: inout StepOutcome) {
        guard let running else { return }
        outcome.ended = EndedTransition(transition: running, time: time)
        endRunning()
    }

    /// Forgets the running transition and where it started.
    private mutating func endRunning() {
        running = nil
        retargetStart = nil
    }

    /// Why `step` cannot run in this state, or nil when it can: the script
    /// mistakes, checked before the step touches anything.
    private func rejection(of step: Step) -> RejectReason? {
        switch step.action {
        case .tap(let index):
            return index >= 0 && index < addressableCount ? nil : .unknownPanel
        case .wait, .resize, .scroll:
            return nil
        case .update(let index, _):
            // Top-level panels only (a nested one's spec lives inside its
            // parent's content). A modal does not block it, as it does not
            // block `resize`: data changes under a sheet too.
            return index >= 0 && index < panels.count ? nil : .unknownPanel
        case .expand(let index), .collapse(let index):
            if modalTitle != nil { return .modalPresented }
            if let index, index < 0 || index >= addressableCount { return .unknownPanel }
            return nil
        case .reveal(let number, let openItself):
            if modalTitle != nil { return .modalPresented }
            if number < 0 || number >= addressableCount { return .unknownPanel }
            return revealBlocker(ofNumber: number, open: openItself) == nil ? nil : .revealBlocked
        case .present:
            if modalTitle != nil { return .modalPresented }
            return expandedIndex == nil ? .noExpandedPanel : nil
        case .dismiss:
            return modalTitle == nil ? .noModal : nil
        case .setPanels:
            return modalTitle != nil ? .modalPresented : nil
        }
    }

    /// Closes `from` and opens `to` in the open set and returns the
    /// transition; it keeps running until `time + duration` unless that is
    /// within the tolerance of `time`, in which case it is already over (its
    /// end is its start). The scroll offset heads for its target on the new
    /// layout (`scrollTarget(showing:)`): a running transition moves it there
    /// from `scrollStart`, an instant one puts it there at once.
    ///
    /// `level` is the holder of the nested level it runs in (nil: the top
    /// level), whose open set it changes, by indices in that level;
    /// `cause` is the step's (`Step.cause`), which its entries carry.
    private mutating func startTransition(from: Int?, to: Int?, at time: Double, duration: Double,
                                          level: String? = nil, cause: ChangeCause) -> Transition {
        var opened = to
        if let level {
            var open = nestedOpen[level] ?? []
            if let from { open.removeSorted(from) }
            if let to { open.insertSorted(to) }
            nestedOpen[level] = open
            if let to, let place = nestedPlaces[level] { opened = panels.count + place.slots[to] } else { opened = nil }
        } else {
            if let from { expandedIndices.removeSorted(from) }
            if let to { expandedIndices.insertSorted(to) }
        }
        scrollStart = scrollOffset
        scrollOffset = scrollTarget(showing: opened)
        var transition = Transition(from: from, to: to, start: time, end: time + max(0, duration), level: level, cause: cause)
        if isEarlier(transition.start, transition.end) {
            running = transition
        } else {
            transition.end = time
        }
        return transition
    }

    /// `expand` of panel number `number` (a top-level panel or a nested
    /// one): an instant transition of its level opening it, in `single`
    /// closing the level's open panel; nothing when it is open. The one
    /// rule of opening a panel by a step: `reveal` opens each ancestor by it.
    private mutating func expand(_ number: Int, at time: Double, cause: ChangeCause) -> StepChange {
        if number >= panels.count { return setNested(number - panels.count, open: true, at: time, cause: cause) }
        guard !isExpanded(number) else { return .none }
        let from = container.expansion == .single ? expandedIndex : nil
        return .transition(startTransition(from: from, to: number, at: time, duration: 0, cause: cause))
    }

    /// `reveal` of panel number `number` (its script mistakes already
    /// ruled out by `rejection(of:)`): every closed ancestor opens by
    /// `expand`, outermost first, so each is shown when it opens and its
    /// instant transition is logged as an `expand`'s; with `openItself` the
    /// panel too. The scroll is the reveal's own: the window the user had
    /// before moves once, by the scroll-into-view rule, to show the
    /// panel's header (and its content when open), even when nothing
    /// opened; the ancestors' own scrolls are not kept, since no one sees
    /// the moments between them.
    private mutating func reveal(_ number: Int, openItself: Bool, at time: Double, cause: ChangeCause) -> StepChange {
        let offset = scrollOffset
        var opened: [Transition] = []
        for ancestor in ancestorNumbers(ofNumber: number) + (openItself ? [number] : []) where !isOpen(number: ancestor) {
            if case .transition(let transition) = expand(ancestor, at: time, cause: cause) { opened.append(transition) }
        }
        scrollOffset = offset
        scrollOffset = scrollTarget(showing: number)
        switch opened.count {
        case 0: return .none
        case 1: return .transition(opened[0])
        default: return .transitions(opened)
        }
    }

    /// The closed disabled panel that stops a `reveal` of panel number
    /// `number` (with `open`, the panel itself counts as its last
    /// ancestor): the outermost such, by id; nil when none does, or when
    /// `number` is outside the tree. Linear in the depth.
    ///
    /// - Parameters:
    ///   - number: A panel number (a top-level index, or `panels.count` + a nested slot).
    ///   - open: Whether the reveal opens the panel itself too.
    /// - Returns: The blocking panel's id.
    public func revealBlocker(ofNumber number: Int, open: Bool) -> String? {
        guard number >= 0, number < addressableCount else { return nil }
        let path = ancestorNumbers(ofNumber: number) + (open ? [number] : [])
        return path.first { !isOpen(number: $0) && panel(numbered: $0).disabled }.map { panel(numbered: $0).id }
    }

    /// The level a tap on panel number `index` acts in: its holder (nil
    /// for the top level), the panel's index there, the level's expansion
    /// and its open set.
    private func tapLevel(of index: Int) -> (level: String?, local: Int, expansion: ExpansionMode, open: [Int]) {
        guard index >= panels.count else { return (nil, index, container.expansion, expandedIndices) }
        let nested = nestedSlots[index - panels.count]
        return (nested.holder, nested.index, nestedPlaces[nested.holder]?.level.expansion ?? .single,
                openSet(ofLevelIn: nested.holder))
    }

    /// `expand` (`open`) or `collapse` of nested slot `slot`: an instant
    /// transition of its level when the panel is shown (in `single`,
    /// closing its open sibling), else a silent change of its level's open
    /// set (nothing shows it, so nothing is logged), which shows when its
    /// parent opens. Nothing when it already is so.
    private mutating func setNested(_ slot: Int, open: Bool, at time: Double, cause: ChangeCause) -> StepChange {
        guard isNestedOpen(slot) != open else { return .none }
        let nested = nestedSlots[slot]
        let single = nestedPlaces[nested.holder]?.level.expansion != .multiple
        guard isNestedShown(slot) else {
            var set = nestedOpen[nested.holder] ?? []
            if open {
                if single { set = [nested.index] } else { set.insertSorted(nested.index) }
            } else {
                set.removeSorted(nested.index)
            }
            nestedOpen[nested.holder] = set
            return .none
        }
        let from = open ? (single ? openSet(ofLevelIn: nested.holder).first : nil) : nested.index
        return .transition(startTransition(from: from, to: open ? nested.index : nil, at: time, duration: 0,
                                           level: nested.holder, cause: cause))
    }

    /// `collapse: all` in the nested levels, deepest first and in tree order
    /// within a depth: every open panel closes, a shown one with an instant
    /// transition of its level (returned, in order), one inside a closed
    /// parent silently. Linear in the tree (plus sorting it by depth).
    private mutating func collapseNestedLevels(at time: Double, cause: ChangeCause) -> [Transition] {
        var closed: [Transition] = []
        let order = nestedSlots.indices.sorted {
            nestedSlots[$0].depth != nestedSlots[$1].depth ? nestedSlots[$0].depth > nestedSlots[$1].depth : $0 < $1
        }
        for slot in order where isNestedOpen(slot) {
            let nested = nestedSlots[slot]
            if isNestedShown(slot) {
                closed.append(startTransition(from: nested.index, to: nil, at: time, duration: 0, level: nested.holder,
                                              cause: cause))
            } else {
                nestedOpen[nested.holder]?.removeSorted(nested.index)
            }
        }
        return closed
    }

    /// `setPanels:` (the settable `viewControllers`): every open panel whose
    /// id is still there stays open at its new index; the others leave (by
    /// ascending old index); when none stays and the new stack has panels,
    /// its first panel opens.
    private mutating func replaceStack(with newPanels: [PanelSpec]) -> StackChange {
        let openIDs = expandedIndices.map { panels[$0].id }
        panels = newPanels
        totalHeaderHeight = Self.headerSum(newPanels, gap: container.style.gap)
        textLines = Self.wrapTexts(newPanels, width: container.panelWidth, container: container)
        registerNestedLevels()
        var kept: [Int] = []
        var left: [String] = []
        if openIDs.count == 1 {
            if let newIndex = newPanels.firstIndex(where: { $0.id == openIDs[0] }) { kept = [newIndex] } else { left = openIDs }
        } else if !openIDs.isEmpty {
            var newIndex: [String: Int] = [:]
            newIndex.reserveCapacity(newPanels.count)
            for (i, panel) in newPanels.enumerated() where newIndex[panel.id] == nil { newIndex[panel.id] = i }
            for id in openIDs {
                if let i = newIndex[id] { kept.append(i) } else { left.append(id) }
            }
            kept.sort()
        }
        if kept.isEmpty, !newPanels.isEmpty {
            expandedIndices = [0]
            return StackChange(left: left, arrived: 0)
        }
        expandedIndices = kept
        return StackChange(left: left, arrived: nil)
    }

    /// Σ h_i, added top to bottom as `AccordionContainer`'s header offsets
    /// are, so the last header's bottom there is exactly this sum, with
    /// `gap` before each header and after the last one (0 in `plain`,
    /// adding nothing, so a plain stack's sum is bit for bit as before).
    private static func headerSum(_ panels: [PanelSpec], gap: Double) -> Double {
        var total = 0.0
        if gap > 0 {
            for panel in panels { total = lengthSum(lengthSum(total, gap), panel.headerHeight) }
            return panels.isEmpty ? 0 : lengthSum(total, gap)
        }
        for panel in panels { total = lengthSum(total, panel.headerHeight) }
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
    /// nil when all fit, and always with `overflow: scroll` (the container
    /// scrolls to any header). Linear, but only when some header does not fit.
    public var firstHeaderBelowBottom: (index: Int, bottom: Double)? {
        // A scrolling container shows every header by scrolling to it.
        guard container.overflow == .clip else { return nil }
        let limit = container.height + 1e-9
        guard totalHeaderHeight > limit else { return nil }
        let gap = container.style.gap
        var bottom = 0.0
        for (index, panel) in panels.enumerated() {
            bottom = lengthSum(lengthSum(bottom, gap), panel.headerHeight)
            if bottom > limit { return (index, bottom) }
        }
        return nil
    }

    /// `C_i` in the settled layout of the open set, with `k = max(1, |O|)`:
    /// `space / k` in `fill`, or in `fit` for a panel without
    /// `contentHeight`; its `contentHeight` capped by the space in `fit`. For
    /// an open panel it is the height its content has once settled; with one
    /// panel open (always in `single`) the whole space in `fill`.
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: The height in points.
    public func contentHeight(ofPanel index: Int) -> Double {
        contentHeight(ofPanel: index, share: space / Double(max(1, expandedIndices.count)))
    }

    /// `C_i` when panel `index` is open among `count` open panels (its
    /// share of the space is `space / count`), whatever is open now: the box
    /// its content gets, which `validate`'s `content-clipped` compares with
    /// `intrinsicHeight(ofPanel:)`. O(1).
    ///
    /// - Parameters:
    ///   - index: A panel's index in the stack.
    ///   - count: How many panels are open with it (at least 1).
    /// - Returns: The height in points.
    public func contentHeight(ofPanel index: Int, amongOpen count: Int) -> Double {
        contentHeight(ofPanel: index, share: space / Double(max(1, count)))
    }

    /// `C_i` with `share` the `space / k` of the layout in question: in
    /// `fit` a panel's `contentHeight`, else its intrinsic height, capped by
    /// the space with `overflow: clip` and not with `scroll`.
    func contentHeight(ofPanel index: Int, share: Double) -> Double {
        guard !takesShare(ofPanel: index) else { return share }
        // A nested level in `fit` is as tall as its headers and open contents,
        // its panels without a size of their own sharing what this panel
        // would get as a plain panel.
        let preferred: Double?
        if let level = panels[index].nested {
            preferred = nestedLevelHeight(level, holder: panels[index].id, share: share)
        } else {
            preferred = panels[index].contentHeight ?? intrinsicHeight(ofPanel: index)
        }
        guard let preferred else { return share }
        return container.overflow == .scroll ? max(0, preferred) : max(0, min(preferred, space))
    }

    /// Whether panel `index`, open, takes its share `space / k` of the space
    /// under the headers: always in `fill`, and in `fit` when it has neither
    /// a `contentHeight` nor a content to measure.
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: True when its height is its share.
    public func takesShare(ofPanel index: Int) -> Bool {
        container.layout == .fill || (panels[index].contentHeight == nil && panels[index].content == nil)
    }

    /// The first open panel that gets no height at all: with `overflow:
    /// scroll` the headers may fill the container, and a panel that takes
    /// its share of a space of 0 then opens to nothing. Nil when none. O(k).
    public var firstOpenPanelWithoutHeight: Int? {
        guard container.overflow == .scroll, space <= 0 else { return nil }
        return expandedIndices.first { takesShare(ofPanel: $0) }
    }

    /// The height panel `index`'s content needs at the container's width, or
    /// nil when it has no content: rows `n · rowHeight`; text
    /// `lines · lineHeight + 2 · padding`. O(1).
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: The height in points, or nil.
    public func intrinsicHeight(ofPanel index: Int) -> Double? {
        switch panels[index].content {
        case nil:
            return nil
        case .rows(let rows, let rowHeight):
            return min(Double(rows.count) * rowHeight, .greatestFiniteMagnitude)
        case .text(_, let metrics):
            let lines = min(Double(textLines[index]?.count ?? 0) * metrics.lineHeight, .greatestFiniteMagnitude)
            return lengthSum(lines, lengthSum(metrics.padding, metrics.padding))
        case .accordion(let level):
            return nestedLevelHeight(level, holder: panels[index].id, share: space / Double(max(1, expandedIndices.count)))
        }
    }

    /// Every text content's lines at `width` by the container's measure,
    /// each in the `lang` in effect for it, by panel index. Linear in the
    /// panels and their texts.
    private static func wrapTexts(_ panels: [PanelSpec], width: Double, container: ContainerSpec) -> [Int: [String]] {
        var lines: [Int: [String]] = [:]
        for (index, panel) in panels.enumerated() {
            if let wrapped = Self.lines(of: panel, width: width, container: container) { lines[index] = wrapped }
        }
        return lines
    }

    /// The wrapped lines of one panel's text content at `width` (nil for
    /// any other content), as `wrapTexts` measures each: what an `update`
    /// of its content measures again.
    private static func lines(of panel: PanelSpec, width: Double, container: ContainerSpec) -> [String]? {
        guard case .text(let text, let metrics)? = panel.content else { return nil }
        let lang = panel.writing(in: container.writing).content.lang
        return container.textMeasure.measure.lines(of: text, width: width, metrics: metrics, lang: lang)
    }

    // MARK: - Scrolling

    /// The largest scroll offset, `max(0, S − H)` on the settled layout of
    /// the open set; 0 with `overflow: clip`, which never scrolls. O(k).
    public var maximumScrollOffset: Double {
        container.overflow == .scroll ? max(0, settledStackHeight - container.height) : 0
    }

    /// `offset` clamped to `[0, maximumScrollOffset]`.
    private func clampedOffset(_ offset: Double) -> Double {
        min(max(0, offset), maximumScrollOffset)
    }

    /// Where the scroll-into-view rule moves the offset to show panel
    /// number `index` (a transition opening it, or a `reveal` of it), on
    /// the settled layout of the open set as it is now: the smallest change
    /// that shows its header and, when it is open, as much of its content
    /// as fits: its header `y_i` when that is above the window; else, when
    /// its bottom (`y_i + h_i`, plus `C_i` when open) is below the window,
    /// `min(y_i, bottom − H)`; else where it is. Nil (a transition only
    /// closing) or a panel not shown: where it is. Either way clamped to
    /// the new range. Linear up to `i` with `overflow: scroll` (in the tree
    /// for a nested panel), O(1) with `clip`.
    private func scrollTarget(showing index: Int?) -> Double {
        guard container.overflow == .scroll else { return 0 }
        var target = scrollOffset
        var extent: (top: Double, bottom: Double)?
        if let index, index >= panels.count {
            // A nested panel: its header (and content) as the settled tree shows it.
            extent = settledNestedExtent(index - panels.count)
        } else if let index {
            let share = space / Double(max(1, expandedIndices.count))
            // Summed in the order `walkFrames` sums them, so y_i is the very
            // number the settled layout shows.
            let gap = container.style.gap
            var top = 0.0
            for panel in panels[..<index] { top = lengthSum(gap > 0 ? lengthSum(top, gap) : top, panel.headerHeight) }
            if gap > 0 { top = lengthSum(top, gap) }
            var cumulative = 0.0
            for open in expandedIndices where open < index { cumulative = lengthSum(cumulative, contentHeight(ofPanel: open, share: share)) }
            let y = lengthSum(top, cumulative)
            let content = isExpanded(index) ? contentHeight(ofPanel: index, share: share) : 0
            extent = (y, lengthSum(lengthSum(y, panels[index].headerHeight), content))
        }
        if let (y, bottom) = extent {
            if y < target {
                target = y
            } else if bottom > target + container.height {
                target = min(y, bottom - container.height)
            }
        }
        return clampedOffset(target)
    }

    /// The scroll offset shown at `time` (at or after the last step): while
    /// a transition runs, moving from `scrollStart` to `scrollOffset` along
    /// the same curve as the frames; otherwise `scrollOffset`.
    ///
    /// - Parameter time: Seconds on the clock.
    /// - Returns: The stack offset at the container's top.
    public func scrollOffset(at time: Double) -> Double {
        guard let transition = runningTransition(at: time) else { return scrollOffset }
        let eased = container.curve.value(atProgress: transition.progress(at: time))
        return scrollStart + (scrollOffset - scrollStart) * eased
    }

    /// The scroll position at `time` for the dump: nil with `overflow: clip`.
    ///
    /// - Parameter time: Seconds on the clock.
    /// - Returns: The offset shown then and `S` of the open set.
    public func scrollPosition(at time: Double) -> ScrollPosition? {
        guard container.overflow == .scroll else { return nil }
        return ScrollPosition(offset: scrollOffset(at: time), contentHeight: settledStackHeight)
    }

    /// The height of the settled stack (headers plus open contents): more
    /// than the container's height only in `multiple` + `fit`, or with
    /// `overflow: scroll`, where the contents keep their own heights. O(k).
    public var settledStackHeight: Double {
        let share = space / Double(max(1, expandedIndices.count))
        var total = totalHeaderHeight
        for index in expandedIndices { total = lengthSum(total, contentHeight(ofPanel: index, share: share)) }
        return total
    }

    /// Whether the settled stack is taller than the container though the
    /// headers alone fit: open contents that add up to more than the space,
    /// which only `multiple` + `fit` allows; never with `overflow: scroll`,
    /// where that is what scrolling is for.
    public var contentOverflows: Bool {
        container.overflow == .clip && container.expansion == .multiple && container.layout == .fit
            && firstHeaderBelowBottom == nil
            && settledStackHeight > container.height + 1e-9
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
        var info = TransitionInfo(from: transition.topFrom, to: transition.topTo, start: transition.start,
                                  end: transition.end, progress: transition.progress(at: time), cause: transition.cause)
        if nests {
            let panels = transition.level.map { nestedPlaces[$0]?.level.panels ?? [] } ?? self.panels
            func id(_ i: Int?) -> [String] { i.flatMap { $0 < panels.count ? [panels[$0].id] : nil } ?? [] }
            info.opened = id(transition.to)
            info.closed = id(transition.from)
        }
        return info
    }

    /// Every panel's header y and content height (nil: no content view) at
    /// `time` (at or after the last step), top to bottom: the one
    /// implementation of the layout rules. Linear in the panel count.
    ///
    /// Settled, header `i` sits at `top_i + Σ C_j` over open `j < i`, and an
    /// open panel's content right under it. Inside a transition the layout
    /// before it is the open set with `to` closed and `from` open again, the
    /// layout after it the open set; each header, and each content view open
    /// on both sides, moves from before to after along the curve (a
    /// retargeted transition from the frames shown at its tap instead); an
    /// appearing content view keeps its height after, a disappearing one its
    /// height before (or as shown at the retargeting tap). A content view
    /// always sits under its own header, so it moves exactly as the header does.
    ///
    /// - Parameters:
    ///   - time: Seconds on the clock.
    ///   - tops: `top_i` for every panel (`h_0 + … + h_(i−1)`, summed top to
    ///     bottom), as `headerTops()` gives them.
    ///   - body: Called once per panel, in order, with its index, its
    ///     header's y and its content view's height.
    @inline(__always)
    public func walkFrames(at time: Double, tops: [Double],
                           _ body: (_ index: Int, _ headerY: Double, _ contentHeight: Double?) -> Void) {
        let transition = runningTransition(at: time)
        let eased = transition.map { container.curve.value(atProgress: $0.progress(at: time)) }
        let from = transition?.topFrom ?? -1
        let to = transition?.topTo ?? -1
        let open = expandedIndices
        let afterCount = open.count
        let beforeCount = afterCount - (to >= 0 ? 1 : 0) + (from >= 0 ? 1 : 0)
        let space = self.space
        let shareAfter = afterCount > 0 ? space / Double(afterCount) : 0
        let shareBefore = beforeCount > 0 ? space / Double(beforeCount) : 0
        let start = transition == nil ? nil : retargetStart
        // A nested level's transition changes its top-level ancestor's
        // content height only in `fit`, where the level sizes it: that one
        // height before is the tree's with the level's change undone.
        var nestedTop = -1
        var nestedTopBefore = 0.0
        if let level = transition?.level, container.layout == .fit, let place = nestedPlaces[level] {
            nestedTop = place.top
            nestedTopBefore = undoing(transition!).contentHeight(ofPanel: place.top, share: shareBefore)
        }
        var cumulativeAfter = 0.0
        var cumulativeBefore = 0.0
        var next = 0
        guard let eased else {
            // Settled: one open set, no interpolation.
            for index in panels.indices {
                let openAfter = next < afterCount && open[next] == index
                if openAfter { next += 1 }
                guard openAfter else {
                    body(index, lengthSum(tops[index], cumulativeAfter), nil)
                    continue
                }
                let height = contentHeight(ofPanel: index, share: shareAfter)
                body(index, lengthSum(tops[index], cumulativeAfter), height)
                cumulativeAfter = lengthSum(cumulativeAfter, height)
            }
            return
        }
        for index in panels.indices {
            let top = tops[index]
            let openAfter = next < afterCount && open[next] == index
            if openAfter { next += 1 }
            let openBefore = index == from || (openAfter && index != to)
            let heightAfter = openAfter ? contentHeight(ofPanel: index, share: shareAfter) : 0
            let heightBefore = openBefore ? (index == nestedTop ? nestedTopBefore : contentHeight(ofPanel: index, share: shareBefore)) : 0
            let yBefore = start?.headerY[index] ?? lengthSum(top, cumulativeBefore)
            let y = yBefore + (lengthSum(top, cumulativeAfter) - yBefore) * eased
            var content: Double?
            if openBefore {
                let shown = start?.contentHeight[index] ?? heightBefore
                content = openAfter ? shown + (heightAfter - shown) * eased : shown
            } else if openAfter {
                content = heightAfter
            }
            body(index, y, content)
            // Summed only where a panel is open: adding zeros would chain
            // every iteration to the one before through the additions.
            if openAfter { cumulativeAfter = lengthSum(cumulativeAfter, heightAfter) }
            if openBefore { cumulativeBefore = lengthSum(cumulativeBefore, heightBefore) }
        }
    }

    /// `top_i = h_0 + … + h_(i−1)` for every panel, added top to bottom as
    /// `totalHeaderHeight` is; in `insetGrouped` plus the gap above every
    /// section up to and including its own (`(i + 1) · gap`). Linear.
    ///
    /// - Returns: One top per panel, in stack order.
    public func headerTops() -> [Double] {
        var tops: [Double] = []
        tops.reserveCapacity(panels.count)
        let gap = container.style.gap
        var total = 0.0
        for panel in panels {
            if gap > 0 { total = lengthSum(total, gap) }
            tops.append(total)
            total = lengthSum(total, panel.headerHeight)
        }
        return tops
    }

    /// The frames shown at `time`, kept for a transition retargeted then
    /// (with every nested frame shown, in a tree).
    private func shownFrames(at time: Double) -> ShownFrames {
        var shown = ShownFrames(headerY: [], contentHeight: [])
        shown.headerY.reserveCapacity(panels.count)
        shown.contentHeight.reserveCapacity(panels.count)
        walkFrames(at: time, tops: headerTops()) { _, y, height in
            shown.headerY.append(y)
            shown.contentHeight.append(height ?? 0)
        }
        if nests {
            shown.nested = nestedFrames(at: time).map { ShownFrames.Nested(header: $0.header, content: $0.content) }
        }
        return shown
    }

    /// The settled state before `transition` (which runs in this state):
    /// its change of its level's open set undone, nothing running.
    func undoing(_ transition: Transition) -> ContainerState {
        var before = self
        before.running = nil
        before.retargetStart = nil
        if let level = transition.level {
            var open = before.nestedOpen[level] ?? []
            if let to = transition.to { open.removeSorted(to) }
            if let from = transition.from { open.insertSorted(from) }
            before.nestedOpen[level] = open
        } else {
            if let to = transition.to { before.expandedIndices.removeSorted(to) }
            if let from = transition.from { before.expandedIndices.insertSorted(from) }
        }
        return before
    }
}

/// Where every view was shown at the moment a tap retargeted a running
/// transition: the new transition moves each from there.
public struct ShownFrames: Hashable, Sendable {
    /// Every header's y, by panel index.
    public var headerY: [Double]
    /// Every content view's height, by panel index (0 where none was shown).
    public var contentHeight: [Double]
    /// Every nested panel's frames as shown, by its place in tree order
    /// (`ContainerState.nestedSlots`); empty for a flat stack.
    public var nested: [Nested] = []

    /// A nested panel's frames as shown at the tap (nil: not shown).
    public struct Nested: Hashable, Sendable {
        /// The header's frame.
        public var header: Rect?
        /// The content view's frame.
        public var content: Rect?

        /// Creates the record of one nested panel.
        public init(header: Rect?, content: Rect?) {
            self.header = header
            self.content = content
        }
    }

    /// Creates the record.
    public init(headerY: [Double], contentHeight: [Double], nested: [Nested] = []) {
        self.headerY = headerY
        self.contentHeight = contentHeight
        self.nested = nested
    }
}

extension Array where Element == Int {
    /// The position of `value` in this ascending array, or where it would go.
    func sortedPosition(of value: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether this ascending array holds `value`.
    func containsSorted(_ value: Int) -> Bool {
        let i = sortedPosition(of: value)
        return i < count && self[i] == value
    }

    /// Inserts `value` into this ascending array unless it is there.
    mutating func insertSorted(_ value: Int) {
        let i = sortedPosition(of: value)
        if i == count || self[i] != value { insert(value, at: i) }
    }

    /// Removes `value` from this ascending array if it is there.
    mutating func removeSorted(_ value: Int) {
        let i = sortedPosition(of: value)
        if i < count, self[i] == value { remove(at: i) }
    }
}

/// A transition from one expanded panel to another (either may be none), as
/// a tap or an `expand` starts it, in one level of the tree: `from` and `to`
/// are indices into that level (the stack it runs in for the top level).
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
    /// The level it opens and closes panels in: nil for the top level, else
    /// the id of the panel holding the nested level (ids are unique across
    /// the tree, so the id names the level).
    public var level: String?
    /// Why it runs: the cause of the step that started it (`Step.cause`),
    /// which its start entries and its end entries carry, whichever step
    /// ends it.
    public var cause: ChangeCause

    /// Creates a transition.
    ///
    /// - Parameters:
    ///   - from: Index of the panel that was expanded when it started, or nil.
    ///   - to: Index of the panel being expanded, or nil when it collapses.
    ///   - start: When it started.
    ///   - end: When its end entries are due (`start` for an instant one).
    ///   - level: The holder of the nested level it runs in; nil for the top level.
    ///   - cause: Why it runs; a tap's by default.
    public init(from: Int?, to: Int?, start: Double, end: Double, level: String? = nil, cause: ChangeCause = .tap) {
        self.from = from
        self.to = to
        self.start = start
        self.end = end
        self.level = level
        self.cause = cause
    }

    /// `from` when the transition is in the top level, else nil.
    var topFrom: Int? { level == nil ? from : nil }
    /// `to` when the transition is in the top level, else nil.
    var topTo: Int? { level == nil ? to : nil }

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
        /// A tap the container did not act on (the tap rules say why); the clock moved.
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
    /// Nothing else: a `wait`, an `expand` of an open panel, a `collapse` of a closed one.
    case none
    /// A tap, `expand` or `collapse` started this transition (`isInstant`
    /// when it is already over).
    case transition(Transition)
    /// `collapse: all` (or `expand: null`) closed several open panels, or a
    /// `reveal` opened several closed ones: one instant transition each, in
    /// the order they ran (the containment log follows it).
    case transitions([Transition])
    /// The container took the size of the `resize`.
    case resized
    /// The panel took the properties of the `update` (nothing logged: the
    /// layout jumps, as after a `resize`).
    case updated
    /// A modal with this title now covers the expanded panel.
    case modalPresented(title: String)
    /// The modal with this title went away from the expanded panel.
    case modalDismissed(title: String)
    /// `setPanels` replaced the stack; says which child left and which arrived.
    case stackReplaced(StackChange)
    /// A `scroll` step moved the offset here (clamped; unchanged with `overflow: clip`).
    case scrolled(offset: Double)
}

extension StepChange {
    /// The change's name, as a host's session (`accordion drive`) answers it.
    public var name: String {
        switch self {
        case .none: "none"
        case .transition: "transition"
        case .transitions: "transitions"
        case .resized: "resized"
        case .updated: "updated"
        case .modalPresented: "modalPresented"
        case .modalDismissed: "modalDismissed"
        case .stackReplaced: "stackReplaced"
        case .scrolled: "scrolled"
        }
    }
}

/// Who changed places when `setPanels` replaced the stack.
public struct StackChange: Hashable, Sendable {
    /// Ids of the open panels that are not in the new stack, by ascending
    /// old index; empty when every open panel stayed (at its new index).
    public var left: [String]
    /// Index in the new stack of the panel that opened because no open
    /// panel stayed; nil when one stayed or the new stack is empty.
    public var arrived: Int?

    /// Creates a stack change.
    public init(left: [String], arrived: Int?) {
        self.left = left
        self.arrived = arrived
    }
}

/// Why a step cannot run where the script puts it: each is a mistake the
/// spec author can fix, and the validator reports it as one.
public enum RejectReason: String, Hashable, Sendable {
    /// Its `at:` is earlier than the clock (the time of the step before it).
    case outOfOrder
    /// `tap`, `expand`, `collapse` or `reveal` names an index outside the stack.
    case unknownPanel
    /// `expand`, `collapse`, `reveal`, `present` or `setPanels` while a modal is presented.
    case modalPresented
    /// `reveal` would have to open a closed disabled panel (an ancestor,
    /// or with `open` the panel itself): `expand` could, but a reveal
    /// stands for the user's way in (a link, find-in-page), which a
    /// disabled panel refuses. `ContainerState.revealBlocker` names it.
    case revealBlocked
    /// `present` while no panel is expanded: a modal needs one to cover.
    case noExpandedPanel
    /// `dismiss` while no modal is presented.
    case noModal
    /// The step would happen after `maxStepTime`: its `at:`, a `wait` from
    /// the clock, or the end of the transition it waits for is past it.
    case pastTimeLimit
}
