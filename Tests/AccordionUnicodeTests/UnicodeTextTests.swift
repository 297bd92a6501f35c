@testable import AccordionUnicode
import XCTest

/// AccordionUnicode against ICU itself (its shortcuts must give ICU's
/// answers) and against facts of the Unicode data that any reading of it
/// gives.
final class ScalarPropertiesTests: XCTestCase {
    func testICUIsAvailable() {
        XCTAssertTrue(UnicodeText.isICUAvailable, "libicu could not be loaded (make deps installs libicu-dev)")
    }

    /// The ASCII table is ICU's answer for every ASCII scalar.
    func testTheASCIITableIsICUs() {
        for value in UInt8(0)..<128 {
            let scalar = Unicode.Scalar(value)
            XCTAssertEqual(ScalarProperties(scalar), ScalarProperties(viaICU: scalar), "U+\(String(value, radix: 16))")
        }
    }

    func testAdvanceClasses() {
        let cases: [(Unicode.Scalar, ScalarProperties.Advance)] = [
            ("a", .ordinary), ("中", .wide), ("，", .wide), ("ｱ", .ordinary), ("\u{FF9E}", .ordinary), ("가", .wide),
            ("\u{301}", .zero), ("\u{20DD}", .zero), ("\u{200B}", .zero), ("\u{200D}", .zero), ("\u{FE0F}", .zero),
            ("\u{3099}", .zero), ("\u{093E}", .ordinary), ("\u{00AD}", .zero), ("🚀", .wide), ("é", .ordinary),
        ]
        for (scalar, advance) in cases {
            XCTAssertEqual(ScalarProperties(scalar).advance, advance, "U+\(String(scalar.value, radix: 16))")
        }
        XCTAssertTrue(ScalarProperties("\u{00B7}").isAmbiguousWidth)
        XCTAssertFalse(ScalarProperties("a").isAmbiguousWidth)
    }

    func testEmojiAndIdentifierProperties() {
        XCTAssertTrue(ScalarProperties("🚀").isEmojiPresentation)
        XCTAssertTrue(ScalarProperties("⌚").isEmojiPresentation)
        XCTAssertFalse(ScalarProperties("☺").isEmojiPresentation)
        XCTAssertTrue(ScalarProperties("☺").isEmoji)
        XCTAssertTrue(ScalarProperties("\u{1F1E8}").isRegionalIndicator)
        XCTAssertTrue(ScalarProperties("\u{1F3FD}").isEmojiModifier)
        XCTAssertTrue(ScalarProperties("👍").isEmojiModifierBase)
        XCTAssertTrue(ScalarProperties("设").isXIDStart)
        XCTAssertTrue(ScalarProperties("\u{301}").isXIDContinue)
        XCTAssertFalse(ScalarProperties("\u{301}").isXIDStart)
        XCTAssertFalse(ScalarProperties("-").isXIDContinue)
        XCTAssertTrue(ScalarProperties("_").isXIDContinue)
        XCTAssertFalse(ScalarProperties("_").isXIDStart)
    }
}

final class GraphemeClusterTests: XCTestCase {
    func testClustersAreKeptWhole() {
        let cases: [(String, [String])] = [
            ("ab", ["a", "b"]),
            ("e\u{301}x", ["e\u{301}", "x"]),
            ("👩‍👩‍👧‍👦!", ["👩‍👩‍👧‍👦", "!"]),
            ("🇨🇳🇯🇵", ["🇨🇳", "🇯🇵"]),
            ("1\u{FE0F}\u{20E3}", ["1\u{FE0F}\u{20E3}"]),
            ("\r\nx", ["\r\n", "x"]),
            ("\u{1100}\u{1161}\u{11A8}", ["\u{1100}\u{1161}\u{11A8}"]),
            ("नमस्ते", ["न", "म", "स्ते"]),  // ICU 72 already joins a virama conjunct (UAX #29 GB9c of Unicode 15.1)
            ("中文", ["中", "文"]),
        ]
        for (text, clusters) in cases {
            XCTAssertEqual(GraphemeClusters.clusters(of: text).map(String.init), clusters, text)
        }
        XCTAssertEqual(GraphemeClusters.ends(in: ""), [])
    }

