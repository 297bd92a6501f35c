import AccordionSpec

/// `accordion explain RULE`: the long form of a rule id, from the catalog in
/// AccordionSpec, so every id `validate` prints can be looked up.
let explainCommand = CommandSpec(
    name: "explain",
    abstract: "Explain a rule id that 'validate' reports.",
    discussion: "Prints what a rule id (the [bracketed] name after each problem 'validate' reports) means, "
        + "why it exists, and an example of the fix.",
    readme: "what a rule id such as `duplicate-panel-id` means, why, and an example fix (`--list` for all)",
    arguments: [ArgumentSpec(valueName: "rule", help: "A rule id, as printed ([schema-type] or schema-type).",
                             optional: true)],
    options: [OptionSpec(long: "list", help: "List every rule id with its severity and summary.")],
    run: { args throws(UsageError) in
        if args.has("list") {
            guard args.positionals.isEmpty else { throw UsageError("give a <rule> or --list, not both") }
            let width = RuleCatalog.all.map(\.id.count).max() ?? 0
            var text = ""
            for r in RuleCatalog.all {
                text += r.id + String(repeating: " ", count: width - r.id.count + 2)
                    + r.severity.rawValue + String(repeating: " ", count: 9 - r.severity.rawValue.count) + r.summary + "\n"
            }
            IO.writeStdout(text)
            return 0
        }
        guard let id = args.positionals.first else { throw UsageError("missing <rule> (or --list for every rule)") }
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
