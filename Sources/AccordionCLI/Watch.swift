#if canImport(Glibc)
import Glibc
#endif
import AccordionServe

/// Watches files for changes with inotify, through their directories: an
/// editor that saves by writing a new file and renaming it over the old one
/// replaces the inode, which a watch on the file itself would lose.
/// Directory arguments (`validate --watch specs/`) are watched with every
/// directory below them, and any `*.yaml`/`*.yml` in them counts.
final class FileWatcher {
    /// The inotify descriptor (non-blocking), for `poll`.
    let fd: Int32
    /// The files watched by name, by the directory that holds them.
    private var files: [String: Set<String>] = [:]
    /// The directory arguments, watched with their subdirectories.
    private let trees: [String]
    /// What each watch descriptor watches: a directory, and whether it is part of a tree.
    private var watches: [Int32: (directory: String, inTree: Bool)] = [:]

    /// The events that mean a file's content may have changed, or that it was
    /// created, replaced or removed.
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)

    /// Starts watching `files` (each through its directory) and `trees`.
    init(files: [String], trees: [String]) throws(IO.Failure) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd < 0 { throw IO.Failure(message: "cannot watch files: \(String(cString: strerror(errno)))") }
        self.trees = trees
        for file in files {
            let (directory, name) = Self.split(file)
            self.files[directory, default: []].insert(name)
        }
        for directory in self.files.keys {
            try add(directory, inTree: false)
        }
        try watchTrees()
    }

    deinit { close(fd) }

    /// `dir/name` → (`dir`, `name`); a bare name is in `.`.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    private func add(_ directory: String, inTree: Bool) throws(IO.Failure) {
        let wd = inotify_add_watch(fd, directory, Self.mask)
        if wd < 0 {
            throw IO.Failure(message: "cannot watch '\(directory)': \(FileWalk.describe(errno))")
        }
        let known = watches[wd]
        watches[wd] = (directory, inTree || known?.inTree == true)
    }

    /// Watches every directory of the tree arguments (again after a new one appears).
    private func watchTrees() throws(IO.Failure) {
        for tree in trees {
            for directory in FileWatcher.directories(under: tree) {
                try add(directory, inTree: true)
            }
        }
    }

    /// `root` and every directory below it, hidden ones skipped (as `validate` skips them).
    static func directories(under root: String) -> [String] {
        var found = [root]
        var i = 0
        while i < found.count {
            let directory = found[i]
            i += 1
            guard let dir = opendir(directory) else { continue }
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name.hasPrefix(".") { continue }
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var st = stat()
                if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { found.append(path) }
            }
            closedir(dir)
        }
        return found
    }

    /// Reads every pending event.
    ///
    /// - Returns: The watched paths that changed (a directory's own path when
    ///   the directory went away), in the order reported, without repeats;
    ///   empty when nothing watched changed.
    func drain() -> [String] {
        var changed: [String] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var newDirectory = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            while offset + 16 <= n {
                let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: take every watched path as changed.
                    for (directory, names) in files {
                        for name in names.sorted() where !changed.contains(directory + "/" + name) {
                            changed.append(directory + "/" + name)
                        }
                    }
                    changed += trees.filter { !changed.contains($0) }
                    continue
                }
                guard let watch = watches[wd] else { continue }
                var path: String?
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    path = watch.directory
                } else if mask & UInt32(IN_IGNORED) != 0 {
                    watches[wd] = nil
                } else if files[watch.directory]?.contains(name) == true {
                    path = watch.directory == "." ? name : watch.directory + "/" + name
                } else if watch.inTree, !name.hasPrefix(".") {
                    if mask & UInt32(IN_ISDIR) != 0 {
                        newDirectory = true
                        path = watch.directory + "/" + name
                    } else if FileWalk.isSpecName(name) {
                        path = watch.directory + "/" + name
                    }
                }
                if let path, !changed.contains(path) { changed.append(path) }
            }
        }
        if newDirectory { try? watchTrees() }
        return changed
    }
}

