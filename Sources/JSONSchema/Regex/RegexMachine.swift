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
    /// Forget captures `from...to` (ECMA-262 clears a quantified group's
    /// captures at the start of every iteration).
    case clearCaptures(from: Int, to: Int)
    case match
}

/// Compiled instructions plus the classes and sub-programs they name.
final class RegexProgram: Sendable {
    let code: [RegexInstruction]
    let classes: [CharClass]
    let subprograms: [RegexProgram]
    let slotCount: Int
    /// Look-behind bodies match right to left, as ECMA-262 specifies.
    let backward: Bool
    /// Slots holding captures (the rest are loop registers); top level only.
    let captureSlotCount: Int
    /// Two words per class: which of U+0000–U+007F it contains, so ASCII
    /// text never walks a class's items.
    let asciiClasses: [UInt64]

    init(code: [RegexInstruction], classes: [CharClass], subprograms: [RegexProgram], slotCount: Int, backward: Bool = false,
         captureSlotCount: Int = 0) {
        self.backward = backward
        self.captureSlotCount = captureSlotCount
        var bits: [UInt64] = []
        for cls in classes {
            let ascii = cls.asciiBits
            bits.append(ascii.low)
            bits.append(ascii.high)
        }
        self.asciiClasses = bits
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
        try emit(node, into: &builder, backward: false)
        builder.code.append(.save(1))
        builder.code.append(.match)
        return RegexProgram(code: builder.code, classes: builder.classes, subprograms: builder.subprograms,
                            slotCount: 2 * (groupCount + 1) + registerCount, captureSlotCount: 2 * (groupCount + 1))
    }

    struct Builder {
        var code: [RegexInstruction] = []
        var classes: [CharClass] = []
        var subprograms: [RegexProgram] = []
    }

    func tooLarge() -> ECMARegex.SyntaxError {
        ECMARegex.SyntaxError(message: "pattern is too large once its repetition counts are expanded", position: 0)
    }

    /// The capture groups inside `node`, as a closed range of group numbers.
    static func captureRange(_ node: RegexNode) -> ClosedRange<Int>? {
        var lo = Int.max, hi = Int.min
        func visit(_ n: RegexNode) {
            switch n {
            case .group(let inner, let capture):
                if let capture { lo = min(lo, capture); hi = max(hi, capture) }
                visit(inner)
            case .sequence(let parts), .alternation(let parts): parts.forEach(visit)
            case .quantified(let inner, _, _, _): visit(inner)
            case .look(let inner, _, _): visit(inner)
            default: break
            }
        }
        visit(node)
        return lo <= hi ? lo...hi : nil
    }

