import AccordionDiagnostics
import AccordionModel
import AccordionYAML
import AccordionParallel
import JSONSchema

/// Loads an accordion spec the one way every command does: YAML loader →
/// bundled JSON Schema → accordion semantic rules → typed document. Every
/// layer's problems are collected, so one run reports all of them.
public enum SpecLoader {
    /// Loads, validates and decodes `bytes`, naming them `source` in diagnostics.
    /// (The tree lives in one arena, so freeing it afterwards costs nothing
    /// worth avoiding, even for a million nodes.)
    ///
    /// - Parameters:
    ///   - bytes: The spec file's bytes.
    ///   - source: The name diagnostics give it.
    ///   - limits: Bounds on what the loader reads.
    /// - Returns: Every problem found and, when there is no error, the decoded spec.
    public static func load(_ bytes: [UInt8], source: String, limits: YAMLLimits = YAMLLimits()) -> SpecResult {
        func parse() -> Result<YAMLNode, DiagnosticError> {
            do throws(DiagnosticError) {
                return .success(try YAMLLoader(limits: limits).load(bytes, source: source))
            } catch {
                return .failure(error)
            }
        }
        // A large file's parse leaves a core mostly idle (the tree is built
        // faster than libyaml parses): the bundled schema compiles there
        // meanwhile, rather than at the start of the schema pass.
        let parsed = bytes.count >= limits.pipelineFromBytes ? Parallel.both({ _ = bundledValidator }, parse).1 : parse()
        switch parsed {
        case .success(let root):
            return check(root, bytes: bytes)
        case .failure(let error):
            return SpecResult(diagnostics: Diagnostic.sortedByPosition(error.diagnostics), document: nil)
        }
    }

    /// Validates and decodes an already loaded tree. `bytes` (the source
    /// text, when known) lets hints look at what the author wrote, such as a
    /// `#` that YAML took for a comment.
    ///
    /// - Parameters:
    ///   - root: The spec's root node.
    ///   - bytes: The source text, or nil.
    ///   - script: Played instead of the spec's own script when given (a case
    ///     of a test file, located in that file), and checked by the schema's
    ///     rule for a script.
    ///   - tolerance: The test file's tolerance for the expectations of `script`.
    /// - Returns: Every problem found and, when there is no error, the decoded spec.
    public static func check(_ root: YAMLNode, bytes: [UInt8]? = nil, script: YAMLNode? = nil,
                             tolerance: Double? = nil) -> SpecResult {
        // The schema and the accordion rules read the same immutable tree
        // and do not depend on each other until the end: on a large spec
        // they run side by side.
        let parallel = root.documentNodeCount >= parallelNodeCount
        let schemaPass = { @Sendable () -> [Diagnostic] in
            let found = schemaProblems(root, bytes: bytes) + (script.map(scriptSchemaProblems) ?? [])
            // The rules ask for the line of every step, and a large text's
            // lines are indexed on first use: the schema pass, the shorter
            // of the two, indexes them meanwhile.
            if parallel { root.indexLines() }
            return found
        }
        let rulesRoot = parallel ? root.forAnotherThread() : root
        let rulesPass = { () -> (SemanticChecker, SemanticChecker.Outcome) in
            var checker = SemanticChecker(root: rulesRoot, script: script, tolerance: tolerance)
            let outcome = checker.check()
            return (checker, outcome)
        }
        let schemaDiagnostics: [Diagnostic]
        var checker: SemanticChecker
        let outcome: SemanticChecker.Outcome
        if parallel {
            (schemaDiagnostics, (checker, outcome)) = Parallel.both(schemaPass, rulesPass)
        } else {
            schemaDiagnostics = schemaPass()
            (checker, outcome) = rulesPass()
        }
        return result(schemaDiagnostics, &checker, outcome, root: root, bytes: bytes)
    }

