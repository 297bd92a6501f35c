import AccordionDiagnostics
import AccordionModel
import AccordionText
import AccordionYAML

/// The accordion rules a JSON Schema cannot express. They read the document
/// leniently (whatever the schema rejected is skipped) and hand the script
/// to the one script runner (`ScriptRunner`), which follows the stack
/// through `setPanels`, runs the steps on the model's own reducer
/// (`ContainerState`, without the containment log) and words every
/// diagnostic about a step from the typed outcome the model gives it. When
/// nothing is wrong they also produce the typed document.
struct SemanticChecker {
    /// Keeps the document alive: every node below is read through
    /// `YAMLNodeRef`s (no reference counting per node), valid while it is.
    let owner: YAMLNode
    let root: YAMLNodeRef
    private(set) var diagnostics: [Diagnostic] = []

    /// The problems found, moved out (the checker keeps none).
    mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    /// The script's run, from the stack the spec loads with (set by `checkSpec`).
    private var runner = Self.noRunner
    /// A runner of no panels, shared, for a checker whose spec is not read yet.
    private static let noRunner = ScriptRunner(host: .script, panels: PanelStack(), index: PanelIDTable([]))

    /// The level of every nested panel of the spec, by id: the id of the
    /// panel holding it (empty for a flat spec).
    private var nestedOwners: [String: String] = [:]

    /// A test case's script played instead of the spec's, and its tolerance.
    private(set) var caseScript: YAMLNode?
    private(set) var caseTolerance: Double?
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
        /// Whether a panel holds a nested accordion.
        let nests: Bool

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
        checkFonts()
        // A flat spec (almost every one) takes the paths it always took.
        let nests = panels.nests
        let firstIndex: PanelIDTable
        if nests {
            let tree = panels.tree()
            checkTreeIdentities(tree)
            for entry in tree {
                if let parent = entry.parent, nestedOwners[entry.definition.spec.id] == nil {
                    nestedOwners[entry.definition.spec.id] = parent.spec.id
                }
            }
            firstIndex = PanelIDTable(panels.specs)
            checkUnusedContentHeights(tree.compactMap { $0.definition.notes }.filter { $0.nested == nil })
            checkNestedLevels(tree, reader: reader)
        } else {
            firstIndex = checkIdentities(panels: panels)
            checkUnusedContentHeights(panels.notes.compactMap { $0 })
        }
        runner = ScriptRunner(host: .script, panels: panels, index: firstIndex)
        let expanded = initiallyExpanded(reader: reader, container: container, panelCount: panels.count)

        // One array of specs shared (copy-on-write) by the model and the document.
        let state = ContainerState(container: container, panels: panels.specs, expandedIndices: expanded)
        if let height = root["container"]?["height"] {
            runner.checkHeadersFit(state, at: height.span, pointer: "/container/height", context: "")
        } else {
            runner.checkHeadersFit(state, at: (root.entry("panels")?.key ?? root).span, pointer: "/panels", context: "")
        }
        runner.noteContentHeights(state, context: "")
        checkTextFits(state)
        if nests { checkNestedHeadersFit(state, tree: panels.tree()) }
        // Several panels open at load come from a list in `expanded`.
        if let node = root["container"]?["expanded"] {
            runner.checkContentFits(state, at: node.span, pointer: "/container/expanded", context: " as the spec loads")
        }
        if let node = root["container"]?["overflow"] {
            runner.checkOpenHeights(state, at: node.span, pointer: "/container/overflow", context: " as the spec loads")
        }
        return CheckedSpec(reader: reader, container: container, panels: panels, expanded: expanded, state: state,
                           nests: nests)
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
        if spec.nests {
            for entry in panels.tree() where !entry.definition.findings.isEmpty {
                report(entry.definition.findings, under: entry.pointer, tallies: reader.contrastTallies)
            }
        } else {
            for case let notes? in panels.notes where !notes.findings.isEmpty { report(notes.findings, under: notes.location.pointer, tallies: reader.contrastTallies) }
        }
        var definitions: [PanelNotes] = []
        var nestedDefinitions: [PanelDefinition] = []
        for case let step? in steps {
            guard case .setPanels(let items) = step.action else { continue }
            for case .definition(let def) in items {
                if def.nested != nil {
                    nestedDefinitions.append(def)
                    continue
                }
                if !def.findings.isEmpty { report(def.findings, under: def.location.pointer, tallies: reader.contrastTallies) }
                if let notes = def.notes { definitions.append(notes) }
            }
        }
        checkUnusedContentHeights(definitions)
        if spec.nests || !nestedDefinitions.isEmpty {
            checkNestedDefinitions(spec, definitions: nestedDefinitions, reader: reader)
        }

