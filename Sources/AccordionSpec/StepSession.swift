import AccordionDiagnostics
import AccordionModel
import AccordionYAML

/// A container driven by steps that arrive one at a time (a host's session,
/// `accordion drive`), each read and checked as the same step would be in a
/// spec's script: its shape against the schema's step definition, its panel
/// references against the stack it meets, and the model's verdict worded as
/// `validate` words it (`StepWording`). The state is always known here: a
/// step that is refused changes nothing, and the next is checked against
/// the container as it is.
///
/// Costs: a step is O(1) besides what the model does with it, except a
/// `setPanels` (linear in the new stack, which it re-indexes by id).
public struct StepSession: Sendable {
    /// The container after every step applied so far, with its log.
    public private(set) var container: AccordionContainer
    private let headerHeight: Double
    /// The spec's `container.content`, which a new panel's content starts from.
    private let contentDefaults: ContentDefaults
    /// Every panel defined so far by id (the spec's, then each applied
    /// `setPanels`' new definitions): what a `setPanels` may name.
    private var definitions: [String: PanelSpec] = [:]
    /// The stack `indexById` indexes, kept to notice a new one (arrays that
    /// share storage compare in O(1)).
    private var indexedStack: [PanelSpec] = []
    private var indexById: [String: Int] = [:]
    /// Where (the host's line numbers) the running transition started, the
    /// modal was presented and the stack was last replaced, for the wording.
    private var transitionLine: Int?
    private var modalLine: Int?
    private var lastSetPanelsLine: Int?
    /// Whether the last step waited for a transition to end (no `at`).
    private var lastWaited = false

    /// The container as `document` loads it; its script is not run (the host drives).
    ///
    /// - Parameter document: A spec that passed `validate`; its panels and container load as they would for `render`.
    public init(document: AccordionSpecDocument) {
        container = AccordionContainer(title: document.title, container: document.container, panels: document.panels,
                                       expandedIndices: document.expandedIndices)
        headerHeight = document.container.headerHeight
        contentDefaults = document.contentDefaults
        for panel in document.panels where definitions[panel.id] == nil { definitions[panel.id] = panel }
        reindex()
    }

    /// What became of one step.
    public enum Answer: Sendable {
        /// The step could not be read: its shape is wrong or it names a panel
        /// that is not there. Nothing happened.
        case unreadable([Diagnostic])
        /// The model took the step: `outcome` says whether it applied, was
        /// ignored or was rejected, `entries` the log entries it wrote, and
        /// `diagnostic` explains an ignored or rejected step as `validate`
        /// would, or says that headers no longer fit after an applied one.
        case taken(step: Step, outcome: StepOutcome, entries: [LogEntry], diagnostic: Diagnostic?)
    }

    /// Reads, checks and applies the step written as `node` (a mapping such
    /// as `{tap: billing}`), which the host sent on its line `line`.
    ///
    /// - Parameters:
    ///   - node: The step, in the script's own vocabulary.
    ///   - line: The host's line number, where diagnostics about the step point.
    /// - Returns: Whether the step could be read and, when it was, what the model made of it.
    public mutating func apply(_ node: YAMLNode, line: Int) -> Answer {
        switch read(node) {
        case .failure(let problems):
            return .unreadable(problems.diagnostics)
        case .success(let (step, written, unknownPanel)):
            return take(step, written: written, unknownPanel: unknownPanel, line: line)
        }
    }

    // MARK: - Reading

