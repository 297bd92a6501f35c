import AccordionDiagnostics
import AccordionModel
import AccordionRender
import AccordionSpec

/// What the explorer may do at a state: one letter of its alphabet. Letters
/// are abstract (a panel by id, a moment of the running transition), made
/// concrete against each state, so a sequence found on one path can be
/// shortened and replayed on another.
public enum ExploreLetter: Hashable, Sendable {
    /// A tap on the header with this id.
    case tap(String, TapMoment)
    /// `collapse: all`.
    case collapseAll
    /// The case's `explore.steps[i]`, when idle.
    case listed(Int)
}

/// When a tap happens, against the transition running at the state.
public enum TapMoment: Hashable, Sendable {
    /// When the container is idle: at once at rest, else at the running
    /// transition's end (an untimed step of a script).
    case atRest
    /// At the same moment as the step before: a quick second tap.
    case atStart
    /// Half-way through the running transition.
    case atMiddle
}

/// What exploring a case found.
public struct ExploreResult: Sendable {
    /// Distinct states reached (two orders that reach the same container are one).
    public var states = 0
    /// The deepest breadth-first level that holds a state, and the deepest
    /// random walk step taken.
    public var depthReached = 0
    /// The breadth-first depth asked for.
    public var depth = 0
    /// Whether every state within `depth` was reached (false when a limit stopped it:
    /// `ExploreOptions.maxStates`, `maxSteps`).
    public var complete = true
    /// Steps applied, breadth-first and in walks.
    public var stepsTaken = 0
    /// Random walks run.
    public var walks = 0
    /// Each property violated or unmet, in the order the case states them.
    public var violations: [ExploreViolation] = []
    /// Properties checked.
    public var checked = 0
}

/// A property that does not hold, with the shortest sequence found that
/// shows it, written as a script to paste into a case and as a `drive` session.
public struct ExploreViolation: Sendable {
    /// Where the property is written.
    public var span: SourceSpan
    /// What went wrong, as a sentence fragment.
    public var message: String
    /// The fields that differ at the moment shown.
    public var differences: [FieldDifference]
    /// The moment the property fails, when there is one.
    public var snapshot: Snapshot?
    /// The explorer's steps after the case's script, as flow YAML (`{tap: faq, at: 0.15}`).
    public var steps: [String]
    /// A case's `script:` that shows it: the case's steps, the explorer's,
    /// and the `expect` that fails.
    public var script: [String]
    /// The same, as `drive` lines (JSON), ending with the query that shows the moment.
    public var session: [String]
    /// Found by a random walk and shrunk, rather than breadth-first.
    public var shrunk = false
}

/// How `Explorer.run` explores.
public struct ExploreOptions: Sendable {
    /// Overrides the case's depth.
    public var depth: Int?
    /// Random walks after the breadth-first search.
    public var walks = 0
    /// The walks' seed: the same seed walks the same way.
    public var seed: UInt64 = 0
    /// Steps per walk; nil for four times the depth, at least 20.
    public var walkLength: Int?
    /// Most states kept: a search that would pass it stops there (`complete` false).
    public var maxStates = 500_000
    /// Most steps taken breadth-first: past it the search stops (`complete`
    /// false), so a deep search over a large alphabet ends in bounded time.
    public var maxSteps = 5_000_000

    /// The defaults: the case's depth, no walks.
    public init(depth: Int? = nil, walks: Int = 0, seed: UInt64 = 0, walkLength: Int? = nil) {
        self.depth = depth
        self.walks = walks
        self.seed = seed
        self.walkLength = walkLength
    }
}

