import AccordionDiagnostics

/// Spells a dump tree as block-style YAML. Strings are left plain only when
/// no YAML 1.1 or 1.2 reader could take them for anything but that string;
/// everything else is double-quoted, so the dump round-trips through any loader.
public enum YAMLRender {
    /// The tree as a YAML document, ending with a newline.
    ///
    /// - Parameter value: The tree.
    /// - Returns: The YAML text.
    public static func text(_ value: DumpValue) -> String {
        if let scalar = inline(value) { return scalar + "\n" }
        var out = ""
        for line in lines(value) {
            out += line
            out += "\n"
        }
        return out
    }

    /// The one-line spelling of scalars and empty collections; nil for block nodes.
    static func inline(_ value: DumpValue) -> String? {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .number(let d): d.isFinite ? JSONText.rounded(d) : "null"
        case .string(let s): scalar(s)
        case .array(let items): items.isEmpty ? "[]" : nil
        case .object(let fields): fields.isEmpty ? "{}" : nil
        }
    }

    static func lines(_ value: DumpValue) -> [String] {
        var out: [String] = []
        switch value {
        case .array(let items):
            for item in items {
                if let one = inline(item) {
                    out.append("- " + one)
                } else {
                    for (i, line) in lines(item).enumerated() {
                        out.append((i == 0 ? "- " : "  ") + line)
                    }
                }
            }
        case .object(let fields):
            for (key, item) in fields {
                if let one = inline(item) {
                    out.append(scalar(key) + ": " + one)
                } else {
                    out.append(scalar(key) + ":")
                    for line in lines(item) { out.append("  " + line) }
                }
            }
        default:
            if let one = inline(value) { out.append(one) }
        }
        return out
    }

    /// Words that some YAML reader (1.1 booleans and nulls, 1.2 core) resolves
    /// to a non-string; compared case-insensitively.
    static let reserved: Set<String> = ["null", "true", "false", "yes", "no", "on", "off", "y", "n", "~"]

    /// Whether `s` can stay a plain scalar: starts with a letter or `_`, holds
    /// only ASCII letters, digits, spaces and `_ - .`, does not end in a space,
    /// and is not a reserved word.
    static func isPlainSafe(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last else { return false }
        func letter(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
        guard letter(first) || first == "_", last != " " else { return false }
        var previous: Unicode.Scalar = first
        for c in s.unicodeScalars {
            let ok = letter(c) || (c >= "0" && c <= "9") || c == "_" || c == "-" || c == "." || c == " "
            if !ok { return false }
            if c == " " && previous == " " { return false }  // keep runs of spaces visible
            previous = c
        }
        return !reserved.contains(s.lowercased())
    }

    /// `s` as a YAML scalar: plain when safe, otherwise double-quoted with
    /// escapes for everything YAML does not allow raw (controls, C1, BOM, line separators).
    ///
    /// - Parameter s: The text.
    /// - Returns: The scalar as YAML spells it.
    public static func scalar(_ s: String) -> String {
        if isPlainSafe(s) { return s }
        var out = "\""
        for c in s.unicodeScalars {
            switch c.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00: out += "\\0"
            case 0x07: out += "\\a"
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0B: out += "\\v"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0x1B: out += "\\e"
            case 0x85: out += "\\N"
            case 0x2028: out += "\\L"
            case 0x2029: out += "\\P"
            case 0x01...0x1F, 0x7F...0x9F: out += "\\x" + hex(c.value, width: 2)
            case 0xFEFF, 0xFFFE, 0xFFFF: out += "\\u" + hex(c.value, width: 4)
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    static func hex(_ v: UInt32, width: Int) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - h.count)) + h
    }
}
