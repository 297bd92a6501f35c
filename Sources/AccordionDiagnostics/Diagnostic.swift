/// How bad a problem is. Warnings do not fail `validate` unless `--strict`.
public enum Severity: String, Sendable, Hashable, Comparable {
    /// A problem that makes the input unusable; `validate` fails.
    case error
    /// A likely mistake; the input still works.
    case warning
    /// Extra context attached to another diagnostic.
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    /// Errors sort before warnings before notes.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A second place that explains a problem ("first defined here").
public struct RelatedLocation: Hashable, Sendable {
    /// What this place is, e.g. "first defined here".
    public var message: String
    /// Where it is.
    public var span: SourceSpan

    /// Creates a related location.
    public init(message: String, span: SourceSpan) {
        self.message = message
        self.span = span
    }
}

/// A mechanical correction of a problem, as data an editor can apply (a
/// quick fix): replace the bytes from `start` to `end` of the problem's
/// source with `replacement`. The `help:` says the same in words.
public struct Fix: Hashable, Sendable {
    /// What the fix does, as an editor's menu shows it: "Write 0x1ABC9CFF".
    public var title: String
    /// First byte replaced (0-based offset into the source).
    public var start: Int
    /// Just past the last byte replaced.
    public var end: Int
    /// The new text.
    public var replacement: String

    /// Creates a fix.
    public init(title: String, start: Int, end: Int, replacement: String) {
        self.title = title
        self.start = start
        self.end = end
        self.replacement = replacement
    }
}

/// One located problem, in the form every layer reports and every output
/// format (text, JSON, GitHub, SARIF) renders.
public struct Diagnostic: Hashable, Sendable, Error {
    /// Error, warning or note.
    public var severity: Severity
    /// Stable rule id, e.g. `yaml-syntax`, `schema-type`, `duplicate-panel-id`.
    public var rule: String
    /// One sentence a spec author understands.
    public var message: String
    /// Where the problem is.
    public var span: SourceSpan
    /// How to fix it, when there is a fix to suggest.
    public var help: String?
    /// Other places that explain the problem.
    public var related: [RelatedLocation]
    /// JSON pointer to the offending instance (`/panels/2/color`), empty for the root.
    public var instancePath: String
    /// JSON pointer into the schema for schema problems (`/properties/panels/items/...`).
    public var schemaPath: String
    /// The YAML parser's own words for a syntax error (libyaml's context and
    /// problem), kept for machine-readable output only: the message and help
    /// say the same in sentences a spec author understands.
    public var parserMessage: String?
    /// The correction, when it is mechanical (a typo with one close match,
    /// a missing alpha, a unit after a number); editors offer it as a quick fix.
    public var fix: Fix?

    /// Creates a diagnostic.
    public init(
        severity: Severity = .error,
        rule: String,
        message: String,
        span: SourceSpan,
        help: String? = nil,
        related: [RelatedLocation] = [],
        instancePath: String = "",
        schemaPath: String = "",
        parserMessage: String? = nil
    ) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.span = span
        self.help = help
        self.related = related
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.parserMessage = parserMessage
    }

    /// Diagnostics sort by file, then position, then severity, then rule.
    ///
    /// - Parameter list: Diagnostics in any order.
    /// - Returns: The same diagnostics in report order.
    public static func sortedByPosition(_ list: [Diagnostic]) -> [Diagnostic] {
        var sorted = list
        sortByPosition(&sorted)
        return sorted
    }

    /// `sortedByPosition(_:)` in place: a hundred thousand warnings are
    /// sorted without a second array of them.
    ///
    /// - Parameter list: Diagnostics in any order, then in report order.
    public static func sortByPosition(_ list: inout [Diagnostic]) {
        list.sort {
            ($0.span.source, $0.span.start, $0.severity, $0.rule, $0.message)
                < ($1.span.source, $1.span.start, $1.severity, $1.rule, $1.message)
        }
    }
}

/// Thrown by a library layer when it cannot go on; carries every problem found.
public struct DiagnosticError: Error, Sendable {
    /// The problems, at least one.
    public var diagnostics: [Diagnostic]

    /// Wraps problems.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// Wraps one problem.
    ///
    /// - Parameter diagnostic: The problem the error carries.
    public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }
}