/// `accordion test --explore`: every order of the alphabet from where a
/// case's script leaves the container, breadth-first to a depth, states
/// deduplicated by the model's value (times taken relative to the clock),
/// then seeded random walks deeper; each property checked after every step
/// and at the moments that matter inside a transition (its middle and end).
/// Pure: the model's value in, findings out.
public enum Explorer {
    /// A state as the explorer keys it: the model's value with its times
    /// relative to its clock, so two orders that reach the same container at
    /// different times are one state.
    struct Key: Hashable {
        var container: ContainerSpec
        /// The stack, by its number among the stacks met (`Run.stackID`).
        var stack: Int
        var open: [Int]
        var modal: String?
        var from: Int?, to: Int?
        var sinceStart: Double, untilEnd: Double
        var retarget: ShownFrames?
        var scroll: Double, scrollStart: Double
        /// Every nested level's open set and the running transition's level
        /// (empty and nil for a flat stack).
        var nestedOpen: [String: [Int]]
        var level: String?

        init(_ s: ContainerState, stack: Int) {
            container = s.container
            self.stack = stack
            open = s.expandedIndices
            modal = s.modalTitle
            scroll = s.scrollOffset
            nestedOpen = s.nestedOpen
            if let running = s.running {
                from = running.from
                to = running.to
                level = running.level
                sinceStart = s.clock - running.start
                untilEnd = running.end - s.clock
                retarget = s.retargetStart
                scrollStart = s.scrollStart
            } else {
                sinceStart = 0
                untilEnd = 0
                scrollStart = 0
            }
        }
    }

    struct Node {
        var state: ContainerState
        var parent: Int
        var letter: ExploreLetter?
        var step: Step?
        var depth: Int
    }

    /// Explores `plan` and checks its properties.
    ///
    /// - Parameters:
    ///   - plan: The case, as `TestFile.TestCase.exploration(of:tolerance:)` made it.
    ///   - options: Depth, walks and seed.
    /// - Returns: What was explored and every property that does not hold.
    public static func run(_ plan: ExploreCase, options: ExploreOptions = ExploreOptions()) -> ExploreResult {
        var run = Run(plan: plan, options: options)
        run.breadthFirst()
        run.walk()
        run.finish()
        return run.result
    }

    /// One exploration in progress.
    struct Run {
        let plan: ExploreCase
        let options: ExploreOptions
        let depth: Int
        var resolver: ExploreResolver
        var nodes: [Node] = []
        var index: [Key: Int] = [:]
        /// Each node's successors (kept only for `every-panel-reachable`).
        var successors: [[Int32]] = []
        let keepsEdges: Bool
        /// Whether a node's successors were all made.
        var expanded: [Bool] = []
        var result = ExploreResult()
        /// The first violation of each `always` property, and of the named ones.
        var alwaysFound: [ExploreViolation?]
        var contentFound: ExploreViolation?
        /// The first state meeting each `reachable` property.
        var reachableMet: [Bool]
        /// Whether each listed step was taken somewhere.
        var listedTaken: [Bool]
        let checksContent: Bool
        let needsSnapshots: Bool

        init(plan: ExploreCase, options: ExploreOptions) {
            self.plan = plan
            self.options = options
            depth = options.depth ?? plan.depth
            resolver = ExploreResolver(plan)
            keepsEdges = plan.named.contains { $0.property == .everyPanelReachable }
            checksContent = plan.named.contains { $0.property == .contentVisible }
            alwaysFound = Array(repeating: nil, count: plan.always.count)
            reachableMet = Array(repeating: false, count: plan.reachable.count)
            listedTaken = Array(repeating: false, count: plan.listed.count)
            needsSnapshots = !plan.always.isEmpty || !plan.reachable.isEmpty
            result.depth = depth
            result.checked = plan.always.count + plan.reachable.count + plan.named.count
        }

        /// Every stack met, numbered in the order met.
        var stacks: [[PanelSpec]] = []

        /// The number of a stack among those met: a state keeps the stack it
        /// comes from (shared, so the comparison is by identity), and only a
        /// `setPanels` makes another, so the list stays short.
        mutating func stackID(_ panels: [PanelSpec]) -> Int {
            if let known = stacks.firstIndex(where: { $0 == panels }) { return known }
            stacks.append(panels)
            return stacks.count - 1
        }

        // MARK: The alphabet

