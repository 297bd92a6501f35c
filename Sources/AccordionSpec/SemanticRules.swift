import AccordionDiagnostics
import AccordionModel
import AccordionYAML

/// The accordion rules a JSON Schema cannot express. They read the document
/// leniently (whatever the schema rejected is skipped), follow the stack
/// through `setPanels`, and run the script on the container model so that
/// times, the expanded panel and the modal are exactly what the model will
/// see. When nothing is wrong they also produce the typed document.
struct SemanticChecker {
    let root: YAMLNode
    private(set) var diagnostics: [Diagnostic] = []

    // The stack as the script reaches it.
    private var stack: [PanelDefinition] = []
    private var indexById: [String: Int] = [:]
    private var headerSum = 0.0
    private var maxContent = 0.0
    private var width = 0.0
    private var height = 0.0
    private var layout = LayoutMode.fill
    /// The initial stack, and the index of each id's first definition in it.
    private var initialPanels: [PanelDefinition] = []
    private var firstIndex: [String: Int] = [:]
    /// Definitions met so far in `setPanels` steps the script ran.
    private var definedLater: [String: PanelDefinition] = [:]
    /// The last `setPanels` that ran, to explain a panel that left the stack.
    private var lastSetPanels: YAMLNode?
    /// `contentHeight` nodes already warned about (by byte offset).
    private var warnedContent: Set<Int> = []
    /// Edit-distance cells left for "did you mean" in this document (see `closest`).
    private var suggestionBudget = 1_000_000
    /// Parent links for `pointer(to:)`, built on the first problem.
    private var parents: [ObjectIdentifier: (parent: ObjectIdentifier?, step: String)]?

    init(root: YAMLNode) { self.root = root }

    // MARK: - Reporting

    private mutating func report(_ rule: String, _ severity: Severity, _ message: String,
                                 at span: SourceSpan, node: YAMLNode? = nil, help: String? = nil,
                                 related: [RelatedLocation] = []) {
        diagnostics.append(Diagnostic(severity: severity, rule: rule, message: message, span: span, help: help,
                                      related: related, instancePath: node.map { pointer(to: $0) } ?? ""))
    }

    private mutating func report(_ rule: String, _ severity: Severity, _ message: String,
                                 at node: YAMLNode, help: String? = nil, related: [RelatedLocation] = []) {
        report(rule, severity, message, at: node.span, node: node, help: help, related: related)
    }

    private mutating func report(_ rule: String, _ message: String, at node: YAMLNode, help: String? = nil,
                                 related: [RelatedLocation] = []) {
        report(rule, .error, message, at: node.span, node: node, help: help, related: related)
    }

    private mutating func report(_ rule: String, _ message: String, at span: SourceSpan, node: YAMLNode?,
                                 help: String? = nil, related: [RelatedLocation] = []) {
        report(rule, .error, message, at: span, node: node, help: help, related: related)
    }

    /// The JSON pointer of `node`, found by identity (only computed for a
    /// problem). The parent links of the whole tree are built once, on the
    /// first problem, so each pointer costs its depth: searching the tree per
    /// problem made 8,000 bad `tap` targets take 11 s.
    private mutating func pointer(to node: YAMLNode) -> String {
        if parents == nil { parents = Self.parentLinks(of: root) }
        var current = ObjectIdentifier(node)
        guard parents![current] != nil else { return "" }
        var steps: [String] = []
        while let link = parents![current], let parent = link.parent {
            steps.append(link.step)
            current = parent
        }
        return steps.reversed().joined()
    }

