// swift-tools-version:6.0
// The accordion package: a headless, data-driven twin of the article's
// `ExpandableViewController`. Dependencies point one way:
// CYAML → AccordionYAML → JSONSchema → AccordionSpec → AccordionRender → AccordionCLI,
// with AccordionDiagnostics at the bottom and AccordionModel standing alone
// (the model knows nothing of YAML or files).
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
        .target(name: "AccordionDiagnostics"),
        .target(name: "AccordionYAML", dependencies: ["CYAML", "AccordionDiagnostics"]),
        .target(name: "JSONSchema", dependencies: ["AccordionYAML", "AccordionDiagnostics"]),
        .target(name: "AccordionModel"),
        .target(
            name: "AccordionSpec",
            dependencies: ["AccordionYAML", "JSONSchema", "AccordionModel", "AccordionDiagnostics"],
            resources: []
        ),
        .target(name: "AccordionRender", dependencies: ["AccordionModel", "AccordionDiagnostics"]),
        .executableTarget(
            name: "AccordionCLI",
            dependencies: [
                "AccordionDiagnostics", "AccordionYAML", "JSONSchema",
                "AccordionSpec", "AccordionModel", "AccordionRender",
            ]
        ),
        .testTarget(name: "AccordionYAMLTests", dependencies: ["AccordionYAML"]),
        .testTarget(name: "JSONSchemaTests", dependencies: ["JSONSchema", "AccordionYAML"]),
        .testTarget(name: "AccordionModelTests", dependencies: ["AccordionModel"]),
        .testTarget(name: "AccordionSpecTests", dependencies: ["AccordionSpec", "AccordionYAML", "JSONSchema"]),
        .testTarget(name: "AccordionRenderTests", dependencies: ["AccordionRender", "AccordionModel", "AccordionSpec", "AccordionYAML"]),
        .testTarget(name: "AccordionCLITests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)
