#if canImport(Glibc)
import Glibc
#endif
import AccordionDiagnostics
import AccordionModel
import AccordionParallel
import AccordionRender
import AccordionSpec
import AccordionTesting
import AccordionYAML

private enum TestFormat: String, CaseIterable {
    case text, json, junit, github, tap
}

/// `accordion test`: runs every `*.test.yaml` and every spec with `expect`
/// or `snapshot` steps under the paths.
let testCommand = CommandSpec(
    name: "test",
    abstract: "Run the expect and snapshot steps of specs and *.test.yaml files.",
    discussion: "Runs every *.test.yaml file (each case on a fresh container with its own script) and every spec "
        + "with expect or snapshot steps under the paths, one line per case (a directory search takes the files "
        + "validate takes: accordion's specs and test files, less the project file's exclude and --exclude). A failure shows the expectation's "
        + "file:line:col, each field expected versus actual, and the container at that moment. Snapshots live in "
        + "__snapshots__/FILE/CASE/NAME.json beside the file; a stale one is shown field by field, each at its line in the "
        + "stored file, with the --update command that accepts it. A case or file that cannot run (an invalid test file "
        + "or case, a spec that cannot be read) is listed as ERROR and counted among the errors; its problems go to "
        + "standard error as 'validate' words them.\n\n"
        + "With --explore, the cases of test files that state always:, reachable: or properties: are explored instead, "
        + "and a spec given without a test file is checked for the named properties every-panel-reachable and "
        + "content-visible (reported at its first key): "
        + "from where each case's script leaves the container, every sequence of taps on each header (at rest, and at a "
        + "running transition's start and middle), collapse: all and the case's explore: steps, breadth-first to the "
        + "depth, two orders reaching the same container counted as one state; then --walks random walks deeper. A "
        + "property that fails is reported at its file:line:col with the shortest sequence found, as a case's script "
        + "ending in the expect that fails and as a drive session; the summary gives the states, the depth and the time.\n\n"
        + "Exit status: 0 every case passed, 1 a case failed, 2 usage or I/O problems or an invalid spec or test file.",
    readme: "runs the `expect:` and `snapshot:` steps of specs and `*.test.yaml` files (default `.`): one line per "
        + "case, a failure at its `file:line:col` with a field diff and a drawing; `junit`, `github`, `tap` and `json` for CI; "
        + "`--update` writes snapshots; `--explore` checks the cases' `always:`, `reachable:` and named properties (a spec "
        + "without a test file, the named ones) over every order of taps, each failure with its shortest counterexample",
    arguments: [ArgumentSpec(valueName: "path", help: "A spec, a test file or a directory (searched recursively; "
        + "default: the current directory).", repeatable: true, optional: true)],
    options: [
        OptionSpec(long: "format", valueName: "format", allowed: TestFormat.allCases.map(\.rawValue), defaultValue: "text",
                   help: "text for people, json for tools, junit (XML) for CI dashboards, github for workflow annotations, tap."),
        OptionSpec(long: "filter", valueName: "pattern", help: "Run only the cases whose 'FILE › CASE' contains PATTERN."),
        OptionSpec(long: "fail-fast", help: "Stop at the first failing case."),
        OptionSpec(long: "exclude", valueName: "glob", repeatable: true, help: "Leave out the files a directory "
                   + "search finds that match GLOB (relative to the directory), as validate does; adds to the project "
                   + "file's exclude list."),
        OptionSpec(long: "update", help: "Write missing and different snapshots (and list them), except those of a case whose "
                   + "expectations fail; list unused ones."),
        OptionSpec(long: "prune", help: "Remove snapshots no case uses."),
        OptionSpec(long: "explore", help: "Check the cases' always, reachable and named properties over every order of taps "
                   + "(breadth-first to the case's explore depth, default 5), instead of running their scripts, and a spec "
                   + "without a test file for the named properties; each property "
                   + "that fails is shown with the shortest sequence found, as a script and as a drive session."),
        OptionSpec(long: "depth", valueName: "n", help: "With --explore: the breadth-first depth of every case (1 to 12), "
                   + "instead of its own."),
        OptionSpec(long: "walks", valueName: "n", defaultValue: "0",
                   help: "With --explore: random walks after the breadth-first search, deeper (four times the depth, at least "
                   + "20 steps); what they find is shrunk by delta debugging."),
        OptionSpec(long: "seed", valueName: "n", defaultValue: "0", help: "With --explore: the walks' seed (the same seed, the same walks)."),
        colorOption,
    ],
    run: { args throws(UsageError) in try runTest(args) }
)

/// One case's result, for every output format.
private struct CaseReport {
    var file: String
    /// Empty for a file that could not be run at all.
    var name: String
    var checked: Int
    var failures: [Failure]
    /// Why the case (or the file) could not be run: its problems, which
    /// standard error shows as `validate` shows them. A case with errors
    /// is counted as an error, neither passed nor failed.
    var errors: [Diagnostic] = []

