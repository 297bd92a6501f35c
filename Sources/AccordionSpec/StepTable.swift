import AccordionDiagnostics
import AccordionModel
import AccordionYAML

// The one list of script steps as a spec writes them: the runner's table.
// The model's `StepKind` names what the reducer can be asked to do; the
// rows below give each kind (and the two checks, `expect` and `snapshot`)
// its key, its value, whether it takes `at`, what validate stops knowing
// when one cannot run, the words authors write for it by mistake, and the
// rules a step of it can be reported under. The schema hints, the rule
// catalog's text, the language server's step completions and the runner
// read these rows; `StepTableTests` holds the schema's `$defs/step` to them
// and every row's rules to what validate reports.
//
// A new step kind: follow ARCHITECTURE.md, "Add a step kind" (the schema,
// the model's `StepKind` and reducer, a row here with its reading in
// `SpecReader.step` and its resolving in `WrittenAction.resolved`, the
// caption, the page's player if it plays the step, and the docs).

/// The checks a script may hold among its steps: they look at the container
/// and change nothing (`accordion test` runs them).
enum CheckKind: String, CaseIterable, Sendable {
    case expect, snapshot
}

/// A key a script step may have: its action (one of the model's step
/// kinds), its check, or `at`.
enum StepKey: Hashable, Sendable {
    case action(StepKind)
    case check(CheckKind)
    case at
}

extension StepKey: SpelledKey {
    static let allCases: [StepKey] = StepKind.allCases.map(StepKey.action) + CheckKind.allCases.map(StepKey.check) + [.at]
    static let spellings = spellingTable()

    init?(rawValue: String) {
        guard let key = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = key
    }

    var rawValue: String {
        switch self {
        case .action(let kind): kind.rawValue
        case .check(let check): check.rawValue
        case .at: "at"
        }
    }
}

/// What a step's value is: what the value rules check in it and what the
/// hints say of it.
enum StepValue: Equatable, Sendable {
    /// A panel: an id in the stack at that moment or an index into it;
    /// `null` also where `orNull`, and `keyword` where one word means
    /// something else (`collapse: all`).
    case panel(orNull: Bool = false, keyword: String? = nil)
    /// `{panel: ID, …}`: a top-level panel's id (never an index) and the
    /// properties an `update` gives it (`title` a text, `disabled` a flag,
    /// colours, `content`).
    case panelUpdate
    /// A panel id at any level of the tree and never an index (an index
    /// names a top-level panel only, and a reveal is for reaching nested
    /// ones), alone or as `{panel: ID, open: true}`.
    case panelID
    /// A time in seconds, 0 or more.
    case seconds
    /// A size: a mapping of `width` and `height` in points.
    case size
    /// A text (a modal's title).
    case text
    /// Always `true`.
    case flag
    /// A list of panel ids and new panel definitions: a whole stack.
    case stack
    /// A stack offset in points.
    case offset
    /// A mapping of expectations.
    case expectation
    /// A file name.
    case name
}

/// What a step changes, which validate no longer knows after a step of
/// that kind could not run.
enum StepEffect: Sendable {
    /// Which panels are open.
    case expansion
    /// Whether a modal is presented.
    case modal
    /// The stack itself: nothing after it can be checked against the stack.
    case stack
}

/// One row of the table: a kind of step as a script writes it.
struct StepForm: Sendable {
    /// Its key.
    let key: StepKey
    let value: StepValue
    /// Whether it may carry `at` (every step but `wait`).
    let takesAt: Bool
    /// What it changes (nil: time, size or scroll position only).
    let changes: StepEffect?
    /// Whether, when it runs, it opens or closes panels whatever was open
    /// before (`expand`, `collapse`), so the open panels are known again.
    let settlesExpansion: Bool
    /// Words authors write for this key, which the hints correct.
    let synonyms: [String]
    /// Every rule a step of this kind can be reported under (besides the
    /// schema's), as `accordion explain` names them.
    let rules: [String]

    /// The key as written.
    var name: String { key.rawValue }
}

