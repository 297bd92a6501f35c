import AccordionYAML
import XCTest

/// Key lookup by bytes, as the rules and the validator's `properties` use it.
final class KeySpellingsTests: XCTestCase {
    private func look(_ table: KeySpellings<Int>, _ key: String) -> Int? {
        var key = key
        return key.withUTF8 { table.value(forUTF8: $0) }
    }

    func testExactSpellingsOnly() {
        let table = KeySpellings([("id", 1), ("title", 2), ("color", 3), ("", 4), ("\u{e9}", 5), ("id", 6)])
        XCTAssertEqual(look(table, "id"), 1, "the first of two equal spellings")
        XCTAssertEqual(look(table, "title"), 2)
        XCTAssertEqual(look(table, "color"), 3, "same length as title, other bytes")
        XCTAssertEqual(look(table, ""), 4)
        XCTAssertEqual(look(table, "\u{e9}"), 5)
        XCTAssertNil(look(table, "e\u{301}"), "canonically equivalent, other code points")
        XCTAssertNil(look(table, "Title"))
        XCTAssertNil(look(table, "titles"))
        XCTAssertNil(look(table, "i"))
        XCTAssertNil(look(KeySpellings<Int>([]), "id"))
    }
}
