/// Every text made from the command tables: a command's `--help` (OVERVIEW,
/// USAGE, ARGUMENTS, OPTIONS, laid out as swift-argument-parser lays them
/// out), the usage line under a usage error, the top-level help and the
/// README's command table.
enum HelpText {
    /// Lines are wrapped to this many columns.
    static let width = 80
    /// Where the help column of ARGUMENTS and OPTIONS starts.
    static let helpColumn = 26

    /// The options every command accepts besides its own.
    static let builtInOptions = [
        OptionSpec(long: "version", help: "Show the version."),
        OptionSpec(long: "help", short: "h", help: "Show help information."),
    ]

    /// `accordion render [--format <format>] ... <file>`, one item per option and argument.
    static func usageItems(_ command: CommandSpec) -> [String] {
        var items = ["accordion", command.name]
        items += command.options.map(\.usage)
        for argument in command.arguments {
            var text = "<\(argument.valueName)>"
            if argument.repeatable { text += " ..." }
            items.append(argument.optional ? "[\(text)]" : text)
        }
        return items
    }

    /// The usage line, wrapped after `prefix` with its continuation lines under the first argument.
    static func usage(_ command: CommandSpec, prefix: String) -> String {
        let items = usageItems(command)
        let hang = prefix.count + items[0].count + items[1].count + 2
        var lines: [String] = []
        var line = prefix + items[0] + " " + items[1]
        for item in items.dropFirst(2) {
            if line.count + 1 + item.count > width, line.count > hang {
                lines.append(line)
                line = String(repeating: " ", count: hang) + item
            } else {
                line += " " + item
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// What follows `accordion: error: MESSAGE` on a usage error.
    static func usageReminder(_ command: CommandSpec) -> String {
        usage(command, prefix: "usage: ") + "\n  See 'accordion help \(command.name)' for more information.\n"
    }

    /// `accordion COMMAND --help` and `accordion help COMMAND`.
    static func help(_ command: CommandSpec) -> String {
        var out = "OVERVIEW: " + wrap(command.abstract, indent: 0, firstLineUsed: 10) + "\n\n"
        if !command.discussion.isEmpty {
            out += command.discussion.split(separator: "\n\n", omittingEmptySubsequences: false)
                .map { wrap(String($0), indent: 0) }.joined(separator: "\n\n") + "\n\n"
        }
        out += usage(command, prefix: "USAGE: ") + "\n\n"
        if !command.arguments.isEmpty {
            out += "ARGUMENTS:\n"
            for argument in command.arguments {
                out += entry("<\(argument.valueName)>" + (argument.repeatable ? " ..." : ""), argument.help)
            }
            out += "\n"
        }
        out += "OPTIONS:\n"
        for option in command.options + builtInOptions {
            var text = option.help
            var notes: [String] = []
            if !option.allowed.isEmpty { notes.append("values: " + option.allowed.joined(separator: ", ")) }
            if let value = option.defaultValue { notes.append("default: " + value) }
            if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
            out += entry(option.label, text)
        }
        return out
    }

    /// The top-level help: the commands and how to get each one's help.
    static func topLevel(_ commands: [CommandSpec], version: String) -> String {
        var out = "OVERVIEW: accordion \(version): declarative YAML accordion specs, validated, driven and rendered.\n\n"
        out += "USAGE: accordion <command> [<options>]\n\n"
        out += "OPTIONS:\n"
        for option in builtInOptions { out += entry(option.label, option.help) }
        out += "\nCOMMANDS:\n"
        for command in commands { out += entry(command.name, command.abstract) }
        out += "\n  See 'accordion help <command>' for detailed help.\n"
        return out
    }

    /// The README's command table, one row per command.
    static func markdownTable(_ commands: [CommandSpec]) -> String {
        var out = "| command | what it does |\n|---|---|\n"
        for command in commands {
            let usage = usageItems(command).joined(separator: " ")
            out += "| `\(usage)` | \(command.readme) |\n"
        }
        return out
    }

    /// A left-column label and its help, the help wrapped at `helpColumn`
    /// (on the next line when the label reaches into it).
    static func entry(_ label: String, _ help: String) -> String {
        let left = "  " + label
        if left.count + 2 <= helpColumn {
            return left + String(repeating: " ", count: helpColumn - left.count)
                + wrap(help, indent: helpColumn, firstLineUsed: helpColumn) + "\n"
        }
        return left + "\n" + String(repeating: " ", count: helpColumn) + wrap(help, indent: helpColumn) + "\n"
    }

    /// `text` wrapped at word boundaries to `width`, continuation lines
    /// indented by `indent`; the first line starts after `firstLineUsed` columns.
    static func wrap(_ text: String, indent: Int, firstLineUsed: Int? = nil) -> String {
        var lines: [String] = []
        var line = ""
        var used = firstLineUsed ?? indent
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, used + line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
                used = indent
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }
}
