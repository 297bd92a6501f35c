// swift-tools-version:6.0
// The accordion package: a headless, data-driven twin of the article's `ExpandableViewController`.
// ARCHITECTURE.md is the map: what each target owns and must never do (ArchitectureMapTests keep it true).
// Dependency order, each target using only those before it: CYAML, CICU, CFont, AccordionDiagnostics, AccordionParallel, AccordionYAML, JSONSchema, AccordionModel, AccordionUnicode, AccordionText, AccordionSpec, AccordionRender, AccordionServe, AccordionTesting, AccordionLSP, AccordionCLI.
import PackageDescription

let package = Package(
    name: "accordion",
    products: [
        .executable(name: "accordion", targets: ["AccordionCLI"]),
        .library(name: "AccordionDiagnostics", targets: ["AccordionDiagnostics"]),
        .library(name: "AccordionYAML", targets: ["AccordionYAML"]),
        .library(name: "JSONSchema", targets: ["JSONSchema"]),
        .library(name: "AccordionModel", targets: ["AccordionModel"]),
        .library(name: "AccordionSpec", targets: ["AccordionSpec"]),
        .library(name: "AccordionRender", targets: ["AccordionRender"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // ICU (Debian's libicu-dev, loaded with dlopen on first need) behind a few C calls whose
        // names do not change with ICU's version; only AccordionUnicode uses it.
        .target(name: "CICU"),
        // HarfBuzz (shaping, subsetting) and fontconfig (finding fonts), from Debian's -dev packages,
        // loaded with dlopen on first need; only AccordionText's font measure uses it.
        .target(name: "CFont"),
        .target(name: "AccordionDiagnostics"),
        // Two threads for large inputs: parse beside build, schema beside rules (POSIX threads, no Foundation).
        .target(name: "AccordionParallel"),
        .target(name: "AccordionYAML", dependencies: ["CYAML", "AccordionDiagnostics", "AccordionParallel"]),
        .target(name: "JSONSchema", dependencies: ["AccordionYAML", "AccordionDiagnostics"]),
        .target(name: "AccordionModel"),
        // The Unicode algorithms (clusters, line breaks, widths, bidi, identifiers, NFC) over CICU.
        .target(name: "AccordionUnicode", dependencies: ["CICU"]),
        // The format's text measure (version 2) over AccordionUnicode, which the spec loader gives every container.
        .target(name: "AccordionText", dependencies: ["CFont", "AccordionModel", "AccordionUnicode"]),
        .target(
            name: "AccordionSpec",
            dependencies: ["AccordionYAML", "JSONSchema", "AccordionModel", "AccordionText", "AccordionDiagnostics", "AccordionParallel",
                           "AccordionUnicode"]
        ),
        // The page's player is a JavaScript file (Player/player.js), compiled in as
        // Generated/PlayerScript.swift by scripts/embed-text.sh; the .js itself is not a source.
        .target(name: "AccordionRender", dependencies: ["AccordionModel", "AccordionDiagnostics", "AccordionUnicode"], exclude: ["Player"]),
        // `accordion preview`'s pure parts: the HTTP request parser, routing, the Host check and the
        // live page's overlay and script (no sockets, no files: the executable does the I/O).
        .target(name: "AccordionServe", dependencies: ["AccordionRender", "AccordionDiagnostics"]),
        // `accordion test`: expectations checked against snapshots and the dump; test files.
        // `accordion lsp`: the language server over the same analysis as `validate` (no I/O; the CLI runs its loop).
        .target(name: "AccordionLSP", dependencies: ["AccordionSpec", "AccordionTesting", "AccordionDiagnostics", "AccordionYAML",
                                                    "JSONSchema"]),
        .target(name: "AccordionTesting", dependencies: ["AccordionSpec", "AccordionModel", "AccordionRender", "JSONSchema",
                                                         "AccordionDiagnostics", "AccordionYAML"]),
        .executableTarget(
            name: "AccordionCLI",
            dependencies: [
                "AccordionDiagnostics", "AccordionYAML", "JSONSchema",
                "AccordionSpec", "AccordionModel", "AccordionRender", "AccordionTesting", "AccordionParallel",
                "AccordionServe",
                "AccordionLSP",
            ]
        ),
        // An app embedding the model through the public API (Examples/EmbeddingHost; checked by Tests/Drive).
        .executableTarget(name: "EmbeddingHost", dependencies: ["AccordionSpec", "AccordionModel"],
                          path: "Examples/EmbeddingHost"),
        // Shared helpers of the test targets (a seeded generator); not a product.
        .target(name: "AccordionTestSupport", path: "Tests/AccordionTestSupport"),
        .testTarget(name: "AccordionParallelTests", dependencies: ["AccordionParallel"]),
        .testTarget(name: "AccordionYAMLTests", dependencies: ["AccordionYAML"]),
        .testTarget(name: "JSONSchemaTests", dependencies: ["AccordionTestSupport", "JSONSchema", "AccordionYAML"]),
        .testTarget(name: "AccordionUnicodeTests", dependencies: ["AccordionUnicode"]),
        .testTarget(name: "AccordionTextTests", dependencies: ["AccordionTestSupport", "AccordionText", "AccordionModel", "AccordionUnicode"]),
        .testTarget(name: "AccordionModelTests", dependencies: ["AccordionTestSupport", "AccordionModel"]),
        .testTarget(name: "AccordionSpecTests", dependencies: ["AccordionTestSupport", "AccordionSpec", "AccordionText", "AccordionYAML", "JSONSchema"]),
        .testTarget(name: "AccordionRenderTests", dependencies: ["AccordionTestSupport", "AccordionRender", "AccordionModel", "AccordionSpec", "AccordionUnicode", "AccordionYAML"]),
        .testTarget(name: "AccordionTestingTests", dependencies: ["AccordionTesting", "AccordionSpec", "AccordionRender", "AccordionModel"]),
        .testTarget(name: "AccordionLSPTests", dependencies: ["AccordionLSP"]),
        .testTarget(name: "AccordionCLITests", dependencies: ["AccordionTestSupport"]),
        .testTarget(name: "AccordionServeTests", dependencies: ["AccordionServe", "AccordionRender"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make test`'s sanitizer stages build only the test targets they run and what those use
// (ACCORDION_TEST_TARGETS, comma-separated): a sanitized build of the renderers, the servers
// and the CLI would double those stages' time and run none of their tests.
if let subset = Context.environment["ACCORDION_TEST_TARGETS"] {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var needed = Set<String>()
    var pending = subset.split(separator: ",").map(String.init)
    while let name = pending.popLast() {
        guard let target = byName[name], needed.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let used, _), .byNameItem(let used, _): pending.append(used)
            default: break
            }
        }
    }
    package.targets = package.targets.filter { needed.contains($0.name) }
    package.products = package.products.filter { product in
        let targets = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
        return targets.allSatisfy(needed.contains)
    }
}
