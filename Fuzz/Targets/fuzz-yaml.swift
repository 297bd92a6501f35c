// Fuzz target (a): arbitrary bytes → YAML loader.
// The loader must either return a tree or throw located diagnostics; any
// crash, sanitizer report, hang or runaway memory is a bug.
import AccordionDiagnostics
import AccordionYAML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLLoader(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    do {
        _ = try YAMLLoader().load(bytes, source: "fuzz.yaml")
    } catch {
        checkLocated(error.diagnostics, input: bytes)
    }
    return 0
}