        /// The letters at `state`, each with the step it is there.
        mutating func alphabet(_ state: ContainerState) -> [(ExploreLetter, Step)] {
            var letters: [(ExploreLetter, Step)] = []
            let middle = Explorer.middle(of: state)
            for (i, panel) in state.panels.enumerated() {
                letters.append((.tap(panel.id, .atRest), Step(.tap(panel: i))))
                if state.running != nil {
                    letters.append((.tap(panel.id, .atStart), Step(.tap(panel: i), at: state.clock)))
                    if let middle { letters.append((.tap(panel.id, .atMiddle), Step(.tap(panel: i), at: middle))) }
                }
            }
            letters.append((.collapseAll, Step(.collapse(panel: nil))))
            for i in plan.listed.indices {
                if let step = resolver.step(i, at: state, stack: stackID(state.panels)) { letters.append((.listed(i), step)) }
            }
            return letters
        }

        /// The step `letter` is at `state`, nil when it cannot be taken there.
        mutating func concrete(_ letter: ExploreLetter, at state: ContainerState) -> Step? {
            switch letter {
            case .tap(let id, let moment):
                guard let i = state.index(ofPanel: id) else { return nil }
                switch moment {
                case .atRest: return Step(.tap(panel: i))
                case .atStart: return state.running == nil ? nil : Step(.tap(panel: i), at: state.clock)
                case .atMiddle: return Explorer.middle(of: state).map { Step(.tap(panel: i), at: $0) }
                }
            case .collapseAll: return Step(.collapse(panel: nil))
            case .listed(let i): return resolver.step(i, at: state, stack: stackID(state.panels))
            }
        }

        // MARK: Breadth-first

        mutating func breadthFirst() {
            add(Node(state: plan.start, parent: -1, letter: nil, step: nil, depth: 0))
            var head = 0
            while head < nodes.count {
                let n = nodes[head]
                let current = head
                head += 1
                guard n.depth < depth else { continue }
                if nodes.count >= options.maxStates || result.stepsTaken >= options.maxSteps {
                    result.complete = false
                    break
                }
                for (letter, step) in alphabet(n.state) {
                    var next = n.state
                    if case .rejected = next.apply(step).effect { continue }
                    result.stepsTaken += 1
                    if case .listed(let i) = letter { listedTaken[i] = true }
                    let key = Key(next, stack: stackID(next.panels))
                    if let seen = index[key] {
                        if keepsEdges { successors[current].append(Int32(seen)) }
                        continue
                    }
                    let made = add(Node(state: next, parent: current, letter: letter, step: step, depth: n.depth + 1), key: key)
                    if keepsEdges { successors[current].append(Int32(made)) }
                }
                expanded[current] = true
            }
            result.depthReached = nodes.last?.depth ?? 0
        }

        /// Keeps a new node and checks the properties at it.
        @discardableResult
        mutating func add(_ node: Node, key: Key? = nil) -> Int {
            let id = nodes.count
            nodes.append(node)
            index[key ?? Key(node.state, stack: stackID(node.state.panels))] = id
            expanded.append(false)
            if keepsEdges { successors.append([]) }
            check(node.state) { run in run.path(to: id) }
            return id
        }

        /// The letters and steps from the root to node `id`.
        func path(to id: Int) -> [(ExploreLetter, Step)] {
            var out: [(ExploreLetter, Step)] = []
            var at = id
            while at > 0, let letter = nodes[at].letter, let step = nodes[at].step {
                out.append((letter, step))
                at = nodes[at].parent
            }
            return out.reversed()
        }