/// SIGINT and SIGTERM as a readable descriptor (the self-pipe pattern:
/// the handler only writes a byte, which is async-signal-safe), so a watch
/// loop or the server stops between two steps, never in the middle of
/// writing a file or a response.
enum Interrupts {
    /// Installs the handlers and returns the pipe's reading end, readable once a signal came.
    static func descriptor() -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        interruptPipe = ends[1]
        let handler: @convention(c) (Int32) -> Void = { _ in
            var byte: UInt8 = 1
            _ = write(interruptPipe, &byte, 1)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        return ends[0]
    }
}

/// The pipe's writing end, for the signal handler (set once, before the
/// handlers are installed, and never changed).
nonisolated(unsafe) private var interruptPipe: Int32 = -1

/// Waits for a descriptor to become readable, with a timeout in seconds (nil: none).
func waitReadable(_ fds: [Int32], timeout: Double?) -> [Int32] {
    var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ms = timeout.map { Int32(max(0, min($0 * 1000, 86_400_000)).rounded(.up)) } ?? -1
    let n = poll(&polls, nfds_t(polls.count), ms)
    guard n > 0 else { return [] }
    return polls.filter { $0.revents != 0 }.map(\.fd)
}

/// Seconds on the monotonic clock (for timeouts and debouncing; never a date).
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The wall-clock time of day, `14:03:27`, for the lines between runs.
func clockTime() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : String(v) }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
}

/// `--watch`: runs a command, then again each time a watched file changes,
/// until SIGINT or SIGTERM (exit 0). Each run is introduced by a line on
/// standard error with the time and what changed, so standard output stays
/// the command's own output, run after run.
enum WatchLoop {
    /// The command-line paths split into files and directories (a path that
    /// does not exist yet is a file: its directory is watched for it).
    static func targets(_ paths: [String]) -> (files: [String], trees: [String]) {
        var files: [String] = [], trees: [String] = []
        for path in paths {
            var st = stat()
            if stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { trees.append(path) } else { files.append(path) }
        }
        return (files, trees)
    }

    /// Runs `body` now and after every change of `files` or of a spec under `trees`.
    ///
    /// - Parameters:
    ///   - files: Files watched through their directories.
    ///   - trees: Directories watched with everything below them.
    ///   - body: One run of the command; its exit code is shown, not returned.
    /// - Returns: 0 when interrupted, 2 when the files cannot be watched.
    static func run(files: [String], trees: [String], _ body: () -> Int32) -> Int32 {
        let signals = Interrupts.descriptor()
        let watcher: FileWatcher
        do throws(IO.Failure) {
            watcher = try FileWatcher(files: files, trees: trees)
        } catch {
            IO.writeStderr("accordion: error: \(error.message)\n")
            return 2
        }
        let watched = (files + trees).joined(separator: ", ")
        IO.writeStderr("── \(clockTime()) · watching \(watched); Ctrl-C stops ──\n")
        while true {
            let code = body()
            IO.writeStderr("── \(clockTime()) · exit \(code); waiting for a change ──\n")
            guard let changed = nextChange(watcher, signals: signals) else {
                IO.writeStderr("── \(clockTime()) · stopped ──\n")
                return 0
            }
            IO.writeStderr("\n── \(clockTime()) · \(changed.joined(separator: ", ")) changed ──\n")
        }
    }

    /// Blocks until a watched file changes and the files have been quiet for
    /// `ChangeBurst.settle` (an editor's save is often several events), or
    /// `ChangeBurst.maxWait` has passed since the first change (a storm of
    /// saves still gets a run that often), and returns what changed; nil on
    /// SIGINT or SIGTERM.
    static func nextChange(_ watcher: FileWatcher, signals: Int32) -> [String]? {
        var changed: [String] = []
        var burst = ChangeBurst()
        while true {
            let ready = waitReadable([signals, watcher.fd], timeout: burst.due.map { max(0, $0 - monotonicSeconds()) })
            if ready.contains(signals) { return nil }
            let paths = ready.contains(watcher.fd) ? watcher.drain() : []
            for path in paths where !changed.contains(path) { changed.append(path) }
            if !paths.isEmpty { burst.changed(at: monotonicSeconds()) }
            if burst.take(at: monotonicSeconds()) { return changed }
        }
    }
}