    /// Every node's parent and the pointer step from it, in document order
    /// (a node an alias shares keeps the place of its anchor, met first).
    private static func parentLinks(of root: YAMLNode) -> [ObjectIdentifier: (parent: ObjectIdentifier?, step: String)] {
        var links: [ObjectIdentifier: (parent: ObjectIdentifier?, step: String)] = [:]
        var pending: [(node: YAMLNode, parent: ObjectIdentifier?, step: String)] = [(root, nil, "")]
        while let (node, parent, step) = pending.popLast() {
            let id = ObjectIdentifier(node)
            if links[id] != nil { continue }
            links[id] = (parent, step)
            if let items = node.items {
                for (i, item) in items.enumerated().reversed() { pending.append((item, id, "/\(i)")) }
            } else if let entries = node.entries {
                for e in entries.reversed() {
                    let key = (entryKeyText(e.key) ?? "").replacing("~", with: "~0").replacing("/", with: "~1")
                    pending.append((e.value, id, "/" + key))
                }
            }
        }
        return links
    }

    // MARK: - Entry point

    /// Runs every rule; returns the typed document when no error was found.
    mutating func run() -> AccordionSpecDocument? {
        guard root.entries != nil else { return nil }
        let reader = SpecReader(root: root)
        let container = reader.container()
        let panels = reader.panels(headerHeight: container.headerHeight)
        let steps = reader.steps(headerHeight: container.headerHeight)

        checkOtherValues()
        for p in panels { report(p.findings) }
        for case let step? in steps {
            guard case .setPanels(let items) = step.action else { continue }
            for case .definition(let def) in items { report(def.findings) }
        }
        let stacks = checkIdentities(panels: panels, steps: steps)

        width = container.width
        height = container.height
        layout = container.layout
        setStack(panels, index: firstIndex)
        let loadPlace = root["container"]?["height"] ?? root.entry("panels")?.key ?? root
        checkHeadersFit(at: loadPlace.span, node: loadPlace, context: "")
        checkContentHeights(context: "")

        var expanded: Int? = panels.isEmpty ? nil : 0
        if let node = root["container"]?["expanded"] {
            if node.isNull {
                expanded = nil
            } else if let ref = reader.reference(node) {
                if let i = resolve(ref, node, place: "in `panels`") { expanded = i }
            }
        }

        let resolvedSteps = runScript(steps, stacks: stacks, container: container, expanded: expanded,
                                      title: reader.title)
        guard !diagnostics.contains(where: { $0.severity == .error }), let resolvedSteps else { return nil }
        return AccordionSpecDocument(title: reader.title, container: container, panels: panels.map(\.spec),
                                     expandedIndex: expanded, steps: resolvedSteps)
    }

    // MARK: - Static rules

    /// Reports what the reader noted while reading panel definitions.
    private mutating func report(_ findings: [Finding]) {
        for finding in findings {
            switch finding {
            case .yaml11Boolean(let node): reportYAML11Boolean(node)
            case .colourWithoutAlpha(let node, let value): reportColourWithoutAlpha(node, value)
            case .invisibleHeader(let node, let value): reportInvisibleHeader(node, value)
            case .notFinite(let node): reportNotFinite(node)
            }
        }
    }

    /// The node-level rules outside panel definitions: the title, the
    /// container and the script's own values.
    private mutating func checkOtherValues() {
        var words: [YAMLNode?] = [root["title"], root["container"]?["expanded"]]
        var numbers: [YAMLNode?] = []
        if let c = root["container"] {
            numbers += [c["width"], c["height"], c["headerHeight"], c["animation"]?["duration"]]
            if let bg = c["background"], let value = bg.colourValue, let scalar = bg.scalar {
                report(Finding.colour(bg, scalar: scalar, value: value, isHeader: false))
            }
        }
        for step in root["script"]?.items ?? [] {
            words += [step["tap"], step["expand"], step["present"]]
            numbers += [step["wait"], step["at"], step["resize"]?["width"], step["resize"]?["height"]]
            for item in step["setPanels"]?.items ?? [] where item.entries == nil { words.append(item) }
        }
        for case let node? in words {
            guard let s = node.scalar, s.isYAML11Boolean, s.style == .plain, case .string = s.value else { continue }
            reportYAML11Boolean(node)
        }
        for case let node? in numbers {
            if case .float(let v)? = node.scalar?.value, !v.isFinite { reportNotFinite(node) }
        }
    }

