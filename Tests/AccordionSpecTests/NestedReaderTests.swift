import AccordionModel
@testable import AccordionSpec
import AccordionYAML
import XCTest

/// The reader of nested accordions (issue 25, guide "Nested accordions"):
/// a level's keys default as the guide says, its panels are located by
/// their JSON pointers, and a flat spec's panels carry no more notes than
/// before (a 100,000-panel stack stays small).
final class NestedReaderTests: XCTestCase {
    private let spec = """
        accordion: 1
        container: {headerHeight: 50}
        panels:
          - id: network
            title: Network
            content:
              indent: 16
              expansion: multiple
              collapsible: false
              expanded: [vpn]
              panels:
                - {id: wifi, title: Wi-Fi}
                - id: vpn
                  title: VPN
                  headerHeight: 60
                  content:
                    headerHeight: 30
                    panels: [{id: work, title: Work}]
          - {id: sound, title: Sound}
        """

    func testALevelsKeysAndItsPanelsAreRead() throws {
        let root = try YAMLLoader().load(Array(spec.utf8), source: "s.yaml")
        try root.withBorrowed { ref in
            let stack = SpecReader(root: ref).panels(headerHeight: 50)
            XCTAssertTrue(stack.nests)
            XCTAssertNil(stack[1].notes, "a flat panel keeps no notes")
            let network = try XCTUnwrap(stack[0].nested)
            XCTAssertNotNil(stack[0].spec.nested, "the panel's content is the nested level")
            XCTAssertEqual(network.indent, 16)
            XCTAssertEqual(network.expansion, .multiple)
            XCTAssertFalse(network.collapsible)
            XCTAssertEqual(network.expandedNode?.items?.count, 1)
            // Inherited from the enclosing level (the container's 50), unless a panel sets its own.
            XCTAssertEqual(network.headerHeight, 50)
            XCTAssertEqual(network.panels.specs.map(\.headerHeight), [50, 60])
            let vpn = try XCTUnwrap(network.panels[1].nested)
            XCTAssertEqual(vpn.headerHeight, 30, "set per level")
            XCTAssertEqual(vpn.indent, 0, "indent defaults to 0")
            XCTAssertEqual(vpn.expansion, .single)
            XCTAssertTrue(vpn.collapsible)
            XCTAssertNil(vpn.expandedNode)
            XCTAssertEqual(vpn.panels.specs.map(\.headerHeight), [30])
            // Tree order, with each panel's level and pointer.
            let tree = stack.tree()
            XCTAssertEqual(tree.map(\.definition.spec.id), ["network", "wifi", "vpn", "work", "sound"])
            XCTAssertEqual(tree.map(\.pointer), ["/panels/0", "/panels/0/content/panels/0", "/panels/0/content/panels/1",
                                                 "/panels/0/content/panels/1/content/panels/0", "/panels/1"])
            XCTAssertEqual(tree.map { $0.parent?.spec.id }, [nil, "network", "network", "vpn", nil])
            // The model's level: `expanded` resolved in the level, nested levels inside.
            let model = try XCTUnwrap(stack[0].spec.nested)
            XCTAssertEqual(model.expandedIndices, [1])
            XCTAssertEqual(model.expansion, .multiple)
            XCTAssertFalse(model.collapsible)
            XCTAssertEqual(model.indent, 16)
            XCTAssertEqual(model.panels.map(\.id), ["wifi", "vpn"])
            XCTAssertEqual(model.panels[1].nested?.expandedIndices, [0], "a level's first panel opens by default")
            XCTAssertEqual(model.panels[1].nested?.panels.map(\.headerHeight), [30])
            // Palette colours count by the index in the panel's own level.
            XCTAssertEqual(network.panels.specs[0].color, Palette.color(at: 0))
        }
    }

    /// The YAML loader's nesting limit (512 collections) allows about 170
    /// levels of accordions; the deepest it allows is read, laid out and
    /// checked and played (no problem, no crash), also on the two-thread
    /// path of a large spec: `leaf`, 165 levels down, is the last nested
    /// panel in tree order, so its number is the stack's count + 164.
    func testTheDeepestNestingTheLoaderAllowsIsChecked() throws {
        var tree = "{id: leaf, title: L}"
        for depth in 0..<165 { tree = "{id: p\(depth), title: P, content: {panels: [\(tree)]}}" }
        let padding = (0..<12000).map { "{id: z\($0), title: Z}" }.joined(separator: ", ")
        for (panels, count) in [(tree, 1), (tree + ", " + padding, 12001)] {
            let text = "accordion: 1\ncontainer: {layout: fit, overflow: scroll}\npanels: [\(panels)]\nscript: [{tap: leaf}, {collapse: all}]\n"
            let result = SpecLoader.load(Array(text.utf8), source: "deep.yaml")
            XCTAssertEqual(result.diagnostics.map(\.rule), [], "\(text.utf8.count) bytes")
            let document = try XCTUnwrap(result.document)
            XCTAssertEqual(document.steps.map(\.action), [.tap(panel: count + 164), .collapse(panel: nil)])
            let played = ScriptRun.container(title: nil, container: document.container, panels: document.panels,
                                             expandedIndices: document.expandedIndices, steps: document.steps)
            XCTAssertEqual(played.state.nestedOpen.count, 165)
            XCTAssertTrue(played.state.nestedOpen.values.allSatisfy(\.isEmpty), "collapse: all closed every level")
        }
    }

    func testAFlatSpecDoesNotNest() throws {
        let root = try YAMLLoader().load(Array("accordion: 1\npanels: [{id: a, title: A, content: {text: hi}}]\n".utf8), source: "f.yaml")
        root.withBorrowed { ref in
            let stack = SpecReader(root: ref).panels(headerHeight: 44)
            XCTAssertFalse(stack.nests)
            XCTAssertNil(stack[0].notes)
            XCTAssertEqual(stack[0].spec.content, .text("hi", TextMetrics()))
        }
    }
}