    struct Failure {
        var span: SourceSpan
        var differences: [FieldDifference]
        var drawing: String
        var message: String
        /// With --explore: the counterexample as a case's script and as a drive session.
        var script: [String] = []
        var session: [String] = []
    }

    var title: String { name.isEmpty ? file : file + " › " + name }
    var status: String { !errors.isEmpty ? "error" : failures.isEmpty ? "passed" : "failed" }
}

/// `N passed, N failed` and, when some cases could not run, `, N errors`.
private func caseCounts(_ reports: [CaseReport]) -> (passed: Int, failed: Int, errors: Int) {
    var counts = (passed: 0, failed: 0, errors: 0)
    for r in reports {
        switch r.status {
        case "error": counts.errors += 1
        case "failed": counts.failed += 1
        default: counts.passed += 1
        }
    }
    return counts
}

private func runTest(_ args: ParsedArguments) throws(UsageError) -> Int32 {
    let format = args.value("format").flatMap(TestFormat.init(rawValue:)) ?? .text
    let filter = args.value("filter")
    let failFast = args.has("fail-fast")
    let update = args.has("update")
    let prune = args.has("prune")
    let paths = args.positionals.isEmpty ? ["."] : args.positionals
    let explore = args.has("explore")
    func number(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = args.value(name) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }
    let depth = try number("depth", in: 1...TestFile.ExploreSettings.maxDepth)
    let walks = try number("walks", in: 0...1_000_000) ?? 0
    let seed = try number("seed", in: 0...Int.max) ?? 0
    if !explore, args.has("depth") || args.has("walks") || args.has("seed") {
        throw UsageError("--depth, --walks and --seed go with --explore")
    }
    if explore, update || prune { throw UsageError("--explore runs no script: --update and --prune go without it") }
    // Snapshots and specs are found relative to each file: a test needs a path.
    if paths.contains("-") { throw UsageError("test reads files and directories, not standard input") }

    // The files validate would take from the same paths (the one rule: SpecSearch).
    let search = SpecSearch(paths, excludes: args.all("exclude"))
    for case .unreadable(let message) in search.items {
        IO.writeStderr("accordion: error: \(message)\n")
        return 2
    }
    let files = search.files
    let settings = search.settingsOf
    let options = TestOptions(filter: filter, failFast: failFast, update: update, prune: prune, settings: settings,
                              searched: search.searched,
                              explore: explore ? ExploreOptions(depth: depth, walks: walks, seed: UInt64(seed)) : nil,
                              testedSpecs: explore ? testedSpecs(files) : [])
    let started = monotonicSeconds()
    // Files are independent: two threads take them one at a time, and the
    // results are joined in file order, so the output is the same; unless
    // the first failure must stop the run.
    var run = FileRun()
    if failFast || files.count < FileWalk.twoThreadsFrom {
        for file in files where !run.stop { run.run(file, options) }
    } else {
        let files = files
        for part in Parallel.inOrder(files.count, { index in
            var part = FileRun()
            part.run(files[index], options)
            return part
        }) { run.append(part) }
    }
    if (update || prune) && filter == nil && !run.stop {
        run.sweepOrphans(beside: files, options)
    }
    for message in run.errors { IO.writeStderr("accordion: error: \(message)\n") }
    if let note = SpecSearch.note(skipped: run.skipped, excluded: search.excluded) { IO.writeStderr(note) }
    var invalid = run.invalid
    let sources = run.sources
    let reports = run.reports
    let notes = run.notes
    let ioFailed = run.ioFailed || !run.errors.isEmpty

    var seen: Set<String> = []
    invalid = invalid.filter { d, _ in
        seen.insert("\(d.span.source):\(d.span.start.offset):\(d.rule):\(d.message)").inserted
    }
    if !invalid.isEmpty {
        let formatter = TextReport.formatter(useColor: args.color.enabled(fd: 2))
        IO.writeStderr(invalid.map { d, text in
            formatter.format(d, source: text ?? sources[d.span.source] ?? SourceText(name: d.span.source, bytes: []))
        }.joined(separator: "\n"))
    }
    // What --update and --prune did goes with the text report, else beside it.
    if format != .text { IO.writeStderr(notes.map { $0 + "\n" }.joined()) }
    let summary = options.explore == nil ? nil : ExploreSummary(run.explored, seconds: monotonicSeconds() - started)
    switch format {
    case .text: IO.writeStdout(TestOutput.text(reports, notes: notes, summary: summary))
    case .json: IO.writeStdout(TestOutput.json(reports, summary: summary))
    case .junit: IO.writeStdout(TestOutput.junit(reports))
    case .github: IO.writeStdout(TestOutput.github(reports))
    case .tap: IO.writeStdout(TestOutput.tap(reports))
    }
    if ioFailed || !invalid.isEmpty { return 2 }
    return reports.contains { !$0.failures.isEmpty } ? 1 : 0
}

