import AccordionDiagnostics
import AccordionModel
import AccordionYAML

/// The one script runner: what a written step *is*. It takes a step as
/// written (a spec's script, a test case's, a host's line in `drive`),
/// resolves its panel references against the stack the step meets, gives it
/// to the model (the reducer, `ContainerState.apply`, is the only home of
/// what a step *does*) and words the outcome: applied, ignored with its
/// reason and warning, or rejected with its error (`StepWording` holds the
/// words). `validate`, `test` and the language server run scripts through
/// it (`SemanticChecker`), `drive` runs a host's steps through it
/// (`StepSession`).
///
/// The two hosts differ only where `Host` says: a script is a file held
/// for the whole run, whose every problem is worth reporting; a session
/// answers one step at a time and must never half-apply one.
///
/// Costs: a step is O(1) besides what the model does with it and a
/// `setPanels` (linear in its list). A 100,000-panel spec's script runs
/// 30,000 steps here, so nothing is allocated per step that has nothing to
/// say: pointers, spans and lines are worked out only for a diagnostic.
struct ScriptRunner {
    /// Who gives the runner its steps.
    enum Host {
        /// A whole script in a file held for the run (`validate`, `test`, the language server).
        case script
        /// A host's steps, one a line (`drive`): each line's nodes live for its step only.
        case session

        /// A script: a step that could not run (the schema rejected it, or
        /// the model refused it) leaves what it would have changed unknown,
        /// so the rules that depend on it stay quiet rather than guess, and
        /// once the stack itself is unknown the rest is only read. A
        /// session: a refused step changed nothing and the container is known.
        var forgetsAfterRefusal: Bool { self == .script }

        /// A script: a step whose reading found problems still runs with
        /// what could be read (a `setPanels` without its bad items), so one
        /// run reports every problem, and a `setPanels`' new definitions
        /// count from where they are written. A session: a step with a
        /// problem is refused whole, and its definitions count once it ran.
        var runsStepsWithProblems: Bool { self == .script }

        /// A script warns about the state a step leaves once (the first
        /// moment its content overflows or an open panel gets no height)
        /// and sums up `content-height-overflow` at the end; a session
        /// answers each step on its own, so it warns at every step that
        /// makes the content overflow.
        var warnsOncePerScript: Bool { self == .script }

        /// A script's nodes outlive every step: diagnostics point back at
        /// earlier steps (related locations) and name their lines from the
        /// nodes. A session keeps nothing of a line past its step: it names
        /// the host's line numbers, and related locations stay within the line.
        var keepsNodes: Bool { self == .script }

        /// A script's "did you mean" searches share one budget (a file with
        /// thousands of unknown ids must not turn quadratic); a session's
        /// steps each get their own, as each answer stands alone.
        var sharesSuggestionBudget: Bool { self == .script }
    }

    let host: Host

    /// The problems found so far (the host takes them: `takeDiagnostics`).
    private(set) var diagnostics: [Diagnostic] = []

    // MARK: - The stack

    /// The stack the next step meets, with the nodes that wrote its panels
    /// (none in a session); the stage's state holds the panels themselves.
    private(set) var stack = PanelStack()
    private var indexById = PanelIDTable([])
    /// Every nested panel's id in tree order (empty for a flat stack), and
    /// its position there by id: a step names it by the model's number
    /// `stack.count + position`.
    private var nestedIDs: [String] = []
    private var nestedByID: [String: Int] = [:]
    /// The largest `contentHeight` in the stack: no panel can overflow a space above it.
    private var maxContent = 0.0
    /// The spec's panels, and the index of each id's first definition among
    /// them (an `update` changes a definition in place: see `updateStack`).
    private var initialPanels: PanelStack
    private let firstIndex: PanelIDTable
    /// The panels `setPanels` steps defined so far, by id: with the spec's,
    /// what a `setPanels` may name and what a reference may have meant.
    private var definedLater: [String: PanelDefinition] = [:]
    /// Every id defined so far, sorted, for suggestions (made on the first need).
    private var knownSorted: [String]?

    // MARK: - What the words of later steps need

    /// A step remembered for the words of a later one.
    enum Mark {
        /// A script's step, whose nodes live through the run.
        case written(WrittenStep)
        /// A session's step: the host's line it came on.
        case line(Int)

        /// The line the words name (a script's is worked out only when asked).
        var line: Int {
            switch self {
            case .written(let w): w.verbKey.span.start.line
            case .line(let n): n
            }
        }

        /// Where a related location points, when the step's nodes are alive.
        var actionSpan: SourceSpan? {
            if case .written(let w) = self { return w.actionSpan }
            return nil
        }
    }

