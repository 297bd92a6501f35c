/// A match/no-match answer for the patterns schemas mostly use
/// (`^[A-Za-z_][A-Za-z0-9_-]*$`, `^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$`):
/// single characters and classes, groups, alternation and quantifiers on
/// single characters, anchored only at the very start and end. Such a
/// pattern becomes a position automaton (Glushkov) of at most 64 positions,
/// run one input scalar at a time on a 64-bit set: linear time, no
/// allocation, where the backtracking machine spends thousands of steps and
/// several arrays per value.
///
/// It is only used when the backtracking machine could not have run out of
/// its step budget either (`worstCaseSteps`), so every answer is the one the
/// machine would have given.
struct BitParallelMatcher: Sendable {
    /// One position: the character test of one atom.
    enum Atom: Sendable {
        case scalar(UInt32)
        case cls(CharClass)
        case dot

        func matches(_ c: UInt32) -> Bool {
            switch self {
            case .scalar(let s): return c == s
            case .cls(let k): return k.contains(c)
            case .dot: return !CharClass.isLineTerminator(c)
            }
        }
    }

    private(set) var atoms: [Atom] = []
    /// Positions that may follow each position.
    private(set) var follow: [UInt64] = []
    private var first: UInt64 = 0
    private var last: UInt64 = 0
    private var nullable = false
    private var anchoredStart = false
    private var anchoredEnd = false
    /// Per ASCII scalar: the positions whose atom accepts it.
    private var asciiMasks: [UInt64] = []
    /// Product of the alternatives' branch counts and bounded quantifiers'
    /// choices (for the machine's worst case).
    private var fixedChoices = 1
    /// Quantifiers without an upper bound (each may try every length).
    private var unboundedQuantifiers = 0
    /// Whether a group is made optional (`(…)?`): the simple bound does not
    /// cover it, only the bound from how many ways a text is read does.
    private var optionalGroups = false
    /// The most sequences of positions that read one ASCII text from a
    /// start (1 for a deterministic pattern), when small enough to know
    /// (see `readingWorstCaseSteps`); worked out for optional groups only.
    private(set) var readingsOnASCII: Int?

    private struct Fragment {
        var first: UInt64
        var last: UInt64
        var nullable: Bool
    }

    private struct Unsupported: Error {}

    /// Builds the matcher, or nil when the pattern needs the full machine.
    init?(_ node: RegexNode) {
        var parts: [RegexNode]
        if case .sequence(let p) = node { parts = p } else { parts = [node] }
        if case .lineStart? = parts.first {
            anchoredStart = true
            parts.removeFirst()
        }
        if case .lineEnd? = parts.last {
            anchoredEnd = true
            parts.removeLast()
        }
        do {
            let f = try build(.sequence(parts))
            first = f.first
            last = f.last
            nullable = f.nullable
        } catch {
            return nil
        }
        var masks = [UInt64](repeating: 0, count: 128)
        for (p, atom) in atoms.enumerated() {
            let bit: UInt64 = 1 << UInt64(p)
            switch atom {
            case .scalar(let s): if s < 128 { masks[Int(s)] |= bit }
            case .dot, .cls:
                let (low, high): (UInt64, UInt64)
                if case .cls(let k) = atom { (low, high) = k.asciiBits } else {
                    // Every ASCII scalar but the line terminators LF and CR.
                    (low, high) = (~((1 << 0x0A) | (1 << 0x0D)), ~0)
                }
                for c in 0..<128 where (c < 64 ? low >> UInt64(c) : high >> UInt64(c - 64)) & 1 != 0 { masks[c] |= bit }
            }
        }
        asciiMasks = masks
        // Only the bound for optional groups needs it (worked out at every
        // start of the program, for each of the schema's patterns).
        if optionalGroups { readingsOnASCII = Self.readings(first: first, follow: follow, masks: masks) }
    }

