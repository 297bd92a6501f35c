import AccordionTestSupport
import Foundation
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// One golden dump: a spec, the extra `render` arguments, the expected file.
/// A golden of one moment is the snapshot of a case of `BASE.test.yaml`
/// (made by scripts/render-fixture-tests.py, checked by `accordion test` in
/// `make test`); a `--steps` golden, an array of dumps no snapshot is, is
/// checked here.
struct RenderGolden {
    var base: String
    var args: [String]

    /// `BASE.json`, or `BASE@ARG+ARG.json` with `--at 0.15` spelled `at=0.15`.
    var fileName: String {
        guard !args.isEmpty else { return base + ".json" }
        var parts: [String] = []
        var i = 0
        while i < args.count {
            let name = String(args[i].drop(while: { $0 == "-" }))
            if i + 1 < args.count, !args[i + 1].hasPrefix("--") {
                parts.append(name + "=" + args[i + 1])
                i += 2
            } else {
                parts.append(name)
                i += 1
            }
        }
        return base + "@" + parts.joined(separator: "+") + ".json"
    }

    /// Whether the golden is a series (`--steps`), kept in this directory.
    var isSeries: Bool { args.contains("--steps") }

    /// The case of `BASE.test.yaml` that plays what this command plays.
    var caseName: String { (["render"] + args).joined(separator: " ") }

    /// Where `accordion test` reads a one-moment golden: the `dump` snapshot of its case.
    var snapshotURL: URL {
        Self.directory.appendingPathComponent("__snapshots__/\(base).test.yaml/\(caseName)/dump.json")
    }

    static var directory: URL { CLI.repoRoot.appendingPathComponent("Tests/Fixtures/render") }

    static func all() throws -> [RenderGolden] {
        let manifest = try String(contentsOf: directory.appendingPathComponent("goldens.txt"), encoding: .utf8)
        return manifest.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            let words = trimmed.split(separator: " ").map(String.init)
            return RenderGolden(base: words[0], args: Array(words.dropFirst()))
        }
    }
}

final class RenderGoldenTests: XCTestCase {
    /// Every `--steps` golden matches byte for byte; `ACCORDION_RECORD=1` re-records them (and fails).
    func testGoldenSeries() throws {
        var recorder = GoldenRecorder()
        let goldens = try RenderGolden.all().filter(\.isSeries)
        XCTAssertGreaterThan(goldens.count, 10)
        for golden in goldens {
            let spec = RenderGolden.directory.appendingPathComponent(golden.base + ".yaml")
            let r = try CLI.run(["render", "--format", "json"] + golden.args + [spec.path])
            XCTAssertEqual(r.status, 0, "\(golden.fileName): \(r.stderr)")
            let expectedURL = RenderGolden.directory.appendingPathComponent(golden.fileName)
            if try recorder.record(r.stdout, to: expectedURL) { continue }
            guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
                XCTFail("missing golden \(golden.fileName); record it with ACCORDION_RECORD=1 and review it by eye")
                continue
            }
            if r.stdout != expected {
                XCTFail("\(golden.fileName) differs from the dump:\n\(firstDifference(expected, r.stdout))")
            }
        }
        if let failure = recorder.failure { XCTFail(failure) }
    }

    /// Every one-moment golden of the manifest is the snapshot of a case
    /// that `accordion test` runs: its test file has the case, the case a
    /// `snapshot: dump` step, and the golden is where that step reads it.
    func testEveryMomentGoldenIsACaseSnapshot() throws {
        let goldens = try RenderGolden.all().filter { !$0.isSeries }
        XCTAssertGreaterThan(goldens.count, 30)
        for golden in goldens {
            let testFile = RenderGolden.directory.appendingPathComponent(golden.base + ".test.yaml")
            let text = (try? String(contentsOf: testFile, encoding: .utf8)) ?? ""
            let cases = text.components(separatedBy: "\n  - name: ").dropFirst().map { $0 + "\n" }
            let found = cases.first { $0.hasPrefix(golden.caseName + "\n") }
            XCTAssertNotNil(found, "\(golden.fileName): no case `\(golden.caseName)` in \(testFile.lastPathComponent); "
                + "run scripts/render-fixture-tests.py")
            if let found {
                XCTAssertTrue(found.contains("- snapshot: dump\n") || found.contains("- {snapshot: dump, at: "),
                              "\(golden.caseName) of \(testFile.lastPathComponent) takes no `dump` snapshot")
            }
            XCTAssertTrue(FileManager.default.fileExists(atPath: golden.snapshotURL.path),
                          "\(golden.fileName) is not at \(golden.snapshotURL.path); run scripts/render-fixture-tests.py")
        }
    }

    /// Every golden file on disk, series or snapshot, is listed in the manifest (no stale goldens).
    func testNoUnlistedGoldens() throws {
        let goldens = try RenderGolden.all()
        let listed = Set(goldens.filter(\.isSeries).map(\.fileName))
        let files = try FileManager.default.contentsOfDirectory(atPath: RenderGolden.directory.path)
            .filter { $0.hasSuffix(".json") }
        for file in files {
            XCTAssertTrue(listed.contains(file), "\(file) is not a --steps golden of goldens.txt; a golden of one "
                + "moment belongs in __snapshots__ (scripts/render-fixture-tests.py moves it there)")
        }
        let snapshots = Set(goldens.filter { !$0.isSeries }.map(\.snapshotURL.path))
        let store = RenderGolden.directory.appendingPathComponent("__snapshots__")
        let stored = FileManager.default.enumerator(atPath: store.path)?.compactMap { $0 as? String } ?? []
        let storedFiles = stored.filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThan(storedFiles.count, 30)
        for file in storedFiles {
            let path = store.appendingPathComponent(file).path
            XCTAssertTrue(snapshots.contains(path), "\(file) is no golden of goldens.txt")
        }
    }

}

