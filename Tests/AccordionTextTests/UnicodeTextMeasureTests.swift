import AccordionModel
import AccordionTestSupport
import AccordionText
import AccordionUnicode
import XCTest

/// The version-2 measure by its rules (docs/spec-guide.md, "How text is
/// measured"): hand-computed lines in several scripts, and over random
/// texts the properties the rules promise, checked with ICU's own answers.
final class UnicodeTextMeasureTests: XCTestCase {
    let measure = UnicodeTextMeasure()

    /// 343 points inside the padding at 15 points: room for 41 ordinary
    /// advances (8.25 each), 34 ideographs (15 each), 18 emoji (18.75 each).
    func lines(_ text: String, width: Double = 375, lang: String? = nil) -> [String] {
        measure.lines(of: text, width: width, metrics: TextMetrics(), lang: lang)
    }

    func testIdeographsAreOneEmWide() {
        let text = String(repeating: "设置", count: 25)
        XCTAssertEqual(lines(text).map(\.count), [22, 22, 6])
        XCTAssertEqual(lines(text, lang: "zh-Hans").map(\.count), [22, 22, 6])
    }

    func testNoLineStartsWithClosingPunctuationInStrictChinese() {
        // 21 ideographs then "，": the comma may not start the next line, so
        // the last ideograph goes down with it.
        let text = String(repeating: "中", count: 22) + "，文字"
        let result = lines(text, lang: "zh-Hans")
        XCTAssertEqual(result, [String(repeating: "中", count: 21), "中，文字"])
        for line in result { XCTAssertNotEqual(line.first, "，") }
    }

    func testJapaneseMixedWithLatinBreaksAtOpportunities() {
        let text = "このアプリはiOS 17とmacOS 14で動きます。設定を開いてください。"
        let result = lines(text, width: 150, lang: "ja")
        XCTAssertEqual(result.joined().replacingSpaces(), text.replacingSpaces())
        XCTAssertFalse(result.contains { $0.hasSuffix("17と") && $0.contains("macOS") })
        for line in result {
            XCTAssertFalse(["、", "。", "ー", "ッ", "ャ"].contains(line.first.map(String.init) ?? ""), line)
        }
    }

    func testEmojiClustersStayWhole() {
        let family = "👩‍👩‍👧‍👦"
        // 18 emoji fit a line: the 19th family starts the next one.
        let text = String(repeating: family, count: 19)
        XCTAssertEqual(lines(text), [String(repeating: family, count: 18), family])
        let flags = String(repeating: "🇨🇳🇯🇵", count: 10)
        XCTAssertEqual(lines(flags).map { $0.count }, [18, 2])
        XCTAssertEqual(measure.clusters(of: "a中🚀\u{301}").map(\.advance), [0.55, 1.0, 1.25])
    }

    func testACombiningMarkIsNeverOrphaned() {
        // A word of 45 "é" (e + U+0301): cut at cluster boundaries, 41 a line.
        let word = String(repeating: "e\u{301}", count: 45)
        let result = lines(word)
        XCTAssertEqual(result.map { $0.unicodeScalars.count }, [82, 8])
        XCTAssertEqual(result[1].unicodeScalars.first, "e")
    }

    func testHyphensAreOpportunities() {
        XCTAssertEqual(lines("a well-known fact", width: 32 + 0.55 * 15 * 7), ["a well-", "known", "fact"])
    }

    func testParagraphsAndWhitespaceCollapseAsToday() {
        XCTAssertEqual(lines("一 二\n\n  \n三\t四\r\n五\n\n"), ["一 二", "", "三 四 五"])
        XCTAssertEqual(lines(""), [])
        XCTAssertEqual(lines(" \n\n "), [])
    }

    func testANarrowBoxHoldsOneClusterALine() {
        XCTAssertEqual(lines("中文", width: 10), ["中", "文"])
        XCTAssertEqual(lines("ab.", width: 10), ["a", "b", "."])
    }

