/// One instruction of the backtracking machine.
enum RegexInstruction: Sendable {
    case scalar(UInt32)
    case cls(Int)
    case dot
    /// Try the first target; on failure resume at the second.
    case split(Int, Int)
    case jump(Int)
    /// Record the position in capture/register slot n.
    case save(Int)
    case lineStart, lineEnd, wordBoundary, notWordBoundary
    /// Run sub-program n as an atomic assertion.
    case look(Int, ahead: Bool, negated: Bool)
    case backReference(Int)
    /// Fail unless the position moved since register n was saved
    /// (ECMA-262: an iteration of an unbounded loop may not match empty).
    case requireProgress(Int)
    /// Success only when the position equals the look-behind target.
    case matchAt
    case match
}

/// Compiled instructions plus the classes and sub-programs they name.
final class RegexProgram: Sendable {
    let code: [RegexInstruction]
    let classes: [CharClass]
    let subprograms: [RegexProgram]
    let slotCount: Int

    init(code: [RegexInstruction], classes: [CharClass], subprograms: [RegexProgram], slotCount: Int) {
        self.code = code
        self.classes = classes
        self.subprograms = subprograms
        self.slotCount = slotCount
    }
}

/// Turns a syntax tree into machine code. Counted repetitions are unrolled,
/// within a size cap so `a{0,999999999}` is a syntax error, not an out-of-memory.
final class RegexCompiler {
    static let maxInstructions = 100_000
    let groupCount: Int
    var registerCount = 0

    init(groupCount: Int) { self.groupCount = groupCount }

    func compile(_ node: RegexNode) throws(ECMARegex.SyntaxError) -> RegexProgram {
        var builder = Builder()
        builder.code.append(.save(0))
        try emit(node, into: &builder)
        builder.code.append(.save(1))
        builder.code.append(.match)
        return RegexProgram(code: builder.code, classes: builder.classes, subprograms: builder.subprograms,
                            slotCount: 2 * (groupCount + 1) + registerCount)
    }

    struct Builder {
        var code: [RegexInstruction] = []
        var classes: [CharClass] = []
        var subprograms: [RegexProgram] = []
    }

    func tooLarge() -> ECMARegex.SyntaxError {
        ECMARegex.SyntaxError(message: "pattern is too large once its repetition counts are expanded", position: 0)
    }

    func emit(_ node: RegexNode, into b: inout Builder) throws(ECMARegex.SyntaxError) {
        if b.code.count > RegexCompiler.maxInstructions { throw tooLarge() }
        switch node {
        case .empty: break
        case .scalar(let c): b.code.append(.scalar(c))
        case .dot: b.code.append(.dot)
        case .cls(let cls):
            b.classes.append(cls)
            b.code.append(.cls(b.classes.count - 1))
        case .sequence(let parts):
            for p in parts { try emit(p, into: &b) }
        case .alternation(let parts):
            var jumpsToEnd: [Int] = []
            for (k, p) in parts.enumerated() {
                if k < parts.count - 1 {
                    let split = b.code.count
                    b.code.append(.split(0, 0))
                    try emit(p, into: &b)
                    jumpsToEnd.append(b.code.count)
                    b.code.append(.jump(0))
                    b.code[split] = .split(split + 1, b.code.count)
                } else {
                    try emit(p, into: &b)
                }
            }
            for j in jumpsToEnd { b.code[j] = .jump(b.code.count) }
        case .group(let inner, let capture):
            if let capture { b.code.append(.save(2 * capture)) }
            try emit(inner, into: &b)
            if let capture { b.code.append(.save(2 * capture + 1)) }
        case .lineStart: b.code.append(.lineStart)
        case .lineEnd: b.code.append(.lineEnd)
        case .wordBoundary: b.code.append(.wordBoundary)
        case .notWordBoundary: b.code.append(.notWordBoundary)
        case .backReference(let n): b.code.append(.backReference(n))
        case .namedBackReference: break  // resolved by the parser
        case .look(let inner, let ahead, let negated):
            var sub = Builder()
            try emit(inner, into: &sub)
            sub.code.append(ahead ? .match : .matchAt)
            b.subprograms.append(RegexProgram(code: sub.code, classes: sub.classes, subprograms: sub.subprograms, slotCount: 0))
            b.code.append(.look(b.subprograms.count - 1, ahead: ahead, negated: negated))
        case .quantified(let inner, let lo, let hi, let greedy):
            if lo > RegexCompiler.maxInstructions || (hi ?? 0) > RegexCompiler.maxInstructions { throw tooLarge() }
            for _ in 0..<lo { try emit(inner, into: &b) }
            if let hi {
                var splits: [Int] = []
                for _ in lo..<max(lo, hi) {
                    splits.append(b.code.count)
                    b.code.append(.split(0, 0))
                    try emit(inner, into: &b)
                }
                let end = b.code.count
                for s in splits { b.code[s] = greedy ? .split(s + 1, end) : .split(end, s + 1) }
            } else {
                let register = 2 * (groupCount + 1) + registerCount
                registerCount += 1
                let loop = b.code.count
                b.code.append(.split(0, 0))
                b.code.append(.save(register))
                try emit(inner, into: &b)
                b.code.append(.requireProgress(register))
                b.code.append(.jump(loop))
                let end = b.code.count
                b.code[loop] = greedy ? .split(loop + 1, end) : .split(end, loop + 1)
            }
        }
    }

