#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AccordionDiagnostics
import AccordionModel
import AccordionRender
import AccordionSpec

let renderUsage = """
    usage: accordion render [--format text|json|yaml|svg|html] [--at SECONDS] [--steps] [--tap ID]...
                            [--no-script] [--color auto|always|never] [-o FILE] FILE|-

    Runs the spec's script (none with --no-script), then every --tap (each when
    the container is idle), and shows the settled state, or the moment --at SECONDS.

      --format F     text (a terminal drawing, the default), json, yaml, svg or html
                     (an interactive page: click the headers to play the model back)
      --at SECONDS   show that moment instead of the settled state (steps after it do not happen)
      --steps        show the state after every step (a JSON array, a YAML sequence,
                     one drawing or one phone per step; html shows the last)
      --tap ID       tap a header after the script: a panel id or an index into the stack
      --no-script    ignore the spec's script
      --color WHEN   colour the text drawing: auto (a terminal without NO_COLOR), always, never
      -o FILE        write to FILE atomically instead of standard output
      --max-items N  with --steps, the most panel frames and log entries shown over
                     all steps; default \(OutputLimit.defaultMaxItems)
    """

/// `accordion render`: the container at a moment, as a drawing, a dump or a picture.
let renderCommand = Command(
    name: "render",
    summary: "run a spec's script and show the container as text, JSON, YAML, SVG or an HTML page",
    usage: renderUsage,
    run: { args in RenderJob.main(args) }
)

/// What the command line asked `render` to do.
struct RenderOptions {
    var format: RenderFormat = .text
    var at: Double?
    var steps = false
    var taps: [String] = []
    var noScript = false
    var maxItems = OutputLimit.defaultMaxItems
    var color = "auto"
    var output: String?
    var input: String?

    /// Parses the arguments after `render`; a message on a usage problem.
    static func parse(_ args: [String]) -> Result<RenderOptions, UsageProblem> {
        var o = RenderOptions()
        var i = 0
        var optionsEnded = false
        func value(_ name: String, _ inline: String?) -> Result<String, UsageProblem> {
            if let inline { return .success(inline) }
            i += 1
            guard i < args.count else { return .failure(UsageProblem("\(name) needs a value")) }
            return .success(args[i])
        }
        while i < args.count {
            let arg = args[i]
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                if o.input != nil { return .failure(UsageProblem("render takes exactly one FILE or '-' (got '\(o.input!)' and '\(arg)')")) }
                o.input = arg
                i += 1
                continue
            }
            var name = arg
            var inline: String? = nil
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            switch name {
            case "--":
                optionsEnded = true
            case "--format":
                switch value(name, inline) {
                case .failure(let p): return .failure(p)
                case .success(let v):
                    guard let f = RenderFormat(rawValue: v) else {
                        let allowed = RenderFormat.allCases.map(\.rawValue).joined(separator: ", ")
                        return .failure(UsageProblem("unknown format '\(v)'; the formats are \(allowed)"))
                    }
                    o.format = f
                }
            case "--at":
                switch value(name, inline) {
                case .failure(let p): return .failure(p)
                case .success(let v):
                    guard let t = Double(v), t.isFinite, t >= 0, !v.lowercased().hasPrefix("0x"), !v.hasPrefix("+") else {
                        return .failure(UsageProblem("--at needs a time in seconds, a number ≥ 0 such as 0.15 (got '\(v)')"))
                    }
                    o.at = t
                }
            case "--max-items":
                switch value(name, inline) {
                case .failure(let p): return .failure(p)
                case .success(let v):
                    guard let n = Int(v), n > 0 else {
                        return .failure(UsageProblem("--max-items needs a whole number above 0 (got '\(v)')"))
                    }
                    o.maxItems = n
                }
            case "--tap":
                switch value(name, inline) {
                case .failure(let p): return .failure(p)
                case .success(let v): o.taps.append(v)
                }
            case "--color":
                switch value(name, inline) {
                case .failure(let p): return .failure(p)
                case .success(let v):
                    guard ["auto", "always", "never"].contains(v) else {
                        return .failure(UsageProblem("--color takes auto, always or never (got '\(v)')"))
                    }
                    o.color = v
                }
            case "-o", "--output":
                switch value(name, inline) {
                case .failure(let p): return .failure(p)
                case .success(let v):
                    guard !v.isEmpty else { return .failure(UsageProblem("\(name) needs a file name")) }
                    o.output = v == "-" ? nil : v  // `-o -` is standard output
                }
            case "--steps" where inline == nil: o.steps = true
            case "--no-script" where inline == nil: o.noScript = true
            default:
                return .failure(UsageProblem("unknown option '\(arg)'"))
            }
            i += 1
        }
        guard o.input != nil else { return .failure(UsageProblem("render needs a spec FILE or '-' for standard input")) }
        return .success(o)
    }
}