        /// Checks every property not yet found at `state`; `path` gives the
        /// sequence that reached it, made only for a violation.
        mutating func check(_ state: ContainerState, path: (Self) -> [(ExploreLetter, Step)]) {
            let pending = alwaysFound.contains { $0 == nil } || reachableMet.contains(false)
            guard (needsSnapshots && pending) || (checksContent && contentFound == nil) else { return }
            let model = AccordionContainer(title: plan.document.title, loading: state)
            for moment in Explorer.moments(of: state) {
                var snapshot: Snapshot?
                func shot() -> Snapshot {
                    if let snapshot { return snapshot }
                    let made = model.snapshot(at: moment)
                    snapshot = made
                    return made
                }
                for (p, property) in plan.always.enumerated() where alwaysFound[p] == nil {
                    let differences = Explorer.differences(property.expectation, at: shot())
                    guard !differences.isEmpty else { continue }
                    alwaysFound[p] = violation(property, path(self), moment: moment, differences: differences, snapshot: shot())
                }
                for (p, property) in plan.reachable.enumerated() where !reachableMet[p] {
                    if Explorer.differences(property.expectation, at: shot()).isEmpty { reachableMet[p] = true }
                }
            }
            if checksContent, contentFound == nil {
                let moment = state.settledTime
                let snapshot = model.snapshot(at: moment)
                if let (check, differences) = Explorer.contentProblem(snapshot) {
                    let span = plan.named.first { $0.property == .contentVisible }!.span
                    contentFound = written(span: span, message: "content-visible: an open panel's content gets no height on screen",
                                           path(self), expect: check, moment: moment, differences: differences, snapshot: snapshot)
                }
            }
        }

        func violation(_ property: ExploreCase.Property, _ path: [(ExploreLetter, Step)], moment: Double,
                       differences: [FieldDifference], snapshot: Snapshot) -> ExploreViolation {
            written(span: property.expectation.span, message: "always: fails after \(count(path.count))",
                    path, expect: property.yaml, moment: moment, differences: differences, snapshot: snapshot)
        }

        func count(_ n: Int) -> String { n == 1 ? "1 step" : "\(n) steps" }

        /// A violation at `moment` after `path`, written as a script ending in
        /// `expect` (when given) and as a `drive` session ending in the
        /// snapshot query of that moment.
        func written(span: SourceSpan, message: String, _ path: [(ExploreLetter, Step)], expect: String?, moment: Double?,
                     differences: [FieldDifference], snapshot: Snapshot?, note: String? = nil) -> ExploreViolation {
            var steps: [String] = []
            var json: [String] = []
            for (letter, step) in path {
                let (y, j) = Explorer.spell(letter, step, plan: plan)
                steps.append(y)
                json.append(j)
            }
            var script = plan.prefix.map(\.yaml) + steps
            var session = plan.prefix.map(\.json) + json
            if let moment {
                if let expect { script.append("{expect: \(expect), at: \(FlowText.number(moment))}") }
                session.append("{\"snapshot\": {\"at\": \(FlowText.number(moment))}}")
            }
            if let note { script.append("# " + note) }
            // The moment shown is the container the counterexample's script
            // makes, with its whole log (the explorer keeps none).
            var model = AccordionContainer(title: plan.document.title, container: plan.document.container,
                                           panels: plan.document.panels, expandedIndices: plan.document.expandedIndices)
            for step in plan.document.steps { model.apply(step) }
            for (_, step) in path { model.apply(step) }
            let shown = snapshot == nil ? nil : model.snapshot(at: moment ?? model.settledTime)
            return ExploreViolation(span: span, message: message, differences: differences, snapshot: shown,
                                    steps: steps, script: script, session: session)
        }

        // MARK: Random walks