    /// `yaml11-boolean`: `yes`, `off`... where the format expects text.
    private mutating func reportYAML11Boolean(_ node: YAMLNode) {
        let text = node.scalar?.text ?? ""
        report("yaml11-boolean", .warning,
               "`\(text)` is the text \"\(text)\" in YAML 1.2, but YAML 1.1 tools read it as a boolean",
               at: node, help: "quote it so every YAML reader agrees it is text: '\(text)'")
    }

    /// `colour-without-alpha`: `0x1ABC9C` is 0x001ABC9C.
    private mutating func reportColourWithoutAlpha(_ node: YAMLNode, _ value: UInt32) {
        let text = node.scalar?.text ?? ""
        let digits = String(text.dropFirst(2)).uppercased()
        let padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        report("colour-without-alpha", .warning,
               "`\(text)` has only \(digits.count) hex digits, so it is read as \(hexColour(value)) (0xRRGGBBAA): alpha \(hexByte(value))",
               at: node, help: "colours carry their alpha last; for an opaque colour write 0x\(padded)FF (or '#\(padded)')")
    }

    /// `invisible-header`: a header colour with alpha 00.
    private mutating func reportInvisibleHeader(_ node: YAMLNode, _ value: UInt32) {
        let isString = node.stringValue != nil
        let opaque = isString ? "'#\(hexColour(value | 0xFF).dropFirst(2))'" : hexColour(value | 0xFF)
        report("invisible-header", .warning,
               "header colour \(hexColour(value)) has alpha 00: the header is fully transparent and cannot be seen",
               at: node, help: "make the last byte the opacity, FF for opaque: \(opaque)")
    }

    /// `number-not-finite`: `.inf` and `.nan` cannot be sizes or times.
    private mutating func reportNotFinite(_ node: YAMLNode) {
        report("number-not-finite", .error,
               "`\(node.scalar?.text ?? "")` is not a finite number; sizes and times must be ordinary numbers",
               at: node, help: "write a number of points or seconds, such as 44 or 0.3")
    }