    /// The steps that started the running transition and presented the modal,
    /// and the last `setPanels` that ran (to explain a panel that left the stack).
    private var transitionStep: Mark? {
        didSet { transitionNote = nil }
    }
    /// The line and note of `transitionStep` for the taps it makes ignored,
    /// worked out once per transition (a script may ignore thousands of taps
    /// in one, and each span is worked out from the text).
    private var transitionNote: (line: Int?, end: Double, related: [RelatedLocation])?
    /// The words of the last tap ignored in a transition, and what they were
    /// worded from: taps repeated at one moment of one transition get the
    /// same words, worded (numbers formatted, sentences joined) once.
    private var lastIgnoredInTransition: (time: Double, end: Double, line: Int?, otherwise: IgnoreReason?, words: StepWording)?
    private var modalStep: Mark?
    private var lastSetPanels: Mark?
    /// The last step that ran (a script's), for the note of a step set too early.
    private var lastNode: YAMLNodeRef?
    /// Whether the last step that ran waited for a transition to end (no `at`).
    private var lastWaited = false

    /// What the runner knows of the state while it runs a script. After a
    /// step that could not run, what that step would have changed is
    /// unknown: rules that depend on it stay quiet rather than guess.
    private struct Knowledge {
        var expanded = true
        var modal = true
        /// False once a step that could replace the stack could not run:
        /// nothing after it can be checked against the stack.
        var stack = true

        /// Forgets what a step of this kind would have changed.
        mutating func forget(_ kind: StepKind) {
            switch StepTable.all[kind.row].changes {
            case .expansion?: expanded = false
            case .modal?: modal = false
            case .stack?: stack = false
            case nil: break
            }
        }
    }

    private var known = Knowledge()

    /// `contentHeight` values larger than the space some state of the script
    /// leaves, each with its smallest space, warned about once the script ran.
    private var contentOverflows: [ContentOverflow] = []
    private var contentOverflowIndex: [YAMLNodeRef: Int] = [:]
    /// Whether `content-overflow` was reported (a script's is, at most once).
    private var contentOverflowReported = false
    /// Whether `open-panel-without-height` was reported (it is, at most once).
    private var zeroHeightReported = false

    /// Work left for "did you mean" searches (`Host.sharesSuggestionBudget`).
    private var suggestionBudget = Self.suggestionWork
    private static let suggestionWork = 2_000_000

    // MARK: - A script's checks

    /// The `expect` and `snapshot` steps met so far.
    private(set) var expectations: [Expectation] = []

    /// A runner whose first step meets `panels`, the spec's stack; `index`
    /// is the position of each id's first definition in it.
    init(host: Host, panels: PanelStack, index: PanelIDTable) {
        self.host = host
        initialPanels = panels
        firstIndex = index
        setStack(panels, index: index)
    }

    /// A session's runner, for a document's panels (its nodes are gone).
    init(sessionOf panels: [PanelSpec]) {
        let index = PanelIDTable(panels)
        self.init(host: .session, panels: PanelStack(specs: panels), index: index)
    }

    /// The problems found since the last call.
    mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    // MARK: - Reporting

    private mutating func report(_ words: StepWording, _ severity: Severity = .error, at span: SourceSpan,
                                 pointer: String, related: [RelatedLocation] = []) {
        // A script that repeats a mistake gets the same words each time:
        // the previous problem's strings are kept instead of another copy
        // (one copy for a hundred thousand ignored taps, not one each).
        var message = words.message, help = words.help
        if let previous = diagnostics.last {
            if previous.message == message { message = previous.message }
            if let same = previous.help, same == help { help = same }
        }
        diagnostics.append(Diagnostic(severity: severity, rule: words.rule, message: message, span: span,
                                      help: help, related: related, instancePath: pointer))
    }

    /// The closest candidate to `word`, within the budget.
    private mutating func suggest(_ word: String, among candidates: [String]) -> String? {
        guard suggestionBudget >= candidates.count else { return nil }
        suggestionBudget -= candidates.count
        return closest(to: word, in: candidates)
    }

    // MARK: - Panel references

    /// The index a reference gives in the stack as it is now, nil for an id
    /// that is not there. An index is returned as written: the model decides
    /// whether it is inside the stack.
    func index(of ref: PanelReference) -> Int? {
        switch ref {
        case .index(let i): i
        case .id(let id): indexById[id]
        }
    }

    /// The panel number a step's reference gives the model: a top-level
    /// panel's index (a written index names only the top level), or for a
    /// nested panel's id the model's number of it, `stack.count + its
    /// position in tree order` (`ContainerState.nestedSlots`); nil for an id
    /// that names no panel of the tree and an index past the stack.
    func address(of ref: PanelReference) -> Int? {
        switch ref {
        case .index(let i): return i < stack.count ? i : nil
        case .id(let id): return indexById[id] ?? nestedByID[id].map { stack.count + $0 }
        }
    }

    /// Whether `id` names a panel of the tree as it is now, at any level.
    func names(_ id: String) -> Bool { indexById[id] != nil || nestedByID[id] != nil }

    /// An id in the stack as it is now, or an index into it; reports the
    /// reference when it names no panel there.
    mutating func resolve(_ ref: PanelReference, _ node: YAMLNodeRef, pointer: String, place: String) -> Int? {
        if let i = index(of: ref), i < stack.count { return i }
        reportUnknownPanel(ref, node, pointer: pointer, place: place)
        return nil
    }

    /// The definition of `id` met so far: in the spec's panels or an earlier `setPanels`.
    private func definition(_ id: String) -> PanelDefinition? {
        if let i = firstIndex[id] { return initialPanels[i] }
        return definedLater[id]
    }

