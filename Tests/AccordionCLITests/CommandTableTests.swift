import Foundation
import XCTest

/// The command tables seen from outside: help texts pinned whole, `help
/// COMMAND`, `--version` anywhere, `--` ending options, the README's command
/// table, the usage error's shape, and every option the help lists being
/// one the command accepts.
final class CommandTableTests: XCTestCase {
    static let commands = ["resolve", "validate", "render", "explain", "schema"]

    func testRenderHelpIsPinned() throws {
        let r = try CLI.run(["render", "--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, Self.renderHelp)
    }

    func testValidateHelpIsPinned() throws {
        let r = try CLI.run(["validate", "-h"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, Self.validateHelp)
    }

    func testHelpCommandIsTheCommandsOwnHelp() throws {
        for command in Self.commands {
            let own = try CLI.run([command, "--help"])
            let viaHelp = try CLI.run(["help", command])
            XCTAssertEqual(viaHelp.status, 0, command)
            XCTAssertEqual(viaHelp.stdout, own.stdout, command)
            XCTAssertTrue(own.stdout.hasPrefix("OVERVIEW: "), command)
            XCTAssertTrue(own.stdout.contains("\nUSAGE: accordion \(command)"), command)
            XCTAssertTrue(own.stdout.contains("\nOPTIONS:\n"), command)
        }
        let top = try CLI.run(["help"])
        XCTAssertEqual(top.stdout, try CLI.run(["--help"]).stdout)
        for command in Self.commands { XCTAssertTrue(top.stdout.contains("\n  \(command) "), command) }
        let unknown = try CLI.run(["help", "rendr"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("accordion: error: unknown command 'rendr'\n"), unknown.stderr)
    }

    func testVersionAfterAnyCommand() throws {
        for command in Self.commands {
            let r = try CLI.run([command, "--version"])
            XCTAssertEqual(r.status, 0, command)
            XCTAssertEqual(r.stdout, try CLI.run(["--version"]).stdout, command)
        }
        // Even beside arguments that are not valid on their own.
        XCTAssertEqual(try CLI.run(["render", "--at", "soon", "--version"]).status, 0)
    }

    func testDoubleDashEndsTheOptions() throws {
        let dir = try ScratchDirectory("double-dash")
        try dir.write("--weird.yaml", "accordion: 1\npanels: [{id: a, title: A}]\n")
        let validate = try BoundedCLI.run(["validate", "--", "--weird.yaml"], directory: dir.url)
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertEqual(validate.stdout, "0 errors, 0 warnings in 1 file\n")
        let render = try BoundedCLI.run(["render", "--format", "json", "--", "--weird.yaml"], directory: dir.url)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stdout.contains("\"expandedPanel\": \"a\""), render.stdout)
        let resolve = try BoundedCLI.run(["resolve", "--", "--weird.yaml"], directory: dir.url)
        XCTAssertEqual(resolve.status, 0, resolve.stderr)
        // After `--`, even `--help` is a file name.
        let help = try BoundedCLI.run(["validate", "--", "--help"], directory: dir.url)
        XCTAssertEqual(help.status, 2)
        XCTAssertTrue(help.stderr.contains("cannot read '--help'"), help.stderr)
        // Without `--` the name is an option, and not one validate knows.
        let without = try BoundedCLI.run(["validate", "--weird.yaml"], directory: dir.url)
        XCTAssertEqual(without.status, 2)
        XCTAssertTrue(without.stderr.hasPrefix("accordion: error: unknown option '--weird.yaml'\n"), without.stderr)
    }

    func testUsageErrorsShareOneShape() throws {
        let usageLine = "usage: accordion render [--format <format>] [--at <seconds>] [--steps]\n"
        let demo = "samples/article-demo.yaml"
        let cases: [([String], String)] = [
            (["--formt", "json", demo], "unknown option '--formt'; did you mean '--format'?"),
            (["--format", "png", demo], "unknown value 'png' for '--format'; the values are text, json, yaml, svg, html"),
            (["--appearance", "dim", demo], "unknown value 'dim' for '--appearance'; the values are light, dark"),
            (["--format=png", demo], "unknown value 'png' for '--format'; the values are text, json, yaml, svg, html"),
            ([demo, "--at"], "missing value for '--at <seconds>'"),
            (["--at", "-1", demo], "--at needs a time in seconds, a number ≥ 0 such as 0.15 (got '-1')"),
            (["--steps=yes", demo], "'--steps' takes no value"),
            (["--format", "json", "--format", "svg", demo], "'--format' is given twice; give it once"),
            ([], "missing <file>"),
            ([demo, demo], "unexpected argument '\(demo)'; render takes one <file>"),
        ]
        for (args, message) in cases {
            let r = try CLI.run(["render"] + args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix("accordion: error: \(message)\n\(usageLine)"), "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasSuffix("  See 'accordion help render' for more information.\n"), r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
        let validate = try CLI.run(["validate", "--strikt", "samples"])
        XCTAssertEqual(validate.status, 2)
        XCTAssertEqual(validate.stderr, "accordion: error: unknown option '--strikt'; did you mean '--strict'?\n"
            + "usage: accordion validate [--schema <file>] [--format <format>] [--strict]\n"
            + "                          [--max-warnings <n>] [--exclude <glob> ...]\n"
            + "                          [--color <when>] [--watch] <path> ...\n"
            + "  See 'accordion help validate' for more information.\n")
        let command = try CLI.run(["valdate"])
        XCTAssertEqual(command.status, 2)
        XCTAssertTrue(command.stderr.hasPrefix("accordion: error: unknown command 'valdate'; did you mean 'validate'?\n"))
    }

    /// The options a command's help lists, as `--name` spellings with their value names.
    func listedOptions(_ command: String) throws -> [(name: String, short: String?, value: String?, allowed: [String])] {
        let help = try CLI.run([command, "--help"]).stdout
        let section = try XCTUnwrap(help.components(separatedBy: "\nOPTIONS:\n").last)
        let regex = try NSRegularExpression(pattern: #"^  (?:-([a-z]), )?--([a-z-]+)(?: <([a-z]+)>)?"#, options: .anchorsMatchLines)
        var options: [(String, String?, String?, [String])] = []
        let ns = section as NSString
        let matches = regex.matches(in: section, range: NSRange(location: 0, length: ns.length))
        for (i, m) in matches.enumerated() {
            func group(_ g: Int) -> String? { m.range(at: g).location == NSNotFound ? nil : ns.substring(with: m.range(at: g)) }
            // The entry's text runs to the next entry: read "(values: a, b" from it.
            let end = i + 1 < matches.count ? matches[i + 1].range.location : ns.length
            let entry = ns.substring(with: NSRange(location: m.range.location, length: end - m.range.location))
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            var allowed: [String] = []
            if let r = entry.range(of: "(values: ") {
                let rest = entry[r.upperBound...]
                let list = rest.prefix { $0 != ";" && $0 != ")" }
                allowed = list.components(separatedBy: ", ")
            }
            options.append((group(2)!, group(1), group(3), allowed))
        }
        return options
    }

    /// Each option the help lists is parsed (no "unknown option"), and each
    /// option that worked before the tables (`--output`, `--max-items`…) is listed.
    func testEveryListedOptionIsAcceptedAndEveryAcceptedOptionIsListed() throws {
        let dir = try ScratchDirectory("options")
        let argument = ["resolve": ["samples/article-demo.yaml"], "validate": ["samples"],
                        "render": ["samples/article-demo.yaml"], "explain": [], "schema": []]
        let sample: [String: String] = ["seconds": "0.1", "n": "1000", "id": "VC1", "file": dir.path("out.txt"),
                                        "when": "never", "order": "logical", "columns": "2"]
        for command in Self.commands {
            let options = try listedOptions(command)
            XCTAssertTrue(options.contains { $0.name == "help" && $0.short == "h" }, command)
            XCTAssertTrue(options.contains { $0.name == "version" }, command)
            // `--watch` runs until interrupted: Tests/Browser/preview_test.py starts and stops it.
            for option in options where !["help", "version", "watch"].contains(option.name) {
                var args = [command, "--" + option.name]
                if let value = option.value {
                    var v = option.allowed.first ?? sample[value] ?? "x"
                    if command == "validate", option.name == "schema" { v = "Schemas/accordion.schema.json" }
                    args.append(v)
                }
                let r = try CLI.run(args + argument[command]!)
                XCTAssertFalse(r.stderr.contains("unknown option"), "\(args): \(r.stderr)")
                XCTAssertNotEqual(r.status, 2, "\(args): \(r.stderr)")
                if let short = option.short {
                    var shortArgs = [command, "-" + short]
                    if let value = option.value { shortArgs.append(sample[value] ?? "x") }
                    XCTAssertNotEqual(try CLI.run(shortArgs + argument[command]!).status, 2, "\(shortArgs)")
                }
            }
        }
        let expected = [
            "render": ["format", "at", "steps", "tap", "no-script", "reduced-motion", "appearance", "device", "color", "bidi", "ambiguous-width", "chrome", "measure-overlay", "output", "max-items", "watch"],
            "validate": ["schema", "format", "strict", "max-warnings", "exclude", "color", "watch"],
            "resolve": ["color"], "explain": ["list"], "schema": ["output"],
        ]
        for (command, names) in expected {
            XCTAssertEqual(Set(try listedOptions(command).map(\.name)), Set(names + ["help", "version"]), command)
        }
        XCTAssertTrue(try listedOptions("render").contains { $0.name == "output" && $0.short == "o" })
    }

    /// The README's command table is the one the tables make.
    func testREADMECommandTableMatchesTheTables() throws {
        let generated = try CLI.run(["help", "--markdown"])
        XCTAssertEqual(generated.status, 0)
        XCTAssertTrue(generated.stdout.hasPrefix("| command | what it does |\n|---|---|\n"), generated.stdout)
        let readme = try String(contentsOf: CLI.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "| command | what it does |\n"))
        let end = readme.range(of: "\n\n", range: start.lowerBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        XCTAssertEqual(String(readme[start.lowerBound..<end]) + "\n", generated.stdout,
                       "README.md's command table differs from 'accordion help --markdown': paste that output into README.md")
        for command in Self.commands {
            XCTAssertTrue(generated.stdout.contains("| `accordion \(command)"), command)
        }
    }

    // MARK: - Help texts, pinned whole

    static let renderHelp = #"""
        OVERVIEW: Run a spec's script and show the container as text, JSON, YAML, SVG or
        an HTML page.

        Runs the spec's script (none with --no-script), then every --tap (each when the
        container is idle), and shows the settled state, or the moment --at SECONDS.

        Exit status: 0 rendered, 1 a problem in the spec (reported as 'validate' reports
        it), 2 usage or I/O problems.

        USAGE: accordion render [--format <format>] [--at <seconds>] [--steps]
                                [--tap <id> ...] [--no-script] [--reduced-motion]
                                [--appearance <appearance>] [--device <device>]
                                [--color <when>] [--bidi <order>]
                                [--ambiguous-width <columns>] [--chrome <chrome>]
                                [--measure-overlay] [--output <file>] [--max-items <n>]
                                [--watch] <file>

        ARGUMENTS:
          <file>                  The spec, or '-' for standard input.

        OPTIONS:
          --format <format>       A terminal drawing (text), a dump of every frame and
                                  the log (json, yaml), a phone picture (svg) or a page
                                  that plays the model back when a header is clicked
                                  (html). Without it, the extension of --output decides
                                  (.txt .json .yaml .yml .svg .html .htm), else text.
                                  (values: text, json, yaml, svg, html)
          --at <seconds>          Show that moment instead of the settled state (steps
                                  after it do not happen).
          --steps                 Show the state after every step: a JSON array or YAML
                                  sequence whose dumps each name their step (index in
                                  the run from 0, kind, spec line; line null for a
                                  --tap, step null for the state as loaded), one drawing
                                  or phone per step; html shows the last.
          --tap <id>              Tap a header after the script, when the container is
                                  idle: a panel id or an index into the stack.
                                  Repeatable.
          --no-script             Ignore the spec's script.
          --reduced-motion        Show the container as a viewer who asks for reduced
                                  motion sees it: under the spec's
                                  animation.reducedMotion (instant by default) every
                                  transition takes 0 s.
          --appearance <appearance>
                                  Draw the spec's colours of this appearance (a colour
                                  written {light, dark}; the default palette's dark
                                  variants and a black background in dark). html: the
                                  appearance the page starts in; it carries both,
                                  follows the viewer's prefers-color-scheme and has a
                                  toggle. (values: light, dark; default: light)
          --device <device>       Show the container on this device instead of the
                                  spec's 'device': phone (393 × 852), phone-landscape
                                  (852 × 393) or tablet (820 × 1180), the container then
                                  the screen's safe area (the screen less its status bar
                                  and home indicator insets), or none (no chassis and no
                                  insets, the container at the size the spec gives it).
                                  Without it and without 'device' in the spec, the
                                  chassis is fitted to the container. (values: phone,
                                  phone-landscape, tablet, none)
          --color <when>          Colour the output: auto colours a terminal, unless
                                  NO_COLOR is set and not empty; FORCE_COLOR set and not
                                  empty colours anything. (values: auto, always, never;
                                  default: auto)
          --bidi <order>          text: who orders right-to-left text. visual: the
                                  drawing writes each line in display order (Unicode
                                  bidi, per line), for terminals without bidi; logical:
                                  in the order written, for terminals that reorder it
                                  themselves. (values: visual, logical; default: visual)
          --ambiguous-width <columns>
                                  text: the columns the terminal gives East Asian
                                  Ambiguous characters (2 in many CJK locales); the
                                  frame and every row are measured with it, so the box
                                  stays aligned. (values: 1, 2; default: 1)
          --chrome <chrome>       html: what the page shows around the container. debug:
                                  the device, and the controller's state and containment
                                  log beside it; device: the device and the title only;
                                  none: the container alone, for embedding in another
                                  page. (values: none, device, debug; default: debug)
          --measure-overlay       svg: outline each text line's measured box (as wide as
                                  the text measure says the line is) and the room inside
                                  the padding it was filled into, to see where and why a
                                  line broke.
          -o, --output <file>     Write to this file atomically (the whole output or
                                  nothing) instead of standard output; '-' is standard
                                  output.
          --max-items <n>         With --steps, the most panel frames and log entries
                                  shown over all steps. (default: 250000)
          --watch                 With --output: render again each time the spec
                                  changes, until Ctrl-C (exit 0); each run starts with a
                                  line on standard error with the time.
          --version               Show the version.
          -h, --help              Show help information.

        """#

    static let validateHelp = #"""
        OVERVIEW: Check specs against the schema and the accordion rules.

        Reports every problem of every file at its file:line:col, sorted by position,
        each with a rule id and, where one helps, a help: line. Run 'accordion explain
        RULE' for what a [rule-id] means. A test file (*.test.yaml) is checked as
        'accordion test' checks it before running it: its cases' scripts against the
        spec it names.

        A directory is searched for the files that are accordion's: specs (a top-level
        accordion: or panels: key, or the schema's modeline) and test files
        (*.test.yaml); other YAML (CI workflows, dependabot.yml) is skipped and counted
        on standard error. A file named on the command line is always checked.

        Exit status: 0 every file is valid, 1 some file has an error (or, with --strict,
        a warning; or more warnings than --max-warnings), 2 usage or I/O problems (a
        missing file, a bad schema).

        USAGE: accordion validate [--schema <file>] [--format <format>] [--strict]
                                  [--max-warnings <n>] [--exclude <glob> ...]
                                  [--color <when>] [--watch] <path> ...

        ARGUMENTS:
          <path> ...              A spec or test file, a directory (searched recursively
                                  for *.yaml and *.yml, hidden entries skipped) or '-'
                                  for standard input.

        OPTIONS:
          --schema <file>         Validate against this JSON or YAML schema instead of
                                  the bundled accordion schema (the accordion rules then
                                  do not run).
          --format <format>       text for people, json for tools, github for workflow
                                  annotations, sarif (2.1.0) for code scanning. (values:
                                  text, json, github, sarif; default: text)
          --strict                Warnings fail too (exit 1).
          --max-warnings <n>      Fail (exit 1) when there are more than N warnings in
                                  all, as ESLint's option does; errors fail whatever N.
          --exclude <glob>        Leave out the files a directory search finds whose
                                  path below the directory matches GLOB (* and ? within
                                  a name, ** any folders; a GLOB without / matches any
                                  name in the path, such as vendor or *.ci.yaml).
          --color <when>          Colour the output: auto colours a terminal, unless
                                  NO_COLOR is set and not empty; FORCE_COLOR set and not
                                  empty colours anything. (values: auto, always, never;
                                  default: auto)
          --watch                 Run again each time a file changes (for a directory,
                                  any spec in it), until Ctrl-C (exit 0); each run
                                  starts with a line on standard error with the time.
          --version               Show the version.
          -h, --help              Show help information.

        """#
}
