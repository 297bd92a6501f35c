import AccordionYAML
import Foundation
import JSONSchema
import XCTest

/// Not a timing assertion: prints how long a large document takes, when
/// ACCORDION_PERF=1 (for profiling by hand).
/// CPU seconds used so far (wall time is meaningless on a shared machine).
func cpu() -> Double { Double(clock()) / Double(CLOCKS_PER_SEC) }

final class PerformanceProbe: XCTestCase {
    func testLargeDocument() throws {
        guard ProcessInfo.processInfo.environment["ACCORDION_PERF"] == "1" else { throw XCTSkip("set ACCORDION_PERF=1") }
        let schema = ##"{"type":"object","additionalProperties":false,"required":["accordion","panels"],"properties":{"##
            + ##""accordion":{"const":1},"title":{"type":"string"},"##
            + ##""panels":{"type":"array","items":{"$ref":"#/$defs/panel"}},"##
            + ##""script":{"type":"array","items":{"$ref":"#/$defs/step"}}},"patternProperties":{"^x-":true},"##
            + ##""$defs":{"color":{"anyOf":[{"type":"integer","minimum":0,"maximum":4294967295},{"type":"string","pattern":"^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"}]},"##
            + ##""panel":{"type":"object","additionalProperties":false,"required":["id","title"],"properties":{"##
            + ##""id":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_-]*$"},"title":{"type":"string"},"color":{"$ref":"#/$defs/color"},"##
            + ##""titleColor":{"$ref":"#/$defs/color"},"headerHeight":{"type":"number","exclusiveMinimum":0},"contentHeight":{"type":"number","minimum":0}}},"##
            + ##""step":{"oneOf":[{"type":"object","required":["tap"],"additionalProperties":false,"properties":{"tap":{"type":["string","integer"]},"at":{"type":"number"}}},"##
            + ##"{"type":"object","required":["wait"],"additionalProperties":false,"properties":{"wait":{"type":"number","minimum":0}}}]}}}"##
        var text = "{\"accordion\":1,\"title\":\"big\",\"panels\":["
        let n = 60_000
        for i in 0..<n {
            text += "{\"id\":\"panel_\(i)\",\"title\":\"Panel number \(i)\",\"color\":\"#1ABC9CFF\",\"titleColor\":4294967295,\"headerHeight\":44,\"contentHeight\":120.5}"
            text += i < n - 1 ? "," : ""
        }
        text += "],\"script\":["
        for i in 0..<n {
            text += i % 2 == 0 ? "{\"tap\":\"panel_\(i)\",\"at\":\(i)}" : "{\"wait\":0.5}"
            text += i < n - 1 ? "," : ""
        }
        text += "]}"
        let v = try JSONSchemaValidator(schema: json(schema))
        let t0 = cpu()
        let doc = try JSONNodeParser.parse(text, source: "big.json")
        let t1 = cpu()
        let errors = v.validate(doc)
        let t2 = cpu()
        let ok = v.isValid(doc)
        let t3 = cpu()
        var yamlText = "accordion: 1\ntitle: big\npanels:\n"
        for i in 0..<n {
            yamlText += "  - id: panel_\(i)\n    title: Panel number \(i)\n    color: '#1ABC9CFF'\n    titleColor: 0xFFFFFFFF\n    headerHeight: 44\n    contentHeight: 120.5\n"
        }
        yamlText += "script:\n"
        for i in 0..<n { yamlText += i % 2 == 0 ? "  - {tap: panel_\(i), at: \(i)}\n" : "  - wait: 0.5\n" }
        let y0 = cpu()
        let yamlDoc = try YAMLLoader().load(Array(yamlText.utf8), source: "big.yaml")
        let y1 = cpu()
        var yamlErrors = v.validate(yamlDoc)
        let repeats = Int(ProcessInfo.processInfo.environment["ACCORDION_PERF_REPEAT"] ?? "1") ?? 1
        for _ in 1..<max(1, repeats) { yamlErrors = v.validate(yamlDoc) }
        let y2 = cpu()
        print("PERF yaml bytes=\(yamlText.utf8.count) load=\((y1 - y0)) validate=\((y2 - y1)) errors=\(yamlErrors.count)")
        print("PERF bytes=\(text.utf8.count) parse=\((t1 - t0)) validate=\((t2 - t1)) isValid=\((t3 - t2)) errors=\(errors.count) ok=\(ok)")
    }
}
