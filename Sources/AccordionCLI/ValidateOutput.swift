import AccordionDiagnostics
import AccordionSpec

/// One validated file: its name as shown, its bytes (to quote lines), and
/// its problems sorted by position.
struct FileReport: Sendable {
    var name: String
    var bytes: [UInt8]
    var diagnostics: [Diagnostic]

    var errors: Int { diagnostics.count { $0.severity == .error } }
    var warnings: Int { diagnostics.count { $0.severity == .warning } }
}

/// The output formats of `validate`. Each is a pure function from reports
/// to text, so the CLI tests pin them exactly.
enum ValidateOutput {
    // MARK: text

    static func text(_ reports: [FileReport], useColor: Bool) -> String {
        var out = ""
        writeText(reports, useColor: useColor) { out += $0 }
        return out
    }

    /// The text report in pieces, as it is made (`TextReport.write`).
    static func writeText(_ reports: [FileReport], useColor: Bool, to sink: (String) -> Void) {
        for r in reports {
            TextReport.write(name: r.name, bytes: r.bytes, diagnostics: r.diagnostics, useColor: useColor, to: sink)
        }
        sink(TextReport.summary(reports.map(\.diagnostics)))
    }

    // MARK: json

    static func json(_ reports: [FileReport], strict: Bool) -> String {
        func valid(_ r: FileReport) -> Bool { r.errors == 0 && (!strict || r.warnings == 0) }
        var files: [JSONValue] = []
        var diagnostics: [JSONValue] = []
        for r in reports {
            files.append(.object([("file", .string(r.name)), ("valid", .bool(valid(r))),
                                  ("errors", .int(r.errors)), ("warnings", .int(r.warnings))]))
            for d in r.diagnostics {
                var fields: [(String, JSONValue)] = [
                    ("file", .string(d.span.source)),
                    ("line", .int(d.span.start.line)), ("column", .int(d.span.start.column)),
                    ("endLine", .int(d.span.end.line)), ("endColumn", .int(d.span.end.column)),
                    ("severity", .string(d.severity.rawValue)), ("rule", .string(d.rule)),
                    ("message", .string(d.message)),
                    ("instancePath", .string(d.instancePath)), ("schemaPath", .string(d.schemaPath)),
                    ("help", d.help.map(JSONValue.string) ?? .null),
                ]
                if let raw = d.parserMessage { fields.append(("libyaml", .string(raw))) }
                fields.append(("related", .array(d.related.map { r in
                    .object([("message", .string(r.message)), ("file", .string(r.span.source)),
                             ("line", .int(r.span.start.line)), ("column", .int(r.span.start.column)),
                             ("endLine", .int(r.span.end.line)), ("endColumn", .int(r.span.end.column))])
                })))
                diagnostics.append(.object(fields))
            }
        }
        let root = JSONValue.object([
            ("valid", .bool(reports.allSatisfy(valid))),
            ("files", .array(files)),
            ("diagnostics", .array(diagnostics)),
        ])
        return root.serialized() + "\n"
    }

    // MARK: github

    /// Workflow-command data escaping: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Workflow-command property escaping: the data escapes plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for ch in escapeData(text).unicodeScalars {
            switch ch {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// One workflow command per problem; its `help:`, when it has one,
    /// follows the message (an annotation has no field of its own for it).
    static func github(_ reports: [FileReport]) -> String {
        var out = ""
        for r in reports {
            for d in r.diagnostics {
                let command: String
                switch d.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .note: command = "notice"
                }
                out += "::\(command) file=\(escapeProperty(d.span.source)),line=\(d.span.start.line),endLine=\(d.span.end.line)"
                    + ",col=\(d.span.start.column),endColumn=\(d.span.end.column),title=\(escapeProperty(d.rule))::"
                    + escapeData(d.help.map { "\(d.message) — help: \($0)" } ?? d.message) + "\n"
            }
        }
        return out
    }

    // MARK: sarif