    /// `duplicate-panel-id` and `unknown-panel-id` in `setPanels` lists.
    /// Returns the stack each `setPanels` step builds (by step index).
    private mutating func checkIdentities(panels: [PanelDefinition], steps: [WrittenStep?]) -> [Int: [PanelDefinition]] {
        initialPanels = panels
        firstIndex.reserveCapacity(panels.count)
        for (i, p) in panels.enumerated() {
            guard let idNode = p.idNode, let id = idNode.stringValue else { continue }
            if let first = firstIndex[id], let firstNode = panels[first].idNode {
                report("duplicate-panel-id", "panel id `\(id)` is already used by another panel",
                       at: idNode, help: "give each panel its own id; ids name panels in `expanded` and the script",
                       related: [RelatedLocation(message: "first defined here", span: firstNode.span)])
            } else {
                firstIndex[id] = i
            }
        }
        var newDefinitions: [String: PanelDefinition] = [:]
        func known(_ id: String) -> PanelDefinition? {
            if let i = firstIndex[id] { return panels[i] }
            return newDefinitions[id]
        }
        var stacks: [Int: [PanelDefinition]] = [:]
        for (index, step) in steps.enumerated() {
            guard let step, case .setPanels(let items) = step.action else { continue }
            var seen: [String: YAMLNode] = [:]
            var stack: [PanelDefinition] = []
            for item in items {
                switch item {
                case .reference(let id, let node):
                    if let first = seen[id] {
                        report("duplicate-panel-id", "panel `\(id)` appears twice in this setPanels list", at: node,
                               help: "a panel can be in the stack only once; remove one of them",
                               related: [RelatedLocation(message: "first listed here", span: first.span)])
                    } else if let def = known(id) {
                        seen[id] = node
                        stack.append(def)
                    } else {
                        var help = "setPanels can name panels defined in `panels` or in an earlier setPanels; to add a new panel here, write its definition: {id: \(id), title: ...}"
                        if suggestionBudget > 0, let guess = closest(to: id, in: (Array(firstIndex.keys) + Array(newDefinitions.keys)).sorted(), budget: &suggestionBudget) { help = "did you mean `\(guess)`? " + help }
                        report("unknown-panel-id", "there is no panel `\(id)` defined before this setPanels", at: node,
                               help: help)
                    }
                case .definition(let def):
                    guard let idNode = def.idNode, let id = idNode.stringValue else {
                        stack.append(def)
                        continue
                    }
                    if let first = seen[id] {
                        report("duplicate-panel-id", "panel `\(id)` appears twice in this setPanels list", at: idNode,
                               help: "a panel can be in the stack only once; remove one of them",
                               related: [RelatedLocation(message: "first listed here", span: first.span)])
                    } else if let first = known(id), let firstNode = first.idNode {
                        report("duplicate-panel-id", "panel id `\(id)` is already defined; a new definition needs a new id",
                               at: idNode,
                               help: "to bring the existing panel back, list just its id (- \(id)); to add another panel, choose a new id",
                               related: [RelatedLocation(message: "first defined here", span: firstNode.span)])
                    } else {
                        newDefinitions[id] = def
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
    private mutating func setStack(_ panels: [PanelDefinition], index: [String: Int]? = nil) {
        stack = panels
        if let index {
            indexById = index
        } else {
            indexById = [:]
            indexById.reserveCapacity(panels.count)
            for (i, p) in panels.enumerated() where !p.spec.id.isEmpty && indexById[p.spec.id] == nil {
                indexById[p.spec.id] = i
            }
        }
        headerSum = 0
        maxContent = 0
        for p in panels {
            headerSum += p.spec.headerHeight
            if let c = p.spec.contentHeight { maxContent = max(maxContent, c) }
        }
    }

    /// `headers-overflow`: every header must fit in the container.
    private mutating func checkHeadersFit(at span: SourceSpan, node: YAMLNode?, context: String) {
        guard headerSum > height + 1e-9 else { return }
        let count = stack.count == 1 ? "the header is" : "the \(stack.count) headers add up to"
        report("headers-overflow",
               "\(count) \(points(headerSum)) points, more than the container's height of \(points(height)) points\(context)",
               at: span, node: node, help: "every header must stay on screen: make the container taller, lower the header heights, or use fewer panels")
    }

    /// `content-height-overflow`: in `fit`, a contentHeight the space cannot hold.
    private mutating func checkContentHeights(context: String) {
        guard layout == .fit else { return }
        let space = max(0, height - headerSum)
        guard maxContent > space + 1e-9 else { return }
        for p in stack {
            guard let c = p.spec.contentHeight, c > space + 1e-9, let node = p.contentHeightNode,
                  warnedContent.insert(node.span.start.offset).inserted else { continue }
            report("content-height-overflow", .warning,
                   "contentHeight \(points(c)) is more than the \(points(space)) points left under the headers\(context) (container \(points(height)) high, headers \(points(headerSum))); the content gets only \(points(space))",
                   at: node, help: "lower contentHeight to \(points(space)) or less, or make room with a taller container or lower headers")
        }
    }

    /// An id in the stack as it is now, or an index into it.
    private mutating func resolve(_ ref: PanelReference, _ node: YAMLNode, place: String) -> Int? {
        switch ref {
        case .index(let i):
            if i < stack.count { return i }
            let n = stack.count
            let message = n == 0
                ? "there is no panel \(i): there are no panels \(place)"
                : "there is no panel \(i): there \(n == 1 ? "is 1 panel" : "are \(n) panels") \(place), so indices run from 0 to \(n - 1)"
            report("panel-index-out-of-range", message, at: node,
                   help: n == 0 ? "add panels first, or remove this reference" : "use an index from 0 to \(n - 1), or the panel's id")
            return nil
        case .id(let id):
            if let i = indexById[id] { return i }
            if let def = firstIndex[id].map({ initialPanels[$0] }) ?? definedLater[id], let defNode = def.idNode {
                var help = "put `\(id)` back in the stack with setPanels before this step, or name a panel that is there"
                if let set = lastSetPanels { help += " (the setPanels at line \(set.span.start.line) left it out)" }
                report("unknown-panel-id", "panel `\(id)` is not \(place)", at: node, help: help,
                       related: [RelatedLocation(message: "`\(id)` is defined here", span: defNode.span)])
            } else {
                let ids = stack.lazy.map(\.spec.id).filter { !$0.isEmpty }
                var help: String
                if let guess = closest(to: id, in: ids, budget: &suggestionBudget) {
                    help = "did you mean `\(guess)`?"
                } else if ids.isEmpty {
                    help = "there are no panels \(place)"
                } else {
                    let shown = Array(ids.prefix(6))
                    help = "panel ids \(place): " + shown.map { "`\($0)`" }.joined(separator: ", ")
                        + (stack.count > shown.count ? ", ..." : "")
                }
                report("unknown-panel-id", "there is no panel with id `\(id)` \(place)", at: node, help: help)
            }
            return nil
        }
    }

    // MARK: - The script, run on the model

    /// Runs the script; returns the resolved steps, or nil when some step
    /// could not be resolved or applied.
    private mutating func runScript(_ steps: [WrittenStep?], stacks: [Int: [PanelDefinition]],
                                    container: ContainerSpec, expanded: Int?, title: String?) -> [Step]? {
        guard !steps.isEmpty else { return [] }
        var model = AccordionContainer(title: title, container: container, panels: stack.map(\.spec),
                                       expandedIndex: expanded)
        var resolved: [Step] = []
        resolved.reserveCapacity(steps.count)
        var complete = true
        var lastTime = 0.0
        var lastNode: YAMLNode?
        // After a step that could not run, what it would have changed is unknown;
        // rules that depend on it stay quiet rather than guess.
        var expandedKnown = true
        var modalKnown = true
        let rawSteps = root["script"]?.items ?? []

        // Whether the previous step's time came from waiting for a transition.
        var lastWaited = false
        func run(_ step: Step, _ node: YAMLNode) {
            let idle = model.clock
            lastTime = model.time(of: step)
            if case .wait = step.action { lastWaited = false } else { lastWaited = step.at == nil && lastTime > idle + 1e-9 }
            _ = model.apply(step)
            resolved.append(step)
            lastNode = node
        }

        for (index, written) in steps.enumerated() {
            guard let w = written else {
                complete = false
                switch verb(of: rawSteps[index]) {
                case "tap", "expand": expandedKnown = false
                case "present", "dismiss": modalKnown = false
                case "setPanels": return nil
                default: break
                }
                continue
            }
            if let at = w.at, let atNode = w.atNode, at < lastTime - 1e-9 {
                var related: [RelatedLocation] = []
                if let lastNode { related.append(RelatedLocation(message: "the previous step happens at \(points(lastTime)) s", span: lastNode.span)) }
                report("at-out-of-order",
                       "this step is set at \(points(at)) s, earlier than the previous step, which happens at \(points(lastTime)) s",
                       at: atNode, help: "steps run in order on one clock: set `at` to \(points(lastTime)) or later, or move this step up"
                           + (lastWaited ? " (a step without `at` waits until the running transition ends)" : ""),
                       related: related)
                complete = false
                switch w.action {
                case .tap, .expand: expandedKnown = false
                case .present, .dismiss: modalKnown = false
                case .setPanels: return nil
                default: break
                }
                continue
            }
            let modalUp = model.modalTitle != nil
            switch w.action {
            case .tap(let ref, let node):
                guard let i = resolve(ref, node, place: "in the stack at this step") else {
                    complete = false
                    expandedKnown = false
                    continue
                }
                run(Step(.tap(panel: i), at: w.at), w.node)
            case .wait(let seconds):
                run(Step(.wait(seconds: seconds)), w.node)
            case .resize(let newWidth, let newHeight):
                run(Step(.resize(width: newWidth, height: newHeight), at: w.at), w.node)
                width = newWidth
                height = newHeight
                checkHeadersFit(at: w.actionSpan, node: w.node, context: " after this resize")
                checkContentHeights(context: " after the resize at line \(w.verbKey.span.start.line)")
            case .expand(let target):
                if modalUp {
                    if modalKnown {
                        report("step-blocked-by-modal", "`expand` cannot run while the modal \"\(model.modalTitle ?? "")\" is presented",
                               at: w.actionSpan, node: w.node, help: "dismiss the modal first: add `- dismiss: true` before this step")
                    }
                    complete = false
                    expandedKnown = false
                    continue
                }
                var index: Int? = nil
                if let (ref, node) = target {
                    guard let i = resolve(ref, node, place: "in the stack at this step") else {
                        complete = false
                        expandedKnown = false
                        continue
                    }
                    index = i
                }
                run(Step(.expand(panel: index), at: w.at), w.node)
                expandedKnown = true
            case .present(let modal):
                if modalUp {
                    if modalKnown {
                        report("modal-already-presented",
                               "cannot present \"\(modal)\": the modal \"\(model.modalTitle ?? "")\" is already presented",
                               at: w.actionSpan, node: w.node, help: "dismiss the first modal before presenting another: add `- dismiss: true` before this step")
                    }
                    complete = false
                    modalKnown = true
                    continue
                }
                if model.expandedIndex == nil {
                    if expandedKnown && modalKnown {
                        report("present-without-panel",
                               "cannot present \"\(modal)\": no panel is expanded at this step, and a modal is presented over the expanded panel",
                               at: w.actionSpan, node: w.node, help: "expand a panel first (a `tap` or `expand` step), or remove this step")
                    }
                    complete = false
                    modalKnown = false
                    continue
                }
                run(Step(.present(title: modal), at: w.at), w.node)
                modalKnown = true
            case .dismiss:
                if !modalUp {
                    if modalKnown {
                        report("dismiss-without-modal", "nothing to dismiss: no modal is presented at this step",
                               at: w.actionSpan, node: w.node, help: "remove this step, or present a modal before it (`- present: Title`)")
                    }
                    complete = false
                    modalKnown = true
                    continue
                }
                run(Step(.dismiss, at: w.at), w.node)
            case .setPanels:
                if modalUp {
                    if modalKnown {
                        report("step-blocked-by-modal", "`setPanels` cannot run while the modal \"\(model.modalTitle ?? "")\" is presented",
                               at: w.actionSpan, node: w.node, help: "dismiss the modal first: add `- dismiss: true` before this step")
                    }
                    return nil
                }
                let newStack = stacks[index] ?? []
                run(Step(.setPanels(newStack.map(\.spec)), at: w.at), w.node)
                for p in newStack {
                    if let id = p.idNode?.stringValue, firstIndex[id] == nil, definedLater[id] == nil { definedLater[id] = p }
                }
                setStack(newStack)
                lastSetPanels = w.verbKey
                checkHeadersFit(at: w.actionSpan, node: w.node, context: " after this setPanels")
                checkContentHeights(context: " after the setPanels at line \(w.verbKey.span.start.line)")
            }
        }
        return complete ? resolved : nil
    }

    /// The action key of a (possibly malformed) step.
    private func verb(of node: YAMLNode) -> String? {
        for e in node.entries ?? [] {
            if let k = e.key.stringValue, SpecReader.verbs.contains(k) { return k }
        }
        return nil
    }
}

/// The alpha byte of a colour, as two hex digits.
func hexByte(_ value: UInt32) -> String {
    let digits = String(value & 0xFF, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
}
