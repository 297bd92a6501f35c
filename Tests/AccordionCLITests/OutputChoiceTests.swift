import Foundation
import XCTest

/// What the output looks like by the command line's choices: the format an
/// `-o` file's extension names, `--color` against NO_COLOR and FORCE_COLOR,
/// the step each `--steps` dump names, and the CI formats' contents.
final class OutputChoiceTests: XCTestCase {
    static let demo = "samples/article-demo.yaml"

    func testOutputExtensionChoosesTheFormat() throws {
        let dir = try ScratchDirectory("extension")
        let expectations: [(String, (String) -> Bool)] = [
            ("page.svg", { $0.hasPrefix("<svg xmlns=") }),
            ("page.html", { $0.hasPrefix("<!DOCTYPE html>") }),
            ("page.HTM", { $0.hasPrefix("<!DOCTYPE html>") }),
            ("dump.json", { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] }),
            ("dump.yaml", { $0.hasPrefix("title: ") && $0.contains("\npanels:\n") }),
            ("dump.yml", { $0.hasPrefix("title: ") }),
            ("drawing.txt", { $0.contains("VC1") && !$0.hasPrefix("{") && !$0.hasPrefix("<") }),
            ("drawing", { $0.contains("VC1") && !$0.hasPrefix("{") && !$0.hasPrefix("<") }),
        ]
        for (name, check) in expectations {
            let r = try BoundedCLI.run(["render", "-o", dir.path(name), Self.demo])
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            let text = try String(contentsOfFile: dir.path(name), encoding: .utf8)
            XCTAssertTrue(check(text), "\(name): \(text.prefix(200))")
        }
        // The text written to a file equals what standard output gets with the same --format.
        let json = try BoundedCLI.run(["render", "--output=\(dir.path("again.json"))", Self.demo])
        XCTAssertEqual(json.status, 0)
        XCTAssertEqual(try String(contentsOfFile: dir.path("again.json"), encoding: .utf8),
                       try BoundedCLI.run(["render", "--format", "json", Self.demo]).stdout)
        // An explicit --format that agrees, or an extension that names no format, is fine.
        XCTAssertEqual(try BoundedCLI.run(["render", "--format", "svg", "-o", dir.path("a.svg"), Self.demo]).status, 0)
        XCTAssertEqual(try BoundedCLI.run(["render", "--format", "svg", "-o", dir.path("a.xml"), Self.demo]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: dir.path("a.xml"), encoding: .utf8).hasPrefix("<svg"))
    }

    func testAnExtensionThatContradictsTheFormatIsAUsageError() throws {
        let dir = try ScratchDirectory("extension")
        let contradiction = try BoundedCLI.run(["render", "--format", "svg", "-o", dir.path("out.json"), Self.demo])
        XCTAssertEqual(contradiction.status, 2)
        XCTAssertTrue(contradiction.stderr.hasPrefix("accordion: error: --format svg contradicts the extension of '"
            + dir.path("out.json") + "' (.json is json); drop --format or change the file name\nusage: accordion render"),
            contradiction.stderr)
        let unknown = try BoundedCLI.run(["render", "-o", dir.path("out.png"), Self.demo])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("accordion: error: cannot tell the format from the extension of '"
            + dir.path("out.png") + "'; give --format, or use one of .txt, .json, .yaml, .yml, .svg, .html, .htm\n"),
            unknown.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.url.path), [], "nothing written")
    }

    // MARK: - colour

    func testColorAutoFollowsNoColorAndForceColor() throws {
        let dir = try ScratchDirectory("colour")
        let broken = try dir.write("broken.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\nscript:\n  - tap: b\n")
        var base = ProcessInfo.processInfo.environment
        base["NO_COLOR"] = nil
        base["FORCE_COLOR"] = nil
        func coloured(_ args: [String], _ extra: [String: String]) throws -> Bool {
            let r = try CLI.run(args, environment: base.merging(extra) { $1 })
            return (r.stdout + r.stderr).contains("\u{1B}[")
        }
        let commands = [["render", Self.demo], ["validate", broken], ["resolve", "-"]]
        for command in commands.prefix(2) {
            XCTAssertFalse(try coloured(command, [:]), "\(command): a pipe is not a terminal")
            XCTAssertTrue(try coloured(command, ["FORCE_COLOR": "1"]), "\(command)")
            XCTAssertFalse(try coloured(command, ["FORCE_COLOR": ""]), "\(command): empty is unset")
            XCTAssertFalse(try coloured(command, ["FORCE_COLOR": "1", "NO_COLOR": "1"]), "\(command): NO_COLOR wins")
            XCTAssertTrue(try coloured(command, ["FORCE_COLOR": "1", "NO_COLOR": ""]), "\(command): empty NO_COLOR is unset")
            XCTAssertFalse(try coloured(command + ["--color", "never"], ["FORCE_COLOR": "1"]), "\(command)")
            XCTAssertTrue(try coloured(command + ["--color=always"], ["NO_COLOR": "1"]), "\(command): asked for")
        }
        // resolve colours its diagnostics on standard error by the same rule.
        let bad = Data("a: 1\na: 2\n".utf8)
        XCTAssertTrue(try CLI.run(["resolve", "-"], stdin: bad, environment: base.merging(["FORCE_COLOR": "1"]) { $1 })
            .stderr.contains("\u{1B}["))
        XCTAssertFalse(try CLI.run(["resolve", "--color", "never", "-"], stdin: bad,
                                   environment: base.merging(["FORCE_COLOR": "1"]) { $1 }).stderr.contains("\u{1B}["))
    }

    // MARK: - --steps names each dump's step

    func testStepsDumpsNameTheirStep() throws {
        let r = try CLI.run(["render", "--format", "json", "--steps", "--tap", "VC1", Self.demo])
        XCTAssertEqual(r.status, 0, r.stderr)
        let dumps = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        // The sample's script: tap VC3 (line 28), wait 0.5 (line 29), tap VC2 (line 30); then --tap VC1.
        let lines = try String(contentsOfFile: CLI.repoRoot.appendingPathComponent(Self.demo).path, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[27], "  - tap: VC3")
        let expected: [(String, Int?)] = [("tap", 28), ("wait", 29), ("tap", 30), ("tap", nil)]
        XCTAssertEqual(dumps.count, expected.count)
        for (i, dump) in dumps.enumerated() {
            let step = try XCTUnwrap(dump["step"] as? [String: Any], "dump \(i)")
            XCTAssertEqual(step["index"] as? Int, i)
            XCTAssertEqual(step["kind"] as? String, expected[i].0)
            if let line = expected[i].1 {
                XCTAssertEqual(step["line"] as? Int, line)
            } else {
                XCTAssertTrue(step["line"] is NSNull, "a --tap has no line")
            }
        }
        // No step at all: one dump of the loaded state, its step null.
        let loaded = try CLI.run(["render", "--format", "json", "--steps", "--no-script", Self.demo])
        let only = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(loaded.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(only.count, 1)
        XCTAssertTrue(only[0]["step"] is NSNull)
        // YAML says the same; a single dump says nothing about steps.
        let yaml = try CLI.run(["render", "--format", "yaml", "--steps", Self.demo])
        XCTAssertTrue(yaml.stdout.hasPrefix("- step:\n    index: 0\n    kind: tap\n    line: 28\n  title: "), yaml.stdout)
        XCTAssertFalse(try CLI.run(["render", "--format", "json", Self.demo]).stdout.contains("\"step\""))
    }

    // MARK: - CI formats

    func testGitHubAnnotationsCarryTheHelpEscaped() throws {
        let dir = try ScratchDirectory("github")
        let path = try dir.write("typo.yaml", "accordion: 1\npanels: [{id: a, title: A, colour: 1}]\n")
        let r = try CLI.run(["validate", "--format", "github", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasSuffix("::unknown key `colour` — help: did you mean `color`?\n"), r.stdout)
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 1, "one line per problem: newlines in help are escaped")
    }

    func testSARIFNamesNoForeignSiteAndHasTheRequiredProperties() throws {
        let r = try CLI.run(["validate", "--format", "sarif", "Tests/Fixtures/validate/invalid/tap-typo.yaml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertFalse(r.stdout.contains("accordion.dev"))
        XCTAssertFalse(r.stdout.contains("informationUri"))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        // SARIF 2.1.0's required properties: log {version, runs}, run {tool}, tool {driver},
        // toolComponent {name}, result {message}, message {text}, reportingDescriptor {id}.
        XCTAssertEqual(root["version"] as? String, "2.1.0")
        let runs = try XCTUnwrap(root["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "accordion")
        for rule in try XCTUnwrap(driver["rules"] as? [[String: Any]]) { XCTAssertTrue(rule["id"] is String) }
        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        XCTAssertFalse(results.isEmpty)
        for result in results { XCTAssertTrue((result["message"] as? [String: Any])?["text"] is String) }
    }
}
