/// An ECMA-262 regular expression (with the `u` flag's Unicode semantics:
/// it matches Unicode scalars), as JSON Schema's `pattern` and
/// `patternProperties` require. Our own engine because neither Foundation's
/// nor Swift's regexes follow ECMA-262, and because a hostile pattern must
/// end in a diagnostic, not a hang: matching is a backtracking machine with
/// an explicit stack (no recursion on the input) and a step budget.
public struct ECMARegex: Sendable {
    /// The pattern as written.
    public let pattern: String
    let program: RegexProgram
    /// A scalar every match must start with, to skip hopeless start positions.
    let firstScalar: UInt32?
    /// True when the pattern can only match at the start of the input.
    let anchoredAtStart: Bool
    /// The linear-time matcher, for patterns simple enough to have one.
    let bitParallel: BitParallelMatcher?
    /// How many of the machine's instructions are `split`s (for `BitParallelMatcher.readingWorstCaseSteps`).
    let splitCount: Int

    /// Default number of machine steps one search may take.
    public static let defaultBudget = 1_000_000

    /// Why a pattern is not a valid ECMA-262 regular expression.
    public struct SyntaxError: Error, Sendable, Equatable {
        /// What is wrong, as a sentence fragment ("nothing to repeat").
        public let message: String
        /// 0-based position (in Unicode scalars) in the pattern where it was found.
        public let position: Int
    }

    /// How a search ended.
    public enum SearchResult: Sendable, Equatable {
        /// Some substring matched.
        case matched
        /// No substring matched.
        case noMatch
        /// The search took more than its step budget; nothing is known.
        case budgetExceeded
    }

    /// Parses and compiles `pattern`; throws when it is not ECMA-262 syntax.
    public init(_ pattern: String) throws(SyntaxError) {
        self.pattern = pattern
        var parser = RegexParser(Array(pattern.unicodeScalars.map(\.value)))
        let ast = try parser.parse()
        let compiler = RegexCompiler(groupCount: parser.groupCount)
        self.program = try compiler.compile(ast)
        self.firstScalar = RegexCompiler.firstScalar(of: ast)
        self.anchoredAtStart = RegexCompiler.startsWithBOL(ast)
        self.bitParallel = BitParallelMatcher(ast)
        self.splitCount = program.code.reduce(0) { count, instruction in
            if case .split = instruction { return count + 1 }
            return count
        }
    }

    /// Searches `text` anywhere (ECMA `test` semantics: unanchored).
    ///
    /// - Parameters:
    ///   - text: The text to search.
    ///   - budget: The most machine steps to spend.
    /// - Returns: Matched, not matched, or out of budget.
    public func search(_ text: String, budget: Int = ECMARegex.defaultBudget) -> SearchResult {
        var remaining = budget
        return search(text, remaining: &remaining)
    }

    /// Searches `text`, spending steps from `remaining` (what is left stays
    /// there, so a caller can bound many searches together).
    ///
    /// - Parameters:
    ///   - text: The text to search.
    ///   - remaining: The steps left to spend; decreased by what this search spends.
    /// - Returns: Matched, not matched, or out of budget.
    public func search(_ text: String, remaining: inout Int) -> SearchResult {
        var scratch = RegexScratch()
        return search(text, remaining: &remaining, scratch: &scratch)
    }

    /// The search with buffers reused across calls.
    func search(_ text: String, remaining: inout Int, scratch: inout RegexScratch) -> SearchResult {
        if let result = linearSearch(text, remaining: &remaining) { return result }
        return backtrackingSearch(text, remaining: &remaining, scratch: &scratch)
    }

    /// The linear-time matcher's answer, or nil when the pattern has none or
    /// the backtracking machine might have run out of steps on `text` (its
    /// answer, the reference, is then needed).
    private func linearSearch(_ text: String, remaining: inout Int) -> SearchResult? {
        guard let fast = bitParallel else { return nil }
        // ASCII text (the usual id or colour) is read as bytes.
        var bytes = text
        switch bytes.withUTF8({ linearSearch(asciiUTF8: $0, remaining: &remaining) }) {
        case .some(let decided): return decided
        case .none: break
        }
        let n = text.unicodeScalars.count
        guard let worst = fast.worstCaseSteps(length: n, codeSize: program.code.count), worst <= remaining else { return nil }
        remaining -= min(remaining, n + 1)
        return fast.matches(text.unicodeScalars.lazy.map(\.value), count: n) ? .matched : .noMatch
    }