        // A test case's script is played on the container with its log, so
        // the container its expectations look at is kept on the way;
        // `validate` needs the reducer alone.
        let resolvedSteps: [Step]?
        let raw = reader.script?.items
        if caseScript != nil {
            var container = AccordionContainer(title: reader.title, loading: spec.state)
            var kept: [AccordionContainer]? = []
            resolvedSteps = runner.run(steps, checks: checkSteps, raw: raw, on: &container, kept: &kept)
            containersAtExpectations = kept
        } else {
            var reducer = ReducerStage(state: spec.state)
            var kept: [AccordionContainer]?
            resolvedSteps = runner.run(steps, checks: checkSteps, raw: raw, on: &reducer, kept: &kept)
        }
        runner.reportContentOverflows()
        // The runner's problems moved, not copied: a script's hundred thousand warnings are held once.
        if diagnostics.isEmpty { diagnostics = runner.takeDiagnostics() } else { diagnostics += runner.takeDiagnostics() }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return .invalid }
        guard let resolvedSteps else { return .undecodable }
        var document = AccordionSpecDocument(title: reader.title, container: container, panels: panels.specs,
                                             expandedIndices: spec.expanded, steps: resolvedSteps,
                                             stepLines: YAMLNodeRef.lines(of: steps.compactMap { $0?.node }),
                                             expectations: runner.expectations)
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
            if reportOtherLevel(ref, node, pointer: pointer) { return [] }
            return runner.resolve(ref, node, pointer: pointer, place: "in `panels`").map { [$0] } ?? []
        }
        var resolved: [Int?] = []
        for (i, item) in items.enumerated() {
            guard let ref = reader.reference(item), !reportOtherLevel(ref, item, pointer: "\(pointer)/\(i)") else {
                resolved.append(nil)
                continue
            }
            resolved.append(runner.resolve(ref, item, pointer: "\(pointer)/\(i)", place: "in `panels`"))
        }
        let specs = runner.stack.specs
        return checkExpandedList(items, resolved: resolved, node: node, pointer: pointer, single: container.expansion != .multiple,
                                 level: nil, expansionNode: root["container"]?["expansion"]) { specs[$0].id }
    }

    /// A list `expanded` (the container's, or the level's nested in
    /// `level`), its items already resolved (what names no panel is nil,
    /// and reported): `expanded-list-in-single` under `single`, and
    /// `expanded-named-twice`. Returns the open panels, ascending.
    private mutating func checkExpandedList(_ items: YAMLItemsRef, resolved: [Int?], node: YAMLNodeRef, pointer: String,
                                            single: Bool, level: String?, expansionNode: YAMLNodeRef?,
                                            id: (Int) -> String) -> [Int] {
        let ofLevel = level.map { " of the level nested in `\($0)`" } ?? ""
        if single {
            let first = items.first.flatMap { $0.scalar.map(\.text) } ?? (level == nil ? "VC1" : "0")
            report("expanded-list-in-single",
                   "`expanded` lists \(items.count == 1 ? "1 panel" : "\(items.count) panels"), but only one panel\(ofLevel) is open at a time in `single` expansion",
                   at: node, pointer: pointer,
                   help: "set `expansion: multiple` \(level == nil ? "on the container" : "on this level (beside its `panels`)") to open several panels at once, or write one id or index (`expanded: \(first)`)",
                   related: expansionNode.map { [RelatedLocation(message: "the expansion is set here", span: $0.span)] } ?? [])
        }
        var open: [Int] = []
        var namedAt: [Int: YAMLNodeRef] = [:]
        for (i, item) in items.enumerated() {
            guard let index = resolved[i] else { continue }
            if let first = namedAt[index] {
                let name = id(index)
                report("expanded-named-twice",
                       "`expanded` names panel \(index)\(name.isEmpty ? "" : " (`\(name)`)")\(ofLevel) twice",
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

    /// `expanded-other-level` for the container's `expanded` naming a
    /// nested panel; returns whether it reported.
    private mutating func reportOtherLevel(_ ref: PanelReference, _ node: YAMLNodeRef, pointer: String) -> Bool {
        guard case .id(let id) = ref, let holder = nestedOwners[id], runner.index(of: ref) == nil else { return false }
        report("expanded-other-level",
               "the container's `expanded` names `\(id)`, a panel of the level nested in `\(holder)`; the container's `expanded` names only top-level panels",
               at: node, pointer: pointer,
               help: "open `\(id)` from its own level: `expanded: \(id)` beside the `panels` of `\(holder)`'s content (its first panel opens by default)")
        return true
    }

    // MARK: - Static rules

    /// Reports what the reader noted while reading panel definitions.
    /// `tallies` counted the panels that share a finding's faint colours.
    private mutating func report(_ findings: [Finding], under base: String, tallies: ContrastTallies) {
        for finding in findings {
            switch finding {
            case .yaml11Boolean(let node, let key): reportYAML11Boolean(node, pointer: base + "/" + key)
            case .colourWithoutAlpha(let node, let value, let key): reportColourWithoutAlpha(node, value, pointer: base + "/" + key)
            case .invisibleHeader(let node, let value, let key, let shortHex): reportInvisibleHeader(node, value, shortHex: shortHex, pointer: base + "/" + key)
            case .notFinite(let node, let key): reportNotFinite(node, pointer: base + "/" + key)
            case .notIdentifier(let node, let key): reportNotIdentifier(node, pointer: base + "/" + key)
            case .lowContrast(let low): reportLowContrast(low, under: base, sameColours: tallies[low.pair])
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
    /// `font-not-found`: each family a `font` names (at the top, in
    /// `container.content`, in a panel's `content` at any level) that the
    /// machine has no font of, where it is written. Fonts are looked up
    /// only for a spec that names one.
    private mutating func checkFonts() {
        var fonts: [(node: YAMLNodeRef, pointer: String)] = []
        if let font = root["font"] { fonts.append((font, "/font")) }
        if let font = root["container"]?["content"]?["font"] { fonts.append((font, "/container/content/font")) }
        func panels(_ items: YAMLItemsRef?, _ pointer: String) {
            guard let items else { return }
            for (index, panel) in items.enumerated() {
                guard let content = panel["content"] else { continue }
                if let font = content["font"] { fonts.append((font, "\(pointer)/\(index)/content/font")) }
                panels(content["panels"]?.items, "\(pointer)/\(index)/content/panels")
            }
        }
        panels(root["panels"]?.items, "/panels")
        for (font, pointer) in fonts {
            guard font.entries != nil, let family = font["family"] else { continue }
            let names: [(YAMLNodeRef, String, String)]
            if let name = family.stringValue {
                names = [(family, name, pointer + "/family")]
            } else if let items = family.items {
                names = items.enumerated().compactMap { i, item in item.stringValue.map { (item, $0, pointer + "/family/\(i)") } }
            } else {
                continue
            }
            let weight = font["weight"]?.integerValue.flatMap { (100...900).contains($0) ? $0 : nil } ?? 400
            let missing = Set(FontTextMeasure.missingFamilies(of: TextFont(families: names.map(\.1), weight: weight)))
            let allMissing = names.allSatisfy { missing.contains($0.1) }
            for (node, name, at) in names where missing.contains(name) {
                let then = allMissing ? "its texts are measured by the metric measure" : "its texts are measured in the next family found"
                report("font-not-found", .warning, "no font of the family `\(name)` is found on this machine: \(then)",
                       at: node, pointer: at,
                       help: "install the font (`fc-list : family` lists the families found), or name one that is installed, such as `Noto Sans`")
            }
        }
    }

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
            if let d = c["animation"]?["duration"] {
                if Self.isNotFinite(d) { reportNotFinite(d, pointer: "/container/animation/duration") }
                if let v = d.numberValue, v.isFinite, v > Self.longestDuration { reportDurationTooLong(d, seconds: v) }
            }
            if let bg = c["background"], let value = bg.colourValue, let scalar = bg.scalar {
                var found: [Finding] = []
                _ = Finding.colour(bg, scalar: scalar, value: value, isHeader: false, key: "background", into: &found)
                report(found, under: "/container", tallies: ContrastTallies())
            }
        }
        checkDeviceSize()
        checkScriptValues(root["script"])
    }

    /// `device-overrides-container-size`: a named device's safe area is the
    /// container's size, so a written width or height is not used; warned
    /// once, at the first of them, with the device's place.
    private mutating func checkDeviceSize() {
        // The device as the loader reads it (one reading of the key).
        guard let node = root["device"], let device = SpecReader(root: root).device,
              let area = device.safeArea, let c = root["container"] else { return }
        let written = ["width", "height"].compactMap { key in c[key].map { (key, $0) } }
        guard let (key, first) = written.first else { return }
        let keys = written.map { "`container.\($0.0)`" }.joined(separator: " and ")
        report("device-overrides-container-size", .warning,
               "\(keys) \(written.count == 1 ? "is" : "are") not used: with `device: \(device.rawValue)` the container is the device's safe area, \(Int(area.width)) × \(Int(area.height)) pt",
               at: first, pointer: "/container/" + key,
               help: "remove `container.width` and `container.height`, or remove `device` to keep this size",
               related: [RelatedLocation(message: "the device is set here", span: node.span)])
    }

    /// `yaml11-boolean` and `number-not-finite` in the values of `script`
    /// (the spec's own, or a test case's played instead of it), by what
    /// each step key's value is (`StepTable`).
    private mutating func checkScriptValues(_ script: YAMLNodeRef?) {
        for (i, step) in (script?.items ?? []).enumerated() {
            guard let entries = step.entries else { continue }
            for k in 0..<entries.count {
                // Keys are recognised from their bytes: no `String` per step.
                guard entries.key(at: k).shape == .string, let key = StepKey.key(at: k, of: entries) else { continue }
                let value = entries.value(at: k)
                let shape: StepValue
                switch key {
                case .at:
                    shape = .seconds
                case .action(let kind):
                    shape = StepTable.all[kind.row].value
                case .check(let check):
                    shape = StepTable.all[check.row].value
                }
                switch shape {
                case .panel, .text:
                    if Self.isWord(value) { reportYAML11Boolean(value, pointer: "/script/\(i)/" + key.rawValue) }
                case .panelID:
                    if Self.isWord(value) { reportYAML11Boolean(value, pointer: "/script/\(i)/" + key.rawValue) }
                    if let panel = value["panel"], Self.isWord(panel) {
                        reportYAML11Boolean(panel, pointer: "/script/\(i)/\(key.rawValue)/panel")
                    }
                case .panelUpdate:
                    for field in ["panel", "title"] {
                        if let node = value[field], Self.isWord(node) {
                            reportYAML11Boolean(node, pointer: "/script/\(i)/\(key.rawValue)/" + field)
                        }
                    }
                case .seconds, .offset:
                    if Self.isNotFinite(value) { reportNotFinite(value, pointer: "/script/\(i)/" + key.rawValue) }
                case .size:
                    for dimension in ["width", "height"] where Self.isNotFinite(value[dimension]) {
                        reportNotFinite(value[dimension]!, pointer: "/script/\(i)/\(key.rawValue)/" + dimension)
                    }
                case .stack:
                    for (j, item) in (value.items ?? []).enumerated() where Self.isWord(item) {
                        reportYAML11Boolean(item, pointer: "/script/\(i)/\(key.rawValue)/\(j)")
                    }
                case .flag, .expectation, .name:
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

    /// `title-truncated` and `content-clipped`: the spec's panels as they
    /// load, each title cut by the model's one title rule (`HeaderTitle`,
    /// what the pictures draw), each content against the box it gets when
    /// open (with the panels open at load, or alone). Panels a script's
    /// `setPanels` brings are not checked.
    private mutating func checkTextFits(_ state: ContainerState) {
        guard let items = root["panels"]?.items, items.count == state.panels.count else { return }
        let measure = state.container.textMeasure.measure
        // A header is as wide as the container, less the sections' inset in `insetGrouped`.
        let width = state.container.panelWidth
        let insets = state.container.width - width
        for (index, panel) in state.panels.enumerated() {
            let node = items[index]
            // Spelt only for a problem: most panels have none.
            func pointer() -> String { "/panels/\(index)" }
            let fontSize = HeaderTitle.fontSize(headerHeight: panel.headerHeight)
            let drawsMark = HeaderTitle.drawsMark(headerHeight: panel.headerHeight)
            let room = HeaderTitle.room(headerWidth: width, drawsMark: drawsMark)
            let accessories = panel.accessories
            // No cluster of the format's measure advances more than 0.55 em
            // a UTF-8 byte (UnicodeTextMeasure), so most titles need no measuring.
            // A font's advances have no such bound; accessories share the room.
            let shaped = measure.shapedTitleFont != nil
            if shaped || !accessories.isEmpty
                || Double(panel.title.utf8.count) * TextWrap.latinAdvance * HeaderTitle.semiboldFactor * fontSize > room {
                let lang = panel.writing(in: state.container.writing).panel.lang
                let layout = HeaderLayout(title: panel.title, accessories: accessories, headerWidth: width,
                                          headerHeight: panel.headerHeight, measure: measure, lang: lang)
                let fitted = layout.title
                if fitted.isTruncated || layout.detailTruncated, let title = node["title"] {
                    // What else takes the title's room, in the order the header draws it.
                    var beside: [String] = []
                    if accessories.icon != nil { beside.append("its icon") }
                    if accessories.badge != nil { beside.append("its badge") }
                    if accessories.detail != nil { beside.append("its detail") }
                    beside.append(drawsMark ? "its mark" : "its padding")
                    let besideText = beside.count == 1 ? beside[0]
                        : beside.dropLast().joined(separator: ", ") + " and " + beside.last!
                    // The width at which everything fits: the title's and the detail's needs beside the rest.
                    let detailNeeds = accessories.detail.map { detail in
                        measure.titleClusters(of: detail, lang: lang).reduce(0) { $0 + $1.advance } * fontSize
                            * (shaped ? 1 : HeaderTitle.semiboldFactor) + 8
                    } ?? 0
                    let others = (room - (layout.titleStart - 16)) - (layout.badge.map { $0.width + 6 } ?? 0)
                    let widthNeeded = (fitted.width + detailNeeds + width - others + insets).rounded(.up)
                    var message = "the title of panel `\(panel.id)` shows \(fitted.shownClusters) of its \(fitted.clusters) characters "
                        + "(\u{201C}\(fitted.text)\u{201D}): it needs \(Self.length(fitted.width)) points at \(Self.length(fontSize)) points, "
                        + "and its header has \(Self.length(max(0, room))) beside \(besideText)"
                    if let detail = accessories.detail, layout.detailTruncated {
                        message += "; its detail \u{201C}\(detail)\u{201D} is "
                            + (layout.detail.map { "cut to \u{201C}\($0.text)\u{201D}" } ?? "left out") + " too"
                    }
                    report("title-truncated", .warning, message,
                           at: title, pointer: pointer() + "/title",
                           help: "shorten the title\(accessories.detail == nil ? "" : " or the detail"), or widen the container to \(Self.length(widthNeeded)) points (`container: {width: \(Self.length(widthNeeded))}`)")
                }
                if layout.subtitleDoesNotFit, let subtitle = node["subtitle"] {
                    let words = StepWording.subtitleDoesNotFit(id: panel.id, headerHeight: panel.headerHeight)
                    report(words.rule, .warning, words.message, at: subtitle, pointer: pointer() + "/subtitle", help: words.help)
                }
            }
            // A nested level's own overflow is nested-headers-overflow's to report.
            if case .accordion? = panel.content { continue }
            guard let needed = state.intrinsicHeight(ofPanel: index), let content = node["content"] else { continue }
            let openAtLoad = state.expandedIndices.contains(index)
            let open = openAtLoad ? state.expandedIndices.count : max(1, state.container.expansion == .multiple ? state.expandedIndices.count + 1 : 1)
            let box = state.contentHeight(ofPanel: index, amongOpen: open)
            guard needed > box + 1e-9 else { continue }
            let what: String
            if case .text = panel.content {
                let lines = state.textLines[index]?.count ?? 0
                what = "the text of panel `\(panel.id)` needs \(Self.length(needed)) points (\(lines) line\(lines == 1 ? "" : "s"))"
            } else {
                what = "the rows of panel `\(panel.id)` need \(Self.length(needed)) points"
            }
            let (gets, help, at, where_): (String, String, YAMLNodeRef, String)
            if state.container.layout == .fit, let fixed = panel.contentHeight, fixed + 1e-9 < needed,
               let fixedNode = node["contentHeight"] {
                gets = "its contentHeight, \(Self.length(fixed))"
                help = "set `contentHeight: \(Self.length(needed))`, or remove contentHeight so that `layout: fit` sizes the content"
                (at, where_) = (fixedNode, "/contentHeight")
            } else if state.container.layout == .fill {
                gets = "its share of the space under the headers in the `fill` layout, \(Self.length(box))"
                help = "set `layout: fit` on the container so the content takes the height it needs, with `overflow: scroll` if the stack then outgrows the screen"
                (at, where_) = (content, "/content")
            } else {
                gets = "the space under the headers, \(Self.length(box)), as the container does not scroll"
                help = "set `overflow: scroll` on the container, so the stack scrolls instead of cutting the content"
                (at, where_) = (content, "/content")
            }
            report("content-clipped", .warning, "\(what) but gets \(gets): the rest is cut off",
                   at: at, pointer: pointer() + where_, help: help)
        }
    }

    /// A measured length as a message spells it: to one decimal.
    private static func length(_ value: Double) -> String { measured(value) }

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
        report("colour-without-alpha", .warning,
               "`\(text)` has only \(digits.count) hex digits, so it is read as \(hexColour(value)) (0xRRGGBBAA): alpha \(hexByte(value))",
               at: node, pointer: pointer,
               help: "colours carry their alpha last; for an opaque colour write \(opaqueColour(written: text)) (or '#\(paddedDigits(text))')")
    }

    /// `invisible-header`: a header colour with alpha 00. The help keeps
    /// the colour the author wrote: `0xFF0000` (alpha forgotten, read as
    /// 0x00FF0000) becomes 0xFF0000FF, not the green 0x00FF00FF that
    /// setting the last byte of the value read would give.
    private mutating func reportInvisibleHeader(_ node: YAMLNodeRef, _ value: UInt32, shortHex: Bool, pointer: String) {
        let help: String
        if shortHex {
            help = "the alpha byte is missing; keep the colour and add FF for opaque: \(opaqueColour(written: node.scalar?.text ?? ""))"
        } else {
            let opaque = node.stringValue != nil ? "'#\(hexColour(value | 0xFF).dropFirst(2))'" : hexColour(value | 0xFF)
            help = "make the last byte the opacity, FF for opaque: \(opaque)"
        }
        report("invisible-header", .warning,
               "header colour \(hexColour(value)) has alpha 00: the header is fully transparent and cannot be seen",
               at: node, pointer: pointer, help: help)
    }

    /// `low-contrast`: a title below WCAG AA on its header. Points at the
    /// title colour, or at the header colour when the title is white by default.
    private mutating func reportLowContrast(_ low: LowContrast, under base: String, sameColours: SameColours) {
        guard let (key, entry) = low.titleEntry.map({ ("titleColor", $0) }) ?? low.headerEntry.map({ ("color", $0) })
        else { return }
        let (span, related) = place(entry, in: low.panel)
        report("low-contrast", .warning, low.message(sameColours: sameColours), at: span, pointer: base + "/" + key, help: low.help, related: related)
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

    /// Seconds above which an animation's duration is taken for
    /// milliseconds: no transition an author means lasts longer.
    static let longestDuration = 10.0

    /// `duration-too-long`: `duration: 300` is five minutes, not 300 ms.
    private mutating func reportDurationTooLong(_ node: YAMLNodeRef, seconds: Double) {
        let length = seconds < 120 ? "a \(points(seconds))-second animation"
            : seconds < 7200 ? "a \(points((seconds / 60 * 10).rounded() / 10))-minute animation" : "an animation of hours"
        // Milliseconds are a likely reading only up to the longest duration's worth of them.
        let guess = seconds / 1000 <= Self.longestDuration
            ? "did you mean \(points(seconds / 1000)) (\(points(seconds)) ms)?" : "write the duration in seconds, such as 0.3"
        report("duration-too-long", .warning,
               "duration is in seconds: `\(node.scalar?.text ?? points(seconds))` makes \(length), and no transition should take more than \(points(Self.longestDuration)) seconds",
               at: node, pointer: "/container/animation/duration",
               help: guess)
    }

    /// `panel-id-not-identifier`: a non-ASCII id with a character no
    /// identifier may hold there (UAX #31), named with its code point.
    private mutating func reportNotIdentifier(_ node: YAMLNodeRef, pointer: String) {
        guard let (scalar, bad) = PanelID.nonASCIIProblem(node.stringValue ?? "") else { return }
        let s = String(scalar)
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let place = bad == 0 ? "start an id (it starts with a letter or `_`)" : "be part of an id (letters, digits, marks, `_` and `-` can)"
        report("panel-id-not-identifier", .error, "`\(s)` (\(code)) cannot \(place)", at: node, pointer: pointer,
               help: "a panel id is a Unicode identifier in any script, such as `设置` or `wi-fi`: remove or replace `\(s)`")
    }

    /// `number-not-finite`: `.inf` and `.nan` cannot be sizes or times.
    private mutating func reportNotFinite(_ node: YAMLNodeRef, pointer: String) {
        report("number-not-finite", .error,
               "`\(node.scalar?.text ?? "")` is not a finite number; sizes and times must be ordinary numbers",
               at: node, pointer: pointer, help: "write a number of points or seconds, such as 44 or 0.3")
    }

    // MARK: - Nested accordions

    /// `duplicate-panel-id` across a tree of definitions: ids are unique
    /// across every level, so a script names a nested panel by its id alone.
    private mutating func checkTreeIdentities(_ tree: [TreeEntry], seen: inout [String: YAMLNodeRef]) {
        for entry in tree {
            guard let idNode = entry.definition.idNode else { continue }
            let id = entry.definition.spec.id
            if let first = seen[id] {
                report("duplicate-panel-id", "panel id `\(id)` is already used by another panel",
                       at: idNode, pointer: entry.pointer + "/id",
                       help: "give each panel its own id, at every level; ids name panels in `expanded` and the script",
                       related: [RelatedLocation(message: "first defined here", span: first.span)])
            } else {
                seen[id] = idNode
            }
        }
    }

    private mutating func checkTreeIdentities(_ tree: [TreeEntry]) {
        var seen: [String: YAMLNodeRef] = [:]
        checkTreeIdentities(tree, seen: &seen)
    }

    /// The rules of each nested level of `tree`: no `contentHeight` beside
    /// it (`content-height-with-nested`), and its `expanded` by its own
    /// level's rules, naming only its own panels.
    private mutating func checkNestedLevels(_ tree: [TreeEntry], reader: SpecReader) {
        // Which level each id belongs to: the id of the panel holding it, nil at the top.
        var owner: [String: String?] = [:]
        for entry in tree where !entry.definition.spec.id.isEmpty {
            if owner[entry.definition.spec.id] == nil { owner[entry.definition.spec.id] = .some(entry.parent?.spec.id) }
        }
        for entry in tree {
            guard let level = entry.definition.nested else { continue }
            let parentID = entry.definition.spec.id
            if let node = entry.definition.contentHeightNode {
                report("content-height-with-nested",
                       "panel `\(parentID)` has a contentHeight beside a nested accordion, whose height follows from its own headers and open panels",
                       at: node, pointer: entry.pointer + "/contentHeight",
                       help: "remove `contentHeight` from `\(parentID)`; to size the nested level, give its panels a `contentHeight` or a `content`",
                       related: [RelatedLocation(message: "the nested accordion is here", span: level.panelsKey.span)])
            }
            checkNestedExpanded(level, parentID: parentID, pointer: entry.pointer + "/content/expanded",
                                reader: reader, owner: owner)
        }
    }

    /// `nested-headers-overflow`: a shown level's headers do not fit its
    /// parent's content box as the spec loads (the model clips them to it);
    /// a level a step shows so is named there (`ScriptRunner.checkNestedHeadersFit`).
    private mutating func checkNestedHeadersFit(_ state: ContainerState, tree: [TreeEntry]) {
        let overflowing = state.nestedLevelsOverflowing()
        guard !overflowing.isEmpty else { return }
        var holders: [String: TreeEntry] = [:]
        for entry in tree where entry.definition.nested != nil { holders[entry.definition.spec.id] = entry }
        for (holder, headers, box) in overflowing {
            // Named once: the script's steps do not name it again.
            runner.nestedOverflowNamed.insert(holder)
            guard let entry = holders[holder], let level = entry.definition.nested else { continue }
            let w = StepWording.nestedHeadersOverflow(holder: holder, count: level.panels.count, headers: headers, box: box,
                                                      context: " as the spec loads")
            report(w.rule, .warning, w.message, at: level.panelsKey, pointer: entry.pointer + "/content/panels", help: w.help)
        }
    }

    /// A nested level's `expanded`, as `initiallyExpanded` checks the
    /// container's, but against the level's own panels.
    private mutating func checkNestedExpanded(_ level: NestedLevelDefinition, parentID: String, pointer: String,
                                              reader: SpecReader, owner: [String: String?]) {
        guard let node = level.expandedNode, !node.isNull else { return }
        let place = "in the level nested in `\(parentID)`"
        let ids = level.panels.specs.map(\.id).filter { !$0.isEmpty }
        func resolve(_ item: YAMLNodeRef, pointer: String) -> Int? {
            guard let ref = reader.reference(item) else { return nil }
            switch ref {
            case .index(let i):
                if i < level.panels.count { return i }
                let w = StepWording.indexOutOfRange(item.scalar?.text ?? String(i), count: level.panels.count, place: place)
                report(w.rule, w.message, at: item, pointer: pointer, help: w.help)
            case .id(let id):
                if let i = level.panels.specs.firstIndex(where: { $0.id == id }) { return i }
                if let holder = owner[id] {
                    let where_ = holder.map { "the level nested in `\($0)`" } ?? "the top level"
                    let there = holder.map { "the `content.expanded` of `\($0)`" } ?? "the container's `expanded`"
                    report("expanded-other-level",
                           "`expanded` of the level nested in `\(parentID)` names `\(id)`, a panel of \(where_); a level's `expanded` names only its own panels",
                           at: item, pointer: pointer,
                           help: "name a panel of this level (" + ids.prefix(6).map { "`\($0)`" }.joined(separator: ", ")
                               + "), or open `\(id)` from \(there)")
                } else {
                    let w = StepWording.noSuchID(id, place: place, guess: closest(to: id, in: ids), ids: ids, count: ids.count)
                    report(w.rule, w.message, at: item, pointer: pointer, help: w.help)
                }
            }
            return nil
        }
        guard let items = node.items else {
            _ = resolve(node, pointer: pointer)
            return
        }
        var resolved: [Int?] = []
        for (i, item) in items.enumerated() { resolved.append(resolve(item, pointer: "\(pointer)/\(i)")) }
        let specs = level.panels.specs
        _ = checkExpandedList(items, resolved: resolved, node: node, pointer: pointer, single: level.expansion != .multiple,
                              level: parentID, expansionNode: level.node["expansion"]) { specs[$0].id }
    }

    /// A spec or script with nested accordions: the static rules of the
    /// nested definitions `setPanels` brings (ids unique across the tree
    /// and the spec's panels, each level's own rules), before the script
    /// is played.
    private mutating func checkNestedDefinitions(_ spec: CheckedSpec, definitions: [PanelDefinition],
                                                 reader: SpecReader) {
        let specTree = spec.nests ? spec.panels.tree() : []
        var seen: [String: YAMLNodeRef] = [:]
        for entry in specTree { if let node = entry.definition.idNode, seen[entry.definition.spec.id] == nil { seen[entry.definition.spec.id] = node } }
        var stack = PanelStack()
        for def in definitions { stack.append(def) }
        let definitionTree = stack.tree()
        checkTreeIdentities(definitionTree, seen: &seen)
        for entry in definitionTree where !entry.definition.findings.isEmpty {
            report(entry.definition.findings, under: entry.pointer, tallies: reader.contrastTallies)
        }
        checkUnusedContentHeights(definitionTree.compactMap { $0.definition.notes }.filter { $0.nested == nil })
        checkNestedLevels(definitionTree, reader: reader)
    }

    /// `duplicate-panel-id` in `panels`; returns the index of each id's first definition.
    private mutating func checkIdentities(panels: PanelStack) -> PanelIDTable {
        var firstIndex = PanelIDTable(panels.specs, capacity: panels.count)
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
        return firstIndex
    }
}

/// The six colour digits of a short `0x` colour as written (`0xFF0000`,
/// `0xABC` as `000ABC`), upper case.
func paddedDigits(_ written: String) -> String {
    let digits = String(written.dropFirst(2)).uppercased()
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}

/// The opaque colour an author meant by a short `0x` colour: its digits
/// as written, then FF.
func opaqueColour(written: String) -> String { "0x" + paddedDigits(written) + "FF" }

/// The alpha byte of a colour, as two hex digits.
func hexByte(_ value: UInt32) -> String {
    let digits = String(value & 0xFF, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
}
