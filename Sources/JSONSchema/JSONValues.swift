import AccordionDiagnostics
import AccordionYAML

/// JSON's view of YAML nodes: the seven types, exact number comparison
/// across 64-bit integers, big integers and doubles, JSON equality (1 == 1.0,
/// mappings unordered) and short descriptions for messages.
enum JSONValues {
    // Type bits (`integer` is a subtype of `number`).
    static let null: UInt8 = 1, boolean: UInt8 = 2, object: UInt8 = 4, array: UInt8 = 8
    static let number: UInt8 = 16, string: UInt8 = 32, integer: UInt8 = 64

    static let typeNames: [(String, UInt8)] = [
        ("null", null), ("boolean", boolean), ("object", object), ("array", array),
        ("number", number), ("string", string), ("integer", integer),
    ]

    /// The type bits of `node`; a number with zero fractional part also has `integer`.
    static func typeBits(_ node: YAMLNodeRef) -> UInt8 {
        // From the node's shape, without making a view (this runs for every `type`).
        switch node.shape {
        case .mapping: return object
        case .sequence: return array
        case .string: return string
        case .integer: return number | integer
        case .null: return null
        case .bool: return boolean
        case .float:
            guard case .float(let d) = node.scalar?.value else { return number }
            return d.isFinite && d.rounded(.towardZero) == d ? number | integer : number
        }
    }

    /// Whether two texts are the same code points (JSON's string equality;
    /// Swift's `==` equates canonically equivalent spellings). `==` first:
    /// texts it tells apart differ, and it is the cheap test for the common
    /// mismatch; equal texts differ in spelling only with non-ASCII bytes.
    @inline(__always)
    static func sameText(_ a: String, _ b: String) -> Bool {
        guard a == b else { return false }
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        return x.allSatisfy { $0 < 0x80 } || x.elementsEqual(y)
    }

    /// The name of a mapping key as JSON sees it (keys are strings there).
    @inline(__always)
    static func keyName(_ key: YAMLNodeRef) -> String {
        // A string's value is its text; other scalars are named by their text too.
        if case .scalar(let s) = key.kind { return s.text }
        return ""
    }

    /// `typeBits` of a node the caller holds (the schema's, while compiling).
    static func typeBits(_ node: YAMLNode) -> UInt8 { typeBits(node.ref) }

    /// `keyName` of a key the caller holds.
    static func keyName(_ key: YAMLNode) -> String { keyName(key.ref) }

    /// `describe` of a node the caller holds.
    static func describe(_ node: YAMLNode) -> String { describe(node.ref) }

    /// A number of any of the three spellings.
    enum Number {
        case int(Int64)
        /// Sign and magnitude digits without leading zeros.
        case big(negative: Bool, digits: String)
        case double(Double)

        /// The number a node the caller holds spells (the schema's, while compiling).
        init?(_ node: YAMLNode) { self.init(node.ref) }

        init?(_ node: YAMLNodeRef) {
            // The shape first: numeric checks run on every value, strings included.
            switch node.shape {
            case .integer, .float: break
            default: return nil
            }
            guard case .scalar(let s) = node.kind else { return nil }
            switch s.value {
            case .int(let i): self = .int(i)
            case .float(let d): self = .double(d)
            case .bigInt(let text):
                var digits = Substring(text)
                var negative = false
                if digits.hasPrefix("-") { negative = true; digits = digits.dropFirst() }
                if digits.hasPrefix("+") { digits = digits.dropFirst() }
                while digits.count > 1, digits.hasPrefix("0") { digits = digits.dropFirst() }
                self = .big(negative: negative, digits: String(digits))
            default: return nil
            }
        }

        var double: Double {
            switch self {
            case .int(let i): return Double(i)
            case .double(let d): return d
            case .big(let negative, let digits): return (Double(digits) ?? .infinity) * (negative ? -1 : 1)
            }
        }
    }

