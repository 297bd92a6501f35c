import Foundation
import XCTest

/// Inputs the fuzz targets found (Tests/Fixtures/hostile/fuzz-*), each run
/// through the command that exercises the same code, with the behaviour the
/// fix guarantees. See RELIABILITY.md.
final class FuzzRegressionTests: XCTestCase {
    static func fixture(_ name: String) -> String {
        CLI.repoRoot.appendingPathComponent("Tests/Fixtures/hostile/\(name)").path
    }

    /// fuzz-spec: a valid spec whose sums overflow to infinity trapped the
    /// SVG renderer (Double → Int) and spelled `inf` in the JSON dump. Its
    /// script waited 1.7e308 s; now it waits up to the time limit
    /// (10⁹ s), which keeps the extreme sizes that found the bug.
    func testSpecWithInfiniteGeometryRendersEverywhere() throws {
        let path = Self.fixture("fuzz-spec-svg-infinite-height.yaml")
        for format in ["svg", "json", "yaml", "text"] {
            let r = try BoundedCLI.run(["render", "--steps", "--format", format, path])
            XCTAssertFalse(r.timedOut)
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr.prefix(300))")
        }
    }

    /// fuzz-spec: sizes near 1e308 broke the invariant check's absolute
    /// tolerance (AccordionModelTests.InvariantScaleTests holds the model
    /// side); the spec still validates and renders (its times, like the
    /// fixture above, within the 10⁹ s time limit).
    func testSpecWithHugeSizesValidatesAndRenders() throws {
        let path = Self.fixture("fuzz-spec-invariant-scale.yaml")
        XCTAssertEqual(try BoundedCLI.run(["validate", path]).status, 0)
        XCTAssertEqual(try BoundedCLI.run(["render", "--steps", "--format", "json", path]).status, 0)
    }

    /// fuzz-spec: in `fit` with `overflow: scroll` an open content longer
    /// than the space broke the invariant check (AccordionModelTests.
    /// InvariantOverflowTests holds the model side); the stack scrolls.
    func testScrollingFitContentLongerThanTheSpaceScrolls() throws {
        let path = Self.fixture("fuzz-spec-scroll-overflow.yaml")
        XCTAssertEqual(try BoundedCLI.run(["validate", path]).status, 0)
        let r = try BoundedCLI.run(["render", "--format", "json", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\"contentHeight\": 384"), "the stack is taller than the 300-point container: \(r.stdout.prefix(400))")
    }

    /// fuzz-schema: a document used as its own schema, with exploding
    /// patterns over many property names, ran past the fuzzer's 5 s per
    /// input; the validation's searches now share one step budget.
    func testExplodingPatternsAsOwnSchemaEndInLocatedLimitErrors() throws {
        let path = Self.fixture("fuzz-schema-pattern-work.yaml")
        let r = try BoundedCLI.run(["validate", "--schema", path, path])
        XCTAssertFalse(r.timedOut)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("fuzz-schema-pattern-work.yaml:"), r.stdout)
        XCTAssertTrue(r.stdout.contains("[schema-pattern-limit]"), r.stdout)
    }
}
