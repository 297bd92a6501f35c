import AccordionDiagnostics
import AccordionYAML

/// What an author said about the rules, as linters let them say it: a
/// comment `# accordion: allow low-contrast` beside (or on the line above)
/// what it silences, and a project's `.accordion.yaml` (`rules:` with a
/// level for each rule id, `exclude:` globs). Warnings can be silenced or
/// made errors; errors stay errors (a spec with an error has no document,
/// and no setting can give it one).
public struct RuleSettings: Sendable, Equatable {
    /// A rule's level, as `.accordion.yaml` writes it.
    public enum Level: String, Sendable, CaseIterable {
        /// The rule's warnings are not reported.
        case off
        /// The rule's warnings are reported as warnings (its own level).
        case warning
        /// The rule's warnings are reported as errors, which fail.
        case error
    }

    /// The level of each rule id the project names.
    public var levels: [String: Level]
    /// Globs of paths `validate` and `test` do not take when they walk a
    /// directory (matched against the path relative to the project file's folder).
    public var exclude: [String]

    /// Creates settings.
    public init(levels: [String: Level] = [:], exclude: [String] = []) {
        self.levels = levels
        self.exclude = exclude
    }

    /// No project settings: every rule at its own level.
    public static let none = RuleSettings()

    /// `result` with the project's levels applied: a warning whose rule is
    /// `off` is dropped, one whose rule is `error` becomes an error (and
    /// then the result has no document, as for any error).
    ///
    /// - Parameter result: What `SpecLoader` found.
    /// - Returns: The result as the project wants it reported.
    public func applied(to result: SpecResult) -> SpecResult {
        guard !levels.isEmpty else { return result }
        var out = result
        out.diagnostics = applied(to: result.diagnostics)
        if out.hasErrors && !result.hasErrors {
            out.document = nil
            out.played = nil
        }
        return out
    }

    /// `diagnostics` with the project's levels applied to each warning.
    ///
    /// - Parameter diagnostics: Problems as the rules report them.
    /// - Returns: The problems as the project wants them reported.
    public func applied(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !levels.isEmpty else { return diagnostics }
        return diagnostics.compactMap { d in
            guard d.severity == .warning, let level = levels[d.rule] else { return d }
            switch level {
            case .off: return nil
            case .warning: return d
            case .error:
                var raised = d
                raised.severity = .error
                return raised
            }
        }
    }
}

/// The `# accordion: allow RULE[, RULE...]` comments of a spec's text: a
/// comment at the end of a line allows the rules on that line, a comment
/// alone on its line allows them on the next line. Found by scanning the
/// bytes (libyaml drops comments); a `#` counts when it starts the line or
/// follows a space, as a YAML comment does.
struct InlineAllows {
    /// Rule ids allowed, by 1-based line.
    private(set) var byLine: [Int: Set<String>] = [:]
    /// Ids in the comments that no rule has (or that name errors, which
    /// cannot be allowed): `unknown-rule-id` warnings.
    private(set) var problems: [Diagnostic] = []

    private static let marker = Array("accordion:".utf8)
    private static let allow = Array("allow".utf8)

    init(bytes: [UInt8], source: String) {
        // Most specs have none: a scan for the words' bytes first ("allow"
        // first: every spec opens with `accordion: 1`, which has the marker).
        guard Self.find(Self.allow, in: bytes, from: 0) != nil, Self.find(Self.marker, in: bytes, from: 0) != nil else { return }
        // Only the lines holding a `#` that opens a comment (at the line's start or
        // after a space or tab) are read, each once, and lines are counted
        // only up to the last of them: a large spec has a few comments.
        let hash = UInt8(ascii: "#")
        var line = 1, counted = 0
        var at = 0
        while let found = bytes[at...].firstIndex(of: hash) {
            at = found + 1
            guard found == 0 || bytes[found - 1] == 0x0A || bytes[found - 1] == 0x20 || bytes[found - 1] == 0x09 else { continue }
            var lineStart = found
            while lineStart > counted, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            for i in counted..<lineStart where bytes[i] == 0x0A { line += 1 }
            counted = lineStart
            let end = bytes[found...].firstIndex(of: 0x0A) ?? bytes.count
            scan(bytes, lineStart, end, line: line, source: source)
            at = end
        }
    }

