import AccordionDiagnostics
import AccordionYAML

extension LanguageServer {
    /// Quick fixes for the diagnostics in the requested range.
    mutating func codeActions(_ params: YAMLNode?) throws(ResponseError) -> JSONValue {
        .array([])
    }
}
