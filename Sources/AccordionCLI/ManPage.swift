/// `accordion man`: the manual page accordion(1), in roff, made from the
/// command tables as the help is, so `man` shows what `--help` shows.
let manCommand = CommandSpec(
    name: "man",
    abstract: "Print the manual page accordion(1), in roff.",
    discussion: "Prints the manual page of accordion and every command, made from the same tables as the help. "
        + "Read it with 'accordion man | man -l -', or install it with "
        + "'accordion man > ~/.local/share/man/man1/accordion.1'.",
    readme: "prints the manual page accordion(1) (`accordion man | man -l -`), made from the command tables",
    run: { _ in
        IO.writeStdout(ManPage.page(commands, version: version))
        return 0
    }
)

/// The roff text of accordion(1).
enum ManPage {
    /// Text as roff reads it literally: `\` doubled, a leading `.` or `'` guarded, `-` as a real minus.
    static func escaped(_ text: String) -> String {
        var out = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// Paragraphs of a discussion, each a roff paragraph.
    private static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n\n").map { ".PP\n" + escaped(String($0)) + "\n" }.joined()
    }

    static func page(_ commands: [CommandSpec], version: String) -> String {
        var out = ".TH ACCORDION 1 \"\" \"accordion \(version)\" \"User Commands\"\n"
        out += ".SH NAME\naccordion \\- declarative YAML accordion specs, validated, driven and rendered\n"
        out += ".SH SYNOPSIS\n.B accordion\n.I command\n[\n.I options\n]\n"
        out += ".SH DESCRIPTION\n"
        out += escaped("accordion reads YAML specs of an accordion container (a stack of panels whose headers unroll them), "
            + "checks them, plays their scripts and draws the result. Each command is described below; "
            + "'accordion help COMMAND' shows the same text.") + "\n"
        out += ".SH COMMANDS\n"
        for command in commands {
            out += ".SS \"" + escaped(HelpText.usageItems(command).joined(separator: " ")) + "\"\n"
            out += escaped(command.abstract) + "\n"
            if !command.discussion.isEmpty { out += paragraphs(command.discussion) }
            for argument in command.arguments {
                out += ".TP\n.I " + escaped(argument.valueName) + (argument.repeatable ? " ..." : "") + "\n" + escaped(argument.help) + "\n"
            }
            for option in command.options {
                var text = option.help
                var notes: [String] = []
                if !option.allowed.isEmpty { notes.append("values: " + option.allowed.joined(separator: ", ")) }
                if let value = option.defaultValue { notes.append("default: " + value) }
                if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
                out += ".TP\n.B " + escaped(option.label) + "\n" + escaped(text) + "\n"
            }
        }
        out += ".SH OPTIONS\nEvery command also takes:\n"
        for option in HelpText.builtInOptions { out += ".TP\n.B " + escaped(option.label) + "\n" + escaped(option.help) + "\n" }
        out += ".SH EXIT STATUS\n" + escaped("0 success; 1 a problem in a document (a spec, a test that failed); "
            + "2 a usage or I/O problem.") + "\n"
        out += ".SH SEE ALSO\n" + escaped("accordion explain --list for every rule id; accordion schema for the format's JSON Schema.") + "\n"
        return out
    }
}
