import AccordionDiagnostics
import AccordionYAML
import XCTest

/// Every node knows where it was written: 1-based line, column counted in
/// characters (as editors show them), byte offset for tools that slice.
final class PositionTests: XCTestCase {
    func testNestedBlockKeysAndValues() throws {
        let root = try load("""
        panels:
          - id: intro
            title: Hello
          - id: second
            style:
              color: red
        """)
        XCTAssertEqual(at(root.span), "1:1")
        let panels = try XCTUnwrap(root["panels"]?.items)
        XCTAssertEqual(at(panels[0].span), "2:5")
        XCTAssertEqual(at(panels[1]["id"]!.span), "4:9")
        let style = try XCTUnwrap(panels[1]["style"])
        XCTAssertEqual(at(style.span), "6:7")
        let colorEntry = try XCTUnwrap(style.entries?.first)
        XCTAssertEqual(at(colorEntry.key.span), "6:7")
        XCTAssertEqual(at(colorEntry.value.span), "6:14")
        XCTAssertEqual(colorEntry.value.span.end.column, 17)
        XCTAssertEqual(colorEntry.value.span.start.offset, Array("panels:\n  - id: intro\n    title: Hello\n  - id: second\n    style:\n      color: ".utf8).count)
    }

    func testFlowStyle() throws {
        let root = try load("a: {b: [1, {c: d}], e: f}\n")
        let a = try XCTUnwrap(root["a"])
        XCTAssertEqual(at(a.span), "1:4")
        XCTAssertEqual(a.span.end.column, 26, "a flow mapping ends after its '}'")
        let b = try XCTUnwrap(a["b"]?.items)
        XCTAssertEqual(at(b[0].span), "1:9")
        XCTAssertEqual(at(b[1].span), "1:12")
        XCTAssertEqual(at(b[1]["c"]!.span), "1:16")
        XCTAssertEqual(at(a["e"]!.span), "1:24")
    }

    func testColumnsCountCharactersAndOffsetsCountBytes() throws {
        // "ü" and "日本" are 2 and 6 bytes but 1 and 2 characters; 😀 is 4 bytes, 1 character.
        let root = try load("küche: 日本\nx: [😀, ok]\n")
        let v = try XCTUnwrap(root["küche"])
        XCTAssertEqual(at(v.span), "1:8")
        XCTAssertEqual(v.span.start.offset, 8)
        XCTAssertEqual(v.span.end.column, 10)
        let ok = try XCTUnwrap(root["x"]?.items?[1])
        XCTAssertEqual(at(ok.span), "2:8")
        XCTAssertEqual(ok.span.start.offset, Array("küche: 日本\nx: [😀, ".utf8).count)
    }

    func testColumnsOnVeryLongLines() throws {
        // A one-line flow document far longer than the column checkpoints' stride.
        var text = "[" + Array(repeating: "\"ü日\"", count: 3000).joined(separator: ", ")
        text += ", last]"
        let items = try XCTUnwrap(try load(text).items)
        let last = try XCTUnwrap(items.last)
        XCTAssertEqual(last.span.start.line, 1)
        XCTAssertEqual(last.span.start.column, 1 + 3000 * 6 + 1)
        XCTAssertEqual(items[1234].span.start.column, 2 + 1234 * 6)
        let withBOM = try YAMLLoader().load([0xEF, 0xBB, 0xBF] + Array(text.utf8), source: "t.yaml")
        XCTAssertEqual(withBOM.items?.last?.span.start.column, 1 + 3000 * 6 + 1)
        XCTAssertEqual(withBOM.items?.last?.span.start.offset, 3 + Array(text.utf8).count - 5)
    }

    func testByteOffsetsAcrossManyCheckpoints() throws {
        var text = ""
        for i in 0..<3000 { text += "k\(i): \"äöü日本 \(i)\"\n" }
        let bytes = Array(text.utf8)
        let root = try YAMLLoader().load(bytes, source: "t.yaml")
        let entries = try XCTUnwrap(root.entries)
        for (i, e) in entries.enumerated() where i % 97 == 0 || i == entries.count - 1 {
            let span = e.value.span
            XCTAssertEqual(span.start.line, i + 1)
            XCTAssertEqual(span.start.column, "k\(i): ".count + 1)
            XCTAssertEqual(bytes[span.start.offset], UInt8(ascii: "\""))
            let prefix = String(decoding: bytes[..<span.start.offset], as: UTF8.self)
            XCTAssertTrue(prefix.hasSuffix("k\(i): "), "offset \(span.start.offset) for entry \(i)")
            XCTAssertEqual(bytes[span.end.offset - 1], UInt8(ascii: "\""))
        }
        // A broken byte far into the file is still placed exactly.
        let p = problems(bytes + Array("last: ".utf8) + [0xFF, 0x0A])
        XCTAssertEqual(p.first.map { at($0.span) }, "3001:7")
        XCTAssertEqual(p.first?.span.start.offset, bytes.count + 6)
    }

    func testBlockMappingEndsAtItsLastValueNotAtTheNextKey() throws {
        let root = try load("a:\n  b: 1\n\n# comment\nc: 2\n")
        let a = try XCTUnwrap(root["a"])
        XCTAssertEqual(at(a.span), "2:3")
        XCTAssertEqual(a.span.end.line, 2)
    }

    func testByteOrderMarkIsNotAColumn() throws {
        let root = try YAMLLoader().load([0xEF, 0xBB, 0xBF] + Array("a: b\n".utf8), source: "t.yaml")
        XCTAssertEqual(at(root["a"]!.span), "1:4")
        XCTAssertEqual(root["a"]!.span.start.offset, 6)
    }

    func testUTF16WithByteOrderMarkIsReadAsUTF8Text() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "é: ü\nb: 2\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let root = try YAMLLoader().load(bytes, source: "t.yaml")
        XCTAssertEqual(root["é"]?.scalar?.value, .string("ü"))
        XCTAssertEqual(at(root["b"]!.span), "2:4")
        XCTAssertEqual(YAMLLoader.utf8Text(of: bytes), Array("é: ü\nb: 2\n".utf8))
    }

    func testSourceNameIsCarried() throws {
        let root = try YAMLLoader().load(Array("a: 1".utf8), source: "specs/x.yaml")
        XCTAssertEqual(root["a"]?.span.source, "specs/x.yaml")
    }
}
