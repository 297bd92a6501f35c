import AccordionDiagnostics
import AccordionModel
import AccordionYAML

/// The accordion rules a JSON Schema cannot express. They read the document
/// leniently (whatever the schema rejected is skipped), follow the stack
/// through `setPanels`, and run the script on the model's own reducer
/// (`ContainerState`, without the containment log), so every diagnostic about
/// a step is worded from the typed outcome the model gives that step. When
/// nothing is wrong they also produce the typed document.
struct SemanticChecker {
    /// Keeps the document alive: every node below is read through
    /// `YAMLNodeRef`s (no reference counting per node), valid while it is.
    let owner: YAMLNode
    let root: YAMLNodeRef
    private(set) var diagnostics: [Diagnostic] = []

    // Where the panels of the stack the script reaches are written (the
    // model's state holds the panels themselves), and their ids' positions.
    private var stack = PanelStack()
    private var indexById = PanelIDTable([])
    /// The largest `contentHeight` in the stack: no panel can overflow a space above it.
    private var maxContent = 0.0
    /// The initial stack, and the index of each id's first definition in it.
    private var initialPanels = PanelStack()
    private var firstIndex = PanelIDTable([])
    /// Definitions met so far in `setPanels` steps the script ran.
    private var definedLater: [String: PanelDefinition] = [:]
    /// The last `setPanels` that ran, to explain a panel that left the stack.
    private var lastSetPanels: YAMLNodeRef?
    /// `contentHeight` values larger than the space some state of the script
    /// leaves, each with its smallest space, warned about once the script ran.
    private var contentOverflows: [ContentOverflow] = []
    private var contentOverflowIndex: [YAMLNodeRef: Int] = [:]
    /// Whether `content-overflow` was reported (it is, at most once).
    private var contentOverflowReported = false
    /// Whether `open-panel-without-height` was reported (it is, at most once).
    private var zeroHeightReported = false

    /// A test case's script played instead of the spec's, and its tolerance.
    private(set) var caseScript: YAMLNode?
    private(set) var caseTolerance: Double?
    /// The `expect` and `snapshot` steps met so far.
    private var expectations: [Expectation] = []
    /// The container as the steps above each of `expectations` leave it,
    /// when a test case's script is played (on the container with its
    /// log); nil otherwise.
    private(set) var containersAtExpectations: [AccordionContainer]?

    init(root: YAMLNode, script: YAMLNode? = nil, tolerance: Double? = nil) {
        owner = root
        self.root = root.ref
        caseScript = script
        caseTolerance = tolerance
    }

    // MARK: - Reporting

    private mutating func report(_ rule: String, _ severity: Severity, _ message: String,
                                 at span: SourceSpan, pointer: String, help: String? = nil,
                                 related: [RelatedLocation] = []) {
        diagnostics.append(Diagnostic(severity: severity, rule: rule, message: message, span: span, help: help,
                                      related: related, instancePath: pointer))
    }

    private mutating func report(_ rule: String, _ severity: Severity, _ message: String,
                                 at node: YAMLNodeRef, pointer: String, help: String? = nil, related: [RelatedLocation] = []) {
        report(rule, severity, message, at: node.span, pointer: pointer, help: help, related: related)
    }

    private mutating func report(_ rule: String, _ message: String, at node: YAMLNodeRef, pointer: String,
                                 help: String? = nil, related: [RelatedLocation] = []) {
        report(rule, .error, message, at: node.span, pointer: pointer, help: help, related: related)
    }

    private mutating func report(_ rule: String, _ message: String, at span: SourceSpan, pointer: String,
                                 help: String? = nil, related: [RelatedLocation] = []) {
        report(rule, .error, message, at: span, pointer: pointer, help: help, related: related)
    }

    private mutating func report(_ words: StepWording, _ severity: Severity = .error, at span: SourceSpan, pointer: String,
                                 related: [RelatedLocation] = []) {
        report(words.rule, severity, words.message, at: span, pointer: pointer, help: words.help, related: related)
    }

    /// Work left for "did you mean" searches: a file with thousands of
    /// unknown ids among thousands of panels must not turn quadratic.
    private var suggestionBudget = 2_000_000

    /// The closest candidate to `word`, within the budget.
    private mutating func suggest(_ word: String, among candidates: [String]) -> String? {
        guard suggestionBudget >= candidates.count else { return nil }
        suggestionBudget -= candidates.count
        return closest(to: word, in: candidates)
    }

    // MARK: - Entry point

    /// Runs every rule; returns the typed document when no error was found.
    /// `schemaFailed`: the schema already reported an error, so parts the
    /// reader skipped are explained.
    mutating func run(schemaFailed: Bool = false) -> AccordionSpecDocument? {
        finish(check(), schemaFailed: schemaFailed)
    }

    /// What `check()` found, before the schema's verdict is known (the two
    /// run side by side on large specs).
    enum Outcome {
        /// The rules found an error, or the root is not a mapping.
        case invalid
        /// Every rule passed but the script could not be decoded.
        case undecodable
        case document(AccordionSpecDocument)
    }

    /// Gives the document, unless the schema or the rules failed.
    mutating func finish(_ outcome: Outcome, schemaFailed: Bool) -> AccordionSpecDocument? {
        guard !schemaFailed else { return nil }
        switch outcome {
        case .invalid: return nil
        case .document(let document): return document
        case .undecodable:
            // Only reachable if the reader and the schema disagree: say so
            // rather than return no document without an error.
            report("internal-error", "the script passed every check but could not be decoded; please report this file",
                   at: root["script"] ?? root, pointer: "/script")
            return nil
        }
    }