    /// `panel-index-out-of-range` or `unknown-panel-id`: a reference that
    /// names no panel of the stack as it is now.
    private mutating func reportUnknownPanel(_ ref: PanelReference, _ node: YAMLNodeRef, pointer: String, place: String) {
        switch ref {
        case .index(let i):
            report(.indexOutOfRange(node.scalar?.text ?? String(i), count: stack.count, place: place), at: node.span, pointer: pointer)
        case .id(let id):
            if let def = definition(id) {
                report(.leftTheStack(id, place: place, lastSetPanelsLine: lastSetPanels?.line), at: node.span, pointer: pointer,
                       related: def.idNode.map { [RelatedLocation(message: "`\(id)` is defined here", span: $0.span)] } ?? [])
            } else {
                // A step names a panel at any level (`tap: wifi`), so a
                // mistyped id is sought among every id of the tree as it is
                // now: the top level's, then the nested ones in tree order
                // (the first of equally close ones wins).
                let top = stack.specs.lazy.map(\.id).filter { !$0.isEmpty }
                let ids = [AnyCollection(top), AnyCollection(nestedIDs)].joined()
                let count = stack.count + nestedIDs.count
                let guess = suggest(id, among: suggestionBudget >= count ? Array(ids) : [])
                report(.noSuchID(id, place: place, guess: guess, ids: ids, count: count), at: node.span, pointer: pointer)
            }
        }
    }

    // MARK: - setPanels

    /// The stack a `setPanels` list builds: each panel once, references to
    /// panels defined before it, new ids for new definitions. Reports the
    /// items that break those rules and leaves them out (but a definition
    /// reusing a defined id, which stands in the stack as written); returns the stack
    /// and the new definitions. A script's count as known from where they
    /// are written (`Host.runsStepsWithProblems`); a session's are made
    /// known by `register` once the step ran.
    private mutating func newStack(_ items: [StackItem], step index: Int) -> (stack: PanelStack, new: [PanelDefinition], problems: Bool) {
        var seen: [String: YAMLNodeRef] = [:]
        var stack = PanelStack()
        var new: [PanelDefinition] = []
        var problems = false
        for item in items {
            switch item {
            case .reference(let id, let node, let item):
                let pointer = "/script/\(index)/setPanels/\(item)"
                if let first = seen[id] {
                    problems = true
                    report(.listedTwice(id), at: node.span, pointer: pointer,
                           related: [RelatedLocation(message: "first listed here", span: first.span)])
                } else if let def = definition(id) {
                    seen[id] = node
                    stack.append(def)
                } else {
                    problems = true
                    if suggestionBudget > firstIndex.count + definedLater.count, knownSorted == nil {
                        knownSorted = (firstIndex.ids + Array(definedLater.keys)).sorted()
                    }
                    report(.undefinedInSetPanels(id, guess: suggest(id, among: knownSorted ?? [])), at: node.span, pointer: pointer)
                }
            case .definition(let def):
                guard let idNode = def.idNode, let id = idNode.stringValue else {
                    stack.append(def)
                    continue
                }
                if let first = seen[id] {
                    problems = true
                    report(.listedTwice(id), at: idNode.span, pointer: def.location.pointer + "/id",
                           related: [RelatedLocation(message: "first listed here", span: first.span)])
                } else if let first = definition(id) {
                    problems = true
                    report(.redefined(id), at: idNode.span, pointer: def.location.pointer + "/id",
                           related: first.idNode.map { [RelatedLocation(message: "first defined here", span: $0.span)] } ?? [])
                    // The rest of the script is checked as the author meant it, with
                    // this definition in the stack: one error, at its cause, and no
                    // follow-on "the setPanels left it out" at every later step.
                    seen[id] = idNode
                    stack.append(def)
                } else {
                    new.append(def)
                    if host.runsStepsWithProblems { register(CollectionOfOne(def)) }
                    seen[id] = idNode
                    stack.append(def)
                }
            }
        }
        return (stack, new, problems)
    }

    /// The panels of a `setPanels` list (`newStack`) for the model, kept
    /// for the step's turn with the new definitions; nil when the list has
    /// problems and the host does not run such steps.
    mutating func stack(for items: [StackItem], step index: Int) -> [PanelSpec]? {
        let built = newStack(items, step: index)
        if built.problems, !host.runsStepsWithProblems { return nil }
        listed = (built.stack, built.new)
        return built.stack.specs
    }

    /// The last `setPanels` list read, and its new definitions, until its step ran.
    private var listed: (stack: PanelStack, new: [PanelDefinition])?

    /// Makes `definitions` known by their ids (the first definition of an id stays).
    private mutating func register(_ definitions: some Sequence<PanelDefinition>) {
        for def in definitions {
            let id = def.spec.id
            guard !id.isEmpty, firstIndex[id] == nil, definedLater[id] == nil else { continue }
            definedLater[id] = kept(def)
            knownSorted = nil
        }
    }

    /// A definition as the runner may keep it past its step: a session's
    /// nodes are gone once the line is answered.
    private func kept(_ def: PanelDefinition) -> PanelDefinition {
        host.keepsNodes ? def : PanelDefinition(spec: def.spec, idNode: nil, notes: nil)
    }

