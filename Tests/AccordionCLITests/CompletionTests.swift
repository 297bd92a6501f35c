import Foundation
import XCTest

/// The completion scripts complete every command and option the help lists:
/// bash's by driving the completion function as bash's `complete` would
/// (COMP_WORDS, COMP_CWORD, then COMPREPLY), zsh's and fish's by finding
/// each option of each command in the script. The oracle is the help
/// text, an independent rendering of the same tables.
final class CompletionTests: XCTestCase {
    /// The commands `accordion --help` lists.
    private func commandNames() throws -> [String] {
        let help = try CLI.run(["--help"]).stdout
        let section = try XCTUnwrap(help.components(separatedBy: "COMMANDS:\n").last?.components(separatedBy: "\n\n").first)
        return section.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Each option of `command` as its help lists it: spellings and, when
    /// the help names them, its values.
    private func options(_ command: String) throws -> [(spellings: [String], values: [String])] {
        let help = try CLI.run(["help", command]).stdout
        let section = try XCTUnwrap(help.components(separatedBy: "OPTIONS:\n").last)
        var found: [(spellings: [String], values: [String])] = []
        var current: (spellings: [String], text: String)?
        func finish() {
            guard let current else { return }
            var values: [String] = []
            if let range = current.text.range(of: "(values: ") {
                let rest = current.text[range.upperBound...]
                let list = rest.prefix { $0 != ";" && $0 != ")" }
                values = list.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            found.append((current.spellings, values))
        }
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  -") {
                finish()
                let label = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
                let spellings = label.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                    .filter { $0.hasPrefix("-") }
                current = (spellings, line.dropFirst(2).components(separatedBy: "  ").dropFirst().joined(separator: " "))
            } else if current != nil {
                current!.text += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        finish()
        return found
    }

    /// COMPREPLY for each command line (the last word is the one being completed).
    private func bashCompletions(_ lines: [[String]]) throws -> [[String]] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try CLI.run(["completions", "bash"])
        XCTAssertEqual(script.status, 0, script.stderr)
        try script.stdout.write(to: dir.appendingPathComponent("accordion.bash"), atomically: true, encoding: .utf8)
        var driver = "source accordion.bash\n"
        driver += "complete -p accordion; echo ==\n"
        driver += "ask() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _accordion; printf '%s\\n' \"${COMPREPLY[@]}\"; echo '=='; }\n"
        for words in lines { driver += "ask " + words.map { "'\($0)'" }.joined(separator: " ") + "\n" }
        try driver.write(to: dir.appendingPathComponent("driver.bash"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "--noprofile", "driver.bash"]
        process.currentDirectoryURL = dir
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        var blocks = text.components(separatedBy: "==\n")
        XCTAssertEqual(blocks.removeFirst(), "complete -F _accordion accordion\n")
        return blocks.dropLast().map { $0.split(separator: "\n").map(String.init) }
    }

    func testBashCompletesEveryCommandOptionAndValue() throws {
        let commands = try commandNames()
        XCTAssertTrue(commands.contains("completions") && commands.contains("man") && commands.contains("version"), "\(commands)")
        var lines: [[String]] = [["accordion", ""]]
        var expected: [Set<String>] = [Set(commands + ["help", "--help", "-h", "--version"])]
        var exact: [Bool] = [true]
        for command in commands {
            let options = try options(command)
            lines.append(["accordion", command, "-"])
            expected.append(Set(options.flatMap(\.spellings)))
            exact.append(true)
            for option in options where !option.values.isEmpty {
                lines.append(["accordion", command, option.spellings.last!, ""])
                expected.append(Set(option.values))
                exact.append(true)
            }
        }
        lines += [["accordion", "completions", ""], ["accordion", "explain", "duration-"], ["accordion", "help", "comp"],
                  ["accordion", "validate", "--format", "j"]]
        expected += [["bash", "zsh", "fish"], ["duration-too-long"], ["completions"], ["json"]]
        exact += [true, false, true, true]
        let got = try bashCompletions(lines)
        XCTAssertEqual(got.count, lines.count)
        for (i, words) in lines.enumerated() where i < got.count {
            if exact[i] {
                XCTAssertEqual(Set(got[i]), expected[i], words.joined(separator: " "))
            } else {
                XCTAssertTrue(expected[i].isSubset(of: Set(got[i])), "\(words.joined(separator: " ")): \(got[i])")
            }
        }
    }

    func testZshAndFishNameEveryCommandAndOption() throws {
        let zsh = try CLI.run(["completions", "zsh"]).stdout
        let fish = try CLI.run(["completions", "fish"]).stdout
        XCTAssertTrue(zsh.hasPrefix("#compdef accordion\n"), zsh)
        for command in try commandNames() {
            XCTAssertTrue(zsh.contains("            '\(command):"), "zsh lacks \(command)")
            XCTAssertTrue(fish.contains(" -a \(command) -d "), "fish lacks \(command)")
            // The command's block in the zsh script, and its fish lines.
            let block = try XCTUnwrap(zsh.components(separatedBy: "\n        \(command))\n").dropFirst().first?
                .components(separatedBy: "            ;;").first, command)
            let fishLines = fish.split(separator: "\n").filter { $0.contains("-n '__fish_seen_subcommand_from \(command)'") }
            for option in try options(command) {
                for spelling in option.spellings {
                    XCTAssertTrue(block.contains("'\(spelling)[") || block.contains("'*\(spelling)["), "zsh: \(command) \(spelling)")
                }
                let long = try XCTUnwrap(option.spellings.first { $0.hasPrefix("--") })
                XCTAssertTrue(fishLines.contains { $0.contains(" -l \(long.dropFirst(2))") }, "fish: \(command) \(long)")
                for value in option.values {
                    XCTAssertTrue(fishLines.contains { $0.contains(" -l \(long.dropFirst(2))") && $0.contains(value) }, "fish: \(command) \(long) \(value)")
                }
            }
        }
    }

    /// `accordion man` is roff that man reads, with every command's section.
    func testManPageHasEveryCommand() throws {
        let page = try CLI.run(["man"])
        XCTAssertEqual(page.status, 0)
        XCTAssertTrue(page.stdout.hasPrefix(".TH ACCORDION 1 "), page.stdout)
        for command in try commandNames() {
            XCTAssertTrue(page.stdout.contains(".SS \"accordion \(command)"), "man lacks \(command)")
            for option in try options(command) where option.spellings.contains(where: { $0 != "--help" && $0 != "-h" && $0 != "--version" }) {
                let long = option.spellings.first { $0.hasPrefix("--") }!
                let spelled = long.replacingOccurrences(of: "-", with: "\\-")
                XCTAssertTrue(page.stdout.contains(spelled + " ") || page.stdout.contains(spelled + "\n"), "man: \(command) \(long)")
            }
        }
    }

    func testVersionAndSchemaOutput() throws {
        let version = try CLI.run(["version"])
        XCTAssertEqual(version.stdout, try CLI.run(["--version"]).stdout)
        XCTAssertTrue(version.stdout.hasPrefix("accordion "))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("accordion-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("accordion.schema.json")
        let written = try CLI.run(["schema", "--output", file.path])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "")
        XCTAssertEqual(try Data(contentsOf: file), try Data(contentsOf: CLI.repoRoot.appendingPathComponent("Schemas/accordion.schema.json")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["accordion.schema.json"], "a temporary was left")
        let unwritable = try CLI.run(["schema", "--output", dir.appendingPathComponent("no/such/dir/s.json").path])
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertTrue(unwritable.stderr.hasPrefix("accordion: error: "), unwritable.stderr)
    }
}
