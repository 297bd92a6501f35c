import AccordionDiagnostics
import AccordionModel
import AccordionYAML
import JSONSchema

/// Loads an accordion spec the one way every command does: YAML loader →
/// bundled JSON Schema → accordion semantic rules → typed document. Every
/// layer's problems are collected, so one run reports all of them.
public enum SpecLoader {
    /// Loads, validates and decodes `bytes`, naming them `source` in diagnostics.
    ///
    /// With `keepingTreeAlive`, the node tree is never freed: a command-line
    /// process that exits right afterwards would otherwise spend a tenth of
    /// its run on a large spec tearing a million nodes down one by one.
    public static func load(_ bytes: [UInt8], source: String, limits: YAMLLimits = YAMLLimits(),
                            keepingTreeAlive: Bool = false) -> SpecResult {
        let root: YAMLNode
        do {
            root = try YAMLLoader(limits: limits).load(bytes, source: source)
        } catch {
            return SpecResult(diagnostics: Diagnostic.sortedByPosition(error.diagnostics), document: nil)
        }
        if keepingTreeAlive { _ = Unmanaged.passRetained(root) }
        return check(root, bytes: bytes)
    }

    /// Validates and decodes an already loaded tree. `bytes` (the source
    /// text, when known) lets hints look at what the author wrote, such as a
    /// `#` that YAML took for a comment.
    public static func check(_ root: YAMLNode, bytes: [UInt8]? = nil) -> SpecResult {
        var diagnostics: [Diagnostic] = []
        switch bundledValidator {
        case .success(let validator):
            let schemaProblems = validator.validate(root)
            diagnostics += SchemaHints.improve(schemaProblems, root: root, bytes: bytes)
        case .failure(let error):
            // The bundled schema is compiled in and tested; this is a bug, reported
            // rather than hidden.
            let place = SourceSpan(source: root.span.source, at: root.span.start)
            diagnostics.append(Diagnostic(rule: "internal-error",
                                          message: "the bundled schema could not be loaded: \(error.diagnostics.first?.message ?? "unknown problem")",
                                          span: place))
        }
        var checker = SemanticChecker(root: root)
        let document = checker.run(schemaFailed: diagnostics.contains { $0.severity == .error })
        diagnostics += checker.diagnostics
        // Two routes through the schema can find the same problem; say it once.
        var seen: Set<String> = []
        diagnostics = diagnostics.filter {
            seen.insert("\($0.span.start.offset):\($0.span.end.offset):\($0.rule):\($0.message)").inserted
        }
        let hasError = diagnostics.contains { $0.severity == .error }
        return SpecResult(diagnostics: Diagnostic.sortedByPosition(diagnostics), document: hasError ? nil : document)
    }

    /// The bundled schema as a node tree (for tools and tests).
    public static func bundledSchemaNode() throws(DiagnosticError) -> YAMLNode {
        // The JSON parser is lighter than the YAML loader: this runs on every start.
        try JSONNodeParser.parse(BundledSchema.text, source: "accordion.schema.json")
    }

    /// The validator for the bundled schema, built once per process.
    static let bundledValidator: Result<JSONSchemaValidator, DiagnosticError> = {
        do {
            let schema = try bundledSchemaNode()
            return .success(try JSONSchemaValidator(schema: schema))
        } catch let error as DiagnosticError {
            return .failure(error)
        } catch {
            return .failure(DiagnosticError([]))
        }
    }()
}