    /// Makes `panels` the stack; `index` is its id → first index map when
    /// the caller already has it.
    private mutating func setStack(_ panels: PanelStack, index: PanelIDTable? = nil) {
        stack = host.keepsNodes ? panels : PanelStack(specs: panels.specs)
        indexById = index ?? PanelIDTable(panels.specs)
        nestedIDs = ContainerState.nestedIDs(of: panels.specs)
        nestedByID = [:]
        for (position, id) in nestedIDs.enumerated() where nestedByID[id] == nil {
            nestedByID[id] = position
        }
        maxContent = 0
        for p in panels.specs {
            if let c = p.contentHeight { maxContent = max(maxContent, c) }
        }
    }

    /// Panel `index` of the runner's stack with an `update`'s properties,
    /// its node and notes kept (it is the same definition, changed). Only
    /// a new content in place of a nested level changes the tree's ids,
    /// which are then taken again (linear, as a `setPanels`); every other
    /// update is O(1).
    ///
    /// The panel's definition takes the properties too: a later `setPanels`
    /// that names the id brings the panel back as it was last made, not as
    /// first written (an onboarding step unlocked stays unlocked).
    private mutating func updateStack(_ index: Int, _ update: PanelUpdate) {
        let heldLevel = stack.specs[index].nested != nil
        let id = stack.specs[index].id
        if let i = firstIndex[id] {
            initialPanels.update(i, update)
        } else if var def = definedLater[id] {
            def.spec = update.applied(to: def.spec)
            definedLater[id] = def
        }
        stack.update(index, update)
        if heldLevel, update.content != nil { setStack(stack, index: indexById) }
    }

    // MARK: - Steps

    /// What became of a step the runner could read.
    struct Taken {
        /// The step as the model got it (references resolved).
        var step: Step
        /// The model's verdict.
        var outcome: StepOutcome
    }

    /// Reads `w` (its references by the stack it meets), gives it to
    /// `stage` and words the verdict. `line` is the host's line in a
    /// session (nil in a script, whose steps name their own). Returns nil
    /// when a session's step could not be read: nothing happened, and the
    /// problems are in `diagnostics`.
    mutating func take<Stage: ScriptStage>(_ w: WrittenStep, line: Int?, on stage: inout Stage) -> Taken? {
        if !host.sharesSuggestionBudget { suggestionBudget = Self.suggestionWork }
        // A reference that names no panel is given to the model as an index
        // past the stack: it rejects it as an unknown panel in its own
        // order of checks (an `at` out of order comes first).
        listed = nil
        guard let action = w.action.resolved(on: &self, step: w.index, outside: stage.state.addressableCount) else { return nil }
        let step = Step(action, at: w.at)
        // The step's row, read in place (`StepTable.all`).
        let row = w.kind.row
        let mark: Mark = line.map(Mark.line) ?? .written(w)

        let idle = stage.state.clock
        // A session warns at the step that makes the content overflow.
        let overflowedBefore = host.warnsOncePerScript ? false : stage.state.contentOverflows
        let outcome = stage.play(step)
        switch outcome.effect {
        case .rejected(let reason):
            reportRejected(w, step, reason, at: outcome.time, in: stage.state)
            if host.forgetsAfterRefusal {
                if StepTable.all[row].changes == .modal, reason == .modalPresented || reason == .noModal {
                    // Refused for the modal's state: a modal is up (or not) either way.
                    known.modal = true
                } else {
                    known.forget(w.kind)
                }
            }
            return Taken(step: step, outcome: outcome)
        case .ignored(let reason):
            reportIgnored(w, step, reason, at: outcome.time, in: stage.state)
        case .applied(let change):
            switch change {
            case .transition(let transition):
                if !transition.isInstant { transitionStep = mark }
                if StepTable.all[row].settlesExpansion { known.expanded = true }
            case .transitions:
                // `collapse: all` settles what is open; a `reveal` opens some panels and leaves the rest.
                if StepTable.all[row].settlesExpansion { known.expanded = true }
            case .modalPresented:
                modalStep = mark
                known.modal = true
            case .resized:
                checkHeadersFit(stage.state, at: w.actionSpan, pointer: w.pointer, context: " after this resize")
                noteContentHeights(stage.state, context: " after the resize at line \(mark.line)")
            case .updated:
                // The runner's own copy of the stack takes the new properties
                // (what later steps' words read: a tap on a panel disabled
                // since, the tree's nested ids when a nested level is gone).
                if case .update(let index, let update) = step.action {
                    updateStack(index, update)
                    // A subtitle given to a header too low for it is not drawn, as at load.
                    if case .some(.some) = update.subtitle, index < stage.state.panels.count,
                       let node = w.verbValue["subtitle"] {
                        let panel = stage.state.panels[index]
                        if !HeaderLayout.showsSubtitle(headerHeight: panel.headerHeight) {
                            report(.subtitleDoesNotFit(id: panel.id, headerHeight: panel.headerHeight), .warning, at: node.span,
                                   pointer: w.pointer + "/update/subtitle")
                        }
                    }
                }
            case .stackReplaced:
                if !host.runsStepsWithProblems { register(listed?.new ?? []) }
                setStack(listed?.stack ?? PanelStack())
                lastSetPanels = mark
                checkHeadersFit(stage.state, at: w.actionSpan, pointer: w.pointer, context: " after this setPanels")
                noteContentHeights(stage.state, context: " after the setPanels at line \(mark.line)")
            case .none:
                if StepTable.all[row].settlesExpansion { known.expanded = true }
            case .modalDismissed, .scrolled:
                break
            }
            if known.expanded {
                checkContentFits(stage.state, overflowedBefore: overflowedBefore, at: w.actionSpan, pointer: w.pointer,
                                 context: " after this step")
                checkOpenHeights(stage.state, at: w.actionSpan, pointer: w.pointer, context: " after this step")
            }
            checkNestedHeadersFit(stage.state, at: w.actionSpan, pointer: w.pointer)
        }
        if host.keepsNodes { lastNode = w.node }
        // A step that could carry `at` and happened after the clock waited for the running transition.
        lastWaited = step.at == nil && StepTable.all[row].takesAt && outcome.time > idle + 1e-9
        return Taken(step: step, outcome: outcome)
    }

