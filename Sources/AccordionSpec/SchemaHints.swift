import AccordionDiagnostics
import AccordionUnicode
import AccordionModel
import AccordionYAML

/// Accordion-specific advice added to the general validator's findings,
/// where the generic help ("expected string, found null") would leave an
/// author puzzled: a `#RRGGBB` colour that YAML read as a comment, a quoted
/// hex number, a CSS short colour, a `yes` where `true` was meant.
enum SchemaHints {
    static let colourKeys: Set<String> = ["color", "titleColor", "background"]
    /// Keys of steps whose value is a text (`present: Compose`).
    static let textStepKeys: Set<String> = Set(StepTable.keys { $0 == .text })
    /// Keys whose value is a text: a panel's, and the steps'.
    static let textKeys: Set<String> = textStepKeys.union(["title", "id"])
    /// Keys in seconds: the steps' (`StepTable`), `at` and the animation's duration.
    static let secondKeys: Set<String> = Set(StepTable.keys { $0 == .seconds } + ["at", "duration"])
    static let numberKeys: Set<String> = secondKeys.union(["width", "height", "headerHeight", "contentHeight"])
    /// Keys of steps whose value names a panel (`tap: VC1`).
    static let panelStepKeys: Set<String> = Set(StepTable.panelKeys.map(\.key))
    /// The container's keys in backquotes, in the schema's order (`$defs/container`): "`width`, `height`, …".
    /// Read from the bundled schema once, the first time a hint needs them.
    static let containerKeys: String = {
        let properties = (try? SpecLoader.bundledSchemaNode())?["$defs"]?["container"]?["properties"]
        return (properties?.entries.map(Array.init) ?? []).compactMap { $0.key.scalarText }.map { "`\($0)`" }
            .joined(separator: ", ")
    }()

    /// The keys whose value is a boolean (`disabled`, `collapsible`), read
    /// from the bundled schema once: every `properties` entry of type boolean.
    static let booleanKeys: Set<String> = {
        var keys: Set<String> = []
        func walk(_ node: YAMLNode) {
            if let items = node.items { for item in items { walk(item) } }
            guard let entries = node.entries else { return }
            for entry in entries {
                if entry.key.scalarText == "properties", let properties = entry.value.entries {
                    for p in properties where p.value["type"]?.scalarText == "boolean" {
                        if let key = p.key.scalarText { keys.insert(key) }
                    }
                }
                walk(entry.value)
            }
        }
        if let schema = try? SpecLoader.bundledSchemaNode() { walk(schema) }
        return keys
    }()