/// What `accordion test` asked for, beside the paths.
private struct TestOptions: Sendable {
    var filter: String?
    var failFast: Bool
    var update: Bool
    var prune: Bool
    /// The project settings of each file run, when it has a project file.
    var settings: [String: RuleSettings] = [:]
    /// The files a directory search found: run only when they are accordion's.
    var searched: Set<String> = []
    /// With --explore: how to explore (and no script is run).
    var explore: ExploreOptions?
    /// With --explore: the specs (real paths) a test file of the run names,
    /// whose cases say what to explore; they are not explored on their own.
    var testedSpecs: Set<String> = []
}

/// What --explore went through, for the summary.
private struct ExploreTotals: Sendable {
    var cases = 0
    var states = 0
    var depth = 0
    var deepest = 0
    var steps = 0
    var complete = true

    mutating func add(_ other: ExploreTotals) {
        cases += other.cases
        states += other.states
        depth = max(depth, other.depth)
        deepest = max(deepest, other.deepest)
        steps += other.steps
        complete = complete && other.complete
    }
}

/// The summary line of --explore.
private struct ExploreSummary {
    var totals: ExploreTotals
    var seconds: Double

    init(_ totals: ExploreTotals, seconds: Double) {
        self.totals = totals
        self.seconds = seconds
    }

    var text: String {
        let t = totals
        return "explored \(t.cases) \(t.cases == 1 ? "case" : "cases"): \(t.states) \(t.states == 1 ? "state" : "states"), "
            + "depth \(t.depth) (deepest step \(t.deepest))\(t.complete ? "" : ", stopped at the explorer's limit of \(ExploreOptions().maxStates) states or \(ExploreOptions().maxSteps) steps"), "
            + "\(t.steps) steps in \(JSONText.rounded(seconds, places: 2)) s"
    }
}

/// The results of running some files, in order; two halves of a run are
/// made on two threads and joined.
private struct FileRun: Sendable {
    var invalid: [(Diagnostic, SourceText?)] = []
    var sources: [String: SourceText] = [:]
    var reports: [CaseReport] = []
    var notes: [String] = []
    /// Files a search found that are not accordion's, left alone.
    var skipped: [String] = []
    /// I/O problems, said on standard error at the end.
    var errors: [String] = []
    var ioFailed = false
    var stop = false
    var explored = ExploreTotals()

    mutating func append(_ other: FileRun) {
        explored.add(other.explored)
        invalid += other.invalid
        sources.merge(other.sources) { a, _ in a }
        reports += other.reports
        notes += other.notes
        skipped += other.skipped
        errors += other.errors
        ioFailed = ioFailed || other.ioFailed
        stop = stop || other.stop
    }

    mutating func read(_ path: String) -> [UInt8]? {
        do {
            return try IO.readInput(path, limit: YAMLLimits().maxInputBytes)
        } catch {
            errors.append(error.message)
            return nil
        }
    }

    /// Runs one case (`expectations` checks them); compares and (with
    /// --update) writes its snapshots.
    mutating func runCase(_ expectations: () -> CaseOutcome, file: String, name: String, snapshotDir: String,
                          used: inout Set<String>, _ options: TestOptions) {
        let title = file + " › " + name
        if let filter = options.filter, !title.contains(filter) { return }
        let outcome = expectations()
        var failures = outcome.failures.map {
            CaseReport.Failure(span: $0.span, differences: $0.differences,
                               drawing: TextRender.drawing($0.snapshot, color: false, caption: nil),
                               message: "expectation failed")
        }
        // A case whose expectations fail shows a wrong moment: --update
        // keeps its stored snapshots and reports the ones it would change.
        let expectationsFailed = !failures.isEmpty
        let caseDir = snapshotDir + "/" + safeName(name)
        for taken in outcome.snapshots {
            let path = caseDir + "/" + taken.name + ".json"
            used.insert(path)
            let stored = (try? IO.readInput(path, limit: YAMLLimits().maxInputBytes)).map { String(decoding: $0, as: UTF8.self) }
            if stored == taken.json {
                // A run killed while writing it may have left its temporary beside it (a write cleans them too).
                if options.update { IO.removeStaleTemporaries(in: caseDir, of: taken.name + ".json") }
                continue
            }
            if options.update, !expectationsFailed {
                makeDirectories(caseDir)
                do {
                    try IO.writeAtomically(taken.json, to: path)
                    notes.append((stored == nil ? "wrote " : "updated ") + path)
                } catch {
                    errors.append(error.message)
                }
                continue
            }
            let update = "accordion test --update --filter \(shellQuoted(name)) \(shellQuoted(file))"
            var differences = stored.map { SnapshotFields.differences(stored: $0, path: path, actual: taken.json) }
                ?? [FieldDifference(field: "snapshot \(taken.name)", expected: "a stored snapshot at \(path)",
                                    actual: options.update ? "none" : "none (run `\(update)` to write it)")]
            if stored != nil, !options.update {
                differences.append(FieldDifference(field: "to accept the new state", expected: "", actual: update))
            }
            let message = switch (stored == nil, options.update) {
            case (true, false): "snapshot `\(taken.name)` is missing"
            case (false, false): "snapshot `\(taken.name)` differs from \(path)"
            case (true, true): "snapshot `\(taken.name)` not written: this case's expectations fail"
            case (false, true): "snapshot `\(taken.name)` differs, not updated: this case's expectations fail"
            }
            failures.append(CaseReport.Failure(span: taken.span, differences: differences,
                                               drawing: TextRender.drawing(taken.snapshot, color: false, caption: nil),
                                               message: message))
        }
        failures.sort { $0.span.start < $1.span.start }
        reports.append(CaseReport(file: file, name: name, checked: outcome.checked, failures: failures))
        if options.failFast, !failures.isEmpty { stop = true }
    }

