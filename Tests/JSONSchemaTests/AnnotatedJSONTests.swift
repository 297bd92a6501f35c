@testable import JSONSchema
import AccordionDiagnostics
import AccordionYAML
import XCTest

/// `JSONSchemaValidator(annotatedJSON:)` leaves out only the annotations of
/// schemas: a property, a definition or a value that happens to be called
/// `title` or `description` stays, and validation reports what the whole
/// schema reports.
final class AnnotatedJSONTests: XCTestCase {
    static let schema = #"""
    {
      "$id": "https://example.com/annotated.json",
      "title": "T", "description": "d", "markdownDescription": "m", "$comment": "c",
      "default": {}, "examples": [{"title": "x"}],
      "type": "object",
      "properties": {
        "title": {"type": "string", "description": "a property named title", "examples": ["a"]},
        "description": {"const": {"description": "kept", "title": 1}},
        "default": {"enum": ["default", {"examples": []}]},
        "items": {"type": "array", "items": {"$ref": "#/$defs/examples", "title": "an item"}},
        "pick": {"oneOf": [{"title": "one", "type": "integer"}, {"description": "two", "type": "string"}]}
      },
      "patternProperties": {"^x-": {"title": "extension", "type": "number"}},
      "required": ["title"],
      "additionalProperties": false,
      "$defs": {
        "examples": {"type": "integer", "minimum": 0, "default": 3, "description": "a definition named examples"}
      }
    }
    """#

    func testOnlyTheAnnotationsOfSchemasAreLeftOut() throws {
        let slim = try JSONNodeParser.parse(Self.schema, source: "s.json", omittingAnnotations: true)
        XCTAssertNil(slim["title"])
        XCTAssertNil(slim["examples"])
        XCTAssertNil(slim["$comment"])
        XCTAssertNil(slim["properties"]?["title"]?["description"])
        XCTAssertNil(slim["properties"]?["items"]?["items"]?["title"])
        XCTAssertNil(slim["properties"]?["pick"]?["oneOf"]?.items?[1]["description"])
        XCTAssertNil(slim["patternProperties"]?["^x-"]?["title"])
        XCTAssertNil(slim["$defs"]?["examples"]?["default"])
        // Properties and definitions named like annotations, and values, stay.
        XCTAssertNotNil(slim["properties"]?["title"]?["type"])
        XCTAssertEqual(slim["properties"]?["description"]?["const"]?["description"]?.scalar?.text, "kept")
        XCTAssertEqual(slim["properties"]?["description"]?["const"]?["title"]?.scalar?.text, "1")
        XCTAssertEqual(slim["properties"]?["default"]?["enum"]?.items?[1]["examples"]?.items?.count, 0)
        XCTAssertEqual(slim["$defs"]?["examples"]?["minimum"]?.scalar?.text, "0")
        // Every node that stays is where the whole parse puts it.
        let whole = try JSONNodeParser.parse(Self.schema, source: "s.json")
        XCTAssertEqual(slim["$defs"]?["examples"]?["minimum"]?.span, whole["$defs"]?["examples"]?["minimum"]?.span)
        XCTAssertEqual(slim["required"]?.span, whole["required"]?.span)
    }

    func testValidationReportsWhatTheWholeSchemaReports() throws {
        let whole = try JSONSchemaValidator(schema: try JSONNodeParser.parse(Self.schema, source: "s.json"))
        let slim = try JSONSchemaValidator(annotatedJSON: Self.schema, source: "s.json")
        let instances = [
            #"{"title": "a"}"#,
            #"{"title": 1, "description": {"description": "kept", "title": 1}}"#,
            #"{"title": "a", "description": {"description": "other", "title": 1}}"#,
            #"{"title": "a", "default": {"examples": []}, "items": [1, -1, "x"]}"#,
            #"{"title": "a", "default": "defaults", "pick": 1.5, "x-n": "no", "titel": 1}"#,
            #"{"description": 1}"#,
            #"[]"#,
        ]
        var problems = 0
        for text in instances {
            let instance = try JSONNodeParser.parse(text, source: "i.json")
            let expected = whole.validate(instance)
            XCTAssertEqual(slim.validate(instance), expected, text)
            XCTAssertEqual(slim.isValid(instance), whole.isValid(instance), text)
            XCTAssertEqual(slim.validate(instance, subschemaAt: "/properties/items"),
                           whole.validate(instance, subschemaAt: "/properties/items"), text)
            problems += expected.count
        }
        XCTAssertGreaterThan(problems, 8, "the instances must exercise the schema's checks")
    }
}