        mutating func walk() {
            guard options.walks > 0 else { return }
            var random = SplitMix64(seed: options.seed)
            let length = options.walkLength ?? max(20, 4 * depth)
            var seen = Set<Key>()
            for _ in 0..<options.walks {
                result.walks += 1
                var state = plan.start
                var letters: [ExploreLetter] = []
                var walked: [(ExploreLetter, Step)] = []
                for stepNumber in 1...length {
                    let choices = alphabet(state)
                    guard !choices.isEmpty else { break }
                    let (letter, step) = choices[Int(random.next() % UInt64(choices.count))]
                    var next = state
                    if case .rejected = next.apply(step).effect { continue }
                    result.stepsTaken += 1
                    state = next
                    letters.append(letter)
                    result.depthReached = max(result.depthReached, stepNumber)
                    walked.append((letter, step))
                    let key = Key(state, stack: stackID(state.panels))
                    if index[key] == nil { seen.insert(key) }
                    // A property breadth-first did not find: shrink the walk to it.
                    let before = (alwaysFound.map { $0 == nil }, contentFound == nil)
                    check(state) { _ in walked }
                    for p in plan.always.indices where before.0[p] && alwaysFound[p] != nil {
                        alwaysFound[p] = shrunk(letters) { run, snapshot in
                            let d = Explorer.differences(run.plan.always[p].expectation, at: snapshot)
                            return d.isEmpty ? nil : d
                        }.map { path, moment, differences, snapshot in
                            var v = violation(plan.always[p], path, moment: moment, differences: differences, snapshot: snapshot)
                            v.shrunk = true
                            return v
                        } ?? alwaysFound[p]
                    }
                    if before.1, contentFound != nil {
                        let span = plan.named.first { $0.property == .contentVisible }!.span
                        contentFound = shrunk(letters, settledOnly: true) { _, snapshot in Explorer.contentProblem(snapshot)?.1 }
                            .map { path, moment, differences, snapshot in
                                var v = written(span: span, message: "content-visible: an open panel's content gets no height on screen",
                                                path, expect: Explorer.contentProblem(snapshot)?.0, moment: moment,
                                                differences: differences, snapshot: snapshot)
                                v.shrunk = true
                                return v
                            } ?? contentFound
                    }
                }
            }
            result.states += seen.count
        }

        /// `letters` shrunk by delta debugging to a sequence after which the
        /// property still fails (`fails` gives its differences at a moment),
        /// with the first failing moment of the shrunk sequence.
        mutating func shrunk(_ letters: [ExploreLetter], settledOnly: Bool = false,
                             fails: (Self, Snapshot) -> [FieldDifference]?)
            -> ([(ExploreLetter, Step)], Double, [FieldDifference], Snapshot)? {
            func replay(_ candidate: [ExploreLetter]) -> ([(ExploreLetter, Step)], Double, [FieldDifference], Snapshot)? {
                var state = plan.start
                var path: [(ExploreLetter, Step)] = []
                for letter in candidate {
                    guard let step = concrete(letter, at: state) else { return nil }
                    if case .rejected = state.apply(step).effect { return nil }
                    path.append((letter, step))
                    let model = AccordionContainer(title: plan.document.title, loading: state)
                    for moment in settledOnly ? [state.settledTime] : Explorer.moments(of: state) {
                        let snapshot = model.snapshot(at: moment)
                        if let differences = fails(self, snapshot) { return (path, moment, differences, snapshot) }
                    }
                }
                return nil
            }
            guard let first = replay(letters) else { return nil }
            var current = first.0.map(\.0)
            var chunks = 2
            while current.count >= 2 {
                let size = (current.count + chunks - 1) / chunks
                var reduced = false
                var start = 0
                // Each chunk alone, then each complement.
                var candidates: [[ExploreLetter]] = []
                while start < current.count {
                    candidates.append(Array(current[start..<min(start + size, current.count)]))
                    start += size
                }
                let subsets = candidates
                for i in subsets.indices where subsets.count > 2 {
                    candidates.append(Array(current[..<(i * size)] + current[min((i + 1) * size, current.count)...]))
                }
                for (n, candidate) in candidates.enumerated() where !candidate.isEmpty {
                    if let found = replay(candidate) {
                        current = found.0.map(\.0)
                        chunks = n < subsets.count ? 2 : max(chunks - 1, 2)
                        reduced = true
                        break
                    }
                }
                if !reduced {
                    if chunks >= current.count { break }
                    chunks = min(current.count, chunks * 2)
                }
            }
            // Delta debugging leaves no one step removable; two steps that
            // undo each other (a tap that opens, one that closes) can still
            // go together, which breadth-first would have found shorter.
            var shorter = true
            while shorter, current.count >= 2, current.count <= 64 {
                shorter = false
                search: for i in 0..<(current.count - 1) {
                    for j in (i + 1)..<current.count {
                        var candidate = current
                        candidate.remove(at: j)
                        candidate.remove(at: i)
                        if let found = replay(candidate) {
                            current = found.0.map(\.0)
                            shorter = true
                            break search
                        }
                    }
                }
            }
            return replay(current)
        }

