import Foundation
import XCTest

final class ValidateCommandTests: XCTestCase {
    private var temp: URL!

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temp)
    }

    @discardableResult
    private func write(_ relative: String, _ text: String) throws -> String {
        let url = temp.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    private let valid = "accordion: 1\npanels: [{id: a, title: A}, {id: b, title: B}]\n"
    private let broken = "accordion: 1\npanels:\n  - {id: a, title: A}\nscript:\n  - tap: b\n"

    // MARK: - many files

    /// Many files are checked on two threads; the report keeps the order the
    /// paths were given in, each file's problems are the ones it has alone,
    /// and a path that cannot be read is reported where it stands.
    func testManyFilesAreReportedInTheOrderGivenWithTheirOwnProblems() throws {
        var paths: [String] = []
        for i in 0..<24 {
            let text = i % 3 == 0 ? broken : i % 3 == 1 ? valid : "accordion: 1\npanels: [{id: a, title: \(i)}, {id: a, title: B}]\n"
            paths.append(try write("f\(i).yaml", text))
        }
        paths.reverse()
        let missing = [temp.appendingPathComponent("missing-1.yaml").path, temp.appendingPathComponent("missing-2.yaml").path]
        let many = try CLI.run(["validate", "--format", "json"] + paths[..<12] + [missing[0]] + paths[12...] + [missing[1]])
        XCTAssertEqual(many.status, 2)
        let first = try XCTUnwrap(many.stderr.range(of: "missing-1.yaml")), second = try XCTUnwrap(many.stderr.range(of: "missing-2.yaml"))
        XCTAssertLessThan(first.lowerBound, second.lowerBound, many.stderr)
        let report = try XCTUnwrap(try json(many.stdout) as? [String: Any])
        let files = try XCTUnwrap(report["files"] as? [[String: Any]])
        XCTAssertEqual(files.compactMap { $0["file"] as? String }, paths)
        let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
        var found = 0
        for path in paths {
            let alone = try XCTUnwrap(try json(try CLI.run(["validate", "--format", "json", path]).stdout) as? [String: Any])
            let own = diagnostics.filter { $0["file"] as? String == path }
            let expected = (alone["diagnostics"] as? [[String: Any]] ?? []).map { "\($0["line"]!):\($0["column"]!) \($0["rule"]!)" }
            XCTAssertEqual(own.map { "\($0["line"]!):\($0["column"]!) \($0["rule"]!)" }, expected, path)
            found += expected.count
        }
        XCTAssertEqual(diagnostics.count, found)
        XCTAssertGreaterThanOrEqual(found, 16, "8 files with an unknown id, 8 with a duplicate one")
    }

    // MARK: - schema and explain

    func testSchemaCommandPrintsTheSchemaFileByteForByte() throws {
        let r = try CLI.run(["schema"])
        XCTAssertEqual(r.status, 0)
        let file = try String(contentsOf: CLI.repoRoot.appendingPathComponent("Schemas/accordion.schema.json"), encoding: .utf8)
        XCTAssertEqual(r.stdout, file)
        XCTAssertEqual(try CLI.run(["schema", "extra"]).status, 2)
    }

    func testExplainPrintsWhatWhyAndAnExample() throws {
        let r = try CLI.run(["explain", "duplicate-panel-id"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("duplicate-panel-id (error)\n"), r.stdout)
        for part in ["What:", "Why:", "Example:", "# fixed"] { XCTAssertTrue(r.stdout.contains(part), part) }
        XCTAssertEqual(try CLI.run(["explain", "[schema-type]"]).status, 0, "the id as printed, brackets included")
    }

    func testExplainUnknownRuleSuggestsTheClosestAndExitsTwo() throws {
        let r = try CLI.run(["explain", "duplicate-panel-ids"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("unknown rule 'duplicate-panel-ids'; did you mean 'duplicate-panel-id'?"), r.stderr)
        XCTAssertEqual(try CLI.run(["explain"]).status, 2)
    }

    /// Every rule id a fixture golden shows is explained by `explain`.
    func testEveryRuleValidatePrintsIsExplained() throws {
        let dir = CLI.repoRoot.appendingPathComponent("Tests/Fixtures/validate/invalid")
        var ids: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".expected") {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasSuffix("]") && line.contains(": error: ") || line.contains(": warning: ") {
                if let open = line.lastIndex(of: "[") { ids.insert(String(line[line.index(after: open)..<line.index(before: line.endIndex)])) }
            }
        }
        XCTAssertGreaterThan(ids.count, 25)
        let list = try CLI.run(["explain", "--list"])
        XCTAssertEqual(list.status, 0)
        for id in ids.sorted() {
            XCTAssertTrue(list.stdout.contains("\n\(id) ") || list.stdout.hasPrefix("\(id) "), "explain --list lacks \(id)")
            XCTAssertEqual(try CLI.run(["explain", id]).status, 0, id)
        }
    }

    // MARK: - text format, exit codes

    /// The samples have no errors; their only warnings are titles under
    /// WCAG AA on the article's and Apple's header colours (each checked
    /// against an oracle in ContrastTests), two taps meant to be ignored,
    /// the FAQs' four long questions, which the pictures cut
    /// (title-truncated), and the five refused taps the nested samples'
    /// and the onboarding sample's test files check on purpose (pinned,
    /// disabled, hidden); warnings do not fail.
    func testSamplesValidateClean() throws {
        let r = try CLI.run(["validate", "--color", "never", "samples"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.hasSuffix("\n0 errors, 26 warnings in 23 files\n"), r.stdout)
        let problems = r.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        XCTAssertEqual(problems.count, 26)
        // interruption-ignore and phone-rotation show a tap landing inside a transition, on purpose.
        XCTAssertEqual(problems.filter { !$0.hasSuffix("[low-contrast]") },
                       ["samples/faq-twenty.yaml:36:12: warning: the title of panel `countries` shows 27 of its 31 characters (“Which countries do you ship…”): it needs 347.8 points at 17 points, and its header has 319 beside its mark [title-truncated]",
                        "samples/faq-twenty.yaml:66:12: warning: the title of panel `payment` shows 27 of its 36 characters (“Which payment methods do yo…”): it needs 403.9 points at 17 points, and its header has 319 beside its mark [title-truncated]",
                        "samples/faq-twenty.yaml:81:12: warning: the title of panel `discounts` shows 27 of its 34 characters (“Why did my discount code no…”): it needs 381.5 points at 17 points, and its header has 319 beside its mark [title-truncated]",
                        "samples/faq.yaml:34:12: warning: the title of panel `payment` shows 27 of its 36 characters (“Which payment methods do yo…”): it needs 403.9 points at 17 points, and its header has 319 beside its mark [title-truncated]",
                        "samples/help-centre.test.yaml:112:9: warning: this tap is ignored: the header of `gift-cards` is hidden (`payments`, a panel above it, is closed), and a hidden header cannot be tapped [tap-ignored]",
                        "samples/interruption-ignore.yaml:25:5: warning: this tap at 0.2 s is ignored: the transition started by the tap at line 24 runs until 0.5 s, and taps are ignored while a transition runs (`interruption: ignore`) [tap-ignored]",
                        "samples/onboarding.test.yaml:18:9: warning: this tap is ignored: panel `payment` is disabled, and taps on a disabled panel are ignored [tap-ignored]",
                        "samples/phone-rotation.yaml:28:5: warning: this tap at 2.1 s is ignored: the transition started by the tap at line 25 runs until 2.4 s, and taps are ignored while a transition runs (`interruption: ignore`) [tap-ignored]",
                        "samples/settings-nested.test.yaml:88:9: warning: this tap is ignored: it would close `my-devices`, the only open panel, and the container is not collapsible (`collapsible: false`) [tap-ignored]",
                        "samples/settings-nested.test.yaml:89:9: warning: this tap is ignored: panel `vpn` is disabled, and taps on a disabled panel are ignored [tap-ignored]",
                        "samples/settings-nested.test.yaml:122:9: warning: this tap is ignored: the header of `wifi` is hidden (`network`, a panel above it, is closed), and a hidden header cannot be tapped [tap-ignored]"])
    }

    func testEveryFixtureThroughTheCLIMatchesItsGolden() throws {
        let dir = "Tests/Fixtures/validate/invalid"
        let names = try FileManager.default.contentsOfDirectory(atPath: CLI.repoRoot.appendingPathComponent(dir).path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThan(names.count, 40)
        for name in names {
            let path = "\(dir)/\(name)"
            let golden = try String(contentsOf: CLI.repoRoot.appendingPathComponent(path.replacingOccurrences(of: ".yaml", with: ".expected")), encoding: .utf8)
            let r = try CLI.run(["validate", "--color", "never", path])
            XCTAssertEqual(r.stdout, golden, path)
            let hasError = golden.contains(": error: ")
            XCTAssertEqual(r.status, hasError ? 1 : 0, path)
        }
    }

    func testTextReportsEveryProblemOfEveryFileAndASummary() throws {
        let a = try write("a.yaml", broken)
        let b = try write("b.yaml", "accordion: 1\ntitle: yes\npanels: [{id: a, title: A, colour: 1}]\n")
        let r = try CLI.run(["validate", a, b])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("\(a):5:10: error: there is no panel with id `b` in the stack at this step [unknown-panel-id]"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\(b):2:8: warning:"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\(b):3:28: error: unknown key `colour` [schema-additional-properties]"), r.stdout)
        XCTAssertTrue(r.stdout.contains("help: did you mean `color`?"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("2 errors, 1 warning in 2 files\n"), r.stdout)
        let first = try XCTUnwrap(r.stdout.range(of: ":2:8:")), second = try XCTUnwrap(r.stdout.range(of: ":3:28:"))
        XCTAssertLessThan(first.lowerBound, second.lowerBound, "sorted by position")
    }

    func testStrictMakesWarningsFail() throws {
        let path = try write("w.yaml", "accordion: 1\ntitle: no\npanels: []\n")
        XCTAssertEqual(try CLI.run(["validate", path]).status, 0)
        XCTAssertEqual(try CLI.run(["validate", "--strict", path]).status, 1)
    }

    func testDirectoriesAreSearchedRecursivelyInSortedOrder() throws {
        try write("b/z.yml", valid)
        try write("b/y.yaml", valid)
        try write("a.yaml", broken)
        try write("notes.txt", "not a spec")
        try write(".hidden/x.yaml", broken)
        let r = try CLI.run(["validate", "--format", "json", temp.path])
        XCTAssertEqual(r.status, 1)
        let root = try XCTUnwrap(try json(r.stdout) as? [String: Any])
        let files = try XCTUnwrap(root["files"] as? [[String: Any]])
        let base = temp.path + "/"
        XCTAssertEqual(files.map { $0["file"] as? String }, [base + "a.yaml", base + "b/y.yaml", base + "b/z.yml"])
        XCTAssertEqual(files.map { $0["valid"] as? Bool }, [false, true, true])
    }

    /// A repository's other YAML is left alone by a directory search (and
    /// counted), `--exclude` leaves out what it matches, `--max-warnings`
    /// fails above its number; a file named on the command line is checked.
    func testADirectorySearchTakesOnlyAccordionsFiles() throws {
        try write("dependabot.yml", "version: 2\nupdates:\n  - package-ecosystem: pip\n    directory: /\n")
        try write("ci/workflow.yaml", "on: push\njobs: {}\n")
        try write("specs/light.yaml", "accordion: 1\npanels: [{id: a, title: A, color: '#FFD60A'}]\n")
        try write("specs/moded.yaml", "# yaml-language-server: $schema=../Schemas/accordion.schema.json\ntitle: no version\n")
        try write("vendor/broken.yaml", broken)
        let all = try CLI.run(["validate", "--color", "never", temp.path])
        XCTAssertEqual(all.status, 1, all.stdout)
        XCTAssertFalse(all.stdout.contains("dependabot") || all.stdout.contains("workflow"), all.stdout)
        XCTAssertTrue(all.stdout.contains(temp.path + "/specs/moded.yaml:"), all.stdout)
        XCTAssertTrue(all.stdout.hasSuffix("in 3 files\n"), all.stdout)
        XCTAssertEqual(all.stderr, "accordion: skipped 2 YAML files that are not accordion specs or test files (\(temp.path)/ci/workflow.yaml, \(temp.path)/dependabot.yml)\n")

        let excluded = try CLI.run(["validate", "--color", "never", "--exclude", "vendor", "--exclude", "specs/m*.yaml", temp.path])
        XCTAssertEqual(excluded.status, 0, excluded.stdout)
        XCTAssertTrue(excluded.stdout.hasSuffix("0 errors, 1 warning in 1 file\n"), excluded.stdout)
        XCTAssertTrue(excluded.stderr.hasSuffix("; excluded 2 files\n"), excluded.stderr)

        let limited = try CLI.run(["validate", "--exclude", "vendor/**", "--exclude", "moded.yaml", "--max-warnings", "0", temp.path])
        XCTAssertEqual(limited.status, 1)
        XCTAssertTrue(limited.stderr.hasSuffix("accordion: 1 warning, more than --max-warnings 0 allows\n"), limited.stderr)
        XCTAssertEqual(try CLI.run(["validate", "--exclude", "vendor", "--exclude", "moded.yaml", "--max-warnings", "1", temp.path]).status, 0)
        XCTAssertEqual(try CLI.run(["validate", "--max-warnings", "-1", temp.path]).status, 2)

        // Named, a file is checked whatever it holds.
        let named = try CLI.run(["validate", "--color", "never", temp.path + "/dependabot.yml"])
        XCTAssertEqual(named.status, 1)
        XCTAssertTrue(named.stdout.contains("dependabot.yml:1:1: error: "), named.stdout)
    }

    /// `test DIR` takes the files `validate DIR` takes, by the same rule: a
    /// workflow that happens to have an `expect:` key is skipped (and
    /// counted) rather than reported as a broken spec, and `--exclude` and
    /// the project file's `exclude` leave out what they match.
    func testTestTakesTheFilesValidateTakes() throws {
        try write("ci/workflow.yaml", "on: push\njobs:\n  check:\n    steps: [{expect: success}]\n")
        try write("specs/mail.yaml", "accordion: 1\npanels: [{id: inbox, title: Inbox}, {id: sent, title: Sent}]\n"
            + "script:\n  - tap: sent\n  - expect: {expanded: sent}\n    at: 1\n")
        try write("vendor/wrong.yaml", "accordion: 1\npanels: [{id: a, title: A}, {id: b, title: B}]\n"
            + "script:\n  - tap: b\n  - expect: {expanded: a}\n    at: 1\n")
        try write("generated/wrong.yaml", "accordion: 1\npanels: [{id: a, title: A}, {id: b, title: B}]\n"
            + "script:\n  - tap: b\n  - expect: {expanded: a}\n    at: 1\n")
        try write(".accordion.yaml", "exclude: [generated]\n")
        let skippedNote = "accordion: skipped 1 YAML file that is not an accordion spec or test file (\(temp.path)/ci/workflow.yaml); excluded 2 files\n"
        let validate = try CLI.run(["validate", "--color", "never", "--exclude", "vendor/**", temp.path])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertEqual(validate.stderr, skippedNote)
        let test = try CLI.run(["test", "--color", "never", "--exclude", "vendor/**", temp.path])
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
        XCTAssertTrue(test.stdout.contains("PASS \(temp.path)/specs/mail.yaml › script"), test.stdout)
        XCTAssertTrue(test.stdout.hasSuffix("1 passed, 0 failed\n"), test.stdout)
        XCTAssertEqual(test.stderr, skippedNote)
        // Without --exclude the vendored spec runs, and fails; named, the workflow is read as a spec.
        let all = try CLI.run(["test", "--color", "never", temp.path])
        XCTAssertEqual(all.status, 1, all.stdout + all.stderr)
        XCTAssertTrue(all.stdout.contains("FAIL \(temp.path)/vendor/wrong.yaml › script"), all.stdout)
        XCTAssertFalse(all.stdout.contains("generated"), all.stdout)
        let named = try CLI.run(["test", "--color", "never", temp.path + "/ci/workflow.yaml"])
        XCTAssertEqual(named.status, 2, named.stdout + named.stderr)
    }

    /// The nearest `.accordion.yaml` above a spec sets its rules' levels and
    /// what a search leaves out, for validate, test and render alike; its
    /// own mistakes are reported in it.
    func testTheProjectFileSetsLevelsAndExcludes() throws {
        try write(".accordion.yaml", "rules:\n  low-contrast: off\n  yaml11-boolean: error\n  low-contrasts: warning\nexclude: ['vendor/**']\n")
        try write("specs/light.yaml", "accordion: 1\npanels: [{id: a, title: A, color: '#FFD60A'}]\n")
        try write("specs/bool.yaml", "accordion: 1\ntitle: no\npanels: [{id: a, title: A}]\n")
        try write("specs/bool.test.yaml", "spec: bool.yaml\ncases:\n  - {name: one, script: [{tap: a}]}\n")
        try write("vendor/broken.yaml", broken)
        let r = try CLI.run(["validate", "--color", "never", temp.path])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertFalse(r.stdout.contains("low-contrast]") || r.stdout.contains("vendor"), r.stdout)
        XCTAssertTrue(r.stdout.contains(temp.path + "/specs/bool.yaml:2:8: error: `no` is the text"), r.stdout)
        XCTAssertTrue(r.stdout.contains("/.accordion.yaml:4:3: warning: no rule is called `low-contrasts` [unknown-rule-id]"), r.stdout)
        // From inside the project, with a relative path, the same file governs.
        let inside = try CLI.run(["validate", "--color", "never", "light.yaml"], currentDirectory: temp.appendingPathComponent("specs"))
        XCTAssertEqual(inside.status, 0, inside.stdout)
        XCTAssertFalse(inside.stdout.contains("[low-contrast]"), inside.stdout)
        // The raised warning makes render refuse and test count an error.
        XCTAssertEqual(try CLI.run(["render", temp.path + "/specs/bool.yaml"]).status, 1)
        let test = try CLI.run(["test", temp.path + "/specs/bool.test.yaml"])
        XCTAssertEqual(test.status, 2, test.stdout)
        XCTAssertTrue(test.stdout.hasSuffix("0 passed, 0 failed, 1 error\n"), test.stdout)
    }

    // MARK: - test files

    /// A `*.test.yaml` is checked as a test file: each case's script against
    /// the spec it names, every problem located in the test file; a project
    /// directory with specs and test files validates clean.
    func testTestFilesAreCheckedAgainstTheirSpec() throws {
        try write("specs/two.yaml", valid)
        let good = try write("specs/two.test.yaml", """
            spec: two.yaml
            cases:
              - name: opens b
                script: [{tap: b}, {expect: {expanded: b}}]
            """)
        let clean = try CLI.run(["validate", temp.appendingPathComponent("specs").path])
        XCTAssertEqual(clean.status, 0, clean.stdout)
        XCTAssertTrue(clean.stdout.hasSuffix("0 errors, 0 warnings in 2 files\n"), clean.stdout)

        let wrong = try write("specs/wrong.test.yaml", """
            spec: two.yaml
            cases:
              - name: fine
                script: [{tap: b}]
              - name: names a panel the stack lacks
                script:
                  - tap: b
                  - expect: {expanded: c}
            """)
        let r = try CLI.run(["validate", wrong])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasPrefix(wrong + ":8:28: error:"), r.stdout)
        XCTAssertTrue(r.stdout.contains("[unknown-panel-id]"), r.stdout)
        XCTAssertFalse(r.stdout.contains("allowed keys here"), "not read as a spec: \(r.stdout)")
        XCTAssertEqual(try CLI.run(["validate", good]).status, 0)
    }

    /// A test file whose spec is missing or broken: one error at `spec:`,
    /// the spec's own problems left to the spec.
    func testATestFilesSpecThatCannotBePlayedIsOneErrorAtSpec() throws {
        let missing = try write("missing.test.yaml", "spec: nowhere.yaml\ncases:\n  - name: a\n    script: [{tap: a}]\n")
        let r = try CLI.run(["validate", missing])
        XCTAssertEqual(r.status, 1, "the test file's content is wrong, not the command: \(r.stderr)")
        XCTAssertTrue(r.stdout.hasPrefix(missing + ":1:7: error: the spec `nowhere.yaml` cannot be read: no such file or directory [test-file]"),
                      r.stdout)
        // The spec's own script is not played in a case: a schema error breaks it for every case.
        try write("broken.yaml", "accordion: 1\ncontainer: {height: -5}\npanels: [{id: a, title: A}]\n")
        let uses = try write("broken.test.yaml", "spec: broken.yaml\ncases:\n  - name: a\n    script: [{tap: a}]\n")
        let b = try CLI.run(["validate", uses])
        XCTAssertEqual(b.status, 1)
        XCTAssertTrue(b.stdout.hasPrefix(uses + ":1:7: error: the spec `broken.yaml` has an error, so no case can be played [test-file]"),
                      b.stdout)
        XCTAssertFalse(b.stdout.contains("broken.yaml:2:"), "the spec's own error is reported with the spec: \(b.stdout)")
        // A spec that is not YAML, and a spec path that is a directory: each one located error at `spec:`.
        try write("tabs.yaml", "accordion: 1\npanels:\n\t- {id: a}\n")
        let tabs = try write("tabs.test.yaml", "cases: []\nspec: tabs.yaml\n")
        let t = try CLI.run(["validate", tabs])
        XCTAssertEqual(t.status, 1)
        XCTAssertTrue(t.stdout.hasPrefix(tabs + ":2:7: error: the spec `tabs.yaml` is not valid YAML [test-file]"), t.stdout)
        XCTAssertTrue(t.stdout.contains("help: `accordion validate " + temp.path + "/tabs.yaml` shows where"), t.stdout)
        try FileManager.default.createDirectory(at: temp.appendingPathComponent("folder.yaml"), withIntermediateDirectories: true)
        let folder = try write("folder.test.yaml", "spec: folder.yaml\ncases: []\n")
        let f = try CLI.run(["validate", folder])
        XCTAssertEqual(f.status, 1)
        XCTAssertTrue(f.stdout.hasPrefix(folder + ":1:7: error: the spec `folder.yaml` cannot be read: it is a directory [test-file]"),
                      f.stdout)
        let notATestFile = try write("shape.test.yaml", "spec: broken.yaml\nsteps: []\n")
        let s = try CLI.run(["validate", notATestFile])
        XCTAssertEqual(s.status, 1)
        XCTAssertTrue(s.stdout.hasPrefix(notATestFile + ":2:1: error: unknown key `steps` in a test file [test-file]"), s.stdout)
    }

    func testStandardInput() throws {
        let r = try CLI.run(["validate", "-"], stdin: Data(broken.utf8))
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasPrefix("<stdin>:5:10: error:"), r.stdout)
        XCTAssertTrue(r.stdout.contains("5 |   - tap: b\n"), "the line is quoted from stdin too: \(r.stdout)")
        XCTAssertEqual(try CLI.run(["validate", "-"], stdin: Data(valid.utf8)).status, 0)
    }

    func testUsageAndIOProblemsExitTwo() throws {
        let good = try write("good.yaml", valid)
        let missing = try CLI.run(["validate", good, temp.appendingPathComponent("missing.yaml").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("missing.yaml': no such file or directory"), missing.stderr)
        XCTAssertTrue(missing.stdout.contains("in 1 file"), "the readable file is still checked")
        XCTAssertEqual(try CLI.run(["validate"]).status, 2)
        XCTAssertEqual(try CLI.run(["validate", "--format", "xml", good]).status, 2)
        XCTAssertEqual(try CLI.run(["validate", "--color", "sometimes", good]).status, 2)
        XCTAssertEqual(try CLI.run(["validate", "--frobnicate", good]).status, 2)
        XCTAssertEqual(try CLI.run(["validate", "--schema"]).status, 2)
    }

    // MARK: - --schema

    func testAnySchemaReplacesTheBundledOne() throws {
        let jsonSchema = try write("s.json", #"{"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}"#)
        let yamlSchema = try write("s.yaml", "type: object\nrequired: [a]\n")
        let ok = try write("ok.json", #"{"a": 1}"#)
        let bad = try write("bad.json", #"{"a": "x"}"#)
        XCTAssertEqual(try CLI.run(["validate", "--schema", jsonSchema, ok]).status, 0)
        let r = try CLI.run(["validate", "--schema", jsonSchema, bad])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("[schema-type]"), r.stdout)
        XCTAssertEqual(try CLI.run(["validate", "--schema=\(yamlSchema)", ok]).status, 0)
        XCTAssertEqual(try CLI.run(["validate", "--schema", yamlSchema, try write("empty.json", "{}")]).status, 1)
    }

    func testWithASchemaTheAccordionRulesDoNotRun() throws {
        let spec = try write("spec.yaml", "accordion: 1\ntitle: yes\npanels: [{id: a, title: A}]\nscript: [{tap: nope}]\n")
        let r = try CLI.run(["validate", "--schema", CLI.repoRoot.appendingPathComponent("Schemas/accordion.schema.json").path, spec])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertEqual(r.stdout, "0 errors, 0 warnings in 1 file\n")
    }

    func testUnknownSchemaKeywordsAreReportedButDoNotFail() throws {
        let schema = try write("typo.json", "{\n  \"type\": \"object\",\n  \"additionalProperty\": false\n}\n")
        let r = try CLI.run(["validate", "--schema", schema, try write("i.json", #"{"x": 1}"#)])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("typo.json:3:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("[schema-unknown-keyword]"), r.stderr)
    }

    func testABadSchemaIsExitTwo() throws {
        let instance = try write("i.json", "{}")
        let invalid = try write("bad-schema.json", #"{"type": 12}"#)
        let r = try CLI.run(["validate", "--schema", invalid, instance])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("bad-schema.json:1:"), r.stderr)
        let unparsable = try write("broken-schema.json", #"{"type": "#)
        XCTAssertEqual(try CLI.run(["validate", "--schema", unparsable, instance]).status, 2)
        XCTAssertEqual(try CLI.run(["validate", "--schema", temp.appendingPathComponent("none.json").path, instance]).status, 2)
    }

    // MARK: - json, github, sarif

    func testJSONFormat() throws {
        let a = try write("a.yaml", broken)
        let b = try write("b.yaml", valid)
        let r = try CLI.run(["validate", "--format", "json", a, b])
        XCTAssertEqual(r.status, 1)
        let root = try XCTUnwrap(try json(r.stdout) as? [String: Any])
        XCTAssertEqual(root["valid"] as? Bool, false)
        let files = try XCTUnwrap(root["files"] as? [[String: Any]])
        XCTAssertEqual(files.map { $0["valid"] as? Bool }, [false, true])
        let diagnostics = try XCTUnwrap(root["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 1)
        let d = diagnostics[0]
        for key in ["file", "line", "column", "endLine", "endColumn", "severity", "rule", "message", "instancePath", "schemaPath"] {
            XCTAssertNotNil(d[key], key)
        }
        XCTAssertEqual(d["file"] as? String, a)
        XCTAssertEqual(d["line"] as? Int, 5)
        XCTAssertEqual(d["column"] as? Int, 10)
        XCTAssertEqual(d["endColumn"] as? Int, 11)
        XCTAssertEqual(d["rule"] as? String, "unknown-panel-id")
        XCTAssertEqual(d["severity"] as? String, "error")
        XCTAssertEqual(d["instancePath"] as? String, "/script/0/tap")
    }

    /// A syntax error's plain help is in every format; libyaml's own words
    /// only in the JSON, as `libyaml`, and only for syntax errors.
    func testLibyamlsWordsOnlyInJSON() throws {
        let path = try write("tab.yaml", "accordion: 1\npanels:\n  - id: a\n\ttitle: A\n")
        let json = try CLI.run(["validate", "--format", "json", path])
        XCTAssertEqual(json.status, 1)
        let root = try XCTUnwrap(try self.json(json.stdout) as? [String: Any])
        let d = try XCTUnwrap((root["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(d["rule"] as? String, "yaml-syntax")
        XCTAssertEqual(d["libyaml"] as? String, "while scanning a plain scalar, found a tab character that violates indentation")
        XCTAssertEqual(d["help"] as? String, "indent with spaces: replace the tab with spaces so the line starts in the same column as the lines it belongs with")
        for format in ["text", "github", "sarif"] {
            let r = try CLI.run(["validate", "--format", format, "--color", "never", path])
            XCTAssertFalse(r.stdout.contains("while scanning"), "\(format): \(r.stdout)")
            if format != "github" { XCTAssertTrue(r.stdout.contains("indent with spaces"), "\(format) carries the help: \(r.stdout)") }
        }
        let other = try CLI.run(["validate", "--format", "json", try write("w.yaml", "accordion: 1\ntitle: on\npanels: []\n")])
        XCTAssertFalse(other.stdout.contains("\"libyaml\""), other.stdout)
    }

    func testGitHubFormatEscapesMessagesAndProperties() throws {
        let path = try write("odd,name:100%.yaml", "accordion: 1\npanels: []\nscript:\n  - present: \"50%\\r\\nsure\"\n")
        let r = try CLI.run(["validate", "--format", "github", path])
        XCTAssertEqual(r.status, 1)
        let escapedFile = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
        let expected = "::error file=\(escapedFile),line=4,endLine=4,col=5,endColumn=27,title=present-without-panel::"
            + "cannot present \"50%25%0D%0Asure\": no panel is expanded at this step, and a modal is presented over the expanded panel"
            + " — help: expand a panel first (a `tap` or `expand` step), or remove this step\n"
        XCTAssertEqual(r.stdout, expected)
    }

    func testGitHubFormatUsesWarningForWarnings() throws {
        let path = try write("w.yaml", "accordion: 1\ntitle: on\npanels: []\n")
        let r = try CLI.run(["validate", "--format", "github", path])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("::warning file="), r.stdout)
        XCTAssertTrue(r.stdout.contains(",line=2,endLine=2,col=8,endColumn=10,title=yaml11-boolean::"), r.stdout)
    }

    func testSARIFShapeAndStability() throws {
        let a = try write("a.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: a, title: B}\n")
        let r = try CLI.run(["validate", "--format", "sarif", a])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(try CLI.run(["validate", "--format", "sarif", a]).stdout, r.stdout, "stable across runs")
        let root = try XCTUnwrap(try json(r.stdout) as? [String: Any])
        XCTAssertEqual(root["version"] as? String, "2.1.0")
        XCTAssertNotNil(root["$schema"])
        let run = try XCTUnwrap((root["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "accordion")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        for id in ["duplicate-panel-id", "schema-type", "yaml-syntax", "headers-overflow"] { XCTAssertTrue(ids.contains(id), id) }
        XCTAssertTrue(rules.allSatisfy { ($0["shortDescription"] as? [String: Any])?["text"] is String })
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["ruleId"] as? String, "duplicate-panel-id")
        XCTAssertEqual(ids[try XCTUnwrap(result["ruleIndex"] as? Int)], "duplicate-panel-id")
        XCTAssertEqual(result["level"] as? String, "error")
        XCTAssertNotNil((result["message"] as? [String: Any])?["text"] as? String)
        let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["uri"] as? String, "file://" + a)
        let region = try XCTUnwrap(location["region"] as? [String: Any])
        XCTAssertEqual(region["startLine"] as? Int, 4)
        XCTAssertEqual(region["startColumn"] as? Int, 10)
        XCTAssertEqual(region["endLine"] as? Int, 4)
        XCTAssertEqual(region["endColumn"] as? Int, 11)
        let related = try XCTUnwrap((result["relatedLocations"] as? [[String: Any]])?.first)
        XCTAssertEqual((related["message"] as? [String: Any])?["text"] as? String, "first defined here")
    }

    func testSARIFRelativeURIs() throws {
        let r = try CLI.run(["validate", "--format", "sarif", "Tests/Fixtures/validate/invalid/tap-typo.yaml"])
        XCTAssertTrue(r.stdout.contains("\"uri\": \"Tests/Fixtures/validate/invalid/tap-typo.yaml\""), r.stdout)
    }

    // MARK: - colour

    func testColourOnlyWhenAskedOrOnATerminal() throws {
        let path = try write("a.yaml", broken)
        XCTAssertTrue(try CLI.run(["validate", "--color", "always", path]).stdout.contains("\u{1B}["))
        XCTAssertFalse(try CLI.run(["validate", path]).stdout.contains("\u{1B}["), "a pipe is not a terminal")
        XCTAssertFalse(try CLI.run(["validate", "--color", "never", path]).stdout.contains("\u{1B}["))
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        XCTAssertFalse(try CLI.run(["validate", "--color=auto", path], environment: env).stdout.contains("\u{1B}["))
    }
}