    /// The shortcut (every scalar alone in its cluster) gives ICU's answer:
    /// random texts over an alphabet of every kind of scalar.
    func testTheShortcutIsICUs() throws {
        let alphabet: [Unicode.Scalar] = ["a", " ", "\r", "\n", "\t", "中", "，", "ア", "ｱ", "\u{FF9E}", "\u{301}", "\u{200D}",
                                          "\u{FE0F}", "👩", "🇨", "🇳", "\u{1100}", "\u{1161}", "가", "\u{0915}", "\u{094D}",
                                          "\u{093E}", "\u{0600}", "ก", "\u{0E33}", "©", "é", "\u{1F3FD}", "\u{20E3}", "1"]
        var state: UInt64 = 0x2323
        for _ in 0..<5000 {
            var text = String.UnicodeScalarView()
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let length = Int(state >> 60) + 1
            for _ in 0..<length {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                // Mostly the plain scalars, so the shortcut is taken often.
                let pick = Int((state >> 33) % 100)
                text.append(pick < 60 ? alphabet[pick % 6] : alphabet[pick % alphabet.count])
            }
            let string = String(text)
            let icu = try XCTUnwrap(GraphemeClusters.endsViaICU(in: string))
            let label = string.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            XCTAssertEqual(GraphemeClusters.ends(in: string), icu, label)
            // The measure's shortcut: taken only when every scalar is a
            // cluster (so there are as many of ICU's ends as scalars), with
            // ICU's ends and each scalar's own properties.
            if let alone = GraphemeClusters.scalarsAlone(in: string) {
                XCTAssertEqual(alone.ends, icu, label)
                XCTAssertEqual(alone.properties, string.unicodeScalars.map { ScalarProperties(viaICU: $0) }, label)
            } else {
                XCTAssert(icu.count < string.unicodeScalars.count || string.unicodeScalars.contains { !ScalarProperties($0).isAloneInCluster },
                          "the shortcut refused a text of lone scalars: \(label)")
            }
        }
    }

    func testEmojiPresentationClusters() {
        for emoji in ["🚀", "⌚", "☺\u{FE0F}", "👩‍👩‍👧‍👦", "🇨🇳", "1\u{FE0F}\u{20E3}", "#\u{20E3}", "👍🏽", "☝🏽", "🏳️‍🌈"] {
            XCTAssertTrue(GraphemeClusters.isEmojiPresentation(Substring(emoji)), emoji)
        }
        for text in ["a", "1", "☺", "⌚\u{FE0E}", "中", "e\u{301}", "©"] {
            XCTAssertFalse(GraphemeClusters.isEmojiPresentation(Substring(text)), text)
        }
    }
}

