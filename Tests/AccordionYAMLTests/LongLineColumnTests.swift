import AccordionDiagnostics
import AccordionYAML
import XCTest

/// Regression (the hostile-input corpus, RELIABILITY.md): columns on a very long line were counted from the
/// line's start for every span and every quoted problem, so a minified spec
/// with thousands of problems took seconds to minutes. Long lines now use
/// `ColumnCheckpoints`; these tests hold them to the plain count.
final class LongLineColumnTests: XCTestCase {
    /// A long line mixing 1-, 2-, 3- and 4-byte characters.
    static func mixedLine(_ entries: Int) -> String {
        let words = ["a", "é", "€", "😀", "bc", "ü€"]
        return "{" + (0..<entries).map { "k\($0)\(words[$0 % words.count]): v\(words[($0 * 7) % words.count])" }
            .joined(separator: ", ") + "}"
    }

    func testCheckpointsAgreeWithCountingEveryByte() {
        let bytes = Array(("short\n" + Self.mixedLine(3000) + "\ntail é\n").utf8)
        let table = ColumnCheckpoints.make(bytes, lineStarts: [0, 6])
        XCTAssertFalse(table.isEmpty)
        var naive = 0
        for offset in 0...bytes.count {
            if offset % 97 == 0 || offset > bytes.count - 300 {
                XCTAssertEqual(ColumnCheckpoints.characters(before: offset, bytes, table), naive, "offset \(offset)")
            }
            if offset < bytes.count, bytes[offset] & 0xC0 != 0x80 {
                if naive % 53 == 0 { XCTAssertEqual(ColumnCheckpoints.offset(ofCharacter: naive, bytes, table), offset) }
                naive += 1
            }
        }
        XCTAssertEqual(ColumnCheckpoints.offset(ofCharacter: naive, bytes, table), bytes.count)
        XCTAssertTrue(ColumnCheckpoints.make(Array("a\nb\n".utf8), lineStarts: [0, 2, 4]).isEmpty)
    }

    func testNodeColumnsOnALongLine() throws {
        let line = Self.mixedLine(3000)
        let root = try load(line)
        let entries = try XCTUnwrap(root.entries)
        for index in [0, 1, 1500, 2999] {
            let key = entries[index].key
            let text = "k\(index)"
            // The naive column: characters before the key's text on the line, plus one.
            let prefix = line.components(separatedBy: text + (["a", "é", "€", "😀", "bc", "ü€"][index % 6]) + ":")[0]
            XCTAssertEqual(key.span.start.column, prefix.unicodeScalars.count + 1, "key \(index)")
            XCTAssertEqual(key.span.start.line, 1)
        }
    }

    func testExcerptOfALongLineMatchesTheLine() {
        let line = Self.mixedLine(2000)
        let text = SourceText(name: "x", bytes: Array(("a: 1\n" + line + "\n").utf8))
        let scalars = Array(line.unicodeScalars)
        for from in [0, 1, 999, scalars.count - 5, scalars.count, scalars.count + 3] {
            let excerpt = text.excerpt(2, from: from, limit: 120)
            XCTAssertEqual(excerpt?.length, scalars.count)
            let expected = from < scalars.count ? String(String.UnicodeScalarView(scalars[from..<min(scalars.count, from + 120)])) : ""
            XCTAssertEqual(excerpt?.text, expected, "from \(from)")
        }
        XCTAssertEqual(text.excerpt(1, from: 0, limit: 10)?.text, "a: 1")
        XCTAssertNil(text.excerpt(4, from: 0, limit: 10))
    }
}