    /// -1, 0 or 1 comparing `a` with `b` exactly; nil when either is NaN.
    static func compare(_ a: Number, _ b: Number) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        case (.double(let x), .double(let y)):
            if x.isNaN || y.isNaN { return nil }
            return x < y ? -1 : (x > y ? 1 : 0)
        case (.int(let x), .double(let d)): return compareIntDouble(x, d)
        case (.double(let d), .int(let x)): return compareIntDouble(x, d).map { -$0 }
        case (.big(let n, _), .int): return n ? -1 : 1
        case (.int, .big(let n, _)): return n ? 1 : -1
        case (.big(let n, let digits), .double(let d)): return compareBigDouble(n, digits, d)
        case (.double(let d), .big(let n, let digits)): return compareBigDouble(n, digits, d).map { -$0 }
        case (.big(let n1, let d1), .big(let n2, let d2)):
            if n1 != n2 { return n1 ? -1 : 1 }
            let m = compareMagnitude(d1, d2)
            return n1 ? -m : m
        }
    }

    static func compareIntDouble(_ x: Int64, _ d: Double) -> Int? {
        if d.isNaN { return nil }
        if d >= 9223372036854775808.0 { return -1 }
        if d < -9223372036854775808.0 { return 1 }
        let f = d.rounded(.down)
        let fi = Int64(f)
        if x < fi { return -1 }
        if x > fi { return 1 }
        return f == d ? 0 : -1
    }

    static func compareBigDouble(_ negative: Bool, _ digits: String, _ d: Double) -> Int? {
        if d.isNaN { return nil }
        if d.isInfinite { return d > 0 ? -1 : 1 }
        if abs(d) < 9223372036854775808.0 { return negative ? -1 : 1 }
        if negative != (d < 0) { return negative ? -1 : 1 }
        let m = compareMagnitude(digits, exactDigits(abs(d)))
        return negative ? -m : m
    }

    static func compareMagnitude(_ a: String, _ b: String) -> Int {
        if a.utf8.count != b.utf8.count { return a.utf8.count < b.utf8.count ? -1 : 1 }
        return a < b ? -1 : (a > b ? 1 : 0)
    }

    /// The exact decimal digits of an integral double (≥ 2^63 here).
    static func exactDigits(_ d: Double) -> String {
        var digits: [UInt8] = []  // little-endian decimal digits
        var m = d.significandBitPattern | (1 << 52)
        if m == 0 { return "0" }
        while m > 0 { digits.append(UInt8(m % 10)); m /= 10 }
        let shift = Int(d.exponent) - 52
        if shift > 0 {
            for _ in 0..<shift {
                var carry: UInt8 = 0
                for k in 0..<digits.count {
                    let v = digits[k] * 2 + carry
                    digits[k] = v % 10
                    carry = v / 10
                }
                if carry > 0 { digits.append(carry) }
            }
        }
        return String(digits.reversed().map { Character(Unicode.Scalar($0 + 48)) })
    }

    /// JSON equality: numbers by value, mappings as unordered key sets.
    static func equal(_ a: YAMLNodeRef, _ b: YAMLNodeRef) -> Bool {
        if a === b { return true }
        switch (a.kind, b.kind) {
        case (.scalar(let x), .scalar(let y)):
            switch (x.value, y.value) {
            case (.null, .null): return true
            case (.bool(let p), .bool(let q)): return p == q
            // JSON compares code points; Swift's `==` would equate canonically
            // equivalent spellings (é and e + U+0301).
            case (.string(let p), .string(let q)): return JSONValues.sameText(p, q)
            case (.int, _), (.float, _), (.bigInt, _):
                guard let p = Number(a), let q = Number(b) else { return false }
                return compare(p, q) == 0
            default: return false
            }
        case (.sequence(let x), .sequence(let y)):
            guard x.count == y.count else { return false }
            for k in 0..<x.count where !equal(x[k], y[k]) { return false }
            return true
        case (.mapping(let x), .mapping(let y)):
            guard x.count == y.count else { return false }
            if x.count > 16 {
                var index: [String: YAMLNodeRef] = [:]
                for f in y { index[keyName(f.key)] = index[keyName(f.key)] ?? f.value }
                for e in x {
                    guard let other = index[keyName(e.key)], equal(e.value, other) else { return false }
                }
                return true
            }
            outer: for e in x {
                let name = keyName(e.key)
                for f in y where keyName(f.key) == name {
                    if equal(e.value, f.value) { continue outer }
                    return false
                }
                return false
            }
            return true
        default:
            return false
        }
    }

    /// A hash consistent with `equal`.
    static func hash(_ node: YAMLNodeRef, into h: inout Hasher) {
        switch node.kind {
        case .scalar(let s):
            switch s.value {
            case .null: h.combine(0)
            case .bool(let b): h.combine(1); h.combine(b)
            case .string(let t): h.combine(2); h.combine(t)
            case .int, .float, .bigInt:
                h.combine(3)
                var d = Number(node)?.double ?? 0
                if d == 0 { d = 0 }
                if !d.isNaN { h.combine(d.bitPattern) }
            }
        case .sequence(let items):
            h.combine(4)
            h.combine(items.count)
            for i in items { hash(i, into: &h) }
        case .mapping(let entries):
            h.combine(5)
            h.combine(entries.count)
            var sum = 0
            for e in entries {
                var sub = Hasher()
                sub.combine(keyName(e.key))
                hash(e.value, into: &sub)
                sum = sum &+ sub.finalize()
            }
            h.combine(sum)
        }
    }

    /// "a string (\"abc\")", "an integer (5)", "a mapping", ... for messages.
    static func describe(_ node: YAMLNodeRef) -> String {
        switch node.kind {
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        case .scalar(let s):
            switch s.value {
            case .null: return "null"
            case .bool(let b): return "a boolean (\(b))"
            case .string(let t): return "a string (\(quoted(t)))"
            case .int, .bigInt: return "an integer (\(s.text))"
            case .float:
                return typeBits(node) & integer != 0 ? "an integer (\(s.text))" : "a number (\(s.text))"
            }
        }
    }

    /// A short inline rendering of a value, e.g. for `enum` lists.
    static func render(_ node: YAMLNodeRef, limit: Int = 60) -> String {
        var out = ""
        renderInto(&out, node, limit: limit)
        if out.count > limit { out = String(out.prefix(limit - 1)) + "…" }
        return out
    }

    private static func renderInto(_ out: inout String, _ node: YAMLNodeRef, limit: Int) {
        if out.utf8.count > limit * 4 { return }
        switch node.kind {
        case .scalar(let s):
            switch s.value {
            case .null: out += "null"
            case .bool(let b): out += b ? "true" : "false"
            case .string(let t): out += quoted(t)
            default: out += s.text
            }
        case .sequence(let items):
            out += "["
            for (k, i) in items.enumerated() {
                if out.utf8.count > limit * 4 { break }
                if k > 0 { out += ", " }
                renderInto(&out, i, limit: limit)
            }
            out += "]"
        case .mapping(let entries):
            out += "{"
            for (k, e) in entries.enumerated() {
                if out.utf8.count > limit * 4 { break }
                if k > 0 { out += ", " }
                out += quoted(keyName(e.key)) + ": "
                renderInto(&out, e.value, limit: limit)
            }
            out += "}"
        }
    }

    /// A string in JSON quotes, shortened when long.
    static func quoted(_ text: String, limit: Int = 40) -> String {
        var t = text
        if t.unicodeScalars.count > limit { t = String(String.UnicodeScalarView(t.unicodeScalars.prefix(limit - 1))) + "…" }
        return JSONText.quote(t)
    }

    /// A value for a message: strings bare in backticks, others as JSON.
    static func code(_ node: YAMLNodeRef) -> String {
        if case .scalar(let s) = node.kind, case .string(let t) = s.value { return "`\(t)`" }
        return "`\(render(node))`"
    }
}

