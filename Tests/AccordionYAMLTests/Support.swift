import AccordionDiagnostics
import AccordionYAML
import XCTest

/// Loads YAML text, failing the test with the diagnostics if it does not load.
func load(_ text: String, limits: YAMLLimits = YAMLLimits(), file: StaticString = #filePath, line: UInt = #line) throws -> YAMLNode {
    do {
        return try YAMLLoader(limits: limits).load(Array(text.utf8), source: "t.yaml")
    } catch {
        XCTFail("unexpected diagnostics: \(error.diagnostics.map(\.message))", file: file, line: line)
        throw error
    }
}

/// The diagnostics loading `bytes` produces (empty when it loads).
func problems(_ bytes: [UInt8], limits: YAMLLimits = YAMLLimits()) -> [Diagnostic] {
    do {
        _ = try YAMLLoader(limits: limits).load(bytes, source: "t.yaml")
        return []
    } catch {
        return error.diagnostics
    }
}

func problems(_ text: String, limits: YAMLLimits = YAMLLimits()) -> [Diagnostic] {
    problems(Array(text.utf8), limits: limits)
}

/// `line:column` of a span's start, for compact assertions.
func at(_ span: SourceSpan) -> String { "\(span.start.line):\(span.start.column)" }