    /// Explores one case and reports each property that fails.
    mutating func explore(_ plan: ExploreCase, _ options: ExploreOptions, file: String, name: String, spec: String, failFast: Bool) {
        let found = Explorer.run(plan, options: options)
        explored.add(ExploreTotals(cases: 1, states: found.states, depth: found.depth, deepest: found.depthReached,
                                   steps: found.stepsTaken, complete: found.complete))
        let failures = found.violations.map { v in
            CaseReport.Failure(span: v.span, differences: v.differences,
                               drawing: v.snapshot.map { TextRender.drawing($0, color: false, caption: nil) } ?? "",
                               message: v.message, script: v.script,
                               session: v.session.isEmpty ? [] : ["accordion drive \(spec) <<'EOF'"] + v.session + ["EOF"])
        }
        reports.append(CaseReport(file: file, name: name, checked: found.checked, failures: failures))
        if !failures.isEmpty, failFast { stop = true }
    }

    /// Runs one file: a test file's cases, or a spec's own script when it has checks.
    mutating func run(_ file: String, _ options: TestOptions) {
            guard let bytes = read(file) else { return }
            if options.searched.contains(file), !SpecSearch.isAccordions(file, bytes: bytes) {
                skipped.append(file)
                return
            }
            let text = SourceText(name: file, bytes: bytes)
            sources[file] = text
            let slash = file.utf8.lastIndex(of: UInt8(ascii: "/"))
            let base = slash.map { String(file[file.index(after: $0)...]) } ?? file
            let dir = slash.map { String(file[..<$0]) } ?? "."
            let snapshotDir = dir + "/__snapshots__/" + base
            var used: Set<String> = []
            if TestFile.isTestFile(file) {
                let testFile: TestFile
                switch TestFile.read(bytes, source: file) {
                case .failure(let error):
                    invalid += error.diagnostics.map { ($0, text) }
                    fileError(file, error.diagnostics, options)
                    return
                case .success(let read): testFile = read
                }
                let specPath = testFile.specPath(besides: file)
                // A spec that cannot be read is located at `spec:`, as `validate` locates it.
                let specBytes: [UInt8]
                switch readTestFileSpec(specPath) {
                case .failure(let unreadable):
                    let problems = testFile.problems(source: file, specPath: specPath, spec: .failure(unreadable))
                    invalid += problems.map { ($0, text) }
                    fileError(file, problems, options)
                    return
                case .success(let read): specBytes = read
                }
                let specText = SourceText(name: specPath, bytes: specBytes)
                sources[specPath] = specText
                let root: YAMLNode
                do {
                    root = try YAMLLoader().load(specBytes, source: specPath)
                } catch {
                    invalid += error.diagnostics.map { ($0, specText) }
                    fileError(file, error.diagnostics, options)
                    return
                }
                // The spec itself is checked once; each case, only its script.
                let spec = SpecLoader.prepare(root, bytes: specBytes)
                // A case that cannot run leaves its snapshots unread, not unused.
                var everyCaseRan = true
                for testCase in testFile.cases where !stop {
                    let result = (options.settings[file] ?? .none).applied(to: SpecLoader.check(spec, script: testCase.script, tolerance: testFile.tolerance))
                    let errors = result.diagnostics.filter { $0.severity == .error }
                    invalid += errors.map { ($0, nil) }
                    // A spec the schema rejects leaves nothing to run.
                    if errors.contains(where: { $0.span.source == specPath }) {
                        fileError(file, errors, options)
                        return
                    }
                    if !errors.isEmpty, options.filter.map({ (file + " › " + testCase.name).contains($0) }) ?? true {
                        reports.append(CaseReport(file: file, name: testCase.name, checked: 0, failures: [], errors: errors))
                        if options.failFast { stop = true }
                    }
                    if let exploreOptions = options.explore {
                        guard errors.isEmpty, testCase.hasProperties, let document = result.document else { continue }
                        let title = file + " › " + testCase.name
                        if let filter = options.filter, !title.contains(filter) { continue }
                        switch testCase.exploration(of: document, tolerance: testFile.tolerance) {
                        case .failure(let error):
                            invalid += error.diagnostics.map { ($0, text) }
                        case .success(let plan):
                            explore(plan, exploreOptions, file: file, name: testCase.name, spec: specPath, failFast: options.failFast)
                        }
                        continue
                    }
                    // The rules played the case's script and took the moments its expectations look at.
                    guard let played = result.played else {
                        everyCaseRan = false
                        continue
                    }
                    runCase({ ExpectationRun.run(played) }, file: file, name: testCase.name, snapshotDir: snapshotDir, used: &used, options)
                }
                if !everyCaseRan || options.explore != nil { return }
            } else if let exploreOptions = options.explore {
                // A spec without a test file: its every-panel-reachable and
                // content-visible, from where its script leaves it.
                if options.testedSpecs.contains(realPath(file)) { return }
                let result = (options.settings[file] ?? .none).applied(to: SpecLoader.load(bytes, source: file))
                guard let document = result.document, let root = try? YAMLLoader().load(bytes, source: file) else {
                    let errors = result.diagnostics.filter { $0.severity == .error }
                    invalid += errors.map { ($0, text) }
                    fileError(file, errors, options)
                    return
                }
                if let filter = options.filter, !(file + " › script").contains(filter) { return }
                switch TestFile.TestCase.namedProperties(of: root).exploration(of: document, tolerance: nil) {
                case .failure(let error):
                    invalid += error.diagnostics.map { ($0, text) }
                case .success(let plan):
                    explore(plan, exploreOptions, file: file, name: "script", spec: file, failFast: options.failFast)
                }
            } else {
                // A spec is a test when it has expect or snapshot steps (one
                // without any can still have snapshots left from when it had).
                if contains(bytes, "expect:") || contains(bytes, "snapshot:") {
                    let result = (options.settings[file] ?? .none).applied(to: SpecLoader.load(bytes, source: file))
                    guard let document = result.document else {
                        let errors = result.diagnostics.filter { $0.severity == .error }
                        invalid += errors.map { ($0, text) }
                        fileError(file, errors, options)
                        return
                    }
                    if !document.expectations.isEmpty {
                        runCase({ ExpectationRun.run(document) }, file: file, name: "script", snapshotDir: snapshotDir, used: &used, options)
                    }
                }
            }
            if (options.update || options.prune) && options.filter == nil && !stop {
                sweep(SnapshotStore.files(under: snapshotDir).filter { !used.contains($0) }, options)
            }
    }

