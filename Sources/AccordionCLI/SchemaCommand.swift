import AccordionSpec

/// `accordion schema`: prints the bundled JSON Schema, byte for byte the
/// repository's `Schemas/accordion.schema.json`, for editors and other tools.
let schemaCommand = CommandSpec(
    name: "schema",
    abstract: "Print the spec format's JSON Schema (draft 2020-12).",
    discussion: "Prints the bundled JSON Schema of the accordion spec format, the file an editor's "
        + "'# yaml-language-server: $schema=...' modeline points at. With --output, writes it to FILE instead, "
        + "atomically (a reader sees the old file or the new one, never a part), for example once into a folder "
        + "every project's modeline can name by an absolute path.",
    readme: "prints the spec format's JSON Schema, or writes it with `--output FILE` (point your editor at it: "
        + "`# yaml-language-server: $schema=/path/to/accordion.schema.json`)",
    options: [OptionSpec(long: "output", short: "o", valueName: "file", help: "Write the schema to FILE (atomically) instead of standard output.")],
    run: { args in
        guard let path = args.value("output") else {
            IO.writeStdout(BundledSchema.text)
            return 0
        }
        do throws(IO.Failure) {
            try IO.writeAtomically(BundledSchema.text, to: path)
        } catch {
            IO.writeStderr("accordion: error: \(error.message)\n")
            return 2
        }
        return 0
    }
)
