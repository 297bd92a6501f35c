import AccordionDiagnostics
import AccordionYAML
import XCTest

/// Regression (the review of limits, RELIABILITY.md): the alias budget counted a scalar as one node
/// whatever its length, so a 1 MiB string aliased 3,000 times (a 1 MiB
/// file) expanded to 3 GB and `resolve` ran out of memory writing it.
final class AliasAmplificationTests: XCTestCase {
    func testLongScalarAliasedManyTimesIsRefused() throws {
        let text = "a: &a \"" + String(repeating: "x", count: 1 << 20) + "\"\nb: [" + Array(repeating: "*a", count: 3000).joined(separator: ", ") + "]\n"
        let d = problems(text)
        XCTAssertEqual(d.first?.rule, "yaml-limit", d.first?.message ?? "")
        XCTAssertEqual(d.first?.span.start.line, 2)
        XCTAssertTrue(d.first?.message.contains("alias") ?? false)
    }

    func testShortScalarsAndModestReuseStayLegal() throws {
        // Defaults reused in every entry, the way specs use anchors.
        var text = "x-defaults: &d {headerHeight: 44, color: \"#1ABC9CFF\", title: A fairly long default title for every panel}\npanels:\n"
        for i in 0..<5000 { text += "  - {<<: *d, id: p\(i)}\n" }
        XCTAssertNoThrow(try load(text))
        let long = "a: &a \"" + String(repeating: "x", count: 10_000) + "\"\nb: [" + Array(repeating: "*a", count: 100).joined(separator: ", ") + "]\n"
        XCTAssertNoThrow(try load(long))
    }
}

/// The node limit keeps a valid but enormous document (a 64 MiB file of
/// `1,` is 32 million values, some 3 GB of tree) from exhausting memory.
final class NodeLimitTests: XCTestCase {
    func testDocumentsPastTheNodeLimitAreRefusedWhereTheyPassIt() throws {
        var limits = YAMLLimits()
        limits.maxNodes = 10
        let d = problems("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", limits: limits)
        XCTAssertEqual(d.first?.rule, "yaml-limit")
        XCTAssertEqual(d.first?.span.start.column, 29, d.first?.message ?? "")  // the 10th number: the sequence is node 1
        XCTAssertTrue(d.first?.message.contains("more than 10 values") ?? false)
        limits.maxNodes = 13
        XCTAssertNoThrow(try load("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", limits: limits))
    }
}
