import Foundation
import XCTest

/// Nested accordions through the real executable (issue 25): `validate`
/// plays a nested script, `render --format json --at` shows the tree
/// mid-transition, `drive` answers a hidden tap, and `accordion test`
/// checks frames and dump paths of nested panels (and fails a wrong one).
/// The figures are the guide's ("Nested accordions"), derived by hand:
/// network's box is (0, 44, 320, 268), its level's three headers take 132,
/// so wifi's content is 136; a tap on bluetooth moves its header from 224
/// to 88, halfway (linear, 0.2 s) at 156.
final class NestedCommandTests: XCTestCase {
    private let spec = """
        accordion: 1
        title: Settings
        container: {width: 320, height: 400, animation: {duration: 0.2, curve: linear}}
        panels:
          - id: network
            title: Network
            content:
              indent: 16
              panels:
                - {id: wifi, title: Wi-Fi}
                - {id: bluetooth, title: Bluetooth}
                - {id: vpn, title: VPN, disabled: true}
          - {id: sound, title: Sound}
          - {id: about, title: About}

        """

    private func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nested-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try spec.write(to: dir.appendingPathComponent("settings.yaml"), atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testValidateAndRenderPlayANestedScript() throws {
        let dir = try directory()
        let played = dir.appendingPathComponent("played.yaml")
        try (spec + "script:\n  - tap: bluetooth\n").write(to: played, atomically: true, encoding: .utf8)
        let v = try CLI.run(["validate", played.path])
        XCTAssertEqual(v.status, 0, v.stdout + v.stderr)
        let r = try CLI.run(["render", "--format", "json", "--at", "0.1", played.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let dump = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let panels = try XCTUnwrap(dump["panels"] as? [[String: Any]])
        let nested = try XCTUnwrap(panels[0]["nested"] as? [String: Any])
        XCTAssertEqual(nested["expandedIndices"] as? [Int], [1])
        let level = try XCTUnwrap(nested["panels"] as? [[String: Any]])
        XCTAssertEqual(level.map { $0["id"] as? String }, ["wifi", "bluetooth", "vpn"])
        XCTAssertEqual((level[1]["header"] as? [String: Any])?["y"] as? Double, 156)
        XCTAssertEqual((level[1]["header"] as? [String: Any])?["x"] as? Double, 16)
        XCTAssertEqual((level[0]["content"] as? [String: Any])?["height"] as? Double, 136, "wifi's closing content keeps its height")
        let transition = try XCTUnwrap(dump["transition"] as? [String: Any])
        XCTAssertEqual(transition["opened"] as? [String], ["bluetooth"])
        XCTAssertEqual(transition["closed"] as? [String], ["wifi"])
        XCTAssertTrue(transition["from"] is NSNull, "no top-level panel moves")
        XCTAssertNil(panels[1]["nested"], "a flat panel has no nested key")
    }

    func testDriveIgnoresATapOnAHiddenHeader() throws {
        let dir = try directory()
        let lines = #"{"tap": "sound"}"# + "\n" + #"{"tap": "wifi", "at": 1}"# + "\n"
        let r = try CLI.run(["drive", dir.appendingPathComponent("settings.yaml").path], stdin: Data(lines.utf8))
        let answers = r.stdout.split(separator: "\n")
        XCTAssertEqual(answers.count, 2, r.stdout + r.stderr)
        let second = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answers[1].utf8)) as? [String: Any])
        XCTAssertEqual(second["outcome"] as? String, "ignored")
        XCTAssertEqual(second["reason"] as? String, "hidden")
        XCTAssertEqual((second["warning"] as? [String: Any])?["rule"] as? String, "tap-ignored")
    }

    func testTestChecksNestedPanels() throws {
        let dir = try directory()
        let cases = """
            spec: settings.yaml
            cases:
              - name: loads with wifi open inside network
                script:
                  - expect:
                      frames:
                        wifi: {header: {x: 16, y: 44, width: 304, height: 44}, content: {y: 88, height: 136}}
                        bluetooth: {header: {y: 224}, content: null}
                        sound: {header: {y: 312}}
                      events: [addChild network, addChild wifi, viewWillAppear network, viewWillAppear wifi, viewDidAppear network, viewDidAppear wifi, didMoveToParent network, didMoveToParent wifi]
              - name: bluetooth takes over its level, and is kept across close and open
                script:
                  - tap: bluetooth
                  - expect: {frames: {bluetooth: {header: {y: 156}}}}
                    at: 0.1
                  - expect: {frames: {bluetooth: {header: {y: 88}, content: {y: 132, height: 136}}, wifi: {content: null}}}
                  - tap: sound
                  - tap: network
                  - expect: {path: "panels[0].nested.expandedIndices[0]", equals: 1}

            """
        try cases.write(to: dir.appendingPathComponent("settings.test.yaml"), atomically: true, encoding: .utf8)
        let pass = try CLI.run(["test", dir.appendingPathComponent("settings.test.yaml").path])
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        let wrong = cases.replacingOccurrences(of: "bluetooth: {header: {y: 156}}", with: "bluetooth: {header: {y: 100}}")
        try wrong.write(to: dir.appendingPathComponent("wrong.test.yaml"), atomically: true, encoding: .utf8)
        let fail = try CLI.run(["test", dir.appendingPathComponent("wrong.test.yaml").path])
        XCTAssertEqual(fail.status, 1, fail.stdout + fail.stderr)
        XCTAssertTrue(fail.stdout.contains("nested panel 1 of network (bluetooth).header.y"), fail.stdout)
    }
}
