/// The `accordion` executable: parses the command line, dispatches to one
/// command from the table below, and owns exit codes: 0 success, 1 a
/// document problem, 2 usage or I/O problems.

let version = "0.1.0"

/// A sub-command: its name, one-line summary, usage text and runner.
struct Command: Sendable {
    var name: String
    var summary: String
    var usage: String
    /// Runs with the arguments after the command name and returns the exit code.
    var run: @Sendable ([String]) -> Int32
}

/// Every command, in the order `--help` lists them. Each lives in its own file.
nonisolated let commands: [Command] = [
    resolveCommand,
    validateCommand,
    renderCommand,
    explainCommand,
    schemaCommand,
]

func topLevelHelp() -> String {
    var text = """
    accordion \(version): declarative YAML accordion specs, validated, driven and rendered.

    USAGE: accordion <command> [options]

    COMMANDS:

    """
    let width = commands.map(\.name.count).max() ?? 0
    for c in commands {
        text += "  " + c.name + String(repeating: " ", count: width - c.name.count + 2) + c.summary + "\n"
    }
    text += "\nRun 'accordion <command> --help' for a command's options.\n"
    return text
}

/// Prints a usage problem and the hint, and returns exit code 2.
func usageError(_ message: String, usage: String) -> Int32 {
    IO.writeStderr("accordion: error: \(message)\n\(usage)\n")
    return 2
}

func main() -> Int32 {
    let args = Array(CommandLine.arguments.dropFirst())
    guard let first = args.first else {
        return usageError("missing command", usage: "usage: accordion <command> [options]; see 'accordion --help'")
    }
    switch first {
    case "--help", "-h", "help":
        IO.writeStdout(topLevelHelp())
        return 0
    case "--version":
        IO.writeStdout("accordion \(version)\n")
        return 0
    default:
        guard let command = commands.first(where: { $0.name == first }) else {
            return usageError("unknown command '\(first)'", usage: "usage: accordion <command> [options]; see 'accordion --help'")
        }
        let rest = Array(args.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            IO.writeStdout(command.usage + "\n")
            return 0
        }
        return command.run(rest)
    }
}

IO.exit(main())
