import AccordionDiagnostics
import AccordionModel
import AccordionSpec
import AccordionYAML

/// A test case made ready for `accordion test --explore`: where its script
/// leaves the container, what the explorer may do from there (its
/// alphabet), and the properties it checks, each read and located.
///
/// The explorer (`Explorer.run`) works on the model's value alone; this is
/// everything it needs from the test file, read once.
public struct ExploreCase: Sendable {
    /// The case's document (the spec with the case's script resolved).
    public let document: AccordionSpecDocument
    /// The model after the case's script: the root of the exploration.
    let start: ContainerState
    /// `always:` properties, in the order written.
    let always: [Property]
    /// `reachable:` properties.
    let reachable: [Property]
    /// `properties:`.
    let named: [(property: NamedProperty, span: SourceSpan)]
    /// `explore.steps`: the case's own letters.
    let listed: [ListedStep]
    /// The breadth-first depth.
    public let depth: Int
    /// The case's script, its actions only, as flow YAML and as `drive` lines:
    /// what a counterexample starts with.
    let prefix: [(yaml: String, json: String)]
    /// The ids of the enabled panels a listed `setPanels` brings.
    let listedPanels: Set<String>

    /// An `always` or `reachable` expectation and how to write it again.
    struct Property: Sendable {
        var expectation: Expectation
        /// The mapping as one line of flow YAML, for a counterexample's `expect`.
        var yaml: String
    }

    /// One of `explore.steps`.
    struct ListedStep: Sendable {
        var node: YAMLNode
        var yaml: String
        var json: String
    }

    /// Whether the case has anything to check.
    public var hasProperties: Bool { !always.isEmpty || !reachable.isEmpty || !named.isEmpty }
}

extension TestFile.TestCase {
    /// The case ready for the explorer, from the document the rules made of
    /// its script (`SpecLoader.check(_:script:)`), or the problems of its
    /// properties: a malformed `always` or `reachable` (by the schema's
    /// `$defs/expectation`, as a script's `expect`), one that names a panel
    /// no stack of the case has, an `events` check (the explorer keeps no
    /// log), and an `explore` step that cannot be read (by the one script
    /// runner, as `drive` reads a line), each located in the test file.
    ///
    /// - Parameters:
    ///   - document: The case's document.
    ///   - tolerance: The file's `tolerance:`, when it sets one.
    /// - Returns: The case, or its problems sorted by position.
    public func exploration(of document: AccordionSpecDocument, tolerance: Double?) -> Result<ExploreCase, DiagnosticError> {
        var problems: [Diagnostic] = []
        var model = AccordionContainer(title: document.title, container: document.container, panels: document.panels,
                                       expandedIndices: document.expandedIndices)
        for step in document.steps { model.apply(step) }
        let start = model.state

        var listed: [ExploreCase.ListedStep] = []
        var knownIDs = Set(document.panels.map(\.id)).union(start.panels.map(\.id))
        var listedPanels: Set<String> = []
        for node in explore?.steps ?? [] {
            var session = StepSession(document: ExploreResolver.document(document, at: start))
            switch session.apply(node, line: node.span.start.line) {
            case .unreadable(let found):
                // A step may name a panel only a stack met later holds.
                let real = found.filter { !["unknown-panel-id", "panel-index-out-of-range"].contains($0.rule) }
                problems += real
                if !real.isEmpty { continue }
            case .taken(let step, _, _, _):
                if case .setPanels(let panels) = step.action {
                    knownIDs.formUnion(panels.map(\.id))
                    listedPanels.formUnion(panels.filter { !$0.disabled }.map(\.id))
                }
            }
            listed.append(ExploreCase.ListedStep(node: node, yaml: FlowText.yaml(node), json: FlowText.json(node)))
        }

        func properties(_ nodes: [YAMLNode]) -> [ExploreCase.Property] {
            nodes.compactMap { node in
                switch Expectation.read(node, tolerance: tolerance) {
                case .failure(let error):
                    problems += error.diagnostics
                    return nil
                case .success(let expectation):
                    var ok = true
                    for (id, span) in expectation.panelIDs where !knownIDs.contains(id) {
                        ok = false
                        let guess = closest(to: id, in: knownIDs.sorted())
                        problems.append(Diagnostic(rule: "unknown-panel-id", message: "no stack of this case has a panel `\(id)`",
                                                   span: span, help: guess.map { "did you mean `\($0)`?" }
                                                       ?? "a property names panels of the spec or of a listed `setPanels`"))
                    }
                    for check in expectation.checks {
                        switch check.kind {
                        case .events:
                            ok = false
                            problems.append(Diagnostic(rule: "test-file", message: "a property cannot check `events`: the explorer keeps no log",
                                                       span: check.span, help: "check the state instead: `expanded`, `frames`, `path`"))
                        default: break
                        }
                    }
                    return ok ? ExploreCase.Property(expectation: expectation, yaml: FlowText.yaml(node)) : nil
                }
            }
        }
        let always = properties(self.always)
        let reachable = properties(self.reachable)
        guard problems.isEmpty else { return .failure(DiagnosticError(Diagnostic.sortedByPosition(problems))) }

        let prefix = (script.items ?? []).filter { $0["expect"] == nil && $0["snapshot"] == nil }
            .map { (yaml: FlowText.yaml($0), json: FlowText.json($0)) }
        return .success(ExploreCase(document: document, start: start, always: always, reachable: reachable, named: named,
                                    listed: listed, depth: explore?.depth ?? TestFile.ExploreSettings.defaultDepth,
                                    prefix: prefix, listedPanels: listedPanels))
    }
}

