// Fuzz target (c): arbitrary bytes → YAML loader → the document used as a
// JSON Schema → that schema validating the document itself. This fuzzes the
// validator's handling of arbitrary schemas: `$ref` cycles, deep `allOf`,
// huge or tiny `multipleOf`, pathological `pattern`s, `$dynamicRef`,
// `unevaluated*`. An invalid schema must be a located error, a valid one
// must validate any instance in bounded time and stack.
import AccordionDiagnostics
import AccordionYAML
import JSONSchema

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let node: YAMLNode
    do {
        node = try YAMLLoader().load(bytes, source: "fuzz.yaml")
    } catch {
        return 0
    }
    // Tighter limits than the defaults: the fuzzer checks that the limits
    // hold and end in located errors, and under ASan and coverage every step
    // costs many times more (RELIABILITY.md); the defaults' figures are
    // measured on the release build (Fuzz/hostile-figures.py).
    var limits = JSONSchemaLimits()
    limits.regexBudget = 100_000
    limits.totalRegexBudget = 1_000_000
    limits.regexStepsPerValue = 50
    limits.maxWork = 200_000
    limits.workPerValue = 50
    let validator: JSONSchemaValidator
    do {
        validator = try JSONSchemaValidator(schema: node, limits: limits)
    } catch {
        let own = error.diagnostics.filter { $0.span.source == "fuzz.yaml" }
        if !own.isEmpty { checkLocated(own, input: bytes) }
        return 0
    }
    let diagnostics = validator.validate(node)
    let own = diagnostics.filter { $0.span.source == "fuzz.yaml" }
    if !own.isEmpty { checkLocated(own, input: bytes) }
    if validator.isValid(node) != diagnostics.allSatisfy({ $0.severity != .error }) {
        fuzzFailure("isValid disagrees with validate's \(diagnostics.count) diagnostics")
    }
    return 0
}