    /// A file none of whose cases could run: one error in the report.
    mutating func fileError(_ file: String, _ problems: [Diagnostic], _ options: TestOptions) {
        if let filter = options.filter, !file.contains(filter) { return }
        reports.append(CaseReport(file: file, name: "", checked: 0, failures: [], errors: problems))
        if options.failFast { stop = true }
    }

    /// Lists (`--update`) or removes (`--prune`) snapshots no case uses, and
    /// the directories removing them empties.
    mutating func sweep(_ unused: [String], _ options: TestOptions) {
        for stored in unused {
            guard options.prune else {
                notes.append("unused " + stored + " (remove it with --prune)")
                continue
            }
            guard unlink(stored) == 0 else {
                errors.append("cannot remove '\(stored)'")
                continue
            }
            notes.append("removed unused " + stored)
            // The case's directory, then the file's, when nothing is left in them.
            let caseDir = String(stored[..<stored.lastIndex(of: "/")!])
            if rmdir(caseDir) == 0, let slash = caseDir.lastIndex(of: "/") { rmdir(String(caseDir[..<slash])) }
        }
    }

    /// The snapshots kept for files that no longer exist: every
    /// `__snapshots__/FILE` beside the files run whose FILE is gone.
    mutating func sweepOrphans(beside files: [String], _ options: TestOptions) {
        var stores: [String] = []
        var seen: Set<String> = []
        for file in files {
            let store = (file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : ".") + "/__snapshots__"
            if seen.insert(store).inserted { stores.append(store) }
        }
        for store in stores {
            let directory = String(store.dropLast("/__snapshots__".count))
            for entry in SnapshotStore.entries(store) {
                let name = String(entry[entry.index(after: entry.lastIndex(of: "/")!)...])
                var info = stat()
                if stat(directory + "/" + name, &info) == 0 { continue }
                sweep(SnapshotStore.files(under: entry), options)
            }
        }
    }
}

