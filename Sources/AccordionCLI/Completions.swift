import AccordionSpec

/// The shells `accordion completions` writes a script for.
enum Shell: String, CaseIterable {
    case bash, zsh, fish
}

/// `accordion completions bash|zsh|fish`: a completion script made from the
/// command tables (`commands`), so a new command or option completes
/// without another edit.
let completionsCommand = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script (bash, zsh or fish).",
    discussion: "Prints a script that completes accordion's commands, options, option values and rule ids, made "
        + "from the same tables as the help. Install it with, for example:\n\n"
        + "bash: accordion completions bash > ~/.local/share/bash-completion/completions/accordion\n\n"
        + "zsh: accordion completions zsh > ~/.zfunc/_accordion (with ~/.zfunc in fpath, before compinit)\n\n"
        + "fish: accordion completions fish > ~/.config/fish/completions/accordion.fish",
    readme: "prints a completion script for `bash`, `zsh` or `fish`, made from the command tables",
    arguments: [ArgumentSpec(valueName: "shell", help: "bash, zsh or fish.")],
    run: { args throws(UsageError) in
        guard let shell = args.positionals.first.flatMap(Shell.init(rawValue:)) else {
            throw UsageError("unknown shell '\(args.positionals.first ?? "")'; the shells are bash, zsh, fish")
        }
        IO.writeStdout(Completions.script(for: shell, commands: commands))
        return 0
    }
)

/// Completion scripts, one function of the tables per shell.
enum Completions {
    /// What an option's or argument's value completes to.
    enum Values: Equatable {
        case words([String])
        case files
        case nothing
    }

    /// Value names whose values are paths.
    static let pathNames: Set<String> = ["file", "path", "spec"]

    static func values(of option: OptionSpec) -> Values {
        if !option.allowed.isEmpty { return .words(option.allowed) }
        return pathNames.contains(option.valueName ?? "") ? .files : .nothing
    }

    static func values(of argument: ArgumentSpec, in command: CommandSpec) -> Values {
        if command.name == "completions" { return .words(Shell.allCases.map(\.rawValue)) }
        if argument.valueName == "rule" { return .words(RuleCatalog.all.map(\.id)) }
        return pathNames.contains(argument.valueName) ? .files : .nothing
    }

    /// Every spelling of the command's options, the built-in ones last.
    static func spellings(_ command: CommandSpec) -> [String] {
        (command.options + HelpText.builtInOptions).flatMap { o in ["--" + o.long] + (o.short.map { ["-" + String($0)] } ?? []) }
    }

    static func script(for shell: Shell, commands: [CommandSpec]) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    static func bash(_ commands: [CommandSpec]) -> String {
        func reply(_ values: Values) -> String {
            switch values {
            case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
            case .files: "COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null"
            case .nothing: "COMPREPLY=()"
            }
        }
        let names = commands.map(\.name) + ["help"]
        var out = """
            # bash completion for accordion, made by `accordion completions bash` from its command tables.
            _accordion() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in -*) ;; *) cmd=${COMP_WORDS[i]}; break ;; esac
                done
                if [[ -z $cmd ]]; then
                    COMPREPLY=($(compgen -W "\(names.joined(separator: " ")) --help -h --version" -- "$cur"))
                    return
                fi
                case $cmd in

            """
        for command in commands {
            out += "        \(command.name))\n"
            let valued = command.options.filter { !$0.isFlag }
            if !valued.isEmpty {
                out += "            case $prev in\n"
                for option in valued {
                    let spelled = (["--" + option.long] + (option.short.map { ["-" + String($0)] } ?? [])).joined(separator: "|")
                    out += "                \(spelled)) \(reply(values(of: option))); return ;;\n"
                }
                out += "            esac\n"
            }
            out += "            if [[ $cur == -* ]]; then \(reply(.words(spellings(command)))); return; fi\n"
            out += "            \(reply(command.arguments.first.map { values(of: $0, in: command) } ?? .nothing)) ;;\n"
        }
        out += "        help) \(reply(.words(commands.map(\.name)))) ;;\n"
        out += "    esac\n}\ncomplete -F _accordion accordion\n"
        return out
    }

