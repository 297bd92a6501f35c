@testable import AccordionModel

/// A deliberately naive second reading of the model's semantics — the
/// container issue's and the expansion-modes issue's text (one or several
/// open panels, the tap rules in order, `finish` and `retarget`), written
/// apart from the model: eager event list patched on early completion and
/// sorted at the end, the open set as a `Set`, O(n²) geometry from first
/// principles, a retargeted transition's start read off this model's own
/// snapshot, bisection curves. The random tests compare the two frame by
/// frame and event by event.
struct ReferenceModel {
    struct Transition {
        var from: Int?
        var to: Int?
        var start: Double
        var end: Double
        /// Indices in `events` of this transition's end entries (patched on early completion).
        var endEntryIndices: [Int]
        /// For a retargeted transition: every header's y and content height as shown at its tap.
        var shownAtStart: [(y: Double, height: Double?)]?
    }

    var title: String?
    var container: ContainerSpec
    var panels: [PanelSpec]
    var open: Set<Int>
    var modal: String?
    var clock = 0.0
    var events: [LogEntry] = []
    var transition: Transition?

    /// The lowest open panel.
    var expanded: Int? { open.min() }

    init(title: String?, container: ContainerSpec, panels: [PanelSpec], expanded: [Int]) {
        self.title = title
        self.container = container
        self.panels = panels
        open = Set(expanded)
        for index in open.sorted() { appear(panels[index].id, at: 0) }
    }

    private mutating func appear(_ id: String, at time: Double, cause: ChangeCause? = nil) {
        for event in [LogEvent.addChild, .viewWillAppear, .viewDidAppear, .didMoveToParent] {
            events.append(LogEntry(time: time, event: event, panel: id, cause: cause))
        }
    }

    /// Is the transition still running at `time` (time < end, not equal within 1e-9)?
    private func runs(_ transition: Transition?, at time: Double) -> Bool {
        guard let transition else { return false }
        return time < transition.end && !(abs(time - transition.end) < 1e-9)
    }

    func time(of step: Step) -> Double {
        if case .wait(let seconds) = step.action { return clock + seconds }
        if let at = step.at { return at }
        if let transition, transition.end > clock { return transition.end }
        return clock
    }

