import AccordionDiagnostics
import AccordionYAML
import XCTest

/// The borrowed handles (`YAMLNodeRef` and its views) the validator and the
/// rules walk with: they must read exactly what the owning handles read, and
/// lead back to the same nodes.
final class NodeRefTests: XCTestCase {
    static let varied = """
    plain: one
    'single': 'two'
    "esc\\taped": "a\\nb"
    tagged: !!str 12
    number: 0x1F
    big: 123456789012345678901234567890
    float: 2.50
    yes11: yes
    empty:
    folded: >
      x
      y
    list: &list [1, 'b', {c: d}, [~, true]]
    again: *list
    anchored: &map {k: v}
    merged:
      <<: [{m: 1, n: 2}, *map]
      n: 3
    ? [complex, key]
    : value
    é: ü
    """

    func testRefsReadWhatNodesRead() throws {
        let root = try YAMLLoader().load(Array(Self.varied.utf8), source: "t.yaml")
        var visited = 0
        compare(root, root.ref, path: "", visited: &visited)
        XCTAssertGreaterThan(visited, 40, "the walk reached the whole tree")
    }

    private func compare(_ node: YAMLNode, _ ref: YAMLNodeRef, path: String, visited: inout Int) {
        visited += 1
        XCTAssertTrue(ref.node === node, path)
        XCTAssertTrue(node.ref === ref, path)
        XCTAssertEqual(node.ref.hashValue, ref.hashValue, path)
        XCTAssertEqual(ref.shape, node.shape, path)
        XCTAssertEqual(ref.span, node.span, path)
        XCTAssertEqual(ref.scalarText, node.scalarText, path)
        switch (node.kind, ref.kind) {
        case (.scalar(let s), .scalar(let r)):
            XCTAssertEqual(r.text, s.text, path)
            XCTAssertEqual(r.value, s.value, path)
            XCTAssertEqual(r.style, s.style, path)
            XCTAssertEqual(r.tag, s.tag, path)
            XCTAssertEqual(r.isYAML11Boolean, s.isYAML11Boolean, path)
            XCTAssertEqual(r.isString, s.isString, path)
            XCTAssertEqual(r.isInteger, s.isInteger, path)
            XCTAssertEqual(r.utf8Count, s.utf8Count, path)
            XCTAssertTrue(r.textIs(s.text), path)
            XCTAssertEqual(r, s.ref, path)
            XCTAssertEqual(r.scalar, s, path)
        case (.sequence(let items), .sequence(let refs)):
            XCTAssertEqual(refs.count, items.count, path)
            for k in 0..<items.count { compare(items[k], refs[k], path: path + "/\(k)", visited: &visited) }
        case (.mapping(let entries), .mapping(let refs)):
            XCTAssertEqual(refs.count, entries.count, path)
            for k in 0..<entries.count {
                let name = entries[k].key.scalarText ?? "?"
                XCTAssertTrue(refs.key(at: k) === entries[k].key.ref, path)
                XCTAssertTrue(refs.value(at: k) === entries.value(at: k).ref, path)
                XCTAssertEqual(refs.withKeyText(at: k) { $0.map { String(decoding: $0, as: UTF8.self) } },
                               entries[k].key.scalarText, path)
                if entries[k].key.shape == .string {
                    // The first entry under that key, both ways.
                    XCTAssertTrue(refs.value(forKey: name).map { $0 === ref[name]! } ?? false, path + "/" + name)
                    XCTAssertTrue(node[name]!.ref === refs.value(forKey: name)!, path + "/" + name)
                }
                compare(entries[k].key, refs[k].key, path: path + "/key:" + name, visited: &visited)
                compare(entries[k].value, refs[k].value, path: path + "/" + name, visited: &visited)
            }
            XCTAssertNil(refs.value(forKey: "no such key"), path)
        default:
            XCTFail("kinds differ at \(path)")
        }
    }

    func testExpandedNodeCountWithoutSharingIsEveryNodeOnce() throws {
        // No aliases or merges: the count is the records, without a walk;
        // with an inline merge the merged mapping is left out of the tree.
        for text in ["a: [1, 2, {b: c}]\nd: e\n", "[1, [2, [3]]]", "just a scalar", "{}",
                     "m:\n  <<: {x: 1, y: 2}\n  y: 3\n", "a: &a [1, 2]\nb: *a\n"] {
            let root = try YAMLLoader().load(Array(text.utf8), source: "t.yaml")
            XCTAssertEqual(root.expandedNodeCount, walkedCount(root.ref), text)
            XCTAssertEqual(root.ref.expandedNodeCount, walkedCount(root.ref), text)
        }
    }

    private func walkedCount(_ node: YAMLNodeRef) -> Int {
        switch node.kind {
        case .scalar: return 1
        case .sequence(let items): return 1 + items.reduce(0) { $0 + walkedCount($1) }
        case .mapping(let entries): return 1 + entries.reduce(0) { $0 + walkedCount($1.key) + walkedCount($1.value) }
        }
    }

    func testEmptyViewsFromLiterals() {
        let items: YAMLItemsRef = []
        let entries: YAMLEntriesRef = []
        XCTAssertTrue(items.isEmpty)
        XCTAssertTrue(entries.isEmpty)
        XCTAssertNil(entries.value(forKey: ""))
    }
}
