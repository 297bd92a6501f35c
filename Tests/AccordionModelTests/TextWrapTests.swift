import AccordionTestSupport
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
    /// The wrap reads UTF-8 bytes; this reference reads Unicode scalars, the
    /// rule's own unit, the plainest way: both must give the same lines on
    /// random texts of words, multi-byte characters and every whitespace.
    func testBytesAndScalarsGiveTheSameLines() {
        var rng = SplitMix(seed: 20261202)
        let pieces = ["a", "bb", "word", "é", "e\u{301}", "日本", "👩‍💻", "\u{00A0}", "x-y", "supercalifragilistic",
                      " ", "  ", "\t", "\r", "\n", "\n\n", " \n \n", "\r\n"]
        for round in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<40, using: &rng) { text += pieces.randomElement(using: &rng)! }
            let perLine = Int.random(in: 1...24, using: &rng)
            XCTAssertEqual(TextWrap.lines(of: text, perLine: perLine), Self.reference(text, perLine),
                           "round \(round): \(text.debugDescription) at \(perLine)")
        }
    }

    /// The rule scalar by scalar (the model's wrap before it read bytes).
    static func reference(_ text: String, _ perLine: Int) -> [String] {
        let limit = max(1, perLine)
        var lines: [String] = [], line: [Unicode.Scalar] = [], word: [Unicode.Scalar] = []
        var paragraphHasWords = false, paragraphBreak = false, sourceLineHasText = false
        func endLine() {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: line)
            lines.append(String(s))
            line = []
        }
        func endWord() {
            guard !word.isEmpty else { return }
            if paragraphBreak {
                if !line.isEmpty { endLine() }
                lines.append("")
                paragraphBreak = false
            }
            paragraphHasWords = true
            if word.count <= limit {
                if line.isEmpty {
                    line = word
                } else if line.count + 1 + word.count <= limit {
                    line += [" "] + word
                } else {
                    endLine()
                    line = word
                }
            } else {
                if !line.isEmpty { endLine() }
                for (k, scalar) in word.enumerated() {
                    if k > 0, k % limit == 0 { endLine() }
                    line.append(scalar)
                }
            }
            word = []
        }
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" {
                endWord()
                if scalar == "\n" {
                    if !sourceLineHasText, paragraphHasWords { paragraphBreak = true }
                    sourceLineHasText = false
                }
            } else {
                word.append(scalar)
                sourceLineHasText = true
            }
        }
        endWord()
        if !line.isEmpty { endLine() }
        return lines
    }

    /// The paragraphs every measure reads are TextWrap's own: at a width no
    /// paragraph reaches, its lines are the paragraphs with "" between them.
    func testParagraphsAreTheLinesOfAnEndlessLine() {
        for text in ["one two\n\n  \nthree  four\tfive\r\nsix\n\n", "  a\nb\n\n\n\t\nc  ", "", " \n \n", "x", "\n\nx\n\n\ny z\n"] {
            let paragraphs = TextWrap.paragraphs(of: text)
            let interleaved = paragraphs.enumerated().flatMap { $0.offset == 0 ? [$0.element] : ["", $0.element] }
            XCTAssertEqual(TextWrap.lines(of: text, perLine: 10_000), interleaved, text.debugDescription)
        }
        XCTAssertEqual(TextWrap.paragraphs(of: "a  b\n\nc"), ["a b", "c"])
    }
}