        // MARK: The end

        mutating func finish() {
            result.states += nodes.count
            var violations: [(SourceSpan, ExploreViolation)] = []
            for found in alwaysFound { if let found { violations.append((found.span, found)) } }
            if let contentFound { violations.append((contentFound.span, contentFound)) }
            for (p, property) in plan.reachable.enumerated() where !reachableMet[p] {
                let v = ExploreViolation(span: property.expectation.span,
                                         message: "reachable: no state within \(count(depth))"
                                             + (result.walks > 0 ? " or on \(result.walks) random walks" : "") + " meets it",
                                         differences: [], snapshot: nil, steps: [], script: [], session: [])
                violations.append((v.span, v))
            }
            if let reach = everyPanelReachable() { violations.append((reach.span, reach)) }
            for (i, listed) in plan.listed.enumerated() where !listedTaken[i] {
                let v = ExploreViolation(span: listed.node.span,
                                         message: "this explore step was taken in no state reached: every stack met lacks what it names, "
                                             + "or validate rejects it there", differences: [], snapshot: nil, steps: [], script: [], session: [])
                violations.append((v.span, v))
            }
            result.violations = violations.sorted { $0.0.start < $1.0.start }.map(\.1)
        }

        /// `every-panel-reachable`: the shallowest state from which some
        /// enabled panel of the starting stack cannot be opened by any
        /// sequence explored (a state whose successors were not made counts
        /// as one that can when its stack holds the panel, enabled, or a
        /// listed `setPanels` can bring it).
        func everyPanelReachable() -> ExploreViolation? {
            guard let span = plan.named.first(where: { $0.property == .everyPanelReachable })?.span else { return nil }
            var predecessors = Array(repeating: [Int32](), count: nodes.count)
            for (from, next) in successors.enumerated() {
                for to in next { predecessors[Int(to)].append(Int32(from)) }
            }
            var worst: (node: Int, panels: [String])?
            for panel in plan.start.panels where !panel.disabled {
                var can = Array(repeating: false, count: nodes.count)
                var queue: [Int] = []
                for (i, node) in nodes.enumerated() {
                    let index = node.state.index(ofPanel: panel.id)
                    let open = index.map { node.state.isExpanded($0) } ?? false
                    // A state whose successors were not made can still open
                    // the panel when its stack holds it, enabled.
                    let maybe = !expanded[i] && (index.map { !node.state.panels[$0].disabled } ?? plan.listedPanels.contains(panel.id))
                    if open || maybe {
                        can[i] = true
                        queue.append(i)
                    }
                }
                var head = 0
                while head < queue.count {
                    let at = queue[head]
                    head += 1
                    for p in predecessors[at] where !can[Int(p)] {
                        can[Int(p)] = true
                        queue.append(Int(p))
                    }
                }
                guard let stuck = can.firstIndex(of: false) else { continue }
                if worst == nil || stuck < worst!.node {
                    worst = (stuck, [panel.id])
                } else if stuck == worst!.node {
                    worst!.panels.append(panel.id)
                }
            }
            guard let worst else { return nil }
            let state = nodes[worst.node].state
            let names = worst.panels.map { "`\($0)`" }.joined(separator: ", ")
            let inStack = worst.panels.filter { state.index(ofPanel: $0) == nil }
            let why = inStack.isEmpty ? "" : " (\(inStack.map { "`\($0)`" }.joined(separator: ", ")) left the stack)"
            let path = self.path(to: worst.node)
            return written(span: span, message: "every-panel-reachable: after \(count(path.count)), no sequence opens \(names)\(why)",
                           path, expect: nil, moment: nil, differences: [], snapshot: AccordionContainer(title: plan.document.title, loading: state).snapshot(at: state.settledTime),
                           note: "from here, no sequence of the alphabet opens \(names)")
        }
    }