    /// The most position sequences that read any one ASCII text from the
    /// start: the largest number of sequences alive after some text. Nil
    /// past 8, or past 512 different sets of them.
    private static func readings(first: UInt64, follow: [UInt64], masks: [UInt64]) -> Int? {
        // Characters that the same positions take are read alike. (Lists
        // searched in turn: there are a few of each, and sorting or
        // hashing them cost more than the search, at every start.)
        var kinds: [UInt64] = []
        for mask in masks where mask != 0 && !kinds.contains(mask) { kinds.append(mask) }
        // The sequences alive, by the position each ends at: at most 8
        // positions (each + 1, a byte), ascending, in one word.
        var seen: [UInt64] = []
        var pending: [UInt64] = []
        var most = 1
        var ends: [UInt64] = []
        ends.reserveCapacity(9)
        // Adds the state made of `ends`; false when it has more than 8 sequences.
        func visit() -> Bool {
            guard ends.count <= 8 else { return false }
            guard !ends.isEmpty else { return true }
            most = max(most, ends.count)
            // Ascending (at most 8: insertion).
            for i in 1..<ends.count {
                var j = i
                while j > 0, ends[j - 1] > ends[j] {
                    ends.swapAt(j - 1, j)
                    j -= 1
                }
            }
            let state = ends.reduce(0) { $0 << 8 | $1 }
            if !seen.contains(state) {
                seen.append(state)
                pending.append(state)
            }
            return seen.count <= 512
        }
        for kind in kinds {
            ends.removeAll(keepingCapacity: true)
            var taken = first & kind
            while taken != 0 {
                ends.append(UInt64(taken.trailingZeroBitCount + 1))
                taken &= taken - 1
            }
            guard visit() else { return nil }
        }
        while let state = pending.popLast() {
            for kind in kinds {
                ends.removeAll(keepingCapacity: true)
                var rest = state
                while rest != 0, ends.count <= 8 {
                    var taken = follow[Int(rest & 0xFF) - 1] & kind
                    while taken != 0, ends.count <= 8 {
                        ends.append(UInt64(taken.trailingZeroBitCount + 1))
                        taken &= taken - 1
                    }
                    rest >>= 8
                }
                guard visit() else { return nil }
            }
        }
        return most
    }

    private mutating func atom(_ a: Atom) throws(Unsupported) -> Fragment {
        guard atoms.count < 64 else { throw Unsupported() }
        let bit: UInt64 = 1 << UInt64(atoms.count)
        atoms.append(a)
        follow.append(0)
        return Fragment(first: bit, last: bit, nullable: false)
    }

    private mutating func link(_ from: UInt64, to: UInt64) {
        var rest = from
        while rest != 0 {
            let p = rest.trailingZeroBitCount
            follow[p] |= to
            rest &= rest - 1
        }
    }

    private mutating func concatenate(_ a: Fragment, _ b: Fragment) -> Fragment {
        link(a.last, to: b.first)
        return Fragment(first: a.nullable ? a.first | b.first : a.first,
                        last: b.nullable ? a.last | b.last : b.last,
                        nullable: a.nullable && b.nullable)
    }

    private mutating func multiply(_ n: Int) throws(Unsupported) {
        let (r, o) = fixedChoices.multipliedReportingOverflow(by: max(1, n))
        guard !o, r < 1 << 40 else { throw Unsupported() }
        fixedChoices = r
    }

    private mutating func build(_ node: RegexNode) throws(Unsupported) -> Fragment {
        switch node {
        case .empty:
            return Fragment(first: 0, last: 0, nullable: true)
        case .scalar(let c):
            return try atom(.scalar(c))
        case .cls(let k):
            return try atom(.cls(k))
        case .dot:
            return try atom(.dot)
        case .group(let inner, _):
            return try build(inner)
        case .sequence(let parts):
            var f = Fragment(first: 0, last: 0, nullable: true)
            for part in parts { f = concatenate(f, try build(part)) }
            return f
        case .alternation(let branches):
            try multiply(branches.count)
            var f = Fragment(first: 0, last: 0, nullable: false)
            for branch in branches {
                let b = try build(branch)
                f.first |= b.first
                f.last |= b.last
                f.nullable = f.nullable || b.nullable
            }
            return f
        case .quantified(let inner, let lo, let hi, _):
            // Only single characters, and groups at most once (`(…)?`):
            // repeated groups can backtrack far more than the bounds below account for.
            switch inner {
            case .scalar, .cls, .dot: break
            default:
                guard lo <= 1, hi == 1 else { throw Unsupported() }
                optionalGroups = true
                var f = try build(inner)
                if lo == 0 { f.nullable = true }
                return f
            }
            guard lo <= 64, hi.map({ $0 >= lo && $0 <= 64 }) ?? true else { throw Unsupported() }
            var f = Fragment(first: 0, last: 0, nullable: true)
            for _ in 0..<lo { f = concatenate(f, try build(inner)) }
            if let hi {
                try multiply(hi - lo + 1)
                for _ in lo..<hi {
                    var optional = try build(inner)
                    optional.nullable = true
                    f = concatenate(f, optional)
                }
            } else {
                unboundedQuantifiers += 1
                var loop = try build(inner)
                link(loop.last, to: loop.first)
                loop.nullable = true
                f = concatenate(f, loop)
            }
            return f
        default:
            throw Unsupported()
        }
    }

