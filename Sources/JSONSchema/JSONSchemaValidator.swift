import AccordionDiagnostics
import AccordionYAML

/// A compiled JSON Schema (draft 2020-12) that validates located YAML nodes,
/// so every problem knows the line and column of the offending value and the
/// keyword that rejected it. Compile once, validate many documents.
public struct JSONSchemaValidator: Sendable {
    let program: SchemaProgram
    /// The work and depth limits every validation runs under.
    public var limits: JSONSchemaLimits

    /// Compiles `schema`; throws located diagnostics for an invalid or
    /// unresolvable schema (bad keyword values, invalid patterns, `$ref`s to
    /// unknown documents). The draft 2020-12 meta-schemas are known offline.
    ///
    /// - Parameters:
    ///   - schema: The schema document's root.
    ///   - limits: Bounds that keep validation finite on hostile input.
    /// - Throws: `DiagnosticError` located in the schema.
    public init(schema: YAMLNode, limits: JSONSchemaLimits = JSONSchemaLimits()) throws(DiagnosticError) {
        program = try SchemaCompiler().compileDocument(schema)
        self.limits = limits
    }

    /// Compiles a schema written as JSON text without making nodes for the
    /// annotations no check reads (`title`, `description`,
    /// `markdownDescription`, `examples`, `default`, `$comment` of every
    /// schema): validation gives the same problems as from the whole text,
    /// started sooner. Those annotations are then neither checked nor seen by
    /// `validateDefaultsAndExamples`, so this is for a schema known to be
    /// valid (the tool's own, which its tests compile whole).
    ///
    /// - Parameters:
    ///   - text: The schema as JSON.
    ///   - source: The name diagnostics give it.
    ///   - limits: Bounds that keep validation finite on hostile input.
    /// - Throws: `DiagnosticError` for malformed JSON or an invalid schema.
    public init(annotatedJSON text: String, source: String, limits: JSONSchemaLimits = JSONSchemaLimits()) throws(DiagnosticError) {
        let schema = try JSONNodeParser.parse(text, source: source, omittingAnnotations: true)
        program = try SchemaCompiler().compileDocument(schema)
        self.limits = limits
    }

    /// Every problem of `instance` (severity `.error`), sorted by position:
    /// span = the offending node (or key), rule `schema-<keyword>`,
    /// `instancePath`/`schemaPath` as JSON pointers, and `help` where there is a fix.
    ///
    /// - Parameter instance: The document to check.
    /// - Returns: Its problems; empty when it is valid.
    public func validate(_ instance: YAMLNode) -> [Diagnostic] {
        run(program.root, instance, failFast: false)
    }

    /// True when `instance` is valid; stops at the first problem and builds no messages.
    ///
    /// - Parameter instance: The document to check.
    /// - Returns: Whether it is valid.
    public func isValid(_ instance: YAMLNode) -> Bool {
        let evaluation = Evaluation(program: program, failFast: true, limits: limits)
        evaluation.limitWork(for: instance)
        var none: Annotations? = nil
        return instance.withBorrowed { evaluation.apply(program.root, $0, &none) } && evaluation.limitErrors.isEmpty
    }

    /// The official draft 2020-12 meta-schema (embedded), for checking that a
    /// schema is itself well-formed, with every problem located in it.
    ///
    /// - Returns: A validator for schemas.
    /// - Throws: `DiagnosticError` only if the embedded meta-schema were broken.
    public static func draft202012MetaSchema() throws(DiagnosticError) -> JSONSchemaValidator {
        let text = KnownSchemaDocuments.all[0].text
        return try JSONSchemaValidator(schema: try JSONNodeParser.parse(text, source: KnownSchemaDocuments.all[0].uri))
    }

