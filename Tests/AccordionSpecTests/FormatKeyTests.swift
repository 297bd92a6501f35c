@testable import AccordionSpec
import AccordionYAML
import XCTest

/// The spec format's keys have one source, the schema; the two lists kept
/// beside it are held to it here: the reader's panel keys (a key the schema
/// allows but `PanelKey` lacks would be accepted and then silently ignored,
/// and the shape hints list `PanelKey`), and the key table of the guide's
/// "The spec's shape", which an author reads first. ARCHITECTURE.md's
/// "Add a panel property" names both.
final class FormatKeyTests: XCTestCase {
    private func properties(_ node: YAMLNode?) -> [String] {
        (node?["properties"]?.entries.map(Array.init) ?? []).compactMap { $0.key.scalarText }
    }

    /// `PanelKey` is `$defs/panel`'s properties, in the schema's order.
    func testTheReaderKnowsEveryPanelKeyOfTheSchema() throws {
        let panel = try SpecLoader.bundledSchemaNode()["$defs"]?["panel"]
        XCTAssertEqual(PanelKey.allCases.map(\.rawValue), properties(panel))
    }

    /// Every key of a spec's top level, of `container` and of a panel has a
    /// row in the guide's table (`container.KEY`, `panels[].KEY`, or the key,
    /// alone or with its own subkeys: `container.animation.duration`).
    func testTheGuidesKeyTableNamesEveryKeyOfTheSchema() throws {
        let schema = try SpecLoader.bundledSchemaNode()
        let guide = String(decoding: try Repo.bytes("docs/spec-guide.md"), as: UTF8.self)
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex(of: "### The spec's shape"), "the guide has no section \"The spec's shape\"")
        let table = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        // The names written in backquotes in each row's first cell.
        let named = table.flatMap { row -> [String] in
            let cell = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
            return cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        XCTAssertFalse(named.isEmpty, "the table of \"The spec's shape\" names no key")
        func covered(_ name: String) -> Bool { named.contains { $0 == name || $0.hasPrefix(name + ".") } }
        var expected = properties(schema).filter { $0 != "container" && $0 != "panels" }
        expected += properties(schema["$defs"]?["container"]).map { "container." + $0 }
        expected += properties(schema["$defs"]?["panel"]).map { "panels[]." + $0 }
        XCTAssertFalse(expected.isEmpty)
        for key in expected {
            XCTAssertTrue(covered(key), "docs/spec-guide.md, \"The spec's shape\": no row for `\(key)`")
        }
    }
}