/// The rows, in the schema's order: every step kind, then the checks.
package enum StepTable {
    /// Every row, in the schema's order (`StepKind`'s, then `CheckKind`'s).
    /// Read a row in place (`all[kind.row].takesAt`): a row holds lists,
    /// and copying one for a field costs a 100,000-panel spec's script.
    static let all: [StepForm] = [tap, wait, resize, expand, collapse, reveal, present, dismiss, setPanels, update, scroll, expect, snapshot]

    /// The row of an action.
    static func form(_ kind: StepKind) -> StepForm { all[kind.row] }

    /// The row of a check.
    static func form(_ check: CheckKind) -> StepForm { all[check.row] }

    /// The rules of any step that may carry `at`.
    private static let timed = ["at-out-of-order", "number-not-finite"]
    /// The rules of an action's time: as `timed`, and the script clock's limit
    /// (`maxStepTime`), which checks never move.
    private static let clocked = timed + ["time-past-limit"]
    /// The rules of a step that names a panel.
    private static let naming = ["unknown-panel-id", "panel-index-out-of-range", "yaml11-boolean"]
    /// The warnings about the state a step leaves (`content-overflow` and
    /// `open-panel-without-height`, given after the step that brings them about).
    private static let leaving = ["content-overflow", "open-panel-without-height"]
    /// The warning of a step that can show a nested level in a box too small
    /// for its headers: one that opens a panel, or shrinks the space (a
    /// `collapse` only ever gives the boxes more room; an `update` cannot
    /// bring a level).
    private static let showing = ["nested-headers-overflow"]

    private static let tap = StepForm(
        key: .action(.tap), value: .panel(), takesAt: true, changes: .expansion, settlesExpansion: false,
        synonyms: ["click", "press", "touch", "select", "toggle"],
        rules: clocked + naming + ["tap-ignored"] + leaving + showing)
    private static let wait = StepForm(
        key: .action(.wait), value: .seconds, takesAt: false, changes: nil, settlesExpansion: false,
        synonyms: ["sleep", "delay", "pause"],
        rules: ["number-not-finite", "time-past-limit"])
    private static let resize = StepForm(
        key: .action(.resize), value: .size, takesAt: true, changes: nil, settlesExpansion: false,
        synonyms: ["size", "rotate"],
        rules: clocked + ["headers-overflow"] + leaving + showing)
    private static let expand = StepForm(
        key: .action(.expand), value: .panel(orNull: true), takesAt: true, changes: .expansion, settlesExpansion: true,
        synonyms: ["open", "show", "unfold"],
        rules: clocked + naming + ["step-blocked-by-modal"] + leaving + showing)
    private static let collapse = StepForm(
        key: .action(.collapse), value: .panel(keyword: "all"), takesAt: true, changes: .expansion, settlesExpansion: true,
        synonyms: ["close", "fold", "hide"],
        rules: clocked + naming + ["step-blocked-by-modal"] + leaving)
    private static let reveal = StepForm(
        key: .action(.reveal), value: .panelID, takesAt: true, changes: .expansion, settlesExpansion: false,
        synonyms: ["goto", "jump", "find", "navigate"],
        rules: clocked + ["unknown-panel-id", "yaml11-boolean", "step-blocked-by-modal", "reveal-blocked"] + leaving + showing)
    private static let present = StepForm(
        key: .action(.present), value: .text, takesAt: true, changes: .modal, settlesExpansion: false,
        synonyms: ["modal", "push"],
        rules: clocked + ["yaml11-boolean", "modal-already-presented", "present-without-panel"])
    private static let dismiss = StepForm(
        key: .action(.dismiss), value: .flag, takesAt: true, changes: .modal, settlesExpansion: false,
        synonyms: [],
        rules: clocked + ["dismiss-without-modal"])
    private static let setPanels = StepForm(
        key: .action(.setPanels), value: .stack, takesAt: true, changes: .stack, settlesExpansion: false,
        synonyms: ["panels", "replace", "set"],
        rules: clocked + ["duplicate-panel-id", "unknown-panel-id", "yaml11-boolean", "step-blocked-by-modal", "headers-overflow"]
            + leaving + showing + ["content-height-unused", "content-height-overflow", "low-contrast", "colour-without-alpha", "invisible-header"])
    /// Like `resize`, it changes no panel's open state and nothing a later
    /// step depends on but what the layout shows. Its headers keep their
    /// heights and the space under them stays, so neither `headers-overflow`
    /// nor `open-panel-without-height` can follow it (a content is only ever
    /// set, never taken away); a new `content` can make the open contents
    /// overflow. Not blocked by a modal, as `resize` is not.
    private static let update = StepForm(
        key: .action(.update), value: .panelUpdate, takesAt: true, changes: nil, settlesExpansion: false,
        synonyms: ["change", "modify", "edit"],
        rules: clocked + ["unknown-panel-id", "yaml11-boolean", "content-overflow"])
    private static let scroll = StepForm(
        key: .action(.scroll), value: .offset, takesAt: true, changes: nil, settlesExpansion: false,
        synonyms: [],
        rules: clocked)
    private static let expect = StepForm(
        key: .check(.expect), value: .expectation, takesAt: true, changes: nil, settlesExpansion: false,
        synonyms: [],
        rules: timed + ["unknown-panel-id", "unknown-event"])
    private static let snapshot = StepForm(
        key: .check(.snapshot), value: .name, takesAt: true, changes: nil, settlesExpansion: false,
        synonyms: [],
        rules: timed)

    /// The words authors write for `at`.
    static let atSynonyms = ["time", "when", "after"]

    /// The actions' keys.
    static let actionNames: Set<String> = Set(StepKind.allCases.map(\.rawValue))

    /// The keys of an action step (every action, and `at`), in the schema's order.
    static let actionKeys: [String] = StepKind.allCases.map(\.rawValue) + ["at"]

    /// Every key a step may have, in the order the schema's alternatives
    /// list them (`at` after the first key that takes it): what an editor
    /// offers at a step.
    package static let writtenKeys: [String] = {
        var keys: [String] = []
        for form in all {
            keys.append(form.name)
            if form.takesAt, !keys.contains("at") { keys.append("at") }
        }
        return keys
    }()

    /// The keys whose value is a panel id (or index), with the words that
    /// are not ids there (`collapse: all`): the places an editor completes ids.
    package static let panelKeys: [(key: String, keywords: Set<String>)] = all.compactMap { form in
        switch form.value {
        case .panel(_, let keyword): (form.name, Set(keyword.map { [$0] } ?? []))
        case .panelID: (form.name, [])
        default: nil
        }
    }

    /// The keys of rows whose value is `value`'s kind.
    static func keys(where matches: (StepValue) -> Bool) -> [String] { all.filter { matches($0.value) }.map(\.name) }

    /// Each word authors write for a step key, and the key they mean.
    static let synonyms: [String: String] = {
        var map: [String: String] = [:]
        for form in all { for word in form.synonyms { map[word] = form.name } }
        for word in atSynonyms { map[word] = "at" }
        return map
    }()

    /// The keys of the rows a rule is reported under, as prose: "`expand`,
    /// `collapse` or `setPanels`".
    static func kinds(reportedUnder rule: String, actionsOnly: Bool = true) -> String {
        listed(all.filter { (!actionsOnly || $0.key.isAction) && $0.rules.contains(rule) }.map(\.name))
    }

    /// Keys in backquotes, as prose: "`a`, `b` or `c`".
    static func listed(_ keys: [String], joinedBy word: String = "or") -> String {
        let quoted = keys.map { "`\($0)`" }
        guard let last = quoted.last else { return "" }
        return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " \(word) " + last
    }
}

