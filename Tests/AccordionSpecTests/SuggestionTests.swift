import XCTest
@testable import AccordionSpec
import AccordionTestSupport

/// "Did you mean": the bounded edit distance agrees with the textbook one
/// wherever it answers, and `closest` keeps the first of equally close names.
final class SuggestionTests: XCTestCase {
    /// The plain Levenshtein recurrence, with nothing cut short.
    private func reference(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1,
                                  table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return table[a.count][b.count]
    }

    func testBoundedDistanceAgreesWithTheRecurrence() {
        var rng = SplitMix(seed: 0x5_11)
        let alphabet = Array("abcé-".unicodeScalars)
        func word() -> [Unicode.Scalar] { (0..<Int(rng.next() % 7)).map { _ in alphabet[Int(rng.next() % 5)] } }
        for _ in 0..<3000 {
            let a = word(), b = word(), bound = Int(rng.next() % 6)
            let exact = reference(a, b)
            XCTAssertEqual(editDistance(a, b, below: bound), exact < bound ? exact : nil, "\(a) \(b) below \(bound)")
            XCTAssertEqual(editDistance(a, b, below: .max), exact)
        }
    }

    func testClosestNameIsTheFirstOfTheNearest() {
        XCTAssertEqual(closest(to: "pannels", in: ["title", "panels"]), "panels")
        XCTAssertEqual(closest(to: "Panels", in: ["panels"]), "panels", "case is not a difference")
        XCTAssertEqual(closest(to: "ab", in: ["ac", "ad"]), "ac")
        XCTAssertNil(closest(to: "abc", in: ["xyz"]), "too far to be a typo")
        XCTAssertNil(closest(to: "abc", in: [String]()))
    }
}
