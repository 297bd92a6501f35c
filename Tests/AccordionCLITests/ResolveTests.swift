import Foundation
import XCTest

/// `accordion resolve`: JSON output for a handful of documents, errors on
/// stderr in `file:line:col: error:` form with the source line and a caret,
/// and exit codes 0 (resolved), 1 (document problem), 2 (usage or I/O).
final class ResolveTests: XCTestCase {
    private func resolve(_ yaml: String) throws -> CLIResult {
        try CLI.run(["resolve", "-"], stdin: Data(yaml.utf8), environment: ["NO_COLOR": "1"])
    }

    private func assertResolves(_ yaml: String, to json: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try resolve(yaml)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        XCTAssertEqual(r.stdout, json, file: file, line: line)
        XCTAssertEqual(r.stderr, "", file: file, line: line)
    }

    func testMappingOrderIndentAndScalarTypes() throws {
        try assertResolves("""
        zeta: 1
        alpha: [yes, no, true, ~, 0x1F, 1.5, "quoted\\ttab", 1e3]
        empty_map: {}
        empty_list: []
        nested: {b: {c: []}}
        """, to: """
        {
          "zeta": 1,
          "alpha": [
            "yes",
            "no",
            true,
            null,
            31,
            1.5,
            "quoted\\ttab",
            1000.0
          ],
          "empty_map": {},
          "empty_list": [],
          "nested": {
            "b": {
              "c": []
            }
          }
        }

        """)
    }

    func testMergeKeysAndAliases() throws {
        try assertResolves("""
        base: &base {color: red, size: 2}
        panel:
          <<: *base
          size: 3
        again: *base
        """, to: """
        {
          "base": {
            "color": "red",
            "size": 2
          },
          "panel": {
            "color": "red",
            "size": 3
          },
          "again": {
            "color": "red",
            "size": 2
          }
        }

        """)
    }

    func testBigIntegersAndFloatsAreExact() throws {
        try assertResolves("[123456789012345678901234567890, -0x10, 0o777777777777777777777777, 0.1, -0.0, 1e-7, 5e-324]\n", to: """
        [
          123456789012345678901234567890,
          "-0x10",
          4722366482869645213695,
          0.1,
          -0.0,
          1e-07,
          5e-324
        ]

        """)
    }

    func testNonStringKeysBecomeCanonicalText() throws {
        try assertResolves("1: a\n0x10: b\ntrue: c\n1.50: e\nm: {~: d}\nn: {? : f}\n", to: """
        {
          "1": "a",
          "16": "b",
          "true": "c",
          "1.5": "e",
          "m": {
            "null": "d"
          },
          "n": {
            "": "f"
          }
        }

        """)
    }

    func testStringEscapingAndTopLevelScalars() throws {
        try assertResolves("\"a\\\"b\\\\c\\u0001\\x7f é\"\n", to: "\"a\\\"b\\\\c\\u0001\\u007f é\"\n")
        try assertResolves("--- |\n  line one\n  line two\n", to: "\"line one\\nline two\\n\"\n")
        try assertResolves("---\n", to: "null\n")
        try assertResolves("42", to: "42\n")
    }

