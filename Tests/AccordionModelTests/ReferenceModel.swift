@testable import AccordionModel

/// A deliberately naive second reading of issue 4's semantics, written apart
/// from the model (eager event list patched on early completion and sorted at
/// the end, O(n²) geometry from first principles, bisection curves), so the
/// random tests can compare the two frame by frame and event by event.
struct ReferenceModel {
    struct Transition {
        var from: Int?
        var to: Int?
        var start: Double
        var end: Double
        /// Indices in `events` of this transition's end entries (patched on early completion).
        var endEntryIndices: [Int]
    }

    var title: String?
    var container: ContainerSpec
    var panels: [PanelSpec]
    var expanded: Int?
    var modal: String?
    var clock = 0.0
    var events: [LogEntry] = []
    var transition: Transition?

    init(title: String?, container: ContainerSpec, panels: [PanelSpec], expanded: Int?) {
        self.title = title
        self.container = container
        self.panels = panels
        self.expanded = expanded
        if let expanded { appear(panels[expanded].id, at: 0) }
    }

    private mutating func appear(_ id: String, at time: Double) {
        for event in [LogEvent.addChild, .viewWillAppear, .viewDidAppear, .didMoveToParent] {
            events.append(LogEntry(time: time, event: event, panel: id))
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
        var time = self.time(of: step)
        if let transition, abs(time - transition.end) < 1e-9 { time = max(time, transition.end) }
        let inside = runs(transition, at: time)
        if !inside { transition = nil }
        clock = time
        func complete() {
            guard inside, let running = transition else { return }
            for index in running.endEntryIndices { events[index].time = time }
            transition = nil
        }
        switch step.action {
        case .wait:
            break
        case .tap(let index):
            let id = panels[index].id
            if inside {
                events.append(LogEntry(time: time, event: .tapIgnored, panel: id, reason: .transition))
            } else if modal != nil {
                events.append(LogEntry(time: time, event: .tapIgnored, panel: id, reason: .modal))
            } else {
                animate(from: expanded, to: expanded == index ? nil : index, at: time, duration: container.duration)
            }
        case .resize(let width, let height):
            complete()
            container.width = width
            container.height = height
        case .expand(let index):
            complete()
            if index != expanded { animate(from: expanded, to: index, at: time, duration: 0) }
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
            let old = expanded.map { panels[$0].id }
            panels = list
            if let old, let kept = list.firstIndex(where: { $0.id == old }) {
                expanded = kept
            } else {
                if let old {
                    for event in [LogEvent.willMoveToParent, .viewWillDisappear, .viewDidDisappear, .removeFromParent] {
                        events.append(LogEntry(time: time, event: event, panel: old))
                    }
                }
                expanded = list.isEmpty ? nil : 0
                if !list.isEmpty { appear(list[0].id, at: time) }
            }
        }
    }

    private mutating func animate(from: Int?, to: Int?, at time: Double, duration: Double) {
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
        for (event, panel) in start { events.append(LogEntry(time: time, event: event, panel: panel)) }
        let first = events.count
        for (event, panel) in end { events.append(LogEntry(time: time + duration, event: event, panel: panel)) }
        expanded = to
        transition = duration > 0
            ? Transition(from: from, to: to, start: time, end: time + duration, endEntryIndices: Array(first..<events.count))
            : nil
    }

    var settledTime: Double { max(clock, transition?.end ?? clock) }

    func contentHeight(_ index: Int) -> Double {
        let space = max(0, container.height - panels.reduce(0) { $0 + $1.headerHeight })
        if container.layout == .fit, let preferred = panels[index].contentHeight { return min(preferred, space) }
        return space
    }

    /// Header y of panel `index` when `open` is expanded.
    func settledY(_ index: Int, open: Int?) -> Double {
        var y = 0.0
        for below in 0..<index {
            y += panels[below].headerHeight
            if below == open { y += contentHeight(below) }
        }
        return y
    }

    func snapshot(at time: Double) -> Snapshot {
        let running = runs(transition, at: time) ? transition : nil
        var frames: [PanelFrame] = []
        for (index, panel) in panels.enumerated() {
            var y = settledY(index, open: expanded)
            var hasContent = index == expanded
            var info: TransitionInfo?
            if let running {
                let progress = (time - running.start) / (running.end - running.start)
                let p = container.curve.controlPoints
                let eased = referenceCurve(p.x1, p.y1, p.x2, p.y2, at: progress)
                let before = settledY(index, open: running.from)
                y = before + (settledY(index, open: running.to) - before) * eased
                hasContent = index == running.from || index == running.to
                info = TransitionInfo(from: running.from, to: running.to, start: running.start, end: running.end, progress: progress)
            }
            _ = info
            let header = Rect(x: 0, y: y, width: container.width, height: panel.headerHeight)
            let content = hasContent ? Rect(x: 0, y: y + panel.headerHeight, width: container.width, height: contentHeight(index)) : nil
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
        return Snapshot(title: title, time: time, container: container, expandedIndex: expanded, visible: visible,
                        interactionEnabled: running == nil, transition: info, panels: frames, events: ordered)
    }
}