    mutating func apply(_ step: Step) {
        // A reveal that would open a closed disabled panel is a script
        // mistake: it changes nothing, not even the clock.
        if case .reveal(let index, true) = step.action, !open.contains(index), panels[index].disabled { return }
        var time = self.time(of: step)
        if let transition, abs(time - transition.end) < 1e-9 { time = max(time, transition.end) }
        let inside = runs(transition, at: time)
        if !inside { transition = nil }
        clock = time
        // The reading of a cause: the step's own kind; a completed
        // transition's end entries keep the cause they were written with.
        let cause: ChangeCause? = switch step.action {
        case .tap: .tap
        case .expand: .expand
        case .collapse: .collapse
        case .reveal: .reveal
        case .setPanels: .setPanels
        case .wait, .resize, .present, .dismiss, .update, .scroll: nil
        }
        func complete() {
            guard inside, let running = transition else { return }
            // Completed now: its end entries happen now, after whatever was
            // logged since it started (an ignored tap at this same time).
            let ended = running.endEntryIndices.map { events[$0] }
            events.removeSubrange(running.endEntryIndices.first!...running.endEntryIndices.last!)
            for var entry in ended {
                entry.time = time
                events.append(entry)
            }
            transition = nil
        }
        switch step.action {
        case .wait:
            break
        case .tap(let index):
            let id = panels[index].id
            func ignore(_ reason: IgnoreReason) {
                events.append(LogEntry(time: time, event: .tapIgnored, panel: id, reason: reason))
            }
            // The tap rules, in the order the issue lists them.
            if modal != nil {
                ignore(.modal)
            } else if inside && container.interruption == .ignore {
                ignore(.transition)
            } else if panels[index].disabled {
                ignore(.disabled)
            } else if !container.collapsible && open == [index] {
                ignore(.notCollapsible)
            } else {
                let shown = inside && container.interruption == .retarget
                    ? snapshot(at: time).panels.map { (y: $0.header.y, height: $0.content?.height) } : nil
                complete()
                if container.expansion == .single {
                    animate(from: expanded, to: open.contains(index) ? nil : index, at: time, duration: container.duration, cause: cause!)
                } else if open.contains(index) {
                    animate(from: index, to: nil, at: time, duration: container.duration, cause: cause!)
                } else {
                    animate(from: nil, to: index, at: time, duration: container.duration, cause: cause!)
                }
                transition?.shownAtStart = shown
            }
        case .scroll:
            // The offset is not modelled here: only the transition it completes.
            complete()
        case .resize(let width, let height):
            complete()
            container.width = width
            container.height = height
        case .update(let index, let update):
            // The properties written replace the panel's; the open set, the
            // headers and so every frame stay (this reading's heights do not
            // look at a content), only the transition it completes ends.
            complete()
            var panel = panels[index]
            panel.title = update.title ?? panel.title
            panel.disabled = update.disabled ?? panel.disabled
            panel.color = update.color ?? panel.color
            panel.titleColor = update.titleColor ?? panel.titleColor
            panels[index] = panel
        case .expand(let index?):
            complete()
            if !open.contains(index) {
                animate(from: container.expansion == .single ? expanded : nil, to: index, at: time, duration: 0, cause: cause!)
            }
        case .collapse(let index?):
            complete()
            if open.contains(index) { animate(from: index, to: nil, at: time, duration: 0, cause: cause!) }
        case .reveal(let index, let openIt):
            // A top-level panel has no panel above it: a reveal only opens
            // it, with `open`, as `expand` would (a closed disabled one was
            // refused above; the offset is not modelled here).
            complete()
            if openIt && !open.contains(index) {
                animate(from: container.expansion == .single ? expanded : nil, to: index, at: time, duration: 0, cause: cause!)
            }
        case .expand(nil), .collapse(nil):
            complete()
            for index in open.sorted() { animate(from: index, to: nil, at: time, duration: 0, cause: cause!) }
        case .present(let title):
            complete()
            modal = title
            events.append(LogEntry(time: time, event: .presentModal, panel: expanded.map { panels[$0].id }))
        case .dismiss:
            complete()
            modal = nil
            events.append(LogEntry(time: time, event: .dismissModal, panel: expanded.map { panels[$0].id }))
        case .setPanels(let list):
            complete()
            var stayed: Set<Int> = []
            for old in open.sorted() {
                if let kept = list.firstIndex(where: { $0.id == panels[old].id }) {
                    stayed.insert(kept)
                } else {
                    for event in [LogEvent.willMoveToParent, .viewWillDisappear, .viewDidDisappear, .removeFromParent] {
                        events.append(LogEntry(time: time, event: event, panel: panels[old].id, cause: cause))
                    }
                }
            }
            panels = list
            open = stayed
            if open.isEmpty && !list.isEmpty {
                open = [0]
                appear(list[0].id, at: time, cause: cause)
            }
        }
    }

    private mutating func animate(from: Int?, to: Int?, at time: Double, duration: Double, cause: ChangeCause) {
        let fromID = from.map { panels[$0].id }
        let toID = to.map { panels[$0].id }
        var start: [(LogEvent, String?)] = [(.beginIgnoringInteractionEvents, nil)]
        if let fromID { start.append((.willMoveToParent, fromID)) }
        if let toID { start.append((.addChild, toID)) }
        if let fromID { start.append((.viewWillDisappear, fromID)) }
        if let toID { start.append((.viewWillAppear, toID)) }
        var end: [(LogEvent, String?)] = []
        if let fromID { end.append((.viewDidDisappear, fromID)) }
        if let toID { end += [(.viewDidAppear, toID), (.didMoveToParent, toID)] }
        if let fromID { end.append((.removeFromParent, fromID)) }
        end.append((.endIgnoringInteractionEvents, nil))
        for (event, panel) in start { events.append(LogEntry(time: time, event: event, panel: panel, cause: cause)) }
        let first = events.count
        for (event, panel) in end { events.append(LogEntry(time: time + duration, event: event, panel: panel, cause: cause)) }
        if let from { open.remove(from) }
        if let to { open.insert(to) }
        transition = duration > 0
            ? Transition(from: from, to: to, start: time, end: time + duration, endEntryIndices: Array(first..<events.count))
            : nil
    }

