import AccordionDiagnostics
import AccordionSpec
import AccordionYAML
import JSONSchema

private let validateUsage = """
usage: accordion validate [--schema FILE] [--format text|json|github|sarif] [--strict]
                          [--color auto|always|never] PATH...

Checks accordion specs and reports every problem of every file, sorted by
position. PATH is a file, a directory (searched recursively for *.yaml and
*.yml) or '-' for standard input.

  --schema FILE   validate against this JSON or YAML schema instead of the
                  bundled accordion schema (the accordion rules then do not run)
  --format F      text (default), json, github (workflow commands) or sarif (2.1.0)
  --strict        warnings fail too
  --color WHEN    auto (default: only on a terminal without NO_COLOR), always, never

Exit status: 0 every file is valid, 1 some file has an error (or, with
--strict, a warning), 2 usage or I/O problems (missing file, bad schema).
Run 'accordion explain RULE' for what a [rule-id] means.
"""

private enum OutputFormat: String {
    case text, json, github, sarif
}

private enum ColorChoice: String {
    case auto, always, never
}

/// `accordion validate`: the bundled schema plus the accordion rules (or
/// any schema given with `--schema`) over files, directories and stdin.
let validateCommand = Command(
    name: "validate",
    summary: "check specs against the schema and the accordion rules",
    usage: validateUsage,
    run: { args in runValidate(args) }
)

private func runValidate(_ args: [String]) -> Int32 {
    var schemaPath: String?
    var format = OutputFormat.text
    var color = ColorChoice.auto
    var strict = false
    var paths: [String] = []

    var i = 0
    var optionsDone = false
    func value(_ name: String) -> String? {
        if i + 1 < args.count {
            i += 1
            return args[i]
        }
        return nil
    }
    while i < args.count {
        let arg = args[i]
        defer { i += 1 }
        if optionsDone || arg == "-" || !arg.hasPrefix("-") {
            paths.append(arg)
            continue
        }
        if arg == "--" {
            optionsDone = true
            continue
        }
        var name = arg
        var inline: String?
        if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
            name = String(arg[..<eq])
            inline = String(arg[arg.index(after: eq)...])
        }
        switch name {
        case "--strict":
            guard inline == nil else { return usageError("--strict takes no value", usage: validateUsage) }
            strict = true
        case "--schema", "--format", "--color":
            guard let v = inline ?? value(name) else {
                return usageError("\(name) needs a value", usage: validateUsage)
            }
            switch name {
            case "--schema":
                schemaPath = v
            case "--format":
                guard let f = OutputFormat(rawValue: v) else {
                    return usageError("unknown format '\(v)': use text, json, github or sarif", usage: validateUsage)
                }
                format = f
            default:
                guard let c = ColorChoice(rawValue: v) else {
                    return usageError("unknown --color value '\(v)': use auto, always or never", usage: validateUsage)
                }
                color = c
            }
        default:
            return usageError("unknown option '\(arg)'", usage: validateUsage)
        }
    }
    guard !paths.isEmpty else { return usageError("missing PATH", usage: validateUsage) }

    // The replacement schema, when given: any problem with it is exit 2.
    var validator: JSONSchemaValidator?
    if let schemaPath {
        let name = schemaPath == "-" ? "<stdin>" : schemaPath
        if paths.contains("-"), schemaPath == "-" {
            return usageError("standard input cannot be both the schema and a document", usage: validateUsage)
        }
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
                let formatter = DiagnosticFormatter(useColor: colorEnabled(color, fd: 2))
                IO.writeStderr(Diagnostic.sortedByPosition(warnings).map { formatter.format($0, source: source) }
                    .joined(separator: "\n"))
            }
        } catch {
            let formatter = DiagnosticFormatter(useColor: colorEnabled(color, fd: 2))
            IO.writeStderr("accordion: error: the schema '\(name)' is not usable:\n\n"
                + Diagnostic.sortedByPosition(error.diagnostics).map { formatter.format($0, source: source) }
                .joined(separator: "\n"))
            return 2
        }
    }

    var ioFailed = false
    var reports: [FileReport] = []
    var stdinUsed = false
    for path in paths {
        switch FileWalk.expand(path) {
        case .failure(let message):
            IO.writeStderr("accordion: error: \(message)\n")
            ioFailed = true
        case .files(let files):
            for file in files {
                if file == "-" {
                    if stdinUsed { continue }
                    stdinUsed = true
                }
                let name = file == "-" ? "<stdin>" : file
                let bytes: [UInt8]
                do {
                    bytes = try IO.readInput(file, limit: YAMLLimits().maxInputBytes)
                } catch {
                    IO.writeStderr("accordion: error: \(error.message)\n")
                    ioFailed = true
                    continue
                }
                reports.append(FileReport(name: name, bytes: bytes, diagnostics: check(bytes, name: name, validator: validator)))
            }
        }
    }

    switch format {
    case .text: IO.writeStdout(ValidateOutput.text(reports, useColor: colorEnabled(color, fd: 1)))
    case .json: IO.writeStdout(ValidateOutput.json(reports, strict: strict))
    case .github: IO.writeStdout(ValidateOutput.github(reports))
    case .sarif: IO.writeStdout(ValidateOutput.sarif(reports, version: version))
    }

    if ioFailed { return 2 }
    let failed = reports.contains { $0.errors > 0 || (strict && $0.warnings > 0) }
    return failed ? 1 : 0
}

/// One document's problems: the accordion pipeline, or the given schema alone.
private func check(_ bytes: [UInt8], name: String, validator: JSONSchemaValidator?) -> [Diagnostic] {
    guard let validator else { return SpecLoader.load(bytes, source: name).diagnostics }
    do {
        let node = try loadDocument(bytes, name: name)
        return Diagnostic.sortedByPosition(validator.validate(node))
    } catch {
        return Diagnostic.sortedByPosition(error.diagnostics)
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

/// `--color`: auto means a terminal and no NO_COLOR (set and non-empty).
private func colorEnabled(_ choice: ColorChoice, fd: Int32) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
        if let noColor = IO.environment("NO_COLOR"), !noColor.isEmpty { return false }
        return IO.isTerminal(fd: fd)
    }
}
