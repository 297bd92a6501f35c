@testable import JSONSchema
import XCTest
import AccordionTestSupport

/// The linear-time matcher must give exactly the backtracking machine's
/// answers wherever it is used.
final class BitParallelMatcherTests: XCTestCase {
    typealias Rng = SplitMix

    static let atoms = ["a", "b", "[ab]", "[^a]", ".", "[a-c_-]", "\\d", "é", "[é-ü]", "#"]
    static let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}"]

    func randomPattern(_ rng: inout Rng, depth: Int = 0) -> String {
        var out = ""
        for _ in 0..<(1 + rng.int(4)) {
            if depth < 2, rng.int(5) == 0 {
                let branches = (0..<(1 + rng.int(3))).map { _ in randomPattern(&rng, depth: depth + 1) }
                out += "(" + branches.joined(separator: "|") + ")"
            } else {
                out += Self.atoms[rng.int(Self.atoms.count)] + Self.quantifiers[rng.int(Self.quantifiers.count)]
            }
        }
        return out
    }

    func testAgreesWithTheBacktrackingMachine() throws {
        var rng = Rng(state: 6)
        let alphabet: [Character] = ["a", "b", "c", "_", "1", "é", "ü", "#", "\n", "-"]
        var used = 0
        for _ in 0..<3_000 {
            var pattern = randomPattern(&rng)
            if rng.int(2) == 0 { pattern = "^" + pattern }
            if rng.int(2) == 0 { pattern += "$" }
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
        // Quantified groups, back references and look-arounds keep the machine.
        XCTAssertNil(try ECMARegex("^(a+)+$").bitParallel)
        XCTAssertNil(try ECMARegex("(a)\\1").bitParallel)
        XCTAssertNil(try ECMARegex("a(?=b)").bitParallel)
    }

    func testAHopelessPatternStillRunsOutOfSteps() throws {
        // Nested quantifiers take the machine, which reports its budget.
        let regex = try ECMARegex("^(a+)+$")
        XCTAssertEqual(regex.search(String(repeating: "a", count: 40) + "b", budget: 10_000), .budgetExceeded)
    }
}