    /// A spec checked once for the many scripts a test file plays on it:
    /// the schema's verdict on the spec and the rules that read only the spec.
    public struct PreparedSpec {
        let root: YAMLNode
        /// The schema's problems with the spec itself.
        let schemaDiagnostics: [Diagnostic]
        /// The rules after the spec's own part, and what that part left;
        /// nil when each script needs the whole spec checked again.
        let rules: (checker: SemanticChecker, spec: SemanticChecker.CheckedSpec)?
    }

    /// Checks the spec `root` for `check(_:script:tolerance:)`: what does
    /// not depend on the script played is checked once.
    ///
    /// - Parameters:
    ///   - root: The spec's root node.
    ///   - bytes: The source text, or nil.
    /// - Returns: The spec with its schema problems and its rules' state.
    public static func prepare(_ root: YAMLNode, bytes: [UInt8]? = nil) -> PreparedSpec {
        let schemaPass = { @Sendable () -> [Diagnostic] in schemaProblems(root, bytes: bytes) }
        let parallel = root.documentNodeCount >= parallelNodeCount
        let rulesRoot = parallel ? root.forAnotherThread() : root
        let rulesPass = { () -> (SemanticChecker, SemanticChecker.CheckedSpec?) in
            var checker = SemanticChecker(root: rulesRoot)
            let spec = checker.checkSpec()
            return (checker, spec)
        }
        let schemaDiagnostics: [Diagnostic]
        let checker: SemanticChecker
        let spec: SemanticChecker.CheckedSpec?
        if parallel {
            (schemaDiagnostics, (checker, spec)) = Parallel.both(schemaPass, rulesPass)
        } else {
            schemaDiagnostics = schemaPass()
            (checker, spec) = rulesPass()
        }
        return PreparedSpec(root: root, schemaDiagnostics: schemaDiagnostics,
                            rules: spec.flatMap { $0.isShareable ? (checker, $0) : nil })
    }

    /// Validates and decodes a prepared spec with `script` played instead of
    /// its own: the same problems as `check(_:bytes:script:tolerance:)` finds,
    /// but the schema and the rules read only the script.
    ///
    /// - Parameters:
    ///   - prepared: From `prepare(_:bytes:)`.
    ///   - script: A case's script, located in its own file.
    ///   - tolerance: The test file's tolerance for the expectations of `script`.
    /// - Returns: Every problem found and, when there is no error, the decoded spec.
    public static func check(_ prepared: PreparedSpec, script: YAMLNode, tolerance: Double? = nil) -> SpecResult {
        let schemaDiagnostics = prepared.schemaDiagnostics + scriptSchemaProblems(script)
        var checker: SemanticChecker
        let outcome: SemanticChecker.Outcome
        if let (ready, spec) = prepared.rules {
            checker = ready
            outcome = checker.checkScript(script, tolerance: tolerance, on: spec)
        } else {
            checker = SemanticChecker(root: prepared.root, script: script, tolerance: tolerance)
            outcome = checker.check()
        }
        // No quick fixes: a case's script is in another file than the spec's bytes.
        return result(schemaDiagnostics, &checker, outcome, root: prepared.root, bytes: nil)
    }

    /// The schema's problems with a whole spec, with hints.
    private static func schemaProblems(_ root: YAMLNode, bytes: [UInt8]?) -> [Diagnostic] {
        switch bundledValidator {
        case .success(let validator):
            return SchemaHints.improve(validator.validate(root), root: root, bytes: bytes)
        case .failure(let error):
            // The bundled schema is compiled in and tested; this is a bug, reported
            // rather than hidden.
            let place = SourceSpan(source: root.span.source, at: root.span.start)
            return [Diagnostic(rule: "internal-error",
                               message: "the bundled schema could not be loaded: \(error.diagnostics.first?.message ?? "unknown problem")",
                               span: place)]
        }
    }

