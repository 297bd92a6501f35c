import AccordionYAML
import Foundation
import JSONSchema
import XCTest

/// Random schemas and instances with the verdicts of python-jsonschema 4.26
/// (an independent implementation), made by Tests/Fixtures/json-schema/generate-differential.py.
final class DifferentialTests: XCTestCase {
    func testAgreesWithPythonJSONSchemaOnRandomSchemas() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/json-schema/differential-python-jsonschema.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let corpus = try JSONNodeParser.parse(text, source: "differential.json")
        let cases = corpus.items ?? []
        XCTAssertEqual(cases.count, 400)
        var checked = 0
        for c in cases {
            guard let schema = c["schema"], let instances = c["instances"]?.items, let verdicts = c["valid"]?.items else {
                return XCTFail("malformed corpus entry")
            }
            let v = try JSONSchemaValidator(schema: schema)
            for (instance, verdict) in zip(instances, verdicts) {
                let expected = verdict.scalar?.value == .bool(true)
                XCTAssertEqual(v.validate(instance).isEmpty, expected,
                               "schema at column \(schema.span.start.column), instance at column \(instance.span.start.column)")
                XCTAssertEqual(v.isValid(instance), expected)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 2400)
    }
}
