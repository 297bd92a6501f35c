import AccordionDiagnostics
import AccordionSpec
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
    /// are located there), and the properties `accordion test --explore`
    /// checks over every order of taps from where the script leaves the
    /// container.
    public struct TestCase: Sendable {
        public var name: String
        public var script: YAMLNode
        public var span: SourceSpan
        /// `always:`: expectations every state reached must meet, each the
        /// mapping as written (`Expectation.read` reads it).
        public var always: [YAMLNode] = []
        /// `reachable:`: expectations some state reached must meet.
        public var reachable: [YAMLNode] = []
        /// `properties:`: the named properties, each where it is written.
        public var named: [(property: NamedProperty, span: SourceSpan)] = []
        /// `explore:`: the steps the explorer may take beside the default
        /// alphabet, and how deep it goes breadth-first.
        public var explore: ExploreSettings?

        /// Whether the case states anything for `--explore` to check.
        public var hasProperties: Bool { !always.isEmpty || !reachable.isEmpty || !named.isEmpty }

        /// The case `--explore` makes of a spec given without a test file:
        /// from where its own script leaves the container, every named
        /// property (they need no writing), reported at the spec's first
        /// key (`root`, the spec's top-level mapping).
        ///
        /// - Parameter root: The spec's top-level node.
        /// - Returns: A case named `script`, as a spec's own checks are.
        public static func namedProperties(of root: YAMLNode) -> TestCase {
            let at = root.entries?.first?.key.span ?? root.span
            var plain = TestCase(name: "script", script: root, span: at)
            plain.named = NamedProperty.allCases.map { ($0, at) }
            return plain
        }
    }

    /// A case's `explore:` mapping.
    public struct ExploreSettings: Sendable {
        /// `steps:`, each a step of a script (no `at`, no checks): letters of
        /// the alphabet beside the taps and `collapse: all`.
        public var steps: [YAMLNode] = []
        /// `depth:`, nil for the default.
        public var depth: Int?
        /// The `explore` key.
        public var span: SourceSpan
    }

    /// The keys a case may have.
    static let caseKeys = ["name", "script", "always", "reachable", "properties", "explore"]

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
                        guard let word = key.scalarText, !Self.caseKeys.contains(word) else { continue }
                        wrong = true
                        let meant = (Self.caseSynonyms[word.lowercased()] ?? closest(to: word, in: Self.caseKeys))
                            .map { "did you mean `\($0)`? " } ?? ""
                        problem("unknown key `\(word)` in a case", key.span,
                                help: meant + "a case has `name` (text) and `script` (a list of steps), and may state "
                                    + "`always`, `reachable`, `properties` and `explore`")
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
                    let entries = caseEntries
                    if !names.insert(name).inserted {
                        problem("two cases are named `\(name)`", item["name"]!.span, help: "give each case its own name: snapshots are stored by it")
                    }
                    var testCase = TestCase(name: name, script: script, span: item["name"]!.span)
                    for (key, value) in entries {
                        let word = key.scalarText ?? "?"
                        switch word {
                        case "name", "script": break
                        case "always", "reachable":
                            guard let list = value.entries != nil ? [value] : value.items.map(Array.init), !list.isEmpty,
                                  list.allSatisfy({ $0.entries != nil }) else {
                                problem("`\(word)` is an expectation (a mapping, as `expect` writes one) or a list of them", value.span,
                                        help: word == "always"
                                            ? "for example `always: {path: \"panels[0].header.y\", atMost: 0}`"
                                            : "for example `reachable: [{expanded: faq}]`")
                                continue
                            }
                            if word == "always" { testCase.always = list } else { testCase.reachable = list }
                        case "properties":
                            guard let list = value.items else {
                                problem("`properties` is a list of named properties", value.span,
                                        help: "the properties are " + NamedProperty.listed)
                                continue
                            }
                            for item in list {
                                guard let text = item.stringText, let property = NamedProperty(rawValue: text) else {
                                    let guess = item.stringText.flatMap { closest(to: $0, in: NamedProperty.allCases.map(\.rawValue)) }
                                    problem("`\(item.scalarText ?? "?")` is not a named property", item.span,
                                            help: (guess.map { "did you mean `\($0)`? " } ?? "") + "the properties are " + NamedProperty.listed)
                                    continue
                                }
                                testCase.named.append((property, item.span))
                            }
                        case "explore":
                            guard let settings = value.entries else {
                                problem("`explore` is a mapping with `steps` and `depth`", value.span,
                                        help: "for example `explore: {steps: [{resize: {width: 667, height: 375}}], depth: 5}`")
                                continue
                            }
                            var explore = ExploreSettings(span: key.span)
                            for (setting, v) in settings {
                                switch setting.scalarText {
                                case "steps":
                                    guard let steps = v.items else {
                                        problem("`steps` is a list of script steps the explorer may take", v.span,
                                                help: "for example `steps: [{setPanels: [inbox, sent]}]`")
                                        continue
                                    }
                                    for step in steps {
                                        if let at = step["at"] {
                                            problem("an explored step has no `at`: the explorer chooses when it happens", at.span,
                                                    help: "remove `at`; taps are tried at rest and at a transition's start, middle and end")
                                        } else if let check = step["expect"] ?? step["snapshot"] {
                                            problem("an explored step is an action, not a check", check.span,
                                                    help: "state what must hold with `always:` or `reachable:` beside `explore`")
                                        }
                                    }
                                    explore.steps = Array(steps)
                                case "depth":
                                    guard case .int(let depth)? = v.scalar?.value, depth >= 1, depth <= ExploreSettings.maxDepth else {
                                        problem("`depth` is a whole number of steps from 1 to \(ExploreSettings.maxDepth)", v.span,
                                                help: "for example `depth: 5` (the default); `--walks` goes deeper at random")
                                        continue
                                    }
                                    explore.depth = Int(depth)
                                default:
                                    problem("unknown key `\(setting.scalarText ?? "?")` in `explore`", setting.span,
                                            help: "`explore` has `steps` and `depth`")
                                }
                            }
                            testCase.explore = explore
                        default:
                            let guess = closest(to: word, in: Self.caseKeys)
                            problem("unknown key `\(word)` in a case", key.span,
                                    help: (guess.map { "did you mean `\($0)`? " } ?? "") + "a case has "
                                        + Self.caseKeys.map { "`\($0)`" }.joined(separator: ", "))
                        }
                    }
                    file.cases.append(testCase)
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

/// A property that needs no writing, named in a case's `properties:`.
public enum NamedProperty: String, CaseIterable, Sendable {
    /// From every state reached, every enabled panel of the stack the case
    /// starts from can still be opened by some sequence of the alphabet.
    case everyPanelReachable = "every-panel-reachable"
    /// An open panel's content gets some height on screen (at least a point)
    /// whenever the container is at rest, also after a `resize`.
    case contentVisible = "content-visible"

    /// The names, as a sentence lists them.
    static var listed: String {
        let names = allCases.map { "`\($0.rawValue)`" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

extension TestFile.ExploreSettings {
    /// The breadth-first depth when `depth` is not given.
    public static let defaultDepth = 5
    /// The deepest breadth-first search a file may ask for: the states grow
    /// with the alphabet to this power, and `--walks` goes deeper.
    public static let maxDepth = 12
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
