import AccordionDiagnostics
import AccordionYAML
import XCTest

/// The node arena: scalar texts are read in place from the input when they
/// stand there as written, copied otherwise; either way every accessor
/// (text, key lookup, values, positions) must see the same thing.
final class ArenaTests: XCTestCase {
    func testKeysAndValuesOfEveryStyleAreFoundAndRead() throws {
        // Plain, quoted without escapes (in place), and escaped, folded,
        // literal and multi-line texts (copied), as keys and as values.
        let root = try load("""
        plain: one
        'single': 'two'
        "double": "three"
        "esc\\taped": "a\\nb"
        'it''s': 'don''t'
        folded: >
          x
          y
        literal: |
          p
          q
        multi: first
          second
        """)
        XCTAssertEqual(root["plain"]?.scalar?.text, "one")
        XCTAssertEqual(root["single"]?.scalar?.text, "two")
        XCTAssertEqual(root["double"]?.scalar?.text, "three")
        XCTAssertEqual(root["esc\taped"]?.scalar?.text, "a\nb")
        XCTAssertEqual(root["it's"]?.scalar?.text, "don't")
        XCTAssertEqual(root["folded"]?.scalar?.text, "x y\n")
        XCTAssertEqual(root["literal"]?.scalar?.text, "p\nq\n")
        XCTAssertEqual(root["multi"]?.scalar?.text, "first second")
        XCTAssertNil(root["esc\\taped"], "the escaped key is looked up by its value, not its spelling")
        XCTAssertEqual(root.entries?.map { $0.key.scalar?.text ?? "?" },
                       ["plain", "single", "double", "esc\taped", "it's", "folded", "literal", "multi"])
        XCTAssertEqual(at(root["double"]!.span), "3:11")
    }

    func testNonASCIIInputIsCopiedAndStillFound() throws {
        let root = try load("é: ü\n\"ß\": 'ø'\nk: 1\n")
        XCTAssertEqual(root["é"]?.scalar?.text, "ü")
        XCTAssertEqual(root["ß"]?.scalar?.text, "ø")
        XCTAssertEqual(root["k"]?.scalar?.value, .int(1))
        XCTAssertEqual(at(root["k"]!.span), "3:4")
    }

    func testKeyLookupComparesCodePoints() throws {
        // "é" precomposed and "e" + U+0301 are different keys in YAML and JSON.
        let root = try load("\"\\u00e9\": precomposed\n\"e\\u0301\": combining\n")
        XCTAssertEqual(root["\u{e9}"]?.scalar?.text, "precomposed")
        XCTAssertEqual(root["e\u{301}"]?.scalar?.text, "combining")
    }

    func testViewsKeepTheirDocumentAlive() throws {
        // The loaded root is a temporary here: the views must still read valid memory.
        func entries() throws -> YAMLEntries { try load("a: [1, 2, 3]\nb: text\n").entries! }
        let e = try entries()
        XCTAssertEqual(e.count, 2)
        XCTAssertEqual(e[0].value.items?.map { $0.scalar?.value }, [.int(1), .int(2), .int(3)])
        XCTAssertEqual(e[1].value.scalar?.text, "text")
    }

    func testAliasesAreTheSameNodeAndMergedEntriesAreShared() throws {
        let root = try load("base: &b {x: 1, y: 2}\nuse: *b\nmerged:\n  <<: *b\n  y: 3\n")
        XCTAssertTrue(root["base"]! === root["use"]!)
        let merged = root["merged"]!
        XCTAssertEqual(merged.entries?.map { $0.key.scalar?.text }, ["x", "y"])
        XCTAssertEqual(merged["y"]?.scalar?.value, .int(3))
        XCTAssertTrue(merged.entries![0].value === root["base"]!["x"]!)
    }

    func testExpandedNodeCountCountsEveryAliasUse() throws {
        let root = try load("a: &a [1, 2]\nb: *a\nc: *a\n")
        // root + 3 keys + the sequence and its two items three times.
        XCTAssertEqual(root.expandedNodeCount, 1 + 3 + 3 * 3)
        XCTAssertEqual(root["a"]!.expandedNodeCount, 3)
    }

    func testANodeForAnotherThreadReadsTheSameTree() throws {
        let root = try load("list: [a, 'b', {c: d}]\nn: 0x10\n")
        let other = root.forAnotherThread()
        XCTAssertFalse(other === root, "a different document object")
        XCTAssertEqual(other["list"]?.items?.count, 3)
        XCTAssertEqual(other["list"]?.items?[2]["c"]?.scalar?.text, "d")
        XCTAssertEqual(other["n"]?.scalar?.value, .int(16))
        XCTAssertEqual(other["n"]!.span, root["n"]!.span)
    }

    func testShapeMatchesKind() throws {
        let root = try load("[~, true, 3, 99999999999999999999999, 1.5, text, [], {}]")
        let shapes = root.items!.map(\.shape)
        XCTAssertEqual(shapes, [.null, .bool, .integer, .integer, .float, .string, .sequence, .mapping])
    }
}
