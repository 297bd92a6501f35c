import Foundation
import XCTest

/// `accordion test --explore` run as a process: the planted faults are each
/// reported with a counterexample of minimal length, and every
/// counterexample printed replays exactly, fed back through `test` and
/// `drive` as real processes.
final class ExploreCommandTests: XCTestCase {
    let fixtures = "Tests/Fixtures/explore/faults"

    func explore(_ args: [String]) throws -> (CLIResult, [[String: Any]]) {
        let r = try CLI.run(["test", "--explore", "--format", "json"] + args)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout + r.stderr)
        let cases = try XCTUnwrap(report["cases"] as? [[String: Any]])
        XCTAssertNotNil(report["explored"])
        return (r, cases)
    }

    func testPlantedFaultsAreFoundWithMinimalCounterexamplesThatReplay() throws {
        let (r, cases) = try explore([fixtures])
        XCTAssertEqual(r.status, 1, r.stderr)
        // Each case's fault, with the length of its shortest counterexample
        // (the explorer's steps, after the case's own script).
        let expected: [String: Int] = [
            "drafts is made unreachable by setPanels": 1,
            "drafts stays near the top until sent opens": 1,
            "a rotation keeps the open content visible": 1,
        ]
        XCTAssertEqual(Set(cases.compactMap { $0["case"] as? String }), Set(expected.keys))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("explore-replay-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for c in cases {
            let name = try XCTUnwrap(c["case"] as? String)
            let failures = try XCTUnwrap(c["failures"] as? [[String: Any]])
            XCTAssertEqual(failures.count, 1, name)
            let failure = try XCTUnwrap(failures.first)
            let script = try XCTUnwrap(failure["script"] as? [String])
            let session = try XCTUnwrap(failure["session"] as? [String])
            let actions = script.filter { !$0.hasPrefix("{expect:") && !$0.hasPrefix("#") }
            XCTAssertEqual(actions.count, expected[name], "\(name): \(script)")
            let file = try XCTUnwrap(failure["file"] as? String)
            let spec = file.hasSuffix("landscape.test.yaml") ? "toolbar.yaml" : "mail.yaml"
            try FileManager.default.copyItem(at: CLI.repoRoot.appendingPathComponent(fixtures + "/" + spec),
                                             to: scratch.appendingPathComponent(spec + ".\(name.hashValue & 0xffff)"))
            let specCopy = spec + ".\(name.hashValue & 0xffff)"

            // Through `test`: the script pasted as a case fails at its `expect`
            // with the differences the explorer printed (or, for a panel that
            // can no longer be opened, plays without error).
            let text = "spec: \(specCopy)\ncases:\n  - name: replay\n    script:\n"
                + script.map { ($0.hasPrefix("#") ? "      " : "      - ") + $0 + "\n" }.joined()
            let testPath = scratch.appendingPathComponent("replay-\(name.hashValue & 0xffff).test.yaml")
            try text.write(to: testPath, atomically: true, encoding: .utf8)
            let replayed = try CLI.run(["test", "--format", "json", testPath.path])
            if script.last?.hasPrefix("{expect:") == true {
                XCTAssertEqual(replayed.status, 1, name + "\n" + replayed.stdout + replayed.stderr)
                let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(replayed.stdout.utf8)) as? [String: Any])
                let replayFailures = ((report["cases"] as? [[String: Any]])?.first?["failures"] as? [[String: Any]]) ?? []
                XCTAssertEqual(replayFailures.count, 1, name)
                XCTAssertEqual(replayFailures.first?["line"] as? Int, 4 + script.count, name)
                let differences = { (f: [String: Any]?) in (f?["differences"] as? [[String: String]]) ?? [] }
                XCTAssertEqual(differences(replayFailures.first), differences(failure), name)
            } else {
                XCTAssertEqual(replayed.status, 0, name + "\n" + replayed.stdout + replayed.stderr)
            }

            // Through `drive`: every line is taken, and the last answer shows the moment.
            let lines = session.dropFirst().dropLast()  // the heredoc's first and last lines
            XCTAssertTrue(session.first?.hasPrefix("accordion drive ") == true, "\(session)")
            let driven = try CLI.run(["drive", scratch.appendingPathComponent(specCopy).path],
                                     stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
            XCTAssertEqual(driven.status, 0, driven.stderr)
            let answers = driven.stdout.split(separator: "\n").map { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
            }
            XCTAssertEqual(answers.count, lines.count, name)
            for answer in answers { XCTAssertNil(answer["errors"], "\(name): \(answer)") }
            if name == "drafts stays near the top until sent opens" {
                let dump = try XCTUnwrap(answers.last?["snapshot"] as? [String: Any])
                let panels = try XCTUnwrap(dump["panels"] as? [[String: Any]])
                let y = try XCTUnwrap((panels[2]["header"] as? [String: Any])?["y"] as? Double)
                XCTAssertGreaterThan(y, 300, "the drafts header is past the bound at that moment")
            }
            if name == "a rotation keeps the open content visible" {
                let dump = try XCTUnwrap(answers.last?["snapshot"] as? [String: Any])
                let panels = try XCTUnwrap(dump["panels"] as? [[String: Any]])
                let height = try XCTUnwrap((panels[0]["content"] as? [String: Any])?["height"] as? Double)
                XCTAssertEqual(height, 0, "the open panel has no height in landscape")
            }
            if name == "drafts is made unreachable by setPanels" {
                // After the session's steps, drafts is not in the stack: a tap on it is refused.
                let more = try CLI.run(["drive", scratch.appendingPathComponent(specCopy).path],
                                       stdin: Data((lines.joined(separator: "\n") + "\n{\"tap\": \"drafts\"}\n").utf8))
                XCTAssertTrue(more.stdout.split(separator: "\n").last?.contains("\"reason\": \"unknownPanel\"") == true, more.stdout)
            }
        }
    }

    /// A spec without a test file is explored for the named properties,
    /// reported at its first key; its counterexample replays in `drive`;
    /// and every sample explores clean.
    func testASpecWithoutATestFileIsCheckedForTheNamedProperties() throws {
        let spec = "Tests/Fixtures/explore/plain/no-room.yaml"
        let (r, cases) = try explore([spec])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(cases.count, 1)
        XCTAssertEqual(cases.first?["case"] as? String, "script")
        let failures = try XCTUnwrap(cases.first?["failures"] as? [[String: Any]])
        XCTAssertEqual(failures.count, 1, "content-visible fails; every-panel-reachable holds")
        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failure["line"] as? Int, 7, "at `accordion: 1`, the spec's first key")
        XCTAssertTrue((failure["message"] as? String)?.hasPrefix("content-visible") == true, "\(failure)")
        let script = try XCTUnwrap(failure["script"] as? [String])
        XCTAssertEqual(script.filter { !$0.hasPrefix("{expect:") && !$0.hasPrefix("#") }, ["{tap: a}"])
        let session = try XCTUnwrap(failure["session"] as? [String])
        let driven = try CLI.run(["drive", CLI.repoRoot.appendingPathComponent(spec).path],
                                 stdin: Data((session.dropFirst().dropLast().joined(separator: "\n") + "\n").utf8))
        let last = try XCTUnwrap(driven.stdout.split(separator: "\n").last.flatMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let panels = try XCTUnwrap((last["snapshot"] as? [String: Any])?["panels"] as? [[String: Any]])
        XCTAssertEqual((panels[0]["content"] as? [String: Any])?["height"] as? Double, 0, "the open panel has no room")

        // A spec that does not validate is an error at its file:line:col, explored not at all.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("explore-plain-\(getpid()).yaml")
        try "accordion: 1\npanels:\n  - {id: a, title: A, disabled: maybe}\n".write(to: scratch, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let broken = try CLI.run(["test", "--explore", scratch.path])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.hasPrefix(scratch.path + ":3:33: error: expected a boolean, found a string (\"maybe\") [schema-type]"), broken.stderr)
        XCTAssertTrue(broken.stdout.contains("0 passed, 0 failed, 1 error"), broken.stdout)

        let (clean, sampleCases) = try explore(["samples"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertGreaterThanOrEqual(sampleCases.count, 13)
    }

    func testTheSummaryTheTextAndTheOptions() throws {
        let r = try CLI.run(["test", "--explore", fixtures + "/faults.test.yaml"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("faults.test.yaml:13:13: always: fails after 1 step\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("  as a case's script:\n    script:\n      - {tap: sent}\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("  as a drive session:\n    accordion drive Tests/Fixtures/explore/faults/mail.yaml <<'EOF'\n"), r.stdout)
        let summary = try XCTUnwrap(r.stdout.split(separator: "\n").last)
        XCTAssertTrue(summary.hasPrefix("explored 2 cases: "), String(summary))
        XCTAssertTrue(summary.contains(" states, depth 5 (deepest step 5), "), String(summary))

        let junit = try CLI.run(["test", "--explore", "--format", "junit", fixtures + "/faults.test.yaml"])
        XCTAssertTrue(junit.stdout.contains("<failure message=\"Tests/Fixtures/explore/faults/faults.test.yaml:13:13: always: fails after 1 step\""),
                      junit.stdout)
        let github = try CLI.run(["test", "--explore", "--format", "github", fixtures + "/faults.test.yaml"])
        XCTAssertTrue(github.stdout.contains("::error file=Tests/Fixtures/explore/faults/faults.test.yaml,line=13,col=13,"), github.stdout)

        // A correct spec explores clean; walks go deeper with the same result for the same seed.
        let clean = try CLI.run(["test", "--explore", "--walks", "20", "--seed", "3", "Tests/Fixtures/explore/clean"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)

        for bad in [["--depth", "0"], ["--depth", "13"], ["--walks", "x"]] {
            let usage = try CLI.run(["test", "--explore"] + bad + [fixtures])
            XCTAssertEqual(usage.status, 2, bad.joined(separator: " "))
        }
        XCTAssertEqual(try CLI.run(["test", "--walks", "3", fixtures]).status, 2, "--walks goes with --explore")
    }
}
