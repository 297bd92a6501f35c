import Foundation
import XCTest

/// ARCHITECTURE.md is the map of the repository; these tests keep it from
/// going stale and check the layering rules it states that the compiler does
/// not: a file it names that is gone, a target of `Package.swift` or a script
/// `make test` runs that it does not describe, a module that imports what its
/// layer must not, and the module lists of the documentation scripts.
final class ArchitectureMapTests: XCTestCase {
    /// The folders the repository's own files live in (not `.build`, not
    /// the fuzzers' and benchmarks' work folders).
    private static let folders = ["Sources", "Tests", "scripts", "Schemas", "docs", "Benchmarks", "Fuzz", "Examples", "samples"]

    private func text(_ path: String) throws -> String {
        String(decoding: try Repo.bytes(path), as: UTF8.self)
    }

    private func matches(_ pattern: String, in text: String, group: Int = 1) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else {
            XCTFail("bad pattern \(pattern)")
            return []
        }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    /// Whether `path` (relative to the repository's root) is a file or a folder.
    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: Repo.root.appendingPathComponent(path).path)
    }

    /// Every file name in the repository's own folders and at its root.
    private lazy var fileNames: Set<String> = {
        var names = Set((try? FileManager.default.contentsOfDirectory(atPath: Repo.root.path)) ?? [])
        for folder in Self.folders {
            let enumerator = FileManager.default.enumerator(atPath: Repo.root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String { names.insert((path as NSString).lastPathComponent) }
        }
        return names
    }()

    /// The spans of ARCHITECTURE.md written in backquotes.
    private func quoted() throws -> [String] {
        try matches("`([^`\\n]+)`", in: text("ARCHITECTURE.md"))
    }

    /// Package.swift's targets: their names, whether each is a test target or
    /// lives under Tests/, and the targets each depends on.
    private func targets() throws -> [(name: String, underTests: Bool, dependencies: [String])] {
        let package = try text("Package.swift")
        // A target's call, with one level of nested parentheses (`providers: [.apt([...])]`).
        let calls = matches(#"(\.(?:target|testTarget|executableTarget|systemLibrary)\((?:[^()]|\([^()]*\))*\))"#, in: package)
        return calls.compactMap { call in
            guard let name = matches(#"name:\s*"([^"]+)""#, in: call).first else { return nil }
            let dependencies = matches(#"dependencies:\s*\[([^\]]*)\]"#, in: call).flatMap { matches(#""([^"]+)""#, in: $0) }
            return (name, call.hasPrefix(".testTarget") || call.contains("path: \"Tests/"), dependencies)
        }
    }

    /// Every path ARCHITECTURE.md names exists: `Sources/...`-style paths as
    /// written, bare file names (`StepTable.swift`) somewhere in the
    /// repository, and the targets of its links. Placeholders (`<kind>`, `…`,
    /// `*`) are not paths.
    func testEveryFileTheMapNamesExists() throws {
        let map = try text("ARCHITECTURE.md")
        var missing: [String] = []
        for span in try quoted() where !span.contains(where: { "<>…* ".contains($0) }) {
            if let top = span.split(separator: "/").first, span.contains("/"), Self.folders.contains(String(top)) {
                if !exists(span.hasSuffix("/") ? String(span.dropLast()) : span) { missing.append(span) }
            } else if span.range(of: #"^[A-Za-z0-9_.+-]+\.(swift|py|js|sh|json|md|lua|c|h|yaml)$"#, options: .regularExpression) != nil {
                if !fileNames.contains(span) { missing.append(span) }
            }
        }
        for link in matches(#"\]\(([^)#]+)\)"#, in: map) where !link.hasPrefix("http") {
            if !exists(link) { missing.append(link) }
        }
        XCTAssertEqual(missing, [], "ARCHITECTURE.md names files that do not exist")
    }

    /// Every target of Package.swift is on the map: a `### \`Name\`` section
    /// of the code map for each module and example, and the test targets
    /// (and their shared support) named in backquotes.
    func testEveryTargetOfThePackageIsOnTheMap() throws {
        let map = try text("ARCHITECTURE.md")
        let named = Set(try quoted())
        let found = try targets()
        XCTAssertGreaterThan(found.count, 10, "Package.swift's targets were not found")
        for target in found {
            if target.underTests {
                XCTAssertTrue(named.contains(target.name), "ARCHITECTURE.md does not name the test target `\(target.name)`")
            } else {
                XCTAssertTrue(map.contains("\n### `\(target.name)`\n"),
                              "ARCHITECTURE.md's code map has no section \"### `\(target.name)`\"")
            }
        }
    }

    /// The code map's sections are in dependency order: a target depends
    /// only on targets whose sections come before its own.
    func testTheCodeMapIsInDependencyOrder() throws {
        let map = try text("ARCHITECTURE.md")
        let sections = matches("^### `([A-Za-z]+)`$", in: map)
        for target in try targets() where !target.underTests {
            guard let position = sections.firstIndex(of: target.name) else { continue }  // the test above reports it
            for dependency in target.dependencies {
                let before = sections.firstIndex(of: dependency).map { $0 < position } ?? false
                XCTAssertTrue(before, "ARCHITECTURE.md: `\(target.name)` uses `\(dependency)`, whose section must come before its own")
            }
        }
    }

    /// Every script `make test` runs (scripts/run-tests.sh and the Makefile,
    /// outside comments) is on the map, so a new stage gets its entry.
    func testEveryScriptThatMakeTestRunsIsOnTheMap() throws {
        let map = try text("ARCHITECTURE.md")
        var scripts: Set<String> = []
        for file in ["scripts/run-tests.sh", "Makefile"] {
            let code = try text(file).split(separator: "\n").filter { !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("#") }
                .joined(separator: "\n")
            scripts.formUnion(matches(#"((?:Tests|scripts|Fuzz|Benchmarks)/[A-Za-z0-9_/.-]+\.(?:py|sh))"#, in: code))
        }
        XCTAssertGreaterThan(scripts.count, 10, "no scripts found in scripts/run-tests.sh and the Makefile")
        for script in scripts.sorted() {
            XCTAssertTrue(map.contains("`\(script)`"), "ARCHITECTURE.md does not name `\(script)`, which make test runs")
        }
    }

    /// The Swift sources of a module folder, with their text.
    private func sources(under folder: String) -> [(path: String, text: String)] {
        let base = Repo.root.appendingPathComponent(folder)
        var found: [(String, String)] = []
        let enumerator = FileManager.default.enumerator(atPath: base.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift"), let data = FileManager.default.contents(atPath: base.appendingPathComponent(path).path)
            else { continue }
            found.append((folder + "/" + path, String(decoding: data, as: UTF8.self)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The module folders under Sources/.
    private var modules: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Repo.root.appendingPathComponent("Sources").path)) ?? []).sorted()
    }

    /// A source without its comments' text (line comments only: enough for these checks).
    private func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
    }

    private let importLine = #"^\s*(?:@_implementationOnly\s+|internal\s+|public\s+|package\s+|@preconcurrency\s+)*import\s+(\w+)"#

    /// The layering rules of the code map that no compiler checks: the model
    /// imports nothing; no product source imports Foundation; libyaml is
    /// imported only by the loader, internally, and ICU only by
    /// AccordionUnicode's ICU.swift, internally; only the executable calls the
    /// C library's file, socket, environment, clock and exit functions; only
    /// AccordionParallel starts threads.
    func testTheLayersKeepTheirRules() throws {
        XCTAssertTrue(modules.contains("AccordionModel") && modules.contains("AccordionCLI"), "Sources/ was not found")
        let io = #"(?<![\w.])(?<!func )(fopen|fdopen|opendir|socket|bind|listen|accept|poll|inotify_init1|inotify_add_watch|exit|_exit|getenv|setenv|isatty|unlink|rename|mkstemp|sigaction|signal|clock_gettime)\s*\(|\b(STDIN_FILENO|STDOUT_FILENO|STDERR_FILENO)\b"#
        for module in modules {
            for (path, text) in sources(under: "Sources/" + module) {
                let imports = matches(importLine, in: code(text))
                if module == "AccordionModel" { XCTAssertEqual(imports, [], "\(path): the model imports nothing") }
                XCTAssertFalse(imports.contains("Foundation"), "\(path): no product source imports Foundation")
                if imports.contains("CYAML") {
                    XCTAssertEqual(module, "AccordionYAML", "\(path): only the loader imports libyaml")
                    XCTAssertFalse(matches(#"^\s*internal\s+import\s+(CYAML)\b"#, in: text).isEmpty, "\(path): `internal import CYAML`")
                }
                if imports.contains("CICU") {
                    XCTAssertEqual(path, "Sources/AccordionUnicode/ICU.swift", "\(path): only AccordionUnicode's ICU.swift imports ICU")
                    XCTAssertFalse(matches(#"^\s*internal\s+import\s+(CICU)\b"#, in: text).isEmpty, "\(path): `internal import CICU`")
                }
                if imports.contains("CFont") {
                    XCTAssertEqual(path, "Sources/AccordionText/FontLibrary.swift", "\(path): only AccordionText's FontLibrary.swift imports HarfBuzz")
                    XCTAssertFalse(matches(#"^\s*internal\s+import\s+(CFont)\b"#, in: text).isEmpty, "\(path): `internal import CFont`")
                }
                if module != "AccordionCLI" {
                    XCTAssertEqual(matches(io, in: code(text), group: 0), [], "\(path): only the executable does I/O")
                }
                if module != "AccordionParallel" {
                    XCTAssertFalse(code(text).contains("pthread_create"), "\(path): only AccordionParallel starts threads")
                }
            }
        }
    }

    /// The module lists of the documentation and public-API scripts are one
    /// list: the same modules in each, every library product among them.
    func testTheDocumentedModuleListsAgree() throws {
        func listed(_ path: String, _ pattern: String) throws -> Set<String> {
            let found = Set(try matches(pattern, in: text(path)).flatMap { matches(#"(Accordion\w+|JSONSchema)"#, in: $0) })
            XCTAssertFalse(found.isEmpty, "\(path): no module list found")
            return found
        }
        let docs = try listed("scripts/build-docs.sh", #"^MODULES=\(([^)]*)\)"#)
        XCTAssertEqual(try listed("scripts/check-docs.py", #"^MODULES = \[([^\]]*)\]"#), docs, "scripts/check-docs.py and scripts/build-docs.sh")
        XCTAssertEqual(try listed("scripts/check-public-api.py", #"^MODULES = \[([^\]]*)\]"#), docs, "scripts/check-public-api.py and scripts/build-docs.sh")
        let products = Set(matches(#"\.library\(name:\s*"([^"]+)""#, in: try text("Package.swift")))
        XCTAssertFalse(products.isEmpty)
        XCTAssertTrue(products.isSubset(of: docs), "library products missing from the documented modules: \(products.subtracting(docs).sorted())")
    }
}