    /// The comment of one line, if it is an allow.
    private mutating func scan(_ bytes: [UInt8], _ start: Int, _ end: Int, line: Int, source: String) {
        var i = start
        var onlyComment = true
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "#"), i == start || bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { break }
            if b != 0x20, b != 0x09 { onlyComment = false }
            i += 1
        }
        guard i < end else { return }
        var j = i + 1
        func skipSpaces() { while j < end, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 } }
        func take(_ word: [UInt8]) -> Bool {
            guard j + word.count <= end, Self.matches(word, in: bytes, at: j) else { return false }
            j += word.count
            return true
        }
        skipSpaces()
        guard take(Self.marker) else { return }
        skipSpaces()
        guard take(Self.allow), j < end, bytes[j] == 0x20 || bytes[j] == 0x09 else { return }
        let target = onlyComment ? line + 1 : line
        // The ids, separated by commas; the first word after one without a
        // comma ends the list (the rest is the author's reason).
        while j < end {
            skipSpaces()
            let idStart = j
            while j < end, bytes[j] != 0x20, bytes[j] != 0x09, bytes[j] != UInt8(ascii: ","), bytes[j] != 0x0D { j += 1 }
            guard j > idStart else { break }
            let id = String(decoding: bytes[idStart..<j], as: UTF8.self)
            defer {
                skipSpaces()
                if j < end, bytes[j] == UInt8(ascii: ",") { j += 1 } else { j = end }
            }
            let column = String(decoding: bytes[start..<idStart], as: UTF8.self).unicodeScalars.count + 1
            let span = SourceSpan(source: source, start: SourceMark(line: line, column: column, offset: idStart),
                                  end: SourceMark(line: line, column: column + id.unicodeScalars.count, offset: j))
            if let rule = RuleCatalog.rule(id) {
                if rule.severity == .error {
                    problems.append(Diagnostic(severity: .warning, rule: "unknown-rule-id",
                                               message: "`\(id)` is an error, and errors cannot be allowed", span: span,
                                               help: "fix what it reports; `allow` silences warnings only"))
                } else {
                    byLine[target, default: []].insert(id)
                }
            } else {
                let guess = RuleCatalog.suggestion(for: id).map { "did you mean `\($0)`? " } ?? ""
                problems.append(Diagnostic(severity: .warning, rule: "unknown-rule-id",
                                           message: "no rule is called `\(id)`, so this allows nothing", span: span,
                                           help: guess + "`accordion explain --list` lists every rule id"))
            }
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = from
        let first = needle[0]
        while i + needle.count <= bytes.count {
            if bytes[i] == first, matches(needle, in: bytes, at: i) { return i }
            i += 1
        }
        return nil
    }

    private static func matches(_ word: [UInt8], in bytes: [UInt8], at i: Int) -> Bool {
        for k in 0..<word.count where bytes[i + k] != word[k] { return false }
        return true
    }

    /// `diagnostics` without the warnings these comments allow, plus the
    /// comments' own problems.
    func applied(to diagnostics: [Diagnostic], source: String) -> [Diagnostic] {
        guard !byLine.isEmpty || !problems.isEmpty else { return diagnostics }
        let kept = diagnostics.filter { d in
            guard d.severity == .warning, d.span.source == source, let allowed = byLine[d.span.start.line] else { return true }
            return !allowed.contains(d.rule)
        }
        return kept + problems
    }
}

/// A project's `.accordion.yaml` (`Schemas/accordion-project.schema.json`):
/// `rules:` a level for each rule id, `exclude:` globs of files a directory
/// search leaves out. Found upwards from each spec by the executable (the
/// nearest one wins); read here from its bytes, its own problems located in it.
public enum ProjectFile {
    /// The file's name.
    public static let name = ".accordion.yaml"