    /// The linear-time matcher on ASCII bytes: nil when the text is not
    /// ASCII; `.some(nil)` when the machine's answer is needed (no linear
    /// matcher, or the step bound is beyond the budget).
    private func linearSearch(asciiUTF8 b: UnsafeBufferPointer<UInt8>, remaining: inout Int) -> SearchResult?? {
        guard !b.contains(where: { $0 >= 0x80 }) else { return nil }
        guard let fast = bitParallel else { return .some(nil) }
        func within(_ worst: Int?) -> Bool { worst.map { $0 <= remaining } ?? false }
        guard within(fast.worstCaseSteps(length: b.count, codeSize: program.code.count))
                || within(fast.readingWorstCaseSteps(length: b.count, codeSize: program.code.count, splits: splitCount))
        else { return .some(nil) }
        remaining -= min(remaining, b.count + 1)
        return fast.matches(b.lazy.map { UInt32($0) }, count: b.count) ? .matched : .noMatch
    }

    /// `search` over UTF-8 text, without making a `String` when the linear
    /// matcher can answer (ASCII text, the common id or colour).
    func search(utf8 text: UnsafeBufferPointer<UInt8>, remaining: inout Int, scratch: inout RegexScratch) -> SearchResult {
        if bitParallel != nil, case .some(let decided?) = linearSearch(asciiUTF8: text, remaining: &remaining) { return decided }
        return search(String(decoding: text, as: UTF8.self), remaining: &remaining, scratch: &scratch)
    }

    /// The search on the backtracking machine alone (the reference the
    /// linear-time matcher is tested against).
    func backtrackingSearch(_ text: String, remaining: inout Int) -> SearchResult {
        var scratch = RegexScratch()
        return backtrackingSearch(text, remaining: &remaining, scratch: &scratch)
    }

    func backtrackingSearch(_ text: String, remaining: inout Int, scratch: inout RegexScratch) -> SearchResult {
        var machine = RegexMachine(reusing: &scratch, budget: remaining)
        machine.input.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars { machine.input.append(s.value) }
        defer {
            remaining = max(0, machine.budget)
            machine.release(into: &scratch)
        }
        let count = machine.input.count
        let lastStart = anchoredAtStart ? 0 : count
        var start = 0
        while start <= lastStart {
            if let first = firstScalar {
                while start < count, machine.input[start] != first { start += 1 }
                if start >= count { return .noMatch }
            }
            switch machine.run(program, at: start) {
            case .matched: return .matched
            case .budgetExceeded: return .budgetExceeded
            case .noMatch: break
            }
            start += 1
        }
        return .noMatch
    }

    /// True when `text` contains a match; false when it does not or the budget ran out.
    ///
    /// - Parameter text: The text to search.
    /// - Returns: Whether a match was found within the budget.
    public func matches(_ text: String) -> Bool { search(text) == .matched }
}

// MARK: - Syntax tree

indirect enum RegexNode {
    case empty
    case scalar(UInt32)
    case cls(CharClass)
    case dot
    case sequence([RegexNode])
    case alternation([RegexNode])
    case group(RegexNode, capture: Int?)
    case quantified(RegexNode, min: Int, max: Int?, greedy: Bool)
    case lineStart, lineEnd, wordBoundary, notWordBoundary
    case look(RegexNode, ahead: Bool, negated: Bool)
    case backReference(Int)
    case namedBackReference(String)
}

/// A bracketed class or a class escape: a union of items, maybe negated.
struct CharClass: Sendable {
    enum Item: Sendable {
        case range(UInt32, UInt32)
        case digit(negated: Bool)
        case word(negated: Bool)
        case space(negated: Bool)
        case property(UnicodeProperty, negated: Bool)
    }
    var items: [Item]
    var negated: Bool

