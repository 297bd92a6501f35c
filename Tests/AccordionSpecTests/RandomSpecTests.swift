import AccordionModel
@testable import AccordionSpec
import XCTest
import AccordionTestSupport

/// Random specs, written the way the format allows (and sometimes not):
/// the loader must never crash, a document comes back exactly when there is
/// no error, and a document's steps are the script's, with every reference
/// an index into the stack as it is at that step.
final class RandomSpecTests: XCTestCase {
    func randomSpec(_ r: inout SplitMix) -> (text: String, steps: Int) {
        var text = "accordion: 1\ncontainer:\n  height: \(400 + r.int(400))\n  layout: \(r.chance(50) ? "fit" : "fill")\n"
        text += "  animation: {duration: \(Double(r.int(4)) / 10)}\n"
        // The expansion modes: a list for `expanded` now and then (an error
        // in `single`, and sometimes naming a panel twice).
        let multiple = r.chance(50)
        if multiple { text += "  expansion: multiple\n" }
        if r.chance(30) { text += "  collapsible: false\n" }
        if r.chance(60) { text += "  interruption: \(["ignore", "finish", "retarget"][r.int(3)])\n" }
        let count = r.int(6)
        if r.chance(multiple ? 60 : 5) {
            text += "  expanded: [\((0..<r.int(4)).map { _ in String(r.int(max(1, count))) }.joined(separator: ", "))]\n"
        }
        var ids: [String] = []
        text += "panels:\n"
        for i in 0..<count {
            let id = r.chance(5) && !ids.isEmpty ? ids[r.int(ids.count)] : r.chance(10) ? "面板\(i)" : "p\(i)"
            ids.append(id)
            text += "  - {id: \(id), title: 'P \(i)'"
            if r.chance(30) { text += ", contentHeight: \(r.int(500))" }
            if r.chance(30) { text += ", headerHeight: \(20 + r.int(80))" }
            if r.chance(20) { text += ", color: 0x\(String(r.next() & 0xFFFF_FFFF, radix: 16))" }
            if r.chance(20) { text += ", disabled: true" }
            if r.chance(15) { text += ", lang: \(["ar", "zh-Hans", "en"][r.int(3)]), dir: \(["ltr", "rtl", "auto"][r.int(3)])" }
            text += "}\n"
        }
        let steps = r.int(12)
        text += "script:\n"
        var time = 0.0
        var next = count
        for _ in 0..<steps {
            let known = ids.isEmpty ? "p0" : ids[r.int(ids.count)]
            switch r.int(8) {
            case 0, 1: text += "  - tap: \(r.chance(50) ? known : String(r.int(max(1, ids.count + 1))))\n"
            case 2: text += "  - wait: \(Double(r.int(5)) / 10)\n"
            case 3: text += "  - resize: {width: \(200 + r.int(600)), height: \(200 + r.int(600))}\n"
            case 4 where r.chance(50): text += "  - expand: \(r.chance(20) ? "null" : known)\n"
            case 4: text += "  - collapse: \(r.chance(30) ? "all" : known)\n"
            case 5 where r.chance(30): text += "  - reveal: \(r.chance(50) ? known : "{panel: \(known), open: true}")\n"
            case 5: text += "  - present: Modal\n"
            case 6 where r.chance(40):
                // An update of some properties, by id (an unknown one now and then).
                var fields = [r.chance(50) ? "disabled: \(r.chance(50))" : "title: 'U \(r.int(9))'"]
                if r.chance(30) { fields.append("content: {rows: [\(Array(repeating: "r", count: r.int(12)).joined(separator: ", "))]}") }
                if r.chance(20) { fields.append("titleColor: '#000000FF'") }
                text += "  - update: {panel: \(known), \(fields.joined(separator: ", "))}\n"
            case 6: text += "  - dismiss: true\n"
            default:
                var items: [String] = []
                for _ in 0..<r.int(4) {
                    if r.chance(50), !ids.isEmpty {
                        items.append(ids[r.int(ids.count)])
                    } else {
                        items.append("{id: n\(next), title: New}")
                        ids.append("n\(next)")
                        next += 1
                    }
                }
                text += "  - setPanels: [\(items.joined(separator: ", "))]\n"
            }
            if r.chance(20) {
                time += Double(r.int(5)) / 10 - 0.1
                text += "    at: \(max(0, time))\n"
            }
        }
        return (text, steps)
    }

