import AccordionDiagnostics
import AccordionModel
import AccordionYAML

/// A container driven by steps that arrive one at a time (a host's session,
/// `accordion drive`), each read and checked as the same step would be in a
/// spec's script: its shape against the schema's step definition, then the
/// one script runner (`ScriptRunner`, as a `.session`) resolves its panel
/// references against the stack it meets and words the model's verdict as
/// `validate` words it. The state is always known here: a step that is
/// refused changes nothing, and the next is checked against the container
/// as it is.
///
/// Costs: a step is O(1) besides what the model does with it, except a
/// `setPanels` (linear in the new stack, which it re-indexes by id).
public struct StepSession: Sendable {
    // Unchecked: the runner's stored definitions could hold node handles,
    // but a session's runner keeps none past the step (`Host.keepsNodes`),
    // so what it holds is plain values.

    /// The container after every step applied so far, with its log.
    public var container: AccordionContainer { stage.container }
    private var stage: LoggedStage
    private var runner: ScriptRunner
    private let headerHeight: Double
    /// The spec's `container.content`, which a new panel's content starts from.
    private let contentDefaults: ContentDefaults

    /// The container as `document` loads it; its script is not run (the host drives).
    ///
    /// - Parameter document: A spec that passed `validate`; its panels and container load as they would for `render`.
    public init(document: AccordionSpecDocument) {
        stage = LoggedStage(AccordionContainer(title: document.title, container: document.container, panels: document.panels,
                                               expandedIndices: document.expandedIndices))
        runner = ScriptRunner(sessionOf: document.panels)
        headerHeight = document.container.headerHeight
        contentDefaults = document.contentDefaults
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
        // A check looks at a script's container; a host asks for the state instead.
        if let check = node.entries?.lazy.compactMap({ e in e.key.scalarText.flatMap(CheckKind.init(rawValue:)).map { (e.key, $0) } }).first {
            return .unreadable([Diagnostic(
                rule: "check-in-drive",
                message: "`\(check.1.rawValue)` is a check of a script (in a spec or a test file), not a step a session takes",
                span: check.0.span,
                help: "ask for the state with {\"snapshot\": true} and compare it yourself; a line is one step, \(SchemaHints.stepKinds), or a query, {\"snapshot\": true} or {\"log\": true}")])
        }
        if case .success(let validator) = SpecLoader.bundledValidator,
           let problems = validator.validate(node, subschemaAt: "/$defs/step"), !problems.isEmpty {
            return .unreadable(SchemaHints.sessionStep(problems, step: node.ref))
        }
        let ref = node.ref
        let reader = SpecReader(step: ref, contentDefaults: contentDefaults)
        guard let written = reader.step(ref, index: 0, headerHeight: headerHeight) else {
            // The schema passed a step the reader cannot use: a number too large to be finite.
            return .unreadable([Diagnostic(
                rule: "number-not-finite", message: "a number in this step is not finite; sizes and times must be ordinary numbers",
                span: node.span, help: "write a number of points or seconds, such as 44 or 0.3")])
        }
        // The node lives until this call returns: the runner keeps nothing of it.
        let taken = withExtendedLifetime(node) { runner.take(written, line: line, on: &stage) }
        let problems = runner.takeDiagnostics()
        guard let taken else { return .unreadable(problems) }
        return .taken(step: taken.step, outcome: taken.outcome, entries: stage.entries, diagnostic: problems.first)
    }
}
