import Foundation
import XCTest

/// Regression (the review of limits and `fuzz-spec`, RELIABILITY.md): a
/// valid spec may hold numbers up to 1.8e308, whose sums overflow to
/// infinity. `render --format svg` trapped converting an
/// infinite height to Int, and the JSON dump spelled 1e308 (rounded via
/// 1e308 × 1000 = inf) as `inf`, which is not JSON. A step may not happen
/// after `maxStepTime` (10⁹ s), so the script waits up to the
/// limit (it waited 1.7e308 s before) and its last tap, inside a transition
/// that runs for 1.7e308 s, is set at the limit; the sizes stay extreme.
final class ExtremeNumberTests: XCTestCase {
    static let huge = """
        accordion: 1
        container: {width: 1e308, height: 1e308, headerHeight: 1e307, animation: {duration: 1.7e308}}
        panels:
          - {id: a, title: A}
          - {id: b, title: B, contentHeight: 1e308}
        script:
          - wait: 999999999
          - tap: b
          - {tap: a, at: 1e9}
        """

    static let tiny = """
        accordion: 1
        container: {width: 4.9e-324, height: 1e-300, headerHeight: 1e-310, layout: fit, animation: {duration: 4.9e-324}}
        panels:
          - {id: a, title: A, contentHeight: 0}
          - {id: b, title: B, headerHeight: 4.9e-324}
        script:
          - tap: b
          - {tap: a, at: 1e-320}
        """

    func testExtremeNumbersRenderInEveryFormat() throws {
        let dir = try ScratchDirectory("extreme")
        for (name, text) in [("huge.yaml", Self.huge), ("tiny.yaml", Self.tiny)] {
            let spec = try dir.write(name, text)
            for format in ["json", "yaml", "svg", "text"] {
                for steps in [[], ["--steps"]] {
                    let r = try BoundedCLI.run(["render", "--format", format] + steps + [spec])
                    XCTAssertEqual(r.status, 0, "\(name) \(format) \(steps): \(r.stderr.prefix(300))")
                    XCTAssertFalse(r.stdout.isEmpty)
                    if format == "json" {
                        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8), options: [.fragmentsAllowed]),
                                         "\(name): not JSON: \(r.stdout.prefix(300))")
                        XCTAssertFalse(r.stdout.contains("inf") || r.stdout.contains("nan"), r.stdout)
                    }
                }
            }
        }
    }
}