    /// The boolean YAML 1.1 reads a word as (`yes`, `On`, `y` are true;
    /// `no`, `OFF`, `n` false), or nil for any other text.
    static func yaml11Truth(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "y", "yes", "on", "true": true
        case "n", "no", "off", "false": false
        default: nil
        }
    }

    /// `0.3` from `0.3s`, `300ms` stays `300ms` (nil): only a number followed by a unit.
    static func leadingNumber(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        var end = 0
        while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == "." { end += 1 }
        guard end > 0, end < scalars.count else { return nil }
        let number = String(String.UnicodeScalarView(scalars[..<end]))
        let unit = String(String.UnicodeScalarView(scalars[end...])).trimmingCharacters().lowercased()
        guard let value = Double(number), ["s", "sec", "secs", "seconds", "pt", "pts", "px", "points"].contains(unit) else {
            if unit == "ms", let value = Double(number) { return points(value / 1000) }
            return nil
        }
        return points(value)
    }

    static func improve(_ diagnostics: [Diagnostic], root: YAMLNode, bytes: [UInt8]?) -> [Diagnostic] {
        root.withBorrowed { improve(diagnostics, root: $0, bytes: bytes) }
    }

    private static func improve(_ diagnostics: [Diagnostic], root: YAMLNodeRef, bytes: [UInt8]?) -> [Diagnostic] {
        // A step whose only key is a misspelt action (`tapp: VC1`) fails twice:
        // an unknown key and a missing action. The unknown key, with its
        // "did you mean", says it all.
        let stepsWithUnknownKeys = Set(diagnostics.compactMap { d -> String? in
            guard d.rule == "schema-additional-properties" else { return nil }
            let parts = d.instancePath.split(separator: "/")
            return parts.count == 3 && parts[0] == "script" ? "/script/\(parts[1])" : nil
        })
        return diagnostics.compactMap { d in
            guard let node = root.node(atPointer: d.instancePath) else { return d }
            var better = d
            if d.rule == "schema-required", isStep(d.instancePath), !hasVerb(node) {
                if stepsWithUnknownKeys.contains(d.instancePath) { return nil }
                better.message = "this step has no action"
            }
            if d.rule == "schema-required", lastKey(d.instancePath) == "content", node.entries != nil,
               node["text"] == nil, node["rows"] == nil {
                better.message = "this content has neither `text` nor `rows`"
            }
            if d.rule == "schema-pattern", isPanelIdPlace(d.instancePath), let text = node.stringValue,
               !text.utf8.allSatisfy({ $0 < 0x80 }) {
                // The shape of a non-ASCII id fails at an ASCII character (a space, punctuation).
                let bad = text.unicodeScalars.first { $0.isASCII && !($0 == "_" || $0 == "-" || ("0"..."9").contains($0)
                    || ("a"..."z").contains($0) || ("A"..."Z").contains($0)) }
                better.message = "`\(text)` is not a panel id" + (bad.map { $0 == " " ? ": an id has no spaces" : ": `\($0)` cannot be part of one" } ?? "")
            }
            if d.rule == "schema-pattern", lastKey(d.instancePath) == "lang", let text = node.stringValue {
                better.message = "`\(text)` is not a well-formed BCP 47 language tag"
            }
            if let hint = hint(for: d, node: node, root: root, bytes: bytes) { better.help = hint }
            return better
        }
    }

    /// A panel's `content` holds exactly one of `text` and `rows`: the
    /// schema's findings for both, neither, or a bare text, in those words.
    private static func contentHint(_ d: Diagnostic, key: String, node: YAMLNodeRef, root: YAMLNodeRef) -> String? {
        let path = d.instancePath
        // A nested accordion (`content: {panels: [...]}`) has only its level's keys.
        if d.rule == "schema-false", path.dropLast(key.count + 1).hasSuffix("/content"),
           let content = root.node(atPointer: String(path.dropLast(key.count + 1))), content["panels"] != nil {
            return "a content with `panels` is a nested accordion: it has no `text`, `rows` or measures; remove `\(key)`, or move the text into a nested panel's own `content`"
        }
        if d.rule == "schema-dependent-required", key == "content",
           let nestedKey = ["expansion", "collapsible", "expanded", "headerHeight", "indent"].first(where: { node[$0] != nil && d.message.contains("`\($0)` is present") }) {
            let top = nestedKey == "indent" ? "" : ", or set it on the container for the top level"
            return "`\(nestedKey)` belongs to a nested accordion (`content: {panels: [...], \(nestedKey): ...}`); remove it from this content\(top)"
        }
        if d.rule == "schema-false", key == "rows", path.dropLast(5).hasSuffix("/content") {
            return "a content has `text` or `rows`, not both: keep `text:` for paragraphs or `rows:` for a list"
        }
        if d.rule == "schema-required", key == "content", node.entries != nil {
            return "a content needs `text:` (paragraphs) or `rows:` (a list of rows)"
        }
        if d.rule == "schema-type", key == "content", let scalar = node.scalar, node.stringValue != nil {
            return "content is a mapping: `content: {text: \(written(scalar))}` for text, or `content: {rows: [...]}` for a list"
        }
        return nil
    }

    private static func hasVerb(_ step: YAMLNodeRef) -> Bool {
        step.entries?.contains { $0.key.stringValue.map(StepTable.actionNames.contains) ?? false } ?? true
    }

    private static func lastKey(_ pointer: String) -> String {
        String(pointer.split(separator: "/").last ?? "")
    }

    private static func hint(for d: Diagnostic, node: YAMLNodeRef, root: YAMLNodeRef, bytes: [UInt8]?) -> String? {
        let key = lastKey(d.instancePath)
        if d.rule == "schema-additional-properties", let hint = stepKeyHint(d, key: key, root: root) { return hint }
        if d.rule == "schema-additional-properties", key == "at", d.instancePath.hasSuffix("/at"),
           d.instancePath.dropLast(3).hasSuffix("/expect") {
            return "`at` belongs to the step, beside `expect` (as on a `tap`): `- expect: {...}` then `at: SECONDS` on the next line, indented like `expect`"
        }
        if d.rule == "schema-required", isStep(d.instancePath), !hasVerb(node) {
            return "a step needs one action: \(stepKinds)"
        }
        if let hint = contentHint(d, key: key, node: node, root: root) { return hint }
        if d.rule == "schema-type", key == "scroll", d.instancePath.hasPrefix("/script/"), node.stringValue != nil {
            return "scroll takes the stack offset to show at the top, in points (`scroll: 480`); to bring a panel into view, tap or expand it"
        }
        if d.rule == "schema-type", let hint = revealIndexHint(d, key: key, node: node, root: root) { return hint }
        if let hint = updateHint(d, node: node) { return hint }
        if d.rule == "schema-type", isStepValue(d.instancePath), panelStepKeys.contains(key) || textStepKeys.contains(key),
           let id = node["id"]?.stringValue ?? (panelStepKeys.contains(key) ? nil : node["title"]?.stringValue) {
            return panelStepKeys.contains(key) ? "name the panel by its id alone: `\(key): \(id)`" : "write just the modal's title: `\(key): \(id)`"
        }
        if d.rule == "schema-type", textKeys.contains(key), let items = node.items {
            let words = items.compactMap { $0.scalar.map(written) }
            return "\(key) is one text, not a list: `\(key): \(words.first ?? "...")`"
        }
        if d.rule == "schema-type", d.instancePath == "/panels" || d.instancePath == "/script", node.entries != nil {
            return d.instancePath == "/panels"
                ? "panels is a list: start each panel with `- `, as in `- {id: VC1, title: View Controller 1}`"
                : "script is a list: start each step with `- `, as in `- tap: VC1`"
        }
        if d.rule == "schema-type", d.instancePath.isEmpty, node.items != nil {
            return "a spec is one mapping (`accordion: 1`, `panels: ...`) at the top level, not a list: remove the leading `- `"
        }
        if d.rule == "schema-type", let place = Place(d.instancePath), let hint = shapeHint(place, node: node) { return hint }
        if d.rule == "schema-type", colourKeys.contains(key), let items = node.items {
            // `[26, 188, 156]`: channels, as CSS rgb() writes them.
            let channels = items.compactMap(\.integerValue).filter { (0...255).contains($0) }
            if (3...4).contains(items.count), channels.count == items.count {
                var value = channels.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                if channels.count == 3 { value = value << 8 | 0xFF }
                return "a colour is one value, not a list of channels: `\(key): \(hexColour(value))`"
            }
            return "a colour is one value, not a list: write '#RRGGBB', '#RRGGBBAA' or an integer 0xRRGGBBAA"
        }
        guard let scalar = node.scalar else { return nil }
        if d.rule == "schema-pattern", key == "lang", case .string(let text) = scalar.value {
            return langHint(text)
        }
        if d.rule == "schema-enum", key == "dir", case .string(let text) = scalar.value {
            let meant = ["left": "ltr", "left-to-right": "ltr", "right": "rtl", "right-to-left": "rtl"][text.lowercased()]
            let shape = "dir is `ltr` (left to right), `rtl` (right to left) or `auto` (each paragraph and title by its first strong letter)"
            return meant.map { "write `dir: \($0)`; \(shape)" } ?? shape
        }
        if d.rule == "schema-pattern", case .string(let text) = scalar.value, isPanelIdPlace(d.instancePath) {
            return "ids start with a letter or `_`, then letters, digits, `_` or `-` (no spaces): for example `\(slug(text))`"
        }
        if d.rule == "schema-exclusive-minimum" || d.rule == "schema-minimum", !colourKeys.contains(key),
           numberKeys.contains(key), let v = node.numberValue, v <= 0 {
            let unit = secondKeys.contains(key) ? "seconds" : "points"
            if v < 0 { return "\(key) cannot be negative; did you mean \(points(-v))? (\(key) is in \(unit))" }
            return key == "headerHeight" ? "a header 0 points high can be neither seen nor tapped; 44 is the usual height"
                : "a size of 0 points leaves nothing to show; give \(key) a positive number of points"
        }
        if d.rule == "schema-type", isStep(d.instancePath), case .string(let text) = scalar.value {
            let words = text.split(separator: " ", maxSplits: 1)
            if let verb = words.first, StepTable.actionNames.contains(String(verb)) {
                let rest = words.count > 1 ? " " + words[1] : " ..."
                return "a step is a mapping: put a colon after the action, `- \(verb):\(rest)`"
            }
            return "a step is a mapping with one action, such as `- tap: VC1` or `- wait: 0.5`"
        }
        if d.rule == "schema-type", key == "resize", case .string(let text) = scalar.value {
            let parts = text.lowercased().split(separator: "x").map { $0.trimmingCharacters() }
            if parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) {
                return "give both sizes by name: `resize: {width: \(points(w)), height: \(points(h))}`"
            }
            return "write the new size as a mapping: `resize: {width: 667, height: 375}`"
        }
        if d.rule == "schema-type", numberKeys.contains(key), case .string(let text) = scalar.value,
           let number = leadingNumber(text) {
            let unit = secondKeys.contains(key) ? "seconds" : "points"
            return "write just the number, without a unit: `\(key): \(number)` (\(key) is in \(unit))"
        }
        if d.rule == "schema-type", isSetPanelsItem(d.instancePath), case .int = scalar.value {
            return "setPanels lists panel ids (or new panel definitions), not indices: write the panel's id"
        }
        if colourKeys.contains(key) {
            return colourHint(d, node: node, scalar: scalar, bytes: bytes)
        }
        if d.rule == "schema-type", booleanKeys.contains(key), scalar.isYAML11Boolean, scalar.style == .plain, case .string(let text) = scalar.value,
           let truth = yaml11Truth(text) {
            return "`\(text)` is text in YAML 1.2, not a boolean (YAML 1.1 read it as \(truth)); write `\(key): \(truth)`"
        }
        if key == "dismiss", d.rule == "schema-const" || d.rule == "schema-enum" {
            if scalar.isYAML11Boolean {
                return "`\(scalar.text)` is text in YAML 1.2, not a boolean; write `dismiss: true`"
            }
            return "the value of dismiss is always `true`: write `dismiss: true`"
        }
        if key == "accordion", d.instancePath == "/accordion", d.rule == "schema-const" {
            if case .string(let text) = scalar.value, text == "1" { return "write the number 1 without quotes: `accordion: 1`" }
            return "this is version 1 of the spec format, the only one: write `accordion: 1`"
        }
        if d.rule == "schema-type", numberKeys.contains(key), case .string(let text) = scalar.value,
           scalar.style != .plain, let number = Double(text), number.isFinite {
            return "the quotes make `\(text)` text; write the number without them: `\(key): \(points(number))`"
        }
        if d.rule == "schema-type", numberKeys.contains(key) {
            return numberHint(key: key, scalar: scalar)
        }
        if d.rule == "schema-type", key == "expand" || key == "expanded", case .bool = scalar.value {
            return key == "expand" ? "name the one panel to expand, by id or index (`expand: VC1`), or write `expand: null` to collapse every panel"
                : "name the panel open at load, by id or index (`expanded: VC1`), or write `expanded: null` for none"
        }
        if d.rule == "schema-minimum", isPanelIdPlace(d.instancePath), let v = node.numberValue, v < 0 {
            return "panel indices count from 0, the top panel, downwards; write the index from the top, or the panel's id"
        }
        if textKeys.contains(key), d.rule == "schema-type", scalar.style == .plain {
            switch scalar.value {
            case .bool, .int, .float, .bigInt:
                return "YAML read `\(scalar.text)` as a \(describe(scalar.value)); quote it to make it text: '\(scalar.text)'"
            case .null:
                return "the value is empty (null); write the text after the colon, quoted if it starts with a special character"
            case .string:
                return nil
            }
        }
        return nil
    }

    /// What a size or time holds when the value is a word, a boolean or empty.
    private static func numberHint(key: String, scalar: YAMLScalarRef) -> String? {
        let seconds = secondKeys.contains(key)
        let example = ["width": "375", "height": "667", "headerHeight": "44", "contentHeight": "200",
                       "wait": "0.5", "at": "1", "duration": "0.3"][key] ?? "1"
        let fill = key == "contentHeight" ? " (or `contentHeight: null` for all the space)" : ""
        switch scalar.value {
        case .null:
            return "\(key) is empty: write a number of \(seconds ? "seconds" : "points"), such as `\(key): \(example)`\(fill), or remove the line"
        case .string, .bool:
            return "\(key) is a number of \(seconds ? "seconds" : "points"), such as `\(key): \(example)`\(fill)"
        case .int, .float, .bigInt:
            return nil
        }
    }

    /// Places that hold a panel id: `id`, `expanded`, the steps that name a panel, setPanels items.
    private static func isPanelIdPlace(_ pointer: String) -> Bool {
        let key = lastKey(pointer)
        return key == "id" || key == "expanded" || panelStepKeys.contains(key) || isSetPanelsItem(pointer)
    }

    /// A valid id close to `text`: other characters become `-`, a leading digit gets `_`.
    /// A malformed BCP 47 tag: the usual slips (`zh_CN`, a locale's
    /// underscore; spaces) get the tag they meant, anything else the shape.
    static func langHint(_ text: String) -> String {
        let shape = "a language tag is BCP 47: a language (2 or 3 letters), then optional script (4 letters) and region (2 letters or 3 digits), joined by `-`, as in `zh-Hans`, `ar` or `en-GB`"
        let fixed = String(text.trimmingCharacters().map { $0 == "_" || $0 == " " ? "-" : $0 })
        guard fixed != text, !fixed.isEmpty else { return shape }
        return "subtags are joined by `-`: `lang: \(fixed)`; \(shape)"
    }

    static func slug(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            // Letters, digits and marks of any script stay (a panel id is a Unicode identifier).
            let ok = ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "_" || s == "-"
                || (!s.isASCII && ScalarProperties(s).isXIDContinue)
            if ok { out.unicodeScalars.append(s) } else if !out.hasSuffix("-") { out += "-" }
        }
        while out.hasSuffix("-") { out.removeLast() }
        if out.isEmpty { return "panel" }
        if let first = out.unicodeScalars.first, !(("a"..."z").contains(first) || ("A"..."Z").contains(first) || first == "_"
            || (!first.isASCII && ScalarProperties(first).isXIDStart)) {
            out = "_" + out
        }
        return out
    }

    /// An index where a `reveal` wants an id (`reveal: 2`, `reveal: {panel:
    /// 2}`), in a script (`/script/N/reveal`) or a session's step
    /// (`/reveal`): a reveal reaches panels at every level, which only ids
    /// name, so quoting the number (the generic help) would be wrong. Names
    /// the top-level panel at that index when the spec is at hand.
    /// An `update`'s `panel` is an id too: an index there gets the same
    /// help, naming the id (an update's panel is a top-level one).
    private static func revealIndexHint(_ d: Diagnostic, key: String, node: YAMLNodeRef, root: YAMLNodeRef) -> String? {
        var parts = d.instancePath.split(separator: "/")
        if parts.count >= 2, parts[0] == "script" { parts.removeFirst(2) }
        let update = parts == ["update", "panel"]
        guard update || parts == ["reveal"] || parts == ["reveal", "panel"], let index = node.integerValue else { return nil }
        let id = root["panels"]?.items.flatMap { index >= 0 && index < $0.count ? $0[index]["id"]?.stringValue : nil }
        return (update ? "`update` names a top-level panel by its id, never by an index: "
                       : "`reveal` names a panel by its id, at any level, never by an index: ")
            + (id.map { "write `\($0)`, the id of panel \(index)" } ?? "write the panel's `id`")
    }

    /// An `update` that changes nothing (only `panel`), or that would set a
    /// nested accordion as a content, in a script or a session's step: the
    /// schema's "at least 2 keys" and "must not match" say neither.
    /// A bare id or a list where the mapping goes, and `id` for `panel`
    /// (a panel definition's key), get the mapping to write.
    private static func updateHint(_ d: Diagnostic, node: YAMLNodeRef? = nil) -> String? {
        var parts = d.instancePath.split(separator: "/")
        if parts.count >= 2, parts[0] == "script" { parts.removeFirst(2) }
        if d.rule == "schema-type", parts == ["update"] {
            return "update takes a mapping: the panel's id as `panel` and the properties to change, as in `update: {panel: \(node?.stringValue ?? "VC1"), disabled: false}`"
        }
        if d.rule == "schema-additional-properties", parts == ["update", "id"] {
            return "an update names its panel with `panel`, not `id`: `panel: \(node?.stringValue ?? "ID")`"
        }
        if d.rule == "schema-min-properties", parts == ["update"] {
            return "an update changes at least one property beside `panel`: `title`, `disabled`, `color`, `titleColor` or `content` (`update: {panel: ID, disabled: false}`)"
        }
        if d.rule == "schema-not", parts == ["update", "content"] {
            return "an update sets a `text` or `rows` content, not a nested accordion (`panels`): replace the panel with `setPanels` to nest one"
        }
        return nil
    }

    /// `/script/3/tap`: the value of a step's key.
    private static func isStepValue(_ pointer: String) -> Bool {
        let parts = pointer.split(separator: "/")
        return parts.count == 3 && parts[0] == "script"
    }

    /// `/script/3`
    private static func isStep(_ pointer: String) -> Bool {
        let parts = pointer.split(separator: "/")
        return parts.count == 2 && parts[0] == "script"
    }

    /// `/script/3/setPanels/1`
    private static func isSetPanelsItem(_ pointer: String) -> Bool {
        let parts = pointer.split(separator: "/")
        return parts.count == 4 && parts[0] == "script" && parts[2] == "setPanels"
    }

    /// The step kinds in the schema's order, each in backquotes: "`tap`, ... or `scroll`".
    static let stepKinds = StepTable.listed(StepKind.allCases.map(\.rawValue))

    /// An extra key in a script step: `at` on a `wait`, a second action,
    /// or a key that is no step key at all (`click`, `close`).
    private static func stepKeyHint(_ d: Diagnostic, key: String, root: YAMLNodeRef) -> String? {
        let parts = d.instancePath.split(separator: "/")
        guard parts.count == 3, parts[0] == "script", let step = root["script"]?.items?[safe: Int(parts[1]) ?? -1]
        else { return nil }
        return stepKeyHint(key: key, step: step)
    }

    /// The help for an extra `key` in `step`, a script's step or a line
    /// `drive` reads.
    private static func stepKeyHint(key: String, step: YAMLNodeRef) -> String? {
        if key == "at", step["wait"] != nil {
            return "a `wait` cannot carry `at`: it happens at the previous step's time plus its seconds; put `at` on the step that follows instead"
        }
        if !StepTable.actionKeys.contains(key) {
            // A typo needs only its correction; another word needs the list.
            if let typo = closest(to: key, in: StepTable.actionKeys) { return "did you mean `\(typo)`?" }
            return (StepTable.synonyms[key.lowercased()].map { "did you mean `\($0)`? " } ?? "")
                + "a step has one action, \(stepKinds), and may carry `at`"
        }
        let verbs = StepTable.actionNames
        guard verbs.contains(key), let other = step.entries?.first(where: {
            guard let k = $0.key.stringValue else { return false }
            return k != key && verbs.contains(k)
        })?.key.stringValue else { return nil }
        return "a step has exactly one action, but this one has `\(other)` and `\(key)`: give `\(key)` a step of its own (a new `- \(key): ...` item)"
    }

    /// The schema's findings for a step `drive` reads alone (`step` is the
    /// whole line), in the author's words as a script's step gets them: a
    /// line without an action is told the step kinds (not the one
    /// alternative the schema happened to try, "missing required key
    /// `tap`"), and each unknown key its correction or the list.
    static func sessionStep(_ problems: [Diagnostic], step: YAMLNodeRef) -> [Diagnostic] {
        guard step.entries != nil, !hasVerb(step) else {
            return problems.map { d in
                if let hint = updateHint(d, node: step.node(atPointer: d.instancePath)) {
                    var better = d
                    better.help = hint
                    return better
                }
                guard d.rule == "schema-type", let node = step.node(atPointer: d.instancePath),
                      let hint = revealIndexHint(d, key: lastKey(d.instancePath), node: node, root: step) else { return d }
                var better = d
                better.help = hint
                return better
            }
        }
        let unknown = step.entries.map { entries in
            entries.compactMap { e -> (String, YAMLNodeRef)? in
                guard let key = e.key.stringValue, !StepTable.actionKeys.contains(key) else { return nil }
                return (key, e.key)
            }
        } ?? []
        guard !unknown.isEmpty else {
            let at = problems.first?.span ?? step.span
            return [Diagnostic(rule: "schema-required", message: "this step has no action", span: at,
                               help: "a step needs one action: \(stepKinds)")]
        }
        return unknown.map { key, node in
            Diagnostic(rule: "schema-additional-properties", message: "unknown key `\(key)`", span: node.span,
                       help: stepKeyHint(key: key, step: step))
        }
    }

    /// The places whose shape (mapping, list, one reference) authors get
    /// wrong, by JSON pointer.
    private enum Place: Equatable {
        case container, animation, panels, panel, script, step, resize, setPanels, setPanelsItem
        /// `tap` or `expand` in a step.
        case reference(String)

        init?(_ pointer: String) {
            let parts = pointer.split(separator: "/").map(String.init)
            let isIndex = { (i: Int) in parts.count > i && Int(parts[i]) != nil }
            switch parts.count {
            case 1 where parts[0] == "container": self = .container
            case 1 where parts[0] == "panels": self = .panels
            case 1 where parts[0] == "script": self = .script
            case 2 where parts == ["container", "animation"]: self = .animation
            case 2 where parts[0] == "panels" && isIndex(1): self = .panel
            case 2 where parts[0] == "script" && isIndex(1): self = .step
            case 3 where parts[0] == "script" && isIndex(1):
                switch parts[2] {
                case "resize": self = .resize
                case "setPanels": self = .setPanels
                case "tap", "expand": self = .reference(parts[2])
                default: return nil
                }
            case 4 where parts[0] == "script" && isIndex(1) && parts[2] == "setPanels" && isIndex(3): self = .setPanelsItem
            default: return nil
            }
        }
    }

    /// What goes at `place` when the value has the wrong shape: a list where
    /// a mapping goes, several panels where one goes, an empty value.
    private static func shapeHint(_ place: Place, node: YAMLNodeRef) -> String? {
        let panelKeys = PanelKey.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        if let items = node.items {
            let words = items.compactMap { $0.scalar.map(written) }
            switch place {
            case .container:
                let example = flowMapping(items) ?? "{width: 375, height: 667}"
                return "container is a mapping of settings (\(containerKeys)), not a list: drop the `- ` before each key, as in `container: \(example)`"
            case .animation:
                return "animation is a mapping, not a list: `animation: \(flowMapping(items) ?? "{duration: 0.3, curve: easeInOut}")`"
            case .panel, .setPanelsItem:
                let example = words.count == 2 && words.count == items.count ? "{id: \(words[0]), title: \(words[1])}" : "{id: VC1, title: View Controller 1}"
                return "a panel is a mapping with the keys \(panelKeys), not a list: `- \(example)`"
                    + (place == .setPanelsItem ? ", or just the id of a panel defined earlier" : "")
            case .step:
                let example = words.count == 2 && words.count == items.count && StepTable.actionNames.contains(words[0])
                    ? "\(words[0]): \(words[1])" : "tap: VC1"
                return "a step is a mapping with one action, \(stepKinds), and an optional `at`; not a list: `- \(example)`"
            case .resize:
                let size = words.count == 2 && items.allSatisfy({ $0.numberValue != nil }) ? "{width: \(words[0]), height: \(words[1])}" : "{width: 667, height: 375}"
                return "resize takes a mapping with `width` and `height`, not a list: `resize: \(size)`"
            case .reference(let verb):
                if verb == "expand" {
                    return "expand opens one panel: `expand: \(words.first ?? "VC1")`, a step for each; `expand: null` collapses every panel"
                }
                guard words.count > 1 else { return "a tap taps one header: `tap: \(words.first ?? "VC1")`" }
                return "a tap taps one header: give each its own step, `- tap: \(words[0])` then `- tap: \(words[1])`"
            case .panels, .script, .setPanels:
                return nil
            }
        }
        guard let scalar = node.scalar else { return nil }
        if case .null = scalar.value {
            switch place {
            case .container: return "container is empty: indent its settings under it (`width: 375` on the next line), or remove the line"
            case .animation: return "animation is empty: indent `duration` and `curve` under it, or remove the line"
            case .panels: return "panels is empty: list the panels under it, each starting with `- `; for no panels write `panels: []`"
            case .script: return "script is empty: list the steps under it, each starting with `- `, or remove the line"
            case .setPanels: return "list the new stack: `setPanels: [VC1, VC2]`; `setPanels: []` removes every panel"
            case .resize: return "give the new size: `resize: {width: 667, height: 375}`"
            case .step: return "this step is empty: write an action after the `- `, such as `- tap: VC1` or `- wait: 0.5`"
            case .panel: return "this panel is empty: write it after the `- `, such as `- {id: VC1, title: View Controller 1}`"
            default: return nil
            }
        }
        switch place {
        case .animation where node.numberValue != nil:
            return "animation is a mapping; for a transition of \(scalar.text) seconds write `animation: {duration: \(scalar.text)}`"
        case .container, .animation:
            return place == .container ? "container is a mapping of settings, such as `container: {width: 375, height: 667}`"
                : "animation is a mapping: `animation: {duration: 0.3, curve: easeInOut}`"
        case .panel where node.stringValue != nil:
            return "a panel is a mapping with the keys \(panelKeys): `- {id: \(SchemaHints.slug(scalar.text)), title: \(written(scalar))}`"
        case .setPanels where node.stringValue != nil || node.integerValue != nil:
            return "setPanels takes a list, the whole new stack: `setPanels: [\(written(scalar))]`"
        default:
            return nil
        }
    }

    /// A scalar as it could be pasted back into YAML.
    private static func written(_ scalar: YAMLScalarRef) -> String {
        scalar.style == .plain ? scalar.text : "'" + scalar.text.replacing("'", with: "''") + "'"
    }

    /// `- width: 375` / `- height: 667` as `{width: 375, height: 667}`, when
    /// every item is a one-key mapping of scalars.
    private static func flowMapping(_ items: YAMLItemsRef) -> String? {
        var pairs: [String] = []
        for item in items {
            guard let entries = item.entries, entries.count == 1, let e = entries.first,
                  let key = e.key.scalar, let value = e.value.scalar else { return nil }
            pairs.append("\(written(key)): \(written(value))")
        }
        return pairs.isEmpty ? nil : "{" + pairs.joined(separator: ", ") + "}"
    }

    private static func describe(_ value: ScalarValue) -> String {
        switch value {
        case .bool: "boolean"
        case .int, .bigInt: "number"
        case .float: "number"
        case .null: "null"
        case .string: "string"
        }
    }

    private static func colourHint(_ d: Diagnostic, node: YAMLNodeRef, scalar: YAMLScalarRef, bytes: [UInt8]?) -> String? {
        switch scalar.value {
        case .null:
            if scalar.style == .plain, let comment = commentAfter(node, bytes: bytes) {
                return "in YAML `#` starts a comment, so this value is empty; quote the colour: '\(comment)'"
            }
            return "write a colour: '#RRGGBB', '#RRGGBBAA' or an integer 0xRRGGBBAA"
        case .string(let text):
            let hex = text.unicodeScalars.dropFirst(text.hasPrefix("#") ? 1 : 0)
            let allHex = !hex.isEmpty && hex.allSatisfy { hexDigit($0) != nil }
            let lower = text.lowercased()
            if lower.hasPrefix("0x"), text.count > 2,
               text.unicodeScalars.dropFirst(2).allSatisfy({ hexDigit($0) != nil }) {
                return "the quotes make `\(text)` text; remove them to write the number \(text), or write '#\(text.dropFirst(2))'"
            }
            if text.hasPrefix("#"), allHex, hex.count == 3 || hex.count == 4 {
                let long = hex.map { String($0) + String($0) }.joined()
                return "short CSS colours are not supported; write all digits: '#\(long.uppercased())'"
            }
            if !text.hasPrefix("#"), allHex, hex.count == 6 || hex.count == 8 {
                return "start the colour with `#`, quoted: '#\(text)'"
            }
            if text.hasPrefix("#"), allHex {
                return "a colour has 6 hex digits (#RRGGBB, opaque) or 8 (#RRGGBBAA); this one has \(hex.count)"
            }
            return "colour names are not supported; write '#RRGGBB', '#RRGGBBAA' or an integer 0xRRGGBBAA"
        case .int, .bigInt:
            if d.rule == "schema-maximum" || d.rule == "schema-minimum" {
                return "a colour is 32 bits, 0xRRGGBBAA: from 0 to 0xFFFFFFFF (4294967295)"
            }
            return nil
        case .float:
            return "a colour is a whole number 0xRRGGBBAA, or a string '#RRGGBB'"
        case .bool:
            return "write a colour: '#RRGGBB', '#RRGGBBAA' or an integer 0xRRGGBBAA"
        }
    }

    /// The `#...` comment on the node's line after its start, if any:
    /// `color: #1ABC9C` loads as `color: null` plus a comment.
    private static func commentAfter(_ node: YAMLNodeRef, bytes: [UInt8]?) -> String? {
        guard let bytes, let word = commentWord(after: node, bytes: bytes) else { return nil }
        return String(decoding: bytes[word], as: UTF8.self)
    }

    /// Where that comment's first word (`#1ABC9C`) is, in bytes.
    static func commentWord(after node: YAMLNodeRef, bytes: [UInt8]) -> Range<Int>? {
        var i = node.span.start.offset
        guard i >= 0, i <= bytes.count else { return nil }
        // The null node may sit at the comment or just before it; scan the rest of the line.
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "#") else { return nil }
        var end = i
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D, bytes[end] != 0x20, bytes[end] != 0x09 { end += 1 }
        return end - i > 1 ? i..<end : nil
    }
}

extension RandomAccessCollection where Index == Int {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension StringProtocol {
    /// Without leading and trailing spaces (no Foundation).
    func trimmingCharacters() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let f = scalars.first, f == " " || f == "\t" { scalars = scalars.dropFirst() }
        while let l = scalars.last, l == " " || l == "\t" { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