    /// Runs every rule (the schema's verdict is applied by `finish`).
    mutating func check() -> Outcome {
        guard let spec = checkSpec() else { return .invalid }
        return checkScript(spec, reader: spec.reader.playing(caseScript?.ref))
    }

    /// What the rules of the spec itself leave for the script: the same
    /// for every script played on it, so a test file's cases share it.
    struct CheckedSpec {
        let reader: SpecReader
        let container: ContainerSpec
        let panels: PanelStack
        let expanded: [Int]
        let state: ContainerState

        /// Whether another script can start from it. A panel whose colours
        /// are too faint keeps a tally that the script's `setPanels`
        /// definitions add to: that spec is checked whole with each script.
        var isShareable: Bool { reader.contrastTallies.isEmpty }
    }

    /// The rules that read only the spec, not the script played on it
    /// (the spec's own `script` values are checked here too).
    mutating func checkSpec() -> CheckedSpec? {
        guard root.entries != nil else { return nil }
        let reader = SpecReader(root: root, script: caseScript?.ref)
        let container = reader.container()
        let panels = reader.panels(headerHeight: container.headerHeight)
        checkOtherValues()
        checkIdentities(panels: panels)
        checkUnusedContentHeights(panels.notes.compactMap { $0 })
        setStack(panels, index: firstIndex)
        let expanded = initiallyExpanded(reader: reader, container: container, panelCount: panels.count)

        // One array of specs shared (copy-on-write) by the model and the document.
        let state = ContainerState(container: container, panels: panels.specs, expandedIndices: expanded)
        if let height = root["container"]?["height"] {
            checkHeadersFit(state, at: height.span, pointer: "/container/height", context: "")
        } else {
            checkHeadersFit(state, at: (root.entry("panels")?.key ?? root).span, pointer: "/panels", context: "")
        }
        noteContentHeights(state, context: "")
        // Several panels open at load come from a list in `expanded`.
        if let node = root["container"]?["expanded"] {
            checkContentFits(state, at: node.span, pointer: "/container/expanded", context: " as the spec loads")
        }
        if let node = root["container"]?["overflow"] {
            checkOpenHeights(state, at: node.span, pointer: "/container/overflow", context: " as the spec loads")
        }
        return CheckedSpec(reader: reader, container: container, panels: panels, expanded: expanded, state: state)
    }

    /// Plays `script` (a test case's, located in its own file) on a spec
    /// `checkSpec` already checked: only the rules that read the script run.
    mutating func checkScript(_ script: YAMLNode, tolerance: Double?, on spec: CheckedSpec) -> Outcome {
        caseScript = script
        caseTolerance = tolerance
        // The spec's tallies are empty (`isShareable`): each script counts into its own.
        return checkScript(spec, reader: spec.reader.playing(script.ref, tallies: ContrastTallies()))
    }

