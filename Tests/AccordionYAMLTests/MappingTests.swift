import AccordionDiagnostics
import AccordionYAML
import XCTest

/// Anchors, aliases, merge keys and duplicate keys.
final class MappingTests: XCTestCase {
    private func keys(_ node: YAMLNode?) -> [String] {
        (node?.entries ?? []).map { $0.key.scalar?.text ?? "?" }
    }

    private func ints(_ node: YAMLNode?) -> [String: Int64] {
        var out: [String: Int64] = [:]
        for e in node?.entries ?? [] {
            if case .int(let i)? = e.value.scalar?.value { out[e.key.scalar!.text] = i }
        }
        return out
    }

    func testAliasSharesTheNodeInstance() throws {
        let root = try load("a: &x {k: 1}\nb: *x\n")
        XCTAssertTrue(root["a"]! === root["b"]!)
    }

    func testMergeExplicitKeysWinWherheverWritten() throws {
        let root = try load("""
        base: &base {x: 1, y: 2}
        m:
          x: 10
          <<: *base
          z: 3
        """)
        let m = root["m"]
        XCTAssertEqual(ints(m), ["x": 10, "y": 2, "z": 3])
        XCTAssertEqual(keys(m), ["x", "y", "z"], "merged entries stand where '<<' was")
    }

    func testEarlierMergedMappingsWinOverLaterOnes() throws {
        let root = try load("""
        a: &a {x: 1, y: 1}
        b: &b {y: 2, z: 2}
        m:
          <<: [*a, *b]
          w: 0
        """)
        XCTAssertEqual(ints(root["m"]), ["x": 1, "y": 1, "z": 2, "w": 0])
        XCTAssertEqual(keys(root["m"]), ["x", "y", "z", "w"])
    }

    func testMergeOfInlineMappingAndNestedMerge() throws {
        let root = try load("""
        a: &a {x: 1}
        b: &b {<<: *a, y: 2}
        m: {<<: [*b, {z: 3}], x: 9}
        """)
        XCTAssertEqual(ints(root["m"]), ["x": 9, "y": 2, "z": 3])
    }

    func testSeveralMergeKeysInOneMappingEarlierWins() throws {
        let root = try load("m:\n  a: 0\n  <<: {x: 1, y: 1}\n  b: 0\n  <<: {y: 2, z: 2}\n  c: 0\n")
        XCTAssertEqual(keys(root["m"]), ["a", "x", "y", "b", "z", "c"])
        XCTAssertEqual(ints(root["m"]), ["a": 0, "b": 0, "c": 0, "x": 1, "y": 1, "z": 2])
    }

    func testLargeMappingsWithMerges() throws {
        var text = "d: &d {"
        for i in 0..<40 { text += "k\(i): \(i), " }
        text += "z: 0}\nm:\n"
        for i in 0..<40 where i % 2 == 0 { text += "  k\(i): -1\n" }
        text += "  <<: *d\n"
        let m = try load(text)["m"]
        XCTAssertEqual(m?.entries?.count, 41)
        XCTAssertEqual(ints(m)["k2"], -1)
        XCTAssertEqual(ints(m)["k3"], 3)
        XCTAssertEqual(keys(m).last, "z")
    }

    func testQuotedMergeKeyIsAnOrdinaryKey() throws {
        let root = try load("a: &a {x: 1}\nm: {'<<': *a}\n")
        XCTAssertEqual(keys(root["m"]), ["<<"])
    }

    func testMergeValueMustBeMappings() {
        var p = problems("m:\n  <<: 5\n")
        XCTAssertEqual(p.first?.rule, "yaml-merge")
        XCTAssertEqual(p.first.map { at($0.span) }, "2:3")
        XCTAssertTrue(p.first?.message.contains("takes a mapping or a list of mappings") ?? false)
        p = problems("m:\n  <<: [{a: 1}, [2]]\n")
        XCTAssertEqual(p.first?.rule, "yaml-merge")
        XCTAssertEqual(p.first.map { at($0.span) }, "2:16")
    }

    func testDuplicateKeysNameBothPlaces() throws {
        let cases: [(String, String, String)] = [
            ("a: 1\nb: 2\na: 3\n", "3:1", "1:1"),
            ("\"a\": 1\na: 2\n", "2:1", "1:1"),
            ("1: x\n0x1: y\n", "2:1", "1:1"),
            ("0o10: x\n8: y\n", "2:1", "1:1"),
            ("~: x\nnull: y\n", "2:1", "1:1"),
            ("1.0: x\n1.00: y\n", "2:1", "1:1"),
            ("{a: 1, b: 2, a: 3}", "1:14", "1:2"),
            ("x: &k [1]\nm: {? *k : 1, ? *k : 2}\n", "1:4", "1:4"),
        ]
        for (text, second, first) in cases {
            let p = problems(text)
            XCTAssertEqual(p.count, 1, text)
            guard let d = p.first else { continue }
            XCTAssertEqual(d.rule, "yaml-duplicate-key", text)
            XCTAssertEqual(at(d.span), second, text)
            XCTAssertEqual(d.related.first?.message, "first defined here")
            XCTAssertEqual(d.related.first.map { at($0.span) }, first, text)
        }
    }

    func testDuplicatesInLargeMappingsAndDistinctTypesDoNotCollide() throws {
        var text = ""
        for i in 0..<50 { text += "k\(i): \(i)\n" }
        XCTAssertEqual(try load(text).entries?.count, 50)
        let p = problems(text + "k7: again\n")
        XCTAssertEqual(p.first.map { at($0.span) }, "51:1")
        XCTAssertEqual(p.first?.related.first.map { at($0.span) }, "8:1")
        // The integer 1, the string "1", the float 1.0 and true are four different keys.
        XCTAssertEqual(try load("1: a\n'1': b\n1.0: c\ntrue: d\n").entries?.count, 4)
    }

    func testAllDuplicatesAreReported() {
        XCTAssertEqual(problems("a: 1\na: 2\nb: 1\nb: 2\n").count, 2)
    }

    func testEqualCollectionKeysAreDuplicates() {
        var p = problems("? [a, 1]\n: x\n? [a, 0x1]\n: y\n")
        XCTAssertEqual(p.first?.rule, "yaml-duplicate-key")
        XCTAssertEqual(p.first.map { at($0.span) }, "3:3")
        p = problems("? {a: 1, b: [2]}\n: x\n? {b: [2], a: 1}\n: y\n")
        XCTAssertEqual(p.first?.rule, "yaml-duplicate-key")
        XCTAssertEqual(problems("? [a]\n: x\n? [b]\n: y\n? {a: 1}\n: z\n? {a: 2}\n: w\n").count, 0)
        var many = ""
        for i in 0..<40 { many += "? [\(i)]\n: v\n" }
        XCTAssertEqual(problems(many).count, 0)
        p = problems(many + "? [7]\n: again\n")
        XCTAssertEqual(p.first.map { at($0.span) }, "81:3")
    }

    func testNonScalarKeysAreKept() throws {
        let root = try load("? [a, b]\n: c\n")
        XCTAssertEqual(root.entries?.first?.key.items?.count, 2)
    }
}
