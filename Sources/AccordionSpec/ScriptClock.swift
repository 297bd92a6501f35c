import AccordionModel

/// The part of the container model the validator needs to follow a script:
/// the clock, the running transition's end, the expanded panel and the
/// modal. It follows `AccordionContainer`'s rules step for step (a test runs
/// both side by side on random scripts) but keeps no containment log and no
/// copy of the stack, so checking a 100,000-panel spec with a long script
/// costs no more memory than the spec itself.
struct ScriptClock {
    /// The time of the last step.
    private(set) var clock = 0.0
    /// Start and end of the tap transition still running, if any.
    private(set) var running: (start: Double, end: Double)?
    /// `expandedIndex`.
    private(set) var expanded: Int?
    /// The presented modal's title.
    private(set) var modal: String?
    /// The stack's ids by position (only what `setPanels` needs).
    private var ids: [String]
    private var duration: Double

    init(ids: [String], expanded: Int?, duration: Double) {
        self.ids = ids
        self.expanded = expanded.flatMap { ids.indices.contains($0) ? $0 : nil }
        self.duration = duration
    }

    private static func isEarlier(_ a: Double, _ b: Double) -> Bool { a < b - timeTolerance }

    /// When the container is idle: the later of the clock and the transition's end.
    var settledTime: Double { max(clock, running?.end ?? clock) }

    /// When `step` happens, by the script-clock rules (the model's `time(of:)`).
    func time(of step: Step) -> Double {
        if case .wait(let seconds) = step.action { return clock + max(0, seconds) }
        return step.at ?? settledTime
    }

    /// Applies `step` as the model does (the model's `apply`), for the state the rules look at.
    /// `newIds` is the new stack's ids for `setPanels`.
    mutating func apply(_ step: Step, newIds: [String] = []) {
        let time = max(self.time(of: step), clock)
        if let r = running, !Self.isEarlier(time, r.end) { running = nil }
        clock = time
        switch step.action {
        case .tap(let index):
            guard ids.indices.contains(index), running == nil, modal == nil else { return }
            startTransition(to: index == expanded ? nil : index, at: time, duration: duration)
        case .wait:
            break
        case .resize:
            running = nil
        case .expand(let index):
            running = nil
            if let index, !ids.indices.contains(index) { return }
            if index == expanded { return }
            startTransition(to: index, at: time, duration: 0)
        case .present(let title):
            running = nil
            modal = title
        case .dismiss:
            running = nil
            modal = nil
        case .setPanels:
            running = nil
            let kept = expanded.map { ids[$0] }
            ids = newIds
            if let kept, let index = newIds.firstIndex(of: kept) {
                expanded = index
            } else {
                expanded = newIds.isEmpty ? nil : 0
            }
        }
    }

    private mutating func startTransition(to: Int?, at time: Double, duration: Double) {
        expanded = to
        let end = time + max(0, duration)
        running = Self.isEarlier(time, end) ? (time, end) : nil
    }
}