    /// The step's shape by the schema, then its references by the stack. A
    /// reference that names no panel there is given to the model as an index
    /// past the stack, as the validator does, so the model rejects it in its
    /// own order of checks (an `at` out of order comes first); the problem
    /// that explains it is returned beside the step.
    private mutating func read(_ node: YAMLNode) -> Result<(Step, WrittenStep, Diagnostic?), DiagnosticError> {
        if case .success(let validator) = SpecLoader.bundledValidator,
           let problems = validator.validate(node, subschemaAt: "/$defs/step"), !problems.isEmpty {
            return .failure(DiagnosticError(problems))
        }
        let ref = node.ref
        let reader = SpecReader(step: ref, contentDefaults: contentDefaults)
        guard let written = reader.step(ref, index: 0, headerHeight: headerHeight) else {
            // The schema passed a step the reader cannot use: a number too large to be finite.
            return .failure(DiagnosticError(Diagnostic(
                rule: "number-not-finite", message: "a number in this step is not finite; sizes and times must be ordinary numbers",
                span: node.span, help: "write a number of points or seconds, such as 44 or 0.3")))
        }
        let stack = container.panels
        var unknownPanel: Diagnostic?
        func resolve(_ reference: PanelReference, _ node: YAMLNodeRef) -> Int {
            let place = "in the stack at this step"
            switch reference {
            case .index(let i) where i < stack.count:
                return i
            case .index(let i):
                unknownPanel = problem(.indexOutOfRange(node.scalar?.text ?? String(i), count: stack.count, place: place), node)
            case .id(let id):
                if let i = indexById[id] { return i }
                if definitions[id] != nil {
                    unknownPanel = problem(.leftTheStack(id, place: place, lastSetPanelsLine: lastSetPanelsLine), node)
                } else {
                    let ids = stack.lazy.map(\.id).filter { !$0.isEmpty }
                    unknownPanel = problem(.noSuchID(id, place: place, guess: closest(to: id, in: ids), ids: ids, count: stack.count), node)
                }
            }
            return stack.count
        }
        let action: StepAction
        do throws(DiagnosticError) {
            switch written.action {
            case .tap(let reference, let node): action = .tap(panel: resolve(reference, node))
            case .wait(let seconds): action = .wait(seconds: seconds)
            case .resize(let width, let height): action = .resize(width: width, height: height)
            case .expand(nil): action = .expand(panel: nil)
            case .expand(let (reference, node)?): action = .expand(panel: resolve(reference, node))
            case .collapse(nil): action = .collapse(panel: nil)
            case .collapse(let (reference, node)?): action = .collapse(panel: resolve(reference, node))
            case .present(let title): action = .present(title: title)
            case .dismiss: action = .dismiss
            case .setPanels(let items): action = .setPanels(try newStack(items).get())
            case .scroll(let offset): action = .scroll(offset: offset)
            }
        } catch {
            return .failure(error)
        }
        return .success((Step(action, at: written.at), written, unknownPanel))
    }

    /// The stack a `setPanels` list builds, by the validator's rules: each
    /// panel once, references to panels defined before, new ids for new definitions.
    private func newStack(_ items: [StackItem]) -> Result<[PanelSpec], DiagnosticError> {
        var seen: Set<String> = []
        var panels: [PanelSpec] = []
        var problems: [Diagnostic] = []
        for item in items {
            switch item {
            case .reference(let id, let node, _):
                if seen.contains(id) {
                    problems.append(problem(.listedTwice(id), node))
                } else if let panel = definitions[id] {
                    seen.insert(id)
                    panels.append(panel)
                } else {
                    problems.append(problem(.undefinedInSetPanels(id, guess: closest(to: id, in: definitions.keys.sorted())), node))
                }
            case .definition(let definition):
                let id = definition.spec.id
                if let idNode = definition.idNode, seen.contains(id) {
                    problems.append(problem(.listedTwice(id), idNode))
                } else if let idNode = definition.idNode, definitions[id] != nil {
                    problems.append(problem(.redefined(id), idNode))
                } else {
                    seen.insert(id)
                    panels.append(definition.spec)
                }
            }
        }
        return problems.isEmpty ? .success(panels) : .failure(DiagnosticError(problems))
    }

    private func problem(_ words: StepWording, _ node: YAMLNodeRef, severity: Severity = .error) -> Diagnostic {
        problem(words, at: node.span, severity: severity)
    }

    private func problem(_ words: StepWording, at span: SourceSpan, severity: Severity = .error) -> Diagnostic {
        Diagnostic(severity: severity, rule: words.rule, message: words.message, span: span, help: words.help)
    }

    // MARK: - Applying