    /// Plain ASCII whose only opportunities are after spaces wraps exactly
    /// as the model's own measure wraps it, at every width, punctuation and
    /// all (the texts ICU would break elsewhere are left out).
    func testASCIIWithoutOtherOpportunitiesWrapsAsToday() {
        var random = SplitMix(seed: 23)
        let alphabet = Array("abcdefghij KLMN 0123 .,;:!?'\"()-/ \n\t")
        let scalar = ScalarTextMeasure()
        var compared = 0
        for _ in 0..<3000 {
            let text = String((0..<random.int(1...80)).map { _ in alphabet[random.int(alphabet.count)] })
            let onlyAfterSpaces = TextWrap.paragraphs(of: text).allSatisfy { paragraph in
                LineBreaking(lang: nil).opportunities(in: paragraph) == Self.afterSpaces(paragraph)
            }
            guard onlyAfterSpaces else { continue }
            // Only texts outside the plain set reach the measure's own wrapping.
            if !TextWrap.paragraphs(of: text).allSatisfy(LineBreaking.isPlain) { compared += 1 }
            for width in [20.0, 60, 100, 140.5, 375] {
                XCTAssertEqual(lines(text, width: width), scalar.lines(of: text, width: width, metrics: TextMetrics(), lang: nil),
                               "\(text.debugDescription) at \(width)")
            }
        }
        XCTAssertGreaterThan(compared, 200)
    }

    static func afterSpaces(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        return (1..<max(1, bytes.count)).filter { bytes[$0 - 1] == 0x20 && bytes[$0] != 0x20 }
    }

    /// Over random texts of many scripts: every line starts at a cluster
    /// boundary, at an ICU opportunity unless the segment before was too wide
    /// for a line, and fits its width unless it is one cluster.
    func testRandomTextsKeepTheRules() {
        var random = SplitMix(seed: 2323)
        let pieces = ["设置", "，", "。", "日本語", "カタカナー", "ッ", "한국어", "ภาษาไทย", "مرحبا", "שלום", "नमस्ते",
                      "Tiếng Việt", "e\u{301}", "👩‍👩‍👧‍👦", "🇨🇳", "1\u{FE0F}\u{20E3}", "🚀", "well-known", "https://x.org/a",
                      " ", " ", "word", "ｱﾞ", "\u{200B}", "(", ")"]
        for _ in 0..<400 {
            let text = (0..<random.int(1...30)).map { _ in pieces[random.int(pieces.count)] }.joined()
            let width = Double(random.int(20...400))
            let lang = ["zh-Hans", "ja", nil, "th", "ar"][random.int(5)]
            let room = (width - 32) / 8.25 + 1e-9
            for paragraph in TextWrap.paragraphs(of: text) {
                let result = lines(paragraph, width: width, lang: lang)
                let clusterEnds = Set(GraphemeClusters.ends(in: paragraph))
                let opportunities = Set(LineBreaking(lang: lang).opportunities(in: paragraph))
                var offset = 0
                for (index, line) in result.enumerated() {
                    let clusters = measure.clusters(of: line)
                    let advance = clusters.reduce(0) { $0 + $1.advance }
                    XCTAssertTrue(advance / 0.55 <= room + 1e-6 || clusters.count == 1, "\(line) is wider than \(width)")
                    XCTAssertNotEqual(line.first, " ", "a line starts with a space")
                    XCTAssertNotEqual(line.last, " ", "a line ends with a space")
                    if index > 0 {
                        // Skip the one space the break consumed.
                        if paragraph.utf8[paragraph.utf8.index(paragraph.utf8.startIndex, offsetBy: offset)] == 0x20 { offset += 1 }
                        XCTAssertTrue(clusterEnds.contains(offset), "a line starts inside a cluster: \(line)")
                        if !opportunities.contains(offset) {
                            // A cut inside a segment: the segment did not fit a line.
                            XCTAssertFalse(LineBreaking.isPlain(line) && line.contains(" "), line)
                        }
                    }
                    XCTAssertTrue(paragraph.utf8.dropFirst(offset).starts(with: line.utf8), "\(line) is not where it should be in \(paragraph.debugDescription) → \(result) at \(width) \(lang ?? "-")")
                    offset += line.utf8.count
                }
                XCTAssertEqual(offset, paragraph.utf8.count)
            }
        }
    }
}

private extension String {
    func replacingSpaces() -> String { String(unicodeScalars.filter { $0 != " " }.map(Character.init)) }
}
