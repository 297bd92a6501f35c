import AccordionSpec
import AccordionTestSupport
import AccordionYAML
import Foundation
import JSONSchema
import XCTest

/// `Schemas/accordion-test.schema.json`, the published schema of `*.test.yaml`
/// files: a valid draft 2020-12 schema whose cases' scripts are the spec
/// schema's, accepting the repository's test files.
final class TestSchemaTests: XCTestCase {
    /// The test schema as one compound document: the spec schema is embedded
    /// under `$defs` with its own `$id`, which is where the test schema's
    /// relative `$ref` (`accordion.schema.json#/properties/script`) points.
    func compoundSchema() throws -> YAMLNode {
        var test = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Repo.bytes("Schemas/accordion-test.schema.json"))) as? [String: Any])
        var spec = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Repo.bytes("Schemas/accordion.schema.json"))) as? [String: Any])
        spec["$schema"] = nil
        test["$defs"] = ["accordionSpec": spec]
        let data = try JSONSerialization.data(withJSONObject: test)
        return try JSONNodeParser.parse(String(decoding: data, as: UTF8.self), source: "accordion-test.schema.json")
    }

    func testTheTestSchemaIsValidAgainstTheOfficialMetaSchema() throws {
        if let missing = MetaSchemas.missing { return XCTFail(missing) }
        let metaBytes = Array(try Data(contentsOf: URL(fileURLWithPath: MetaSchemas.directory + "/schema.json")))
        let meta = try JSONSchemaValidator(schema: try YAMLLoader().load(metaBytes, source: "schema.json"))
        let schema = try JSONNodeParser.parse(String(decoding: try Repo.bytes("Schemas/accordion-test.schema.json"), as: UTF8.self),
                                              source: "accordion-test.schema.json")
        XCTAssertEqual(meta.validate(schema).map(\.message), [])
    }

    func testAcceptsTheRepositorysTestFilesAndRejectsMalformedOnes() throws {
        let validator = try JSONSchemaValidator(schema: try compoundSchema())
        for name in ["test/mail-client.test.yaml", "test/mail-client-wrong.test.yaml", "explore/faults/faults.test.yaml",
                     "explore/faults/landscape.test.yaml", "explore/clean/article-demo.test.yaml",
                     "explore/clean/retarget-scroll.test.yaml"] {
            let file = try YAMLLoader().load(try Repo.bytes("Tests/Fixtures/" + name), source: name)
            XCTAssertEqual(validator.validate(file).map(\.message), [], name)
        }
        let wrong = [
            "spec: a.yaml\ntests: []\n",                                               // unknown key
            "cases: []\n",                                                             // no spec
            "spec: a.yaml\ncases: [{name: x}]\n",                                      // no script
            "spec: a.yaml\ncases: [{name: x, script: [{expect: {expanded: 3}}]}]\n",   // a step the spec schema rejects
            "spec: a.yaml\ncases: [{name: x, script: [{snapshot: ../up}]}]\n",         // a snapshot name that is a path
            "spec: a.yaml\ncases: [{name: x, script: [], always: 3}]\n",              // a property that is no expectation
            "spec: a.yaml\ncases: [{name: x, script: [], always: {path: a}}]\n",      // a path with nothing to compare
            "spec: a.yaml\ncases: [{name: x, script: [], properties: [every-panel]}]\n", // an unknown named property
            "spec: a.yaml\ncases: [{name: x, script: [], explore: {depth: 0}}]\n",    // no depth
            "spec: a.yaml\ncases: [{name: x, script: [], explore: {steps: [{tap: a, at: 1}]}}]\n", // a timed explored step
            "spec: a.yaml\ncases: [{name: x, script: [], explore: {steps: [{expect: {expanded: a}}]}}]\n", // a check
        ]
        for text in wrong {
            XCTAssertFalse(validator.isValid(try YAMLLoader().load(Array(text.utf8), source: "t.yaml")), text)
        }
    }
}