/// Edit distance for "did you mean" suggestions.
enum Suggestions {
    /// Optimal-string-alignment (Damerau–Levenshtein) distance, ignoring case
    /// differences at half cost (rounded up): `headerheight` is close to `headerHeight`.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i * 2 }
        for j in 0...y.count { d[0][j] = j * 2 }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost: Int
                if x[i - 1] == y[j - 1] { cost = 0 }
                else if x[i - 1].properties.lowercaseMapping == y[j - 1].properties.lowercaseMapping { cost = 1 }
                else { cost = 2 }
                d[i][j] = min(d[i - 1][j] + 2, d[i][j - 1] + 2, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 2)
                }
            }
        }
        return (d[x.count][y.count] + 1) / 2
    }

    /// The candidate closest to `word`, when it is close enough to be a likely typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        // Long texts are not typos of names; comparing them would be quadratic.
        guard word.utf8.count <= 64 else { return nil }
        var best: (String, Int)? = nil
        for c in candidates where c != word && c.utf8.count <= 64 {
            let d = distance(word, c)
            if best == nil || d < best!.1 { best = (c, d) }
        }
        guard let (name, d) = best else { return nil }
        let length = max(word.unicodeScalars.count, name.unicodeScalars.count)
        let allowed = length <= 3 ? 1 : (length <= 6 ? 2 : max(3, length / 3))
        return d <= allowed && d < length ? name : nil
    }
}
