import Foundation
import XCTest

/// `accordion render --format html`: one self-contained page, written
/// atomically with `-o` or to standard output, that starts at the state
/// every other `render` option describes. (Its behaviour in a browser is
/// tested by `make browser-test`.)
final class RenderHTMLTests: XCTestCase {
    static let demo = "samples/article-demo.yaml"

    /// The JSON data the page embeds.
    func data(_ page: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"accordion-data\">"
        let start = try XCTUnwrap(page.range(of: open), file: file, line: line).upperBound
        let end = try XCTUnwrap(page.range(of: "</script>", range: start..<page.endIndex), file: file, line: line).lowerBound
        return try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as! [String: Any]
    }

    func state(_ args: [String]) throws -> [String: Any] {
        let r = try CLI.run(["render", "--format", "html"] + args + [Self.demo])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try data(r.stdout)["state"] as! [String: Any]
    }

    func testPageIsSelfContained() throws {
        let r = try CLI.run(["render", "--format", "html", Self.demo])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(r.stdout.contains("<title>ExpandableViewController demo</title>"))
        for external in ["src=", "href=", "<link", "url(", "@import", "http://", "https://"] {
            XCTAssertFalse(r.stdout.contains(external), "the page references \(external)")
        }
        let d = try data(r.stdout)
        let panels = d["panels"] as! [[String: Any]]
        XCTAssertEqual(panels.map { $0["id"] as! String }, ["VC1", "VC2", "VC3"])
        XCTAssertEqual(panels.map { $0["color"] as! String }, ["#1ABC9CFF", "#3498DBFF", "#9B59B6FF"])
        XCTAssertEqual(d["duration"] as? Double, 0.3)
        XCTAssertEqual(d["curveName"] as? String, "easeInOut")
    }

    func testPageStartsAfterTheScriptAndHonoursRenderOptions() throws {
        XCTAssertEqual(try state([])["open"] as? [Int], [1])  // tap VC3, wait, tap VC2
        XCTAssertEqual(try state(["--no-script"])["open"] as? [Int], [0])
        XCTAssertEqual(try state(["--tap", "VC3"])["open"] as? [Int], [2])
        XCTAssertEqual(try state(["--tap", "VC2"])["open"] as? [Int], [], "tapping the open panel collapses it")
        let mid = try state(["--at", "0.1"])
        let transition = try XCTUnwrap(mid["transition"] as? [String: Any])
        XCTAssertEqual(transition["from"] as? Int, 0)
        XCTAssertEqual(transition["to"] as? Int, 2)
        XCTAssertEqual(mid["time"] as? Double, 0.1)
    }

    func testOutputFileIsWrittenAtomicallyAndEqualsStandardOutput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("demo.html")
        let r = try CLI.run(["render", "--format", "html", "-o", out.path, Self.demo])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        let written = try String(contentsOf: out, encoding: .utf8)
        let stdout = try CLI.run(["render", "--format", "html", Self.demo]).stdout
        XCTAssertEqual(written, stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["demo.html"], "no temporary file left behind")
    }

    func testInvalidSpecIsRefusedWithoutWritingAPage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("bad.yaml")
        try "accordion: 1\npanels:\n  - {id: a, title: A, headerHeight: -3}\n".write(to: spec, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("bad.html")
        let r = try CLI.run(["render", "--format", "html", "-o", out.path, spec.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertFalse(r.stderr.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }
}
