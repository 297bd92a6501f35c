import XCTest
@testable import AccordionLSP

/// The frames a decoder gives for bytes fed in these pieces, drained after each.
func decodeFrames(_ chunks: [[UInt8]], maxBodyBytes: Int) -> [MessageDecoder.Frame] {
    var decoder = MessageDecoder(maxBodyBytes: maxBodyBytes)
    var out: [MessageDecoder.Frame] = []
    for chunk in chunks {
        decoder.feed(chunk)
        out += decoder.drain()
    }
    return out
}

/// The Content-Length framing, fed in every split a pipe can produce.
final class FramingTests: XCTestCase {
    private func frames(_ chunks: [[UInt8]]) -> [MessageDecoder.Frame] { decodeFrames(chunks, maxBodyBytes: 1000) }

    func testTwoMessagesInOneRead() {
        let bytes = MessageDecoder.frame(Array(#"{"a":1}"#.utf8)) + MessageDecoder.frame(Array("[é]".utf8))
        XCTAssertEqual(frames([bytes]), [.message(Array(#"{"a":1}"#.utf8)), .message(Array("[é]".utf8))])
    }

    func testEverySplitPointGivesTheSameMessages() {
        let bytes = Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 5\r\n\r\nhello".utf8)
            + MessageDecoder.frame(Array("🎉".utf8))
        for cut in 0...bytes.count {
            XCTAssertEqual(frames([Array(bytes[..<cut]), Array(bytes[cut...])]), [.message(Array("hello".utf8)), .message(Array("🎉".utf8))],
                           "split at \(cut)")
        }
        XCTAssertEqual(frames(bytes.map { [$0] }), [.message(Array("hello".utf8)), .message(Array("🎉".utf8))], "byte by byte")
    }

    func testHeaderNameIsCaseInsensitive() {
        XCTAssertEqual(frames([Array("content-length:2\r\n\r\n{}".utf8)]), [.message(Array("{}".utf8))])
    }

    func testMissingLengthCostsOneMessage() {
        let bytes = Array("Content-Type: x\r\n\r\n".utf8) + MessageDecoder.frame(Array("{}".utf8))
        let got = frames([bytes])
        XCTAssertEqual(got.count, 2)
        guard case .malformed(let why, _) = got[0] else { return XCTFail("\(got)") }
        XCTAssertTrue(why.contains("Content-Length"), why)
        XCTAssertEqual(got[1], .message(Array("{}".utf8)))
    }

    func testOversizedBodyIsSkippedAndTheNextMessageRead() {
        let big = Array("Content-Length: 2000\r\n\r\n".utf8) + [UInt8](repeating: 0x41, count: 2000)
        let next = MessageDecoder.frame(Array("{}".utf8))
        let got = frames([big + next])
        XCTAssertEqual(got.count, 2)
        guard case .malformed = got[0] else { return XCTFail("\(got)") }
        XCTAssertEqual(got[1], .message(Array("{}".utf8)))
        // The same when the oversized body arrives in pieces.
        let pieces = stride(from: 0, to: big.count, by: 300).map { Array(big[$0..<min($0 + 300, big.count)]) } + [next]
        XCTAssertEqual(frames(pieces).last, .message(Array("{}".utf8)))
    }

    func testIncompleteBodyWaits() {
        XCTAssertEqual(frames([Array("Content-Length: 10\r\n\r\n12345".utf8)]), [])
    }
}

/// Positions converted between the loader's byte offsets and the client's
/// line/character in both encodings, and edits applied to the text.
final class TextDocumentTests: XCTestCase {
    // "aé🎉b": a 1-byte, a 2-byte, a 4-byte (a UTF-16 surrogate pair) and a 1-byte character.
    let text = TextDocument(bytes: Array("x\naé🎉b\r\nz\rw".utf8), version: 1)

    func testPositionsOfEveryCharacterBoundary() {
        // Line 1 starts at byte 2: a(2) é(3-4) 🎉(5-8) b(9), CRLF at 10-11.
        let utf8: [(Int, Int)] = [(2, 0), (3, 1), (5, 3), (9, 7), (10, 8)]
        let utf16: [(Int, Int)] = [(2, 0), (3, 1), (5, 2), (9, 4), (10, 5)]
        for (offset, character) in utf8 {
            XCTAssertEqual(text.position(ofOffset: offset, .utf8), Position(line: 1, character: character))
            XCTAssertEqual(text.offset(of: Position(line: 1, character: character), .utf8), offset)
        }
        for (offset, character) in utf16 {
            XCTAssertEqual(text.position(ofOffset: offset, .utf16), Position(line: 1, character: character))
            XCTAssertEqual(text.offset(of: Position(line: 1, character: character), .utf16), offset)
        }
    }

    func testLineBreaksAsTheProtocolCountsThem() {
        XCTAssertEqual(text.lineStarts, [0, 2, 12, 14])
        XCTAssertEqual(text.position(ofOffset: 13, .utf16), Position(line: 2, character: 1))
        XCTAssertEqual(text.position(ofOffset: 14, .utf16), Position(line: 3, character: 0))
    }

    func testOutOfRangePositionsClamp() {
        // Past the line's end: the end of the line, before its break.
        XCTAssertEqual(text.offset(of: Position(line: 1, character: 99), .utf16), 10)
        // Inside the surrogate pair or the UTF-8 sequence: the character's start.
        XCTAssertEqual(text.offset(of: Position(line: 1, character: 3), .utf16), 5)
        XCTAssertEqual(text.offset(of: Position(line: 1, character: 4), .utf8), 5)
        XCTAssertEqual(text.offset(of: Position(line: 40, character: 0), .utf8), text.bytes.count)
        XCTAssertEqual(text.offset(of: Position(line: -1, character: 0), .utf8), 0)
    }

    func testIncrementalEditsKeepLineStartsExact() {
        var doc = TextDocument(bytes: Array("a\r\nb\nc".utf8), version: 1)
        let edits: [(Int, Int, String)] = [(1, 1, "é\n"), (0, 0, "🎉"), (2, 9, "\r"), (3, 3, "\n"), (0, 4, ""), (2, 2, "x\ry\r\n")]
        var expected = Array("a\r\nb\nc".utf8)
        for (lower, upper, insert) in edits {
            let a = min(lower, expected.count)
            let b = max(a, min(upper, expected.count))
            expected.replaceSubrange(a..<b, with: Array(insert.utf8))
            doc.replace(from: lower, to: upper, with: Array(insert.utf8))
            XCTAssertEqual(doc.bytes, expected)
            XCTAssertEqual(doc.lineStarts, TextDocument(bytes: expected, version: 0).lineStarts, "after \((lower, upper, insert))")
        }
    }
}

/// The cursor's place read by indentation, for completion.
final class CursorContextTests: XCTestCase {
    private func context(_ text: String) -> CursorContext {
        let marked = Array(text.utf8)
        let at = marked.firstIndex(of: UInt8(ascii: "|"))!
        var bytes = marked
        bytes.remove(at: at)
        return CursorContext.at(at, in: TextDocument(bytes: bytes, version: 0))
    }

    func testPlaces() {
        XCTAssertEqual(context("accordion: 1\n|").path, [])
        XCTAssertEqual(context("container:\n  animation:\n    curve: e|").path, [.key("container"), .key("animation")])
        XCTAssertEqual(context("container:\n  animation:\n    curve: e|").key, "curve")
        XCTAssertEqual(context("script:\n  - tap: a\n  - |").path, [.key("script"), .item])
        XCTAssertEqual(context("script:\n- tap: a\n- |").path, [.key("script"), .item])
        XCTAssertEqual(context("script:\n  - expect:\n      expanded: |").path, [.key("script"), .item, .key("expect")])
        XCTAssertEqual(context("script:\n  - tap: a\n    at: |").path, [.key("script"), .item])
        XCTAssertEqual(context("script:\n  - setPanels:\n    - |").path, [.key("script"), .item, .key("setPanels"), .item])
        XCTAssertEqual(context("panels:\n  - id: a\n\n    # note\n    ti|").path, [.key("panels"), .item])
        XCTAssertEqual(context("panels:\n  - id: a\n    color: 1\n    |\n    title: A\n  - id: b\n    contentHeight: 2\n").siblings,
                       ["id", "color", "title"])
        XCTAssertEqual(context("panels:\n  - id: a\n    color: 1\n  - |\n    title: B\n").siblings, ["title"])
        XCTAssertEqual(context("container:\n  width: 1\n  |\nscript: []\n").siblings, ["width"])
        let word = context("panels:\n  - {id: a}\n  - ti|")
        XCTAssertEqual(word.word, 24..<26)
        XCTAssertTrue(word.afterDash)
    }
}
