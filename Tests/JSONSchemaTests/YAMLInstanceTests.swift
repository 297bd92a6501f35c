import AccordionDiagnostics
import AccordionYAML
import JSONSchema
import XCTest

/// The validator over documents read by the real YAML loader.
final class YAMLInstanceTests: XCTestCase {
    func yaml(_ text: String) throws -> YAMLNode {
        try YAMLLoader().load(Array(text.utf8), source: "spec.yaml")
    }

    let schema = """
    type: object
    additionalProperties: false
    required: [accordion, panels]
    properties:
      accordion: {const: 1}
      container:
        type: object
        additionalProperties: false
        properties:
          width: {type: number, exclusiveMinimum: 0}
          headerHeight: {type: number, exclusiveMinimum: 0}
          layout: {enum: [fill, fit]}
      panels:
        type: array
        items:
          type: object
          required: [id, title]
          additionalProperties: false
          properties:
            id: {type: string, pattern: '^[A-Za-z_][A-Za-z0-9_-]*$'}
            title: {type: string}
    patternProperties:
      '^x-': true
    """

    func testYAMLSchemaAndInstanceWithPositions() throws {
        let v = try JSONSchemaValidator(schema: try yaml(schema))
        let doc = try yaml("""
        accordion: 1.0
        x-anchors: &w 320
        container:
          width: *w
          headerheight: 44
          layout: fil
        panels:
          - id: VC1
            title: "One"
          - id: 2nd
            title: 2
        """)
        let d = v.validate(doc)
        XCTAssertEqual(d.map(\.rule), ["schema-additional-properties", "schema-enum", "schema-pattern", "schema-type"])
        XCTAssertEqual(d.map { "\($0.span.start.line):\($0.span.start.column)" }, ["5:3", "6:11", "10:9", "11:12"])
        XCTAssertEqual(d[0].help, "did you mean `headerHeight`?")
        XCTAssertEqual(d[1].help, "did you mean `fill`?")
        XCTAssertEqual(d[3].message, "expected a string, found an integer (2)")
        XCTAssertEqual(d[3].help, "quote it (\"2\") to make it a string")
        XCTAssertEqual(d[3].instancePath, "/panels/1/title")
    }

    func testQuotedNumberGetsAHelp() throws {
        let v = try JSONSchemaValidator(schema: try yaml("properties: {width: {type: number}}"))
        let d = v.validate(try yaml("width: \"375\""))
        XCTAssertEqual(d.first?.message, "expected a number, found a string (\"375\")")
        XCTAssertEqual(d.first?.help, "remove the quotes around 375 if it is meant as a number")
    }

    func testYAMLNumbersFollowJSONSemantics() throws {
        let v = try JSONSchemaValidator(schema: try yaml("{type: integer, maximum: 4294967295}"))
        XCTAssertTrue(v.isValid(try yaml("0xFFFFFFFF")))
        XCTAssertTrue(v.isValid(try yaml("2.0")))
        XCTAssertFalse(v.isValid(try yaml("0x100000000")))
        XCTAssertFalse(v.isValid(try yaml("'12'")))
        let big = try JSONSchemaValidator(schema: try yaml("{const: 123456789012345678901234567890}"))
        XCTAssertTrue(big.isValid(try yaml("123456789012345678901234567890")))
        XCTAssertFalse(big.isValid(try yaml("123456789012345678901234567891")))
    }

    func testMetaSchemaRefFromYAMLSchema() throws {
        let v = try JSONSchemaValidator(schema: try yaml("$ref: https://json-schema.org/draft/2020-12/schema"))
        let d = v.validate(try yaml("type: objekt\nminLength: -1\n"))
        XCTAssertEqual(d.map(\.instancePath), ["/type", "/minLength"])
        XCTAssertEqual(d.map(\.span.start.line), [1, 2])
    }
}