    /// The literal scalar every match starts with, if the pattern has one.
    static func firstScalar(of node: RegexNode) -> UInt32? {
        switch node {
        case .scalar(let c): return c
        case .sequence(let parts): return parts.first.flatMap(firstScalar)
        case .group(let inner, _): return firstScalar(of: inner)
        case .quantified(let inner, let lo, _, _): return lo > 0 ? firstScalar(of: inner) : nil
        default: return nil
        }
    }

    /// True when the pattern begins with `^` on every path.
    static func startsWithBOL(_ node: RegexNode) -> Bool {
        switch node {
        case .lineStart: return true
        case .sequence(let parts): return parts.first.map(startsWithBOL) ?? false
        case .group(let inner, _): return startsWithBOL(inner)
        case .alternation(let parts): return parts.allSatisfy(startsWithBOL)
        default: return false
        }
    }
}

/// Runs programs over one input with an explicit backtrack stack.
struct RegexMachine {
    enum Outcome { case matched, noMatch, budgetExceeded }

    let input: [UInt32]
    var budget: Int

    init(input: [UInt32], budget: Int) {
        self.input = input
        self.budget = budget
    }

    enum Frame {
        case thread(pc: Int, pos: Int)
        case restore(slot: Int, value: Int)
    }

    /// Reused across start positions so a search allocates once.
    private var topSlots: [Int] = []
    private var topStack: [Frame] = []

    mutating func run(_ program: RegexProgram, at start: Int) -> Outcome {
        var slots = topSlots
        var stack = topStack
        topSlots = []
        topStack = []
        if slots.count != program.slotCount {
            slots = [Int](repeating: -1, count: program.slotCount)
        } else {
            for k in 0..<slots.count { slots[k] = -1 }
        }
        stack.removeAll(keepingCapacity: true)
        let outcome = execute(program, at: start, slots: &slots, stack: &stack, target: -1).outcome
        topSlots = slots
        topStack = stack
        return outcome
    }

    /// Executes `program` from `start`; `target` is the end a look-behind body must reach.
    private mutating func execute(_ program: RegexProgram, at start: Int, slots: inout [Int], stack: inout [Frame],
                                  target: Int) -> (outcome: Outcome, end: Int) {
        let code = program.code
        let n = input.count
        var pc = 0
        var pos = start
        while true {
            budget -= 1
            if budget < 0 { return (.budgetExceeded, pos) }
            var ok = true
            switch code[pc] {
            case .scalar(let c):
                if pos < n, input[pos] == c { pos += 1; pc += 1 } else { ok = false }
            case .cls(let k):
                if pos < n, program.classes[k].contains(input[pos]) { pos += 1; pc += 1 } else { ok = false }
            case .dot:
                if pos < n, !CharClass.isLineTerminator(input[pos]) { pos += 1; pc += 1 } else { ok = false }
            case .split(let a, let b):
                stack.append(.thread(pc: b, pos: pos))
                pc = a
            case .jump(let a):
                pc = a
            case .save(let slot):
                stack.append(.restore(slot: slot, value: slots[slot]))
                slots[slot] = pos
                pc += 1
            case .lineStart:
                if pos == 0 { pc += 1 } else { ok = false }
            case .lineEnd:
                if pos == n { pc += 1 } else { ok = false }
            case .wordBoundary, .notWordBoundary:
                let before = pos > 0 && CharClass.isWord(input[pos - 1])
                let after = pos < n && CharClass.isWord(input[pos])
                var boundary = before != after
                if case .notWordBoundary = code[pc] { boundary = !boundary }
                if boundary { pc += 1 } else { ok = false }
            case .backReference(let g):
                let s = 2 * g < slots.count ? slots[2 * g] : -1
                let e = 2 * g + 1 < slots.count ? slots[2 * g + 1] : -1
                if s < 0 || e < s {
                    pc += 1  // an unset group matches empty
                } else {
                    let length = e - s
                    if pos + length <= n, input[s..<e].elementsEqual(input[pos..<(pos + length)]) {
                        pos += length
                        pc += 1
                    } else {
                        ok = false
                    }
                }
            case .look(let k, let ahead, let negated):
                let sub = program.subprograms[k]
                var found = false
                if ahead {
                    var scratch = slots
                    var subStack: [Frame] = []
                    let r = execute(sub, at: pos, slots: &scratch, stack: &subStack, target: -1)
                    if r.outcome == .budgetExceeded { return (.budgetExceeded, pos) }
                    found = r.outcome == .matched
                } else {
                    var from = pos
                    while from >= 0 {
                        var scratch = slots
                        var subStack: [Frame] = []
                        let r = execute(sub, at: from, slots: &scratch, stack: &subStack, target: pos)
                        if r.outcome == .budgetExceeded { return (.budgetExceeded, pos) }
                        if r.outcome == .matched { found = true; break }
                        from -= 1
                    }
                }
                if found != negated { pc += 1 } else { ok = false }
            case .requireProgress(let register):
                if slots[register] != pos { pc += 1 } else { ok = false }
            case .matchAt:
                if pos == target { return (.matched, pos) }
                ok = false
            case .match:
                return (.matched, pos)
            }
            if ok { continue }
            // Backtrack to the most recent alternative, undoing slot writes.
            var resumed = false
            while let frame = stack.popLast() {
                switch frame {
                case .restore(let slot, let value):
                    slots[slot] = value
                case .thread(let p, let q):
                    pc = p
                    pos = q
                    resumed = true
                }
                if resumed { break }
            }
            if !resumed { return (.noMatch, pos) }
        }
    }
}