    /// The schema's problems with a script played instead of the spec's own.
    private static func scriptSchemaProblems(_ script: YAMLNode) -> [Diagnostic] {
        guard case .success(let validator) = bundledValidator, let schema = bundledScriptSchema else { return [] }
        return validator.validate(script, against: schema)
    }

    /// The schema's and the rules' findings joined, with the quick fixes of
    /// the mechanical ones (edits of `bytes`, the spec's text, when given):
    /// the document unless one is an error.
    private static func result(_ schemaDiagnostics: [Diagnostic], _ checker: inout SemanticChecker,
                               _ outcome: SemanticChecker.Outcome, root: YAMLNode, bytes: [UInt8]?) -> SpecResult {
        var diagnostics = schemaDiagnostics
        let document = checker.finish(outcome, schemaFailed: diagnostics.contains { $0.severity == .error })
        diagnostics += checker.diagnostics
        // Two routes through the schema can find the same problem; say it once.
        func same(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
            a.span.start.offset == b.span.start.offset && a.span.end.offset == b.span.end.offset
                && a.rule == b.rule && a.message == b.message
        }
        if diagnostics.count <= 16 {
            // A few (a test case's usual count): comparing them costs less than hashing their messages.
            var kept: [Diagnostic] = []
            for d in diagnostics where !kept.contains(where: { same($0, d) }) { kept.append(d) }
            diagnostics = kept
        } else {
            struct Said: Hashable {
                let start: Int, end: Int, rule: String, message: String
                // Problems at one place are few: hashing the place alone
                // spares hashing thousands of messages.
                func hash(into hasher: inout Hasher) {
                    hasher.combine(start)
                    hasher.combine(end)
                }
            }
            var seen: Set<Said> = []
            seen.reserveCapacity(diagnostics.count)
            diagnostics = diagnostics.filter {
                seen.insert(Said(start: $0.span.start.offset, end: $0.span.end.offset, rule: $0.rule, message: $0.message)).inserted
            }
        }
        diagnostics = QuickFixes.attach(diagnostics, root: root, bytes: bytes)
        // `# accordion: allow RULE` comments: known from the spec's own text only.
        if let bytes { diagnostics = InlineAllows(bytes: bytes, source: root.span.source).applied(to: diagnostics, source: root.span.source) }
        let hasError = diagnostics.contains { $0.severity == .error }
        var result = SpecResult(diagnostics: Diagnostic.sortedByPosition(diagnostics), document: hasError ? nil : document)
        if let document = result.document, let containers = checker.containersAtExpectations {
            result.played = PlayedScript(document: document, containers: containers)
        }
        return result
    }

    /// Nodes from which the schema and the rules run on two threads (about
    /// 200 KB of spec; below it, starting a thread costs more than it saves).
    static let parallelNodeCount = 20_000

    /// The bundled schema as a node tree (for tools and tests).
    ///
    /// - Returns: The root of `accordion.schema.json`.
    /// - Throws: `DiagnosticError` only if the embedded schema were broken.
    public static func bundledSchemaNode() throws(DiagnosticError) -> YAMLNode {
        // The JSON parser is lighter than the YAML loader: this runs on every start.
        try JSONNodeParser.parse(BundledSchema.text, source: "accordion.schema.json")
    }

    /// The bundled schema's rule for a script, found once per process.
    static let bundledScriptSchema: JSONSchemaValidator.Subschema? =
        (try? bundledValidator.get())?.subschema(at: "/properties/script")

    /// The validator for the bundled schema, built once per process.
    static let bundledValidator: Result<JSONSchemaValidator, DiagnosticError> = {
        do {
            // Its descriptions and examples are for editors (`bundledSchemaNode`):
            // validation starts sooner without them.
            return .success(try JSONSchemaValidator(annotatedJSON: BundledSchema.text, source: "accordion.schema.json"))
        } catch let error as DiagnosticError {
            return .failure(error)
        } catch {
            return .failure(DiagnosticError([]))
        }
    }()
}
