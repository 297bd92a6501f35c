#if canImport(Glibc)
import Glibc
#endif
import AccordionDiagnostics
import AccordionSpec

/// The project file (`.accordion.yaml`) that governs a spec: the nearest one
/// in the spec's folder or a folder above it. Read once per folder in a run.
struct ProjectSettings {
    /// A project file found and read.
    struct Found: Sendable {
        /// Its path.
        var path: String
        /// Its folder, ending with `/`: globs are relative to it.
        var folder: String
        var settings: RuleSettings
        var bytes: [UInt8]
        /// Its own problems (a bad level, an unknown rule id).
        var problems: [Diagnostic]
    }

    private var byFolder: [String: Found?] = [:]
    private let cwd: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }()

    /// The project file for the file at `path` (standard input: the one
    /// for the working directory), or nil when there is none.
    mutating func find(for path: String) -> Found? {
        let folders = ProjectFile.folders(above: path == "-" ? "./-" : path, cwd: cwd)
        var visited: [String] = []
        var found: Found?
        for folder in folders {
            if let known = byFolder[folder] {
                found = known
                break
            }
            visited.append(folder)
            let candidate = folder + ProjectFile.name
            var st = stat()
            guard stat(candidate, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            let bytes = (try? IO.readInput(candidate, limit: 1 << 20)) ?? []
            let read = ProjectFile.read(bytes, source: candidate)
            found = Found(path: candidate, folder: folder, settings: read.settings, bytes: bytes, problems: read.problems)
            break
        }
        for folder in visited { byFolder[folder] = found }
        return found
    }

    /// Whether the project leaves `file` out of a directory search.
    func excludes(_ file: String, in project: Found) -> Bool {
        guard !project.settings.exclude.isEmpty else { return false }
        let absolute = file.hasPrefix("/") ? file : (cwd.hasSuffix("/") ? cwd : cwd + "/") + (file.hasPrefix("./") ? String(file.dropFirst(2)) : file)
        guard absolute.hasPrefix(project.folder) else { return false }
        let relative = String(absolute.dropFirst(project.folder.count))
        return project.settings.exclude.contains { Glob.matches($0, relative) }
    }
}
