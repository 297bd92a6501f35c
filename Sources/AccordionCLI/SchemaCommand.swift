import AccordionSpec

/// `accordion schema`: prints the bundled JSON Schema, byte for byte the
/// repository's `Schemas/accordion.schema.json`, for editors and other tools.
let schemaCommand = CommandSpec(
    name: "schema",
    abstract: "Print the spec format's JSON Schema (draft 2020-12).",
    discussion: "Prints the bundled JSON Schema of the accordion spec format, the file an editor's "
        + "'# yaml-language-server: $schema=...' modeline points at.",
    readme: "prints the spec format's JSON Schema (point your editor at it: "
        + "`# yaml-language-server: $schema=../Schemas/accordion.schema.json`)",
    run: { _ in
        IO.writeStdout(BundledSchema.text)
        return 0
    }
)
