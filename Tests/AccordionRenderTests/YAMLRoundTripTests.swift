import AccordionDiagnostics
import AccordionModel
import AccordionYAML
import XCTest

@testable import AccordionRender

/// The YAML dump loads back, through the project's own YAML 1.2 loader, into
/// exactly the tree the JSON dump spells, and no string is left plain where a
/// YAML 1.1 reader would take it for a boolean.
final class YAMLRoundTripTests: XCTestCase {
    func tree(_ node: YAMLNode) -> DumpValue {
        switch node.kind {
        case .scalar(let s):
            XCTAssertFalse(s.style == .plain && s.isYAML11Boolean, "plain YAML 1.1 boolean '\(s.text)'")
            switch s.value {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .int(let i): return .int(Int(i))
            case .bigInt(let d): return .string(d)
            case .float(let f): return .number(f)
            case .string(let t): return .string(t)
            }
        case .sequence(let items): return .array(items.map(tree))
        case .mapping(let entries):
            return .object(entries.map { entry in
                guard case .string(let key)? = entry.key.scalar?.value else {
                    XCTFail("non-string key")
                    return ("", .null)
                }
                return (key, tree(entry.value))
            })
        }
    }

    /// Numbers as the dump spells them: integers and measures compare by value.
    func normalized(_ v: DumpValue) -> DumpValue {
        switch v {
        case .int(let i): return .number(Double(i))
        case .number(let d): return .number(Double(JSONText.rounded(d))!)
        case .array(let a): return .array(a.map(normalized))
        case .object(let o): return .object(o.map { ($0.0, normalized($0.1)) })
        default: return v
        }
    }

    func testDumpsRoundTrip() throws {
        var tricky = Demo.midTransition()
        tricky.title = "yes"
        tricky.panels[0].panel.title = "no"
        tricky.panels[1].panel.title = "a: b # c \"q\" \\ \t é 日本 \u{1} \u{85} \u{2028}"
        tricky.panels[2].panel.title = "123"
        tricky.panels[2].panel.id = "null"
        tricky.visible = .modal(title: "~")
        tricky.time = 0.1 + 0.2
        for snapshots in [[Demo.settled(expanded: 0, events: Demo.loadEvents)], [tricky], [Demo.settled(expanded: nil), tricky]] {
            let steps = snapshots.count > 1
            let text = Renderer.render(snapshots, format: .yaml, steps: steps)
            let node = try YAMLLoader().load(Array(text.utf8), source: "dump.yaml")
            let expected = steps ? DumpValue.array(snapshots.map(DumpTree.snapshot)) : DumpTree.snapshot(snapshots[0])
            XCTAssertEqual(normalized(tree(node)), normalized(expected), text)
        }
    }
}
