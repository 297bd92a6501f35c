import AccordionSpec

/// `accordion schema`: prints the bundled JSON Schema, byte for byte the
/// repository's `Schemas/accordion.schema.json`, for editors and other tools.
let schemaCommand = Command(
    name: "schema",
    summary: "print the spec format's JSON Schema (draft 2020-12)",
    usage: "usage: accordion schema\n\nPrints the bundled JSON Schema of the accordion spec format (the file an editor's\n'# yaml-language-server: $schema=...' modeline points at).",
    run: { args in
        guard args.isEmpty else {
            return usageError("schema takes no arguments", usage: "usage: accordion schema")
        }
        IO.writeStdout(BundledSchema.text)
        return 0
    }
)
