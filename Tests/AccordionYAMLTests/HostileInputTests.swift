import AccordionDiagnostics
import AccordionYAML
import XCTest

/// Hostile and broken input: refused with a located sentence, never a
/// crash, a hang or unbounded memory. (No timing assertions here; the
/// billion-laughs time is measured on the release binary.)
final class HostileInputTests: XCTestCase {
    private func expect(_ bytes: [UInt8], _ fragment: String, line: Int, column: Int? = nil,
                        rule: String = "yaml-syntax", limits: YAMLLimits = YAMLLimits(),
                        file: StaticString = #filePath, caller: UInt = #line) {
        let p = problems(bytes, limits: limits)
        guard let d = p.first else { return XCTFail("no diagnostics", file: file, line: caller) }
        XCTAssertTrue(d.message.contains(fragment), "message was: \(d.message)", file: file, line: caller)
        XCTAssertEqual(d.span.start.line, line, "line", file: file, line: caller)
        if let column { XCTAssertEqual(d.span.start.column, column, "column", file: file, line: caller) }
        XCTAssertEqual(d.rule, rule, file: file, line: caller)
        XCTAssertEqual(d.span.source, "t.yaml", file: file, line: caller)
    }

    private func expect(_ text: String, _ fragment: String, line: Int, column: Int? = nil,
                        rule: String = "yaml-syntax", limits: YAMLLimits = YAMLLimits(),
                        file: StaticString = #filePath, caller: UInt = #line) {
        expect(Array(text.utf8), fragment, line: line, column: column, rule: rule, limits: limits, file: file, caller: caller)
    }

    static let billionLaughs = """
    a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
    b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
    c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
    d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
    e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
    f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
    g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
    h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
    i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
    """

    func testBillionLaughsIsRefusedAtTheAliasThatCrossesTheBudget() {
        expect(Self.billionLaughs, "alias bomb", line: 7, column: 8, rule: "yaml-limit")
    }

    func testMergeKeysCountTowardsTheAliasBudget() {
        var text = "a0: &a0 {k: v}\n"
        for i in 1..<40 { text += "a\(i): &a\(i) {<<: [*a\(i - 1), *a\(i - 1)], x\(i): \(i)}\n" }
        let p = problems(text)
        XCTAssertEqual(p.first?.rule, "yaml-limit")
    }

    func testAliasBudgetIsConfigurable() throws {
        var limits = YAMLLimits()
        limits.maxAliasExpansion = 10
        limits.aliasExpansionPerNode = 0
        expect("a: &a [1, 2, 3]\nb: [*a, *a, *a]\n", "alias bomb", line: 2, column: 13, rule: "yaml-limit", limits: limits)
        // Many uses of a small anchor in a large file stay legal by default.
        var text = "d: &d {color: red, size: 3}\nl:\n"
        for i in 0..<20_000 { text += "  - {<<: *d, id: \(i)}\n" }
        XCTAssertEqual(try load(text)["l"]?.items?.count, 20_000)
    }

    func testDeepNestingIsALocatedErrorNotAStackOverflow() {
        expect(String(repeating: "[", count: 100_000), "nested more than 512 levels", line: 1, column: 513, rule: "yaml-limit")
        expect(String(repeating: "{a: ", count: 100_000), "nested more than 512 levels", line: 1, rule: "yaml-limit")
        expect(String(repeating: "- ", count: 5000), "nested more than 512 levels", line: 1, column: 1025, rule: "yaml-limit")
        var limits = YAMLLimits()
        limits.maxDepth = 3
        expect("a:\n  b:\n    c:\n      d: 1\n", "nested more than 3 levels", line: 4, column: 7, rule: "yaml-limit", limits: limits)
    }

    func testNestingUpToTheLimitLoads() throws {
        var node = try load(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        var depth = 1
        while let first = node.items?.first {
            node = first
            depth += 1
        }
        XCTAssertEqual(depth, 512)
    }

    func testInputSizeLimit() {
        var limits = YAMLLimits()
        limits.maxInputBytes = 10
        expect("a: 123456789\n", "over the limit of 10 bytes", line: 1, rule: "yaml-limit", limits: limits)
        XCTAssertEqual(YAMLLimits().maxInputBytes, 64 << 20)
    }

    func testInvalidUTF8() {
        expect([UInt8]("a: b\nc: ".utf8) + [0xFF, 0x0A], "not valid UTF-8", line: 2, column: 4)
        expect([UInt8]("a: é".utf8).dropLast(1) + [0x0A], "not valid UTF-8", line: 1)
    }

    func testNULByte() {
        expect([UInt8]("a: 1\nb: x".utf8) + [0, 0x0A], "NUL byte", line: 2, column: 5)
    }

    func testTabsAsIndentation() {
        expect("a:\n\tb: 1\n", "tab character is used for indentation", line: 2, column: 1)
    }

    func testUnclosedQuotesPointAtTheOpeningQuote() {
        expect("a: 1\nb: \"never closed\nc: 2\n", "quoted string is never closed", line: 2, column: 4)
        expect("a: 'x\n", "quoted string is never closed", line: 1, column: 4)
    }

    func testUnclosedFlowCollections() {
        expect("a: [1, 2\nb: 3\n", "'[' list is not closed", line: 2)
        expect("a: {x: 1\n", "'{' mapping is not closed", line: 1, column: 4)
    }

    func testBadIndentation() {
        expect("a:\n  b: 1\n c: 2\n", "not indented like the keys of the mapping that starts on line", line: 3, column: 2)
        expect("a: b\n  c: d\n", "a ': ' is not allowed here", line: 2)
        expect("a:\n  - b\n  c: d\n", "not indented like the items of the list that starts on line 2", line: 3, column: 3)
    }

    func testOtherSyntaxProblemsAreSentences() {
        expect("a: @x\n", "'@' is reserved", line: 1, column: 4)
        expect("a: \"\\q\"\n", "not a valid escape", line: 1)
        expect("a: |0\n  x\n", "indentation indicator", line: 1)
        expect("a\nb: c\n", "is not allowed here", line: 2)
    }

    func testAliasProblems() {
        expect("a: *nope\n", "refers to no anchor", line: 1, column: 4, rule: "yaml-alias")
        expect("a: &x [1, *x]\n", "refers to a node that contains it", line: 1, column: 11, rule: "yaml-alias")
    }

    func testBrokenUTF16() {
        expect([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00], "not valid UTF-16", line: 1, rule: "yaml-encoding")
    }

    func testEveryProblemIsLocatedAndNamesTheSource() {
        let inputs = ["", "a: [", "a: \"", "\t- x", "a: b: c", "- a\nb: c", "[a, b]]", "a: !!int x", "{a: 1, a: 2}",
                      "a: &x 1\nb: *y", "? [a]\n: b\n? [a]\n: c", "---\n---", "%FOO\n---\na", "!<x y> a"]
        for text in inputs {
            for d in problems(text) {
                XCTAssertEqual(d.span.source, "t.yaml")
                XCTAssertGreaterThanOrEqual(d.span.start.line, 1, text)
                XCTAssertGreaterThanOrEqual(d.span.start.column, 1, text)
                XCTAssertFalse(d.message.isEmpty)
            }
        }
    }
}
