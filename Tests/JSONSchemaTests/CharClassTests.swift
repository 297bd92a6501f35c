@testable import JSONSchema
import XCTest
import AccordionTestSupport

/// `CharClass.asciiBits` is built from the items' ranges; it must say
/// exactly what `contains` says for every ASCII scalar.
final class CharClassTests: XCTestCase {
    func testASCIIBitsAgreeWithContains() {
        var rng = SplitMix(state: 12)
        let fixed: [CharClass.Item] = [
            .digit(negated: false), .digit(negated: true), .word(negated: false), .word(negated: true),
            .space(negated: false), .space(negated: true), .property(.ascii, negated: true),
            .property(.ranges([0x41...0x43, 0x7E...0x10FFFF]), negated: false),
        ]
        for round in 0..<2_000 {
            var items: [CharClass.Item] = []
            for _ in 0..<rng.int(4) {
                if rng.int(2) == 0 {
                    items.append(fixed[rng.int(fixed.count)])
                } else {
                    let lo = UInt32(rng.int(140)), hi = lo + UInt32(rng.int(70))
                    items.append(.range(lo, hi))
                }
            }
            let cls = CharClass(items: items, negated: rng.int(2) == 0)
            let (low, high) = cls.asciiBits
            for c in UInt32(0)..<128 {
                let bit = (c < 64 ? low >> UInt64(c) : high >> UInt64(c - 64)) & 1 != 0
                XCTAssertEqual(bit, cls.contains(c), "round \(round), scalar \(c), items \(items), negated \(cls.negated)")
            }
        }
    }

    func testDotMatchesEveryASCIIScalarButLineTerminators() throws {
        let regex = try ECMARegex("^.$")
        for c in UInt8(0)..<128 {
            var budget = ECMARegex.defaultBudget
            let text = String(UnicodeScalar(c))
            let expected: ECMARegex.SearchResult = (c == 0x0A || c == 0x0D) ? .noMatch : .matched
            XCTAssertEqual(regex.search(text, remaining: &budget), expected, "scalar \(c)")
        }
    }
}
