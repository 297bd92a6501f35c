import AccordionDiagnostics
import AccordionSpec
import AccordionTesting
import AccordionYAML

/// What the server knows of one version of a document: the loader's tree
/// (nil when the YAML does not parse) and the validator's diagnostics, the
/// same pipeline `accordion validate` runs (`SpecLoader`), so the two
/// never disagree.
struct Analysis: Sendable {
    /// The document version analysed.
    var version: Int
    /// The loaded tree, nil after a syntax error.
    var tree: YAMLNode?
    /// Every problem, sorted by position, exactly as `validate` reports it.
    var diagnostics: [Diagnostic]
    /// The decoded spec, when it has no error: the values the model uses (defaults applied).
    var document: AccordionSpecDocument?

    /// Loads and checks `bytes` the way `SpecLoader.load` does, keeping the tree for navigation.
    static func run(_ bytes: [UInt8], source: String, version: Int) -> Analysis {
        do throws(DiagnosticError) {
            let root = try YAMLLoader().load(bytes, source: source)
            let result = SpecLoader.check(root, bytes: bytes)
            return Analysis(version: version, tree: root, diagnostics: result.diagnostics, document: result.document)
        } catch {
            return Analysis(version: version, tree: nil, diagnostics: Diagnostic.sortedByPosition(error.diagnostics))
        }
    }

    /// Checks a test file the way `validate` does: its shape, then each
    /// case's script against the spec it names (`spec`: its text, from the
    /// editor when open there, else from the disk).
    static func runTestFile(_ bytes: [UInt8], source: String, version: Int,
                            spec: (String) -> Result<[UInt8], TestFile.SpecUnreadable>) -> Analysis {
        switch TestFile.read(bytes, source: source) {
        case .failure(let error):
            return Analysis(version: version, tree: nil, diagnostics: Diagnostic.sortedByPosition(error.diagnostics))
        case .success(let file):
            let specPath = file.specPath(besides: source)
            return Analysis(version: version, tree: nil,
                            diagnostics: file.problems(source: source, specPath: specPath, spec: spec(specPath)))
        }
    }

    /// Whether a text is an accordion spec (`SpecFiles.isAccordionSpec`,
    /// the rule `validate DIR` uses too); other YAML files the editor opens
    /// get no accordion diagnostics.
    static func isAccordionSpec(_ bytes: [UInt8]) -> Bool { SpecFiles.isAccordionSpec(bytes) }
}
