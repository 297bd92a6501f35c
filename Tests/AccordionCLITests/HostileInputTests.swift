import Foundation
import XCTest

/// The hostile-input corpus (RELIABILITY.md), through `resolve`, `validate` and
/// `render`: every input ends with a located error (`file:line:col: error:`,
/// exit 1) or a clean I/O or usage error (`accordion: error:`, exit 2), never
/// a crash, a hang or a runaway. Large files are generated here, in a
/// temporary directory, rather than committed.
final class HostileInputTests: XCTestCase {
    /// What a command must do with an input.
    enum Outcome {
        /// Exit 1 with a located error; line and column when they are known.
        case located(line: Int? = nil, column: Int? = nil)
        /// Exit 2 with `accordion: error:` and this phrase in the message.
        case ioError(String)
        /// Exit 0: hostile in size or encoding, but a valid input.
        case accepted
    }

    static let commands = ["resolve", "validate", "render"]

    // MARK: - Generators

    /// The classic "billion laughs": nine levels of nine aliases each.
    static var billionLaughs: String {
        var text = "a: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n"
        let names = Array("abcdefghij")
        for level in 1..<names.count {
            let previous = names[level - 1]
            text += "\(names[level]): &\(names[level]) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        return text
    }

    /// A chain of merges where each mapping takes in the whole previous one:
    /// n lines of input, n²/2 merged entries.
    static func mergeChain(_ n: Int) -> String {
        var text = "m0: &m0 {k0: 0}\n"
        for i in 1..<n { text += "m\(i): &m\(i) {<<: *m\(i - 1), k\(i): \(i)}\n" }
        return text
    }

    /// One merge key listing the same large mapping many times, in many mappings.
    static func repeatedMerges(copies: Int, mappings: Int) -> String {
        var text = "base: &b {" + (0..<200).map { "k\($0): \($0)" }.joined(separator: ", ") + "}\nall:\n"
        let list = "[" + Array(repeating: "*b", count: copies).joined(separator: ", ") + "]"
        for i in 0..<mappings { text += "  - {<<: \(list), own\(i): \(i)}\n" }
        return text
    }

    static let validSpec = "accordion: 1\ntitle: UTF-16 spec\npanels:\n  - {id: VC1, title: Über}\n  - {id: VC2, title: Zwei}\n"

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
        var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let hi = UInt8(unit >> 8), lo = UInt8(unit & 0xFF)
            bytes += bigEndian ? [hi, lo] : [lo, hi]
        }
        return bytes
    }

    /// The start of a real PNG: signature, IHDR of a 1×1 image, IDAT, IEND.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    // MARK: - Checking

    /// Runs `command` on `path` and checks the outcome; returns the result for more checks.
    @discardableResult
    func check(_ command: String, _ path: String, _ expected: Outcome, prefix: [String] = [],
               file: StaticString = #filePath, line: UInt = #line) throws -> BoundedResult {
        let args = command == "render" ? ["render", "--format", "json", path] : [command, path]
        let r = try BoundedCLI.run(args, prefix: prefix)
        let what = "\(command) \((path as NSString).lastPathComponent)"
        XCTAssertFalse(r.timedOut, "\(what) hung (killed after \(BoundedCLI.hangBound) s)", file: file, line: line)
        let output = r.stderr + r.stdout
        for crash in ["Fatal error", "Stack dump", "Segmentation", "Illegal instruction", "AddressSanitizer"] {
            XCTAssertFalse(output.contains(crash), "\(what) crashed: \(output.prefix(500))", file: file, line: line)
        }
        switch expected {
        case .located(let expectedLine, let expectedColumn):
            XCTAssertEqual(r.status, 1, "\(what): \(r.stderr.prefix(400))", file: file, line: line)
            // validate prints its report on stdout; resolve and render on stderr.
            let escaped = NSRegularExpression.escapedPattern(for: path)
            let regex = try NSRegularExpression(pattern: "^\(escaped):([0-9]+):([0-9]+): error: .+", options: .anchorsMatchLines)
            let match = regex.firstMatch(in: output, range: NSRange(output.startIndex..., in: output))
            XCTAssertNotNil(match, "\(what): no located error in \(output.prefix(400))", file: file, line: line)
            if let match, let l = Range(match.range(at: 1), in: output), let c = Range(match.range(at: 2), in: output) {
                if let expectedLine { XCTAssertEqual(Int(output[l]), expectedLine, "\(what) line: \(output.prefix(300))", file: file, line: line) }
                if let expectedColumn { XCTAssertEqual(Int(output[c]), expectedColumn, "\(what) column: \(output.prefix(300))", file: file, line: line) }
            }
        case .ioError(let phrase):
            XCTAssertEqual(r.status, 2, "\(what): \(output.prefix(400))", file: file, line: line)
            XCTAssertTrue(r.stderr.hasPrefix("accordion: error: "), "\(what): \(r.stderr.prefix(400))", file: file, line: line)
            XCTAssertTrue(r.stderr.lowercased().contains(phrase.lowercased()), "\(what): expected '\(phrase)' in \(r.stderr.prefix(400))", file: file, line: line)
        case .accepted:
            XCTAssertEqual(r.status, 0, "\(what): \(output.prefix(400))", file: file, line: line)
        }
        return r
    }

    func checkAll(_ path: String, _ expected: Outcome, file: StaticString = #filePath, line: UInt = #line) throws {
        for command in Self.commands { try check(command, path, expected, file: file, line: line) }
    }

    // MARK: - Alias and merge bombs

    func testBillionLaughs() throws {
        let dir = try ScratchDirectory("hostile")
        try checkAll(try dir.write("laughs.yaml", Self.billionLaughs), .located())
    }

    func testQuadraticMergeChain() throws {
        let dir = try ScratchDirectory("hostile")
        try checkAll(try dir.write("merge-chain.yaml", Self.mergeChain(5000)), .located())
    }

    func testRepeatedMergesOfOneLargeMapping() throws {
        let dir = try ScratchDirectory("hostile")
        try checkAll(try dir.write("merge-repeat.yaml", Self.repeatedMerges(copies: 100, mappings: 1000)), .located())
    }

    /// Regression: a scalar counted as one node in the alias budget whatever
    /// its length, so this 1 MiB file made `resolve` write (and first build) 3 GB.
    func testLongScalarAliasedThousandsOfTimes() throws {
        let dir = try ScratchDirectory("hostile")
        let text = "a: &a \"" + String(repeating: "x", count: 1 << 20) + "\"\nb: [" + Array(repeating: "*a", count: 3000).joined(separator: ", ") + "]\n"
        try checkAll(try dir.write("amplified.yaml", text), .located(line: 2))
    }

    // MARK: - Depth

    func testDeepBlockNesting() throws {
        let dir = try ScratchDirectory("hostile")
        let path = try dir.write("deep-block.yaml", String(repeating: "- ", count: 100_000) + "x\n")
        try checkAll(path, .located(line: 1))
    }

    func testDeepFlowSequences() throws {
        let dir = try ScratchDirectory("hostile")
        let path = try dir.write("deep-flow.yaml", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        try checkAll(path, .located(line: 1))
    }

    func testDeepFlowMappings() throws {
        let dir = try ScratchDirectory("hostile")
        let path = try dir.write("deep-map.yaml", String(repeating: "{a: ", count: 100_000) + String(repeating: "}", count: 100_000))
        try checkAll(path, .located(line: 1))
    }

    func testUnclosedDeepFlow() throws {
        let dir = try ScratchDirectory("hostile")
        try checkAll(try dir.write("unclosed.yaml", String(repeating: "[", count: 100_000)), .located(line: 1))
    }

    // MARK: - Size

    func testFileOneByteOver64MiB() throws {
        let dir = try ScratchDirectory("hostile")
        let line = Array("# a comment line that fills the file up to the limit and one byte over it\n".utf8)
        let size = 64 << 20 + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        while bytes.count + line.count <= size { bytes += line }
        bytes += Array(repeating: UInt8(ascii: "#"), count: size - bytes.count)
        XCTAssertEqual(bytes.count, size)
        let path = try dir.write("big.yaml", bytes)
        try checkAll(path, .ioError("limit"))
    }

    func testOneMebibyteSingleLineScalar() throws {
        let dir = try ScratchDirectory("hostile")
        let scalar = String(repeating: "a", count: 1 << 20)
        let bare = try dir.write("long-line.yaml", scalar)
        let r = try check("resolve", bare, .accepted)
        XCTAssertEqual(r.stdout.utf8.count, (1 << 20) + 3, "the JSON string and a newline")
        try check("validate", bare, .located(line: 1, column: 1))
        try check("render", bare, .located(line: 1, column: 1))
        // The same line as a spec's title is a valid spec, rendered in bounded time.
        let titled = try dir.write("long-title.yaml", "accordion: 1\ntitle: \(scalar)\npanels:\n  - {id: a, title: A}\n")
        try checkAll(titled, .accepted)
    }

    // MARK: - Characters and encodings

    /// Every C0 control but tab, LF and CR, DEL, and every C1 control but
    /// NEL: none is allowed in YAML, so each is an error at its own column.
    func testEveryControlCharacter() throws {
        let dir = try ScratchDirectory("hostile")
        var scalars: [UInt32] = Array(0x00...0x1F).filter { ![0x09, 0x0A, 0x0D].contains($0) }
        scalars += [0x7F] + Array(0x80...0x9F).filter { $0 != 0x85 }
        for scalar in scalars {
            let text = "key: a" + String(Character(Unicode.Scalar(scalar)!)) + "b\n"
            let path = try dir.write(String(format: "control-%02X.yaml", scalar), text)
            for command in Self.commands {
                try check(command, path, .located(line: 1, column: 7))
            }
        }
    }

    func testOverlongAndInvalidUTF8() throws {
        let dir = try ScratchDirectory("hostile")
        let cases: [(String, [UInt8], Int)] = [
            ("overlong-2.yaml", Array("key: ".utf8) + [0xC0, 0xAF] + Array("\n".utf8), 6),
            ("overlong-3.yaml", Array("key: ".utf8) + [0xE0, 0x80, 0xAF] + Array("\n".utf8), 6),
            ("overlong-4.yaml", Array("key: ".utf8) + [0xF0, 0x80, 0x80, 0xAF] + Array("\n".utf8), 6),
            ("surrogate.yaml", Array("key: ".utf8) + [0xED, 0xA0, 0x80] + Array("\n".utf8), 6),
            ("beyond-10FFFF.yaml", Array("key: ".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\n".utf8), 6),
            ("lone-continuation.yaml", Array("key: ".utf8) + [0x80] + Array("\n".utf8), 6),
            ("truncated-mid.yaml", Array("key: ".utf8) + [0xE2, 0x82] + Array("\nnext: 1\n".utf8), 6),
            ("truncated-end.yaml", Array("key: a".utf8) + [0xE2], 7),
        ]
        for (name, bytes, column) in cases {
            let path = try dir.write(name, bytes)
            for command in Self.commands { try check(command, path, .located(line: 1, column: column)) }
        }
    }

    func testUTF16WithByteOrderMark() throws {
        let dir = try ScratchDirectory("hostile")
        for bigEndian in [false, true] {
            let path = try dir.write("utf16-\(bigEndian ? "be" : "le")-bom.yaml",
                                     Self.utf16(Self.validSpec, bigEndian: bigEndian, bom: true))
            try checkAll(path, .accepted)
            let r = try check("resolve", path, .accepted)
            XCTAssertTrue(r.stdout.contains("\"Über\""), r.stdout)
        }
    }

    func testUTF16WithoutByteOrderMark() throws {
        let dir = try ScratchDirectory("hostile")
        for bigEndian in [false, true] {
            let path = try dir.write("utf16-\(bigEndian ? "be" : "le").yaml",
                                     Self.utf16(Self.validSpec, bigEndian: bigEndian, bom: false))
            try checkAll(path, .located(line: 1))
        }
    }

    func testEmptyFile() throws {
        let dir = try ScratchDirectory("hostile")
        try checkAll(try dir.write("empty.yaml", []), .located(line: 1, column: 1))
    }

    func testBinaryFilePNG() throws {
        let dir = try ScratchDirectory("hostile")
        try checkAll(try dir.write("image.yaml", Self.png), .located(line: 1, column: 1))
    }

    func testNULByte() throws {
        let dir = try ScratchDirectory("hostile")
        let path = try dir.write("nul.yaml", Array("accordion: 1\npanels: []\ntitle: a".utf8) + [0] + Array("b\n".utf8))
        try checkAll(path, .located(line: 3, column: 9))
    }

    // MARK: - Things that are not readable files

    func testDirectory() throws {
        let dir = try ScratchDirectory("hostile")
        let path = dir.path("folder.yaml")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try check("resolve", path, .ioError("directory"))
        try check("render", path, .ioError("directory"))
        // validate searches a directory: an empty one has nothing wrong in it.
        try check("validate", path, .accepted)
    }

    func testFIFOIsRefusedWithoutBlocking() throws {
        let dir = try ScratchDirectory("hostile")
        let path = dir.path("pipe.yaml")
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        // Nobody ever writes to the FIFO: opening it for reading would block forever.
        try checkAll(path, .ioError("not a regular file"))
        // Nor when validate finds it while searching a directory.
        let r = try BoundedCLI.run(["validate", dir.url.path])
        XCTAssertFalse(r.timedOut)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("not a regular file"), r.stderr)
    }

    func testDevice() throws {
        try checkAll("/dev/zero", .ioError("not a regular file"))
    }

    func testMissingFile() throws {
        let dir = try ScratchDirectory("hostile")
        try checkAll(dir.path("absent.yaml"), .ioError("no such file"))
    }

    /// Tests run as root, who reads any file whatever its mode, so the
    /// command runs as `nobody` through `setpriv` (util-linux).
    func testFileWithoutReadPermission() throws {
        let setpriv = "/usr/bin/setpriv"
        guard getuid() == 0 else {
            // Not root: a mode-000 file is unreadable to us directly.
            let dir = try ScratchDirectory("hostile")
            let path = try dir.write("secret.yaml", "accordion: 1\npanels: []\n")
            XCTAssertEqual(chmod(path, 0), 0)
            try checkAll(path, .ioError("permission denied"))
            return
        }
        guard FileManager.default.isExecutableFile(atPath: setpriv) else {
            throw XCTSkip("running as root without \(setpriv): cannot make a file unreadable to the command")
        }
        // nobody must reach the file: a directory open to all, the file mode 000.
        let dir = try ScratchDirectory("hostile")
        XCTAssertEqual(chmod(dir.url.path, 0o755), 0)
        let path = try dir.write("secret.yaml", "accordion: 1\npanels: []\n")
        XCTAssertEqual(chmod(path, 0), 0)
        let asNobody = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        let probe = try BoundedCLI.run(["--version"], prefix: asNobody, directory: dir.url)
        guard probe.status == 0 else {
            throw XCTSkip("the accordion binary cannot run as nobody here: \(probe.stderr.prefix(200))")
        }
        for command in Self.commands {
            try check(command, path, .ioError("permission denied"), prefix: asNobody)
        }
        // A readable file in a directory nobody may not search.
        let closed = dir.path("closed")
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: false)
        let inside = try dir.write("closed/spec.yaml", "accordion: 1\npanels: []\n")
        XCTAssertEqual(chmod(closed, 0o700), 0)
        for command in Self.commands {
            try check(command, inside, .ioError("permission denied"), prefix: asNobody)
        }
    }

    // MARK: - Many problems

    /// Regression: every problem quoted its whole source line, so a minified
    /// (one-line) spec with 8,000 bad references printed 1.3 GB in 12 s; and
    /// each problem searched the tree for its JSON pointer (8,000 bad taps on
    /// separate lines: 11 s). Quotes are now a window of the line, pointers
    /// come from parent links built once.
    func testManyProblemsOnOneLongLine() throws {
        let dir = try ScratchDirectory("hostile")
        let taps = (0..<8000).map { "{tap: x\($0)}" }.joined(separator: ", ")
        let text = "{accordion: 1, panels: [{id: abc, title: T}], script: [\(taps)]}\n"
        let path = try dir.write("minified.yaml", text)
        for command in ["validate", "render"] {
            let r = try check(command, path, .located(line: 1))
            let report = r.stdout + r.stderr
            XCTAssertEqual(report.components(separatedBy: ": error: there is no panel with id").count - 1, 8000)
            let longest = report.split(separator: "\n").map { $0.unicodeScalars.count }.max() ?? 0
            XCTAssertLessThan(longest, 200, "a quoted line should be a window, not the whole \(text.utf8.count)-byte line")
            XCTAssertLessThan(report.utf8.count, 8000 * 600)
        }
    }

    func testManyProblemsOnSeparateLines() throws {
        let dir = try ScratchDirectory("hostile")
        let text = "accordion: 1\npanels:\n  - {id: abc, title: T}\nscript:\n" + (0..<8000).map { "  - tap: x\($0)\n" }.joined()
        let r = try check("validate", try dir.write("taps.yaml", text), .located(line: 5, column: 10))
        XCTAssertTrue(r.stdout.contains("8000 errors"), String(r.stdout.suffix(200)))
        let json = try BoundedCLI.run(["validate", "--format", "json", dir.path("taps.yaml")])
        XCTAssertTrue(json.stdout.contains("\"instancePath\": \"/script/7999/tap\"") || json.stdout.contains("\"instancePath\":\"/script/7999/tap\""),
                      String(json.stdout.suffix(600)))
    }

    /// Regression: "did you mean" compared every unknown id with every panel
    /// id (10,000 × 10,000: 17 s); and a 1 MiB value against an enum built a
    /// million-row table. Both are now bounded.
    func testSuggestionsStayCheap() throws {
        let dir = try ScratchDirectory("hostile")
        let n = 5000
        let text = "accordion: 1\ncontainer: {height: 100000, headerHeight: 1}\npanels:\n"
            + (0..<n).map { "  - {id: p\($0), title: T}\n" }.joined()
            + "script:\n" + (0..<n).map { "  - tap: x\($0)\n" }.joined()
        let r = try check("validate", try dir.write("ids.yaml", text), .located(line: n + 5, column: 10))
        XCTAssertTrue(r.stdout.contains("\(n) errors"), String(r.stdout.suffix(200)))
        XCTAssertTrue(r.stdout.contains("did you mean `p"), "suggestions are still made")
        let long = try dir.write("enum.yaml", "accordion: 1\ncontainer: {layout: \(String(repeating: "f", count: 1 << 20))}\npanels: []\n")
        try check("validate", long, .located(line: 2, column: 21))
    }

    // MARK: - Standard input

    func testHostileStandardInput() throws {
        for command in Self.commands {
            let args = command == "render" ? ["render", "-"] : [command, "-"]
            let r = try BoundedCLI.run(args, stdin: Data(Self.billionLaughs.utf8))
            XCTAssertFalse(r.timedOut)
            XCTAssertEqual(r.status, 1, "\(command): \(r.stderr.prefix(300))")
            XCTAssertTrue((r.stderr + r.stdout).contains("<stdin>:"), "\(command): \(r.stderr.prefix(300))")
        }
    }
}
