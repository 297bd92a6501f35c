import AccordionSpec
import AccordionTestSupport
import AccordionYAML
import Foundation
import JSONSchema
import XCTest

/// The schema checks itself: it is a valid draft 2020-12 schema, and every
/// `default` and `examples` value an editor offers is valid where it is offered.
final class SchemaSelfTests: XCTestCase {
    func testSchemaIsValidAgainstTheOfficialMetaSchema() throws {
        if let missing = MetaSchemas.missing { return XCTFail(missing) }
        let metaBytes = Array(try Data(contentsOf: URL(fileURLWithPath: MetaSchemas.directory + "/schema.json")))
        let meta = try YAMLLoader().load(metaBytes, source: "draft2020-12/schema.json")
        let metaValidator = try JSONSchemaValidator(schema: meta)
        let schema = try SpecLoader.bundledSchemaNode()
        let problems = metaValidator.validate(schema)
        XCTAssertEqual(problems.map { "\($0.rule) \($0.instancePath): \($0.message)" }, [])
    }

    func testSchemaReferencingTheMetaSchemaByIdResolvesOffline() throws {
        let viaRef = try node(#"{"$ref": "https://json-schema.org/draft/2020-12/schema"}"#, source: "ref.json")
        let validator = try JSONSchemaValidator(schema: viaRef)
        XCTAssertTrue(validator.isValid(try SpecLoader.bundledSchemaNode()))
        XCTAssertFalse(validator.isValid(try node(#"{"type": 12}"#)))
    }

    func testTheSchemaCompilesWithoutWarningsBeyondEditorAnnotations() throws {
        let validator = try JSONSchemaValidator(schema: try SpecLoader.bundledSchemaNode())
        // markdownDescription is the editors' extension the issue asks for; nothing else may be unknown.
        let others = validator.schemaWarnings.filter { !$0.message.contains("markdownDescription") }
        XCTAssertEqual(others.map(\.message), [])
    }

    func testEveryDefaultAndExampleValidatesAgainstItsOwnSubschema() throws {
        let data = try Data(contentsOf: Repo.root.appendingPathComponent("Schemas/accordion.schema.json"))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var checked = 0
        var propertiesWithoutDocs: [String] = []

        func check(_ schema: [String: Any], path: String) throws {
            var values: [Any] = []
            if let d = schema["default"] { values.append(d) }
            if let e = schema["examples"] as? [Any] { values += e }
            if !values.isEmpty {
                var sub = schema
                sub["default"] = nil
                sub["examples"] = nil
                sub["$defs"] = root["$defs"]
                sub["$id"] = root["$id"]
                sub["$schema"] = root["$schema"]
                let text = String(decoding: try JSONSerialization.data(withJSONObject: sub, options: [.sortedKeys]), as: UTF8.self)
                let validator = try JSONSchemaValidator(schema: try node(text, source: "schema#\(path)"))
                for value in values {
                    let json = String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]), as: UTF8.self)
                    let problems = validator.validate(try node(json, source: "value"))
                    XCTAssertEqual(problems.map(\.message), [], "\(path): \(json) does not validate against its own subschema")
                    checked += 1
                }
            }
            for key in ["properties", "patternProperties", "$defs"] {
                for (name, value) in (schema[key] as? [String: Any]) ?? [:] {
                    guard let subschema = value as? [String: Any] else { continue }
                    if key != "$defs", subschema["default"] == nil || subschema["examples"] == nil {
                        propertiesWithoutDocs.append("\(path)/\(key)/\(name)")
                    }
                    try check(subschema, path: "\(path)/\(key)/\(name)")
                }
            }
            for key in ["items", "if", "then", "else", "not", "additionalProperties", "propertyNames", "contains"] {
                if let subschema = schema[key] as? [String: Any] { try check(subschema, path: "\(path)/\(key)") }
            }
            for key in ["oneOf", "anyOf", "allOf", "prefixItems"] {
                for (i, value) in ((schema[key] as? [Any]) ?? []).enumerated() {
                    if let subschema = value as? [String: Any] { try check(subschema, path: "\(path)/\(key)/\(i)") }
                }
            }
        }
        try check(root, path: "#")
        XCTAssertEqual(propertiesWithoutDocs, [], "every property needs default and examples for editors")
        XCTAssertGreaterThan(checked, 100)
    }

    func testEveryPropertyIsDocumentedForEditors() throws {
        let data = try Data(contentsOf: Repo.root.appendingPathComponent("Schemas/accordion.schema.json"))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var undocumented: [String] = []
        var closedWithoutAdditional: [String] = []
        func walk(_ schema: [String: Any], path: String) {
            if schema["properties"] != nil, schema["additionalProperties"] as? Bool != false {
                closedWithoutAdditional.append(path)
            }
            for (name, value) in (schema["properties"] as? [String: Any]) ?? [:] {
                guard let sub = value as? [String: Any] else { continue }
                let target = (sub["$ref"] as? String).flatMap { ref -> [String: Any]? in
                    guard ref.hasPrefix("#/$defs/") else { return nil }
                    return (root["$defs"] as? [String: Any])?[String(ref.dropFirst(8))] as? [String: Any]
                }
                let hasDescription = sub["description"] != nil || target?["description"] != nil
                let hasMarkdown = sub["markdownDescription"] != nil || target?["markdownDescription"] != nil
                if !hasDescription || !hasMarkdown { undocumented.append("\(path)/\(name)") }
                walk(sub, path: "\(path)/\(name)")
            }
            for (name, value) in (schema["$defs"] as? [String: Any]) ?? [:] {
                if let sub = value as? [String: Any] { walk(sub, path: "\(path)/$defs/\(name)") }
            }
        }
        walk(root, path: "#")
        XCTAssertEqual(undocumented, [])
        XCTAssertEqual(closedWithoutAdditional, [], "additionalProperties: false throughout")
        XCTAssertNotNil(root["markdownDescription"])
        XCTAssertNotNil((root["patternProperties"] as? [String: Any])?["^x-"])
    }
}
