import AccordionDiagnostics
import XCTest

@testable import AccordionYAML

/// Syntax errors speak in sentences: what is wrong and how to fix it.
/// libyaml's own words travel only in `parserMessage` (the JSON output).
final class SyntaxHelpTests: XCTestCase {
    static let parserWords = ["libyaml", "while scanning", "while parsing", "simple key", "token", "stream", "octet", "indicator"]

    func testEveryTableEntryHasAPlainHelp() {
        for (problem, entry) in SyntaxProblems.table {
            let help = entry.help ?? ""
            XCTAssertFalse(help.isEmpty, problem)
            for word in Self.parserWords { XCTAssertFalse(help.contains(word), "\(problem): \(help)") }
            XCTAssertFalse(entry.message.contains(problem), problem)
        }
    }

    /// The common mistakes, each with its help and libyaml's words beside it.
    func testCommonMistakes() throws {
        let cases: [(String, String, String)] = [
            ("a:\n\tb: 1\n", "indent with spaces: replace the tab with spaces so the line starts in the same column as the lines it belongs with",
             "found character that cannot start any token"),
            ("a: 1\nb: \"never closed\nc: 2\n", "add the closing quote (the same character the string starts with) where the text ends",
             "while scanning a quoted scalar, found unexpected end of stream"),
            ("a:\n  b: 1\n c: 2\n", "line it up with spaces: with the other keys of that mapping, or with the '- ' above if it is one more item of a list; if it continues the value above, put that value in quotes",
             "while parsing a block mapping, did not find expected key"),
            ("a: 1\nb\nc: 2\n", "write ': ' after the key, as in `title: Mail`; if the line continues the text above it, indent it under that key or put the whole text in quotes",
             "while scanning a simple key, could not find expected ':'"),
            ("title: Inbox: 3\n", "if this is a key, indent it like the keys around it; if ': ' is part of a text value, put the whole value in quotes, as in `title: 'Inbox: 3 new'`",
             "mapping values are not allowed in this context"),
            ("a: [1, 2\nb: 3\n", "close the list with ']' and separate its items with ', '; put an item that contains ',', ':' or brackets in quotes",
             "while parsing a flow sequence, did not find expected ',' or ']'"),
            ("title: @home  # the start page\n", "put the value in quotes: '@home'", "found character that cannot start any token"),
        ]
        for (text, help, raw) in cases {
            let d = try XCTUnwrap(loadSpec(text).diagnostics.first, text)
            XCTAssertEqual(d.rule, "yaml-syntax", text)
            XCTAssertEqual(d.help, help, text)
            XCTAssertTrue(d.parserMessage?.hasSuffix(raw) ?? false, "\(text): \(d.parserMessage ?? "nil")")
            for word in Self.parserWords { XCTAssertFalse(d.message.contains(word) || help.contains(word), "\(text): \(word)") }
        }
    }

    /// Reader errors (bytes that are not text) carry libyaml's words too, and a help.
    func testReaderErrors() throws {
        let nul = try XCTUnwrap(loadError([UInt8]("a: 1\nb: x".utf8) + [0, 0x0A]))
        XCTAssertEqual(nul.message, "the file contains a NUL byte, which YAML text may not contain")
        XCTAssertEqual(nul.help, "is it a binary file, or UTF-16/UTF-32 without a byte-order mark? save the spec as UTF-8 text")
        XCTAssertEqual(nul.parserMessage, "control characters are not allowed")
        let cut = try XCTUnwrap(loadError([UInt8]("a: ".utf8) + [0xE2, 0x82]))
        XCTAssertEqual(cut.help, "save the file as UTF-8 (most editors set the encoding when saving)")
        XCTAssertEqual(cut.parserMessage, "incomplete UTF-8 octet sequence")
    }

    /// Problems that are not syntax errors have no parser words to keep.
    func testOtherProblemsHaveNoParserMessage() {
        XCTAssertEqual(loadSpec("a: 1\na: 2\n").diagnostics.first?.rule, "yaml-duplicate-key")
        XCTAssertNil(loadSpec("a: 1\na: 2\n").diagnostics.first?.parserMessage)
        XCTAssertTrue(loadSpec("accordion: 2\npanels: []\n").diagnostics.allSatisfy { $0.parserMessage == nil })
    }

    private func loadError(_ bytes: [UInt8]) -> Diagnostic? {
        do {
            _ = try YAMLLoader().load(bytes, source: "t.yaml")
            return nil
        } catch {
            return error.diagnostics.first
        }
    }
}