    /// The diagnostic for a step the model rejected at `time`, when what it
    /// depends on is known; `state` is the one the step met (a rejected step
    /// leaves it as it was), its clock the time of the last step that ran.
    private mutating func reportRejected(_ w: WrittenStep, _ step: Step, _ reason: RejectReason, at time: Double,
                                         in state: ContainerState) {
        let modal = state.modalTitle ?? ""
        switch reason {
        case .outOfOrder:
            let clock = state.clock
            var related: [RelatedLocation] = []
            if let lastNode { related.append(RelatedLocation(message: "the previous step happens at \(points(clock)) s", span: lastNode.span)) }
            report(.outOfOrder(time: time, clock: clock, afterWaiting: lastWaited), at: w.atNode?.span ?? w.actionSpan,
                   pointer: w.pointer + (w.atNode == nil ? "" : "/at"), related: related)
        case .unknownPanel:
            guard let (ref, node) = w.action.panelTarget else { return }
            reportUnknownPanel(ref, node, pointer: w.panelPointer, place: "in the stack at this step")
        case .modalPresented:
            guard known.modal else { return }
            if case .present(let title) = step.action {
                report(.modalAlreadyPresented(title: title, modal: modal), at: w.actionSpan, pointer: w.pointer)
            } else {
                report(.blockedByModal(kind: w.kind.rawValue, modal: modal), at: w.actionSpan, pointer: w.pointer)
            }
        case .revealBlocked:
            guard known.expanded, case .reveal(let number, let open) = step.action,
                  let blocker = state.revealBlocker(ofNumber: number, open: open) else { return }
            let id = state.panel(numbered: number).id
            // Where the blocking panel is defined, found only for the error (a session keeps no nodes).
            let definition = host.keepsNodes ? stack.tree().first { $0.definition.spec.id == blocker }?.definition.idNode : nil
            report(.revealBlocked(id, blocker: blocker, itself: blocker == id && open), at: w.actionSpan, pointer: w.pointer,
                   related: definition.map { [RelatedLocation(message: "`\(blocker)` is defined here, with `disabled: true`", span: $0.span)] } ?? [])
        case .noExpandedPanel:
            guard known.expanded && known.modal, case .present(let title) = step.action else { return }
            report(.presentWithoutPanel(title: title), at: w.actionSpan, pointer: w.pointer)
        case .noModal:
            guard known.modal else { return }
            report(.dismissWithoutModal, at: w.actionSpan, pointer: w.pointer)
        case .pastTimeLimit:
            // At the `at` that names the time, else at the step whose wait carries the clock past the limit.
            if step.at != nil, let atNode = w.atNode {
                report(.pastTimeLimit(step, in: state), at: atNode.span, pointer: w.pointer + "/at")
            } else {
                report(.pastTimeLimit(step, in: state), at: w.actionSpan, pointer: w.pointer)
            }
        }
    }

