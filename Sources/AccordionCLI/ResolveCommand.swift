import AccordionDiagnostics
import AccordionYAML

/// `accordion resolve FILE|-`: prints the resolved document as JSON. (Being written.)
let resolveCommand = Command(
    name: "resolve",
    summary: "print how a YAML file resolves, as JSON",
    usage: "usage: accordion resolve FILE|-",
    run: { args in
        guard args.count == 1 else { return usageError("resolve takes exactly one FILE or '-'", usage: "usage: accordion resolve FILE|-") }
        return 1
    }
)
