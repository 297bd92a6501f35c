/// Which YAML files are accordion's: the one rule `validate DIR`, `test`
/// and the language server use to leave a repository's other YAML (CI
/// workflows, `dependabot.yml`) alone.
public enum SpecFiles {
    /// Whether a text is an accordion spec: a top-level `accordion:` key (or
    /// one written as a list item by mistake), a top-level `panels:` key (a
    /// spec that forgot its version), or a yaml-language-server modeline
    /// naming the accordion schema.
    ///
    /// - Parameter bytes: The file's text.
    /// - Returns: Whether accordion should check it as a spec.
    public static func isAccordionSpec(_ bytes: [UInt8]) -> Bool {
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

/// Shell-style globs over `/`-separated paths, as `.gitignore` and linters'
/// `exclude` lists write them: `*` and `?` within one segment, `**` any
/// number of segments, and a pattern without `/` matched against each
/// segment (`*.generated.yaml` anywhere, `vendor` any folder so named).
public enum Glob {
    /// Whether `path` (relative, `/`-separated) matches `pattern`.
    ///
    /// - Parameters:
    ///   - pattern: A glob such as `.github/**` or `*.ci.yaml`.
    ///   - path: A path relative to where the pattern was written.
    /// - Returns: Whether the pattern names the path or a folder above it.
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        var p = pattern
        if p.hasPrefix("./") { p.removeFirst(2) }
        if p.hasSuffix("/") { p += "**" }
        let segments = path.split(separator: "/").map(String.init)
        if !p.contains("/") {
            // A name: any segment (a folder excludes what it holds).
            return segments.contains { segment(p, $0) }
        }
        let parts = p.split(separator: "/").map(String.init)
        // A folder pattern excludes what is under it: try each prefix of the path.
        return (1...max(1, segments.count)).contains { match(parts[...], segments[..<$0]) }
    }

    private static func match(_ parts: ArraySlice<String>, _ segments: ArraySlice<String>) -> Bool {
        guard let first = parts.first else { return segments.isEmpty }
        if first == "**" {
            let rest = parts.dropFirst()
            var s = segments
            while true {
                if match(rest, s) { return true }
                guard !s.isEmpty else { return false }
                s = s.dropFirst()
            }
        }
        guard let head = segments.first, segment(first, head) else { return false }
        return match(parts.dropFirst(), segments.dropFirst())
    }

    /// One segment against one part: `*` any run of characters, `?` one.
    private static func segment(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                pi += 1; ti += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi; mark = ti; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
