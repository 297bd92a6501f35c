import Foundation

/// The header a generated Swift source of the repository opens with, as
/// `scripts/embed-text.sh` writes it (the team's convention: generated files
/// live in their module's `Generated/` folder and say how they are made):
///
///     // GENERATED FILE: do not edit.
///     // Generated from SOURCE by:
///     //   COMMAND
///     // Edit that file and run the command again; the module's tests fail until you do.
///
/// The tests of each generated file check its header and its copy through
/// here, so every such file is held to the convention the same way.
public struct GeneratedHeader: Equatable, Sendable {
    /// Whether the first line says the file is generated and must not be edited.
    public let saysGenerated: Bool
    /// The file it is made from, relative to the repository's root ("" when the line is missing).
    public let source: String
    /// The command that makes it again, run from the repository's root ("" when the line is missing).
    public let command: String

    /// The repository's root (#filePath is <package>/Tests/AccordionTestSupport/GeneratedHeader.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Reads the header of the file at `path`, relative to the repository's root.
    public init(ofFileAt path: String) throws {
        let text = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent(path)), as: UTF8.self)
        let lines = text.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
        func line(_ n: Int, after prefix: String, before suffix: String = "") -> String {
            guard n < lines.count, lines[n].hasPrefix(prefix), lines[n].hasSuffix(suffix) else { return "" }
            return String(lines[n].dropFirst(prefix.count).dropLast(suffix.count))
        }
        saysGenerated = lines.first == "// GENERATED FILE: do not edit."
        source = line(1, after: "// Generated from ", before: " by:")
        command = line(2, after: "//   ")
    }

    /// What the header of a file made from `expected` by a command starting
    /// with `commandPrefix` gets wrong (empty when nothing).
    public func problems(source expected: String, commandPrefix: String) -> [String] {
        var found: [String] = []
        if !saysGenerated { found.append("the first line is not `// GENERATED FILE: do not edit.`") }
        if source != expected { found.append("the second line names \(source.isEmpty ? "no source" : source), not \(expected)") }
        if !command.hasPrefix(commandPrefix) { found.append("the command `\(command)` does not start with `\(commandPrefix)`") }
        return found
    }

    /// Why `embedded`, the text compiled in from the generated file at
    /// `generated`, is not byte for byte the file at `source`; nil when it is.
    /// The reason names the command of the generated file's header.
    public static func staleness(of generated: String, embedding embedded: String, from source: String) throws -> String? {
        let file = Array(try Data(contentsOf: root.appendingPathComponent(source)))
        if Array(embedded.utf8) == file { return nil }
        return "\(generated) is stale (\(embedded.utf8.count) bytes, \(source) has \(file.count)): run "
            + (try GeneratedHeader(ofFileAt: generated).command)
    }
}