    /// Problems of `instance` against the subschema at JSON pointer `pointer`
    /// in the main schema document (e.g. `/$defs/panel`), with references and
    /// dynamic scope as if reached from the root; nil when no subschema is there.
    ///
    /// - Parameters:
    ///   - instance: The value to check.
    ///   - pointer: A JSON pointer into the schema document.
    /// - Returns: The problems, or nil when `pointer` names no subschema.
    public func validate(_ instance: YAMLNode, subschemaAt pointer: String) -> [Diagnostic]? {
        guard let unit = subschemaUnit(at: pointer) else { return nil }
        return run(unit, instance, failFast: false)
    }

    /// A subschema of the main schema document, found once by its JSON
    /// pointer, for validating many values against it without looking it
    /// up each time.
    public struct Subschema: Sendable {
        let unit: Int
    }

    /// The subschema at JSON pointer `pointer` (e.g. `/$defs/panel`); nil
    /// when no subschema is there.
    ///
    /// - Parameter pointer: A JSON pointer into the schema document.
    /// - Returns: The subschema, for `validate(_:against:)`.
    public func subschema(at pointer: String) -> Subschema? {
        subschemaUnit(at: pointer).map(Subschema.init)
    }

    /// Problems of `instance` against `subschema` (one of this validator's),
    /// as `validate(_:subschemaAt:)` finds them.
    ///
    /// - Parameters:
    ///   - instance: The value to check.
    ///   - subschema: From `subschema(at:)` of this validator.
    /// - Returns: The problems; empty when it is valid.
    public func validate(_ instance: YAMLNode, against subschema: Subschema) -> [Diagnostic] {
        run(subschema.unit, instance, failFast: false)
    }

    /// Checks every `default` and `examples` value of the main schema against
    /// the subschema it annotates, so the hints an editor shows are valid
    /// themselves. Problems are located at the value in the schema file.
    ///
    /// - Returns: The problems; empty when every annotation is valid.
    public func validateDefaultsAndExamples() -> [Diagnostic] {
        var out: [Diagnostic] = []
        for unit in program.units where !unit.location.contains("#") {
            guard case .mapping = unit.node.kind else { continue }
            var values: [(YAMLNode, String)] = []
            if let d = unit.node["default"] { values.append((d, unit.location + "/default")) }
            if let examples = unit.node["examples"]?.items {
                for (k, e) in examples.enumerated() { values.append((e, unit.location + "/examples/\(k)")) }
            }
            for (value, where_) in values {
                for var d in run(unit.index, value, failFast: false) {
                    d.instancePath = where_ + d.instancePath
                    d.message = "this `\(where_.split(separator: "/").last(where: { Int($0) == nil }) ?? "")` value is invalid for its own schema: " + d.message
                    out.append(d)
                }
            }
        }
        return Diagnostic.sortedByPosition(out)
    }

