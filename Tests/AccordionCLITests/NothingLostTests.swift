import Foundation
import XCTest
import AccordionTestSupport

/// Nothing lost (RELIABILITY.md): `render -o FILE` replaces FILE
/// atomically, so a run killed at any moment leaves the old file intact or
/// the new one complete; and an output path that cannot or must not be written is
/// refused before any work, with exit 2.
final class NothingLostTests: XCTestCase {
    /// A spec big enough that rendering every step as SVG takes a while and
    /// writes megabytes: many panels, a long script of taps.
    static func bigSpec(panels: Int, taps: Int) -> String {
        var text = "accordion: 1\ntitle: Big\ncontainer: {height: \(panels * 10 + 400), headerHeight: 10, animation: {duration: 0}}\npanels:\n"
        for i in 0..<panels { text += "  - {id: p\(i), title: Panel \(i)}\n" }
        text += "script:\n"
        for i in 0..<taps { text += "  - tap: \((i * 7) % panels)\n" }
        return text
    }

    /// Starts `accordion ARGS` without waiting for it, its output dropped (for a test to kill it mid-run).
    static func launch(_ args: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BoundedCLI.accordionPath)
        process.arguments = args
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static let oldContent = "<svg xmlns=\"http://www.w3.org/2000/svg\"><!-- the previous render --></svg>\n"