    /// `tap-ignored` for a tap the model ignored at `time`, when what the
    /// reason depends on is known; `state` is the one after the tap (which
    /// moved only the clock).
    private mutating func reportIgnored(_ w: WrittenStep, _ step: Step, _ reason: IgnoreReason, at time: Double,
                                        in state: ContainerState) {
        guard case .tap(let tapped) = step.action else { return }
        switch reason {
        case .transition where known.expanded:
            let end = state.running?.end ?? time
            if transitionNote?.end != end {
                let related = transitionStep?.actionSpan.map { [RelatedLocation(message: "the transition starts here and runs until \(points(end)) s", span: $0)] } ?? []
                transitionNote = (transitionStep?.line, end, related)
            }
            let note = transitionNote!
            let otherwise = state.ignoreReason(forTapOn: tapped, interruption: .finish)
            let words: StepWording
            if let last = lastIgnoredInTransition, last.time == time, last.end == end, last.line == note.line,
               last.otherwise == otherwise {
                words = last.words
            } else {
                words = .tapIgnoredInTransition(time: time, end: end, startLine: note.line, otherwise: otherwise)
                lastIgnoredInTransition = (time, end, note.line, otherwise, words)
            }
            report(words, .warning, at: w.actionSpan, pointer: w.pointer, related: note.related)
        case .modal where known.modal:
            report(.tapIgnoredUnderModal(state.modalTitle ?? "", presentLine: modalStep?.line), .warning,
                   at: w.actionSpan, pointer: w.pointer,
                   related: modalStep?.actionSpan.map { [RelatedLocation(message: "the modal is presented here", span: $0)] } ?? [])
        case .hidden where known.expanded:
            report(.tapIgnoredHidden(state.panel(numbered: tapped).id, closed: state.closedAncestor(ofNumber: tapped)), .warning,
                   at: w.actionSpan, pointer: w.pointer)
        case .disabled:
            report(.tapIgnoredDisabled(state.panel(numbered: tapped).id), .warning, at: w.actionSpan, pointer: w.pointer)
        case .notCollapsible where known.expanded:
            report(.tapIgnoredNotCollapsible(state.panel(numbered: tapped).id), .warning, at: w.actionSpan, pointer: w.pointer)
        default:
            break
        }
    }

    // MARK: - A whole script

    /// Runs a script's steps on `stage` (`steps[i]` nil where the schema
    /// rejected step `i`, whose node `raw[i]` still says what kind it was
    /// meant to be; `checks` its `expect` and `snapshot` steps by index),
    /// keeping in `kept` the container each expectation looks at when the
    /// stage has one. Returns the resolved steps, or nil when some step
    /// could not be resolved or applied. Once the stack is unknown, the
    /// remaining `setPanels` lists are still read, for their own rules.
    mutating func run<Stage: ScriptStage>(_ steps: [WrittenStep?], checks: [Int: WrittenCheck], raw: YAMLItemsRef?,
                                          on stage: inout Stage, kept: inout [AccordionContainer]?) -> [Step]? {
        guard !steps.isEmpty else { return [] }
        var resolved: [Step] = []
        resolved.reserveCapacity(steps.count)
        var complete = true
        for (index, written) in steps.enumerated() {
            guard known.stack else {
                // Read, not run: a later list is checked against the definitions written before it.
                if case .setPanels(let items)? = written?.action { _ = newStack(items, step: index) }
                continue
            }
            if let check = checks[index] {
                checkExpectation(check, index: index, in: stage.state, afterStep: resolved.count)
                if let container = stage.kept { kept?.append(container) }
                continue
            }
            guard let w = written else {
                complete = false
                if let raw, let kind = verb(of: raw[index]) { known.forget(kind) }
                continue
            }
            guard let taken = take(w, line: nil, on: &stage) else { continue }
            if case .rejected = taken.outcome.effect {
                complete = false
                continue
            }
            resolved.append(taken.step)
        }
        return complete && known.stack ? resolved : nil
    }

    /// The action of a (possibly malformed) step, by its key.
    private func verb(of node: YAMLNodeRef) -> StepKind? {
        for e in node.entries ?? [] {
            if let k = e.key.stringValue, let kind = StepKind(rawValue: k) { return kind }
        }
        return nil
    }

    /// Checks an `expect` or `snapshot` step against the state the steps
    /// above it leave (its ids must name panels, its `at` must not go back
    /// in time) and keeps it, with the number of steps before it, for
    /// `accordion test`. It changes nothing: the model never sees it.
    private mutating func checkExpectation(_ check: WrittenCheck, index: Int, in state: ContainerState, afterStep: Int) {
        // Pointers are spelled only for a problem: most checks have none.
        var pointer: String { "/script/\(index)" }
        if let at = check.at, let atNode = check.atNode, at < state.clock - 1e-9 {
            diagnostics.append(Diagnostic(
                severity: .error, rule: "at-out-of-order",
                message: "this check is set at \(points(at)) s, earlier than the previous step, which happens at \(points(state.clock)) s",
                span: atNode.span,
                help: "a check sees the steps above it: set `at` to \(points(state.clock)) or later, or move it up",
                related: lastNode.map { [RelatedLocation(message: "the previous step happens at \(points(state.clock)) s", span: $0.span)] } ?? [],
                instancePath: pointer + "/at"))
        }
        let inStack = "in the stack at this step"
        func checkID(_ id: String, _ node: @autoclosure () -> YAMLNodeRef?, _ where_: @autoclosure () -> String) {
            guard !names(id), let node = node() else { return }
            reportUnknownPanel(.id(id), node, pointer: pointer + "/expect/" + where_(), place: inStack)
        }
        for item in check.checks {
            switch item.kind {
            case .expanded(let ids):
                let node = check.value["expanded"]
                if let items = node?.items {
                    for (i, id) in ids.enumerated() where i < items.count { checkID(id, items[i], "expanded/\(i)") }
                } else {
                    for id in ids { checkID(id, node, "expanded") }
                }
            case .visible(let id?) where id != "modal":
                checkID(id, check.value["visible"], "visible")
            case .frames(let frames):
                for frame in frames {
                    let key = check.value["frames"]?.entries?.first { $0.key.stringValue == frame.id }?.key
                    checkID(frame.id, key, "frames")
                }
            case .events(let lines, _):
                let node = check.value["events"].flatMap { $0.items ?? $0["contains"]?.items }
                for (i, text) in lines.enumerated() {
                    guard let node, i < node.count, let line = WrittenEventLine(text) else { continue }
                    if LogEvent(rawValue: line.event) == nil {
                        var help = "events are written `EVENT [PANEL] [(REASON)]`, e.g. `addChild billing`"
                        if let guess = closest(to: line.event, in: Self.eventNames) { help = "did you mean `\(guess)`? " + help }
                        diagnostics.append(Diagnostic(rule: "unknown-event", message: "there is no containment-log event `\(line.event)`",
                                                      span: node[i].span, help: help, instancePath: pointer + "/expect/events/\(i)"))
                    }
                    if let reason = line.reason, IgnoreReason(rawValue: reason) == nil {
                        diagnostics.append(Diagnostic(rule: "unknown-event", message: "`\(reason)` is not a reason a tap is ignored",
                                                      span: node[i].span,
                                                      help: "the reasons are " + Self.reasonNames,
                                                      instancePath: pointer + "/expect/events/\(i)"))
                    }
                    if let panel = line.panel, !names(panel), definition(panel) == nil {
                        diagnostics.append(Diagnostic(rule: "unknown-panel-id", message: "there is no panel `\(panel)` in this spec",
                                                      span: node[i].span, help: "events name panels by their `id`",
                                                      instancePath: pointer + "/expect/events/\(i)"))
                    }
                }
            default:
                break
            }
        }
        expectations.append(Expectation(afterStep: afterStep, at: check.at, tolerance: check.tolerance,
                                        checks: check.checks, span: check.key.span))
    }