/// Whether `word` occurs in `bytes` (a byte search: no text decoding).
private func contains(_ bytes: [UInt8], _ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard count > 0, bytes.count >= count else { return false }
    let needle = UnsafeBufferPointer(start: word.utf8Start, count: count)
    return bytes.withUnsafeBufferPointer { b in
        var i = 0
        while i + count <= b.count {
            if b[i] == needle[0], memcmp(b.baseAddress! + i, needle.baseAddress!, count) == 0 { return true }
            i += 1
        }
        return false
    }
}

/// A case name as a directory name: `/` and leading dots replaced.
private func safeName(_ name: String) -> String {
    // Most names need nothing replaced.
    if let first = name.utf8.first, first != UInt8(ascii: "."),
       !name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) {
        return name
    }
    var out = String(name.map { $0 == "/" || $0 == "\\" ? "_" : $0 })
    while out.hasPrefix(".") { out = "_" + out.dropFirst() }
    return out.isEmpty ? "_" : out
}

private func makeDirectories(_ path: String) {
    var built = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") where part != "." {
        built += "/" + part
        mkdir(built, 0o755)
    }
}

/// The stored snapshots of one file: `__snapshots__/FILE/CASE/NAME.json`.
private enum SnapshotStore {
    static func files(under directory: String) -> [String] {
        var found: [String] = []
        for caseDir in entries(directory) {
            for file in entries(caseDir) where file.hasSuffix(".json") { found.append(file) }
        }
        return found.sorted()
    }

    /// The visible entries of `directory`, as paths (none when it cannot be read).
    static func entries(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            out.append(directory + "/" + name)
        }
        return out
    }
}

/// What differs between a stored snapshot and this run's, as the report shows it.
private enum SnapshotFields {
    /// The fields that differ (`SnapshotDiff`), the first eight and how
    /// many more; the lines that differ when the stored copy is no JSON.
    static func differences(stored: String, path: String, actual: String) -> [FieldDifference] {
        guard let fields = SnapshotDiff.fields(stored: stored, path: path, actual: actual) else {
            return [FieldDifference(field: "the stored snapshot", expected: "JSON", actual: "text that does not parse")]
                + lines(expected: stored, actual: actual)
        }
        var shown = Array(fields.prefix(8))
        if fields.count > 8 {
            shown.append(FieldDifference(field: "and \(fields.count - 8) more \(fields.count == 9 ? "field" : "fields")", expected: "", actual: ""))
        }
        return shown
    }

    /// The lines of two texts that differ.
    static func lines(expected: String, actual: String) -> [FieldDifference] {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [FieldDifference] = []
        for i in 0..<max(e.count, a.count) where out.count < 8 {
            let x = i < e.count ? String(e[i]) : "(nothing)"
            let y = i < a.count ? String(a[i]) : "(nothing)"
            if x != y {
                out.append(FieldDifference(field: "line \(i + 1)", expected: x.trimmingSpaces, actual: y.trimmingSpaces))
            }
        }
        return out
    }
}

private extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }) }
}

/// The five spellings of a run's results.
private enum TestOutput {
    static func place(_ span: SourceSpan) -> String { "\(span.source):\(span.start.line):\(span.start.column)" }

    static func detail(_ f: CaseReport.Failure) -> String {
        var out = "\(place(f.span)): \(f.message)\n"
        for d in f.differences {
            if d.expected.contains("\n") || d.actual.contains("\n") {
                out += "  \(d.field):\n    expected:\n" + indent(d.expected, "      ") + "    actual:\n" + indent(d.actual, "      ")
            } else if d.expected.isEmpty {
                // A line of advice (a command to run) or a count, not a comparison.
                out += "  \(d.field)" + (d.actual.isEmpty ? "\n" : ": \(d.actual)\n")
            } else {
                out += "  \(d.field): expected \(d.expected), got \(d.actual)"
                // A field of another file (a stored snapshot) says where it is written.
                if let span = d.span, span.source != f.span.source { out += " (\(place(span)))" }
                out += "\n"
            }
        }
        out += counterexample(f)
        return out
    }

    /// An explored failure's counterexample: a case's script to paste, and the drive session.
    static func counterexample(_ f: CaseReport.Failure) -> String {
        var out = ""
        if !f.script.isEmpty {
            out += "  as a case's script:\n    script:\n" + f.script.map { ($0.hasPrefix("#") ? "      " : "      - ") + $0 + "\n" }.joined()
        }
        if !f.session.isEmpty {
            out += "  as a drive session:\n" + f.session.map { "    " + $0 + "\n" }.joined()
        }
        return out
    }

