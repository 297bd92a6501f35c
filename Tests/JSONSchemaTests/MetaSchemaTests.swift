import AccordionDiagnostics
import AccordionTestSupport
import AccordionYAML
import Foundation
import JSONSchema
import XCTest

final class MetaSchemaTests: XCTestCase {
    /// The embedded copies are the official files: the meta-schema byte for
    /// byte; each vocabulary meta-schema as the same JSON, except that the
    /// release on PyPI still carries a `$vocabulary` naming its own
    /// vocabulary, which the later revision embedded here dropped.
    func testEmbeddedMetaSchemasAreTheOfficialFiles() throws {
        if let missing = MetaSchemas.missing { return XCTFail(missing) }
        let official = URL(fileURLWithPath: MetaSchemas.directory).deletingLastPathComponent()
        XCTAssertEqual(KnownSchemaDocuments.all.count, 8)
        for doc in KnownSchemaDocuments.all {
            let data = try Data(contentsOf: official.appendingPathComponent(doc.relativePath))
            if doc.relativePath == "draft2020-12/schema.json" {
                XCTAssertEqual(Array(doc.text.utf8), [UInt8](data), "\(doc.relativePath) differs from the embedded copy")
            } else {
                var file = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let vocabulary = doc.uri.replacingOccurrences(of: "/meta/", with: "/vocab/")
                let declared = try XCTUnwrap(file.removeValue(forKey: "$vocabulary") as? [String: Bool], doc.relativePath)
                XCTAssertEqual(declared, [vocabulary: true], doc.relativePath)
                let embedded = try JSONSerialization.jsonObject(with: Data(doc.text.utf8))
                XCTAssertEqual(file as NSDictionary, embedded as? NSDictionary, "\(doc.relativePath) differs from the embedded copy")
            }
            let node = try JSONNodeParser.parse(doc.text, source: doc.relativePath)
            XCTAssertEqual(node["$id"]?.scalar?.text, doc.uri)
        }
    }

    func testMetaSchemaValidatesItselfAndItsVocabularies() throws {
        let meta = try JSONNodeParser.parse(KnownSchemaDocuments.all[0].text, source: "schema.json")
        let v = try JSONSchemaValidator(schema: meta)
        XCTAssertEqual(v.schemaWarnings, [])
        for doc in KnownSchemaDocuments.all {
            let node = try JSONNodeParser.parse(doc.text, source: doc.relativePath)
            XCTAssertEqual(v.validate(node), [], doc.relativePath)
            XCTAssertTrue(v.isValid(node))
        }
    }

    func testMetaSchemaRejectsBrokenSchemasWithLocations() throws {
        let meta = try JSONNodeParser.parse(KnownSchemaDocuments.all[0].text, source: "schema.json")
        let v = try JSONSchemaValidator(schema: meta)
        let broken = json("{\n  \"type\": \"objekt\",\n  \"properties\": {\"a\": {\"minLength\": -1}},\n  \"required\": [\"a\", \"a\"]\n}")
        let d = v.validate(broken)
        XCTAssertEqual(d.map(\.instancePath), ["/type", "/properties/a/minLength", "/required/1"])
        XCTAssertEqual(d.map(\.span.start.line), [2, 3, 4])
        XCTAssertEqual(d[1].rule, "schema-minimum")
        XCTAssertEqual(d[2].rule, "schema-unique-items")
    }

