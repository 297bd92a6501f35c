import Foundation
import XCTest

/// `accordion test` run as a process over real files.
final class TestCommandTests: XCTestCase {
    let fixtures = "Tests/Fixtures/test"

    /// The lines of the wrong twin marked `# WRONG`.
    func markedLines() throws -> [Int] {
        let text = try String(contentsOf: CLI.repoRoot.appendingPathComponent(fixtures + "/mail-client-wrong.test.yaml"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.contains("# WRONG") }.map { $0.offset + 1 }
    }

    func testHeldBackFilesPassAndTheirWrongTwinsFailAtTheMarkedLines() throws {
        let pass = try CLI.run(["test", fixtures + "/mail-client.test.yaml"])
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertEqual(pass.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count, 4, pass.stdout)

        let fail = try CLI.run(["test", "--format", "json", fixtures + "/mail-client-wrong.test.yaml"])
        XCTAssertEqual(fail.status, 1, fail.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(fail.stdout.utf8)) as? [String: Any])
        let cases = try XCTUnwrap(report["cases"] as? [[String: Any]])
        let lines = cases.flatMap { ($0["failures"] as? [[String: Any]] ?? []).compactMap { $0["line"] as? Int } }
        XCTAssertEqual(lines, try markedLines())
        XCTAssertGreaterThanOrEqual(try markedLines().count, 4)
    }

