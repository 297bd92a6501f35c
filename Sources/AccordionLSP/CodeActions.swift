import AccordionDiagnostics
import AccordionYAML

extension LanguageServer {
    /// A quick fix for each diagnostic touching the requested range that
    /// carries a `Fix` (the validator's own mechanical corrections).
    mutating func codeActions(_ params: YAMLNode?) throws(ResponseError) -> JSONValue {
        let (document, _) = try target(params)
        guard document.isSpec, let analysis = analysis(document.uri) else { return .array([]) }
        let text = document.text
        guard let lower = position(params?["range"]?["start"]), let upper = position(params?["range"]?["end"]) else {
            throw ResponseError(.invalidParams, "codeAction needs a range")
        }
        let from = text.offset(of: lower, encoding)
        let to = text.offset(of: upper, encoding)
        var actions: [JSONValue] = []
        for d in analysis.diagnostics {
            guard let fix = d.fix, d.span.start.offset <= to, d.span.end.offset >= from else { continue }
            let edit: JSONValue = .object([("range", range(fix.start..<fix.end, in: text)), ("newText", .string(fix.replacement))])
            actions.append(.object([
                ("title", .string(fix.title)),
                ("kind", .string("quickfix")),
                ("diagnostics", .array([lspDiagnostic(d, in: document)])),
                ("isPreferred", .bool(true)),
                ("edit", .object([("changes", .object([(document.uri, .array([edit]))]))])),
            ]))
        }
        return .array(actions)
    }
}
