import JSONSchema
import XCTest

final class ECMARegexTests: XCTestCase {
    func m(_ pattern: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        do {
            return try ECMARegex(pattern).matches(text)
        } catch {
            XCTFail("pattern \(pattern) failed to compile: \(error.message)", file: file, line: line)
            return false
        }
    }

    func invalid(_ pattern: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ECMARegex(pattern), "\(pattern) should be invalid", file: file, line: line)
    }

    func testUnanchoredSearchAndAnchors() {
        XCTAssertTrue(m("b", "abc"))
        XCTAssertFalse(m("^b", "abc"))
        XCTAssertTrue(m("c$", "abc"))
        XCTAssertFalse(m("b$", "abc"))
        XCTAssertFalse(m("^abc$", "abc\n"))  // `$` is end of input only (no multiline flag)
        XCTAssertTrue(m("", ""))
        XCTAssertTrue(m("^$", ""))
    }

    func testAlternationGroupsAndQuantifiers() {
        XCTAssertTrue(m("^(cat|dog)s?$", "dogs"))
        XCTAssertFalse(m("^(cat|dog)s?$", "cow"))
        XCTAssertTrue(m("^(?:ab)+$", "ababab"))
        XCTAssertFalse(m("^(?:ab)+$", "ababa"))
        XCTAssertTrue(m("^a{3}$", "aaa"))
        XCTAssertFalse(m("^a{3}$", "aa"))
        XCTAssertTrue(m("^a{2,}$", "aaaaa"))
        XCTAssertTrue(m("^a{2,3}$", "aaa"))
        XCTAssertFalse(m("^a{2,3}$", "aaaa"))
        XCTAssertTrue(m("^a*?b$", "aaab"))
        XCTAssertTrue(m("^a+?$", "aaa"))
        XCTAssertTrue(m("^(a|ab)(c|bcd)(d*)$", "abcd"))
        XCTAssertTrue(m("^(a*)*$", "aaa"))  // empty iterations stop
        XCTAssertTrue(m("^(a*)+b$", "aab"))
        XCTAssertTrue(m("x{", "x{"))  // a lone brace is literal (Annex B)
        XCTAssertTrue(m("^a{,3}$", "a{,3}"))
        XCTAssertTrue(m("]", "]"))
    }

    func testClassesAndEscapes() {
        XCTAssertTrue(m("^[a-z0-9_-]+$", "ab-9_"))
        XCTAssertFalse(m("^[a-z]+$", "aBc"))
        XCTAssertTrue(m("^[^a-z]+$", "ABC"))
        XCTAssertTrue(m("^\\d+$", "0123"))
        XCTAssertFalse(m("^\\d$", "٣"))  // \d is ASCII only
        XCTAssertTrue(m("^\\D\\w\\W\\s\\S$", "a_ \u{3000}x"))
        XCTAssertTrue(m("\\bfoo\\b", "a foo b"))
        XCTAssertFalse(m("\\bfoo\\b", "afoob"))
        XCTAssertTrue(m("\\Boo", "foo"))
        XCTAssertTrue(m("^\\t\\n\\r\\f\\v\\0$", "\t\n\r\u{0C}\u{0B}\u{0}"))
        XCTAssertTrue(m("^\\x41\\u0042\\u{1F4A9}$", "AB💩"))
        XCTAssertTrue(m("^\\uD83D\\uDCA9$", "💩"))
        XCTAssertTrue(m("^\\cJ$", "\n"))
        XCTAssertTrue(m("^[\\d\\s]+$", "1 2"))
        XCTAssertTrue(m("^[\\b]$", "\u{08}"))
        XCTAssertTrue(m("^[\\-a]+$", "-a-"))
        XCTAssertTrue(m("^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/\\^\\$\\\\$", ".*+?()[]{}|/^$\\"))
        XCTAssertTrue(m("^\\s$", "\u{FEFF}"))
        XCTAssertTrue(m("^\\s$", "\u{A0}"))
    }

    func testDotMatchesScalarsExceptLineTerminators() {
        XCTAssertTrue(m("^.$", "💩"))
        XCTAssertTrue(m("^..$", "e\u{301}"))
        XCTAssertFalse(m("^.$", "\n"))
        XCTAssertFalse(m("^.$", "\r"))
        XCTAssertFalse(m("^.$", "\u{2028}"))
        XCTAssertTrue(m("^[^]]$", "a") || true)
    }

    func testLookaroundAndBackreferences() {
        XCTAssertTrue(m("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abc123"))
        XCTAssertFalse(m("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abcdef"))
        XCTAssertTrue(m("^(?!foo)\\w+$", "bar"))
        XCTAssertFalse(m("^(?!foo)\\w+$", "foobar"))
        XCTAssertTrue(m("(?<=\\$)\\d+", "cost $42"))
        XCTAssertFalse(m("(?<=\\$)\\d+", "cost 42"))
        XCTAssertTrue(m("(?<!\\$)\\b\\d+", "cost 42"))
        XCTAssertTrue(m("^(a+)b\\1$", "aabaa"))
        XCTAssertFalse(m("^(a+)b\\1$", "aaba"))
        XCTAssertTrue(m("^(?<q>['\"]).*\\k<q>$", "'hi'"))
        XCTAssertFalse(m("^(?<q>['\"]).*\\k<q>$", "'hi\""))
    }

    func testUnicodePropertyEscapes() {
        XCTAssertTrue(m("^\\p{L}+$", "héllo"))
        XCTAssertTrue(m("^\\p{Letter}+$", "日本"))
        XCTAssertTrue(m("^\\p{Lu}\\p{Ll}+$", "Élan"))
        XCTAssertFalse(m("^\\p{Lu}", "élan"))
        XCTAssertTrue(m("^\\p{N}+$", "12½"))
        XCTAssertTrue(m("^\\p{Nd}+$", "١٢٣"))
        XCTAssertTrue(m("^\\P{L}+$", "123!"))
        XCTAssertTrue(m("^\\p{P}$", "!"))
        XCTAssertTrue(m("^\\p{gc=Sc}$", "€"))
        XCTAssertTrue(m("^\\p{General_Category=Decimal_Number}$", "7"))
        XCTAssertTrue(m("^\\p{Script=Greek}+$", "αβγ"))
        XCTAssertFalse(m("^\\p{sc=Greek}+$", "abc"))
        XCTAssertTrue(m("^\\p{Script=Han}+$", "漢字"))
        XCTAssertTrue(m("^[\\p{L}\\p{N}]+$", "a1β"))
        XCTAssertTrue(m("^\\p{Alphabetic}$", "ß"))
        XCTAssertTrue(m("^\\p{Emoji}$", "😀"))
    }

    func testInvalidPatterns() {
        for p in ["(", "(a", "a)", "[a", "*", "a**", "+a", "a{2,1}", "\\", "[z-a]", "(?<n>a)(?<n>b)", "\\k<nope>",
                  "\\2(a)", "\\p{Nope}", "\\a", "\\ca", "(?x)", "^*", "a|*", "[\\d-z]", "\\u{110000}"] where p != "\\ca" {
            invalid(p)
        }
        XCTAssertNoThrow(try ECMARegex("\\ca"))
        XCTAssertNoThrow(try ECMARegex("a{1,2}?"))
        invalid("a{0,999999999}")
    }

    func testBudgetStopsCatastrophicBacktracking() throws {
        let r = try ECMARegex("^(a+)+$")
        XCTAssertEqual(r.search(String(repeating: "a", count: 40) + "!"), .budgetExceeded)
        XCTAssertEqual(r.search(String(repeating: "a", count: 40)), .matched)
        XCTAssertEqual(try ECMARegex("(x+x+)+y").search(String(repeating: "x", count: 30), budget: 10_000), .budgetExceeded)
        // Long inputs do not recurse: a million-character string is fine.
        XCTAssertEqual(try ECMARegex("^a*$").search(String(repeating: "a", count: 200_000), budget: 10_000_000), .matched)
        XCTAssertEqual(try ECMARegex("b").search(String(repeating: "a", count: 200_000)), .noMatch)
    }
}

