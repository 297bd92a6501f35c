import Foundation
import XCTest

/// Issue 7, resource limits: `render --steps` output grows with steps ×
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

    func testTheLimitCanBeRaisedOrLowered() throws {
        let dir = try ScratchDirectory("output-limit")
        let spec = try dir.write("small.yaml", NothingLostTests.bigSpec(panels: 10, taps: 10))
        // 10 steps × 10 frames = 100 frames in SVG; the dumps add the log.
        XCTAssertEqual(try BoundedCLI.run(["render", "--steps", "--format", "svg", "--max-items", "100", spec]).status, 0)
        let low = try BoundedCLI.run(["render", "--steps", "--format", "svg", "--max-items", "99", spec])
        XCTAssertEqual(low.status, 2)
        XCTAssertTrue(low.stderr.contains("more than 99 panel frames in all"), low.stderr)
        let json = try BoundedCLI.run(["render", "--steps", "--format", "json", "--max-items", "100", spec])
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(json.stderr.contains("panel frames and log entries"), json.stderr)
        XCTAssertEqual(try BoundedCLI.run(["render", "--steps", "--format", "json", "--max-items=100000", spec]).status, 0)
        // --at stops the count where the run stops: taps of 1 s each, three happen by 2.5 s.
        var timed = "accordion: 1\ncontainer: {animation: {duration: 1}}\npanels:\n"
        for i in 0..<10 { timed += "  - {id: p\(i), title: P\(i)}\n" }
        timed += "script:\n" + (0..<10).map { "  - tap: \(($0 + 1) % 10)\n" }.joined()
        let slow = try dir.write("timed.yaml", timed)
        XCTAssertEqual(try BoundedCLI.run(["render", "--steps", "--format", "svg", "--max-items", "30", "--at", "2.5", slow]).status, 0)
        XCTAssertEqual(try BoundedCLI.run(["render", "--steps", "--format", "svg", "--max-items", "30", "--at", "3.5", slow]).status, 2)
    }

    func testBadLimitIsAUsageError() throws {
        for value in ["0", "-1", "lots", "1e6"] {
            let r = try BoundedCLI.run(["render", "--max-items", value, "samples/article-demo.yaml"])
            XCTAssertEqual(r.status, 2, value)
            XCTAssertTrue(r.stderr.contains("--max-items needs a whole number"), r.stderr)
        }
    }
}
