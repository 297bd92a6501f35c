import AccordionDiagnostics
import AccordionYAML

/// Small readers over located YAML nodes. They mirror the JSON data model
/// the schema speaks (an integer is any number with no fractional part) and
/// return nil for anything else, so the reader can skip what the schema
/// already reported.
extension YAMLNodeRef {
    /// The node's number, if it is one (integers, big integers and floats).
    var numberValue: Double? {
        // The shape first: reading a string's value would make a `String`.
        guard shape == .integer || shape == .float, let s = scalar else { return nil }
        switch s.value {
        case .int(let v): return Double(v)
        case .float(let v): return v
        case .bigInt(let digits): return Double(digits)
        default: return nil
        }
    }

    /// The node's value as an integer in JSON Schema's sense (`2.0` is 2);
    /// values beyond `Int` saturate, so a huge index is simply out of range.
    var integerValue: Int? {
        guard shape == .integer || shape == .float, let s = scalar else { return nil }
        switch s.value {
        case .int(let v): return Int(v)
        case .float(let v):
            guard v.isFinite, v == v.rounded(.towardZero) else { return nil }
            if v >= 9.0e18 { return Int.max }
            if v <= -9.0e18 { return Int.min }
            return Int(v)
        case .bigInt(let digits): return digits.hasPrefix("-") ? Int.min : Int.max
        default: return nil
        }
    }

    /// The node's string, if it resolved to one.
    var stringValue: String? {
        guard shape == .string else { return nil }
        if case .string(let v)? = scalar?.value { return v }
        return nil
    }

    /// Whether the node is the null scalar.
    var isNull: Bool { shape == .null }

    /// The node as a colour: an integer 0...0xFFFFFFFF or `#RRGGBB[AA]`.
    var colourValue: UInt32? {
        if shape == .string, let s = scalar { return s.withUTF8(parseHexColour) }
        guard let v = integerValue, v >= 0, v <= 0xFFFF_FFFF else { return nil }
        return UInt32(v)
    }

    /// The value under `key` and its key node, for pointing at the key.
    func entry(_ key: String) -> (key: YAMLNodeRef, value: YAMLNodeRef)? {
        guard let entries else { return nil }
        for e in entries where e.key.stringValue == key { return e }
        return nil
    }

    /// The node a JSON pointer (`/panels/2/color`) names, or nil.
    func node(atPointer pointer: String) -> YAMLNodeRef? {
        if pointer.isEmpty { return self }
        var current: YAMLNodeRef = self
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = String(raw).replacing("~1", with: "/").replacing("~0", with: "~")
            if let items = current.items {
                guard let i = Int(token), i >= 0, i < items.count else { return nil }
                current = items[i]
            } else if let entries = current.entries {
                guard let e = entries.first(where: { entryKeyText($0.key) == token }) else { return nil }
                current = e.value
            } else {
                return nil
            }
        }
        return current
    }
}

/// The text a mapping key stands for in a JSON pointer.
func entryKeyText(_ key: YAMLNodeRef) -> String? {
    guard let s = key.scalar else { return nil }
    switch s.value {
    case .string(let v): return v
    case .int(let v): return String(v)
    case .bigInt(let v): return v
    case .bool(let v): return v ? "true" : "false"
    case .null: return "null"
    case .float: return s.text
    }
}

/// `#RRGGBB` (opaque) or `#RRGGBBAA`, hex digits in either case.
func parseHexColour(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
    // Bytes: every accepted character is ASCII, and a non-ASCII byte is no hex digit.
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
    var value: UInt32 = 0
    for b in bytes.dropFirst() {
        guard let d = hexDigit(Unicode.Scalar(b)) else { return nil }
        value = value << 4 | d
    }
    return bytes.count == 7 ? value << 8 | 0xFF : value
}

func hexDigit(_ s: Unicode.Scalar) -> UInt32? {
    switch s {
    case "0"..."9": return s.value - 48
    case "a"..."f": return s.value - 87
    case "A"..."F": return s.value - 55
    default: return nil
    }
}

