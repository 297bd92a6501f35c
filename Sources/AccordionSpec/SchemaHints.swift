import AccordionDiagnostics
import AccordionYAML

/// Accordion-specific advice added to the general validator's findings,
/// where the generic help ("expected string, found null") would leave an
/// author puzzled: a `#RRGGBB` colour that YAML read as a comment, a quoted
/// hex number, a CSS short colour, a `yes` where `true` was meant.
enum SchemaHints {
    static let colourKeys: Set<String> = ["color", "titleColor", "background"]
    static let textKeys: Set<String> = ["title", "id", "present"]
    static let numberKeys: Set<String> = ["wait", "at", "duration", "width", "height", "headerHeight", "contentHeight"]

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
            if let hint = hint(for: d, node: node, root: root, bytes: bytes) { better.help = hint }
            return better
        }
    }

    private static func hasVerb(_ step: YAMLNodeRef) -> Bool {
        step.entries?.contains { $0.key.stringValue.map(SpecReader.verbs.contains) ?? false } ?? true
    }

    private static func lastKey(_ pointer: String) -> String {
        String(pointer.split(separator: "/").last ?? "")
    }

    private static func hint(for d: Diagnostic, node: YAMLNodeRef, root: YAMLNodeRef, bytes: [UInt8]?) -> String? {
        let key = lastKey(d.instancePath)
        if d.rule == "schema-additional-properties", let hint = stepKeyHint(d, key: key, root: root) { return hint }
        if d.rule == "schema-required", isStep(d.instancePath), !hasVerb(node) {
            return "a step needs one action: `tap`, `wait`, `resize`, `expand`, `present`, `dismiss` or `setPanels`"
        }
        if d.rule == "schema-type", key == "tap" || key == "expand" || key == "resize" || key == "present",
           let id = node["id"]?.stringValue {
            return key == "present" ? "write just the modal's title: `present: \(id)`" : "name the panel by its id alone: `\(key): \(id)`"
        }
        if d.rule == "schema-type", d.instancePath == "/panels" || d.instancePath == "/script", node.entries != nil {
            return d.instancePath == "/panels"
                ? "panels is a list: start each panel with `- `, as in `- {id: VC1, title: View Controller 1}`"
                : "script is a list: start each step with `- `, as in `- tap: VC1`"
        }
        if d.rule == "schema-type", d.instancePath.isEmpty, node.items != nil {
            return "a spec is one mapping (`accordion: 1`, `panels: ...`) at the top level, not a list: remove the leading `- `"
        }
        guard let scalar = node.scalar else { return nil }
        if d.rule == "schema-pattern", case .string(let text) = scalar.value, isPanelIdPlace(d.instancePath) {
            return "ids start with a letter or `_`, then letters, digits, `_` or `-` (no spaces): for example `\(slug(text))`"
        }
        if d.rule == "schema-exclusive-minimum" || d.rule == "schema-minimum", !colourKeys.contains(key),
           numberKeys.contains(key), let v = node.numberValue, v <= 0 {
            let unit = ["wait", "at", "duration"].contains(key) ? "seconds" : "points"
            if v < 0 { return "\(key) cannot be negative; did you mean \(points(-v))? (\(key) is in \(unit))" }
            return key == "headerHeight" ? "a header 0 points high can be neither seen nor tapped; 44 is the usual height"
                : "a size of 0 points leaves nothing to show; give \(key) a positive number of points"
        }
        if d.rule == "schema-type", isStep(d.instancePath), case .string(let text) = scalar.value {
            let words = text.split(separator: " ", maxSplits: 1)
            if let verb = words.first, SpecReader.verbs.contains(String(verb)) {
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
            let unit = ["wait", "at", "duration"].contains(key) ? "seconds" : "points"
            return "write just the number, without a unit: `\(key): \(number)` (\(key) is in \(unit))"
        }
        if d.rule == "schema-type", isSetPanelsItem(d.instancePath), case .int = scalar.value {
            return "setPanels lists panel ids (or new panel definitions), not indices: write the panel's id"
        }
        if colourKeys.contains(key) {
            return colourHint(d, node: node, scalar: scalar, bytes: bytes)
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

    /// Places that hold a panel id: `id`, `expanded`, `tap`, `expand`, setPanels items.
    private static func isPanelIdPlace(_ pointer: String) -> Bool {
        let key = lastKey(pointer)
        return key == "id" || key == "expanded" || key == "tap" || key == "expand" || isSetPanelsItem(pointer)
    }

    /// A valid id close to `text`: other characters become `-`, a leading digit gets `_`.
    static func slug(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            let ok = ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "_" || s == "-"
            if ok { out.unicodeScalars.append(s) } else if !out.hasSuffix("-") { out += "-" }
        }
        while out.hasSuffix("-") { out.removeLast() }
        if out.isEmpty { return "panel" }
        if let first = out.unicodeScalars.first, !(("a"..."z").contains(first) || ("A"..."Z").contains(first) || first == "_") {
            out = "_" + out
        }
        return out
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

    /// An extra key in a script step: `at` on a `wait`, or a second action.
    private static func stepKeyHint(_ d: Diagnostic, key: String, root: YAMLNodeRef) -> String? {
        let parts = d.instancePath.split(separator: "/")
        guard parts.count == 3, parts[0] == "script", let step = root["script"]?.items?[safe: Int(parts[1]) ?? -1]
        else { return nil }
        if key == "at", step["wait"] != nil {
            return "a `wait` cannot carry `at`: it happens at the previous step's time plus its seconds; put `at` on the step that follows instead"
        }
        let verbs = SpecReader.verbs
        guard verbs.contains(key), let other = step.entries?.first(where: {
            guard let k = $0.key.stringValue else { return false }
            return k != key && verbs.contains(k)
        })?.key.stringValue else { return nil }
        return "a step has exactly one action, but this one has `\(other)` and `\(key)`: give `\(key)` a step of its own (a new `- \(key): ...` item)"
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
        guard let bytes else { return nil }
        var i = node.span.start.offset
        guard i >= 0, i <= bytes.count else { return nil }
        // The null node may sit at the comment or just before it; scan the rest of the line.
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "#") else { return nil }
        var end = i
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D, bytes[end] != 0x20, bytes[end] != 0x09 { end += 1 }
        let word = String(decoding: bytes[i..<end], as: UTF8.self)
        return word.count > 1 ? word : nil
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