    // MARK: - Moments and checks

    /// Half-way through the running transition, on a millionth of a second
    /// (so it prints short and reads back the same), when that is after the clock.
    static func middle(of state: ContainerState) -> Double? {
        guard let running = state.running else { return nil }
        let exact = running.start + (running.end - running.start) / 2
        let short = (exact * 1e6).rounded() / 1e6
        let middle = short > state.clock + timeTolerance && short < running.end - timeTolerance ? short : exact
        return middle > state.clock + timeTolerance && middle < running.end - timeTolerance ? middle : nil
    }

    /// The moments a state is checked at: its clock, and with a transition
    /// running, its middle and its end.
    static func moments(of state: ContainerState) -> [Double] {
        guard let running = state.running else { return [state.clock] }
        return [state.clock] + (middle(of: state).map { [$0] } ?? []) + [running.end]
    }

    /// What `expectation` finds different at `snapshot`.
    static func differences(_ expectation: Expectation, at snapshot: Snapshot) -> [FieldDifference] {
        var dump: [(String, DumpField)]?
        return expectation.checks.flatMap {
            ExpectationRun.differences($0, in: snapshot, eventsSeen: 0, tolerance: expectation.tolerance, dump: &dump)
        }
    }

    /// `content-visible` at a settled moment: the first open panel whose
    /// content shows less than a point on screen (in a scrolling container,
    /// has less than a point of height), with the `expect` that shows it.
    static func contentProblem(_ s: Snapshot) -> (String, [FieldDifference])? {
        let top = s.scroll?.offset ?? 0
        let bottom = top + s.container.height
        for index in s.expandedIndices where index < s.panels.count {
            let panel = s.panels[index]
            let path = "panels[\(index)].content"
            guard let content = panel.content else {
                return ("{path: \"\(path)\", atLeast: 1}", [FieldDifference(field: path, expected: "a content view", actual: "null")])
            }
            // A scrolling container may scroll content away: it has only to
            // have a height to scroll to.
            let shown = s.scroll == nil ? min(content.y + content.height, bottom) - max(content.y, top) : content.height
            guard shown < 1 else { continue }
            if content.height < 1 {
                return ("{path: \"\(path).height\", atLeast: 1, tolerance: 0}",
                        [FieldDifference(field: path + ".height", expected: "at least 1", actual: JSONText.rounded(content.height, places: 3))])
            }
            let onScreen = content.y >= bottom
            return (onScreen ? "{path: \"\(path).y\", atMost: \(FlowText.number(bottom - 1)), tolerance: 0}"
                        : "{path: \"\(path).y\", atLeast: \(FlowText.number(top + 1 - content.height)), tolerance: 0}",
                    [FieldDifference(field: path + ".y", expected: "on screen", actual: JSONText.rounded(content.y, places: 3))])
        }
        return nil
    }

    /// A letter taken as `step`, as flow YAML and as a `drive` line.
    static func spell(_ letter: ExploreLetter, _ step: Step, plan: ExploreCase) -> (String, String) {
        let at = step.at.map { FlowText.number($0) }
        switch letter {
        case .tap(let id, _):
            return ("{tap: \(FlowText.string(id))" + (at.map { ", at: \($0)" } ?? "") + "}",
                    "{\"tap\": \(JSONValue.string(id).serialized())" + (at.map { ", \"at\": \($0)" } ?? "") + "}")
        case .collapseAll:
            return ("{collapse: all}", "{\"collapse\": \"all\"}")
        case .listed(let i):
            return (plan.listed[i].yaml, plan.listed[i].json)
        }
    }
}

/// The walks' generator: SplitMix64, small and the same on every platform,
/// so a seed names one walk everywhere.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
