import Foundation
import JSONSchema
import XCTest

/// Not a timing assertion: prints how long a large document takes, when
/// ACCORDION_PERF=1 (for profiling by hand).
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
        let t0 = Date()
        let doc = try JSONNodeParser.parse(text, source: "big.json")
        let t1 = Date()
        let errors = v.validate(doc)
        let t2 = Date()
        let ok = v.isValid(doc)
        let t3 = Date()
        print("PERF bytes=\(text.utf8.count) parse=\(t1.timeIntervalSince(t0)) validate=\(t2.timeIntervalSince(t1)) isValid=\(t3.timeIntervalSince(t2)) errors=\(errors.count) ok=\(ok)")
    }
}
