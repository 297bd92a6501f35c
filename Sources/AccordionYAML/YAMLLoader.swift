import AccordionDiagnostics
import CYAML

/// Limits that keep hostile input from exhausting time, memory or stack.
public struct YAMLLimits: Sendable {
    /// Largest input accepted, in bytes (64 MiB by default).
    public var maxInputBytes: Int = 64 << 20
    /// Deepest nesting of collections accepted.
    public var maxDepth: Int = 512
    /// Most nodes that alias expansion may visit in total (billion-laughs guard).
    public var maxAliasExpansion: Int = 1_000_000

    /// The defaults.
    public init() {}
}

/// Loads one YAML document into a located node tree. (Stub: being written.)
public struct YAMLLoader: Sendable {
    /// The limits in force.
    public var limits: YAMLLimits

    /// Creates a loader.
    public init(limits: YAMLLimits = YAMLLimits()) { self.limits = limits }

    /// Parses `bytes` named `source`; throws `DiagnosticError` with located problems.
    public func load(_ bytes: [UInt8], source: String) throws(DiagnosticError) -> YAMLNode {
        _ = yaml_get_version_string()
        throw DiagnosticError(Diagnostic(rule: "yaml-syntax", message: "the YAML loader is not written yet",
                                         span: SourceSpan(source: source, at: SourceMark(line: 1, column: 1, offset: 0))))
    }
}