    func contains(_ c: UInt32) -> Bool {
        var hit = false
        for item in items {
            switch item {
            case .range(let lo, let hi): hit = c >= lo && c <= hi
            case .digit(let n): hit = (c >= 0x30 && c <= 0x39) != n
            case .word(let n): hit = CharClass.isWord(c) != n
            case .space(let n): hit = CharClass.isSpace(c) != n
            case .property(let p, let n): hit = p.contains(c) != n
            }
            if hit { break }
        }
        return hit != negated
    }

    /// Which of U+0000–U+007F the class contains, as two words (bit `c` of
    /// `low` for c < 64, bit `c − 64` of `high` otherwise), built from the
    /// items' ranges: compiling a pattern needs this table for every class,
    /// and testing the 128 scalars one at a time through `contains` was most
    /// of the cost of compiling the bundled schema's patterns.
    var asciiBits: (low: UInt64, high: UInt64) {
        var low: UInt64 = 0, high: UInt64 = 0
        func add(_ lo: UInt32, _ hi: UInt32) {
            guard lo <= hi, lo < 128 else { return }
            let top = min(hi, 127)
            if lo < 64 { low |= Self.bits(lo, min(top, 63)) }
            if top >= 64 { high |= Self.bits(max(lo, 64) - 64, top - 64) }
        }
        for item in items {
            let before = (low, high)
            var negatedItem = false
            switch item {
            case .range(let lo, let hi): add(lo, hi)
            case .digit(let n): negatedItem = n; add(0x30, 0x39)
            case .word(let n): negatedItem = n; add(0x30, 0x39); add(0x41, 0x5A); add(0x5F, 0x5F); add(0x61, 0x7A)
            case .space(let n): negatedItem = n; add(0x09, 0x0D); add(0x20, 0x20)
            case .property(let p, let n):
                for c in UInt32(0)..<128 where p.contains(c) != n { add(c, c) }
            }
            if negatedItem {
                // The item alone is the complement of what `add` just set.
                let only = (low & ~before.0, high & ~before.1)
                low = before.0 | ~only.0
                high = before.1 | ~only.1
            }
        }
        return negated ? (~low, ~high) : (low, high)
    }

    /// Bits `lo...hi` of a word (both below 64).
    private static func bits(_ lo: UInt32, _ hi: UInt32) -> UInt64 {
        let width = hi - lo + 1
        let run: UInt64 = width >= 64 ? ~0 : (1 << UInt64(width)) - 1
        return run << UInt64(lo)
    }