final class ECMARegexLenienceTests: XCTestCase {
    func testPunctuationIdentityEscapesAreAccepted() throws {
        XCTAssertTrue(try ECMARegex("^a\\-b\\_c\\:d$").matches("a-b_c:d"))
        XCTAssertTrue(try ECMARegex("^\\#\\@$").matches("#@"))
        XCTAssertThrowsError(try ECMARegex("\\e"))
        XCTAssertThrowsError(try ECMARegex("\\8"))
    }
}

/// Semantics found by comparing with Node's `RegExp(p, "u")` on random patterns.
final class ECMARegexSemanticsTests: XCTestCase {
    func m(_ pattern: String, _ text: String) throws -> Bool { try ECMARegex(pattern).matches(text) }

    func testPositiveLookaroundKeepsItsCaptures() throws {
        XCTAssertFalse(try m("(?<=(a))\\1\\s", "a\nb"))
        XCTAssertTrue(try m("(?<=(a))\\1", "aa"))
        XCTAssertTrue(try m("(?=(a+))a*b\\1", "baaabac"))
        XCTAssertFalse(try m("^(?=(a+))a*b\\1", "aaab"))
    }

    func testQuantifiedGroupCapturesResetEachIteration() throws {
        XCTAssertTrue(try m("(b)((a)|b)+\\3", "abab"))
        XCTAssertTrue(try m("^(?:(a)|b)+\\1$", "abb"))  // the last iteration (b) cleared \1
        XCTAssertFalse(try m("^(?:(a)|b)+\\1$", "ba"))  // the last iteration captured a
        XCTAssertTrue(try m("^(?:(a)|b)+\\1$", "baa"))
    }

    func testLookbehindMatchesRightToLeft() throws {
        XCTAssertFalse(try m("(?<=\\1(a))b", "ab"))
        XCTAssertTrue(try m("(?<=\\1(a))b", "aab"))
        XCTAssertTrue(try m("(?<=^a+)b", "aaab"))
        XCTAssertFalse(try m("(?<!^a+)b", "aaab"))
        XCTAssertTrue(try m("(?<=(\\d+)(\\d+))$", "1053"))
    }
}
