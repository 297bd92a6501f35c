import AccordionDiagnostics
import AccordionYAML

/// A `*.test.yaml` file (`Schemas/accordion-test.schema.json`): the spec it
/// tests and its cases, each a script played on a fresh container instead
/// of the spec's own.
public struct TestFile: Sendable {
    /// `spec:` as written: relative to the test file.
    public var spec: String
    /// Where `spec:` is written (its value), for problems with the spec it names.
    public var specSpan: SourceSpan
    /// `tolerance:` of every expectation of the file, when set.
    public var tolerance: Double?
    public var cases: [TestCase]

    /// One case: its name and script (nodes of the test file, so problems
    /// are located there).
    public struct TestCase: Sendable {
        public var name: String
        public var script: YAMLNode
        public var span: SourceSpan
    }

    /// The path of the spec, for a test file at `path`: `spec` as written
    /// when absolute, else relative to the test file's directory.
    public func specPath(besides path: String) -> String {
        if spec.hasPrefix("/") { return spec }
        let dir = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? "."
        return dir + "/" + spec
    }

    /// Whether a path names a test file.
    public static func isTestFile(_ path: String) -> Bool {
        path.hasSuffix(".test.yaml") || path.hasSuffix(".test.yml")
    }

    /// Reads a test file; its problems, located, when it is not one.
    public static func read(_ bytes: [UInt8], source: String) -> Result<TestFile, DiagnosticError> {
        let root: YAMLNode
        do throws(DiagnosticError) {
            root = try YAMLLoader().load(bytes, source: source)
        } catch {
            return .failure(error)
        }
        var problems: [Diagnostic] = []
        func problem(_ message: String, _ span: SourceSpan, help: String) {
            problems.append(Diagnostic(rule: "test-file", message: message, span: span, help: help))
        }
        guard let entries = root.entries else {
            return .failure(DiagnosticError([Diagnostic(rule: "test-file", message: "a test file is a mapping with `spec` and `cases`",
                                                        span: root.span, help: "start with `spec: path/to/spec.yaml` and `cases:`")]))
        }
        var file = TestFile(spec: "", specSpan: root.span, tolerance: nil, cases: [])
        var sawSpec = false, sawCases = false
        for (key, value) in entries {
            switch key.scalarText {
            case "spec":
                guard let text = value.stringText else {
                    problem("`spec` must be a path to a spec, relative to this file", value.span, help: "for example `spec: ../samples/mail-client.yaml`")
                    continue
                }
                file.spec = text
                file.specSpan = value.span
                sawSpec = true
            case "tolerance":
                guard let v = value.number, v >= 0 else {
                    problem("`tolerance` must be a number of points, 0 or more", value.span, help: "for example `tolerance: 0.5`")
                    continue
                }
                file.tolerance = v
            case "cases":
                sawCases = true
                guard let items = value.items else {
                    problem("`cases` must be a list of {name, script}", value.span, help: "- name: opens billing\n    script: [{tap: billing}, {expect: {expanded: billing}}]")
                    continue
                }
                var names: Set<String> = []
                for item in items {
                    guard let name = item["name"]?.stringText, let script = item["script"], script.items != nil,
                          item.entries?.count == 2 else {
                        problem("a case is a mapping with exactly `name` (text) and `script` (a list of steps)", item.span,
                                help: "- name: opens billing\n    script: [{tap: billing}, {expect: {expanded: billing}}]")
                        continue
                    }
                    if !names.insert(name).inserted {
                        problem("two cases are named `\(name)`", item["name"]!.span, help: "give each case its own name: snapshots are stored by it")
                    }
                    file.cases.append(TestCase(name: name, script: script, span: item["name"]!.span))
                }
            default:
                let name = key.scalarText ?? "?"
                if !name.hasPrefix("x-") {
                    problem("unknown key `\(name)` in a test file", key.span, help: "a test file has `spec`, `cases`, `tolerance` and `x-` keys")
                }
            }
        }
        if !sawSpec, problems.isEmpty { problem("this test file names no spec", root.span, help: "add `spec: path/to/spec.yaml` (relative to this file)") }
        if !sawCases, problems.isEmpty { problem("this test file has no `cases`", root.span, help: "add `cases: [{name: ..., script: [...]}]`") }
        return problems.isEmpty ? .success(file) : .failure(DiagnosticError(Diagnostic.sortedByPosition(problems)))
    }
}

extension YAMLNode {
    /// The node's string, when it resolved to one.
    var stringText: String? {
        if case .string(let s)? = scalar?.value { return s }
        return nil
    }

    /// The node's number, when it is one.
    var number: Double? {
        switch scalar?.value {
        case .int(let v)?: Double(v)
        case .float(let v)?: v.isFinite ? v : nil
        default: nil
        }
    }
}