    func testInfinityIsALocatedError() throws {
        let r = try resolve("a: 1\nb: [x, -.inf]\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:2:8: error: this value is infinity (-.inf), which JSON cannot hold"), r.stderr)
        XCTAssertTrue(r.stderr.contains("2 | b: [x, -.inf]\n  |        ^^^^^\n"), r.stderr)
    }

    func testNaNAndCollectionKeysAreLocatedErrors() throws {
        var r = try resolve("v: .NaN\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:1:4: error: this value is not-a-number"), r.stderr)
        r = try resolve("? [a]\n: b\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:1:3: error: this key is a sequence, which JSON cannot hold"), r.stderr)
        r = try resolve("1: a\n'1': b\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:2:1: error: this key and the key on line 1 both become the JSON key \"1\""), r.stderr)
    }

    func testSyntaxErrorFormatWithFileName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-resolve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("broken.yaml")
        try Data("title: ok\nitems:\n\t- one\n".utf8).write(to: file)
        let r = try CLI.run(["resolve", file.path], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "")
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first.map(String.init),
                       "\(file.path):3:1: error: a tab character is used for indentation here; YAML allows only spaces for indentation [yaml-syntax]")
        XCTAssertEqual(lines.dropFirst().first, "3 | \t- one")
        XCTAssertEqual(lines.dropFirst(2).first, "  | ^")
        XCTAssertFalse(r.stderr.contains("\u{1B}["), "no colour when stderr is not a terminal")
    }

    func testDuplicateKeyShowsBothPlaces() throws {
        let r = try resolve("a: 1\nb: 2\na: 3\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:3:1: error: the key 'a' appears twice in this mapping"), r.stderr)
        XCTAssertTrue(r.stderr.contains("note: first defined here at <stdin>:1:1"), r.stderr)
    }

    func testDocumentErrorsExitOne() throws {
        for yaml in ["", "# nothing\n", "a: 1\n---\nb: 2\n", "a: [", "a: !!int x\n", "a: *missing\n"] {
            let r = try resolve(yaml)
            XCTAssertEqual(r.status, 1, "for '\(yaml)': \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("<stdin>:"), r.stderr)
            XCTAssertTrue(r.stderr.contains(": error: "), r.stderr)
        }
    }

    func testUsageAndIOErrorsExitTwo() throws {
        var r = try CLI.run(["resolve"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("accordion: error: missing <file>\nusage: accordion resolve [--color <when>] <file>\n"), r.stderr)
        r = try CLI.run(["resolve", "a.yaml", "b.yaml"])
        XCTAssertEqual(r.status, 2)
        r = try CLI.run(["resolve", "--frobnicate", "a.yaml"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("unknown option '--frobnicate'"), r.stderr)
        r = try CLI.run(["resolve", "/nonexistent/spec.yaml"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("cannot read '/nonexistent/spec.yaml': no such file or directory"), r.stderr)
        r = try CLI.run(["resolve", FileManager.default.temporaryDirectory.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("it is a directory"), r.stderr)
    }

    func testUnreadableFileExitsTwo() throws {
        guard getuid() != 0 else { throw XCTSkip("root can read any file") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-\(UUID().uuidString).yaml")
        try Data("a: 1\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        let r = try CLI.run(["resolve", file.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("permission denied"), r.stderr)
    }

    func testHostileInputsFailWithShortLocatedErrors() throws {
        var r = try resolve(String(repeating: "[", count: 100_000))
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:1:513: error: collections are nested more than 512 levels deep"), r.stderr)
        XCTAssertLessThan(r.stderr.utf8.count, 1_000, "a huge line is quoted as a window around the column")
        var bomb = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for (i, name) in ["b", "c", "d", "e", "f", "g", "h", "i"].enumerated() {
            let previous = i == 0 ? "a" : ["b", "c", "d", "e", "f", "g", "h"][i - 1]
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        r = try resolve(bomb)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:7:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("alias bomb"), r.stderr)
        r = try CLI.run(["resolve", "-"], stdin: Data([0x61, 0x3A, 0x20, 0xC3, 0x28, 0x0A]), environment: ["NO_COLOR": "1"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:1:4: error: the file is not valid UTF-8 here"), r.stderr)
    }

    func testHelp() throws {
        let r = try CLI.run(["resolve", "--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("OVERVIEW: Print how a YAML file resolves, as JSON.\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\nUSAGE: accordion resolve [--color <when>] <file>\n"), r.stdout)
    }

    func testBundledSampleResolves() throws {
        let r = try CLI.run(["resolve", "samples/article-demo.yaml"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("{\n"), r.stdout)
    }
}
