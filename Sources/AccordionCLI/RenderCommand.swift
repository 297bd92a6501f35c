#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AccordionDiagnostics
import AccordionModel
import AccordionRender
import AccordionSpec

/// `accordion render`: the container at a moment, as a drawing, a dump or a picture.
let renderCommand = CommandSpec(
    name: "render",
    abstract: "Run a spec's script and show the container as text, JSON, YAML, SVG or an HTML page.",
    discussion: "Runs the spec's script (none with --no-script), then every --tap (each when the container "
        + "is idle), and shows the settled state, or the moment --at SECONDS.\n\n"
        + "Exit status: 0 rendered, 1 a problem in the spec (reported as 'validate' reports it), "
        + "2 usage or I/O problems.",
    readme: "runs the spec's script and shows the container: a terminal drawing, a JSON/YAML dump of every "
        + "frame and the containment log, an SVG phone picture, or a self-contained interactive HTML page that "
        + "plays the model back when a header is clicked (`--at` a moment mid-transition, `--steps` every step; "
        + "`-o page.html` takes the format from the extension; `--watch` rewrites it on every save)",
    arguments: [ArgumentSpec(valueName: "file", help: "The spec, or '-' for standard input.")],
    options: [
        OptionSpec(long: "format", valueName: "format", allowed: RenderFormat.allCases.map(\.rawValue),
                   help: "A terminal drawing (text), a dump of every frame and the log (json, yaml), a phone "
                    + "picture (svg) or a page that plays the model back when a header is clicked (html). Without "
                    + "it, the extension of --output decides (.txt .json .yaml .yml .svg .html .htm), else text."),
        OptionSpec(long: "at", valueName: "seconds", help: "Show that moment instead of the settled state "
            + "(steps after it do not happen)."),
        OptionSpec(long: "steps", help: "Show the state after every step: a JSON array or YAML sequence whose "
            + "dumps each name their step (index in the run from 0, kind, spec line; line null for a --tap, "
            + "step null for the state as loaded), one drawing or phone per step; html shows the last."),
        OptionSpec(long: "tap", valueName: "id", repeatable: true, help: "Tap a header after the script, when the "
            + "container is idle: a panel id or an index into the stack. Repeatable."),
        OptionSpec(long: "no-script", help: "Ignore the spec's script."),
        OptionSpec(long: "reduced-motion", help: "Show the container as a viewer who asks for reduced motion sees it: "
            + "under the spec's animation.reducedMotion (instant by default) every transition takes 0 s."),
        OptionSpec(long: "appearance", valueName: "appearance", allowed: Appearance.allCases.map(\.rawValue),
                   defaultValue: Appearance.light.rawValue,
                   help: "Draw the spec's colours of this appearance (a colour written {light, dark}; the default "
                    + "palette's dark variants and a black background in dark). html: the appearance the page "
                    + "starts in; it carries both, follows the viewer's prefers-color-scheme and has a toggle."),
        deviceOption,
        colorOption,
        OptionSpec(long: "bidi", valueName: "order", allowed: TerminalOptions.BidiOrder.allCases.map(\.rawValue),
                   defaultValue: TerminalOptions.BidiOrder.visual.rawValue,
                   help: "text: who orders right-to-left text. visual: the drawing writes each line in display "
                    + "order (Unicode bidi, per line), for terminals without bidi; logical: in the order written, "
                    + "for terminals that reorder it themselves."),
        OptionSpec(long: "ambiguous-width", valueName: "columns", allowed: ["1", "2"], defaultValue: "1",
                   help: "text: the columns the terminal gives East Asian Ambiguous characters (2 in many CJK "
                    + "locales); the frame and every row are measured with it, so the box stays aligned."),
        OptionSpec(long: "chrome", valueName: "chrome", allowed: PageChrome.allCases.map(\.rawValue),
                   defaultValue: PageChrome.debug.rawValue,
                   help: "html: what the page shows around the container. debug: the device, and the controller's "
                    + "state and containment log beside it; device: the device and the title only; none: the "
                    + "container alone, for embedding in another page."),
        OptionSpec(long: "measure-overlay", help: "svg: outline each text line's measured box (as wide as the text "
            + "measure says the line is) and the room inside the padding it was filled into, to see where and why a line broke."),
        OptionSpec(long: "output", short: "o", valueName: "file", help: "Write to this file atomically (the whole "
            + "output or nothing) instead of standard output; '-' is standard output."),
        OptionSpec(long: "max-items", valueName: "n", defaultValue: String(OutputLimit.defaultMaxItems),
                   help: "With --steps, the most panel frames and log entries shown over all steps."),
        OptionSpec(long: "watch", help: "With --output: render again each time the spec changes, until Ctrl-C "
            + "(exit 0); each run starts with a line on standard error with the time."),
    ],
    run: { args throws(UsageError) in
        let options = try RenderOptions(args)
        guard args.has("watch") else { return RenderJob.main(options) }
        guard let output = options.output else { throw UsageError("--watch needs --output FILE (a file to rewrite on each change)") }
        if options.input == "-" { throw UsageError("--watch needs a spec file; standard input cannot be watched") }
        return WatchLoop.run(files: [options.input], trees: []) {
            let code = RenderJob.main(options)
            if code == 0 { IO.writeStderr("accordion: wrote \(output)\n") }
            return code
        }
    }
)