    /// Every containment-log event name, for suggestions (the model's list).
    private static let eventNames: [String] = LogEvent.allCases.map(\.rawValue)
    /// Every reason a tap is ignored, as an event line writes it: "`(transition)`, … and `(notCollapsible)`".
    private static let reasonNames = StepTable.listed(IgnoreReason.allCases.map { "(\($0.rawValue))" }, joinedBy: "and")

    // MARK: - The state a step leaves

    /// `headers-overflow`: every header must fit in the container (at load,
    /// `context` empty, or after a step that changed the size or the stack).
    mutating func checkHeadersFit(_ state: ContainerState, at span: SourceSpan, pointer: String, context: String) {
        // Point at the first header that leaves the screen, when it has an id to show.
        guard let (first, bottom) = state.firstHeaderBelowBottom else { return }
        var related: [RelatedLocation] = []
        if let idNode = stack.idNodes[first] {
            related.append(RelatedLocation(
                message: "`\(state.panels[first].id)` is the first header that does not fit: it ends at \(points(bottom)) points", span: idNode.span))
        }
        report(.headersOverflow(state, context: context), at: span, pointer: pointer, related: related)
    }

    /// `content-overflow`: at load or after a step, the settled stack
    /// (headers and open contents) is taller than the container, which only
    /// `multiple` + `fit` allows; quiet when the headers alone overflow
    /// (`headers-overflow` says so). A script is warned once, a session at
    /// each step that brings it about (`overflowedBefore`: it was so before
    /// the step). The place and pointer are worked out only for the warning:
    /// this runs after every step.
    mutating func checkContentFits(_ state: ContainerState, overflowedBefore: Bool = false, at span: @autoclosure () -> SourceSpan,
                                   pointer: @autoclosure () -> String, context: String) {
        guard !contentOverflowReported, !overflowedBefore, state.contentOverflows else { return }
        if host.warnsOncePerScript { contentOverflowReported = true }
        report(.contentOverflow(state, context: context), .warning, at: span(), pointer: pointer())
    }

    /// The holders whose levels `nested-headers-overflow` has named: each
    /// level is named once, at the first moment its headers outgrow its box.
    var nestedOverflowNamed: Set<String> = []

    /// `nested-headers-overflow` after a step: a shown level's headers add up
    /// to more than its holder's content box (the model clips them to it),
    /// for a level not named yet (at load, or after an earlier step); the
    /// note points at the level as written. Linear in the tree, only in a
    /// tree, and only for an applied step.
    mutating func checkNestedHeadersFit(_ state: ContainerState, at span: @autoclosure () -> SourceSpan,
                                        pointer: @autoclosure () -> String) {
        guard state.nests else { return }
        let overflowing = state.nestedLevelsOverflowing().filter { !nestedOverflowNamed.contains($0.holder) }
        guard !overflowing.isEmpty else { return }
        var levels: [String: NestedLevelDefinition] = [:]
        for entry in stack.tree() { if let level = entry.definition.nested { levels[entry.definition.spec.id] = level } }
        for (holder, headers, box) in overflowing {
            nestedOverflowNamed.insert(holder)
            let count = levels[holder]?.panels.count ?? state.nestedLevel(heldBy: holder)?.panels.count ?? 0
            report(.nestedHeadersOverflow(holder: holder, count: count, headers: headers, box: box, context: " after this step"),
                   .warning, at: span(), pointer: pointer(),
                   related: levels[holder].map { [RelatedLocation(message: "the level nested in `\(holder)` is here", span: $0.panelsKey.span)] } ?? [])
        }
    }

