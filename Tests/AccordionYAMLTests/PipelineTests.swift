import AccordionDiagnostics
import AccordionYAML
import XCTest

/// Large inputs are parsed by libyaml on a thread of its own while the tree
/// is built on the caller's (`YAMLLimits.pipelineFromBytes`). Both ways must
/// give the same tree and the same located problems, and a consumer that
/// stops early must stop the parsing thread too.
final class PipelineTests: XCTestCase {
    private func limits(pipelined: Bool, _ change: (inout YAMLLimits) -> Void = { _ in }) -> YAMLLimits {
        var l = YAMLLimits()
        l.pipelineFromBytes = pipelined ? 0 : Int.max
        change(&l)
        return l
    }

    /// The tree as text (kinds, values, positions), for comparing two loads.
    private func dump(_ node: YAMLNode, into out: inout String) {
        out += "\(node.span.start.line):\(node.span.start.column)-\(node.span.end.line):\(node.span.end.column) "
        switch node.kind {
        case .scalar(let s): out += "\(s.style) \(s.value) \(s.tag ?? "-")\n"
        case .sequence(let items):
            out += "[\(items.count)\n"
            for item in items { dump(item, into: &out) }
        case .mapping(let entries):
            out += "{\(entries.count)\n"
            for e in entries {
                dump(e.key, into: &out)
                dump(e.value, into: &out)
            }
        }
    }

    /// Located messages, or the tree, of loading `text` one way.
    private func outcome(_ text: String, pipelined: Bool, _ change: (inout YAMLLimits) -> Void = { _ in }) -> String {
        do {
            let root = try YAMLLoader(limits: limits(pipelined: pipelined, change)).load(Array(text.utf8), source: "p.yaml")
            var out = ""
            dump(root, into: &out)
            return out
        } catch {
            return error.diagnostics.map { "\(at($0.span)) \($0.rule) \($0.message)" }.joined(separator: "\n")
        }
    }

    private func assertSameBothWays(_ text: String, expect: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let sequential = outcome(text, pipelined: false)
        let pipelined = outcome(text, pipelined: true)
        XCTAssertEqual(pipelined, sequential, file: file, line: line)
        if let expect { XCTAssertTrue(pipelined.contains(expect), "\(pipelined.prefix(300))", file: file, line: line) }
    }

    /// Enough panels to fill many of the parser's batches.
    private let big = "accordion: 1\nx-base: &base {color: 0x336699FF}\npanels:\n"
        + (0..<6_000).map { "  - id: p\($0)\n    title: 'T \($0)'\n    <<: *base\n" }.joined()

    func testTreesAgree() {
        assertSameBothWays(big)
        assertSameBothWays("a: [1, 0x10, !!str 3, \"é\\n\", ~]\nb: &x {c: d}\ne: *x\n")
        assertSameBothWays("just a scalar")
    }

    func testProblemsAgreeAndAreLocated() {
        assertSameBothWays(big + "  - id: [unclosed\n", expect: "18004:9 yaml-syntax")
        assertSameBothWays(big.replacing("  - id: p5000\n", with: "  - id: p5000\n    id: again\n"),
                           expect: "15005:5 yaml-duplicate-key the key 'id' appears twice")
        assertSameBothWays(big + "---\nx: 1\n", expect: "18004:1 yaml-document a second YAML document starts here")
        assertSameBothWays(big + "  - *nope\n", expect: "18004:5 yaml-alias the alias *nope refers to no anchor")
        assertSameBothWays("", expect: "1:1 yaml-document the file holds no YAML document")
        assertSameBothWays("a: !!int x\nb: !custom 1\n", expect: "1:4 yaml-tag 'x' is not an integer")
    }

    func testAConsumerThatStopsEarlyStopsTheParser() {
        // The node limit trips on the first batch while the parsing thread is
        // still filling the queue: the load must end with the limit's error.
        let text = outcome(big, pipelined: true) { $0.maxNodes = 100 }
        XCTAssertTrue(text.hasPrefix("49:5 yaml-limit the document has more than 100 values"), text)
        XCTAssertEqual(text, outcome(big, pipelined: false) { $0.maxNodes = 100 })
        // Deep nesting is refused the same way.
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        XCTAssertEqual(outcome(deep, pipelined: true), outcome(deep, pipelined: false))
        XCTAssertTrue(outcome(deep, pipelined: true).contains("yaml-limit collections are nested more than 512 levels"))
    }
}
