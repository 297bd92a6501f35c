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

    /// Whether a text is an accordion spec: a top-level `accordion:` key (or
    /// one written as a list item by mistake), a top-level `panels:` key (a
    /// spec that forgot its version), or a yaml-language-server modeline
    /// naming the accordion schema. Other YAML files the editor opens get no
    /// accordion diagnostics.
    static func isAccordionSpec(_ bytes: [UInt8]) -> Bool {
        let keys = ["accordion:", "- accordion:", "panels:"].map { Array($0.utf8) }
        let modeline = Array("accordion.schema.json".utf8)
        var lineStart = 0
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 10, bytes[end] != 13 { end += 1 }
            let line = bytes[lineStart..<end]
            if keys.contains(where: { line.starts(with: $0) }) { return true }
            if line.first == UInt8(ascii: "#"), contains(line, Array("$schema=".utf8)), contains(line, modeline) { return true }
            lineStart = end + 1
        }
        return false
    }

    private static func contains(_ line: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard line.count >= needle.count else { return false }
        var i = line.startIndex
        while i + needle.count <= line.endIndex {
            if line[i..<i + needle.count].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