/// What the command line asked `render` to do, typed and checked.
struct RenderOptions {
    var format: RenderFormat
    var at: Double?
    var steps: Bool
    var taps: [String]
    var noScript: Bool
    var maxItems: Int
    var color: ColorChoice
    /// How the terminal shows `text`.
    var terminal: TerminalOptions
    /// svg: outline each text line's measured box.
    var measureOverlay: Bool
    /// The viewer asks for reduced motion.
    var reducedMotion: Bool
    /// The appearance drawn; nil when `--appearance` is not given (light, and the page follows the viewer's).
    var appearance: Appearance?
    /// html: what the page shows around the container.
    var chrome: PageChrome
    /// The device the container is shown on instead of the spec's; nil when `--device` is not given.
    var device: Device?
    /// nil: standard output.
    var output: String?
    var input: String

    init(_ args: ParsedArguments) throws(UsageError) {
        steps = args.has("steps")
        taps = args.all("tap")
        noScript = args.has("no-script")
        measureOverlay = args.has("measure-overlay")
        reducedMotion = args.has("reduced-motion")
        appearance = args.value("appearance").flatMap(Appearance.init(rawValue:))
        chrome = args.value("chrome").flatMap(PageChrome.init(rawValue:)) ?? .debug
        device = args.value("device").flatMap(Device.init(rawValue:))
        color = args.color
        terminal = TerminalOptions(bidi: args.value("bidi").flatMap(TerminalOptions.BidiOrder.init(rawValue:)) ?? .visual,
                                   ambiguousWide: args.value("ambiguous-width") == "2")
        input = args.positionals[0]
        if let v = args.value("at") {
            guard let t = Double(v), t.isFinite, t >= 0, !v.lowercased().hasPrefix("0x"), !v.hasPrefix("+") else {
                throw UsageError("--at needs a time in seconds, a number ≥ 0 such as 0.15 (got '\(v)')")
            }
            at = t
        }
        maxItems = OutputLimit.defaultMaxItems
        if let v = args.value("max-items") {
            guard let n = Int(v), n > 0 else { throw UsageError("--max-items needs a whole number above 0 (got '\(v)')") }
            maxItems = n
        }
        if let v = args.value("output") {
            guard !v.isEmpty else { throw UsageError("--output needs a file name") }
            output = v == "-" ? nil : v
        }
        let asked = args.value("format").flatMap(RenderFormat.init(rawValue:))
        format = try Self.format(asked: asked, output: output)
    }

    /// The formats an output file's extension names.
    static let extensions: [(String, RenderFormat)] = [
        ("txt", .text), ("json", .json), ("yaml", .yaml), ("yml", .yaml), ("svg", .svg), ("html", .html), ("htm", .html),
    ]

    /// The format: `--format` when given, else the one the output file's
    /// extension names, else text. An extension that names another format
    /// than `--format` is a mistake either way; an extension that names none
    /// (`-o picture.png`) is refused unless `--format` says what to write,
    /// so a file never gets a format its name does not promise.
    static func format(asked: RenderFormat?, output: String?) throws(UsageError) -> RenderFormat {
        guard let output, let ext = fileExtension(output) else { return asked ?? .text }
        let named = extensions.first { $0.0 == ext.lowercased() }?.1
        switch (asked, named) {
        case (let asked?, let named?) where asked != named:
            throw UsageError("--format \(asked.rawValue) contradicts the extension of '\(output)' (.\(ext) is \(named.rawValue)); "
                + "drop --format or change the file name")
        case (let asked?, _): return asked
        case (nil, let named?): return named
        case (nil, nil):
            let known = extensions.map { "." + $0.0 }.joined(separator: ", ")
            throw UsageError("cannot tell the format from the extension of '\(output)'; give --format, "
                + "or use one of \(known)")
        }
    }