    /// `open-panel-without-height`, once per script: at load or after the
    /// first step that leaves an open panel a height of 0 (a scrolling
    /// container whose headers fill it, the panel taking its share).
    /// The place and pointer are worked out only for the warning: most steps report nothing.
    mutating func checkOpenHeights(_ state: ContainerState, at span: @autoclosure () -> SourceSpan,
                                   pointer: @autoclosure () -> String, context: String) {
        guard host.warnsOncePerScript, !zeroHeightReported, let index = state.firstOpenPanelWithoutHeight else { return }
        zeroHeightReported = true
        report(.openPanelWithoutHeight(state, index: index, context: context), .warning, at: span(), pointer: pointer())
    }

    /// A `contentHeight` larger than the space left under the headers in
    /// some state of the script, with the smallest such space and its state.
    private struct ContentOverflow {
        let node: YAMLNodeRef
        let pointer: String
        let contentHeight: Double
        var space: Double
        var height: Double
        var headers: Double
        var context: String
        /// How many states of the script it overflows in.
        var states = 1
    }

    /// `content-height-overflow`, noted for one state of a script: in
    /// `fit`, a contentHeight the space cannot hold. Reported once per value
    /// when the script has run (`reportContentOverflows`), with the smallest
    /// space, so the value it suggests fits every state the script reaches.
    mutating func noteContentHeights(_ state: ContainerState, context: @autoclosure () -> String) {
        // Only a clipping container caps a contentHeight by the space.
        guard host.warnsOncePerScript, state.container.layout == .fit, state.container.overflow == .clip else { return }
        let space = state.space
        guard maxContent > space + 1e-9 else { return }
        for (i, spec) in stack.specs.enumerated() {
            guard let c = spec.contentHeight, c > space + 1e-9, let notes = stack.notes[i],
                  let node = notes.contentHeightNode else { continue }
            if let known = contentOverflowIndex[node] {
                contentOverflows[known].states += 1
                guard space < contentOverflows[known].space - 1e-9 else { continue }
                contentOverflows[known].space = space
                contentOverflows[known].height = state.container.height
                contentOverflows[known].headers = state.totalHeaderHeight
                contentOverflows[known].context = context()
            } else {
                contentOverflowIndex[node] = contentOverflows.count
                contentOverflows.append(ContentOverflow(
                    node: node, pointer: notes.location.pointer + "/contentHeight", contentHeight: c, space: space,
                    height: state.container.height, headers: state.totalHeaderHeight, context: context()))
            }
        }
    }

    /// Reports each noted `content-height-overflow` once (a script's, when it has run).
    mutating func reportContentOverflows() {
        for o in contentOverflows {
            let everywhere = o.states > 1 ? " (the least space it gets at any size and stack the script reaches)" : ""
            diagnostics.append(Diagnostic(
                severity: .warning, rule: "content-height-overflow",
                message: "contentHeight \(points(o.contentHeight)) is more than the \(points(o.space)) points left under the headers\(o.context) (container \(points(o.height)) high, headers \(points(o.headers))); the content gets only \(points(o.space))",
                span: o.node.span,
                help: "lower contentHeight to \(points(o.space)) or less\(everywhere), or make room with a taller container or lower headers",
                instancePath: o.pointer))
        }
        contentOverflows = []
        contentOverflowIndex = [:]
    }
}

// MARK: - Stages

/// What the runner plays steps on: the model's reducer alone, or the
/// container with its log when a test case wants the moments its
/// expectations look at, or a host its entries. All apply the one reducer
/// (`ContainerState.apply`).
protocol ScriptStage {
    /// The state after the steps played so far.
    var state: ContainerState { get }
    /// Applies `step` and gives the reducer's verdict.
    mutating func play(_ step: Step) -> StepOutcome
    /// The container as it is, for an expectation to look at later; nil
    /// when there is no log to show.
    var kept: AccordionContainer? { get }
}

/// The reducer alone (`validate`). Its state is a stored property, so the
/// runner reads it in place after every step, as it reads the container's.
struct ReducerStage: ScriptStage {
    var state: ContainerState
    mutating func play(_ step: Step) -> StepOutcome { state.apply(step) }
    var kept: AccordionContainer? { nil }
}

extension AccordionContainer: ScriptStage {
    mutating func play(_ step: Step) -> StepOutcome { perform(step).outcome }
    // A copy shares its storage with the container played on until a step
    // changes it: cheap to keep, where a snapshot holds every frame and the log.
    var kept: AccordionContainer? { self }
}

/// The container with the log entries of the last step (a host's session
/// answers each step with them).
struct LoggedStage: ScriptStage {
    private(set) var container: AccordionContainer
    /// What the last step wrote to the log.
    private(set) var entries: [LogEntry] = []

    init(_ container: AccordionContainer) { self.container = container }

    var state: ContainerState { container.state }
    mutating func play(_ step: Step) -> StepOutcome {
        let (outcome, entries) = container.perform(step)
        self.entries = entries
        return outcome
    }
    var kept: AccordionContainer? { container }
}