/// `0x1ABC9CFF` spelled the way the dumps and the messages spell colours.
package func hexColour(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}

/// `value` spelled the way `node` spells its colour, so a suggested fix can
/// be pasted in place: `0x1abc9cff` keeps its lower-case digits, `'#1ABC9C'`
/// stays a quoted `#` string (eight digits only when not opaque), a
/// decimal integer stays decimal.
func colourSpelled(_ value: UInt32, like node: YAMLNodeRef) -> String {
    guard let scalar = node.scalar else { return hexColour(value) }
    // Read as bytes: a warning flood must not walk each colour as Characters.
    let (lowerCase, prefix, length) = scalar.withUTF8 { text in
        (text.contains { (0x61...0x66).contains($0) } && !text.contains { (0x41...0x46).contains($0) },
         text.count > 2 && text[0] == UInt8(ascii: "0") && (text[1] | 0x20) == UInt8(ascii: "x") ? String(decoding: text[0...1], as: UTF8.self) : nil,
         text.count)
    }
    func cased(_ digits: some StringProtocol) -> String { lowerCase ? digits.lowercased() : String(digits) }
    if node.shape == .string {
        let quote = scalar.style == .doubleQuoted ? "\"" : "'"
        let digits = hexColour(value).dropFirst(2)
        let shown = length == 7 && value & 0xFF == 0xFF ? digits.dropLast(2) : digits
        return quote + "#" + cased(shown) + quote
    }
    if let prefix { return prefix + cased(hexColour(value).dropFirst(2)) }
    return String(value)
}

/// A measured length as a message spells it, to one decimal: `15.1`.
func measured(_ value: Double) -> String { points((value * 10).rounded() / 10) }

/// A number as an author would write it: `44`, `0.3`.
func points(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// A span from the start of `a` to the end of `b` (a key and its value).
func spanning(_ a: YAMLNodeRef, _ b: YAMLNodeRef) -> SourceSpan {
    // A span is worked out from the text on each ask: ask once per node.
    let first = a.span, second = b.span
    return SourceSpan(source: first.source, start: first.start, end: max(first.end, second.end))
}

/// Levenshtein distance between two short texts (lowercased scalars), for
/// "did you mean"; nil as soon as it is sure to be `bound` or more, since the
/// caller keeps only a candidate closer than the best so far. A spec with
/// thousands of unknown ids asks this millions of times, so it is plain
/// loops over arrays (no ranges or strings in the inner loop).
func editDistance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], below bound: Int) -> Int? {
    if abs(x.count - y.count) >= bound { return nil }
    if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
    var previous = [Int](repeating: 0, count: y.count + 1)
    var current = previous
    var j = 0
    while j <= y.count { previous[j] = j; j += 1 }
    var i = 1
    while i <= x.count {
        current[0] = i
        var rowLeast = i
        j = 1
        while j <= y.count {
            let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
            let value = min(substitution, min(previous[j], current[j - 1]) + 1)
            current[j] = value
            if value < rowLeast { rowLeast = value }
            j += 1
        }
        // A row's least value never falls in the rows below it.
        if rowLeast >= bound { return nil }
        swap(&previous, &current)
        i += 1
    }
    return previous[y.count] < bound ? previous[y.count] : nil
}

/// The candidate closest to `word`, when it is close enough to be a likely
/// typo (the CLI suggests its options with it too); the first of equally
/// close ones.
package func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    let written = Array(word.lowercased().unicodeScalars)
    var best: (String, Int)?
    for c in candidates {
        if let d = editDistance(written, Array(c.lowercased().unicodeScalars), below: best?.1 ?? Int.max) {
            best = (c, d)
        }
    }
    guard let (name, d) = best else { return nil }
    let limit = max(1, min(3, (max(word.count, name.count) + 1) / 3))
    return d <= limit ? name : nil
}