    static func isWord(_ c: UInt32) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
    }

    /// ECMA-262 WhiteSpace and LineTerminator.
    static func isSpace(_ c: UInt32) -> Bool {
        switch c {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    static func isLineTerminator(_ c: UInt32) -> Bool {
        c == 0x0A || c == 0x0D || c == 0x2028 || c == 0x2029
    }
}

// MARK: - Parser

struct RegexParser {
    let s: [UInt32]
    var i = 0
    var groupCount = 0
    var groupNames: [String: Int] = [:]
    var maxBackReference = 0
    var namedReferences: [(String, Int)] = []

    init(_ scalars: [UInt32]) { s = scalars }

    func fail(_ message: String, at position: Int? = nil) -> ECMARegex.SyntaxError {
        ECMARegex.SyntaxError(message: message, position: position ?? i)
    }

    var atEnd: Bool { i >= s.count }
    func peek(_ offset: Int = 0) -> UInt32? { i + offset < s.count ? s[i + offset] : nil }
    func isChar(_ c: Character, _ offset: Int = 0) -> Bool {
        guard let p = peek(offset) else { return false }
        return p == c.unicodeScalars.first!.value
    }

    mutating func parse() throws(ECMARegex.SyntaxError) -> RegexNode {
        let node = try disjunction(depth: 0)
        if !atEnd { throw fail("unmatched `)`") }
        if maxBackReference > groupCount { throw fail("back reference \\\(maxBackReference) names a group that does not exist", at: 0) }
        for (name, position) in namedReferences where groupNames[name] == nil {
            throw fail("back reference \\k<\(name)> names a group that does not exist", at: position)
        }
        return resolveNames(node)
    }

    func resolveNames(_ node: RegexNode) -> RegexNode {
        switch node {
        case .namedBackReference(let name): return .backReference(groupNames[name] ?? 0)
        case .sequence(let parts): return .sequence(parts.map(resolveNames))
        case .alternation(let parts): return .alternation(parts.map(resolveNames))
        case .group(let inner, let capture): return .group(resolveNames(inner), capture: capture)
        case .quantified(let inner, let lo, let hi, let greedy): return .quantified(resolveNames(inner), min: lo, max: hi, greedy: greedy)
        case .look(let inner, let ahead, let negated): return .look(resolveNames(inner), ahead: ahead, negated: negated)
        default: return node
        }
    }

    mutating func disjunction(depth: Int) throws(ECMARegex.SyntaxError) -> RegexNode {
        guard depth < 200 else { throw fail("groups nested too deeply") }
        var alternatives = [try alternative(depth: depth)]
        while isChar("|") {
            i += 1
            alternatives.append(try alternative(depth: depth))
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    mutating func alternative(depth: Int) throws(ECMARegex.SyntaxError) -> RegexNode {
        var terms: [RegexNode] = []
        while !atEnd, !isChar("|"), !isChar(")") {
            terms.append(try term(depth: depth))
        }
        if terms.isEmpty { return .empty }
        return terms.count == 1 ? terms[0] : .sequence(terms)
    }

    mutating func term(depth: Int) throws(ECMARegex.SyntaxError) -> RegexNode {
        let start = i
        let c = s[i]
        var atom: RegexNode
        var quantifiable = true
        switch c {
        case 0x5E: i += 1; atom = .lineStart; quantifiable = false  // ^
        case 0x24: i += 1; atom = .lineEnd; quantifiable = false  // $
        case 0x2E: i += 1; atom = .dot
        case 0x28:  // (
            i += 1
            if isChar("?") {
                if isChar(":", 1) {
                    i += 2
                    atom = .group(try disjunction(depth: depth + 1), capture: nil)
                } else if isChar("=", 1) || isChar("!", 1) {
                    let negated = isChar("!", 1)
                    i += 2
                    atom = .look(try disjunction(depth: depth + 1), ahead: true, negated: negated)
                } else if isChar("<", 1) && (isChar("=", 2) || isChar("!", 2)) {
                    let negated = isChar("!", 2)
                    i += 3
                    atom = .look(try disjunction(depth: depth + 1), ahead: false, negated: negated)
                    quantifiable = false
                } else if isChar("<", 1) {
                    i += 2
                    let name = try groupName()
                    groupCount += 1
                    let index = groupCount
                    if groupNames[name] != nil { throw fail("duplicate group name `\(name)`", at: start) }
                    groupNames[name] = index
                    atom = .group(try disjunction(depth: depth + 1), capture: index)
                } else {
                    throw fail("invalid group", at: start)
                }
            } else {
                groupCount += 1
                let index = groupCount
                atom = .group(try disjunction(depth: depth + 1), capture: index)
            }
            guard isChar(")") else { throw fail("missing `)`", at: start) }
            i += 1
        case 0x29: throw fail("unmatched `)`")
        case 0x5B: atom = .cls(try characterClass())  // [
        case 0x5C: atom = try atomEscape()  // backslash
        case 0x2A, 0x2B, 0x3F: throw fail("nothing to repeat")  // * + ?
        case 0x7B:  // {
            if let _ = try? peekBraceQuantifier() { throw fail("nothing to repeat") }
            i += 1
            atom = .scalar(c)
        default:
            i += 1
            atom = .scalar(c)
        }
        // quantifier
        guard !atEnd else { return atom }
        var lo = 0
        var hi: Int? = nil
        switch s[i] {
        case 0x2A: lo = 0; hi = nil; i += 1
        case 0x2B: lo = 1; hi = nil; i += 1
        case 0x3F: lo = 0; hi = 1; i += 1
        case 0x7B:
            guard let (a, b, length) = try peekBraceQuantifier() else { return atom }
            i += length
            lo = a
            hi = b
        default: return atom
        }
        guard quantifiable else { throw fail("nothing to repeat", at: start) }
        var greedy = true
        if isChar("?") { greedy = false; i += 1 }
        return .quantified(atom, min: lo, max: hi, greedy: greedy)
    }

    /// `{n}`, `{n,}` or `{n,m}` at `i`, without consuming it; nil when the
    /// brace is not a quantifier (then it is a literal `{`, as in Annex B).
    func peekBraceQuantifier() throws(ECMARegex.SyntaxError) -> (Int, Int?, Int)? {
        var j = i + 1
        func number(_ j: inout Int) -> Int? {
            var v = 0
            var any = false
            while j < s.count, s[j] >= 0x30, s[j] <= 0x39 {
                v = min(v * 10 + Int(s[j] - 0x30), 1_000_000_000)
                j += 1
                any = true
            }
            return any ? v : nil
        }
        guard let a = number(&j) else { return nil }
        var b: Int? = a
        if j < s.count, s[j] == 0x2C {
            j += 1
            b = number(&j)
        }
        guard j < s.count, s[j] == 0x7D else { return nil }
        if let b, b < a { throw fail("numbers out of order in a `{}` quantifier") }
        return (a, b, j + 1 - i)
    }

    mutating func groupName() throws(ECMARegex.SyntaxError) -> String {
        var name = ""
        while let c = peek(), c != 0x3E {
            guard let u = Unicode.Scalar(c),
                  u.properties.isIDContinue || c == 0x24 || c == 0x5F
            else { throw fail("invalid character in a group name") }
            if name.isEmpty, !(u.properties.isIDStart || c == 0x24 || c == 0x5F) {
                throw fail("invalid character in a group name")
            }
            name.unicodeScalars.append(u)
            i += 1
        }
        guard isChar(">"), !name.isEmpty else { throw fail("invalid group name") }
        i += 1
        return name
    }

    mutating func atomEscape() throws(ECMARegex.SyntaxError) -> RegexNode {
        let start = i
        i += 1  // backslash
        guard let c = peek() else { throw fail("`\\` at end of pattern", at: start) }
        switch c {
        case 0x62: i += 1; return .wordBoundary  // b
        case 0x42: i += 1; return .notWordBoundary  // B
        case 0x31...0x39:
            var v = 0
            while let d = peek(), d >= 0x30, d <= 0x39 {
                v = min(v * 10 + Int(d - 0x30), 1_000_000)
                i += 1
            }
            maxBackReference = max(maxBackReference, v)
            return .backReference(v)
        case 0x6B:  // k
            i += 1
            guard isChar("<") else { throw fail("`\\k` must be followed by `<name>`", at: start) }
            i += 1
            let name = try groupName()
            namedReferences.append((name, start))
            return .namedBackReference(name)
        default:
            if let item = try classEscape() { return .cls(CharClass(items: [item], negated: false)) }
            return .scalar(try characterEscape(inClass: false))
        }
    }

    /// `\d \D \w \W \s \S \p{…} \P{…}` at `i` (just after the backslash).
    mutating func classEscape() throws(ECMARegex.SyntaxError) -> CharClass.Item? {
        guard let c = peek() else { return nil }
        switch c {
        case 0x64: i += 1; return .digit(negated: false)
        case 0x44: i += 1; return .digit(negated: true)
        case 0x77: i += 1; return .word(negated: false)
        case 0x57: i += 1; return .word(negated: true)
        case 0x73: i += 1; return .space(negated: false)
        case 0x53: i += 1; return .space(negated: true)
        case 0x70, 0x50:  // p P
            let start = i - 1
            i += 1
            guard isChar("{") else { throw fail("`\\p` must be followed by `{Property}`", at: start) }
            i += 1
            var text = ""
            while let d = peek(), d != 0x7D {
                text.unicodeScalars.append(Unicode.Scalar(d) ?? "?")
                i += 1
            }
            guard isChar("}") else { throw fail("unterminated `\\p{`", at: start) }
            i += 1
            guard let property = UnicodeProperty(name: text) else {
                throw fail("unknown Unicode property `\(text)`", at: start)
            }
            return .property(property, negated: c == 0x50)
        default:
            return nil
        }
    }

    /// A character escape at `i` (just after the backslash): its scalar.
    mutating func characterEscape(inClass: Bool) throws(ECMARegex.SyntaxError) -> UInt32 {
        let start = i - 1
        let c = s[i]
        i += 1
        switch c {
        case 0x74: return 0x09  // t
        case 0x6E: return 0x0A  // n
        case 0x76: return 0x0B  // v
        case 0x66: return 0x0C  // f
        case 0x72: return 0x0D  // r
        case 0x62 where inClass: return 0x08  // [\b] is backspace
        case 0x2D where inClass: return 0x2D  // [\-]
        case 0x63:  // cX
            if let l = peek(), (l >= 0x41 && l <= 0x5A) || (l >= 0x61 && l <= 0x7A) {
                i += 1
                return l % 32
            }
            throw fail("`\\c` must be followed by a letter", at: start)
        case 0x30:  // \0
            if let d = peek(), d >= 0x30, d <= 0x39 { throw fail("octal escapes are not allowed", at: start) }
            return 0
        case 0x78:  // xHH
            guard let v = hexDigits(2) else { throw fail("`\\x` must be followed by two hex digits", at: start) }
            return v
        case 0x75:  // uHHHH or u{…}
            if isChar("{") {
                i += 1
                var v: UInt32 = 0
                var count = 0
                while let d = peek(), let h = RegexParser.hexValue(d) {
                    v = v &* 16 &+ h
                    count += 1
                    i += 1
                    if v > 0x10FFFF { throw fail("`\\u{…}` is beyond U+10FFFF", at: start) }
                }
                guard count > 0, isChar("}") else { throw fail("invalid `\\u{…}` escape", at: start) }
                i += 1
                return v
            }
            guard let v = hexDigits(4) else { throw fail("`\\u` must be followed by four hex digits", at: start) }
            if v >= 0xD800, v < 0xDC00, isChar("\\"), isChar("u", 1) {
                let save = i
                i += 2
                if let low = hexDigits(4), low >= 0xDC00, low < 0xE000 {
                    return 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                }
                i = save
            }
            return v
        default:
            // Identity escapes: any ASCII punctuation (`\-`, `\/`, `\.`, ...) and
            // non-ASCII characters; a letter or digit without a meaning is an
            // error rather than silently matching itself (`\a` is not a bell).
            if c >= 0x80 { return c }
            if let u = Unicode.Scalar(c), u.isASCII, !(u.properties.isAlphabetic || (c >= 0x30 && c <= 0x39)), c >= 0x21 { return c }
            throw fail("invalid escape `\\\(Unicode.Scalar(c).map { String($0) } ?? "?")`", at: start)
        }
    }

    static func hexValue(_ d: UInt32) -> UInt32? {
        switch d {
        case 0x30...0x39: return d - 0x30
        case 0x41...0x46: return d - 0x41 + 10
        case 0x61...0x66: return d - 0x61 + 10
        default: return nil
        }
    }

    mutating func hexDigits(_ n: Int) -> UInt32? {
        var v: UInt32 = 0
        for k in 0..<n {
            guard let d = peek(k), let h = RegexParser.hexValue(d) else { return nil }
            v = v * 16 + h
        }
        i += n
        return v
    }

    mutating func characterClass() throws(ECMARegex.SyntaxError) -> CharClass {
        let start = i
        i += 1
        var negated = false
        if isChar("^") { negated = true; i += 1 }
        var items: [CharClass.Item] = []
        while true {
            guard let c = peek() else { throw fail("missing `]`", at: start) }
            if c == 0x5D { i += 1; break }
            let lowStart = i
            let low = try classAtom()
            if isChar("-"), let next = peek(1), next != 0x5D {
                i += 1
                let high = try classAtom()
                guard case .scalar(let a) = low, case .scalar(let b) = high else {
                    throw fail("a class escape cannot be a range bound", at: lowStart)
                }
                guard a <= b else { throw fail("range out of order in a character class", at: lowStart) }
                items.append(.range(a, b))
            } else {
                switch low {
                case .scalar(let a): items.append(.range(a, a))
                case .item(let item): items.append(item)
                }
            }
        }
        return CharClass(items: items, negated: negated)
    }

    enum ClassAtom { case scalar(UInt32), item(CharClass.Item) }

    mutating func classAtom() throws(ECMARegex.SyntaxError) -> ClassAtom {
        let c = s[i]
        if c != 0x5C { i += 1; return .scalar(c) }
        i += 1
        guard !atEnd else { throw fail("`\\` at end of pattern") }
        if let item = try classEscape() { return .item(item) }
        return .scalar(try characterEscape(inClass: true))
    }
}