    func testTextShowsLocationFieldDiffAndDrawing() throws {
        let r = try CLI.run(["test", fixtures + "/mail-client-wrong.test.yaml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("FAIL Tests/Fixtures/test/mail-client-wrong.test.yaml › loads with the inbox open"), r.stdout)
        XCTAssertTrue(r.stdout.contains("mail-client-wrong.test.yaml:13:84: expectation failed\n  panels[0] (inbox).content.height: expected 583, got 584\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("  transition.progress: expected 0.6, got 0.5\n"), r.stdout)
        // The moment as the text renderer draws it.
        XCTAssertTrue(r.stdout.contains("│━━ Inbox (12) ━━"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("0 passed, 4 failed\n"), r.stdout)
    }

    func testGitHubAnnotatesTheExpectationsLine() throws {
        let r = try CLI.run(["test", "--format", "github", fixtures + "/mail-client-wrong.test.yaml"])
        XCTAssertEqual(r.status, 1)
        let annotations = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=Tests/Fixtures/test/mail-client-wrong.test.yaml,line=") }
        XCTAssertEqual(annotations.map { line -> Int in
            let after = line.split(separator: ",")[1]
            return Int(after.dropFirst("line=".count)) ?? -1
        }, try markedLines())
        XCTAssertTrue(r.stdout.contains("line=13,col=84,"), r.stdout)
        XCTAssertTrue(r.stdout.contains("::panels[0] (inbox).content.height: expected 583, got 584\n"), r.stdout)
    }

    func testTAP() throws {
        let r = try CLI.run(["test", "--format", "tap", fixtures + "/mail-client-wrong.test.yaml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasPrefix("TAP version 13\n1..4\nnot ok 1 - "), r.stdout)
        XCTAssertTrue(r.stdout.contains("\nnot ok 4 - Tests/Fixtures/test/mail-client-wrong.test.yaml › a modal covers the container\n"), r.stdout)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count, 0, r.stdout)
        XCTAssertTrue(r.stdout.contains("  at: \"Tests/Fixtures/test/mail-client-wrong.test.yaml:23:11\"\n"), r.stdout)
    }

    /// Case names that a TAP consumer could misread: `#` before a
    /// directive's word, a `\\`, a line break, non-ASCII, a plain `#`.
    static let trickyCases = [("fails # TODO later", false), ("fails too \\\\ # SKIP no", false), ("two\\nlines # todo", false),
                              ("passes ★ 日本語 # skip", true), ("issue #12", false), ("also #Skipped", false)]

    /// A test file of `trickyCases`.
    static var trickyTestFile: String {
        var test = "spec: spec.yaml\ncases:\n"
        for (name, passes) in trickyCases {
            test += "  - name: \"\(name)\"\n    script: [{tap: b}, {expect: {expanded: \(passes ? "b" : "a")}}]\n"
        }
        return test
    }

    /// Perl's TAP::Parser (Debian's perl, what `prove` runs) counts every
    /// case right whatever its name holds: a `#` and a `\\` escaped, so
    /// `# TODO` and `# SKIP` in a name are no directives; a line break
    /// replaced, so the test line stays whole; non-ASCII as it is. A `#`
    /// before a directive's word is written `＃` (for consumers that read
    /// no escapes, below).
    func testTAPIsCountedRightByTAPParser() throws {
        let dir = try workspace(spec: Self.spec, test: Self.trickyTestFile)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "--format", "tap", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        try r.stdout.write(to: dir.appendingPathComponent("out.tap"), atomically: true, encoding: .utf8)
        let script = """
            use TAP::Parser;
            my $p = TAP::Parser->new({source => $ARGV[0]});
            while (my $r = $p->next) {
                printf "%s %s todo=%d skip=%d %s\\n", $r->is_ok ? "ok" : "fail", $r->number, $r->has_todo ? 1 : 0,
                    $r->has_skip ? 1 : 0, $r->description if $r->is_test;
            }
            printf "tests=%d passed=%d failed=%d errors=%d\\n", $p->tests_run, scalar($p->passed), scalar($p->failed),
                scalar($p->parse_errors);
            """
        let perl = try CLI.runTool("/usr/bin/perl", ["-e", script, dir.appendingPathComponent("out.tap").path])
        let lines = perl.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, "tests=6 passed=1 failed=5 errors=0", perl)
        XCTAssertEqual(Array(lines.prefix(6)), [
            "fail 1 todo=0 skip=0 - spec.test.yaml › fails ＃ TODO later",
            "fail 2 todo=0 skip=0 - spec.test.yaml › fails too \\\\ ＃ SKIP no",
            "fail 3 todo=0 skip=0 - spec.test.yaml › two lines ＃ todo",
            "ok 4 todo=0 skip=0 - spec.test.yaml › passes ★ 日本語 ＃ skip",
            "fail 5 todo=0 skip=0 - spec.test.yaml › issue \\#12",
            "fail 6 todo=0 skip=0 - spec.test.yaml › also ＃Skipped",
        ], perl)
    }

    /// tap.py, PyPI's TAP consumer, counts the same run right: it reads no
    /// escapes (everything after a line's first `#` is a directive to it),
    /// so a `\\#` before `TODO` would be a TODO to it; written `＃`, it is
    /// none, and a plain `\\#12` is an unknown directive it ignores.
    func testTAPIsCountedRightByTapPy() throws {
        let python = CLI.repoRoot.appendingPathComponent(".build/tap-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return XCTFail("tap.py is not installed: run `scripts/fetch-tap-consumer.sh` (make test runs it)")
        }
        let test = Self.trickyTestFile
        let dir = try workspace(spec: Self.spec, test: test)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "--format", "tap", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        try r.stdout.write(to: dir.appendingPathComponent("out.tap"), atomically: true, encoding: .utf8)
        let script = """
            import sys
            from tap.parser import Parser
            tests = [l for l in Parser().parse_file(sys.argv[1]) if l.category == 'test']
            for t in tests: print(t.ok, t.number, t.todo, t.skip)
            print('tests', len(tests))
            """
        let out = try CLI.runTool(python, ["-W", "ignore", "-c", script, dir.appendingPathComponent("out.tap").path])
        let lines = out.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix(" ") && !$0.hasPrefix("WARNING") }
        XCTAssertEqual(lines, ["False 1 False False", "False 2 False False", "False 3 False False", "True 4 False False",
                               "False 5 False False", "False 6 False False", "tests 6"], out)
    }

    /// junitparser, a real JUnit XML consumer from PyPI, reads the report:
    /// suites, cases, failures and their messages.
    func testJUnitIsReadByJunitparser() throws {
        let python = CLI.repoRoot.appendingPathComponent(".build/junit-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return XCTFail("junitparser is not installed: run `scripts/fetch-junit-consumer.sh` (make test runs it)")
        }
        let r = try CLI.run(["test", "--format", "junit", fixtures])
        XCTAssertEqual(r.status, 1, r.stderr)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report.xml")
        try r.stdout.write(to: report, atomically: true, encoding: .utf8)
        let script = """
        import sys
        from junitparser import JUnitXml, Failure
        xml = JUnitXml.fromfile(sys.argv[1])
        for suite in xml:
            for case in suite:
                failures = [r for r in case.result if isinstance(r, Failure)]
                print(suite.name, '|', case.name, '|', 'failed' if failures else 'passed', '|', failures[0].message if failures else '')
            print('suite', suite.name, suite.tests, suite.failures)
        """
        let text = try CLI.runTool(python, ["-c", script, report.path])
        let lines = text.split(separator: "\n").map(String.init)
        let wrong = "Tests/Fixtures/test/mail-client-wrong.test.yaml"
        XCTAssertTrue(lines.contains("\(wrong) | loads with the inbox open | failed | \(wrong):13:84: expectation failed"), text)
        XCTAssertTrue(lines.contains("\(wrong) | a modal covers the container | failed | \(wrong):43:34: expectation failed"), text)
        XCTAssertTrue(lines.contains("Tests/Fixtures/test/mail-client.test.yaml | a modal covers the container | passed | "), text)
        XCTAssertTrue(lines.contains("suite \(wrong) 4 4"), text)
        XCTAssertTrue(lines.contains("suite Tests/Fixtures/test/mail-client.test.yaml 4 0"), text)
    }

    func testFilterAndFailFast() throws {
        let r = try CLI.run(["test", "--filter", "mail-client.test.yaml › a modal", fixtures])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }.count, 1, r.stdout)
        let both = try CLI.run(["test", "--filter", "modal", fixtures])
        XCTAssertEqual(both.status, 1, both.stdout)
        XCTAssertTrue(both.stdout.hasSuffix("1 passed, 1 failed\n"), both.stdout)
        let fast = try CLI.run(["test", "--fail-fast", fixtures + "/mail-client-wrong.test.yaml"])
        XCTAssertEqual(fast.status, 1)
        XCTAssertTrue(fast.stdout.hasSuffix("0 passed, 1 failed\n"), fast.stdout)
    }

    /// A temporary directory holding a spec and a test file.
    func workspace(spec: String, test: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try spec.write(to: dir.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        try test.write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    static let spec = "accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\n"

    func testExitTwoForInvalidSpecsTestFilesAndPaths() throws {
        let dir = try workspace(spec: Self.spec, test: "spec: spec.yaml\ncases:\n  - name: one\n    script:\n      - tap: c\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("spec.test.yaml:5:14: error: there is no panel with id `c` in the stack at this step [unknown-panel-id]"), r.stderr)

        try "spec: spec.yaml\ntests: []\n".write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["test", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("spec.test.yaml:2:1: error: unknown key `tests` in a test file [test-file]"), bad.stderr)

        // A wrong `spec:` is located as `validate` locates it, and counted.
        try "spec: ./nope.yml\ncases:\n  - {name: one, script: []}\n".write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        let wrongSpec = try CLI.run(["test", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(wrongSpec.status, 2)
        XCTAssertTrue(wrongSpec.stderr.hasPrefix("spec.test.yaml:1:7: error: the spec `./nope.yml` cannot be read: no such file or directory [test-file]"),
                      wrongSpec.stderr)
        XCTAssertEqual(wrongSpec.stderr, try CLI.run(["validate", "--color", "never", "spec.test.yaml"], currentDirectory: dir).stdout
            .components(separatedBy: "\n\n1 error").first.map { $0 + "\n" })
        XCTAssertTrue(wrongSpec.stdout.hasSuffix("ERROR spec.test.yaml (1 problem, on standard error)\n\n0 passed, 0 failed, 1 error\n"), wrongSpec.stdout)

        // A case written with `steps:` is told which key is wrong.
        try "spec: spec.yaml\ncases:\n  - name: one\n    steps: [{tap: b}]\n".write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        let steps = try CLI.run(["test", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(steps.status, 2)
        XCTAssertTrue(steps.stderr.contains("spec.test.yaml:4:5: error: unknown key `steps` in a case [test-file]"), steps.stderr)
        XCTAssertTrue(steps.stderr.contains("help: did you mean `script`?"), steps.stderr)

        // An invalid case is an error of the summary, named on standard output; the others run.
        try "spec: spec.yaml\ncases:\n  - {name: good, script: [{tap: b}, {expect: {expanded: b}}]}\n  - {name: bad, script: [{tap: c}]}\n"
            .write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        let oneBad = try CLI.run(["test", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(oneBad.status, 2)
        XCTAssertEqual(oneBad.stdout, "PASS spec.test.yaml › good (1 check)\nERROR spec.test.yaml › bad (1 problem, on standard error)\n\n1 passed, 0 failed, 1 error\n")
        let json = try CLI.run(["test", "--format", "json", "spec.test.yaml"], currentDirectory: dir)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual([report["passed"], report["failed"], report["errors"]].map { $0 as? Int }, [1, 0, 1])
        let badCase = try XCTUnwrap((report["cases"] as? [[String: Any]])?.last)
        XCTAssertEqual(badCase["status"] as? String, "error")
        XCTAssertEqual(((badCase["errors"] as? [[String: Any]])?.first)?["rule"] as? String, "unknown-panel-id")

        let missing = try CLI.run(["test", "nothing-here"], currentDirectory: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read 'nothing-here'"), missing.stderr)

        // A spec the schema rejects is reported once, however many cases name it.
        try "accordion: 2\npanels: []\n".write(to: dir.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        try "spec: spec.yaml\ncases:\n  - {name: one, script: []}\n  - {name: two, script: []}\n"
            .write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        let invalidSpec = try CLI.run(["test", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(invalidSpec.status, 2)
        XCTAssertEqual(invalidSpec.stderr.components(separatedBy: "./spec.yaml:1:12: error:").count, 2, invalidSpec.stderr)

        let usage = try CLI.run(["test", "--format", "xml"], currentDirectory: dir)
        XCTAssertEqual(usage.status, 2)
        let stdin = try CLI.run(["test", "-"], currentDirectory: dir)
        XCTAssertEqual(stdin.status, 2)
        XCTAssertTrue(stdin.stderr.hasPrefix("accordion: error: test reads files and directories, not standard input\nusage: accordion test"), stdin.stderr)
    }

    /// Issue 29: a test case whose clock would pass 10⁹ s is refused at the
    /// step that would carry it there, in the test file.
    func testACaseWhoseClockWouldPassTheTimeLimitIsRefused() throws {
        let test = "spec: spec.yaml\ncases:\n  - name: forever\n    script:\n      - wait: 6e8\n      - wait: 6e8\n"
            + "      - {tap: b, at: 1.797e308}\n"
        let dir = try workspace(spec: Self.spec, test: test)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("spec.test.yaml:6:9: error: this wait of 600000000 s would carry the clock from 600000000 s to "
            + "1200000000 s, past the latest time a step may happen at, 1000000000 s (about 31.7 years) [time-past-limit]"), r.stderr)
        XCTAssertTrue(r.stderr.contains("spec.test.yaml:7:22: error: this step is set at 1.797e+308 s, past the latest time a step may "
            + "happen at, 1000000000 s (about 31.7 years) [time-past-limit]"), r.stderr)
    }

    func testSnapshotsUpdatePruneAndDiff() throws {
        let test = "spec: spec.yaml\ncases:\n  - name: opens b\n    script:\n      - tap: b\n      - snapshot: open\n"
        let dir = try workspace(spec: Self.spec, test: test)
        defer { try? FileManager.default.removeItem(at: dir) }
        let stored = dir.appendingPathComponent("__snapshots__/spec.test.yaml/opens b/open.json")

        let missing = try CLI.run(["test"], currentDirectory: dir)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("./spec.test.yaml:6:9: snapshot `open` is missing"), missing.stdout)

        let update = try CLI.run(["test", "--update"], currentDirectory: dir)
        XCTAssertEqual(update.status, 0, update.stdout)
        XCTAssertTrue(update.stdout.contains("wrote ./__snapshots__/spec.test.yaml/opens b/open.json"), update.stdout)
        // The stored snapshot is the dump `render` prints for the same script.
        let render = try CLI.run(["render", "--format", "json", "--no-script", "--tap", "b", "spec.yaml"], currentDirectory: dir)
        XCTAssertEqual(try String(contentsOf: stored, encoding: .utf8), render.stdout)
        XCTAssertEqual(try CLI.run(["test"], currentDirectory: dir).status, 0)

        // A different dump fails with the lines that differ.
        let changed = Self.spec.replacingOccurrences(of: "title: B}", with: "title: Bee}")
        try changed.write(to: dir.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        let differs = try CLI.run(["test"], currentDirectory: dir)
        XCTAssertEqual(differs.status, 1)
        XCTAssertTrue(differs.stdout.contains("snapshot `open` differs"), differs.stdout)
        // By its field, where the stored copy writes it, and how to accept it.
        XCTAssertTrue(differs.stdout.contains("snapshot `open` differs from ./__snapshots__/spec.test.yaml/opens b/open.json\n"), differs.stdout)
        XCTAssertTrue(differs.stdout.contains("  panels[1].title: expected \"B\", got \"Bee\" (./__snapshots__/spec.test.yaml/opens b/open.json:"),
                      differs.stdout)
        XCTAssertTrue(differs.stdout.contains("  to accept the new state: accordion test --update --filter 'opens b' ./spec.test.yaml\n"),
                      differs.stdout)
        XCTAssertFalse(differs.stdout.contains(",,"), differs.stdout)

        // A snapshot no case uses: listed by --update, removed by --prune.
        let unused = dir.appendingPathComponent("__snapshots__/spec.test.yaml/gone/old.json")
        try FileManager.default.createDirectory(at: unused.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "{}\n".write(to: unused, atomically: true, encoding: .utf8)
        let listed = try CLI.run(["test", "--update"], currentDirectory: dir)
        XCTAssertTrue(listed.stdout.contains("unused ./__snapshots__/spec.test.yaml/gone/old.json (remove it with --prune)"), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("updated ./__snapshots__/spec.test.yaml/opens b/open.json"), listed.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: unused.path))
        let pruned = try CLI.run(["test", "--prune"], currentDirectory: dir)
        XCTAssertEqual(pruned.status, 0, pruned.stdout)
        XCTAssertTrue(pruned.stdout.contains("removed unused ./__snapshots__/spec.test.yaml/gone/old.json"), pruned.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: unused.path))
    }

    /// `--update` writes no snapshot of a case whose expectations fail: the
    /// case fails with the expectation and each snapshot it left as it was.
    func testUpdateLeavesTheSnapshotsOfAFailingCase() throws {
        let test = "spec: spec.yaml\ncases:\n  - name: opens b\n    script:\n      - tap: b\n"
            + "      - expect: {expanded: a}\n      - snapshot: open\n"
        let dir = try workspace(spec: Self.spec, test: test)
        defer { try? FileManager.default.removeItem(at: dir) }
        let stored = dir.appendingPathComponent("__snapshots__/spec.test.yaml/opens b/open.json")

        let missing = try CLI.run(["test", "--update"], currentDirectory: dir)
        XCTAssertEqual(missing.status, 1, missing.stdout)
        XCTAssertTrue(missing.stdout.contains("./spec.test.yaml:6:18: expectation failed\n  expandedPanel: expected \"a\", got \"b\"\n"),
                      missing.stdout)
        XCTAssertTrue(missing.stdout.contains("./spec.test.yaml:7:9: snapshot `open` not written: this case's expectations fail\n"),
                      missing.stdout)
        XCTAssertFalse(missing.stdout.contains("wrote "), missing.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stored.path))

        // Right, the case's snapshot is written; wrong again, it stays as it was.
        try test.replacingOccurrences(of: "expanded: a", with: "expanded: b")
            .write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["test", "--update"], currentDirectory: dir).status, 0)
        let written = try String(contentsOf: stored, encoding: .utf8)
        try test.write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        try Self.spec.replacingOccurrences(of: "title: B}", with: "title: Bee}")
            .write(to: dir.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        let differs = try CLI.run(["test", "--update", "--format", "json"], currentDirectory: dir)
        XCTAssertEqual(differs.status, 1, differs.stdout)
        XCTAssertTrue(differs.stdout.contains("snapshot `open` differs, not updated: this case's expectations fail"), differs.stdout)
        XCTAssertEqual(try String(contentsOf: stored, encoding: .utf8), written)
    }

    /// `--prune` removes only what no case can use: not the snapshots of a
    /// case that could not run, but those of a removed case or test file,
    /// with the directories that held them.
    func testPruneRemovesOnlyWhatNoCaseUses() throws {
        let two = "spec: spec.yaml\ncases:\n  - name: one\n    script: [{tap: b}, {snapshot: s}]\n"
            + "  - name: two\n    script: [{tap: a}, {snapshot: s}]\n"
        let dir = try workspace(spec: Self.spec, test: two)
        defer { try? FileManager.default.removeItem(at: dir) }
        try two.write(to: dir.appendingPathComponent("other.test.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["test", "--update"], currentDirectory: dir).status, 0)
        let store = dir.appendingPathComponent("__snapshots__")
        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: store.appendingPathComponent(path).path) }
        XCTAssertTrue(exists("spec.test.yaml/two/s.json") && exists("other.test.yaml/one/s.json"))

        // A case that cannot run (an unknown panel): nothing of the file is pruned.
        let broken = two.replacingOccurrences(of: "{tap: a}", with: "{tap: c}")
        try broken.write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        let invalid = try CLI.run(["test", "--prune", "spec.test.yaml"], currentDirectory: dir)
        XCTAssertEqual(invalid.status, 2, invalid.stdout)
        XCTAssertFalse(invalid.stdout.contains("removed"), invalid.stdout)
        XCTAssertTrue(exists("spec.test.yaml/two/s.json"))

        // The case removed, and the other test file deleted: both listed, then pruned.
        try two.components(separatedBy: "  - name: two")[0]
            .write(to: dir.appendingPathComponent("spec.test.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("other.test.yaml"))
        let listed = try CLI.run(["test", "--update"], currentDirectory: dir)
        XCTAssertEqual(listed.status, 0, listed.stdout)
        for path in ["spec.test.yaml/two/s.json", "other.test.yaml/one/s.json", "other.test.yaml/two/s.json"] {
            XCTAssertTrue(listed.stdout.contains("unused ./__snapshots__/\(path) (remove it with --prune)\n"), listed.stdout)
        }
        let pruned = try CLI.run(["test", "--prune"], currentDirectory: dir)
        XCTAssertEqual(pruned.status, 0, pruned.stdout)
        XCTAssertTrue(pruned.stdout.contains("removed unused ./__snapshots__/spec.test.yaml/two/s.json\n"), pruned.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.path), ["spec.test.yaml"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("spec.test.yaml").path), ["one"])
    }

    /// Many files run on two threads print exactly what one thread prints
    /// (`--fail-fast` runs them in order on one).
    func testTwoThreadsPrintWhatOneDoes() throws {
        let dir = try workspace(spec: Self.spec, test: "spec: spec.yaml\ncases: []\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 0..<40 {
            let wrong = i % 7 == 3 ? "a" : "b"
            try "spec: spec.yaml\ncases:\n  - name: case \(i)\n    script: [{tap: b}, {expect: {expanded: \(wrong)}}]\n"
                .write(to: dir.appendingPathComponent("t\(i).test.yaml"), atomically: true, encoding: .utf8)
        }
        let both = try CLI.run(["test", "--format", "json", "."], currentDirectory: dir)
        XCTAssertEqual(both.status, 1)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["failed"] as? Int, 6)
        XCTAssertEqual(report["passed"] as? Int, 34)
        let files = (report["cases"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        XCTAssertEqual(files, files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        // With only passing files, --fail-fast (one thread, in order) prints the same text.
        for i in 0..<40 where i % 7 == 3 { try FileManager.default.removeItem(at: dir.appendingPathComponent("t\(i).test.yaml")) }
        let two = try CLI.run(["test", "."], currentDirectory: dir)
        let one = try CLI.run(["test", "--fail-fast", "."], currentDirectory: dir)
        XCTAssertEqual(two.status, 0)
        XCTAssertEqual(two.stdout, one.stdout)
        XCTAssertTrue(two.stdout.hasSuffix("34 passed, 0 failed\n"), two.stdout)
    }

    /// `render` and `validate` ignore expectations: a spec with expect steps
    /// renders exactly as the same spec without them.
    func testRenderIgnoresExpectations() throws {
        let plain = Self.spec + "script:\n  - tap: b\n  - wait: 1\n  - tap: a\n"
        let checked = Self.spec + "script:\n  - tap: b\n  - expect: {expanded: b}\n    at: 0.5\n  - wait: 1\n  - snapshot: x\n  - tap: a\n"
        let dir = try workspace(spec: plain, test: "spec: spec.yaml\ncases: []\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        try checked.write(to: dir.appendingPathComponent("checked.yaml"), atomically: true, encoding: .utf8)
        for format in ["json", "text", "svg"] {
            let a = try CLI.run(["render", "--format", format, "--steps", "spec.yaml"], currentDirectory: dir)
            let b = try CLI.run(["render", "--format", format, "--steps", "checked.yaml"], currentDirectory: dir)
            XCTAssertEqual(a.status, 0)
            // The dumps' `step.line` say where each step is written, which moves.
            if format == "json" {
                func withoutLines(_ text: String) -> [Substring] {
                    text.split(separator: "\n").filter { !$0.contains("\"line\": ") }
                }
                XCTAssertEqual(withoutLines(a.stdout), withoutLines(b.stdout))
                XCTAssertEqual(a.stdout.components(separatedBy: "\"line\": ").count, 4)
            } else {
                XCTAssertEqual(a.stdout.replacingOccurrences(of: "spec.yaml", with: "checked.yaml"), b.stdout, format)
            }
        }
    }
}

/// The README's "Test your specs" example is real: its files, run, print its output.
final class TestCommandREADMETests: XCTestCase {
    func testREADMEExampleOutputIsReal() throws {
        let readme = try String(contentsOf: CLI.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "## Test your specs"))
        let section = String(readme[start.upperBound...]).components(separatedBy: "\n## ")[0]
        func blocks(_ language: String) -> [String] {
            section.components(separatedBy: "```" + language + "\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        }
        let yaml = blocks("yaml"), text = blocks("text")
        XCTAssertEqual(yaml.count, 2)
        XCTAssertEqual(text.count, 1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-readme-\(UUID().uuidString)")
        let specs = dir.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try yaml[0].write(to: specs.appendingPathComponent("account.yaml"), atomically: true, encoding: .utf8)
        try yaml[1].write(to: specs.appendingPathComponent("account.test.yaml"), atomically: true, encoding: .utf8)
        let update = try CLI.run(["test", "--update", "specs"], currentDirectory: dir)
        XCTAssertEqual(update.status, 1, update.stderr)
        let r = try CLI.run(["test", "specs"], currentDirectory: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, text[0])
    }
}
