import AccordionDiagnostics
import AccordionYAML

/// The mechanical corrections among the problems found, attached to them as
/// `Fix` values (which `accordion lsp` offers as quick fixes): each one is
/// the edit the problem's `help:` already spells out in words.
enum QuickFixes {
    /// `diagnostics` with a `fix` on each problem that has a mechanical correction.
    static func attach(_ diagnostics: inout [Diagnostic], root: YAMLNode, bytes: [UInt8]?) {
        guard let bytes else { return }
        // In place, and only where a rule has fixes: the others are not touched (nor copied).
        root.withBorrowed { root in
            for i in diagnostics.indices where diagnostics[i].fix == nil && fixable.contains(diagnostics[i].rule) {
                diagnostics[i].fix = fix(for: diagnostics[i], root: root, bytes: bytes)
            }
        }
    }

    /// The rules that can have a fix: any other is passed by without
    /// looking at its node or text (a script's hundred thousand ignored
    /// taps need none).
    private static let fixable: Set<String> = [
        "schema-additional-properties", "schema-enum", "unknown-panel-id", "colour-without-alpha", "invisible-header",
        "duration-too-long", "yaml11-boolean", "schema-const", "schema-type", "schema-pattern",
    ]

    private static func fix(for d: Diagnostic, root: YAMLNodeRef, bytes: [UInt8]) -> Fix? {
        guard fixable.contains(d.rule) else { return nil }
        let start = d.span.start.offset
        let end = d.span.end.offset
        guard start >= 0, end <= bytes.count, start <= end else { return nil }
        let written = String(decoding: bytes[start..<end], as: UTF8.self)
        func replace(_ text: String, _ title: String? = nil) -> Fix {
            Fix(title: title ?? "Write \(text)", start: start, end: end, replacement: text)
        }
        // "did you mean `X`?" on a key, an enum value or an id written as one word.
        if ["schema-additional-properties", "schema-enum", "unknown-panel-id"].contains(d.rule),
           let guess = didYouMean(d.help), end > start, isWord(written) {
            return replace(guess, "Change to `\(guess)`")
        }
        guard let node = root.node(atPointer: d.instancePath), let scalar = node.scalar else { return nil }
        let key = String(d.instancePath.split(separator: "/").last ?? "")
        let quoted = "'" + scalar.text.replacing("'", with: "''") + "'"
        switch d.rule {
        case "colour-without-alpha":
            return replace(opaqueColour(written: scalar.text))
        case "invisible-header":
            // The colour the help names, the last word after "opaque: ".
            guard let help = d.help, let colon = help.firstRange(of: "opaque: ") else { return nil }
            return replace(String(help[colon.upperBound...]))
        case "duration-too-long":
            // "did you mean 0.3 (300 ms)?": the seconds.
            guard let help = d.help, help.hasPrefix("did you mean ") else { return nil }
            return replace(String(help.dropFirst("did you mean ".count).prefix { $0 != " " }))
        case "yaml11-boolean":
            return replace(quoted, "Quote it: \(quoted)")
        case "schema-const" where key == "dismiss", "schema-enum" where key == "dismiss":
            return replace("true")
        case "schema-type" where SchemaHints.booleanKeys.contains(key) && scalar.isYAML11Boolean && scalar.style == .plain:
            return SchemaHints.yaml11Truth(scalar.text).map { replace(String($0)) }
        case "schema-type" where SchemaHints.textKeys.contains(key) && scalar.style == .plain:
            switch scalar.value {
            case .bool, .int, .float, .bigInt: return replace(quoted, "Quote it: \(quoted)")
            default: return nil
            }
        case "schema-type" where SchemaHints.numberKeys.contains(key):
            guard case .string(let text) = scalar.value, let number = SchemaHints.leadingNumber(text) else { return nil }
            return replace(number, "Write just the number: \(number)")
        case "schema-type" where SchemaHints.colourKeys.contains(key):
            // `color: #1ABC9C` is null plus a comment: quote the comment's word.
            guard case .null = scalar.value, let word = SchemaHints.commentWord(after: node, bytes: bytes) else { return nil }
            let text = String(decoding: bytes[word], as: UTF8.self)
            return Fix(title: "Quote the colour: '\(text)'", start: word.lowerBound, end: word.upperBound, replacement: "'\(text)'")
        case "schema-pattern" where SchemaHints.colourKeys.contains(key):
            guard case .string(let text) = scalar.value else { return nil }
            let hex = text.hasPrefix("#") ? text.dropFirst() : text.lowercased().hasPrefix("0x") ? text.dropFirst(2) : Substring(text)
            guard !hex.isEmpty, hex.unicodeScalars.allSatisfy({ hexDigit($0) != nil }) else { return nil }
            if text.lowercased().hasPrefix("0x") { return replace(text, "Remove the quotes: \(text)") }
            if text.hasPrefix("#"), hex.count == 3 || hex.count == 4 {
                return replace("'#" + hex.map { String($0) + String($0) }.joined().uppercased() + "'")
            }
            if !text.hasPrefix("#"), hex.count == 6 || hex.count == 8 { return replace("'#\(text)'") }
            return nil
        default:
            return nil
        }
    }

    /// The `X` of a help that starts "did you mean `X`?".
    static func didYouMean(_ help: String?) -> String? {
        guard let help, help.hasPrefix("did you mean `") else { return nil }
        let rest = help.dropFirst("did you mean `".count)
        guard let close = rest.firstIndex(of: "`"), rest[close...].hasPrefix("`?") else { return nil }
        return String(rest[..<close])
    }

    /// A key or value written as one word (plain or quoted), which a guess can replace whole.
    private static func isWord(_ text: String) -> Bool {
        !text.isEmpty && !text.contains(" ") && !text.contains(":") && !text.contains("\n")
    }
}