    /// A text in single quotes for zsh's `_arguments` specs (`'` as `'\''`,
    /// and the spec's own `[`, `]` and `:` escaped).
    private static func zshQuoted(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "'": out += "'\\''"
            case "[", "]", ":": out += "\\" + String(c)
            default: out.append(c)
            }
        }
        return out
    }

    /// The first sentence of a help text, for a one-line description.
    private static func summary(_ help: String) -> String {
        let sentence = help.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? help
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    static func zsh(_ commands: [CommandSpec]) -> String {
        func action(_ values: Values) -> String {
            switch values {
            case .words(let words): "(\(words.joined(separator: " ")))"
            case .files: "_files"
            case .nothing: " "
            }
        }
        var out = "#compdef accordion\n# zsh completion for accordion, made by `accordion completions zsh` from its command tables.\n\n"
        out += "_accordion() {\n    local line state\n    _arguments -C \\\n"
        out += "        '(- *)--help[Show help information]' '(- *)-h[Show help information]' '(- *)--version[Show the version]' \\\n"
        out += "        '1: :->command' '*:: :->args'\n"
        out += "    case $state in\n    command)\n        local -a cmds\n        cmds=(\n"
        for command in commands { out += "            '\(command.name):\(zshQuoted(command.abstract))'\n" }
        out += "            'help:Show the help of a command'\n        )\n        _describe command cmds ;;\n"
        out += "    args)\n        case $line[1] in\n"
        for command in commands {
            out += "        \(command.name))\n            _arguments \\\n"
            for option in command.options + HelpText.builtInOptions {
                let value = option.isFlag ? "" : ":\(option.valueName ?? "value"):\(action(values(of: option)))"
                let repeatable = option.repeatable ? "*" : ""
                for spelling in ["--" + option.long] + (option.short.map { ["-" + String($0)] } ?? []) {
                    out += "                '\(repeatable)\(spelling)[\(zshQuoted(summary(option.help)))]\(value)' \\\n"
                }
            }
            if let argument = command.arguments.first {
                let position = argument.repeatable ? "*" : "1"
                out += "                '\(position):\(argument.valueName):\(action(values(of: argument, in: command)))'\n"
            } else {
                out += "                \n"
            }
            out += "            ;;\n"
        }
        out += "        help) _values command \(commands.map(\.name).joined(separator: " ")) ;;\n"
        out += "        esac ;;\n    esac\n}\n\n_accordion \"$@\"\n"
        return out
    }

    /// A text in single quotes for fish.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    static func fish(_ commands: [CommandSpec]) -> String {
        let names = (commands.map(\.name) + ["help"]).joined(separator: " ")
        var out = "# fish completion for accordion, made by `accordion completions fish` from its command tables.\n"
        out += "complete -c accordion -f\n"
        out += "complete -c accordion -n 'not __fish_seen_subcommand_from \(names)' -l help -s h -d 'Show help information'\n"
        out += "complete -c accordion -n 'not __fish_seen_subcommand_from \(names)' -l version -d 'Show the version'\n"
        for command in commands {
            out += "complete -c accordion -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) -d \(fishQuoted(command.abstract))\n"
        }
        out += "complete -c accordion -n 'not __fish_seen_subcommand_from \(names)' -a help -d 'Show the help of a command'\n"
        out += "complete -c accordion -n '__fish_seen_subcommand_from help' -a \(fishQuoted(commands.map(\.name).joined(separator: " ")))\n"
        for command in commands {
            let when = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options + HelpText.builtInOptions {
                var line = "complete -c accordion \(when) -l \(option.long)"
                if let short = option.short { line += " -s \(short)" }
                switch option.isFlag ? .nothing : values(of: option) {
                case .words(let words): line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
                case .files: line += " -r -F"
                case .nothing: line += option.isFlag ? "" : " -x"
                }
                out += line + " -d \(fishQuoted(summary(option.help)))\n"
            }
            if let argument = command.arguments.first {
                switch values(of: argument, in: command) {
                case .words(let words): out += "complete -c accordion \(when) -a \(fishQuoted(words.joined(separator: " ")))\n"
                case .files: out += "complete -c accordion \(when) -F\n"
                case .nothing: break
                }
            }
        }
        return out
    }
}