    static func indent(_ text: String, _ prefix: String) -> String {
        text.isEmpty ? prefix + "(none)\n" : text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 + "\n" }.joined()
    }

    static func text(_ reports: [CaseReport], notes: [String], summary: ExploreSummary?) -> String {
        var out = ""
        for r in reports {
            if !r.errors.isEmpty {
                out += "ERROR " + r.title + " (\(r.errors.count) \(r.errors.count == 1 ? "problem" : "problems"), on standard error)\n"
                continue
            }
            out += (r.failures.isEmpty ? "PASS " : "FAIL ") + r.title + " (\(r.checked) \(r.checked == 1 ? "check" : "checks"))\n"
        }
        for r in reports where !r.failures.isEmpty {
            out += "\n── " + r.title + "\n"
            // One drawing per moment: the failures of one `expect` share it.
            for (i, f) in r.failures.enumerated() {
                out += detail(f)
                if !f.drawing.isEmpty, i + 1 == r.failures.count || r.failures[i + 1].drawing != f.drawing {
                    out += indent(f.drawing.hasSuffix("\n") ? String(f.drawing.dropLast()) : f.drawing, "  ")
                }
            }
        }
        for note in notes { out += note + "\n" }
        let counts = caseCounts(reports)
        out += "\n\(counts.passed) passed, \(counts.failed) failed"
            + (counts.errors > 0 ? ", \(counts.errors) \(counts.errors == 1 ? "error" : "errors")" : "") + "\n"
        if let summary { out += summary.text + "\n" }
        return out
    }

    static func json(_ reports: [CaseReport], summary: ExploreSummary?) -> String {
        let counts = caseCounts(reports)
        let cases: [JSONValue] = reports.map { r in
            .object([
                ("file", .string(r.file)), ("case", .string(r.name)),
                ("status", .string(r.status)), ("checks", .int(r.checked)),
                ("errors", .array(r.errors.map { d in
                    .object([("file", .string(d.span.source)), ("line", .int(d.span.start.line)), ("column", .int(d.span.start.column)),
                             ("rule", .string(d.rule)), ("message", .string(d.message))])
                })),
                ("failures", .array(r.failures.map { f in
                    .object([
                        ("file", .string(f.span.source)), ("line", .int(f.span.start.line)), ("column", .int(f.span.start.column)),
                        ("message", .string(f.message)),
                        ("differences", .array(f.differences.map {
                            .object([("field", .string($0.field)), ("expected", .string($0.expected)), ("actual", .string($0.actual))])
                        })),
                    ] + (summary == nil ? [] : [
                        ("script", .array(f.script.map(JSONValue.string))),
                        ("session", .array(f.session.map(JSONValue.string))),
                    ]))
                })),
            ])
        }
        var top: [(String, JSONValue)] = [("passed", .int(counts.passed)), ("failed", .int(counts.failed)), ("errors", .int(counts.errors)),
                                          ("cases", .array(cases))]
        if let summary {
            let t = summary.totals
            top.append(("explored", .object([
                ("cases", .int(t.cases)), ("states", .int(t.states)), ("depth", .int(t.depth)), ("deepestStep", .int(t.deepest)),
                ("steps", .int(t.steps)), ("complete", .bool(t.complete)),
            ])))
        }
        return JSONValue.object(top).serialized() + "\n"
    }

    static func xml(_ text: String) -> String { XML.escape(text) }

    static func junit(_ reports: [CaseReport]) -> String {
        var byFile: [(String, [CaseReport])] = []
        for r in reports {
            if let i = byFile.firstIndex(where: { $0.0 == r.file }) { byFile[i].1.append(r) } else { byFile.append((r.file, [r])) }
        }
        let counts = caseCounts(reports)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"accordion test\" tests=\"\(reports.count)\" failures=\"\(counts.failed)\" errors=\"\(counts.errors)\">\n"
        for (file, cases) in byFile {
            let c = caseCounts(cases)
            out += "  <testsuite name=\"\(xml(file))\" tests=\"\(cases.count)\" failures=\"\(c.failed)\" errors=\"\(c.errors)\" skipped=\"0\">\n"
            for r in cases {
                out += "    <testcase name=\"\(xml(r.name.isEmpty ? file : r.name))\" classname=\"\(xml(file))\""
                if let first = r.errors.first {
                    out += ">\n      <error message=\"\(xml(place(first.span) + ": " + first.message))\" type=\"\(xml(first.rule))\">"
                    out += xml(r.errors.map { "\(place($0.span)): \($0.message) [\($0.rule)]" }.joined(separator: "\n"))
                    out += "</error>\n    </testcase>\n"
                    continue
                }
                guard let first = r.failures.first else {
                    out += "/>\n"
                    continue
                }
                out += ">\n      <failure message=\"\(xml(place(first.span) + ": " + first.message))\" type=\"expectation\">"
                out += xml(r.failures.map { detail($0) + $0.drawing }.joined(separator: "\n"))
                out += "</failure>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func github(_ reports: [CaseReport]) -> String {
        var out = ""
        for r in reports {
            for d in r.errors {
                out += "::error file=\(ValidateOutput.escapeProperty(d.span.source)),line=\(d.span.start.line),col=\(d.span.start.column),"
                    + "title=\(ValidateOutput.escapeProperty(r.title + ": " + d.rule))::\(ValidateOutput.escapeData(d.message))\n"
            }
            for f in r.failures {
                let body = f.differences.map { "\($0.field): expected \($0.expected), got \($0.actual)" }.joined(separator: "\n")
                    + (f.script.isEmpty ? "" : "\nscript:\n" + f.script.map { "  - " + $0 }.joined(separator: "\n"))
                out += "::error file=\(ValidateOutput.escapeProperty(f.span.source)),line=\(f.span.start.line),col=\(f.span.start.column),"
                    + "title=\(ValidateOutput.escapeProperty(r.title + ": " + f.message))::\(ValidateOutput.escapeData(body))\n"
            }
        }
        return out
    }

    /// A test point's description as TAP 13 and 14 read it: `\` and `#`
    /// escaped (`\\`, `\#`), so a `#` in a case name starts no `# TODO`
    /// or `# SKIP` directive; a line break (which would end the test line)
    /// becomes a space. A consumer that reads no escapes (tap.py takes
    /// everything after the first `#` for a directive) would still see one
    /// in a `#` followed by `todo` or `skip`: that `#` is written as the
    /// fullwidth number sign `＃` instead, which no consumer reads as a
    /// directive, and which reads the same. Any other `#` stays `\#`
    /// (to tap.py, an unknown directive, which it ignores).
    static func tapDescription(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        /// Whether the `#` at `i` would start a directive: spaces or tabs, then `todo` or `skip` in any case.
        func startsDirective(_ i: Int) -> Bool {
            var j = i + 1
            while j < scalars.count, scalars[j] == " " || scalars[j] == "\t" { j += 1 }
            let word = String(String.UnicodeScalarView(scalars[j..<min(j + 4, scalars.count)])).lowercased()
            return word == "todo" || word == "skip"
        }
        var out = ""
        for (i, c) in scalars.enumerated() {
            switch c {
            case "\\": out += "\\\\"
            case "#": out += startsDirective(i) ? "\u{FF03}" : "\\#"
            case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": out += " "
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A value on one line of a TAP YAML block, quoted as JSON (which YAML
    /// reads), so a `: ` or `#` in it is text.
    static func yamlLine(_ text: String) -> String { JSONValue.string(text).serialized() }

    static func tap(_ reports: [CaseReport]) -> String {
        var out = "TAP version 13\n1..\(reports.count)\n"
        for (i, r) in reports.enumerated() {
            out += (r.status == "passed" ? "ok " : "not ok ") + "\(i + 1) - " + tapDescription(r.title) + "\n"
            if !r.errors.isEmpty {
                out += "  ---\n  message: \"this case could not be run\"\n  errors:\n"
                for d in r.errors {
                    out += "    - at: \(yamlLine(place(d.span)))\n      rule: \(yamlLine(d.rule))\n      message: \(yamlLine(d.message))\n"
                }
                out += "  ...\n"
            }
            for f in r.failures {
                out += "  ---\n  at: \(yamlLine(place(f.span)))\n  message: \(yamlLine(f.message))\n  differences:\n"
                for d in f.differences {
                    out += "    - field: \(yamlLine(d.field))\n      expected: |\n" + indent(d.expected, "        ") + "      actual: |\n" + indent(d.actual, "        ")
                }
                out += "  ...\n"
            }
        }
        return out
    }
}

/// `text` as one word of a POSIX shell command line: single-quoted unless
/// it is only letters, digits and `-_./`.
func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./".unicodeScalars.contains($0)
    }
    return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
}

/// The specs the test files among `files` name (`spec:`), as real paths; a
/// test file that cannot be read names none (its own run reports it).
private func testedSpecs(_ files: [String]) -> Set<String> {
    var specs: Set<String> = []
    for file in files where TestFile.isTestFile(file) {
        guard let bytes = try? IO.readInput(file, limit: YAMLLimits().maxInputBytes),
              case .success(let testFile) = TestFile.read(bytes, source: file) else { continue }
        specs.insert(realPath(testFile.specPath(besides: file)))
    }
    return specs
}

/// `path` with its links and `.`/`..` resolved, or as given when it cannot be.
private func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}