extension StepKind {
    /// Its row in `StepTable.all`.
    var row: Int {
        switch self {
        case .tap: 0
        case .wait: 1
        case .resize: 2
        case .expand: 3
        case .collapse: 4
        case .reveal: 5
        case .present: 6
        case .dismiss: 7
        case .setPanels: 8
        case .update: 9
        case .scroll: 10
        }
    }
}

extension CheckKind {
    /// Its row in `StepTable.all`, after the actions'.
    var row: Int {
        switch self {
        case .expect: 11
        case .snapshot: 12
        }
    }
}

extension StepKey {
    /// The keys a check step is read by (its check and `at`), spelled apart
    /// so that reading the checks of a long script does not match every action key.
    static let checkSpellings = KeySpellings(allCases.filter { !$0.isAction }.map { ($0.rawValue, $0) })

    /// Whether it names an action (not a check or `at`).
    var isAction: Bool {
        if case .action = self { return true }
        return false
    }
}

// MARK: - Steps as written

/// A panel reference as written: an id or an index.
enum PanelReference {
    case id(String)
    case index(Int)
}

/// One item of a `setPanels` list.
enum StackItem {
    /// An id of a panel defined earlier.
    case reference(String, YAMLNodeRef, item: Int)
    /// A new panel.
    case definition(PanelDefinition)
}