/// Resolves a case's listed steps against the stack a state holds, by the
/// one script runner (a `drive` session on that state reads the step as
/// `drive` reads a line): a kind the runner knows is a letter by being listed.
struct ExploreResolver {
    let document: AccordionSpecDocument
    let listed: [ExploreCase.ListedStep]
    let start: ContainerState
    /// The step each listed step is on a stack, made on first need.
    private var cache: [Key: Step?] = [:]

    private struct Key: Hashable {
        var step: Int
        var stack: Int
        var container: ContainerSpec
    }

    init(_ plan: ExploreCase) {
        document = plan.document
        listed = plan.listed
        start = plan.start
    }

    /// The document whose loading gives `state`'s stack, size and open panels.
    static func document(_ document: AccordionSpecDocument, at state: ContainerState) -> AccordionSpecDocument {
        var copy = document
        copy.panels = state.panels
        copy.container = state.container
        copy.expandedIndices = state.expandedIndices
        copy.steps = []
        copy.stepLines = []
        copy.expectations = []
        return copy
    }

    /// Listed step `index` as the model takes it at `state` (without `at`:
    /// it happens when idle), or nil when it names what the stack lacks or
    /// validate would reject it there (an error, such as headers that no
    /// longer fit after a `resize`); `stack` numbers the state's stack. A
    /// step the stack cannot resolve is tried on the case's starting stack
    /// (a `setPanels` naming panels the spec defined, met again).
    mutating func step(_ index: Int, at state: ContainerState, stack: Int) -> Step? {
        let key = Key(step: index, stack: stack, container: state.container)
        if let known = cache[key] { return known }
        var found: Step?
        for base in [state, start] {
            var session = StepSession(document: Self.document(document, at: base))
            // A step validate rejects there (headers that no longer fit)
            // is no letter: a counterexample must replay as a valid script.
            if case .taken(let step, _, _, let diagnostic) = session.apply(listed[index].node, line: 1) {
                if diagnostic?.severity != .error { found = Step(step.action) }
                break
            }
        }
        cache[key] = found
        return found
    }
}

/// YAML nodes written again on one line: as flow YAML for a script an
/// author pastes, and as JSON for a `drive` session.
enum FlowText {
    /// The node as flow YAML: `{setPanels: [inbox, {id: new, title: New}]}`.
    static func yaml(_ node: YAMLNode) -> String { flow(node, string: string) }

    /// The node as JSON: `{"setPanels": ["inbox", {"id": "new", "title": "New"}]}`.
    static func json(_ node: YAMLNode) -> String { flow(node) { JSONValue.string($0).serialized() } }

    /// The node on one line, in flow style (JSON is flow YAML), each string
    /// (keys too) spelt by `string`.
    static func flow(_ node: YAMLNode, string: (String) -> String) -> String {
        if let entries = node.entries {
            return "{" + entries.map { string($0.key.scalarText ?? "") + ": " + flow($0.value, string: string) }
                .joined(separator: ", ") + "}"
        }
        if let items = node.items { return "[" + items.map { flow($0, string: string) }.joined(separator: ", ") + "]" }
        guard let scalar = node.scalar else { return "null" }
        switch scalar.value {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .int(let i): return String(i)
        case .float(let d): return number(d)
        case .bigInt(let digits): return digits
        case .string(let s): return string(s)
        }
    }

    /// A string as a YAML scalar: plain when it reads back as the same
    /// string (no YAML 1.1 boolean either), else double-quoted as JSON.
    static func string(_ s: String) -> String {
        let plain = s.utf8.first.map { b in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b == UInt8(ascii: "_")
        } ?? false
        let safe = plain && s.utf8.allSatisfy { b in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
                || b == UInt8(ascii: " ")
        } && !s.hasSuffix(" ") && !s.hasSuffix("-")
        let words: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"]
        return safe && !words.contains(s.lowercased()) ? s : JSONValue.string(s).serialized()
    }

    /// A number as it reads back as the same `Double` (the shortest such text).
    static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return "\(d)"
    }
}
