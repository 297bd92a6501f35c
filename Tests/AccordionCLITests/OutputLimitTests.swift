import Foundation
import XCTest

/// Resource limits (RELIABILITY.md): `render --steps` output grows with steps ×
/// (panels + log), so it is bounded (`--max-items`), refused before any
/// snapshot is made, with a message naming the limit and how to raise it.
final class OutputLimitTests: XCTestCase {
    func testQuadraticStepsOutputIsRefusedQuickly() throws {
        let dir = try ScratchDirectory("output-limit")
        let spec = try dir.write("big.yaml", NothingLostTests.bigSpec(panels: 1000, taps: 1000))
        for format in ["json", "yaml", "svg", "text"] {
            let r = try BoundedCLI.run(["render", "--steps", "--format", format, spec])
            XCTAssertFalse(r.timedOut)
            XCTAssertEqual(r.status, 2, "\(format): \(r.stderr.prefix(300))")
            XCTAssertEqual(r.stdout, "")
            XCTAssertTrue(r.stderr.hasPrefix("accordion: error: render --steps would show more than 250000 "), r.stderr)
            XCTAssertTrue(r.stderr.contains("--max-items N"), r.stderr)
        }
        // One moment of the same spec is linear and renders.
        let one = try BoundedCLI.run(["render", "--format", "json", spec])
        XCTAssertEqual(one.status, 0, one.stderr.prefix(300).description)
    }

    /// What the JSON `--steps` dump holds: panel frames plus log entries over all steps.
    func shownItems(_ args: [String]) throws -> Int {
        let r = try BoundedCLI.run(["render", "--steps", "--format", "json", "--max-items", "1000000000"] + args)
        XCTAssertEqual(r.status, 0, r.stderr)
        let dumps = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        return dumps.reduce(0) { $0 + (($1["panels"] as? [Any])?.count ?? 0) + (($1["events"] as? [Any])?.count ?? 0) }
    }

    func testTheLimitIsExactlyWhatTheStepsShow() throws {
        let dir = try ScratchDirectory("output-limit")
        let spec = try dir.write("small.yaml", NothingLostTests.bigSpec(panels: 10, taps: 10))
        let items = try shownItems([spec])
        XCTAssertGreaterThan(items, 100)
        for format in ["svg", "json", "text", "yaml"] {
            XCTAssertEqual(try BoundedCLI.run(["render", "--steps", "--format", format, "--max-items", "\(items)", spec]).status, 0, format)
            let low = try BoundedCLI.run(["render", "--steps", "--format", format, "--max-items=\(items - 1)", spec])
            XCTAssertEqual(low.status, 2, format)
            XCTAssertTrue(low.stderr.contains("more than \(items - 1) panel frames and log entries in all"), low.stderr)
        }
        // --at stops the count where the run stops: taps of 1 s each, three happen by 2.5 s.
        var timed = "accordion: 1\ncontainer: {animation: {duration: 1}}\npanels:\n"
        for i in 0..<10 { timed += "  - {id: p\(i), title: P\(i)}\n" }
        timed += "script:\n" + (0..<10).map { "  - tap: \(($0 + 1) % 10)\n" }.joined()
        let slow = try dir.write("timed.yaml", timed)
        // (With --at the count is an upper bound: entries still due after the moment count too.)
        let late = try shownItems(["--at", "3.5", slow])
        XCTAssertEqual(try BoundedCLI.run(["render", "--steps", "--format", "svg", "--max-items", "\(late - 1)", "--at", "2.5", slow]).status, 0)
        XCTAssertEqual(try BoundedCLI.run(["render", "--steps", "--format", "svg", "--max-items", "\(late - 1)", "--at", "3.5", slow]).status, 2)
    }

    /// Every format counts the log: each step's snapshot is made with it, so
    /// 10 panels and 20,000 taps as SVG needed over 4 GB before this limit.
    func testLongScriptsAreRefusedInEveryFormat() throws {
        let dir = try ScratchDirectory("output-limit")
        var long = "accordion: 1\ncontainer: {animation: {duration: 0}}\npanels:\n"
        for i in 0..<10 { long += "  - {id: p\(i), title: T}\n" }
        long += "script:\n" + (0..<2000).map { "  - tap: \($0 % 10)\n" }.joined()
        let spec = try dir.write("long.yaml", long)
        for format in ["svg", "text", "html"] {
            XCTAssertEqual(try BoundedCLI.run(["render", "--steps", "--format", format, spec]).status, 2, format)
        }
    }

    func testBadLimitIsAUsageError() throws {
        for value in ["0", "-1", "lots", "1e6"] {
            let r = try BoundedCLI.run(["render", "--max-items", value, "samples/article-demo.yaml"])
            XCTAssertEqual(r.status, 2, value)
            XCTAssertTrue(r.stderr.contains("--max-items needs a whole number"), r.stderr)
        }
    }
}
