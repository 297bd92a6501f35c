#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
