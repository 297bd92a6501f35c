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
    public init(schema: YAMLNode, limits: JSONSchemaLimits = JSONSchemaLimits()) throws(DiagnosticError) {
        program = try SchemaCompiler().compileDocument(schema)
        self.limits = limits
    }

    /// Every problem of `instance` (severity `.error`), sorted by position:
    /// span = the offending node (or key), rule `schema-<keyword>`,
    /// `instancePath`/`schemaPath` as JSON pointers, and `help` where there is a fix.
    public func validate(_ instance: YAMLNode) -> [Diagnostic] {
        let evaluation = Evaluation(program: program, failFast: false, limits: limits)
        var none: Annotations? = nil
        _ = evaluation.apply(program.root, instance, &none)
        var seen: Set<Diagnostic> = []
        var out: [Diagnostic] = []
        for d in evaluation.errors + evaluation.limitErrors where seen.insert(d).inserted {
            out.append(d)
        }
        return Diagnostic.sortedByPosition(out)
    }

    /// True when `instance` is valid; stops at the first problem and builds no messages.
    public func isValid(_ instance: YAMLNode) -> Bool {
        let evaluation = Evaluation(program: program, failFast: true, limits: limits)
        var none: Annotations? = nil
        return evaluation.apply(program.root, instance, &none) && evaluation.limitErrors.isEmpty
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
        ("schema-invalid", "The schema itself is invalid at this place."),
        ("schema-invalid-pattern", "A regular expression in the schema is not valid ECMA-262 syntax."),
        ("schema-unresolved-ref", "A `$ref` or `$dynamicRef` in the schema names nothing known."),
        ("schema-unknown-keyword", "The schema uses a keyword draft 2020-12 does not define; it is ignored."),
    ]
}