    func testUnknownKeywordsWarnAtTheKeyword() throws {
        let v = try JSONSchemaValidator(schema: json("{\n  \"type\": \"object\",\n  \"requird\": [\"a\"],\n  \"definitions\": {\"x\": {\"type\": \"string\"}},\n  \"$ref\": \"#/definitions/x\"\n}"))
        XCTAssertEqual(v.schemaWarnings.map(\.rule), ["schema-unknown-keyword", "schema-unknown-keyword"])
        XCTAssertEqual(v.schemaWarnings.map(\.severity), [.warning, .warning])
        XCTAssertEqual(v.schemaWarnings[0].span.start.line, 3)
        XCTAssertEqual(v.schemaWarnings[0].span.start.column, 3)
        XCTAssertEqual(v.schemaWarnings[0].schemaPath, "/requird")
        XCTAssertEqual(v.schemaWarnings[0].help, "did you mean `required`?")
        // Unknown keywords never make an instance invalid; pointer refs into them still work.
        XCTAssertEqual(v.validate(json("{}")).map(\.rule), ["schema-type"])
        let extended = try JSONSchemaValidator(schema: json(#"{"x-note":{"anything":1},"maximum":3}"#))
        XCTAssertTrue(extended.isValid(json("2")))
        XCTAssertEqual(extended.schemaWarnings, [], "x- extension keywords are accepted silently")
    }

    func testInvalidSchemasAreLocatedErrors() {
        let cases: [(String, String)] = [
            (#"{"type":"strin"}"#, "schema-invalid"),
            (#"{"minimum":"1"}"#, "schema-invalid"),
            (#"{"multipleOf":0}"#, "schema-invalid"),
            (#"{"minLength":-1}"#, "schema-invalid"),
            (#"{"minLength":1.5}"#, "schema-invalid"),
            (#"{"required":"a"}"#, "schema-invalid"),
            (#"{"pattern":"(a"}"#, "schema-invalid-pattern"),
            (#"{"patternProperties":{"[":{}}}"#, "schema-invalid-pattern"),
            (#"{"items":[{}]}"#, "schema-invalid"),
            (#"{"allOf":[]}"#, "schema-invalid"),
            (#"{"properties":{"a":1}}"#, "schema-invalid"),
            (#"{"$id":"http://x/y#frag"}"#, "schema-invalid"),
            (#"{"$anchor":"1bad"}"#, "schema-invalid"),
            ("[]", "schema-invalid"),
        ]
        for (schema, rule) in cases {
            XCTAssertThrowsError(try JSONSchemaValidator(schema: json(schema)), schema) { error in
                let d = (error as? DiagnosticError)?.diagnostics ?? []
                XCTAssertEqual(d.first?.rule, rule, schema)
                XCTAssertEqual(d.first?.span.source, "test.json")
            }
        }
    }
}

final class SubschemaAPITests: XCTestCase {
    func testValidateAgainstASubschemaByPointer() throws {
        let v = try JSONSchemaValidator(schema: json(##"{"$defs":{"panel":{"type":"object","properties":{"id":{"$ref":"#/$defs/id"}}},"id":{"type":"string"}}}"##))
        XCTAssertEqual(v.validate(json(#"{"id":1}"#), subschemaAt: "/$defs/panel")?.map(\.rule), ["schema-type"])
        XCTAssertEqual(v.validate(json(#"{"id":"a"}"#), subschemaAt: "#/$defs/panel"), [])
        XCTAssertNil(v.validate(json("1"), subschemaAt: "/$defs/nope"))
    }

    func testASubschemaFoundOnceValidatesLikeItsPointer() throws {
        let v = try JSONSchemaValidator(schema: json(##"{"$defs":{"panel":{"type":"object","properties":{"id":{"$ref":"#/$defs/id"}}},"id":{"type":"string"}}}"##))
        let panel = try XCTUnwrap(v.subschema(at: "/$defs/panel"))
        for text in [#"{"id":1}"#, #"{"id":"a"}"#, "[]", #"{"id":{"x":1}}"#] {
            XCTAssertEqual(v.validate(json(text), against: panel), v.validate(json(text), subschemaAt: "/$defs/panel"), text)
        }
        XCTAssertEqual(v.validate(json(#"{"id":1}"#), against: panel).map(\.rule), ["schema-type"])
        XCTAssertNil(v.subschema(at: "/$defs/nope"))
    }

    func testDefaultsAndExamplesAreCheckedAgainstTheirOwnSchema() throws {
        let v = try JSONSchemaValidator(schema: json("{\"properties\":{\n\"width\":{\"type\":\"number\",\"exclusiveMinimum\":0,\"default\":375,\"examples\":[320,-1]},\n\"layout\":{\"enum\":[\"fill\",\"fit\"],\"default\":\"fil\"}}}"))
        let d = v.validateDefaultsAndExamples()
        XCTAssertEqual(d.map(\.rule), ["schema-exclusive-minimum", "schema-enum"])
        XCTAssertEqual(d.map(\.span.start.line), [2, 3])
        XCTAssertEqual(d.first?.instancePath, "/properties/width/examples/1")
    }

    func testMetaSchemaFactory() throws {
        let meta = try JSONSchemaValidator.draft202012MetaSchema()
        XCTAssertTrue(meta.isValid(json(##"{"type":"object"}"##)))
        XCTAssertFalse(meta.isValid(json(##"{"type":"objec"}"##)))
    }
}

final class JSONNodeParserTests: XCTestCase {
    func testPositionsValuesAndErrors() throws {
        let node = try JSONNodeParser.parse("\u{FEFF}{\n  \"é\": [1, 1.0, 18446744073709551616, \"\\ud83d\\udca9\", null, true]\n}", source: "x.json")
        let items = node["é"]?.items ?? []
        XCTAssertEqual(items.count, 6)
        XCTAssertEqual(items[0].scalar?.value, .int(1))
        XCTAssertEqual(items[1].scalar?.value, .float(1.0))
        XCTAssertEqual(items[2].scalar?.value, .bigInt("18446744073709551616"))
        XCTAssertEqual(items[3].scalar?.value, .string("💩"))
        XCTAssertEqual(items[0].span.start.line, 2)
        XCTAssertEqual(items[0].span.start.column, 9)
        for bad in ["{", "[1,]", "{\"a\" 1}", "01", "\"\\x\"", "[1] x", "tru", "\"a\nb\""] {
            XCTAssertThrowsError(try JSONNodeParser.parse(bad, source: "bad.json"), bad) { error in
                XCTAssertEqual((error as? DiagnosticError)?.diagnostics.first?.rule, "json-syntax")
            }
        }
        XCTAssertThrowsError(try JSONNodeParser.parse(String(repeating: "[", count: 600), source: "deep.json"))
    }
}
