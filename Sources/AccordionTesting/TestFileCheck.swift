import AccordionDiagnostics
import AccordionSpec
import AccordionYAML

extension TestFile {
    /// What `accordion validate` says about a test file, without running
    /// it: each case's script checked against the spec by the schema and
    /// the rules (unknown ids, steps the model refuses or ignores,
    /// malformed expectations), as `accordion test` checks it before a run.
    /// Every problem is located in the test file: the spec's own problems
    /// are its own file's business (`validate` reports them there), so they
    /// count as one error at `spec:` when the spec cannot be played.
    ///
    /// - Parameters:
    ///   - source: The test file's name, as its cases' nodes give it.
    ///   - specPath: Where the spec was read from (`specPath(besides:)`).
    ///   - spec: The spec's bytes, or why they could not be read.
    /// - Returns: The problems, sorted by position.
    public func problems(source: String, specPath: String, spec: Result<[UInt8], SpecUnreadable>) -> [Diagnostic] {
        func atSpec(_ message: String, help: String) -> [Diagnostic] {
            [Diagnostic(rule: "test-file", message: message, span: specSpan, help: help)]
        }
        let bytes: [UInt8]
        switch spec {
        case .failure(let unreadable):
            return atSpec("the spec `\(self.spec)` cannot be read: \(unreadable.reason)",
                          help: "`spec` is a path relative to this test file")
        case .success(let read): bytes = read
        }
        let root: YAMLNode
        do {
            root = try YAMLLoader().load(bytes, source: specPath)
        } catch {
            return atSpec("the spec `\(self.spec)` is not valid YAML", help: "`accordion validate \(specPath)` shows where")
        }
        // With no case, the spec is checked with its own script; else it is
        // checked once and each case's script played on it, as `test` does.
        let results: [SpecResult]
        if cases.isEmpty {
            results = [SpecLoader.check(root, bytes: bytes)]
        } else {
            let prepared = SpecLoader.prepare(root, bytes: bytes)
            results = cases.map { SpecLoader.check(prepared, script: $0.script, tolerance: tolerance) }
        }
        var found = results.flatMap { $0.diagnostics.filter { $0.span.source == source } }
        // A case's properties, read against the document its script makes.
        for (testCase, result) in zip(cases, results) where testCase.hasProperties || testCase.explore != nil {
            guard let document = result.document else { continue }
            if case .failure(let error) = testCase.exploration(of: document, tolerance: tolerance) {
                found += error.diagnostics
            }
        }
        // The spec's own errors are the same in every case's result: counted once.
        let specErrors = results.first?.diagnostics.filter { $0.span.source != source && $0.severity == .error }.count ?? 0
        if specErrors > 0 {
            found += atSpec("the spec `\(self.spec)` has \(specErrors == 1 ? "an error" : "\(specErrors) errors"), so no case can be played",
                            help: "`accordion validate \(specPath)` lists \(specErrors == 1 ? "it" : "them")")
        }
        return Diagnostic.sortedByPosition(found)
    }

    /// Why a test file's spec could not be read (the CLI reads files).
    public struct SpecUnreadable: Error, Sendable {
        /// What went wrong, as a sentence fragment ("no such file or directory").
        public var reason: String

        /// Creates the reason.
        public init(reason: String) {
            self.reason = reason
        }
    }
}