    /// A path as a SARIF artifact URI: relative paths stay relative (to the
    /// working directory, SARIF's `%SRCROOT%` when uploaded from the checkout),
    /// with every byte outside the unreserved set and `/` percent-encoded.
    static func uri(_ path: String) -> String {
        if path == "<stdin>" { return "stdin" }
        return (path.hasPrefix("/") ? "file://" : "") + PathEncoding.percentEncoded(path)
    }

    static func sarifLevel(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func sarif(_ reports: [FileReport], version: String) -> String {
        var rules = RuleCatalog.all
        let knownIds = Set(rules.map(\.id))
        let extra = Set(reports.flatMap { $0.diagnostics.map(\.rule) }).subtracting(knownIds).sorted()
        for id in extra {
            rules.append(RuleInfo(id: id, severity: .error, summary: "Reported by accordion.", why: "", example: ""))
        }
        var ruleIndex: [String: Int] = [:]
        for (i, r) in rules.enumerated() where ruleIndex[r.id] == nil { ruleIndex[r.id] = i }

        func region(_ span: SourceSpan) -> JSONValue {
            .object([("startLine", .int(span.start.line)), ("startColumn", .int(span.start.column)),
                     ("endLine", .int(span.end.line)), ("endColumn", .int(span.end.column))])
        }
        var artifactIndex: [String: Int] = [:]
        var artifacts: [JSONValue] = []
        for r in reports where artifactIndex[r.name] == nil {
            artifactIndex[r.name] = artifacts.count
            artifacts.append(.object([("location", .object([("uri", .string(uri(r.name)))]))]))
        }
        func location(_ span: SourceSpan) -> JSONValue {
            var artifact: [(String, JSONValue)] = [("uri", .string(uri(span.source)))]
            if let i = artifactIndex[span.source] { artifact.append(("index", .int(i))) }
            return .object([("artifactLocation", .object(artifact)), ("region", region(span))])
        }
        var results: [JSONValue] = []
        for r in reports {
            for d in r.diagnostics {
                var fields: [(String, JSONValue)] = [
                    ("ruleId", .string(d.rule)), ("ruleIndex", .int(ruleIndex[d.rule] ?? 0)),
                    ("level", .string(sarifLevel(d.severity))),
                    ("message", .object([("text", .string(d.help.map { "\(d.message)\nhelp: \($0)" } ?? d.message))])),
                    ("locations", .array([.object([("physicalLocation", location(d.span))])])),
                ]
                if !d.related.isEmpty {
                    fields.append(("relatedLocations", .array(d.related.enumerated().map { i, rel in
                        .object([("id", .int(i + 1)), ("physicalLocation", location(rel.span)),
                                 ("message", .object([("text", .string(rel.message))]))])
                    })))
                }
                var properties: [(String, JSONValue)] = []
                if !d.instancePath.isEmpty { properties.append(("instancePath", .string(d.instancePath))) }
                if !d.schemaPath.isEmpty { properties.append(("schemaPath", .string(d.schemaPath))) }
                if !properties.isEmpty { fields.append(("properties", .object(properties))) }
                results.append(.object(fields))
            }
        }
        let driverRules: [JSONValue] = rules.map { r in
            var fields: [(String, JSONValue)] = [
                ("id", .string(r.id)),
                ("shortDescription", .object([("text", .string(r.summary))])),
            ]
            if !r.why.isEmpty { fields.append(("fullDescription", .object([("text", .string(r.why))]))) }
            if !r.example.isEmpty {
                fields.append(("help", .object([("text", .string("Run 'accordion explain \(r.id)'. Example:\n\(r.example)"))])))
            }
            fields.append(("defaultConfiguration", .object([("level", .string(sarifLevel(r.severity)))])))
            return .object(fields)
        }
        let run = JSONValue.object([
            ("tool", .object([("driver", .object([
                ("name", .string("accordion")),
                ("version", .string(version)),
                ("semanticVersion", .string(version)),
                ("rules", .array(driverRules)),
            ]))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("artifacts", .array(artifacts)),
            ("results", .array(results)),
        ])
        let root = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return root.serialized() + "\n"
    }
}
