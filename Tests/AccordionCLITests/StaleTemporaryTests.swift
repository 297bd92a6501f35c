import Foundation
import XCTest
import AccordionTestSupport

/// Issue 29, "no stale temporaries": a run of `render -o` or `test
/// --update` killed while writing leaves its `.NAME.tmp-XXXXXX` beside the
/// output; the next run that writes there removes every such temporary no
/// live writer holds, and nothing else.
final class StaleTemporaryTests: XCTestCase {
    private func entries(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    /// Plants, beside `output`, what a killed run leaves and what must stay:
    /// returns the abandoned temporaries, the names that must stay, and the
    /// descriptor that keeps one temporary locked as a live writer would.
    private func plant(beside output: String) throws -> (abandoned: [String], kept: [String], held: Int32) {
        let dir = (output as NSString).deletingLastPathComponent
        let base = (output as NSString).lastPathComponent
        let abandoned = [".\(base).tmp-Ab12Cd", ".\(base).tmp-zz9999"]
        for name in abandoned { try Data("half a file".utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        // An old one too (from a run an hour ago).
        var old = utimbuf(actime: time(nil) - 3600, modtime: time(nil) - 3600)
        XCTAssertEqual(utime(dir + "/" + abandoned[1], &old), 0)
        let kept = [".\(base).tmp-abc", ".\(base).tmp-Ab12Cd7", ".other.svg.tmp-Ab12Cd", "\(base).tmp-Ab12Cd", ".\(base).tmp-Held01",
                    ".\(base).tmp-Dir123", ".\(base).tmp-Lnk123"]
        for name in kept.prefix(5) { try Data("not ours".utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        XCTAssertEqual(mkdir(dir + "/" + kept[5], 0o755), 0)
        XCTAssertEqual(symlink(dir + "/" + abandoned[0], dir + "/" + kept[6]), 0)
        // A temporary being written right now: its writer holds the lock.
        let held = open(dir + "/" + kept[4], O_RDWR)
        XCTAssertGreaterThanOrEqual(held, 0)
        XCTAssertEqual(flock(held, LOCK_EX | LOCK_NB), 0)
        return (abandoned, kept, held)
    }

    func testRenderRemovesAbandonedTemporariesOfItsOwnNamingAndNothingElse() throws {
        let dir = try ScratchDirectory("stale-temporaries")
        let spec = try dir.write("spec.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n")
        let out = dir.path("out.svg")
        let planted = try plant(beside: out)
        defer { close(planted.held) }
        let r = try BoundedCLI.run(["render", "-o", out, spec])
        XCTAssertEqual(r.status, 0, r.stderr)
        let left = try entries(dir.url.path)
        for name in planted.abandoned { XCTAssertFalse(left.contains(name), "\(name) was left: \(left)") }
        for name in planted.kept { XCTAssertTrue(left.contains(name), "\(name) was removed: \(left)") }
        XCTAssertEqual(Set(left), Set(planted.kept + ["out.svg", "spec.yaml"]))
    }

    /// `test --update` cleans beside every snapshot it looks at, changed or
    /// not (a killed write leaves the old snapshot, which may still match).
    func testUpdateRemovesAbandonedTemporariesBesideItsSnapshots() throws {
        let dir = try ScratchDirectory("stale-temporaries")
        let spec = try dir.write("spec.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\nscript:\n  - tap: b\n  - snapshot: open\n")
        let first = try BoundedCLI.run(["test", "--update", spec])
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let caseDir = dir.path("__snapshots__/spec.yaml/script")
        let planted = try plant(beside: caseDir + "/open.json")
        defer { close(planted.held) }
        let unchanged = try BoundedCLI.run(["test", "--update", spec])
        XCTAssertEqual(unchanged.status, 0, unchanged.stdout + unchanged.stderr)
        XCTAssertEqual(Set(try entries(caseDir)), Set(planted.kept + ["open.json"]))
        // Changed: the snapshot is rewritten, and temporaries planted again are removed too.
        for name in planted.abandoned { try Data("half".utf8).write(to: URL(fileURLWithPath: caseDir + "/" + name)) }
        try dir.write("spec.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\nscript:\n  - tap: a\n  - snapshot: open\n")
        let changed = try BoundedCLI.run(["test", "--update", spec])
        XCTAssertEqual(changed.status, 0, changed.stdout + changed.stderr)
        XCTAssertTrue(changed.stdout.contains("updated ") || changed.stderr.contains("updated "), changed.stdout + changed.stderr)
        XCTAssertEqual(Set(try entries(caseDir)), Set(planted.kept + ["open.json"]))
    }

    /// The attack itself: `render -o` killed (SIGKILL), once at a random
    /// moment and three times the moment its temporary appears (in the
    /// middle of writing it), each time followed at once by a whole run:
    /// afterwards no temporary is left and the output is complete.
    func testAKillThenARerunLeavesNoTemporary() throws {
        let dir = try ScratchDirectory("stale-temporaries")
        let spec = try dir.write("big.yaml", NothingLostTests.bigSpec(panels: 200, taps: 80))
        let args = ["render", "--format", "svg", "--steps", "-o"]
        let out = dir.path("out.svg")
        let reference = try BoundedCLI.run(args + [dir.path("reference.svg"), spec])
        XCTAssertEqual(reference.status, 0, reference.stderr)
        let expected = try Data(contentsOf: dir.url.appendingPathComponent("reference.svg"))
        var generator = SeededGenerator(seed: 29)
        var leftByKill = 0
        for trial in 0..<4 {
            let process = try NothingLostTests.launch(args + [out, spec])
            if trial < 1 {
                usleep(UInt32(reference.seconds * Double.random(in: 0.3...1.0, using: &generator) * 1_000_000))
            } else {
                // The moment the temporary appears: killed in the middle of writing it.
                let deadline = Date().addingTimeInterval(reference.seconds * 4 + 5)
                while Date() < deadline, process.isRunning,
                      try !entries(dir.url.path).contains(where: { $0.hasPrefix(".out.svg.tmp-") }) {
                    usleep(200)
                }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if try entries(dir.url.path).contains(where: { $0.hasPrefix(".out.svg.tmp-") }) { leftByKill += 1 }
            let rerun = try BoundedCLI.run(args + [out, spec])
            XCTAssertEqual(rerun.status, 0, rerun.stderr)
            let left = try entries(dir.url.path)
            XCTAssertEqual(left, ["big.yaml", "out.svg", "reference.svg"], "trial \(trial): \(left)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), expected, "trial \(trial)")
        }
        // The kills in the middle of the write must have left temporaries, or this proved nothing.
        XCTAssertGreaterThan(leftByKill, 0, "no kill left a temporary for the rerun to remove")
        print("StaleTemporaryTests: \(leftByKill) of 4 kills left a temporary; every rerun removed it")
    }
}
