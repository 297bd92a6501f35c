#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The YAML 1.2 core schema as a table: each row names the type it yields
/// and matches the raw UTF-8 bytes of a scalar against that type's regular
/// expression from the specification (written out by hand: no regex engine,
/// no Foundation). Plain scalars try the rows in order; an explicit tag
/// (`!!int`, `!!float`, ...) tries only the rows of its type.
enum CoreSchema {
    /// What a row found.
    enum Match {
        case value(ScalarValue)
        /// A hex or octal integer too long to convert to decimal in bounded time.
        case tooLong
    }

    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// One row: the core type name (`null`, `bool`, `int`, `float`) and its matcher.
    struct Row: Sendable {
        let type: String
        let match: @Sendable (Bytes) -> Match?
    }

    /// Longest hex or octal integer converted to decimal (the conversion is quadratic).
    static let maxRadixDigits = 4096

    /// The rows in resolution order (YAML 1.2.2, section 10.3.2).
    static let rows: [Row] = [
        // null | Null | NULL | ~ | (empty)
        Row(type: "null") { b in
            b.isEmpty || equals(b, "~") || equals(b, "null") || equals(b, "Null") || equals(b, "NULL")
                ? .value(.null) : nil
        },
        // true | True | TRUE | false | False | FALSE
        Row(type: "bool") { b in
            if equals(b, "true") || equals(b, "True") || equals(b, "TRUE") { return .value(.bool(true)) }
            if equals(b, "false") || equals(b, "False") || equals(b, "FALSE") { return .value(.bool(false)) }
            return nil
        },
        // [-+]? [0-9]+
        Row(type: "int") { b in decimalInteger(b) },
        // 0o [0-7]+
        Row(type: "int") { b in radixInteger(b, prefix: UInt8(ascii: "o"), radix: 8) },
        // 0x [0-9a-fA-F]+
        Row(type: "int") { b in radixInteger(b, prefix: UInt8(ascii: "x"), radix: 16) },
        // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        Row(type: "float") { b in decimalFloat(b) },
        // [-+]? \. ( inf | Inf | INF )
        Row(type: "float") { b in
            var rest = b[...]
            var negative = false
            if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                negative = first == UInt8(ascii: "-")
                rest = rest.dropFirst()
            }
            let r = Bytes(rebasing: rest)
            return equals(r, ".inf") || equals(r, ".Inf") || equals(r, ".INF")
                ? .value(.float(negative ? -.infinity : .infinity)) : nil
        },
        // \. ( nan | NaN | NAN )
        Row(type: "float") { b in
            equals(b, ".nan") || equals(b, ".NaN") || equals(b, ".NAN") ? .value(.float(.nan)) : nil
        },
    ]

    /// Resolves an untagged plain scalar; nil means it is a string.
    ///
    /// Each row can only match scalars starting with certain bytes, so the
    /// first byte picks the few rows worth trying, in the table's order
    /// (this runs for every plain scalar of a document).
    static func resolvePlain(_ b: Bytes) -> Match? {
        guard let first = b.first else { return .value(.null) }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            return equals(b, "~") || equals(b, "null") || equals(b, "Null") || equals(b, "NULL") ? .value(.null) : nil
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return equals(b, "true") || equals(b, "True") || equals(b, "TRUE") ? .value(.bool(true)) : nil
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return equals(b, "false") || equals(b, "False") || equals(b, "FALSE") ? .value(.bool(false)) : nil
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if let m = decimalInteger(b) { return m }
            if first == UInt8(ascii: "0"), b.count > 2 {
                if let m = radixInteger(b, prefix: UInt8(ascii: "o"), radix: 8) { return m }
                if let m = radixInteger(b, prefix: UInt8(ascii: "x"), radix: 16) { return m }
            }
            return decimalFloat(b)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            for row in rows {
                if let m = row.match(b) { return m }
            }
            return nil
        default:
            return nil
        }
    }

    /// Resolves text under an explicit core type (`int` also accepts nothing
    /// but integers; `float` accepts integers too, as floats).
    static func resolve(_ b: Bytes, asType type: String) -> Match? {
        for row in rows where row.type == type {
            if let m = row.match(b) { return m }
        }
        if type == "float" {
            for row in rows where row.type == "int" {
                guard let m = row.match(b) else { continue }
                switch m {
                case .value(.int(let i)): return .value(.float(Double(i)))
                case .value(.bigInt(let digits)): return Double(digits).map { .value(.float($0)) }
                default: return m
                }
            }
        }
        return nil
    }

    /// YAML 1.1 boolean words that YAML 1.2 reads as strings.
    static func isYAML11Boolean(_ b: Bytes) -> Bool {
        guard b.count <= 3, let first = b.first else { return false }
        switch first {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"),
             UInt8(ascii: "o"), UInt8(ascii: "O"): break
        default: return false
        }
        for w in yaml11Words where equals(b, w) { return true }
        return false
    }

    private static let yaml11Words: [StaticString] = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
        "on", "On", "ON", "off", "Off", "OFF",
    ]

    static func equals(_ b: Bytes, _ word: StaticString) -> Bool {
        guard b.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for i in 0..<b.count where b[i] != w[i] { return false }
        return true
    }

    private static func isDigit(_ c: UInt8) -> Bool { c &- 48 < 10 }

    /// The `int` rows in their order, without the rows before them (for a
    /// scalar already known to be an integer).
    /// The prefix picks the row (`0x`/`0o` can only match their own).
    static func integer(_ b: Bytes) -> Match? {
        if b.count > 2, b[0] == UInt8(ascii: "0") {
            if b[1] == UInt8(ascii: "x") { return radixInteger(b, prefix: UInt8(ascii: "x"), radix: 16) }
            if b[1] == UInt8(ascii: "o") { return radixInteger(b, prefix: UInt8(ascii: "o"), radix: 8) }
        }
        return decimalInteger(b)
    }

    static func decimalInteger(_ b: Bytes) -> Match? {
        var i = 0
        var negative = false
        if let first = b.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            i = 1
        }
        guard i < b.count else { return nil }
        var magnitude: UInt64 = 0
        var overflow = false
        for j in i..<b.count {
            let d = b[j] &- 48
            guard d < 10 else { return nil }
            if !overflow {
                let (m1, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (m2, o2) = m1.addingReportingOverflow(UInt64(d))
                if o1 || o2 { overflow = true } else { magnitude = m2 }
            }
        }
        if !overflow {
            if negative, magnitude <= UInt64(Int64.max) + 1 {
                return .value(.int(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)))
            }
            if !negative, magnitude <= UInt64(Int64.max) { return .value(.int(Int64(magnitude))) }
        }
        // Outside 64 bits: keep the exact digits, without sign noise or leading zeros.
        var start = i
        while start < b.count - 1, b[start] == UInt8(ascii: "0") { start += 1 }
        var digits = negative ? "-" : ""
        digits += String(decoding: Bytes(rebasing: b[start...]), as: UTF8.self)
        return .value(.bigInt(digits))
    }

    static func radixInteger(_ b: Bytes, prefix: UInt8, radix: UInt64) -> Match? {
        guard b.count > 2, b[0] == UInt8(ascii: "0"), b[1] == prefix else { return nil }
        // Radix 16 or 8: up to 15 hex or 21 octal digits fit in 63 bits, so
        // the common short literal (a colour like 0x1ABC9CFF) needs no
        // overflow checks.
        let shift: UInt64 = radix == 16 ? 4 : 3
        if b.count - 2 <= (radix == 16 ? 15 : 21) {
            var short: UInt64 = 0
            for j in 2..<b.count {
                guard let d = digitValue(b[j], radix: radix) else { return nil }
                short = short << shift | d
            }
            return .value(.int(Int64(short)))
        }
        var value: UInt64 = 0
        var overflow = false
        for j in 2..<b.count {
            guard let d = digitValue(b[j], radix: radix) else { return nil }
            if !overflow {
                let (m1, o1) = value.multipliedReportingOverflow(by: radix)
                let (m2, o2) = m1.addingReportingOverflow(d)
                if o1 || o2 { overflow = true } else { value = m2 }
            }
        }
        if !overflow, value <= UInt64(Int64.max) { return .value(.int(Int64(value))) }
        var digits: [UInt64] = []
        for j in 2..<b.count { digits.append(digitValue(b[j], radix: radix)!) }
        while digits.count > 1, digits[0] == 0 { digits.removeFirst() }
        if digits.count > maxRadixDigits { return .tooLong }
        return .value(.bigInt(toDecimal(digits, radix: radix)))
    }

    private static func digitValue(_ c: UInt8, radix: UInt64) -> UInt64? {
        let v: UInt64
        if c &- 48 < 10 {
            v = UInt64(c &- 48)
        } else if (c | 0x20) &- 97 < 6 {
            v = UInt64((c | 0x20) &- 87)  // a-f and A-F
        } else {
            return nil
        }
        return v < radix ? v : nil
    }

    /// Exact conversion of big-endian digits in `radix` to decimal text,
    /// through little-endian limbs of 10^9.
    static func toDecimal(_ digits: [UInt64], radix: UInt64) -> String {
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = [0]
        for d in digits {
            var carry = d
            for k in 0..<limbs.count {
                let v = limbs[k] * radix + carry
                limbs[k] = v % base
                carry = v / base
            }
            while carry > 0 {
                limbs.append(carry % base)
                carry /= base
            }
        }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

    /// The correctly rounded double of text already matched by the float
    /// pattern, through the C library's `strtod` on a stack copy (no String).
    static func parseDouble(_ b: Bytes) -> Double? {
        if b.count > 63 { return Double(String(decoding: b, as: UTF8.self)) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> Double? in
            for k in 0..<b.count { buffer[k] = CChar(bitPattern: b[k]) }
            buffer[b.count] = 0
            var end: UnsafeMutablePointer<CChar>? = nil
            let d = strtod(buffer.baseAddress!, &end)
            return end == buffer.baseAddress! + b.count ? d : nil
        }
    }

    static func decimalFloat(_ b: Bytes) -> Match? {
        var i = 0
        let n = b.count
        if i < n, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
        var intDigits = 0
        while i < n, isDigit(b[i]) { i += 1; intDigits += 1 }
        var fracDigits = 0
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, isDigit(b[i]) { i += 1; fracDigits += 1 }
        }
        // `\. [0-9]+` or `[0-9]+ ( \. [0-9]* )?`
        guard intDigits > 0 || fracDigits > 0 else { return nil }
        if i < n, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
            var expDigits = 0
            while i < n, isDigit(b[i]) { i += 1; expDigits += 1 }
            guard expDigits > 0 else { return nil }
        }
        guard i == n else { return nil }
        return parseDouble(b).map { .value(.float($0)) }
    }
}