    /// The extension of the file name's last component, without the dot; nil when it has none.
    static func fileExtension(_ path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : String(ext)
    }
}

enum RenderJob {
    /// Largest spec `render` reads, as for `validate`.
    static let inputLimit = 16 << 20

    static func main(_ options: RenderOptions) -> Int32 {
        let input = options.input
        // Refuse a bad output path before any work, so nothing is half done.
        if let output = options.output, let problem = OutputPath.problem(output, input: input) {
            IO.writeStderr("accordion: error: \(problem)\n")
            return 2
        }
        var document: AccordionSpecDocument
        switch loadSpec(input, limit: inputLimit, color: options.color) {
        case .failure(let exit): return exit.code
        case .success(let d): document = d
        }
        document.container.prefersReducedMotion = options.reducedMotion
        // The command line's device wins over the spec's, by the same size rule the loader follows.
        if let device = options.device { document.container = document.container.shown(on: device) }

        let script = options.noScript ? [] : document.steps
        let taps: [Step]
        switch resolveTaps(options.taps, document: document, script: script) {
        case .failure(let p):
            IO.writeStderr("accordion: error: \(p.message)\n")
            return 2
        case .success(let t): taps = t
        }
        let lines: [Int?] = script.indices.map { $0 < document.stepLines.count ? document.stepLines[$0] : nil }
            + taps.map { _ in nil }
        let run: RenderRun
        switch RenderRun.play(document, steps: script + taps, lines: lines, until: options.at, series: options.steps,
                              maxItems: options.maxItems) {
        case .failure(let problem):
            IO.writeStderr("accordion: error: \(problem.message)\n")
            return 2
        case .success(let r): run = r
        }
        let color = options.color.enabled(terminal: options.output == nil && IO.isTerminal(fd: 1))
        // The page carries both appearances and starts in the one asked for; a picture is drawn in it.
        let snapshots = options.format == .html
            ? run.snapshots.map { s in var s = s; s.container.appearance = options.appearance ?? .light; return s }
            : run.snapshots.map { $0.appearing(options.appearance ?? .light) }
        let text = Renderer.render(snapshots, format: options.format, steps: options.steps, color: color,
                                   labels: run.labels, origins: run.origins, terminal: options.terminal,
                                   measureOverlay: options.measureOverlay, chrome: options.chrome)
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

    /// Resolves every `--tap` against the stack as it is after the whole
    /// script (taps never change the stack, so that is the stack each of them
    /// meets): a panel id first, otherwise an index into the stack. Only a
    /// `setPanels` step changes the stack, so the stack after the script is
    /// the last one set, or the loaded one: no run of the model is needed.
    static func resolveTaps(_ taps: [String], document: AccordionSpecDocument, script: [Step]) -> Result<[Step], UsageError> {
        guard !taps.isEmpty else { return .success([]) }
        var stack = document.panels
        for step in script.reversed() {
            if case .setPanels(let list) = step.action {
                stack = list
                break
            }
        }
        var steps: [Step] = []
        for tap in taps {
            if let i = stack.firstIndex(where: { $0.id == tap }) {
                steps.append(Step(.tap(panel: i)))
            } else if let i = Int(tap), i >= 0, i < stack.count, !tap.hasPrefix("+") {
                steps.append(Step(.tap(panel: i)))
            } else if stack.isEmpty {
                return .failure(UsageError("--tap '\(tap)': the stack is empty after the script, there is no header to tap"))
            } else {
                let ids = stack.prefix(8).map(\.id).joined(separator: ", ") + (stack.count > 8 ? ", …" : "")
                return .failure(UsageError("--tap '\(tap)' names no panel in the stack after the script; give a panel id (\(ids)) or an index 0…\(stack.count - 1)"))
            }
        }
        return .success(steps)
    }
}

/// The exit code of a spec that could not be used, its problems already printed.
struct SpecUnusable: Error {
    var code: Int32
}

/// Reads and loads the spec a command works on (`render`, `drive`): an I/O
/// problem is printed and exit 2; problems in the spec are printed exactly as
/// `validate` prints them, on standard error, exit 1; warnings alone are
/// printed and the document is given.
func loadSpec(_ input: String, limit: Int, color: ColorChoice) -> Result<AccordionSpecDocument, SpecUnusable> {
    let bytes: [UInt8]
    do throws(IO.Failure) {
        bytes = try IO.readInput(input, limit: limit)
    } catch {
        IO.writeStderr("accordion: error: \(error.message)\n")
        return .failure(SpecUnusable(code: 2))
    }
    let sourceName = input == "-" ? "<stdin>" : input
    var projects = ProjectSettings()
    let result = (projects.find(for: input)?.settings ?? .none).applied(to: SpecLoader.load(bytes, source: sourceName))
    let report = FileReport(name: sourceName, bytes: bytes, diagnostics: result.diagnostics)
    let stderrColor = color.enabled(fd: 2)
    guard report.errors == 0, let document = result.document else {
        IO.writeStderr(ValidateOutput.text([report], useColor: stderrColor))
        return .failure(SpecUnusable(code: 1))
    }
    // Warnings do not stop the command, but the author should still see them.
    if report.warnings > 0 {
        IO.writeStderr(TextReport.file(name: sourceName, bytes: bytes, diagnostics: result.diagnostics, useColor: stderrColor))
    }
    return .success(document)
}

/// Everything `render` shows of one run of the model, made in one pass:
/// the snapshots (one per step for `--steps`, else the last moment), each
/// one's caption and the step that produced it.
struct RenderRun {
    var snapshots: [Snapshot] = []
    /// Captions such as "step 2 · tap VC3", naming panels by their id in the stack of that step.
    var labels: [String] = []
    var origins: [StepOrigin?] = []