    func testKilledRenderLeavesOldFileOrCompleteNewOne() throws {
        let dir = try ScratchDirectory("nothing-lost")
        let spec = try dir.write("big.yaml", Self.bigSpec(panels: 300, taps: 150))
        let args = ["render", "--format", "svg", "--steps", "-o"]

        // The complete new output, and how long a whole run takes.
        let reference = try BoundedCLI.run(args + [dir.path("reference.svg"), spec])
        XCTAssertEqual(reference.status, 0, reference.stderr)
        let expected = try Data(contentsOf: dir.url.appendingPathComponent("reference.svg"))
        XCTAssertGreaterThan(expected.count, 1 << 20, "the render should be large enough to take a while to write")
        let duration = reference.seconds

        let out = dir.path("out.svg")
        var killedMidRun = 0
        var generator = SeededGenerator(seed: 7)
        for trial in 0..<10 {
            try Data(Self.oldContent.utf8).write(to: URL(fileURLWithPath: out))
            let process = try NothingLostTests.launch(args + [out, spec])
            // Moments spread over the whole run, the last ones near its end (the write).
            let fraction = trial < 5 ? Double.random(in: 0.05...0.9, using: &generator)
                                     : Double.random(in: 0.8...1.05, using: &generator)
            usleep(UInt32(duration * fraction * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidRun += 1 }
            let found = try Data(contentsOf: URL(fileURLWithPath: out))
            XCTAssertTrue(found == Data(Self.oldContent.utf8) || found == expected,
                          "trial \(trial), killed at \(Int(fraction * 100))% of the run: out.svg is neither the old file nor the complete new one (\(found.count) bytes, new one \(expected.count))")
        }
        XCTAssertGreaterThan(killedMidRun, 0, "no trial killed the render before it finished; the test proved nothing")
    }

    /// Runs `render -o output input` and checks it is refused with exit 2
    /// before any work: even an invalid spec does not get to report its
    /// errors (exit 1) first, and nothing is written.
    func checkRefused(output: String, input: String, phrase: String, prefix: [String] = [],
                      file: StaticString = #filePath, line: UInt = #line) throws {
        // No --format: the output's extension chooses (a `.yaml` output with
        // `--format svg` would be refused as a contradiction before these checks).
        let r = try BoundedCLI.run(["render", "-o", output, input], prefix: prefix)
        XCTAssertFalse(r.timedOut, file: file, line: line)
        XCTAssertEqual(r.status, 2, "render -o \(output): \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("accordion: error: "), r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(phrase), "expected '\(phrase)' in: \(r.stderr)", file: file, line: line)
        XCTAssertEqual(r.stdout, "", file: file, line: line)
    }

    func testOutputToADirectoryIsRefused() throws {
        let dir = try ScratchDirectory("nothing-lost")
        let spec = try dir.write("spec.yaml", "accordion: 1\npanels: []\n")
        let broken = try dir.write("broken.yaml", "accordion: 2\npanels: 3\n")
        try checkRefused(output: dir.url.path, input: spec, phrase: "directory")
        try checkRefused(output: dir.url.path, input: broken, phrase: "directory")
        try checkRefused(output: dir.url.path + "/", input: spec, phrase: "directory")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted(), ["broken.yaml", "spec.yaml"],
                       "no temporary file left behind")
    }

    func testOutputIntoAMissingDirectoryIsRefused() throws {
        let dir = try ScratchDirectory("nothing-lost")
        let broken = try dir.write("broken.yaml", "accordion: 2\n")
        try checkRefused(output: dir.path("no/such/dir/out.svg"), input: broken, phrase: "does not exist")
    }

    func testOutputToTheInputFileIsRefused() throws {
        let dir = try ScratchDirectory("nothing-lost")
        let text = "accordion: 1\npanels:\n  - {id: a, title: A}\n"
        let spec = try dir.write("spec.yaml", text)
        try checkRefused(output: spec, input: spec, phrase: "input file")
        // The same file under other names: a relative spelling, a symbolic link, a hard link.
        let r = try BoundedCLI.run(["render", "-o", "./spec.yaml", "spec.yaml"], directory: dir.url)
        XCTAssertEqual(r.status, 2, r.stderr)
        let symlink = dir.path("link.yaml")
        try FileManager.default.createSymbolicLink(atPath: symlink, withDestinationPath: spec)
        try checkRefused(output: symlink, input: spec, phrase: "input file")
        try checkRefused(output: spec, input: symlink, phrase: "input file")
        let hardlink = dir.path("hard.yaml")
        XCTAssertEqual(link(spec, hardlink), 0)
        try checkRefused(output: hardlink, input: spec, phrase: "input file")
        XCTAssertEqual(try String(contentsOfFile: spec, encoding: .utf8), text, "the spec is untouched")
    }

    func testOutputToADeviceOrFIFOIsRefused() throws {
        let dir = try ScratchDirectory("nothing-lost")
        let spec = try dir.write("spec.yaml", "accordion: 1\npanels: []\n")
        let fifo = dir.path("pipe.svg")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        try checkRefused(output: fifo, input: spec, phrase: "not a regular file")
    }

    /// Root may write anywhere, so this runs the command as `nobody`.
    func testOutputIntoAnUnwritableDirectoryIsRefused() throws {
        let dir = try ScratchDirectory("nothing-lost")
        XCTAssertEqual(chmod(dir.url.path, 0o755), 0)
        let broken = try dir.write("broken.yaml", "accordion: 2\n")
        XCTAssertEqual(chmod(broken, 0o644), 0)
        var prefix: [String] = []
        if getuid() == 0 {
            let setpriv = "/usr/bin/setpriv"
            guard FileManager.default.isExecutableFile(atPath: setpriv) else {
                throw XCTSkip("running as root without \(setpriv): root may write into any directory")
            }
            prefix = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
            let probe = try BoundedCLI.run(["--version"], prefix: prefix)
            guard probe.status == 0 else { throw XCTSkip("accordion cannot run as nobody here: \(probe.stderr.prefix(200))") }
        } else {
            XCTAssertEqual(chmod(dir.url.path, 0o555), 0)
        }
        try checkRefused(output: dir.path("out.svg"), input: broken, phrase: "not writable", prefix: prefix)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path("out.svg")))
    }

    func testSuccessfulRenderReplacesTheFileWhole() throws {
        let dir = try ScratchDirectory("nothing-lost")
        let spec = try dir.write("spec.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n")
        let out = try dir.write("out.json", String(repeating: "old ", count: 100_000))
        let r = try BoundedCLI.run(["render", "--format", "json", "-o", out, spec])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        let direct = try BoundedCLI.run(["render", "--format", "json", spec])
        XCTAssertEqual(written, direct.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted(), ["out.json", "spec.yaml"],
                       "no temporary file left behind")
    }
}

typealias SeededGenerator = SplitMix

/// `-o` keeps the file's mode (mkstemp's 0600 must not leak out), or gives
/// a new file the umask's mode.
final class OutputModeTests: XCTestCase {
    func testReplacedFileKeepsItsModeAndNewFileFollowsTheUmask() throws {
        let dir = try ScratchDirectory("output-mode")
        let spec = try dir.write("spec.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n")
        let kept = try dir.write("kept.svg", "old")
        XCTAssertEqual(chmod(kept, 0o640), 0)
        XCTAssertEqual(try BoundedCLI.run(["render", "--format", "svg", "-o", kept, spec]).status, 0)
        let keptMode = try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int
        XCTAssertEqual(keptMode, 0o640)
        let fresh = dir.path("fresh.svg")
        XCTAssertEqual(try BoundedCLI.run(["render", "--format", "svg", "-o", fresh, spec]).status, 0)
        let mask = umask(0)
        umask(mask)
        let freshMode = try FileManager.default.attributesOfItem(atPath: fresh)[.posixPermissions] as? Int
        XCTAssertEqual(freshMode, 0o666 & ~Int(mask))
    }
}
