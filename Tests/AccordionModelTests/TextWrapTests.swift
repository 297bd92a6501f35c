import XCTest
@testable import AccordionModel

/// The wrap of a text content, case by case against lines worked out by hand
/// from the metric (N characters a line, greedy, long words cut).
final class TextWrapTests: XCTestCase {
    func testCharactersPerLine() {
        // (87 - 32) / 5.5 is 10 up to rounding: the 1e-9 keeps the tenth character.
        XCTAssertEqual(TextWrap.charactersPerLine(width: 87, metrics: TextMetrics(fontSize: 10)), 10)
        XCTAssertEqual(TextWrap.charactersPerLine(width: 86.9, metrics: TextMetrics(fontSize: 10)), 9)
        // 375 - 32 = 343 points at 8.25 a character: 41.57 -> 41.
        XCTAssertEqual(TextWrap.charactersPerLine(width: 375, metrics: TextMetrics()), 41)
        // Padding wider than the view still leaves one character a line.
        XCTAssertEqual(TextWrap.charactersPerLine(width: 20, metrics: TextMetrics()), 1)
    }

    func testGreedyWrap() {
        XCTAssertEqual(TextWrap.lines(of: "three four five six", perLine: 10), ["three four", "five six"])
        XCTAssertEqual(TextWrap.lines(of: "abc", perLine: 3), ["abc"])
        XCTAssertEqual(TextWrap.lines(of: "ab cd", perLine: 4), ["ab", "cd"])
    }

    func testLongWordsAreCutAndTheirLastPieceKeepsItsLine() {
        XCTAssertEqual(TextWrap.lines(of: "a supercalifragilistic b", perLine: 10), ["a", "supercalif", "ragilistic", "b"])
        XCTAssertEqual(TextWrap.lines(of: "abcdefg h", perLine: 3), ["abc", "def", "g h"])
        XCTAssertEqual(TextWrap.lines(of: "abcdefg hi", perLine: 3), ["abc", "def", "g", "hi"])
        XCTAssertEqual(TextWrap.lines(of: "abcdefg", perLine: 1), ["a", "b", "c", "d", "e", "f", "g"])
        // On an empty line the long word starts right there.
        XCTAssertEqual(TextWrap.lines(of: "abcdef", perLine: 4), ["abcd", "ef"])
    }

    func testParagraphsAndWhitespace() {
        XCTAssertEqual(TextWrap.lines(of: "one two\n\n  \nthree  four\tfive\r\nsix\n\n", perLine: 10),
                       ["one two", "", "three four", "five six"])
        // A single newline is a space; several blank lines make one break.
        XCTAssertEqual(TextWrap.lines(of: "  a\nb\n\n\n\t\nc  ", perLine: 40), ["a b", "", "c"])
        // Leading blank lines separate nothing.
        XCTAssertEqual(TextWrap.lines(of: "\n\n a", perLine: 40), ["a"])
        // Other Unicode spaces are not whitespace in the metric.
        XCTAssertEqual(TextWrap.lines(of: "a\u{00A0}b c", perLine: 3), ["a\u{00A0}b", "c"])
    }

    func testEmptyTextHasNoLines() {
        XCTAssertEqual(TextWrap.lines(of: "", perLine: 10), [])
        XCTAssertEqual(TextWrap.lines(of: " \n\t\r\n ", perLine: 10), [])
    }

    func testCharactersAreUnicodeScalars() {
        // "e" + U+0301 is two scalars though one grapheme; CJK counts one each.
        XCTAssertEqual(TextWrap.lines(of: "cafe\u{301}s x", perLine: 8), ["cafe\u{301}s x"])
        XCTAssertEqual(TextWrap.lines(of: "cafe\u{301}s x", perLine: 7), ["cafe\u{301}s", "x"])
        XCTAssertEqual(TextWrap.lines(of: "日本語テキスト ok", perLine: 10), ["日本語テキスト ok"])
        XCTAssertEqual(TextWrap.lines(of: "👩‍💻", perLine: 2), ["👩\u{200D}", "💻"])
    }

    func testLinearInTheTextLength() {
        // A million characters wrap in one pass (a quadratic wrap would not finish).
        let text = String(repeating: "word ", count: 200_000)
        let lines = TextWrap.lines(of: text, perLine: 41)
        // 8 words of 4 plus 7 spaces = 39 characters a line.
        XCTAssertEqual(lines.count, 25_000)
        XCTAssertEqual(lines.first?.count, 39)
    }
}
