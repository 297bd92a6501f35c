import AccordionSpec

/// A command described as data, in the manner of swift-argument-parser (which
/// the package cannot depend on): the one table that parsing, `--help`, the
/// usage line of a usage error, `accordion help COMMAND` and the README's
/// command table are all made from.
struct CommandSpec: Sendable {
    var name: String
    /// One line: what the command does (the OVERVIEW of its help, its line in the top-level help).
    var abstract: String
    /// Paragraphs after the overview: semantics, exit status.
    var discussion: String = ""
    /// The command's row in the README's command table (Markdown).
    var readme: String
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    /// Runs with the parsed command line and returns the exit code; a thrown
    /// `UsageError` (a value the table could not judge, such as `--at -1`)
    /// is printed with the usage line, exit 2.
    var run: @Sendable (ParsedArguments) throws(UsageError) -> Int32

    /// The option spelled `--name` (or `-n`), if the command has one.
    func option(named spelling: String) -> OptionSpec? {
        options.first { "--" + $0.long == spelling || $0.short.map { "-" + String($0) } == spelling }
    }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    /// Shown as `<file>`.
    var valueName: String
    var help: String
    /// `PATH...`: one or more.
    var repeatable = false
    /// May be left out (`explain --list` needs no RULE).
    var optional = false
}

/// An option (`--format <format>`) or a flag (`--steps`).
struct OptionSpec: Sendable {
    /// The long name without dashes: `format`.
    var long: String
    /// The short name: `o` for `-o`.
    var short: Character? = nil
    /// The value's name (`format` shows as `<format>`); nil for a flag.
    var valueName: String? = nil
    /// The only values accepted, in the order the help lists them; empty for any.
    var allowed: [String] = []
    /// The value when the option is not given, as the help shows it.
    var defaultValue: String? = nil
    /// May be given more than once (`--tap ID --tap ID`).
    var repeatable = false
    var help: String

    var isFlag: Bool { valueName == nil }

    /// `--format <format>`, `-o, --output <file>`, `--steps`: the option as the help's left column shows it.
    var label: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--" + long
        if let valueName { text += " <\(valueName)>" }
        return text
    }

    /// The option in a usage line: `[--format <format>]`, `[--tap <id> ...]`.
    var usage: String {
        var text = "--" + long
        if let valueName { text += " <\(valueName)>" }
        if repeatable { text += " ..." }
        return "[" + text + "]"
    }
}

/// The `--color` option every command that colours its output shares.
let colorOption = OptionSpec(
    long: "color", valueName: "when", allowed: ColorChoice.allCases.map(\.rawValue), defaultValue: "auto",
    help: "Colour the output: auto colours a terminal, unless NO_COLOR is set and not empty; "
        + "FORCE_COLOR set and not empty colours anything.")

/// The `--watch` flag of `validate`: run again on every change, until Ctrl-C.
let watchOption = OptionSpec(long: "watch", help: "Run again each time a file changes (for a directory, any "
    + "spec in it), until Ctrl-C (exit 0); each run starts with a line on standard error with the time.")

/// A problem with the command line: `accordion: error: MESSAGE`, the usage line, exit 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The command line as the table read it.
struct ParsedArguments {
    /// Values of the options given, by long name, in command-line order.
    private(set) var values: [String: [String]] = [:]
    /// Positional arguments, in order.
    private(set) var positionals: [String] = []

    /// Whether a flag (or an option) was given.
    func has(_ long: String) -> Bool { values[long] != nil }

    /// The last value given for an option, or nil.
    func value(_ long: String) -> String? { values[long]?.last }

    /// Every value given for a repeatable option.
    func all(_ long: String) -> [String] { values[long] ?? [] }

    /// The `--color` choice (auto when not given).
    var color: ColorChoice { value("color").flatMap(ColorChoice.init(rawValue:)) ?? .auto }

    /// What a command line asks for before any command runs.
    enum Request {
        case run(ParsedArguments)
        case help
        case version
    }

    /// Reads `args` (the words after the command name) by `command`'s table:
    /// `--name value`, `--name=value`, `-n value`, repeatable options, `--`
    /// ending the options, `-` as an argument (standard input). `--help`/`-h`
    /// and `--version` before `--` win over everything else on the line.
    static func parse(_ args: [String], for command: CommandSpec) throws(UsageError) -> Request {
        let optionWords = args.prefix { $0 != "--" }
        if optionWords.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        if optionWords.contains("--version") { return .version }

        var parsed = ParsedArguments()
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let word = args[i]
            i += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var spelling = word
            var inline: String?
            if let eq = word.firstIndex(of: "=") {
                spelling = String(word[..<eq])
                inline = String(word[word.index(after: eq)...])
            }
            guard let option = command.option(named: spelling) else {
                throw UsageError(unknownOption(word, spelling: spelling, in: command))
            }
            if option.isFlag {
                if inline != nil { throw UsageError("'--\(option.long)' takes no value") }
                parsed.values[option.long, default: []].append("")
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if i < args.count {
                value = args[i]
                i += 1
            } else {
                throw UsageError("missing value for '\(spelling) <\(option.valueName!)>'")
            }
            if !option.allowed.isEmpty, !option.allowed.contains(value) {
                throw UsageError("unknown value '\(value)' for '\(spelling)'; the values are "
                    + option.allowed.joined(separator: ", "))
            }
            if !option.repeatable, parsed.values[option.long] != nil {
                throw UsageError("'--\(option.long)' is given twice; give it once")
            }
            parsed.values[option.long, default: []].append(value)
        }
        try parsed.checkPositionals(command.arguments, command: command.name)
        return .run(parsed)
    }

    /// The positional count against the table: each argument once (one or
    /// more for a repeatable one), optional ones may be left out.
    private func checkPositionals(_ arguments: [ArgumentSpec], command: String) throws(UsageError) {
        let required = arguments.filter { !$0.optional }
        if positionals.count < required.count {
            throw UsageError("missing <\(required[positionals.count].valueName)>")
        }
        if !arguments.contains(where: \.repeatable), positionals.count > arguments.count {
            let names = arguments.map { "<\($0.valueName)>" }.joined(separator: " ")
            let takes = arguments.isEmpty ? "no arguments" : "one " + names
            throw UsageError("unexpected argument '\(positionals[arguments.count])'; \(command) takes \(takes)")
        }
    }

    /// "unknown option", with the closest option of the command when one is near.
    private static func unknownOption(_ word: String, spelling: String, in command: CommandSpec) -> String {
        var message = "unknown option '\(word)'"
        let names = command.options.map { "--" + $0.long } + ["--help", "--version"]
        if let guess = closest(to: spelling, in: names) { message += "; did you mean '\(guess)'?" }
        return message
    }
}