    /// An upper bound of the backtracking machine's steps on an input of
    /// `length` scalars, or nil when it may be too large to say.
    func worstCaseSteps(length n: Int, codeSize: Int) -> Int? {
        if optionalGroups { return nil }
        var paths = fixedChoices
        for _ in 0..<unboundedQuantifiers {
            let (r, o) = paths.multipliedReportingOverflow(by: n + 1)
            if o { return nil }
            paths = r
        }
        let starts = anchoredStart ? 1 : n + 1
        let pathLength = codeSize + 6 * (n + 1) * (unboundedQuantifiers + atoms.count + 1)
        let (a, o1) = paths.multipliedReportingOverflow(by: starts)
        if o1 { return nil }
        let (b, o2) = a.multipliedReportingOverflow(by: pathLength)
        return o2 ? nil : b
    }

    /// An upper bound of the backtracking machine's steps on an ASCII input
    /// of `length` scalars, from how many ways the pattern reads a text
    /// (`readingsOnASCII`, K), or nil when that is not known.
    ///
    /// The machine's code for these patterns (single characters, classes,
    /// alternation, groups at most once, loops only over one character) has
    /// one instruction per position, and without consuming input it only
    /// moves forward. Along one sequence of positions each `split` offers a
    /// free choice at most once (at a loop's split, going round again is the
    /// only way to read the loop's character once more), so at most
    /// `K · 2^splits` routes lead to any input position, and from there at
    /// most `codeSize` instructions run on each: per start, at most
    /// `(n + 1) · K · codeSize · 2^splits` steps.
    ///
    /// - Parameters:
    ///   - n: The input's length in scalars (ASCII).
    ///   - codeSize: The machine's instruction count.
    ///   - splits: How many of them are `split`s.
    /// - Returns: The bound, or nil when it is not known or overflows.
    func readingWorstCaseSteps(length n: Int, codeSize: Int, splits: Int) -> Int? {
        guard let readings = readingsOnASCII, splits < 32 else { return nil }
        let starts = anchoredStart ? 1 : n + 1
        var bound = n + 1
        for factor in [starts, readings, codeSize, 1 << splits] {
            let (product, overflow) = bound.multipliedReportingOverflow(by: factor)
            if overflow { return nil }
            bound = product
        }
        return bound
    }

    /// Whether some part of `input` (the whole of it, where anchored) matches.
    func matches<S: Sequence>(_ input: S, count n: Int) -> Bool where S.Element == UInt32 {
        // An empty match: at the start, or at the end when only the end is anchored.
        if nullable, !anchoredEnd || !anchoredStart || n == 0 { return true }
        var state: UInt64 = 0
        var i = 0
        for c in input {
            var reach: UInt64 = (!anchoredStart || i == 0) ? first : 0
            var rest = state
            while rest != 0 {
                reach |= follow[rest.trailingZeroBitCount]
                rest &= rest - 1
            }
            if reach == 0 {
                if anchoredStart { return false }
                state = 0
                i += 1
                continue
            }
            let mask: UInt64
            if c < 128 {
                mask = asciiMasks[Int(c)]
            } else {
                var m: UInt64 = 0
                var r = reach
                while r != 0 {
                    let p = r.trailingZeroBitCount
                    if atoms[p].matches(c) { m |= 1 << UInt64(p) }
                    r &= r - 1
                }
                mask = m
            }
            state = reach & mask
            i += 1
            if !anchoredEnd, state & last != 0 { return true }
        }
        return anchoredEnd && state & last != 0
    }
}
