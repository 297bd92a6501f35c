import AccordionDiagnostics
import AccordionSpec
import AccordionYAML
import Foundation
import XCTest

/// Paths the spec tests read, all inside the repository.
enum Repo {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    /// Every file under `relative` with one of `extensions`, sorted.
    static func files(in relative: String, extensions: Set<String>) -> [String] {
        let base = root.appendingPathComponent(relative)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base.path) else { return [] }
        return names.filter { extensions.contains(($0 as NSString).pathExtension) }.sorted()
            .map { relative + "/" + $0 }
    }

    /// The specs under `relative`: its YAML files but its test files
    /// (`*.test.yaml`), which name a spec rather than being one (samples/
    /// keeps the samples' test files beside them).
    static func specFiles(in relative: String) -> [String] {
        files(in: relative, extensions: ["yaml", "yml"]).filter { !$0.hasSuffix(".test.yaml") && !$0.hasSuffix(".test.yml") }
    }
}

/// Loads YAML text for a test, failing the test on a loader error.
func node(_ text: String, source: String = "test.yaml") throws -> YAMLNode {
    do {
        return try YAMLLoader().load(Array(text.utf8), source: source)
    } catch {
        XCTFail("YAML did not load: \(error.diagnostics.map(\.message))")
        throw error
    }
}

/// A spec result for inline text.
func loadSpec(_ text: String, source: String = "test.yaml") -> SpecResult {
    SpecLoader.load(Array(text.utf8), source: source)
}

/// `rule@line:col` for each diagnostic, the compact form tests compare.
func placed(_ result: SpecResult) -> [String] {
    result.diagnostics.map { "\($0.rule)@\($0.span.start.line):\($0.span.start.column)" }
}
