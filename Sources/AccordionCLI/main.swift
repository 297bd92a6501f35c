/// The `accordion` executable: reads the command line by the command
/// tables, dispatches to one command, and owns exit codes: 0 success,
/// 1 a document problem, 2 usage or I/O problems.

import AccordionSpec

let version = "0.1.0"

/// Every command, in the order the top-level help and the README list them. Each lives in its own file.
nonisolated let commands: [CommandSpec] = [
    resolveCommand,
    validateCommand,
    renderCommand,
    previewCommand,
    testCommand,
    driveCommand,
    explainCommand,
    schemaCommand,
    lspCommand,
    completionsCommand,
    manCommand,
    versionCommand,
]

/// The usage of the tool itself, under a problem no command's table covers.
let topLevelUsage = "usage: accordion <command> [<options>]\n  See 'accordion --help' for the commands.\n"

/// Prints a usage problem and `reminder` (a usage line), and returns exit code 2.
func usageError(_ message: String, reminder: String) -> Int32 {
    IO.writeStderr("accordion: error: \(message)\n\(reminder)")
    return 2
}

/// Runs `command` on the words after its name.
func run(_ command: CommandSpec, _ args: [String]) -> Int32 {
    do throws(UsageError) {
        switch try ParsedArguments.parse(args, for: command) {
        case .help:
            IO.writeStdout(HelpText.help(command))
            return 0
        case .version:
            IO.writeStdout("accordion \(version)\n")
            return 0
        case .run(let parsed):
            return try command.run(parsed)
        }
    } catch {
        return usageError(error.message, reminder: HelpText.usageReminder(command))
    }
}

/// `accordion help [COMMAND]`; `help --markdown` prints the README's command table.
func runHelp(_ args: [String]) -> Int32 {
    guard let first = args.first else {
        IO.writeStdout(HelpText.topLevel(commands, version: version))
        return 0
    }
    if args.count == 1, first == "--markdown" {
        IO.writeStdout(HelpText.markdownTable(commands))
        return 0
    }
    guard args.count == 1, let command = commands.first(where: { $0.name == first }) else {
        return usageError(args.count == 1 ? "unknown command '\(first)'" : "help takes one command", reminder: topLevelUsage)
    }
    IO.writeStdout(HelpText.help(command))
    return 0
}

func main() -> Int32 {
    let args = Array(CommandLine.arguments.dropFirst())
    guard let first = args.first else { return usageError("missing command", reminder: topLevelUsage) }
    switch first {
    case "--help", "-h":
        IO.writeStdout(HelpText.topLevel(commands, version: version))
        return 0
    case "help":
        return runHelp(Array(args.dropFirst()))
    case "--version":
        IO.writeStdout("accordion \(version)\n")
        return 0
    default:
        guard let command = commands.first(where: { $0.name == first }) else {
            var message = "unknown command '\(first)'"
            if let guess = closest(to: first, in: commands.map(\.name)) { message += "; did you mean '\(guess)'?" }
            return usageError(message, reminder: topLevelUsage)
        }
        return run(command, Array(args.dropFirst()))
    }
}

IO.exit(main())
