import AccordionSpec

private let explainUsage = """
usage: accordion explain RULE
       accordion explain --list

Prints what a rule id (the [bracketed] name after each problem 'validate'
reports) means, why it exists, and an example of the fix.
"""

/// `accordion explain RULE`: the long form of a rule id, from the catalog in
/// AccordionSpec, so every id `validate` prints can be looked up.
let explainCommand = Command(
    name: "explain",
    summary: "explain a rule id that 'validate' reports",
    usage: explainUsage,
    run: { args in
        guard args.count == 1 else {
            return usageError(args.isEmpty ? "missing RULE" : "explain takes exactly one RULE", usage: explainUsage)
        }
        let id = args[0]
        if id == "--list" {
            let width = RuleCatalog.all.map(\.id.count).max() ?? 0
            var text = ""
            for r in RuleCatalog.all {
                text += r.id + String(repeating: " ", count: width - r.id.count + 2)
                    + r.severity.rawValue + String(repeating: " ", count: 9 - r.severity.rawValue.count) + r.summary + "\n"
            }
            IO.writeStdout(text)
            return 0
        }
        if id.hasPrefix("-") {
            return usageError("unknown option '\(id)'", usage: explainUsage)
        }
        // Accept the id as printed, brackets included: `[schema-type]`.
        let bare = id.hasPrefix("[") && id.hasSuffix("]") ? String(id.dropFirst().dropLast()) : id
        guard let rule = RuleCatalog.rule(bare) else {
            var message = "unknown rule '\(id)'"
            if let guess = RuleCatalog.suggestion(for: bare) { message += "; did you mean '\(guess)'?" }
            IO.writeStderr("accordion: error: \(message)\nRun 'accordion explain --list' to see every rule id.\n")
            return 2
        }
        IO.writeStdout(RuleCatalog.explanation(rule))
        return 0
    }
)
