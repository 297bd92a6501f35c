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

    /// The words authors write for a case's two keys, and the key they mean.
    static let caseSynonyms: [String: String] = [
        "steps": "script", "step": "script", "actions": "script", "do": "script", "run": "script", "scripts": "script",
        "title": "name", "description": "name", "label": "name", "case": "name", "test": "name",
    ]

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
                    let example = "- name: opens billing\n    script: [{tap: billing}, {expect: {expanded: billing}}]"
                    guard let caseEntries = item.entries else {
                        problem("a case is a mapping with `name` (text) and `script` (a list of steps)", item.span, help: example)
                        continue
                    }
                    // The key that is wrong is named where it is written.
                    var wrong = false
                    for (key, _) in caseEntries {
                        guard let word = key.scalarText, word != "name", word != "script" else { continue }
                        wrong = true
                        let meant = Self.caseSynonyms[word.lowercased()].map { "did you mean `\($0)`? " } ?? ""
                        problem("unknown key `\(word)` in a case", key.span,
                                help: meant + "a case has exactly `name` (text) and `script` (a list of steps)")
                    }
                    if wrong { continue }
                    guard let nameNode = item["name"], let name = nameNode.stringText else {
                        problem(item["name"] == nil ? "this case has no `name`" : "a case's `name` is text", item["name"]?.span ?? item.span,
                                help: "name each case: its name is its line in the report and the folder of its snapshots")
                        continue
                    }
                    guard let script = item["script"], script.items != nil else {
                        problem(item["script"] == nil ? "the case `\(name)` has no `script`" : "a case's `script` is a list of steps",
                                item["script"]?.span ?? item.span, help: example)
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
