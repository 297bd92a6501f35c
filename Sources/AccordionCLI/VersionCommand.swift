/// `accordion version`: the version, as `--version` prints it, for those
/// who expect a command.
let versionCommand = CommandSpec(
    name: "version",
    abstract: "Print accordion's version.",
    readme: "prints the version, as `--version` does",
    run: { _ in
        IO.writeStdout("accordion \(version)\n")
        return 0
    }
)