final class RenderCommandTests: XCTestCase {
    var samples: [URL] {
        let dir = CLI.repoRoot.appendingPathComponent("samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        // A sample's test file (`*.test.yaml`) names a spec; it is none.
        return names.filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && !$0.contains(".test.") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// Every sample renders in every format, with and without --steps, into well-formed output.
    func testEverySampleRendersInEveryFormat() throws {
        XCTAssertFalse(samples.isEmpty)
        for sample in samples {
            for format in ["text", "json", "yaml", "svg", "html"] {
                for extra in [[], ["--steps"]] {
                    let r = try CLI.run(["render", "--format", format] + extra + [sample.path])
                    let what = "\(sample.lastPathComponent) \(format) \(extra)"
                    XCTAssertEqual(r.status, 0, "\(what): \(r.stderr)")
                    XCTAssertFalse(r.stdout.isEmpty, what)
                    switch format {
                    case "json":
                        let value = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
                        if extra.isEmpty {
                            XCTAssertNotNil((value as? [String: Any])?["panels"], what)
                        } else {
                            XCTAssertFalse((value as? [Any])?.isEmpty ?? true, what)
                        }
                    case "html":
                        XCTAssertTrue(r.stdout.hasPrefix("<!DOCTYPE html>"), what)
                        XCTAssertTrue(r.stdout.hasSuffix("</html>\n"), what)
                    case "svg":
                        let parser = XMLParser(data: Data(r.stdout.utf8))
                        XCTAssertTrue(parser.parse(), "\(what): \(String(describing: parser.parserError))")
                        XCTAssertTrue(r.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), what)
                    case "text":
                        for line in r.stdout.split(separator: "\n") {
                            XCTAssertLessThanOrEqual(line.unicodeScalars.count, 80, "\(what): \(line)")
                        }
                        XCTAssertFalse(r.stdout.contains("\u{1B}["), "no colour into a pipe")
                    default:
                        XCTAssertTrue(r.stdout.contains("panels:"), what)
                    }
                }
            }
        }
    }

    func testDemoSVGShowsTheThreeHeadersAndTheOpenPanel() throws {
        let r = try CLI.run(["render", "--format", "svg", "samples/article-demo.yaml"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // After the script (tap VC3, wait, tap VC2) VC2 is open: headers at 0, 44, 623.
        XCTAssertTrue(r.stdout.contains("<rect x=\"0\" y=\"0\" width=\"375\" height=\"44\" fill=\"#1ABC9C\"/>"))
        XCTAssertTrue(r.stdout.contains("<rect x=\"0\" y=\"44\" width=\"375\" height=\"44\" fill=\"#3498DB\"/>"))
        XCTAssertTrue(r.stdout.contains("<rect x=\"0\" y=\"623\" width=\"375\" height=\"44\" fill=\"#9B59B6\"/>"))
        // Its content is its text on white, wrapped at 41 characters (375 − 2 · 16 over 8.25),
        // the first line under the 16-point padding; no placeholder card.
        XCTAssertTrue(r.stdout.contains("<rect x=\"0\" y=\"88\" width=\"375\" height=\"535\" fill=\"#FFFFFF\"/>"))
        XCTAssertTrue(r.stdout.contains("<text x=\"16\" y=\"119.25\" font-size=\"15\" fill=\"#1C1C1E\" xml:space=\"preserve\">The second child view controller. It is</text>"),
                      r.stdout)
        XCTAssertFalse(r.stdout.contains(">375 × 535</text>"))
    }

    func testColourOnlyWhenAskedAndNoColorWins() throws {
        let always = try CLI.run(["render", "--color", "always", "samples/article-demo.yaml"])
        XCTAssertTrue(always.stdout.contains("\u{1B}[48;2;26;188;156m"))
        let piped = try CLI.run(["render", "samples/article-demo.yaml"], environment: ["NO_COLOR": "1"])
        XCTAssertFalse(piped.stdout.contains("\u{1B}["))
    }

    func testStdinInput() throws {
        let spec = "accordion: 1\npanels:\n  - {id: a, title: A}\n"
        let r = try CLI.run(["render", "--format", "json", "-"], stdin: Data(spec.utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\"expandedPanel\": \"a\""))
    }

    func testUsageProblemsExitTwo() throws {
        let demo = "samples/article-demo.yaml"
        for args in [["--format", "png", demo], ["--at", "-1", demo], ["--at", "soon", demo],
                     ["--at", "nan", demo], ["--at", "inf", demo], ["--at"], ["--frobnicate", demo], [demo, demo], [],
                     ["--color", "sometimes", demo], ["--tap", "VC9", demo], ["--tap", "3", demo], ["--tap", "-1", demo]] {
            let r = try CLI.run(["render"] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stdout) \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("error"), "\(args): \(r.stderr)")
        }
        let format = try CLI.run(["render", "--format", "png", demo])
        XCTAssertTrue(format.stderr.contains("text, json, yaml, svg, html"), format.stderr)
        let tap = try CLI.run(["render", "--tap", "VC9", demo])
        XCTAssertTrue(tap.stderr.contains("VC9"), tap.stderr)
    }

    func testMissingInputIsExitTwo() throws {
        let r = try CLI.run(["render", "no/such/spec.yaml"])
        XCTAssertEqual(r.status, 2)
    }

    func testInvalidSpecGivesValidateDiagnosticsAndExitOne() throws {
        let spec = "accordion: 1\ncontainer: {hieght: 3}\npanels: []\n"
        let r = try CLI.run(["render", "-"], stdin: Data(spec.utf8))
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("<stdin>:2:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("error"), r.stderr)
        XCTAssertTrue(r.stdout.isEmpty)
    }

    func testOutputFileIsWrittenAndBadOutputsRefusedBeforeWork() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml")
        try FileManager.default.copyItem(at: CLI.repoRoot.appendingPathComponent("samples/article-demo.yaml"), to: spec)
        let out = dir.appendingPathComponent("demo.svg")
        let ok = try CLI.run(["render", "--format", "svg", "-o", out.path, spec.path])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.isEmpty)
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).hasSuffix("</svg>\n"))
        // No temporary files left behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["demo.svg", "spec.yaml"])

