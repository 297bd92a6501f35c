// Fuzz target (b): arbitrary bytes → YAML loader → accordion schema and
// semantic rules (`SpecLoader`). Every problem must be located inside the
// input; a document that validates must decode, run through the model with
// its invariants holding, and render in every format.
import AccordionDiagnostics
import AccordionModel
import AccordionRender
import AccordionSpec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let result = SpecLoader.load(bytes, source: "fuzz.yaml")
    let own = result.diagnostics.filter { $0.span.source == "fuzz.yaml" }
    if !own.isEmpty { checkLocated(own, input: bytes) }
    let errors = result.diagnostics.filter { $0.severity == .error }
    guard errors.isEmpty else { return 0 }
    guard let document = result.document else {
        fuzzFailure("a spec without errors did not decode (\(result.diagnostics.count) warnings)")
    }
    // Bounded like the structured target: huge scripts are the benchmark's job.
    guard document.panels.count <= 200, document.steps.count <= 200 else { return 0 }
    var model = AccordionContainer(title: document.title, container: document.container,
                                   panels: document.panels, expandedIndex: document.expandedIndex)
    checkInvariants(model, "after load")
    for (n, step) in document.steps.enumerated() {
        model.apply(step)
        checkInvariants(model, "after step \(n + 1): \(step)")
    }
    let snapshots = ScriptRun.run(title: document.title, container: document.container, panels: document.panels,
                                  expandedIndex: document.expandedIndex, steps: document.steps, everyStep: true)
    renderEveryFormat(snapshots)
    return 0
}