/// A usage problem: exit 2 with the usage text.
struct UsageProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

enum RenderJob {
    /// Largest spec `render` reads, as for `validate`.
    static let inputLimit = 16 << 20

    static func main(_ args: [String]) -> Int32 {
        let options: RenderOptions
        switch RenderOptions.parse(args) {
        case .failure(let p): return usageError(p.message, usage: "usage: accordion render [--format text|json|yaml|svg|html] [--at SECONDS] [--steps] [--tap ID]... [--no-script] [-o FILE] FILE|-; see 'accordion render --help'")
        case .success(let o): options = o
        }
        let input = options.input!
        // Refuse a bad output path before any work, so nothing is half done.
        if let output = options.output, let problem = OutputPath.problem(output, input: input) {
            IO.writeStderr("accordion: error: \(problem)\n")
            return 2
        }
        let bytes: [UInt8]
        do throws(IO.Failure) {
            bytes = try IO.readInput(input, limit: inputLimit)
        } catch {
            IO.writeStderr("accordion: error: \(error.message)\n")
            return 2
        }
        let sourceName = input == "-" ? "<stdin>" : input
        let result = SpecLoader.load(bytes, source: sourceName)
        // Problems read exactly as `validate` prints them, on standard error.
        let report = FileReport(name: sourceName, bytes: bytes, diagnostics: result.diagnostics)
        let stderrColor = IO.isTerminal(fd: 2) && !noColorRequested()
        guard report.errors == 0, let document = result.document else {
            IO.writeStderr(ValidateOutput.text([report], useColor: stderrColor))
            return 1
        }
        // Warnings do not stop a render, but the author should still see them.
        if report.warnings > 0 {
            IO.writeStderr(TextReport.file(name: sourceName, bytes: bytes, diagnostics: result.diagnostics, useColor: stderrColor))
        }

        let script = options.noScript ? [] : document.steps
        let taps: [Step]
        switch resolveTaps(options.taps, document: document, script: script) {
        case .failure(let p):
            IO.writeStderr("accordion: error: \(p.message)\n")
            return 2
        case .success(let t): taps = t
        }
        if options.steps, let problem = OutputLimit.problem(steps: script + taps, document: document, until: options.at,
                                                            limit: options.maxItems) {
            IO.writeStderr("accordion: error: \(problem)\n")
            return 2
        }
        let snapshots = ScriptRun.run(title: document.title, container: document.container, panels: document.panels,
                                      expandedIndex: document.expandedIndex, steps: script + taps,
                                      until: options.at, everyStep: options.steps)
        let color: Bool
        switch options.color {
        case "always": color = true
        case "never": color = false
        default: color = options.output == nil && IO.isTerminal(fd: 1) && !noColorRequested()
        }
        let labels = options.steps ? stepLabels(script + taps, document: document, until: options.at) : []
        let text = Renderer.render(snapshots, format: options.format, steps: options.steps, color: color, labels: labels)
        if let output = options.output {
            do throws(IO.Failure) {
                try IO.writeAtomically(text, to: output)
            } catch {
                IO.writeStderr("accordion: error: \(error.message)\n")
                return 2
            }
        } else {
            IO.writeStdout(text)
        }
        return 0
    }

    /// Captions for `--steps`, one per snapshot `ScriptRun` returns: "step 2 · tap VC3",
    /// naming panels by their id in the stack as it is when the step happens.
    static func stepLabels(_ steps: [Step], document: AccordionSpecDocument, until: Double?) -> [String] {
        var model = AccordionContainer(title: document.title, container: document.container, panels: document.panels,
                                       expandedIndex: document.expandedIndex)
        var labels: [String] = []
        for step in steps {
            if let until, model.time(of: step) > until + timeTolerance { break }
            labels.append("step \(labels.count + 1) · " + describe(step.action, panels: model.panels))
            _ = model.apply(step)
        }
        return labels.isEmpty ? ["as loaded (no step)"] : labels
    }