    /// Reads a project file.
    ///
    /// - Parameters:
    ///   - bytes: Its text.
    ///   - source: Its path, for its problems.
    /// - Returns: The settings (what could be read) and the file's problems.
    public static func read(_ bytes: [UInt8], source: String) -> (settings: RuleSettings, problems: [Diagnostic]) {
        let root: YAMLNode
        do throws(DiagnosticError) {
            root = try YAMLLoader().load(bytes, source: source)
        } catch {
            // An empty file (or only comments) sets nothing, and is no mistake.
            if error.diagnostics.allSatisfy({ $0.rule == "yaml-document" }) { return (.none, []) }
            return (.none, error.diagnostics)
        }
        var settings = RuleSettings()
        var problems: [Diagnostic] = []
        func problem(_ message: String, _ node: YAMLNode, help: String, severity: Severity = .error, rule: String = "project-file") {
            problems.append(Diagnostic(severity: severity, rule: rule, message: message, span: node.span, help: help))
        }
        if case .null? = root.scalar?.value { return (settings, []) }
        guard let entries = root.entries else {
            problem("a project file is a mapping with `rules` and `exclude`", root,
                    help: "for example `rules: {low-contrast: warning}` and `exclude: [vendor]`")
            return (settings, problems)
        }
        let levels = RuleSettings.Level.allCases.map(\.rawValue).joined(separator: ", ")
        for (key, value) in entries {
            switch key.scalarText {
            case "rules":
                if case .null? = value.scalar?.value { continue }
                guard let rules = value.entries else {
                    problem("`rules` maps rule ids to a level", value, help: "for example `rules: {low-contrast: off}` (levels: \(levels))")
                    continue
                }
                for (id, level) in rules {
                    let name = id.scalarText ?? ""
                    guard let rule = RuleCatalog.rule(name) else {
                        let guess = RuleCatalog.suggestion(for: name).map { "did you mean `\($0)`? " } ?? ""
                        problem("no rule is called `\(name)`", id, help: guess + "`accordion explain --list` lists every rule id",
                                severity: .warning, rule: "unknown-rule-id")
                        continue
                    }
                    guard let text = level.scalarText, let parsed = RuleSettings.Level(rawValue: text) else {
                        // `off` unquoted is YAML 1.2 text, as wanted; `false` is a boolean.
                        problem("the level of `\(name)` is one of \(levels)", level, help: "write `\(name): off` to silence it")
                        continue
                    }
                    if rule.severity == .error, parsed != .error {
                        problem("`\(name)` is an error, and errors cannot be lowered", level,
                                help: "fix what it reports; only warnings can be `off` or made errors", severity: .warning,
                                rule: "unknown-rule-id")
                        continue
                    }
                    settings.levels[name] = parsed
                }
            case "exclude":
                guard let items = value.items else {
                    problem("`exclude` is a list of globs", value, help: "for example `exclude: [vendor, '.github/**']`")
                    continue
                }
                for item in items {
                    guard case .string(let glob)? = item.scalar?.value, !glob.isEmpty else {
                        problem("a glob is a text, such as `vendor` or `'*.ci.yaml'`", item, help: "quote it if it starts with `*`")
                        continue
                    }
                    settings.exclude.append(glob)
                }
            default:
                let name = key.scalarText ?? "?"
                if !name.hasPrefix("x-") {
                    problem("unknown key `\(name)` in a project file", key, help: "a project file has `rules`, `exclude` and `x-` keys")
                }
            }
        }
        return (settings, Diagnostic.sortedByPosition(problems))
    }

    /// The folders a spec's project file may be in, nearest first: the
    /// spec's folder and each folder above it.
    ///
    /// - Parameter path: The spec's path (absolute, or relative to `cwd`).
    /// - Parameter cwd: The working directory, for a relative path.
    /// - Returns: Folder paths, ending with `/`.
    public static func folders(above path: String, cwd: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : (cwd.hasSuffix("/") ? cwd : cwd + "/") + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        parts.removeLast()  // the file itself
        var out: [String] = []
        while true {
            out.append("/" + parts.joined(separator: "/") + (parts.isEmpty ? "" : "/"))
            if parts.isEmpty { break }
            parts.removeLast()
        }
        return out
    }
}