    func subschemaUnit(at pointer: String) -> Int? {
        var node = program.units[program.root].node
        var tokens = pointer.hasPrefix("#") ? String(pointer.dropFirst()) : pointer
        tokens = URIReference.percentDecoded(tokens)
        if !tokens.isEmpty {
            guard tokens.hasPrefix("/") else { return nil }
            for raw in tokens.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
                let token = String(raw).unescapingPointerToken()
                switch node.kind {
                case .mapping(let entries):
                    guard let e = entries.first(where: { JSONValues.keyName($0.key) == token }) else { return nil }
                    node = e.value
                case .sequence(let items):
                    guard let k = Int(token), k >= 0, k < items.count else { return nil }
                    node = items[k]
                case .scalar:
                    return nil
                }
            }
        }
        return program.unitByNode[node]
    }

    func run(_ unit: Int, _ instance: YAMLNode, failFast: Bool) -> [Diagnostic] {
        let evaluation = Evaluation(program: program, failFast: failFast, limits: limits)
        evaluation.limitWork(for: instance)
        evaluation.enterScope(program.units[program.root].resource)
        var none: Annotations? = nil
        let ok = instance.withBorrowed { evaluation.apply(unit, $0, &none) }
        if failFast { return ok && evaluation.limitErrors.isEmpty ? [] : [Diagnostic(rule: "schema-invalid", message: "invalid", span: instance.span)] }
        // The same complaint about the same value through two routes (a `$ref`
        // and a sibling keyword, say) is reported once.
        struct Key: Hashable {
            let span: SourceSpan, rule: String, message: String, instancePath: String
        }
        var seen: Set<Key> = []
        var out: [Diagnostic] = []
        for d in evaluation.errors + evaluation.limitErrors
        where seen.insert(Key(span: d.span, rule: d.rule, message: d.message, instancePath: d.instancePath)).inserted {
            out.append(d)
        }
        return Diagnostic.sortedByPosition(out)
    }

    /// Warnings found while compiling (unknown keywords), located in the schema.
    public var schemaWarnings: [Diagnostic] { program.warnings }

    /// Every rule id this validator can report, with what it means, for
    /// `accordion explain` and SARIF rule tables.
    public static let rules: [(id: String, summary: String)] = [
        ("schema-type", "The value has the wrong JSON type (e.g. a string where a number is expected)."),
        ("schema-enum", "The value is not one of the values the schema lists."),
        ("schema-const", "The value differs from the single value the schema allows."),
        ("schema-multiple-of", "The number is not a multiple of the schema's `multipleOf`."),
        ("schema-maximum", "The number is above the schema's `maximum`."),
        ("schema-exclusive-maximum", "The number is not below the schema's `exclusiveMaximum`."),
        ("schema-minimum", "The number is below the schema's `minimum`."),
        ("schema-exclusive-minimum", "The number is not above the schema's `exclusiveMinimum`."),
        ("schema-max-length", "The string has more characters (Unicode code points) than `maxLength`."),
        ("schema-min-length", "The string has fewer characters (Unicode code points) than `minLength`."),
        ("schema-pattern", "The string does not match the schema's regular expression `pattern`."),
        ("schema-pattern-limit", "A regular expression needed too many steps on a value, so it was not checked."),
        ("schema-max-items", "The sequence has more items than `maxItems`."),
        ("schema-min-items", "The sequence has fewer items than `minItems`."),
        ("schema-unique-items", "The sequence repeats an item although `uniqueItems` is true."),
        ("schema-contains", "Too few items of the sequence match the `contains` schema."),
        ("schema-max-contains", "Too many items of the sequence match the `contains` schema."),
        ("schema-max-properties", "The mapping has more keys than `maxProperties`."),
        ("schema-min-properties", "The mapping has fewer keys than `minProperties`."),
        ("schema-required", "A key the schema requires is missing."),
        ("schema-dependent-required", "A key is missing that another present key requires."),
        ("schema-additional-properties", "The mapping has a key the schema does not allow."),
        ("schema-unevaluated-properties", "The mapping has a key no part of the schema allows."),
        ("schema-items", "The sequence has more items than the schema allows."),
        ("schema-unevaluated-items", "The sequence has an item no part of the schema allows."),
        ("schema-one-of", "The value must match exactly one alternative of `oneOf`."),
        ("schema-any-of", "The value matches none of the alternatives of `anyOf`."),
        ("schema-not", "The value matches a schema it must not match."),
        ("schema-false", "No value is allowed at this place (the schema is `false`)."),
        ("schema-recursion-limit", "Validation went too deep (usually a `$ref` cycle that never moves into the value)."),
        ("schema-too-many-problems", "Validation stopped after many problems; fix those and validate again."),
        ("schema-invalid", "The schema itself is invalid at this place."),
        ("schema-invalid-pattern", "A regular expression in the schema is not valid ECMA-262 syntax."),
        ("schema-unresolved-ref", "A `$ref` or `$dynamicRef` in the schema names nothing known."),
        ("schema-unknown-keyword", "The schema uses a keyword draft 2020-12 does not define; it is ignored."),
    ]
}
