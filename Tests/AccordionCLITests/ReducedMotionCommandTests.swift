import Foundation
import XCTest

/// `render --reduced-motion` and `drive --reduced-motion`: the viewer asks
/// for reduced motion, and under the spec's `animation.reducedMotion`
/// (`instant` by default) every tap's transition takes 0 s; `keep` plays it.
final class ReducedMotionCommandTests: XCTestCase {
    func spec(_ policy: String?) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reduced-motion-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("\(policy ?? "default").yaml")
        let animation = policy.map { "{duration: 0.3, reducedMotion: \($0)}" } ?? "{duration: 0.3}"
        try """
        accordion: 1
        container: {animation: \(animation)}
        panels:
          - {id: a, title: A}
          - {id: b, title: B}
        """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The `started` transition of a drive session's answer to one tap.
    func driven(_ file: URL, _ flags: [String]) throws -> [String: Any] {
        let r = try CLI.run(["drive"] + flags + [file.path], stdin: Data("{\"tap\": \"b\", \"at\": 1}\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap(answer["started"] as? [String: Any], r.stdout)
    }

    func testATapTakesNoTimeForAViewerWhoAsksUnlessTheSpecKeepsItsMotion() throws {
        let plain = try spec(nil)
        defer { try? FileManager.default.removeItem(at: plain.deletingLastPathComponent()) }
        let quick = try driven(plain, ["--reduced-motion"])
        XCTAssertEqual(quick["start"] as? Double, 1)
        XCTAssertEqual(quick["end"] as? Double, 1, "instant: it ends when it starts")
        XCTAssertEqual(try driven(plain, [])["end"] as? Double, 1.3, "nobody asks: the spec's 0.3 s")
        XCTAssertEqual(try driven(try spec("keep"), ["--reduced-motion"])["end"] as? Double, 1.3, "keep plays it")
        XCTAssertEqual(try driven(try spec("instant"), ["--reduced-motion"])["end"] as? Double, 1)

        // render: the tap after the script settles at once, its whole log at the tap.
        let r = try CLI.run(["render", "--format", "json", "--reduced-motion", "--tap", "b", plain.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let dump = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(dump["time"] as? Double, 0)
        XCTAssertTrue(dump["transition"] is NSNull)
        let times = (dump["events"] as? [[String: Any]] ?? []).compactMap { $0["time"] as? Double }
        XCTAssertEqual(Set(times), [0])
        // A value the format does not know is the schema's error, located.
        let bad = try spec("sometimes")
        let v = try CLI.run(["validate", bad.path])
        XCTAssertEqual(v.status, 1)
        XCTAssertTrue(v.stdout.contains(bad.path + ":2:55: error: must be one of `instant`, `keep`, found a string (\"sometimes\") [schema-enum]"),
                      v.stdout)
        let valued = try CLI.run(["drive", "--reduced-motion=yes", plain.path])
        XCTAssertEqual(valued.status, 2)
        XCTAssertTrue(valued.stderr.hasPrefix("accordion: error: '--reduced-motion' takes no value"), valued.stderr)
    }
}

/// `render --format html --chrome`: what the page shows around the container.
final class PageChromeCommandTests: XCTestCase {
    func testTheChromesShowWhatTheySay() throws {
        let demo = CLI.repoRoot.appendingPathComponent("samples/article-demo.yaml").path
        func page(_ chrome: String?) throws -> String {
            let r = try CLI.run(["render", "--format", "html"] + (chrome.map { ["--chrome", $0] } ?? []) + [demo])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        let debug = try page(nil)
        XCTAssertEqual(try page("debug"), debug, "debug is the default")
        XCTAssertTrue(debug.contains("<aside") && debug.contains("id=\"log\""))
        let device = try page("device")
        XCTAssertFalse(device.contains("<aside") || device.contains("id=\"log\"") || device.contains("Containment log"))
        XCTAssertTrue(device.contains("<h1 id=\"title\">"))
        let none = try page("none")
        XCTAssertFalse(none.contains("<aside") || none.contains("id=\"log\"") || none.contains("<h1"))
        XCTAssertTrue(none.contains("\"frame\":{\"kind\":\"none\""), "no bezel, corners or buttons")
        let wrong = try CLI.run(["render", "--format", "html", "--chrome", "phone", demo])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.hasPrefix("accordion: error: unknown value 'phone' for '--chrome'; the values are none, device, debug"),
                      wrong.stderr)
        XCTAssertEqual(wrong.stdout, "", "nothing written")
    }
}