    func testRandomSpecsKeepTheLoadersPromises() throws {
        var r = SplitMix(state: 20_261_129)
        var valid = 0
        var ignored = 0
        var reasons: Set<IgnoreReason> = []
        var rules: Set<String> = []
        var updates = 0
        for round in 0..<2500 {
            let (text, steps) = randomSpec(&r)
            let result = loadSpec(text, source: "random-\(round).yaml")
            let hasError = result.diagnostics.contains { $0.severity == .error }
            rules.formUnion(result.diagnostics.map(\.rule))
            XCTAssertEqual(result.document == nil, hasError, text + result.diagnostics.map(\.message).joined(separator: "\n"))
            XCTAssertFalse(result.diagnostics.contains { $0.rule == "internal-error" }, text)
            guard let doc = result.document else { continue }
            valid += 1
            XCTAssertEqual(doc.steps.count, steps, text)
            var stack = doc.panels
            for step in doc.steps {
                switch step.action {
                case .tap(let i): XCTAssertLessThan(i, stack.count, text)
                case .expand(let i?), .collapse(let i?), .reveal(let i, _): XCTAssertLessThan(i, stack.count, text)
                case .update(let i, _):
                    XCTAssertLessThan(i, stack.count, text)
                    updates += 1
                case .setPanels(let panels): stack = panels
                default: break
                }
            }
            // The model rejects no step of a document the validator accepts;
            // the container, which logs, ends every step in the state the bare
            // reducer reaches; and the validator warns about exactly the taps
            // the model ignores.
            var model = AccordionContainer(title: doc.title, container: doc.container, panels: doc.panels,
                                           expandedIndices: doc.expandedIndices)
            var state = ContainerState(container: doc.container, panels: doc.panels, expandedIndices: doc.expandedIndices)
            XCTAssertEqual(model.state, state, text)
            var ignoredTaps: [String] = []
            for (i, step) in doc.steps.enumerated() {
                XCTAssertEqual(state.time(of: step), model.time(of: step), "step \(i)\n" + text)
                let outcome = state.apply(step)
                switch outcome.effect {
                case .rejected(let reason): XCTFail("step \(i) passed validation but the model rejects it: \(reason)\n" + text)
                case .ignored(let reason):
                    ignoredTaps.append("/script/\(i)")
                    reasons.insert(reason)
                case .applied: break
                }
                model.apply(step)
                XCTAssertEqual(model.state, state, "step \(i)\n" + text)
            }
            let warned = result.diagnostics.filter { $0.rule == "tap-ignored" }.map(\.instancePath)
            XCTAssertEqual(warned, ignoredTaps, text)
            ignored += ignoredTaps.count
            XCTAssertEqual(model.assertInvariants(), [], text)
        }
        XCTAssertGreaterThan(valid, 200, "the generator should produce enough valid specs")
        XCTAssertGreaterThan(ignored, 20, "the generator should produce taps the model ignores")
        XCTAssertGreaterThan(updates, 20, "the generator should produce updates validate accepts")
        XCTAssertEqual(reasons, [.transition, .modal, .disabled, .notCollapsible])
        XCTAssertTrue(rules.isSuperset(of: ["expanded-list-in-single", "expanded-named-twice", "content-overflow", "reveal-blocked"]), "\(rules)")
    }

    /// Cutting a real spec anywhere gives diagnostics, never a crash.
    func testTruncatedSamplesNeverCrash() throws {
        for path in Repo.specFiles(in: "samples") {
            let bytes = try Repo.bytes(path)
            for cut in stride(from: 0, to: bytes.count, by: 7 * TimeBounds.sampling) {
                let result = SpecLoader.load(Array(bytes[..<cut]), source: path)
                XCTAssertEqual(result.document == nil, result.hasErrors)
            }
        }
    }
}
