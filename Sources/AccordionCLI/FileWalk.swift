#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AccordionSpec
import AccordionTesting

/// Expands `validate`'s PATH arguments into files, deterministically: a
/// directory is searched recursively for `*.yaml` and `*.yml`, entries in
/// byte order of their names, hidden entries (`.git`, `.build`) skipped,
/// symbolic links to directories not followed (no cycles).
enum FileWalk {
    /// What a PATH argument stands for.
    enum Expansion {
        case files([String])
        case failure(String)
    }

    /// From this many files, `validate` and `test` check them on two
    /// threads (for fewer, starting a thread costs more than it saves).
    static let twoThreadsFrom = 16

    static func expand(_ path: String) -> Expansion {
        if path == "-" { return .files(["-"]) }
        var st = stat()
        guard stat(path, &st) == 0 else {
            return .failure("cannot read '\(path)': \(describe(errno))")
        }
        if st.st_mode & S_IFMT == S_IFDIR {
            var found: [String] = []
            if let problem = walk(path, into: &found) { return .failure(problem) }
            return .files(found)
        }
        return .files([path])
    }

    /// Whether `path` is a directory (which `expand` searches).
    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// The reason in the words `IO.readInput` uses, so every command says it alike.
    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EACCES: return "permission denied"
        case ENOTDIR: return "a part of the path is not a directory"
        case ELOOP: return "too many symbolic links"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    static func isSpecName(_ name: String) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    private static func walk(_ directory: String, into found: inout [String]) -> String? {
        guard let dir = opendir(directory) else {
            return "cannot read directory '\(directory)': \(describe(errno))"
        }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        closedir(dir)
        // Byte order, read in place (an array of each name per comparison
        // cost more than checking a thousand small specs' names deserves).
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names {
            let path = prefix + name
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            let type = st.st_mode & S_IFMT
            if type == S_IFDIR {
                if let problem = walk(path, into: &found) { return problem }
            } else if isSpecName(name) {
                if type == S_IFLNK {
                    // Follow links to files only.
                    var target = stat()
                    guard stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFDIR else { continue }
                }
                found.append(path)
            }
        }
        return nil
    }
}

/// What `validate` and `test` take from their PATH arguments: the one rule,
/// so both see the same files. A file named on the command line is taken
/// as it is; a file a directory search found is taken only when the
/// project file's `exclude` and `--exclude` leave it in and it is
/// accordion's (`isAccordions`: a test file by its name, a spec by its text).
struct SpecSearch {
    /// What the paths stand for, in order: files to check, and paths that
    /// could not be searched (said where they stand among the files).
    enum Item {
        case file(String)
        case unreadable(String)
    }
    private(set) var items: [Item] = []
    /// The files a directory search found (not named on the command line).
    private(set) var searched: Set<String> = []
    /// How many files `exclude` left out.
    private(set) var excluded = 0
    /// Each file's project settings, and every project file met, in order.
    private(set) var settingsOf: [String: RuleSettings] = [:]
    private(set) var projectFiles: [ProjectSettings.Found] = []

    /// - Parameters:
    ///   - paths: The command's PATH arguments (`-` is standard input, taken once).
    ///   - excludes: The `--exclude` globs, relative to each directory searched.
    ///   - useProjects: Whether project files (`.accordion.yaml`) apply.
    init(_ paths: [String], excludes: [String], useProjects: Bool = true) {
        var projects = ProjectSettings()
        var stdinUsed = false
        for path in paths {
            switch FileWalk.expand(path) {
            case .failure(let message):
                items.append(.unreadable(message))
            case .files(let files):
                let isDirectory = files != [path] && FileWalk.isDirectory(path)
                let root = path.hasSuffix("/") ? path : path + "/"
                for file in files {
                    if file == "-" {
                        if stdinUsed { continue }
                        stdinUsed = true
                    }
                    var found: ProjectSettings.Found?
                    if useProjects, let project = projects.find(for: file) {
                        found = project
                        if !projectFiles.contains(where: { $0.path == project.path }) { projectFiles.append(project) }
                        settingsOf[file] = project.settings
                    }
                    if isDirectory {
                        let relative = file.hasPrefix(root) ? String(file.dropFirst(root.count)) : file
                        if excludes.contains(where: { Glob.matches($0, relative) })
                            || found.map({ projects.excludes(file, in: $0) }) ?? false {
                            excluded += 1
                            continue
                        }
                        searched.insert(file)
                    }
                    items.append(.file(file))
                }
            }
        }
    }

    /// The files to check, in order.
    var files: [String] { items.compactMap { if case .file(let file) = $0 { file } else { nil } } }

    /// Whether `file`, with text `bytes`, is checked: named on the command
    /// line, or found by a search and accordion's.
    func takes(_ file: String, bytes: [UInt8]) -> Bool {
        !searched.contains(file) || Self.isAccordions(file, bytes: bytes)
    }

    /// Whether a YAML file is accordion's: a test file (`*.test.yaml`) or a spec.
    static func isAccordions(_ name: String, bytes: [UInt8]) -> Bool {
        TestFile.isTestFile(name) || SpecFiles.isAccordionSpec(bytes)
    }

    /// The note on standard error about what a search left out, or nil.
    static func note(skipped: [String], excluded: Int) -> String? {
        guard !skipped.isEmpty || excluded > 0 else { return nil }
        var note = ""
        if !skipped.isEmpty {
            let names = skipped.prefix(3).joined(separator: ", ") + (skipped.count > 3 ? ", …" : "")
            note += skipped.count == 1 ? "skipped 1 YAML file that is not an accordion spec or test file (\(names))"
                : "skipped \(skipped.count) YAML files that are not accordion specs or test files (\(names))"
        }
        if excluded > 0 { note += (note.isEmpty ? "" : "; ") + "excluded \(excluded) \(excluded == 1 ? "file" : "files")" }
        return "accordion: \(note)\n"
    }
}
