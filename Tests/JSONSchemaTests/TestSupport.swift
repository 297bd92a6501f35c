import AccordionDiagnostics
import AccordionYAML
import JSONSchema
import XCTest

/// Parses JSON text into located nodes (the test-side builder).
func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> YAMLNode {
    do {
        return try JSONNodeParser.parse(text, source: "test.json")
    } catch {
        XCTFail("bad test JSON: \(error.diagnostics.map(\.message)) in \(text)", file: file, line: line)
        return try! JSONNodeParser.parse("null", source: "test.json")
    }
}

/// Compiles a schema given as JSON text, failing the test on schema errors.
func validator(_ schema: String, file: StaticString = #filePath, line: UInt = #line) -> JSONSchemaValidator? {
    do {
        return try JSONSchemaValidator(schema: json(schema, file: file, line: line))
    } catch {
        XCTFail("schema did not compile: \(error.diagnostics.map { "\($0.rule): \($0.message) @\($0.span.start.line):\($0.span.start.column)" })",
                file: file, line: line)
        return nil
    }
}

/// Checks each (instance, valid) pair with both `validate` and `isValid`.
func expect(_ schema: String, _ cases: [(String, Bool)], file: StaticString = #filePath, line: UInt = #line) {
    guard let v = validator(schema, file: file, line: line) else { return }
    for (instance, valid) in cases {
        let node = json(instance, file: file, line: line)
        let errors = v.validate(node)
        XCTAssertEqual(errors.isEmpty, valid,
                       "schema \(schema) instance \(instance): \(errors.map { "\($0.rule) \($0.instancePath): \($0.message)" })",
                       file: file, line: line)
        XCTAssertEqual(v.isValid(node), valid, "isValid: schema \(schema) instance \(instance)", file: file, line: line)
    }
}

/// The diagnostics for one instance.
func problems(_ schema: String, _ instance: String, file: StaticString = #filePath, line: UInt = #line) -> [Diagnostic] {
    guard let v = validator(schema, file: file, line: line) else { return [] }
    return v.validate(json(instance, file: file, line: line))
}
