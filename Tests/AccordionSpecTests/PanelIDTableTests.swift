import AccordionModel
import XCTest
@testable import AccordionSpec

/// `PanelIDTable` must find ids exactly as the `[String: Int]` it replaces
/// did: first definition wins, `String` equality (canonical equivalence).
final class PanelIDTableTests: XCTestCase {
    private func specs(_ ids: [String]) -> [PanelSpec] {
        ids.map { PanelSpec(id: $0, title: $0, color: 0x0000_00FF, headerHeight: 44) }
    }

    func testTheFirstPanelWithAnIdIsFoundAndEmptyIdsAreLeftOut() {
        let index = PanelIDTable(specs(["a", "", "b", "a", ""]))
        XCTAssertEqual(index["a"], 0)
        XCTAssertEqual(index["b"], 2)
        XCTAssertNil(index[""])
        XCTAssertNil(index["c"])
        XCTAssertEqual(index.count, 2)
        XCTAssertEqual(index.ids.sorted(), ["a", "b"])
    }

    func testInsertingAnIdAgainGivesTheFirstPosition() {
        var index = PanelIDTable(specs(["x", "y", "x", ""]), capacity: 4)
        XCTAssertNil(index.insert(0))
        XCTAssertNil(index.insert(1))
        XCTAssertEqual(index.insert(2), 0)
        XCTAssertNil(index.insert(3), "an empty id is indexed when inserted explicitly")
        XCTAssertEqual(index[""], 3)
        XCTAssertEqual(index.count, 3)
    }

    func testCanonicallyEquivalentIdsAreOneIdAsInADictionary() {
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        var index = PanelIDTable(specs([precomposed, decomposed]), capacity: 2)
        XCTAssertNil(index.insert(0))
        XCTAssertEqual(index.insert(1), 0)
        XCTAssertEqual(index[decomposed], 0)
        XCTAssertEqual([precomposed: 0][decomposed], 0, "the dictionary it replaces agrees")
    }

    func testManyIdsAreAllFound() {
        let ids = (0..<5_000).map { "panel-\($0)" }
        let index = PanelIDTable(specs(ids))
        for (i, id) in ids.enumerated() { XCTAssertEqual(index[id], i) }
        XCTAssertNil(index["panel-5000"])
    }
}