    func emit(_ node: RegexNode, into b: inout Builder, backward: Bool) throws(ECMARegex.SyntaxError) {
        if b.code.count > RegexCompiler.maxInstructions { throw tooLarge() }
        switch node {
        case .empty: break
        case .scalar(let c): b.code.append(.scalar(c))
        case .dot: b.code.append(.dot)
        case .cls(let cls):
            b.classes.append(cls)
            b.code.append(.cls(b.classes.count - 1))
        case .sequence(let parts):
            for p in (backward ? parts.reversed() : parts) { try emit(p, into: &b, backward: backward) }
        case .alternation(let parts):
            var jumpsToEnd: [Int] = []
            for (k, p) in parts.enumerated() {
                if k < parts.count - 1 {
                    let split = b.code.count
                    b.code.append(.split(0, 0))
                    try emit(p, into: &b, backward: backward)
                    jumpsToEnd.append(b.code.count)
                    b.code.append(.jump(0))
                    b.code[split] = .split(split + 1, b.code.count)
                } else {
                    try emit(p, into: &b, backward: backward)
                }
            }
            for j in jumpsToEnd { b.code[j] = .jump(b.code.count) }
        case .group(let inner, let capture):
            // Right to left, a group's end is reached first.
            if let capture { b.code.append(.save(2 * capture + (backward ? 1 : 0))) }
            try emit(inner, into: &b, backward: backward)
            if let capture { b.code.append(.save(2 * capture + (backward ? 0 : 1))) }
        case .lineStart: b.code.append(.lineStart)
        case .lineEnd: b.code.append(.lineEnd)
        case .wordBoundary: b.code.append(.wordBoundary)
        case .notWordBoundary: b.code.append(.notWordBoundary)
        case .backReference(let n): b.code.append(.backReference(n))
        case .namedBackReference: break  // resolved by the parser
        case .look(let inner, let ahead, let negated):
            var sub = Builder()
            try emit(inner, into: &sub, backward: !ahead)
            sub.code.append(.match)
            b.subprograms.append(RegexProgram(code: sub.code, classes: sub.classes, subprograms: sub.subprograms, slotCount: 0,
                                              backward: !ahead))
            b.code.append(.look(b.subprograms.count - 1, ahead: ahead, negated: negated))
        case .quantified(let inner, let lo, let hi, let greedy):
            if lo > RegexCompiler.maxInstructions || (hi ?? 0) > RegexCompiler.maxInstructions { throw tooLarge() }
            let captures = RegexCompiler.captureRange(inner)
            func iteration(_ b: inout Builder) throws(ECMARegex.SyntaxError) {
                if let captures { b.code.append(.clearCaptures(from: captures.lowerBound, to: captures.upperBound)) }
                try emit(inner, into: &b, backward: backward)
            }
            for _ in 0..<lo { try iteration(&b) }
            if let hi {
                var splits: [Int] = []
                for _ in lo..<max(lo, hi) {
                    splits.append(b.code.count)
                    b.code.append(.split(0, 0))
                    try iteration(&b)
                }
                let end = b.code.count
                for s in splits { b.code[s] = greedy ? .split(s + 1, end) : .split(end, s + 1) }
            } else {
                let register = 2 * (groupCount + 1) + registerCount
                registerCount += 1
                let loop = b.code.count
                b.code.append(.split(0, 0))
                b.code.append(.save(register))
                try iteration(&b)
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

    var input: [UInt32]
    var budget: Int

    init(input: [UInt32], budget: Int) {
        self.input = input
        self.budget = budget
    }

    /// Starts with buffers left by an earlier search (no allocation when they suffice).
    init(reusing scratch: inout RegexScratch, budget: Int) {
        input = scratch.input
        topSlots = scratch.slots
        topStack = scratch.stack
        scratch = RegexScratch()
        input.removeAll(keepingCapacity: true)
        self.budget = budget
    }

    /// Hands the buffers back for the next search.
    mutating func release(into scratch: inout RegexScratch) {
        scratch.input = input
        scratch.slots = topSlots
        scratch.stack = topStack
        input = []
        topSlots = []
        topStack = []
    }

    enum Frame {
        case thread(pc: Int, pos: Int)
        case restore(slot: Int, value: Int)
    }

    /// Slots below this hold captures (above: loop registers).
    private var captureEnd = 0
    /// Reused across start positions so a search allocates once.
    fileprivate(set) var topSlots: [Int] = []
    fileprivate(set) var topStack: [Frame] = []

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
        captureEnd = program.captureSlotCount
        let outcome = execute(program, at: start, slots: &slots, stack: &stack).outcome
        topSlots = slots
        topStack = stack
        return outcome
    }

    /// Executes `program` from `start` (leftwards for a look-behind body).
    private mutating func execute(_ program: RegexProgram, at start: Int, slots: inout [Int],
                                  stack: inout [Frame]) -> (outcome: Outcome, end: Int) {
        let code = program.code
        let classes = program.classes
        let ascii = program.asciiClasses
        let n = input.count
        let back = program.backward
        @inline(__always) func inClass(_ k: Int, _ c: UInt32) -> Bool {
            if c < 64 { return ascii[2 * k] & (1 << UInt64(c)) != 0 }
            if c < 128 { return ascii[2 * k + 1] & (1 << UInt64(c - 64)) != 0 }
            return classes[k].contains(c)
        }
        var pc = 0
        var pos = start
        while true {
            budget -= 1
            if budget < 0 { return (.budgetExceeded, pos) }
            var ok = true
            switch code[pc] {
            case .scalar(let c):
                if back {
                    if pos > 0, input[pos - 1] == c { pos -= 1; pc += 1 } else { ok = false }
                } else if pos < n, input[pos] == c { pos += 1; pc += 1 } else { ok = false }
            case .cls(let k):
                if back {
                    if pos > 0, inClass(k, input[pos - 1]) { pos -= 1; pc += 1 } else { ok = false }
                } else if pos < n, inClass(k, input[pos]) { pos += 1; pc += 1 } else { ok = false }
            case .dot:
                if back {
                    if pos > 0, !CharClass.isLineTerminator(input[pos - 1]) { pos -= 1; pc += 1 } else { ok = false }
                } else if pos < n, !CharClass.isLineTerminator(input[pos]) { pos += 1; pc += 1 } else { ok = false }
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
                    if back {
                        if pos - length >= 0, input[s..<e].elementsEqual(input[(pos - length)..<pos]) {
                            pos -= length
                            pc += 1
                        } else {
                            ok = false
                        }
                    } else if pos + length <= n, input[s..<e].elementsEqual(input[pos..<(pos + length)]) {
                        pos += length
                        pc += 1
                    } else {
                        ok = false
                    }
                }
            case .look(let k, _, let negated):
                let sub = program.subprograms[k]
                var scratch = slots
                var subStack: [Frame] = []
                let r = execute(sub, at: pos, slots: &scratch, stack: &subStack)
                if r.outcome == .budgetExceeded { return (.budgetExceeded, pos) }
                let found = r.outcome == .matched
                if found != negated {
                    if found {
                        // A positive look-around keeps the captures it made.
                        for slot in 2..<min(scratch.count, captureEnd) where scratch[slot] != slots[slot] {
                            stack.append(.restore(slot: slot, value: slots[slot]))
                            slots[slot] = scratch[slot]
                        }
                    }
                    pc += 1
                } else {
                    ok = false
                }
            case .clearCaptures(let from, let to):
                for slot in (2 * from)...(2 * to + 1) where slot < slots.count && slots[slot] != -1 {
                    stack.append(.restore(slot: slot, value: slots[slot]))
                    slots[slot] = -1
                }
                pc += 1
            case .requireProgress(let register):
                if slots[register] != pos { pc += 1 } else { ok = false }
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

/// Buffers one evaluation reuses across regular-expression searches.
struct RegexScratch {
    var input: [UInt32] = []
    var slots: [Int] = []
    var stack: [RegexMachine.Frame] = []
}