/// A step's action as written, before references are resolved.
enum WrittenAction {
    case tap(PanelReference, YAMLNodeRef)
    case wait(Double)
    case resize(width: Double, height: Double)
    /// nil: `expand: null`.
    case expand((PanelReference, YAMLNodeRef)?)
    /// nil: `collapse: all`.
    case collapse((PanelReference, YAMLNodeRef)?)
    /// `reveal`: the id (an `.id` reference, since a reveal takes no index)
    /// and its node, whether it opens the panel too, and whether it was
    /// written as a mapping (`{panel: ID, open: …}`: the id's pointer ends in `/panel`).
    case reveal(PanelReference, YAMLNodeRef, open: Bool, mapped: Bool)
    case present(String)
    case dismiss
    case setPanels([StackItem])
    /// `update`: the `panel` id (an `.id` reference) and its node, and
    /// the properties it gives the panel.
    indirect case update(PanelReference, YAMLNodeRef, PanelUpdate)
    case scroll(Double)

    /// The panel it names, and where.
    var panelTarget: (PanelReference, YAMLNodeRef)? {
        switch self {
        case .tap(let ref, let node): (ref, node)
        case .expand(let target), .collapse(let target): target
        case .reveal(let ref, let node, _, _): (ref, node)
        case .update(let ref, let node, _): (ref, node)
        default: nil
        }
    }

    /// The model's action, its references resolved by `runner` against the
    /// stack the step meets (a reference that names no panel there becomes
    /// `outside`, an index past the stack, which the model rejects in its
    /// own order of checks); nil when a `setPanels` list had problems the
    /// runner's host does not run with.
    func resolved(on runner: inout ScriptRunner, step index: Int, outside: Int) -> StepAction? {
        switch self {
        case .tap(let ref, _): .tap(panel: runner.address(of: ref) ?? outside)
        case .wait(let seconds): .wait(seconds: seconds)
        case .resize(let width, let height): .resize(width: width, height: height)
        case .expand(let target): .expand(panel: target.map { runner.address(of: $0.0) ?? outside })
        case .collapse(let target): .collapse(panel: target.map { runner.address(of: $0.0) ?? outside })
        case .reveal(let ref, _, let open, _): .reveal(panel: runner.address(of: ref) ?? outside, open: open)
        case .present(let title): .present(title: title)
        case .dismiss: .dismiss
        case .setPanels(let items): runner.stack(for: items, step: index).map(StepAction.setPanels)
        case .scroll(let offset): .scroll(offset: offset)
        case .update(let ref, _, let update):
            // Top-level panels only: a nested id is `outside` too, which
            // the model rejects as an unknown panel of the stack.
            .update(panel: runner.address(of: ref).flatMap { $0 < runner.stack.count ? $0 : nil } ?? outside, update)
        }
    }
}

/// A step as written, with the nodes diagnostics point at.
struct WrittenStep {
    /// The action's kind, by its key.
    var kind: StepKind
    var action: WrittenAction
    /// The step's mapping.
    var node: YAMLNodeRef
    /// The action key (`tap`) and its value.
    var verbKey: YAMLNodeRef
    var verbValue: YAMLNodeRef
    /// Position in the script, for JSON pointers.
    var index: Int
    var pointer: String { "/script/\(index)" }
    /// `at:` seconds and its value node.
    var at: Double?
    var atNode: YAMLNodeRef?