    /// Why a series would be too large to show.
    struct TooLarge: Error {
        var message: String
    }

    /// Runs `steps` once (those at most `until` when given). With `series`,
    /// a snapshot per step, each the moment the run would show had it ended
    /// there, refused (before that snapshot is made) once the panel frames
    /// and log entries of the series pass `maxItems`.
    static func play(_ document: AccordionSpecDocument, steps: [Step], lines: [Int?], until: Double?,
                     series: Bool, maxItems: Int) -> Result<RenderRun, TooLarge> {
        var model = AccordionContainer(title: document.title, container: document.container, panels: document.panels,
                                       expandedIndices: document.expandedIndices)
        var run = RenderRun()
        var items = 0
        var refusedAt: Int?
        ScriptRun.play(steps, on: &model, until: until) { index, model in
            guard series else { return true }
            items += model.panels.count + model.log.count + model.pendingEntries.count
            if items > maxItems {
                refusedAt = index + 1
                return false
            }
            run.snapshots.append(model.snapshot(at: until ?? model.settledTime))
            run.labels.append("step \(index + 1) · " + Renderer.caption(of: steps[index].action, in: model.panels))
            run.origins.append(StepOrigin(index: index, action: steps[index].action, line: lines[index]))
            return true
        }
        if let refusedAt {
            return .failure(TooLarge(message: OutputLimit.problem(limit: maxItems, steps: steps.count, passedAt: refusedAt)))
        }
        if run.snapshots.isEmpty || !series {
            // No step happened (or one moment is wanted): the state as it stands.
            run.snapshots = [model.snapshot(at: until ?? model.settledTime)]
            run.labels = series ? ["as loaded (no step)"] : []
            run.origins = series ? [nil] : []
        }
        return .success(run)
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

/// `--device`, which `render`, `preview` and `drive` share: the device the container
/// is shown on instead of the spec's (`ContainerSpec.shown(on:)`).
let deviceOption = OptionSpec(long: "device", valueName: "device", allowed: Device.allCases.map(\.rawValue),
                              help: "Show the container on this device instead of the spec's 'device': phone (393 × 852), "
                                + "phone-landscape (852 × 393) or tablet (820 × 1180), the container then the screen's safe area "
                                + "(the screen less its status bar and home indicator insets), or none (no chassis and no insets, "
                                + "the container at the size the spec gives it). Without it and without 'device' in the spec, the "
                                + "chassis is fitted to the container.")