    /// The rules that read the script (`reader`'s), run on the model from
    /// the state the spec loads in.
    private mutating func checkScript(_ spec: CheckedSpec, reader: SpecReader) -> Outcome {
        // The spec's own script was read with the spec; a case's is read here.
        if let caseScript { checkScriptValues(caseScript.ref) }
        let container = spec.container, panels = spec.panels
        let steps = reader.steps(headerHeight: container.headerHeight)
        let fileTolerance = caseTolerance ?? root["tolerance"]?.numberValue ?? defaultExpectTolerance
        let checkSteps = reader.checkSteps(fileTolerance: fileTolerance)

        // Reported once the script is read: its `setPanels` definitions
        // count into the tallies of the panels' colour warnings.
        for case let notes? in panels.notes where !notes.findings.isEmpty { report(notes.findings, under: notes.location.pointer) }
        var definitions: [PanelNotes] = []
        for case let step? in steps {
            guard case .setPanels(let items) = step.action else { continue }
            for case .definition(let def) in items {
                if !def.findings.isEmpty { report(def.findings, under: def.location.pointer) }
                if let notes = def.notes { definitions.append(notes) }
            }
        }
        let stacks = checkIdentities(steps: steps, panels: panels)
        checkUnusedContentHeights(definitions)

        // A test case's script is played on the container with its log, so
        // the container its expectations look at is kept on the way;
        // `validate` needs the reducer alone.
        let resolvedSteps: [Step]?
        if caseScript != nil {
            var container = AccordionContainer(title: reader.title, loading: spec.state)
            containersAtExpectations = []
            resolvedSteps = runScript(steps, checks: checkSteps, stacks: stacks, stage: &container)
        } else {
            var reducer = ReducerStage(state: spec.state)
            resolvedSteps = runScript(steps, checks: checkSteps, stacks: stacks, stage: &reducer)
        }
        reportContentOverflows()
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return .invalid }
        guard let resolvedSteps else { return .undecodable }
        var document = AccordionSpecDocument(title: reader.title, container: container, panels: panels.specs,
                                             expandedIndices: spec.expanded, steps: resolvedSteps,
                                             stepLines: YAMLNodeRef.lines(of: steps.compactMap { $0?.node }),
                                             expectations: expectations)
        document.contentDefaults = reader.contentDefaults
        return .document(document)
    }

    /// The panels open at load: `container.expanded` resolved (one
    /// reference, `null`, or under `expansion: multiple` a list), the first
    /// panel when it is absent. Reports a list under `single`
    /// (`expanded-list-in-single`), a panel named twice
    /// (`expanded-named-twice`) and references that name no panel.
    private mutating func initiallyExpanded(reader: SpecReader, container: ContainerSpec, panelCount: Int) -> [Int] {
        guard let node = root["container"]?["expanded"] else { return panelCount == 0 ? [] : [0] }
        if node.isNull { return [] }
        let pointer = "/container/expanded"
        guard let items = node.items else {
            guard let ref = reader.reference(node) else { return panelCount == 0 ? [] : [0] }
            return resolve(ref, node, pointer: pointer, place: "in `panels`").map { [$0] } ?? []
        }
        if container.expansion != .multiple {
            let first = items.first.flatMap { $0.scalar.map(\.text) } ?? "VC1"
            report("expanded-list-in-single",
                   "`expanded` lists \(items.count == 1 ? "1 panel" : "\(items.count) panels"), but only one panel is open at a time in `single` expansion",
                   at: node, pointer: pointer,
                   help: "set `expansion: multiple` on the container to open several panels at once, or write one id or index (`expanded: \(first)`)",
                   related: root["container"]?["expansion"].map { [RelatedLocation(message: "the expansion is set here", span: $0.span)] } ?? [])
        }
        var open: [Int] = []
        var namedAt: [Int: YAMLNodeRef] = [:]
        for (i, item) in items.enumerated() {
            guard let ref = reader.reference(item),
                  let index = resolve(ref, item, pointer: "\(pointer)/\(i)", place: "in `panels`") else { continue }
            if let first = namedAt[index] {
                let id = stack.specs[index].id
                report("expanded-named-twice",
                       "`expanded` names panel \(index)\(id.isEmpty ? "" : " (`\(id)`)") twice",
                       at: item, pointer: "\(pointer)/\(i)",
                       help: "name each open panel once; remove this item",
                       related: [RelatedLocation(message: "first named here", span: first.span)])
                continue
            }
            namedAt[index] = item
            open.append(index)
        }
        return open.sorted()
    }

    // MARK: - Static rules

    /// Reports what the reader noted while reading panel definitions.
    private mutating func report(_ findings: [Finding], under base: String) {
        for finding in findings {
            switch finding {
            case .yaml11Boolean(let node, let key): reportYAML11Boolean(node, pointer: base + "/" + key)
            case .colourWithoutAlpha(let node, let value, let key): reportColourWithoutAlpha(node, value, pointer: base + "/" + key)
            case .invisibleHeader(let node, let value, let key): reportInvisibleHeader(node, value, pointer: base + "/" + key)
            case .notFinite(let node, let key): reportNotFinite(node, pointer: base + "/" + key)
            case .lowContrast(let low): reportLowContrast(low, under: base)
            }
        }
    }

    /// A plain scalar YAML 1.1 would read as a boolean (`yes`, `off`...).
    private static func isWord(_ node: YAMLNodeRef?) -> Bool {
        guard let s = node?.scalar else { return false }
        return s.isYAML11Boolean && s.isString && s.style == .plain
    }

    /// `.inf` or `.nan`.
    private static func isNotFinite(_ node: YAMLNodeRef?) -> Bool {
        if case .float(let v)? = node?.scalar?.value { return !v.isFinite }
        return false
    }

    /// The node-level rules outside panel definitions: the title, the
    /// container and the script's own values.
    private mutating func checkOtherValues() {
        // Pointers are spelled only for a problem: a 30,000-step script must
        // not allocate 200,000 strings to find nothing.
        for (key, node) in [("title", root["title"]), ("container/expanded", root["container"]?["expanded"])] where Self.isWord(node) {
            reportYAML11Boolean(node!, pointer: "/" + key)
        }
        if let c = root["container"] {
            for key in ["width", "height", "headerHeight"] where Self.isNotFinite(c[key]) {
                reportNotFinite(c[key]!, pointer: "/container/" + key)
            }
            if let d = c["animation"]?["duration"], Self.isNotFinite(d) { reportNotFinite(d, pointer: "/container/animation/duration") }
            if let bg = c["background"], let value = bg.colourValue, let scalar = bg.scalar {
                var found: [Finding] = []
                _ = Finding.colour(bg, scalar: scalar, value: value, isHeader: false, key: "background", into: &found)
                report(found, under: "/container")
            }
        }
        checkScriptValues(root["script"])
    }

    /// `yaml11-boolean` and `number-not-finite` in the values of `script`
    /// (the spec's own, or a test case's played instead of it).
    private mutating func checkScriptValues(_ script: YAMLNodeRef?) {
        for (i, step) in (script?.items ?? []).enumerated() {
            guard let entries = step.entries else { continue }
            for k in 0..<entries.count {
                // Keys are recognised from their bytes: no `String` per step.
                guard entries.key(at: k).shape == .string, let key = StepKey.key(at: k, of: entries) else { continue }
                let value = entries.value(at: k)
                switch key {
                case .tap, .expand, .collapse, .present:
                    if Self.isWord(value) { reportYAML11Boolean(value, pointer: "/script/\(i)/" + key.rawValue) }
                case .wait, .at:
                    if Self.isNotFinite(value) { reportNotFinite(value, pointer: "/script/\(i)/" + key.rawValue) }
                case .resize:
                    for dimension in ["width", "height"] where Self.isNotFinite(value[dimension]) {
                        reportNotFinite(value[dimension]!, pointer: "/script/\(i)/resize/" + dimension)
                    }
                case .setPanels:
                    for (j, item) in (value.items ?? []).enumerated() where Self.isWord(item) {
                        reportYAML11Boolean(item, pointer: "/script/\(i)/setPanels/\(j)")
                    }
                case .dismiss, .scroll:
                    continue
                }
            }
        }
    }

    /// `content-height-unused`: in `fill` the expanded content takes all the
    /// space, so a panel's `contentHeight` (in `panels` or a `setPanels`
    /// definition) changes nothing. Quiet when the layout is misspelt: the
    /// schema reports that, and the intended layout is unknown.
    private mutating func checkUnusedContentHeights(_ definitions: [PanelNotes]) {
        let layoutNode = root["container"]?["layout"]
        guard layoutNode == nil || layoutNode?.stringValue == LayoutMode.fill.rawValue else { return }
        let layout = layoutNode == nil ? "in the `fill` layout (the default)" : "in the `fill` layout"
        for notes in definitions {
            guard let node = notes.contentHeightNode else { continue }
            report("content-height-unused", .warning,
                   "contentHeight is not used \(layout): the expanded panel's content takes all the space under the headers",
                   at: node, pointer: notes.location.pointer + "/contentHeight",
                   help: "set `layout: fit` on the container to give the content this height, or remove contentHeight",
                   related: layoutNode.map { [RelatedLocation(message: "the layout is set here", span: $0.span)] } ?? [])
        }
    }

    /// `yaml11-boolean`: `yes`, `off`... where the format expects text.
    private mutating func reportYAML11Boolean(_ node: YAMLNodeRef, pointer: String) {
        let text = node.scalar?.text ?? ""
        report("yaml11-boolean", .warning,
               "`\(text)` is the text \"\(text)\" in YAML 1.2, but YAML 1.1 tools read it as a boolean",
               at: node, pointer: pointer, help: "quote it so every YAML reader agrees it is text: '\(text)'")
    }

    /// `colour-without-alpha`: `0x1ABC9C` is 0x001ABC9C.
    private mutating func reportColourWithoutAlpha(_ node: YAMLNodeRef, _ value: UInt32, pointer: String) {
        let text = node.scalar?.text ?? ""
        let digits = String(text.dropFirst(2)).uppercased()
        let padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        report("colour-without-alpha", .warning,
               "`\(text)` has only \(digits.count) hex digits, so it is read as \(hexColour(value)) (0xRRGGBBAA): alpha \(hexByte(value))",
               at: node, pointer: pointer, help: "colours carry their alpha last; for an opaque colour write 0x\(padded)FF (or '#\(padded)')")
    }

    /// `invisible-header`: a header colour with alpha 00.
    private mutating func reportInvisibleHeader(_ node: YAMLNodeRef, _ value: UInt32, pointer: String) {
        let isString = node.stringValue != nil
        let opaque = isString ? "'#\(hexColour(value | 0xFF).dropFirst(2))'" : hexColour(value | 0xFF)
        report("invisible-header", .warning,
               "header colour \(hexColour(value)) has alpha 00: the header is fully transparent and cannot be seen",
               at: node, pointer: pointer, help: "make the last byte the opacity, FF for opaque: \(opaque)")
    }

    /// `low-contrast`: a title below WCAG AA on its header. Points at the
    /// title colour, or at the header colour when the title is white by default.
    private mutating func reportLowContrast(_ low: LowContrast, under base: String) {
        guard let (key, entry) = low.titleEntry.map({ ("titleColor", $0) }) ?? low.headerEntry.map({ ("color", $0) })
        else { return }
        let (span, related) = place(entry, in: low.panel)
        report("low-contrast", .warning, low.message, at: span, pointer: base + "/" + key, help: low.help, related: related)
    }

    /// Where to point for an entry of `mapping`: its value; or its key when
    /// the value is an alias (`titleColor: *paper`), whose node is where the
    /// anchor wrote it; or the mapping when a merge (`<<: *base`) brought the
    /// entry in. A note points at what is written elsewhere.
    private func place(_ entry: (key: YAMLNodeRef, value: YAMLNodeRef), in mapping: YAMLNodeRef) -> (SourceSpan, [RelatedLocation]) {
        // Each span is worked out from the text on demand: ask once.
        let outer = mapping.span, value = entry.value.span
        func inside(_ span: SourceSpan) -> Bool { outer.start <= span.start && span.start < outer.end }
        if inside(value) { return (value, []) }
        let key = entry.key.span
        if inside(key) { return (key, [RelatedLocation(message: "its value is defined here", span: value)]) }
        let start = SourceSpan(source: outer.source, start: outer.start, end: outer.start)
        return (start, [RelatedLocation(message: "this panel's `\(entryKeyText(entry.key) ?? "")` is merged in from here", span: key)])
    }

    /// `number-not-finite`: `.inf` and `.nan` cannot be sizes or times.
    private mutating func reportNotFinite(_ node: YAMLNodeRef, pointer: String) {
        report("number-not-finite", .error,
               "`\(node.scalar?.text ?? "")` is not a finite number; sizes and times must be ordinary numbers",
               at: node, pointer: pointer, help: "write a number of points or seconds, such as 44 or 0.3")
    }

    /// `duplicate-panel-id` in `panels`; keeps the first index of each id.
    private mutating func checkIdentities(panels: PanelStack) {
        initialPanels = panels
        firstIndex = PanelIDTable(panels.specs, capacity: panels.count)
        for (i, idNode) in panels.idNodes.enumerated() {
            // The spec holds the id's text whenever it has an id node.
            guard let idNode else { continue }
            if let first = firstIndex.insert(i) {
                let id = panels.specs[i].id
                guard let firstNode = panels.idNodes[first] else { continue }
                report("duplicate-panel-id", "panel id `\(id)` is already used by another panel",
                       at: idNode, pointer: "/panels/\(i)/id", help: "give each panel its own id; ids name panels in `expanded` and the script",
                       related: [RelatedLocation(message: "first defined here", span: firstNode.span)])
            }
        }
    }

    /// `duplicate-panel-id` and `unknown-panel-id` in `setPanels` lists,
    /// against the ids of `panels` and of earlier lists. Returns the stack
    /// each `setPanels` step builds (by step index).
    private mutating func checkIdentities(steps: [WrittenStep?], panels: PanelStack) -> [Int: PanelStack] {
        var newDefinitions: [String: PanelDefinition] = [:]
        // Every id defined so far, sorted, for suggestions (built on the first need).
        var knownSorted: [String]?
        func known(_ id: String) -> PanelDefinition? {
            if let i = firstIndex[id] { return panels[i] }
            return newDefinitions[id]
        }
        var stacks: [Int: PanelStack] = [:]
        for (index, step) in steps.enumerated() {
            guard let step, case .setPanels(let items) = step.action else { continue }
            var seen: [String: YAMLNodeRef] = [:]
            var stack = PanelStack()
            for item in items {
                switch item {
                case .reference(let id, let node, let item):
                    let pointer = "/script/\(index)/setPanels/\(item)"
                    if let first = seen[id] {
                        report(.listedTwice(id), at: node.span, pointer: pointer,
                               related: [RelatedLocation(message: "first listed here", span: first.span)])
                    } else if let def = known(id) {
                        seen[id] = node
                        stack.append(def)
                    } else {
                        if suggestionBudget > firstIndex.count + newDefinitions.count, knownSorted == nil {
                            knownSorted = (firstIndex.ids + Array(newDefinitions.keys)).sorted()
                        }
                        report(.undefinedInSetPanels(id, guess: suggest(id, among: knownSorted ?? [])), at: node.span, pointer: pointer)
                    }
                case .definition(let def):
                    guard let idNode = def.idNode, let id = idNode.stringValue else {
                        stack.append(def)
                        continue
                    }
                    if let first = seen[id] {
                        report(.listedTwice(id), at: idNode.span, pointer: def.location.pointer + "/id",
                               related: [RelatedLocation(message: "first listed here", span: first.span)])
                    } else if let first = known(id), let firstNode = first.idNode {
                        report(.redefined(id), at: idNode.span, pointer: def.location.pointer + "/id",
                               related: [RelatedLocation(message: "first defined here", span: firstNode.span)])
                    } else {
                        newDefinitions[id] = def
                        knownSorted = nil
                        seen[id] = idNode
                        stack.append(def)
                    }
                }
            }
            stacks[index] = stack
        }
        return stacks
    }

    // MARK: - The stack and its layout rules

    /// Makes `panels` the stack; `index` is its id → first index map when
    /// the caller already has it.
    private mutating func setStack(_ panels: PanelStack, index: PanelIDTable? = nil) {
        stack = panels
        indexById = index ?? PanelIDTable(panels.specs)
        maxContent = 0
        for p in panels.specs {
            if let c = p.contentHeight { maxContent = max(maxContent, c) }
        }
    }

    /// `headers-overflow`: every header must fit in the container.
    private mutating func checkHeadersFit(_ state: ContainerState, at span: SourceSpan, pointer: String, context: String) {
        // Point at the first header that leaves the screen, when it has an id to show.
        guard let (first, bottom) = state.firstHeaderBelowBottom else { return }
        var related: [RelatedLocation] = []
        if let idNode = stack.idNodes[first] {
            related.append(RelatedLocation(
                message: "`\(state.panels[first].id)` is the first header that does not fit: it ends at \(points(bottom)) points", span: idNode.span))
        }
        report(.headersOverflow(state, context: context), at: span, pointer: pointer, related: related)
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

    /// `content-height-overflow`, noted for one state of the script: in
    /// `fit`, a contentHeight the space cannot hold. Reported once per value
    /// when the script has run, with the smallest space, so the value it
    /// suggests fits every state the script reaches.
    private mutating func noteContentHeights(_ state: ContainerState, context: @autoclosure () -> String) {
        // Only a clipping container caps a contentHeight by the space.
        guard state.container.layout == .fit, state.container.overflow == .clip else { return }
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

    /// Reports each noted `content-height-overflow` once.
    private mutating func reportContentOverflows() {
        for o in contentOverflows {
            let everywhere = o.states > 1 ? " (the least space it gets at any size and stack the script reaches)" : ""
            report("content-height-overflow", .warning,
                   "contentHeight \(points(o.contentHeight)) is more than the \(points(o.space)) points left under the headers\(o.context) (container \(points(o.height)) high, headers \(points(o.headers))); the content gets only \(points(o.space))",
                   at: o.node, pointer: o.pointer,
                   help: "lower contentHeight to \(points(o.space)) or less\(everywhere), or make room with a taller container or lower headers")
        }
    }

    /// An id in the stack as it is now, or an index into it; reports the
    /// reference when it names no panel there.
    private mutating func resolve(_ ref: PanelReference, _ node: YAMLNodeRef, pointer: String, place: String) -> Int? {
        if let i = lookUp(ref), i < stack.count { return i }
        reportUnknownPanel(ref, node, pointer: pointer, place: place)
        return nil
    }

    /// The index a reference gives in the stack as it is now, nil for an id
    /// that is not there. An index is returned as written: the model decides
    /// whether it is inside the stack.
    private func lookUp(_ ref: PanelReference) -> Int? {
        switch ref {
        case .index(let i): i
        case .id(let id): indexById[id]
        }
    }

    /// `panel-index-out-of-range` or `unknown-panel-id`: a reference that
    /// names no panel of the stack as it is now.
    private mutating func reportUnknownPanel(_ ref: PanelReference, _ node: YAMLNodeRef, pointer: String, place: String) {
        switch ref {
        case .index(let i):
            report(.indexOutOfRange(node.scalar?.text ?? String(i), count: stack.count, place: place), at: node.span, pointer: pointer)
        case .id(let id):
            if let def = firstIndex[id].map({ initialPanels[$0] }) ?? definedLater[id], let defNode = def.idNode {
                report(.leftTheStack(id, place: place, lastSetPanelsLine: lastSetPanels?.span.start.line), at: node.span, pointer: pointer,
                       related: [RelatedLocation(message: "`\(id)` is defined here", span: defNode.span)])
            } else {
                let ids = stack.specs.lazy.map(\.id).filter { !$0.isEmpty }
                let guess = suggest(id, among: suggestionBudget >= stack.count ? Array(ids) : [])
                report(.noSuchID(id, place: place, guess: guess, ids: ids, count: stack.count), at: node.span, pointer: pointer)
            }
        }
    }

    // MARK: - The script, run on the model

    /// What the validator knows of the state while it runs the script. After
    /// a step that could not run, what that step would have changed is
    /// unknown: rules that depend on it stay quiet rather than guess.
    private struct Knowledge {
        var expanded = true
        var modal = true

        /// Forgets what a step of this kind would have changed; false when
        /// that is the stack itself, and nothing after it can be checked.
        mutating func forget(_ kind: StepKey) -> Bool {
            switch kind {
            case .tap, .expand, .collapse: expanded = false
            case .present, .dismiss: modal = false
            case .setPanels: return false
            case .wait, .resize, .scroll, .at: break
            }
            return true
        }
    }

    /// Runs the script on the model's reducer and words a diagnostic from
    /// every outcome that needs one; returns the resolved steps, or nil when
    /// some step could not be resolved or applied.
    private mutating func runScript<Stage: ScriptStage>(_ steps: [WrittenStep?], checks: [Int: WrittenCheck],
                                                        stacks: [Int: PanelStack], stage: inout Stage) -> [Step]? {
        guard !steps.isEmpty else { return [] }
        var resolved: [Step] = []
        resolved.reserveCapacity(steps.count)
        var complete = true
        var known = Knowledge()
        let rawSteps = caseScript?.ref.items ?? root["script"]?.items ?? []
        // The last step that ran, and whether its time came from waiting for a transition.
        var lastNode: YAMLNodeRef?
        var lastWaited = false
        // The steps that started the running transition and presented the modal.
        var transitionStep: WrittenStep?
        var modalStep: WrittenStep?

        for (index, written) in steps.enumerated() {
            if let check = checks[index] {
                checkExpectation(check, index: index, in: stage.state, lastNode: lastNode, afterStep: resolved.count)
                if let kept = stage.kept { containersAtExpectations?.append(kept) }
                continue
            }
            guard let w = written else {
                complete = false
                if let kind = verb(of: rawSteps[index]), !known.forget(kind) { return nil }
                continue
            }
            // A reference that names no panel is given to the model as an
            // index past the stack: it rejects it as an unknown panel in its
            // own order of checks.
            let outside = stage.state.panels.count
            let step: Step
            // The tapped panel, for the words of an ignored tap.
            var tapped = 0
            switch w.action {
            case .tap(let ref, _):
                tapped = lookUp(ref) ?? outside
                step = Step(.tap(panel: tapped), at: w.at)
            case .wait(let seconds):
                step = Step(.wait(seconds: seconds))
            case .resize(let width, let height):
                step = Step(.resize(width: width, height: height), at: w.at)
            case .expand(let target):
                step = Step(.expand(panel: target.map { lookUp($0.0) ?? outside }), at: w.at)
            case .collapse(let target):
                step = Step(.collapse(panel: target.map { lookUp($0.0) ?? outside }), at: w.at)
            case .present(let title):
                step = Step(.present(title: title), at: w.at)
            case .dismiss:
                step = Step(.dismiss, at: w.at)
            case .setPanels:
                step = Step(.setPanels(stacks[index]?.specs ?? []), at: w.at)
            case .scroll(let offset):
                step = Step(.scroll(offset: offset), at: w.at)
            }
            let idle = stage.state.clock
            let outcome = stage.play(step)
            switch outcome.effect {
            case .rejected(let reason):
                complete = false
                reportRejected(w, step, reason, at: outcome.time, in: stage.state, known: known, lastNode: lastNode, lastWaited: lastWaited)
                switch (w.kind, reason) {
                case (.present, .modalPresented), (.dismiss, .noModal):
                    // A modal is up (or not) either way.
                    known.modal = true
                default:
                    if !known.forget(w.kind) { return nil }
                }
                continue
            case .ignored(let reason):
                switch reason {
                case .transition where known.expanded:
                    reportTapIgnored(w, at: outcome.time, until: stage.state.running?.end ?? outcome.time, startedBy: transitionStep,
                                     otherwise: stage.state.ignoreReason(forTapOn: tapped, interruption: .finish))
                case .modal where known.modal:
                    reportTapIgnored(w, under: stage.state.modalTitle ?? "", presentedBy: modalStep)
                case .disabled:
                    report(.tapIgnoredDisabled(stage.state.panels[tapped].id), .warning,
                           at: w.actionSpan, pointer: w.pointer)
                case .notCollapsible where known.expanded:
                    report(.tapIgnoredNotCollapsible(stage.state.panels[tapped].id), .warning,
                           at: w.actionSpan, pointer: w.pointer)
                default:
                    break
                }
            case .applied(let change):
                switch change {
                case .transition(let transition):
                    if !transition.isInstant { transitionStep = w }
                    if w.kind == .expand || w.kind == .collapse { known.expanded = true }
                case .transitions:
                    known.expanded = true
                case .modalPresented:
                    modalStep = w
                    known.modal = true
                case .resized:
                    checkHeadersFit(stage.state, at: w.actionSpan, pointer: w.pointer, context: " after this resize")
                    noteContentHeights(stage.state, context: " after the resize at line \(w.verbKey.span.start.line)")
                case .stackReplaced:
                    let newStack = stacks[index] ?? PanelStack()
                    for i in 0..<newStack.count {
                        if let id = newStack.idNodes[i]?.stringValue, firstIndex[id] == nil, definedLater[id] == nil {
                            definedLater[id] = newStack[i]
                        }
                    }
                    setStack(newStack)
                    lastSetPanels = w.verbKey
                    checkHeadersFit(stage.state, at: w.actionSpan, pointer: w.pointer, context: " after this setPanels")
                    noteContentHeights(stage.state, context: " after the setPanels at line \(w.verbKey.span.start.line)")
                case .none:
                    if w.kind == .expand || w.kind == .collapse { known.expanded = true }
                case .modalDismissed, .scrolled:
                    break
                }
            }
            if case .applied = outcome.effect, known.expanded {
                checkContentFits(stage.state, at: w.actionSpan, pointer: w.pointer, context: " after this step")
                checkOpenHeights(stage.state, at: w.actionSpan, pointer: w.pointer, context: " after this step")
            }
            resolved.append(step)
            lastNode = w.node
            lastWaited = step.at == nil && w.kind != .wait && outcome.time > idle + 1e-9
        }
        return complete ? resolved : nil
    }

    /// Checks an `expect` or `snapshot` step against the state the steps
    /// above it leave (its ids must name panels, its `at` must not go back
    /// in time) and keeps it, with the number of steps before it, for
    /// `accordion test`. It changes nothing: the model never sees it.
    private mutating func checkExpectation(_ check: WrittenCheck, index: Int, in state: ContainerState,
                                           lastNode: YAMLNodeRef?, afterStep: Int) {
        // Pointers are spelled only for a problem: most checks have none.
        var pointer: String { "/script/\(index)" }
        if let at = check.at, let atNode = check.atNode, at < state.clock - 1e-9 {
            report("at-out-of-order",
                   "this check is set at \(points(at)) s, earlier than the previous step, which happens at \(points(state.clock)) s",
                   at: atNode, pointer: pointer + "/at",
                   help: "a check sees the steps above it: set `at` to \(points(state.clock)) or later, or move it up",
                   related: lastNode.map { [RelatedLocation(message: "the previous step happens at \(points(state.clock)) s", span: $0.span)] } ?? [])
        }
        let inStack = "in the stack at this step"
        func checkID(_ id: String, _ node: @autoclosure () -> YAMLNodeRef?, _ where_: @autoclosure () -> String) {
            guard indexById[id] == nil, let node = node() else { return }
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
                        report("unknown-event", "there is no containment-log event `\(line.event)`", at: node[i],
                               pointer: pointer + "/expect/events/\(i)", help: help)
                    }
                    if let reason = line.reason, IgnoreReason(rawValue: reason) == nil {
                        report("unknown-event", "`\(reason)` is not a reason a tap is ignored", at: node[i],
                               pointer: pointer + "/expect/events/\(i)",
                               help: "the reasons are `(transition)`, `(modal)`, `(disabled)` and `(notCollapsible)`")
                    }
                    if let panel = line.panel, indexById[panel] == nil, firstIndex[panel] == nil, definedLater[panel] == nil {
                        report("unknown-panel-id", "there is no panel `\(panel)` in this spec", at: node[i],
                               pointer: pointer + "/expect/events/\(i)", help: "events name panels by their `id`")
                    }
                }
            default:
                break
            }
        }
        expectations.append(Expectation(afterStep: afterStep, at: check.at, tolerance: check.tolerance,
                                        checks: check.checks, span: check.key.span))
    }

    /// Every containment-log event name, for suggestions.
    private static let eventNames: [String] = [
        LogEvent.beginIgnoringInteractionEvents, .willMoveToParent, .addChild, .viewWillDisappear, .viewWillAppear,
        .viewDidDisappear, .viewDidAppear, .didMoveToParent, .removeFromParent, .endIgnoringInteractionEvents,
        .tapIgnored, .presentModal, .dismissModal,
    ].map(\.rawValue)

    /// The diagnostic for a step the model rejected at `time`, when what it
    /// depends on is known; `state` is the one the step met (a rejected step
    /// leaves it as it was), its clock the time of the last step that ran.
    private mutating func reportRejected(_ w: WrittenStep, _ step: Step, _ reason: RejectReason, at time: Double, in state: ContainerState,
                                         known: Knowledge, lastNode: YAMLNodeRef?, lastWaited: Bool) {
        let clock = state.clock
        let modal = state.modalTitle ?? ""
        switch reason {
        case .outOfOrder:
            guard let atNode = w.atNode else { return }
            var related: [RelatedLocation] = []
            if let lastNode { related.append(RelatedLocation(message: "the previous step happens at \(points(clock)) s", span: lastNode.span)) }
            report(.outOfOrder(time: time, clock: clock, afterWaiting: lastWaited), at: atNode.span, pointer: w.pointer + "/at",
                   related: related)
        case .unknownPanel:
            switch w.action {
            case .tap(let ref, let node):
                reportUnknownPanel(ref, node, pointer: w.pointer + "/tap", place: "in the stack at this step")
            case .expand(let (ref, node)?):
                reportUnknownPanel(ref, node, pointer: w.pointer + "/expand", place: "in the stack at this step")
            case .collapse(let (ref, node)?):
                reportUnknownPanel(ref, node, pointer: w.pointer + "/collapse", place: "in the stack at this step")
            default:
                break
            }
        case .modalPresented:
            guard known.modal else { return }
            if case .present(let title) = w.action {
                report(.modalAlreadyPresented(title: title, modal: modal), at: w.actionSpan, pointer: w.pointer)
            } else {
                report(.blockedByModal(kind: w.kind.rawValue, modal: modal), at: w.actionSpan, pointer: w.pointer)
            }
        case .noExpandedPanel:
            guard known.expanded && known.modal, case .present(let title) = w.action else { return }
            report(.presentWithoutPanel(title: title), at: w.actionSpan, pointer: w.pointer)
        case .noModal:
            guard known.modal else { return }
            report(.dismissWithoutModal, at: w.actionSpan, pointer: w.pointer)
        case .pastTimeLimit:
            if step.at != nil, let atNode = w.atNode {
                report(.pastTimeLimit(step, in: state), at: atNode.span, pointer: w.pointer + "/at")
            } else {
                report(.pastTimeLimit(step, in: state), at: w.actionSpan, pointer: w.pointer)
            }
        }
    }

    /// `content-overflow`, once per spec: at load or after the first step
    /// whose settled stack (headers and open contents) is taller than the
    /// container, which only `multiple` + `fit` allows. Quiet when the
    /// headers alone overflow (`headers-overflow` says so).
    /// The place and pointer are worked out only for the warning: this runs after every step.
    private mutating func checkContentFits(_ state: ContainerState, at span: @autoclosure () -> SourceSpan,
                                           pointer: @autoclosure () -> String, context: String) {
        guard !contentOverflowReported, state.contentOverflows else { return }
        contentOverflowReported = true
        report(.contentOverflow(state, context: context), .warning, at: span(), pointer: pointer())
    }

    /// `open-panel-without-height`, once per spec: at load or after the
    /// first step that leaves an open panel a height of 0 (a scrolling
    /// container whose headers fill it, the panel taking its share).
    /// The place and pointer are worked out only for the warning: most steps report nothing.
    private mutating func checkOpenHeights(_ state: ContainerState, at span: @autoclosure () -> SourceSpan,
                                           pointer: @autoclosure () -> String, context: String) {
        guard !zeroHeightReported, let index = state.firstOpenPanelWithoutHeight else { return }
        zeroHeightReported = true
        report(.openPanelWithoutHeight(state, index: index, context: context), .warning, at: span(), pointer: pointer())
    }

    /// `tap-ignored`, inside a transition: the tap comes at `time`, before
    /// the transition started by the tap `startedBy` ends at `end`;
    /// `otherwise` is why it would still be ignored were taps allowed to interrupt.
    private mutating func reportTapIgnored(_ w: WrittenStep, at time: Double, until end: Double, startedBy: WrittenStep?,
                                           otherwise: IgnoreReason?) {
        report(.tapIgnoredInTransition(time: time, end: end, startLine: startedBy?.verbKey.span.start.line,
                                       otherwise: otherwise), .warning,
               at: w.actionSpan, pointer: w.pointer,
               related: startedBy.map { [RelatedLocation(message: "the transition starts here and runs until \(points(end)) s", span: $0.actionSpan)] } ?? [])
    }

    /// `tap-ignored`, under a modal presented by `presentedBy`.
    private mutating func reportTapIgnored(_ w: WrittenStep, under modal: String, presentedBy: WrittenStep?) {
        report(.tapIgnoredUnderModal(modal, presentLine: presentedBy?.verbKey.span.start.line), .warning,
               at: w.actionSpan, pointer: w.pointer,
               related: presentedBy.map { [RelatedLocation(message: "the modal is presented here", span: $0.actionSpan)] } ?? [])
    }

    /// The action key of a (possibly malformed) step.
    private func verb(of node: YAMLNodeRef) -> StepKey? {
        for e in node.entries ?? [] {
            if let k = e.key.stringValue, let key = StepKey(rawValue: k), key != .at { return key }
        }
        return nil
    }
}

/// The alpha byte of a colour, as two hex digits.
func hexByte(_ value: UInt32) -> String {
    let digits = String(value & 0xFF, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
}

/// What the rules play a script on: the model's reducer alone, or the
/// container with its log when a test case wants the moments its
/// expectations look at. Both apply the one reducer (`ContainerState.apply`).
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
/// rules read it in place after every step, as they read the container's.
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