    /// The action key through its value, for underlining the whole action.
    var actionSpan: SourceSpan { spanning(verbKey, verbValue) }

    /// The pointer of the panel reference it holds: its action's value, or
    /// a mapped `reveal`'s `panel`.
    var panelPointer: String {
        switch action {
        case .reveal(_, _, _, mapped: true), .update: return pointer + "/" + kind.rawValue + "/panel"
        default: break
        }
        return pointer + "/" + kind.rawValue
    }
}

/// An `expect` or `snapshot` step as written.
struct WrittenCheck {
    /// The `expect` / `snapshot` key and its value.
    var key: YAMLNodeRef
    var value: YAMLNodeRef
    var checks: [ExpectCheck]
    var tolerance: Double
    var at: Double?
    var atNode: YAMLNodeRef?
}

// MARK: - Reading steps

extension SpecReader {
    /// The properties of an `update` mapping, read as a panel definition
    /// reads them (the same colour and content readers); nil when a value
    /// is not of its type, a key is unknown, or none is given beside
    /// `panel` (the schema reports each).
    func panelUpdate(_ node: YAMLNodeRef) -> PanelUpdate? {
        guard let entries = node.entries, entries.count > 1 else { return nil }
        var update = PanelUpdate()
        for k in 0..<entries.count {
            let value = entries.value(at: k)
            switch entries.key(at: k).stringValue {
            case "panel":
                continue
            case "title":
                guard let title = value.stringValue else { return nil }
                update.title = title
            case "disabled":
                guard case .bool(let flag)? = value.scalar?.value else { return nil }
                update.disabled = flag
            case "badge", "detail", "subtitle":
                // `null` removes the accessory; a text replaces it.
                let text: String?
                if case .null? = value.scalar?.value {
                    text = nil
                } else {
                    guard let written = value.stringValue, !written.isEmpty else { return nil }
                    text = written
                }
                switch entries.key(at: k).stringValue {
                case "badge": update.badge = .some(text)
                case "detail": update.detail = .some(text)
                default: update.subtitle = .some(text)
                }
            case "icon":
                if case .null? = value.scalar?.value {
                    update.icon = .some(nil)
                } else {
                    guard let name = value.stringValue, let icon = HeaderIcon(rawValue: name) else { return nil }
                    update.icon = .some(icon)
                }
            case "color":
                guard let colour = Self.themedColour(value) else { return nil }
                (update.color, update.darkColor) = colour
            case "titleColor":
                guard let colour = Self.themedColour(value) else { return nil }
                (update.titleColor, update.darkTitleColor) = colour
            case "content":
                // A nested level is not an update's (the schema refuses `panels`).
                guard value["panels"] == nil, let content = content(value) else { return nil }
                update.content = content
                update.contentWriting = Self.writing(of: value)
            default:
                return nil
            }
        }
        return update
    }

    /// The script's steps; nil for a step the schema rejects (and for a check).
    func steps(headerHeight: Double) -> [WrittenStep?] {
        guard let items = script?.items else { return [] }
        return items.enumerated().map { step($1, index: $0, headerHeight: headerHeight) }
    }

    /// The script's `expect` and `snapshot` steps by their index in it,
    /// read leniently (the schema reports what is malformed).
    func checkSteps(fileTolerance: Double) -> [Int: WrittenCheck] {
        var found: [Int: WrittenCheck] = [:]
        for (index, node) in (script?.items ?? []).enumerated() {
            guard let entries = node.entries else { continue }
            var check: WrittenCheck?
            var atNode: YAMLNodeRef?
            for k in 0..<entries.count {
                // Keys are recognised from their bytes: no `String` per step.
                guard entries.key(at: k).shape == .string,
                      let which = StepKey.key(at: k, of: entries, among: StepKey.checkSpellings) else { continue }
                let key = entries.key(at: k), value = entries.value(at: k)
                switch which {
                case .check(.expect):
                    let (checks, tolerance) = expectation(value, fileTolerance: fileTolerance)
                    check = WrittenCheck(key: key, value: value, checks: checks, tolerance: tolerance)
                case .check(.snapshot):
                    guard let name = value.stringValue else { continue }
                    check = WrittenCheck(key: key, value: value, checks: [ExpectCheck(.snapshot(name), span: key.span)],
                                         tolerance: fileTolerance)
                case .at:
                    atNode = value
                case .action:
                    continue
                }
            }
            guard var check else { continue }
            if let atNode, let v = atNode.numberValue, v >= 0, v.isFinite {
                check.at = v
                check.atNode = atNode
            }
            found[index] = check
        }
        return found
    }