    var settledTime: Double { max(clock, transition?.end ?? clock) }

    /// `C_i` when `openSet` is open: `space / k`, or in `fit` the panel's
    /// `contentHeight` capped by the space when it has one.
    func contentHeight(_ index: Int, open openSet: Set<Int>) -> Double {
        // In sections, a gap above every header and one below the last take room as headers do.
        let gaps = panels.isEmpty ? 0 : Double(panels.count + 1) * sectionGap
        let space = max(0, container.height - panels.reduce(0) { $0 + $1.headerHeight } - gaps)
        if container.layout == .fit, let preferred = panels[index].contentHeight { return min(preferred, space) }
        return space / Double(openSet.count)
    }

    /// Header y of panel `index` when `openSet` is open.
    func settledY(_ index: Int, open openSet: Set<Int>) -> Double {
        var y = sectionGap
        for above in 0..<index {
            y += panels[above].headerHeight + sectionGap
            if openSet.contains(above) { y += contentHeight(above, open: openSet) }
        }
        return y
    }

    /// The inset-grouped style's numbers, as the guide states them (16 in from each side, 20 apart).
    var sectionGap: Double { container.style == .insetGrouped ? 20 : 0 }
    var sectionInset: Double { container.style == .insetGrouped ? 16 : 0 }

    func snapshot(at time: Double) -> Snapshot {
        let running = runs(transition, at: time) ? transition : nil
        var frames: [PanelFrame] = []
        for (index, panel) in panels.enumerated() {
            var y = settledY(index, open: open)
            var height: Double? = open.contains(index) ? contentHeight(index, open: open) : nil
            if let running {
                let progress = (time - running.start) / (running.end - running.start)
                let p = container.curve.controlPoints
                let eased = referenceCurve(p.x1, p.y1, p.x2, p.y2, at: progress)
                var before = open
                if let to = running.to { before.remove(to) }
                if let from = running.from { before.insert(from) }
                let shown = running.shownAtStart?[index]
                let startY = shown?.y ?? settledY(index, open: before)
                y = startY + (settledY(index, open: open) - startY) * eased
                switch (before.contains(index), open.contains(index)) {
                case (true, true):
                    let startHeight = shown?.height ?? contentHeight(index, open: before)
                    height = startHeight + (contentHeight(index, open: open) - startHeight) * eased
                case (true, false):
                    height = shown?.height ?? contentHeight(index, open: before)
                case (false, true):
                    height = contentHeight(index, open: open)
                case (false, false):
                    height = nil
                }
            }
            let width = max(0, container.width - 2 * sectionInset)
            let header = Rect(x: sectionInset, y: y, width: width, height: panel.headerHeight)
            let content = height.map { Rect(x: sectionInset, y: y + panel.headerHeight, width: width, height: $0) }
            frames.append(PanelFrame(index: index, panel: panel, header: header, content: content))
        }
        let info = running.map {
            TransitionInfo(from: $0.from, to: $0.to, start: $0.start, end: $0.end,
                           progress: ($0.end - $0.start) > 0 ? (time - $0.start) / ($0.end - $0.start) : 0)
        }
        let visible: Visible? = modal.map { .modal(title: $0) } ?? expanded.map { .panel(title: panels[$0].title) }
        let ordered = events.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element).filter { $0.time <= time + 1e-9 }
        return Snapshot(title: title, time: time, container: container, expandedIndex: expanded,
                        expandedIndices: open.sorted(), visible: visible,
                        interactionEnabled: running == nil, transition: info, panels: frames, events: ordered)
    }
}
