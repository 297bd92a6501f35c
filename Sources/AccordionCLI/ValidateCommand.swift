import AccordionDiagnostics
import AccordionParallel
import AccordionSpec
import AccordionTesting
import AccordionYAML
import JSONSchema

private enum OutputFormat: String, CaseIterable {
    case text, json, github, sarif
}

/// `accordion validate`: the bundled schema plus the accordion rules (or
/// any schema given with `--schema`) over files, directories and stdin.
let validateCommand = CommandSpec(
    name: "validate",
    abstract: "Check specs against the schema and the accordion rules.",
    discussion: "Reports every problem of every file at its file:line:col, sorted by position, each with "
        + "a rule id and, where one helps, a help: line. Run 'accordion explain RULE' for what a [rule-id] means. "
        + "A test file (*.test.yaml) is checked as 'accordion test' checks it before running it: its cases' "
        + "scripts against the spec it names.\n\n"
        + "A directory is searched for the files that are accordion's: specs (a top-level accordion: or panels: "
        + "key, or the schema's modeline) and test files (*.test.yaml); other YAML (CI workflows, dependabot.yml) "
        + "is skipped and counted on standard error. A file named on the command line is always checked.\n\n"
        + "Exit status: 0 every file is valid, 1 some file has an error (or, with --strict, a warning; or more "
        + "warnings than --max-warnings), 2 usage or I/O problems (a missing file, a bad schema).",
    readme: "checks specs (files, directories, `-`) against `Schemas/accordion.schema.json` and the accordion "
        + "rules, and test files' cases against their spec; every problem at its `file:line:col` with a `help:`; `--format github` annotates pull requests, "
        + "`sarif` feeds code scanning; `--schema FILE` for any other JSON Schema; `--watch` re-runs on every save",
    arguments: [ArgumentSpec(valueName: "path", help: "A spec or test file, a directory (searched recursively "
        + "for *.yaml and *.yml, hidden entries skipped) or '-' for standard input.", repeatable: true)],
    options: [
        OptionSpec(long: "schema", valueName: "file", help: "Validate against this JSON or YAML schema instead "
            + "of the bundled accordion schema (the accordion rules then do not run)."),
        OptionSpec(long: "format", valueName: "format", allowed: OutputFormat.allCases.map(\.rawValue),
                   defaultValue: "text", help: "text for people, json for tools, github for workflow "
                    + "annotations, sarif (2.1.0) for code scanning."),
        OptionSpec(long: "strict", help: "Warnings fail too (exit 1)."),
        OptionSpec(long: "max-warnings", valueName: "n", help: "Fail (exit 1) when there are more than N warnings "
            + "in all, as ESLint's option does; errors fail whatever N."),
        OptionSpec(long: "exclude", valueName: "glob", repeatable: true, help: "Leave out the files a directory "
            + "search finds whose path below the directory matches GLOB (* and ? within a name, ** any folders; "
            + "a GLOB without / matches any name in the path, such as vendor or *.ci.yaml)."),
        colorOption,
        watchOption,
    ],
    run: { args throws(UsageError) in try runValidate(args) }
)

private func runValidate(_ args: ParsedArguments) throws(UsageError) -> Int32 {
    let schemaPath = args.value("schema")
    if let n = args.value("max-warnings"), Int(n).map({ $0 < 0 }) ?? true {
        throw UsageError("--max-warnings takes a number of warnings, 0 or more; got '\(n)'")
    }
    let paths = args.positionals
    if let schemaPath, paths.contains("-"), schemaPath == "-" {
        throw UsageError("standard input cannot be both the schema and a document")
    }
    guard args.has("watch") else { return validateOnce(args) }
    if paths.contains("-") || schemaPath == "-" { throw UsageError("--watch needs files; standard input cannot be watched") }
    let (files, trees) = WatchLoop.targets(paths)
    return WatchLoop.run(files: files + (schemaPath.map { [$0] } ?? []), trees: trees) { validateOnce(args) }
}