    /// Gives the step to the model and words its verdict.
    private mutating func take(_ step: Step, written: WrittenStep, unknownPanel: Diagnostic?, line: Int) -> Answer {
        let before = container.state
        let (outcome, entries) = container.perform(step)
        var words: StepWording?
        var severity = Severity.error
        var span = written.actionSpan
        switch outcome.effect {
        case .rejected(let reason):
            switch reason {
            case .outOfOrder:
                words = .outOfOrder(time: outcome.time, clock: before.clock, afterWaiting: lastWaited)
                if let atNode = written.atNode { span = atNode.span }
            case .modalPresented:
                if case .present(let title) = step.action {
                    words = .modalAlreadyPresented(title: title, modal: before.modalTitle ?? "")
                } else {
                    words = .blockedByModal(kind: written.kind.rawValue, modal: before.modalTitle ?? "")
                }
            case .noExpandedPanel:
                if case .present(let title) = step.action { words = .presentWithoutPanel(title: title) }
            case .noModal:
                words = .dismissWithoutModal
            case .unknownPanel:
                return .taken(step: step, outcome: outcome, entries: entries, diagnostic: unknownPanel)
            case .pastTimeLimit:
                words = .pastTimeLimit(step, in: before)
                if step.at != nil, let atNode = written.atNode { span = atNode.span }
            }
            return .taken(step: step, outcome: outcome, entries: entries, diagnostic: words.map { problem($0, at: span) })
        case .ignored(let reason):
            severity = .warning
            switch reason {
            case .transition:
                let otherwise = tappedPanel(step).flatMap { before.ignoreReason(forTapOn: $0, interruption: .finish) }
                words = .tapIgnoredInTransition(time: outcome.time, end: before.running?.end ?? outcome.time,
                                                startLine: transitionLine, otherwise: otherwise)
            case .modal:
                words = .tapIgnoredUnderModal(before.modalTitle ?? "", presentLine: modalLine)
            case .disabled:
                words = .tapIgnoredDisabled(tappedPanel(step).map { before.panels[$0].id } ?? "")
            case .notCollapsible:
                words = .tapIgnoredNotCollapsible(tappedPanel(step).map { before.panels[$0].id } ?? "")
            }
        case .applied(let change):
            switch change {
            case .transition(let transition):
                if !transition.isInstant { transitionLine = line }
                words = contentOverflow(before: before, severity: &severity)
            case .transitions:
                words = contentOverflow(before: before, severity: &severity)
            case .modalPresented:
                modalLine = line
            case .resized:
                words = overflow(context: " after this resize") ?? contentOverflow(before: before, severity: &severity)
            case .stackReplaced:
                if case .setPanels(let panels) = step.action {
                    for panel in panels where definitions[panel.id] == nil { definitions[panel.id] = panel }
                }
                lastSetPanelsLine = line
                reindex()
                words = overflow(context: " after this setPanels") ?? contentOverflow(before: before, severity: &severity)
            case .none, .modalDismissed, .scrolled:
                break
            }
        }
        lastWaited = step.at == nil && written.kind != .wait && outcome.time > before.clock + 1e-9
        return .taken(step: step, outcome: outcome, entries: entries,
                      diagnostic: words.map { problem($0, at: span, severity: severity) })
    }

    /// `headers-overflow` when the headers no longer fit after a step that
    /// changed the size or the stack: the step happened, and a script
    /// holding it would not validate.
    private func overflow(context: String) -> StepWording? {
        container.state.firstHeaderBelowBottom == nil ? nil : .headersOverflow(container.state, context: context)
    }

    /// `content-overflow` when the settled stack is taller than the
    /// container after an applied step (only `multiple` + `fit` allow it):
    /// a warning, as `validate` gives it.
    /// Only the step that makes it so is warned about.
    private func contentOverflow(before: ContainerState, severity: inout Severity) -> StepWording? {
        guard container.state.contentOverflows, !before.contentOverflows else { return nil }
        severity = .warning
        return .contentOverflow(container.state, context: " after this step")
    }

    /// The panel a tap step taps.
    private func tappedPanel(_ step: Step) -> Int? {
        if case .tap(let index) = step.action { return index }
        return nil
    }

    /// Indexes the container's stack by id (first panel of each id).
    private mutating func reindex() {
        guard indexById.isEmpty || container.panels != indexedStack else { return }
        indexedStack = container.panels
        indexById = [:]
        indexById.reserveCapacity(indexedStack.count)
        for (i, panel) in indexedStack.enumerated() where !panel.id.isEmpty && indexById[panel.id] == nil {
            indexById[panel.id] = i
        }
    }
}
