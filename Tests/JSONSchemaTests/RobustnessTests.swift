import AccordionDiagnostics
import JSONSchema
import XCTest
import AccordionTestSupport

typealias SeededGenerator = SplitMix

/// Random patterns, schemas and documents: everything ends in a result or a
/// located diagnostic, never a crash or a hang.
final class RobustnessTests: XCTestCase {
    func testRandomPatternsCompileOrFailCleanlyAndSearchesEnd() {
        var rng = SeededGenerator(state: 42)
        let pieces = ["a", "b", "\\d", "\\w", "\\s", "\\b", ".", "*", "+", "?", "*?", "{2}", "{1,3}", "{2,}", "(", ")", "(?:", "(?=", "(?!",
                      "(?<=", "(?<!", "|", "[", "]", "[^", "-", "^", "$", "\\1", "\\", "\\u{1F4A9}", "\\p{L}", "\\P{N}", "{", "}", "💩", "é"]
        let inputs = ["", "a", "ab", "aaaaaaaaaaaaaaaaaaaaaaaaa!", "b a 1", "💩é\n", String(repeating: "ab", count: 50)]
        var compiled = 0
        for _ in 0..<20_000 {
            var pattern = ""
            for _ in 0..<Int.random(in: 1...10, using: &rng) { pattern += pieces.randomElement(using: &rng)! }
            guard let regex = try? ECMARegex(pattern) else { continue }
            compiled += 1
            for input in inputs {
                _ = regex.search(input, budget: 20_000)
            }
        }
        XCTAssertGreaterThan(compiled, 300)
    }

    func testRandomSchemasCompileOrThrowLocatedErrorsAndValidationEnds() throws {
        var rng = SeededGenerator(state: 7)
        let keywords = ["type", "enum", "const", "minimum", "maximum", "multipleOf", "minLength", "pattern", "items", "prefixItems",
                        "properties", "additionalProperties", "required", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
                        "$ref", "$defs", "unevaluatedProperties", "unevaluatedItems", "contains", "minContains", "uniqueItems",
                        "$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "propertyNames", "dependentSchemas", "dependentRequired"]
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 3 ? 6 : 10), using: &rng) {
            case 0: return "\(Int.random(in: -3...5, using: &rng))"
            case 1: return ["\"string\"", "\"integer\"", "\"object\"", "\"a+\"", "\"#\"", "\"#/$defs/x\"", "\"#x\"", "\"(\""].randomElement(using: &rng)!
            case 2: return Bool.random(using: &rng) ? "true" : "false"
            case 3: return "null"
            case 4: return "1.5"
            case 5: return "[]"
            case 6, 7: return schema(depth + 1)
            default: return "[" + (0..<Int.random(in: 1...3, using: &rng)).map { _ in schema(depth + 1) }.joined(separator: ",") + "]"
            }
        }
        func schema(_ depth: Int) -> String {
            if Int.random(in: 0..<5, using: &rng) == 0 { return Bool.random(using: &rng) ? "true" : "false" }
            var parts: [String] = []
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                parts.append("\"\(keywords.randomElement(using: &rng)!)\":\(value(depth))")
            }
            if Int.random(in: 0..<3, using: &rng) == 0 { parts.append("\"$defs\":{\"x\":\(depth > 3 ? "true" : schema(depth + 1))}") }
            return "{" + parts.joined(separator: ",") + "}"
        }
        let documents = ["null", "1", "1.5", "\"a\"", "[]", "[1,\"a\",[2]]", "{}", "{\"a\":1,\"b\":[true,{\"c\":null}]}", "[[[[1]]]]"]
        var compiled = 0
        for _ in 0..<6000 {
            let text = schema(0)
            let node = try JSONNodeParser.parse(text, source: "random.json")
            let validator: JSONSchemaValidator
            do {
                validator = try JSONSchemaValidator(schema: node)
            } catch {
                XCTAssertFalse(error.diagnostics.isEmpty, text)
                XCTAssertTrue(error.diagnostics.allSatisfy { $0.span.source == "random.json" && $0.span.start.line >= 1 }, text)
                continue
            }
            compiled += 1
            for doc in documents {
                let instance = try JSONNodeParser.parse(doc, source: "doc.json")
                let problems = validator.validate(instance)
                XCTAssertEqual(problems.filter { $0.severity == .error }.isEmpty, validator.isValid(instance), "\(text) on \(doc): \(problems.map(\.message))")
            }
        }
        XCTAssertGreaterThan(compiled, 200)
    }
}