    /// One step of the script at `stepIndex`; nil when the schema rejects it
    /// (or it is a check).
    func step(_ node: YAMLNodeRef, index stepIndex: Int, headerHeight: Double) -> WrittenStep? {
        guard let entries = node.entries else { return nil }
        var verb: (key: YAMLNodeRef, value: YAMLNodeRef, kind: StepKind)?
        var atNode: YAMLNodeRef?
        for k in 0..<entries.count {
            // Keys are recognised from their bytes: no `String` per step.
            guard entries.key(at: k).shape == .string, let key = StepKey.key(at: k, of: entries) else { return nil }
            switch key {
            case .at:
                atNode = entries.value(at: k)
            case .action(let kind) where verb == nil:
                verb = (entries.key(at: k), entries.value(at: k), kind)
            case .action, .check:
                return nil
            }
        }
        guard let (key, value, kind) = verb else { return nil }
        var at: Double?
        if let atNode {
            guard StepTable.all[kind.row].takesAt, let v = atNode.numberValue, v >= 0, v.isFinite else { return nil }
            at = v
        }
        let action: WrittenAction
        switch kind {
        case .tap:
            guard let r = reference(value) else { return nil }
            action = .tap(r, value)
        case .wait:
            guard let v = value.numberValue, v >= 0, v.isFinite else { return nil }
            action = .wait(v)
        case .resize:
            guard let w = Self.positiveValue(value["width"]), let h = Self.positiveValue(value["height"]),
                  value.entries?.count == 2 else { return nil }
            action = .resize(width: w, height: h)
        case .expand:
            if value.isNull {
                action = .expand(nil)
            } else {
                guard let r = reference(value) else { return nil }
                action = .expand((r, value))
            }
        case .collapse:
            if value.stringValue == "all" {
                action = .collapse(nil)
            } else {
                guard let r = reference(value) else { return nil }
                action = .collapse((r, value))
            }
        case .reveal:
            if let id = value.stringValue {
                action = .reveal(.id(id), value, open: false, mapped: false)
            } else if let entries = value.entries, let node = value["panel"], let id = node.stringValue {
                // Only `panel` and `open` (the schema reports any other key).
                guard entries.allSatisfy({ $0.key.stringValue == "panel" || $0.key.stringValue == "open" }) else { return nil }
                var open = false
                if let flag = value["open"] {
                    guard case .bool(let b)? = flag.scalar?.value else { return nil }
                    open = b
                }
                action = .reveal(.id(id), node, open: open, mapped: true)
            } else {
                return nil
            }
        case .present:
            guard let title = value.stringValue else { return nil }
            action = .present(title)
        case .dismiss:
            guard case .bool(true)? = value.scalar?.value else { return nil }
            action = .dismiss
        case .setPanels:
            guard let items = value.items else { return nil }
            var list: [StackItem] = []
            for (i, item) in items.enumerated() {
                if let id = item.stringValue {
                    list.append(.reference(id, item, item: i))
                } else if item.entries != nil {
                    list.append(.definition(panel(item, index: i, headerHeight: headerHeight,
                                                  location: .setPanels(step: stepIndex, item: i))))
                } else {
                    return nil
                }
            }
            action = .setPanels(list)
        case .scroll:
            guard let v = value.numberValue, v.isFinite else { return nil }
            action = .scroll(v)
        case .update:
            guard let node = value["panel"], let id = node.stringValue, let update = panelUpdate(value) else { return nil }
            action = .update(.id(id), node, update)
        }
        return WrittenStep(kind: kind, action: action, node: node, verbKey: key, verbValue: value, index: stepIndex, at: at,
                           atNode: atNode)
    }
}