/// One run of `validate` over the command line's paths.
private func validateOnce(_ args: ParsedArguments) -> Int32 {
    let schemaPath = args.value("schema")
    let format = args.value("format").flatMap(OutputFormat.init(rawValue:)) ?? .text
    let color = args.color
    let strict = args.has("strict")
    let paths = args.positionals

    // The replacement schema, when given: any problem with it is exit 2.
    var validator: JSONSchemaValidator?
    if let schemaPath {
        let name = schemaPath == "-" ? "<stdin>" : schemaPath
        let bytes: [UInt8]
        do {
            bytes = try IO.readInput(schemaPath, limit: YAMLLimits().maxInputBytes)
        } catch {
            IO.writeStderr("accordion: error: \(error.message)\n")
            return 2
        }
        let source = SourceText(name: name, bytes: bytes)
        do {
            let node = try loadDocument(bytes, name: name)
            let v = try JSONSchemaValidator(schema: node)
            validator = v
            let warnings = v.schemaWarnings
            if !warnings.isEmpty {
                let formatter = TextReport.formatter(useColor: color.enabled(fd: 2))
                IO.writeStderr(Diagnostic.sortedByPosition(warnings).map { formatter.format($0, source: source) }
                    .joined(separator: "\n"))
            }
        } catch {
            let formatter = TextReport.formatter(useColor: color.enabled(fd: 2))
            IO.writeStderr("accordion: error: the schema '\(name)' is not usable:\n\n"
                + Diagnostic.sortedByPosition(error.diagnostics).map { formatter.format($0, source: source) }
                .joined(separator: "\n"))
            return 2
        }
    }

    // What the paths stand for, and each file's project settings, found
    // before the files are checked (on two threads, perhaps).
    let search = SpecSearch(paths, excludes: args.all("exclude"), useProjects: schemaPath == nil)
    let files = search.files
    let settingsOfFiles = search.settingsOf
    // Each file alone: many files are checked on two threads, the results
    // kept in file order, so the output is the same.
    let schemaValidator = validator
    // nil: a YAML file a search found that is not accordion's.
    let checkFile = { @Sendable (file: String) -> Result<FileReport?, IO.Failure> in
        let name = file == "-" ? "<stdin>" : file
        do throws(IO.Failure) {
            let bytes = try IO.readInput(file, limit: YAMLLimits().maxInputBytes)
            if schemaValidator == nil, !search.takes(file, bytes: bytes) {
                return .success(nil)
            }
            let found = check(bytes, name: name, validator: schemaValidator)
            return .success(FileReport(name: name, bytes: bytes, diagnostics: settingsOfFiles[file]?.applied(to: found) ?? found))
        } catch {
            return .failure(error)
        }
    }
    let checked = files.count < FileWalk.twoThreadsFrom
        ? files.map { checkFile($0) }
        : Parallel.inOrder(files.count) { checkFile(files[$0]) }
    // One result per `.file` item, in the same order.
    var results = checked.makeIterator()
    var ioFailed = false
    var reports: [FileReport] = []
    var skipped: [String] = []
    for item in search.items {
        switch item {
        case .unreadable(let message):
            IO.writeStderr("accordion: error: \(message)\n")
            ioFailed = true
        case .file:
            switch results.next()! {
            case .success(let report?): reports.append(report)
            case .success(nil):
                if case .file(let file) = item { skipped.append(file) }
            case .failure(let error):
                IO.writeStderr("accordion: error: \(error.message)\n")
                ioFailed = true
            }
        }
    }

    // A project file with problems is reported as a file of its own, after the specs it governs.
    for found in search.projectFiles where !found.problems.isEmpty {
        reports.append(FileReport(name: found.path, bytes: found.bytes, diagnostics: found.problems))
    }
    switch format {
    case .text: ValidateOutput.writeText(reports, useColor: color.enabled(fd: 1)) { IO.writeStdout($0) }
    case .json: IO.writeStdout(ValidateOutput.json(reports, strict: strict))
    case .github: IO.writeStdout(ValidateOutput.github(reports))
    case .sarif: IO.writeStdout(ValidateOutput.sarif(reports, version: version))
    }

    if let note = SpecSearch.note(skipped: skipped, excluded: search.excluded) { IO.writeStderr(note) }
    if ioFailed { return 2 }
    let warnings = reports.reduce(0) { $0 + $1.warnings }
    var failed = reports.contains { $0.errors > 0 || (strict && $0.warnings > 0) }
    if let limit = args.value("max-warnings").flatMap(Int.init), warnings > limit {
        IO.writeStderr("accordion: \(warnings) \(warnings == 1 ? "warning" : "warnings"), more than --max-warnings \(limit) allows\n")
        failed = true
    }
    return failed ? 1 : 0
}

/// One document's problems: the accordion pipeline (a test file's cases
/// against its spec), or the given schema alone.
private func check(_ bytes: [UInt8], name: String, validator: JSONSchemaValidator?) -> [Diagnostic] {
    guard let validator else {
        guard TestFile.isTestFile(name) else { return SpecLoader.load(bytes, source: name).diagnostics }
        return checkTestFile(bytes, name: name)
    }
    do {
        let node = try loadDocument(bytes, name: name)
        return Diagnostic.sortedByPosition(validator.validate(node))
    } catch {
        return Diagnostic.sortedByPosition(error.diagnostics)
    }
}

/// A test file's problems: its own shape, then its cases' scripts against
/// the spec it names (read here: the library reads no files).
private func checkTestFile(_ bytes: [UInt8], name: String) -> [Diagnostic] {
    let file: TestFile
    switch TestFile.read(bytes, source: name) {
    case .failure(let error): return Diagnostic.sortedByPosition(error.diagnostics)
    case .success(let read): file = read
    }
    let specPath = file.specPath(besides: name)
    return file.problems(source: name, specPath: specPath, spec: readTestFileSpec(specPath))
}

/// The spec a test file names, read from the disk (for `validate` and the
/// language server), or why it could not be.
func readTestFileSpec(_ path: String) -> Result<[UInt8], TestFile.SpecUnreadable> {
    do throws(IO.Failure) {
        return .success(try IO.readInput(path, limit: YAMLLimits().maxInputBytes))
    } catch {
        // The test file's problem names the spec itself: only the reason.
        return .failure(TestFile.SpecUnreadable(reason: error.reason ?? error.message))
    }
}

/// A schema or document for `--schema` mode: JSON text is read by the JSON
/// parser (exact JSON semantics, such as `\ud83d\udca9` surrogate-pair
/// escapes, which YAML does not allow), anything else (or JSON that does not
/// parse) by the YAML loader, of which JSON is otherwise a subset.
private func loadDocument(_ bytes: [UInt8], name: String) throws(DiagnosticError) -> YAMLNode {
    let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    let looksLikeJSON = name.hasSuffix(".json") || first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        || first == UInt8(ascii: "\"")
    // Large files go to the libyaml loader, the reader the benchmarks
    // measure and tune (both build the same arena of nodes).
    if looksLikeJSON, bytes.count <= 512 << 10,
       let node = try? JSONNodeParser.parse(String(decoding: bytes, as: UTF8.self), source: name) {
        return node
    }
    return try YAMLLoader().load(bytes, source: name)
}