    static func describe(_ action: StepAction, panels: [PanelSpec]) -> String {
        func name(_ i: Int) -> String { i >= 0 && i < panels.count ? panels[i].id : "#\(i)" }
        func number(_ v: Double) -> String { JSONText.rounded(v) }
        switch action {
        case .tap(let i): return "tap " + name(i)
        case .wait(let s): return "wait \(number(s)) s"
        case .resize(let w, let h): return "resize to \(number(w)) × \(number(h))"
        case .expand(let i): return "expand " + (i.map(name) ?? "none")
        case .present(let title): return "present \u{201C}\(title)\u{201D}"
        case .dismiss: return "dismiss"
        case .setPanels(let list):
            let ids = list.prefix(3).map(\.id).joined(separator: ", ") + (list.count > 3 ? ", …" : "")
            return "setPanels [\(ids)]"
        }
    }

    /// `NO_COLOR` set to anything but the empty string turns colour off (no-color.org).
    static func noColorRequested() -> Bool {
        guard let value = IO.environment("NO_COLOR") else { return false }
        return !value.isEmpty
    }

    /// Resolves every `--tap` against the stack as it is after the script (taps
    /// never change the stack, so that is the stack each of them meets): a panel
    /// id first, otherwise an index into the stack.
    static func resolveTaps(_ taps: [String], document: AccordionSpecDocument, script: [Step]) -> Result<[Step], UsageProblem> {
        guard !taps.isEmpty else { return .success([]) }
        let model = ScriptRun.container(title: document.title, container: document.container, panels: document.panels,
                                        expandedIndex: document.expandedIndex, steps: script)
        var steps: [Step] = []
        for tap in taps {
            if let i = model.index(ofPanel: tap) {
                steps.append(Step(.tap(panel: i)))
            } else if let i = Int(tap), i >= 0, i < model.panels.count, !tap.hasPrefix("+") {
                steps.append(Step(.tap(panel: i)))
            } else if model.panels.isEmpty {
                return .failure(UsageProblem("--tap '\(tap)': the stack is empty after the script, there is no header to tap"))
            } else {
                let ids = model.panels.prefix(8).map(\.id).joined(separator: ", ") + (model.panels.count > 8 ? ", …" : "")
                return .failure(UsageProblem("--tap '\(tap)' names no panel in the stack after the script; give a panel id (\(ids)) or an index 0…\(model.panels.count - 1)"))
            }
        }
        return .success(steps)
    }
}

/// Checks on `-o FILE` made before any work: a run must not fail after
/// computing everything, nor ever clobber its own input or a device.
enum OutputPath {
    /// Why `path` cannot take the output, or nil when it can.
    static func problem(_ path: String, input: String) -> String? {
        var st = stat()
        let exists = stat(path, &st) == 0
        if exists {
            let type = st.st_mode & S_IFMT
            if type == S_IFDIR { return "cannot write '\(path)': it is a directory; give a file name" }
            if type != S_IFREG { return "cannot write '\(path)': it is not a regular file (a device, FIFO or socket)" }
            if input != "-" {
                var inputStat = stat()
                if stat(input, &inputStat) == 0, inputStat.st_dev == st.st_dev, inputStat.st_ino == st.st_ino {
                    return "cannot write '\(path)': it is the input file; writing there would destroy the spec"
                }
            }
        }
        let slash = path.lastIndex(of: "/")
        var dir = slash.map { String(path[..<$0]) } ?? "."
        if dir.isEmpty { dir = "/" }
        var dirStat = stat()
        if stat(dir, &dirStat) != 0 {
            return "cannot write '\(path)': the directory '\(dir)' does not exist"
        }
        if dirStat.st_mode & S_IFMT != S_IFDIR {
            return "cannot write '\(path)': '\(dir)' is not a directory"
        }
        if access(dir, W_OK | X_OK) != 0 {
            return "cannot write '\(path)': the directory '\(dir)' is not writable"
        }
        return nil
    }
}
