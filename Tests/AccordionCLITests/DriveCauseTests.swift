import Foundation
import XCTest

/// `drive`'s answers say why the open set changed (issue 26, item 5): the
/// entries a step writes carry `cause` (a tap's `tap`, an `expand`'s
/// `expand`, …), the transition it started too; a step that only completes
/// a running transition brings its end entries with the cause of the step
/// that started it; an ignored tap and the modal's entries carry none (an
/// ignored tap has its `reason`, which is another field).
final class DriveCauseTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("drive-cause-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try """
        accordion: 1
        container: {expanded: a, animation: {duration: 0.3}}
        panels:
          - {id: a, title: A}
          - {id: b, title: B}
          - {id: c, title: C}
        """.write(to: directory.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// One answer per line of `lines`, parsed.
    private func session(_ lines: [String]) throws -> [[String: Any]] {
        let r = try CLI.run(["drive", directory.appendingPathComponent("spec.yaml").path],
                            stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        let answers = try r.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(answers.count, lines.count, r.stdout)
        return answers
    }

    /// An answer's entries as "event panel · cause" ("-" without one).
    private func entries(_ answer: [String: Any]) -> [String] {
        (answer["entries"] as? [[String: Any]] ?? []).map { e in
            [e["event"] as? String, e["panel"] as? String].compactMap { $0 }.joined(separator: " ")
                + " · " + (e["cause"] as? String ?? "-")
        }
    }

    func testEveryEntryOfAChangeCarriesTheCauseOfTheStepThatMadeIt() throws {
        let answers = try session([
            #"{"tap": "b"}"#,
            #"{"update": {"panel": "c", "title": "See"}, "at": 0.1}"#,
            #"{"expand": "c"}"#,
            #"{"collapse": "all"}"#,
            #"{"reveal": {"panel": "a", "open": true}}"#,
            #"{"setPanels": ["b", "c"]}"#,
        ])
        XCTAssertEqual(entries(answers[0]), ["beginIgnoringInteractionEvents · tap", "willMoveToParent a · tap", "addChild b · tap",
                                             "viewWillDisappear a · tap", "viewWillAppear b · tap"])
        XCTAssertEqual((answers[0]["started"] as? [String: Any])?["cause"] as? String, "tap")
        // The update writes nothing of its own: it completes the tap's transition, whose end entries stay the tap's.
        XCTAssertEqual(entries(answers[1]), ["viewDidDisappear a · tap", "viewDidAppear b · tap", "didMoveToParent b · tap",
                                             "removeFromParent a · tap",
                                             "endIgnoringInteractionEvents · tap"])
        XCTAssertNil(answers[1]["started"])
        XCTAssertEqual(Set(entries(answers[2]).map { $0.components(separatedBy: " · ")[1] }), ["expand"])
        XCTAssertEqual((answers[2]["started"] as? [String: Any])?["cause"] as? String, "expand")
        XCTAssertEqual(Set(entries(answers[3]).map { $0.components(separatedBy: " · ")[1] }), ["collapse"])
        XCTAssertTrue(entries(answers[4]).contains("addChild a · reveal"), "\(entries(answers[4]))")
        XCTAssertEqual(Set(entries(answers[4]).map { $0.components(separatedBy: " · ")[1] }), ["reveal"])
        XCTAssertEqual(entries(answers[5]), ["willMoveToParent a · setPanels", "viewWillDisappear a · setPanels",
                                             "viewDidDisappear a · setPanels", "removeFromParent a · setPanels",
                                             "addChild b · setPanels", "viewWillAppear b · setPanels",
                                             "viewDidAppear b · setPanels", "didMoveToParent b · setPanels"])
    }

    func testAnIgnoredTapAndTheModalCarryNoCauseAndTheLogKeepsEveryCause() throws {
        let answers = try session([
            #"{"tap": "b"}"#,
            #"{"tap": "c", "at": 0.1}"#,
            #"{"present": "Sheet"}"#,
            #"{"dismiss": true}"#,
            #"{"log": true}"#,
        ])
        XCTAssertEqual(answers[1]["reason"] as? String, "transition")
        XCTAssertEqual(entries(answers[1]), ["tapIgnored c · -"])
        XCTAssertEqual(entries(answers[2]).last, "presentModal b · -")
        XCTAssertEqual(entries(answers[3]), ["dismissModal b · -"])
        let log = try XCTUnwrap(answers[4]["log"] as? [[String: Any]])
        // Loading's four entries carry none (the first open set is no change); the tap's ten carry `tap`.
        XCTAssertEqual(log.map { $0["cause"] as? String ?? "-" },
                       Array(repeating: "-", count: 4) + Array(repeating: "tap", count: 5) + ["-"]
                           + Array(repeating: "tap", count: 5) + ["-", "-"])
        XCTAssertEqual(log.compactMap { $0["reason"] as? String }, ["transition"], "a reason only on the ignored tap")
    }
}
