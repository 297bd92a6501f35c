@testable import JSONSchema
import XCTest
import AccordionTestSupport

/// The linear-time matcher must give exactly the backtracking machine's
/// answers wherever it is used.
final class BitParallelMatcherTests: XCTestCase {
    typealias Rng = SplitMix

    static let atoms = ["a", "b", "[ab]", "[^a]", ".", "[a-c_-]", "\\d", "é", "[é-ü]", "#"]
    static let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}"]

    /// `optionalGroups`: each part is a pattern one level down, made
    /// optional (`(…)?`) at random.
    func randomPattern(_ rng: inout Rng, depth: Int = 0, optionalGroups: Bool = false) -> String {
        var out = ""
        for _ in 0..<(1 + rng.int(4)) {
            if optionalGroups {
                let part = randomPattern(&rng, depth: 1)
                out += rng.int(2) == 0 ? "(" + part + ")?" : part
            } else if depth < 2, rng.int(5) == 0 {
                let branches = (0..<(1 + rng.int(3))).map { _ in randomPattern(&rng, depth: depth + 1) }
                out += "(" + branches.joined(separator: "|") + ")"
            } else {
                out += Self.atoms[rng.int(Self.atoms.count)] + Self.quantifiers[rng.int(Self.quantifiers.count)]
            }
        }
        return out
    }

    /// `pattern`, with `^` and `$` each added or not at random.
    func anchoredAtRandom(_ pattern: String, _ rng: inout Rng) -> String {
        var pattern = pattern
        if rng.int(2) == 0 { pattern = "^" + pattern }
        if rng.int(2) == 0 { pattern += "$" }
        return pattern
    }

    func testAgreesWithTheBacktrackingMachine() throws {
        var rng = Rng(state: 6)
        let alphabet: [Character] = ["a", "b", "c", "_", "1", "é", "ü", "#", "\n", "-"]
        var used = 0
        for _ in 0..<3_000 {
            let pattern = anchoredAtRandom(randomPattern(&rng), &rng)
            let regex = try ECMARegex(pattern)
            if regex.bitParallel != nil { used += 1 }
            for _ in 0..<8 {
                let text = String((0..<rng.int(9)).map { _ in alphabet[rng.int(alphabet.count)] })
                var a = ECMARegex.defaultBudget, b = ECMARegex.defaultBudget
                XCTAssertEqual(regex.search(text, remaining: &a), regex.backtrackingSearch(text, remaining: &b),
                               "pattern \(pattern) on \(text.debugDescription)")
            }
        }
        XCTAssertGreaterThan(used, 1_000, "most generated patterns should take the linear-time path")
    }

    func testSchemaPatternsTakeTheLinearPath() throws {
        XCTAssertNotNil(try ECMARegex("^[A-Za-z_][A-Za-z0-9_-]*$").bitParallel)
        XCTAssertNotNil(try ECMARegex("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$").bitParallel)
        // Repeated groups, back references and look-arounds keep the machine.
        XCTAssertNil(try ECMARegex("^(a+)+$").bitParallel)
        XCTAssertNil(try ECMARegex("^(ab){0,2}$").bitParallel)
        XCTAssertNil(try ECMARegex("(a)\\1").bitParallel)
        XCTAssertNil(try ECMARegex("a(?=b)").bitParallel)
    }

    /// Groups made optional (`(…)?`) take the linear path only through the
    /// bound from how many ways it reads a text: on ASCII text, with budgets from
    /// tight to ample, every answer (running out of steps included) is the
    /// machine's.
    func testOptionalGroupsAgreeWithTheMachineUnderEveryBudget() throws {
        var rng = Rng(state: 15)
        let alphabet: [Character] = ["a", "b", "c", "_", "1", "#", "-", " ", "(", ")"]
        var linear = 0
        for _ in 0..<TimeBounds.rounds(2_000) {
            let pattern = anchoredAtRandom(randomPattern(&rng, optionalGroups: true), &rng)
            let regex = try ECMARegex(pattern)
            for _ in 0..<6 {
                let text = String((0..<rng.int(12)).map { _ in alphabet[rng.int(alphabet.count)] })
                for budget in [20, 200, 2_000, ECMARegex.defaultBudget] {
                    var a = budget, b = budget
                    let answer = regex.search(text, remaining: &a)
                    XCTAssertEqual(answer, regex.backtrackingSearch(text, remaining: &b),
                                   "pattern \(pattern) on \(text.debugDescription), budget \(budget)")
                    // The linear path charges a step per scalar and one more.
                    if budget - a == text.unicodeScalars.count + 1, budget - b != budget - a { linear += 1 }
                }
            }
        }
        XCTAssertGreaterThan(linear, 1_000, "optional groups should often take the linear-time path")
    }

    /// The bound from how many ways a pattern reads a text holds: the
    /// machine never takes more steps on an ASCII text (long texts of the
    /// pattern's own characters, where it backtracks most).
    func testTheReadingBoundHoldsForTheMachine() throws {
        var rng = Rng(state: 16)
        let alphabet: [Character] = ["a", "a", "a", "b", "b", "c", "_", "1", "#", "-", " "]
        var checked = 0
        var tightest = 0.0
        for _ in 0..<1_500 {
            let pattern = anchoredAtRandom(randomPattern(&rng, optionalGroups: true), &rng)
            let regex = try ECMARegex(pattern)
            guard let fast = regex.bitParallel else { continue }
            for _ in 0..<6 {
                let text = String((0..<rng.int(30)).map { _ in alphabet[rng.int(alphabet.count)] })
                guard let bound = fast.readingWorstCaseSteps(length: text.count, codeSize: regex.program.code.count,
                                                             splits: regex.splitCount) else { continue }
                var left = Int.max / 2
                _ = regex.backtrackingSearch(text, remaining: &left)
                let steps = Int.max / 2 - left
                XCTAssertLessThanOrEqual(steps, bound, "pattern \(pattern) on \(text.debugDescription)")
                tightest = max(tightest, Double(steps) / Double(bound))
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 2_000)
        // Not a bound so loose that no search comes near it.
        XCTAssertGreaterThan(tightest, 0.1)
    }

    /// The accordion schema's event-line pattern reads an ASCII line in
    /// linear time: a step a scalar (the machine took thousands).
    func testTheEventLinePatternTakesTheLinearPath() throws {
        let regex = try ECMARegex(#"^[A-Za-z]+( [^ ()]+)?( \([A-Za-z]+\))?$"#)
        XCTAssertEqual(regex.bitParallel?.readingsOnASCII, 2)
        for (line, matches) in [("tapIgnored faq3 (transition)", true), ("addChild billing", true), ("endIgnoringInteractionEvents", true),
                                ("addChild  billing", false), ("tapIgnored (transition) x", false), ("add(Child", false)] {
            var steps = ECMARegex.defaultBudget
            XCTAssertEqual(regex.search(line, remaining: &steps), matches ? .matched : .noMatch, line)
            XCTAssertEqual(ECMARegex.defaultBudget - steps, line.count + 1, line)
        }
        // Non-ASCII text still takes the machine.
        var steps = 1_000_000
        XCTAssertEqual(regex.search("addChild café", remaining: &steps), .matched)
        XCTAssertGreaterThan(1_000_000 - steps, "addChild café".count + 1)
    }

    func testAHopelessPatternStillRunsOutOfSteps() throws {
        // Nested quantifiers take the machine, which reports its budget.
        let regex = try ECMARegex("^(a+)+$")
        XCTAssertEqual(regex.search(String(repeating: "a", count: 40) + "b", budget: 10_000), .budgetExceeded)
    }
}