        let original = try Data(contentsOf: spec)
        for (target, why) in [(dir.path, "directory"), (spec.path, "input"),
                              (dir.appendingPathComponent("missing/x.svg").path, "does not exist")] {
            // Even with a broken spec the output path is refused first (exit 2, not 1).
            let r = try CLI.run(["render", "-o", target, spec.path])
            XCTAssertEqual(r.status, 2, "\(target): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(why), r.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: spec), original, "the input survives -o INPUT")
        let broken = dir.appendingPathComponent("broken.yaml")
        try Data("accordion: 2\n".utf8).write(to: broken)
        let first = try CLI.run(["render", "-o", dir.path, broken.path])
        XCTAssertEqual(first.status, 2, "output checked before the spec: \(first.stderr)")
        if getuid() != 0 {
            let locked = dir.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked.path)
            let r = try CLI.run(["render", "-o", locked.appendingPathComponent("x.txt").path, spec.path])
            XCTAssertEqual(r.status, 2)
            XCTAssertTrue(r.stderr.contains("not writable"), r.stderr)
        }
    }

    func testTapsRunAfterTheScriptWhenIdle() throws {
        let r = try CLI.run(["render", "--format", "json", "--tap", "VC1", "--tap", "2", "samples/article-demo.yaml"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let dump = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(dump["expandedPanel"] as? String, "VC3")
        XCTAssertEqual(dump["interactionEnabled"] as? Bool, true)
        let taps = (dump["events"] as! [[String: Any]]).filter { $0["event"] as? String == "tapIgnored" }
        XCTAssertTrue(taps.isEmpty, "taps from the command line wait until idle")
    }
}