final class LineBreakingTests: XCTestCase {
    /// Every text over the plain ASCII set up to four characters (and
    /// random longer ones) breaks exactly where ICU says: only after spaces.
    func testThePlainShortcutIsICUs() throws {
        let alphabet = Array("aZ1 \"#&'*<=>@^_`~.,:;".utf8)
        let breaking = LineBreaking(lang: nil)
        func check(_ bytes: [UInt8]) throws {
            let text = String(decoding: bytes, as: UTF8.self)
            // Plain unless a separator follows a space (where ICU has no opportunity).
            let separatorAfterSpace = zip(bytes, bytes.dropFirst()).contains { $0 == 0x20 && ".,:;".utf8.contains($1) }
            XCTAssertEqual(LineBreaking.isPlain(text), !separatorAfterSpace, text)
            XCTAssertEqual(breaking.opportunities(in: text), try XCTUnwrap(breaking.opportunitiesViaICU(in: text)), text)
        }
        var texts: [[UInt8]] = [[]]
        for _ in 1...4 {
            texts = texts.flatMap { text in alphabet.map { text + [$0] } }
            for text in texts { try check(text) }
        }
        var state: UInt64 = 14
        for _ in 0..<3000 {
            var text: [UInt8] = []
            for _ in 0..<16 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
            }
            try check(text)
        }
        XCTAssertTrue(LineBreaking.isPlain("It loaded, because the spec opens it first."))
        XCTAssertFalse(LineBreaking.isPlain("a-b"))
        XCTAssertFalse(LineBreaking.isPlain("wait ..."))
        XCTAssertFalse(LineBreaking.isPlain("中"))
    }

    func testOpportunities() {
        let root = LineBreaking(lang: nil)
        XCTAssertEqual(root.opportunities(in: "well-known fact"), [5, 11])
        XCTAssertEqual(root.opportunities(in: "a .b"), [], "no line starts with a full stop (LB13)")
        XCTAssertEqual(root.opportunities(in: "中文"), [3])
        XCTAssertEqual(root.opportunities(in: "👩‍👩‍👧‍👦👩‍👩‍👧‍👦"), ["👩‍👩‍👧‍👦".utf8.count])
        XCTAssertTrue(LineBreaking(lang: "th").opportunities(in: "สวัสดีครับ").count >= 1, "Thai breaks by ICU's dictionary")
    }

    /// Strict breaking for Chinese and Japanese: no line starts with a small
    /// kana, ー or closing punctuation.
    func testStrictForChineseAndJapanese() {
        XCTAssertTrue(LineBreaking(lang: "ja").isStrict)
        XCTAssertTrue(LineBreaking(lang: "zh-Hans").isStrict)
        XCTAssertTrue(LineBreaking(lang: "ZH_tw").isStrict)
        XCTAssertFalse(LineBreaking(lang: "ko").isStrict)
        XCTAssertFalse(LineBreaking(lang: nil).isStrict)
        let text = "キャッシュー、データ。（注）"
        let starts = Set(LineBreaking(lang: "ja").opportunities(in: text).map { offset in
            String(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: offset)...])!.unicodeScalars.first!
        })
        for forbidden in ["ャ", "ッ", "ー", "、", "。", "）"] as [Unicode.Scalar] {
            XCTAssertFalse(starts.contains(forbidden), "a line starts with \(forbidden)")
        }
        XCTAssertTrue(starts.contains("シ"))
        XCTAssertTrue(starts.contains("（"))
    }
}

final class BidiTests: XCTestCase {
    func testFirstStrongDirection() {
        XCTAssertEqual(Bidi.firstStrongDirection(of: "שלום abc"), .rightToLeft)
        XCTAssertEqual(Bidi.firstStrongDirection(of: "123 مرحبا"), .rightToLeft)
        XCTAssertEqual(Bidi.firstStrongDirection(of: "abc שלום"), .leftToRight)
        XCTAssertEqual(Bidi.firstStrongDirection(of: "123 !"), nil)
        XCTAssertEqual(Bidi.firstStrongDirection(of: "— 中文"), .leftToRight)
        XCTAssertEqual(Bidi.firstStrongDirection(of: ""), nil)
    }

    func testVisualOrder() {
        XCTAssertEqual(Bidi.visualOrder(of: "abc אבג", base: .leftToRight).line, "abc גבא")
        let rtl = Bidi.visualOrder(of: "אבג (1)", base: nil)
        XCTAssertEqual(rtl.direction, .rightToLeft)
        XCTAssertEqual(rtl.line, "(1) גבא")
        XCTAssertEqual(Bidi.visualOrder(of: "abc", base: nil).line, "abc")
        XCTAssertEqual(Bidi.visualOrder(of: "abc", base: .rightToLeft).direction, .rightToLeft)
        XCTAssertEqual(Bidi.visualOrder(of: "שָׁלוֹם", base: nil).line.unicodeScalars.first, "ם", "marks stay after their base")
    }
}

final class NormalizationTests: XCTestCase {
    func testNFC() {
        XCTAssertEqual(Array(Normalization.nfc("e\u{301}").unicodeScalars), ["é"])
        XCTAssertEqual(Normalization.nfc("设置"), "设置")
        XCTAssertEqual(Array(Normalization.nfc("\u{212B}").unicodeScalars), ["\u{C5}"])
        XCTAssertEqual(Normalization.nfc("plain"), "plain")
    }
}
