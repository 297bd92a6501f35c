#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The executable's only door to the outside world: files, streams, exit.
/// Foundation is deliberately not imported anywhere in the product: it
/// doubles process start-up, and `validate` runs on every save.
enum IO {
    /// Why a file could not be read; the CLI turns it into exit 2.
    struct Failure: Error {
        var message: String
        /// Why a file could not be read, without the path (its message names
        /// it): for a problem placed in another file, such as a test file's `spec:`.
        var reason: String?

        init(message: String) {
            self.message = message
        }

        /// `cannot read 'PATH': REASON`.
        static func unreadable(_ path: String, _ reason: String) -> Failure {
            var failure = Failure(message: "cannot read '\(path)': \(reason)")
            failure.reason = reason
            return failure
        }
    }

    static func writeStdout(_ text: String) { write(fd: 1, text) }
    static func writeStderr(_ text: String) { write(fd: 2, text) }

    /// Writes text to standard error only as far as it takes it now: a
    /// server must never stop because nobody reads its log (a pipe whose
    /// reader sleeps fills at 64 KiB, and the next write would wait for
    /// ever). The text goes in pieces of `PIPE_BUF` bytes, which a pipe with
    /// room takes whole; once it has no room, the rest is dropped.
    ///
    /// - Returns: False when standard error could not take all of it.
    static func writeStderrWithoutWaiting(_ text: String) -> Bool {
        var rest = Array(text.utf8)[...]
        while !rest.isEmpty {
            var ready = pollfd(fd: 2, events: Int16(POLLOUT), revents: 0)
            guard poll(&ready, 1, 0) == 1, ready.revents & Int16(POLLOUT) != 0 else { return false }
            let piece = Array(rest.prefix(Int(PIPE_BUF)))
            piece.withUnsafeBufferPointer { write(fd: 2, $0) }
            rest = rest.dropFirst(piece.count)
        }
        return true
    }

    /// A server's log on standard error that never makes it wait: what
    /// standard error cannot take now is dropped and counted, and the count
    /// is said (`notice`) before the next text it takes.
    struct ServerLog {
        private var dropped = 0
        /// The line that says how many entries were dropped.
        let notice: @Sendable (Int) -> String

        init(notice: @escaping @Sendable (Int) -> String) { self.notice = notice }

        mutating func write(_ text: String) {
            if dropped > 0, writeStderrWithoutWaiting(notice(dropped)) { dropped = 0 }
            if dropped > 0 || !writeStderrWithoutWaiting(text) { dropped += 1 }
        }
    }

    /// Writes bytes to standard output (large outputs built as bytes need no String copy).
    static func writeStdout(bytes: [UInt8]) { bytes.withUnsafeBufferPointer { write(fd: 1, $0) } }

    private static func write(fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { write(fd: fd, $0) }
    }

    private static func write(fd: Int32, _ buffer: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    /// Whether a stream is a terminal (for `--color auto`).
    static func isTerminal(fd: Int32) -> Bool { isatty(fd) == 1 }

    /// An environment variable, or nil.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    private static func describeErrno(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or directory"
        case EACCES: "permission denied"
        case EISDIR: "it is a directory"
        default: String(cString: strerror(code))
        }
    }

    /// Reads a whole regular file (or `-` for standard input), refusing
    /// directories, FIFOs and devices and anything over `limit` bytes.
    static func readInput(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            var st = stat()
            if stat(path, &st) != 0 {
                throw Failure.unreadable(path, describeErrno(errno))
            }
            let type = st.st_mode & S_IFMT
            if type == S_IFDIR { throw Failure.unreadable(path, "it is a directory") }
            if type != S_IFREG {
                throw Failure.unreadable(path, "it is not a regular file (a FIFO, socket or device)")
            }
            if Int(st.st_size) > limit {
                throw Failure.unreadable(path, "it is \(st.st_size) bytes, over the input limit of \(limit) bytes")
            }
            fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd < 0 { throw Failure.unreadable(path, describeErrno(errno)) }
        }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        // One allocation of the right size for a regular file, instead of
        // doubling growth that briefly holds two copies of a large input.
        var st = stat()
        var chunkSize = 1 << 16
        if fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size > 0 {
            bytes.reserveCapacity(min(Int(st.st_size), limit) + 1)
            // A small file is read in one call (and its end in a second)
            // without zero-filling a 64 KiB buffer: for a short spec that
            // filling was a sixth of `validate`'s own work.
            chunkSize = min(max(Int(st.st_size) + 1, 4096), chunkSize)
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.unreadable(path, describeErrno(errno))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit {
                throw Failure.unreadable(path, "it is over the input limit of \(limit) bytes")
            }
        }
        return bytes
    }

    /// Writes `text` to `path` atomically: a temporary file in the same
    /// directory (`.NAME.tmp-XXXXXX`), flushed, then renamed over the target.
    /// A reader (or a killed run) sees the old file or the whole new one,
    /// never a part. The writer holds an exclusive lock on its temporary from
    /// the moment it exists until it is renamed; the kernel lets the lock go
    /// when the process dies, however it dies, so the next write beside the
    /// same target tells an abandoned temporary from one still being written
    /// and removes it (`removeStaleTemporaries`).
    static func writeAtomically(_ text: String, to path: String) throws(Failure) {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let directory = dir.isEmpty ? "/" : dir
        removeStaleTemporaries(in: directory, of: base)
        var fd: Int32 = -1
        var tempPath = ""
        // A cleaner may take a temporary in the instant between its creation
        // and its lock (it then removes it): that one is given up for another.
        for _ in 0..<8 {
            var template = Array("\(directory)/.\(base).tmp-XXXXXX".utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd < 0 { throw Failure(message: "cannot write '\(path)': \(describeErrno(errno))") }
            tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                if errno != EWOULDBLOCK { break }  // a file system without locks: unlocked, judged by age
            } else {
                var own = stat()
                if fstat(fd, &own) == 0, own.st_nlink > 0 { break }
            }
            close(fd)
            fd = -1
        }
        if fd < 0 { throw Failure(message: "cannot write '\(path)': its temporary file was taken away repeatedly") }
        var ok = true
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    return
                }
                offset += n
            }
        }
        if !ok || fsync(fd) != 0 {
            let saved = errno  // of the failed write or fsync
            unlink(tempPath)
            close(fd)
            throw Failure(message: "cannot write '\(path)': \(describeErrno(saved))")
        }
        // mkstemp makes the file 0600: give it the mode the file it replaces
        // had, or what a new file gets under the user's umask.
        var existing = stat()
        if stat(path, &existing) == 0 {
            fchmod(fd, existing.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        // Renamed while still locked, so no cleaner ever sees it unlocked under its temporary name.
        if rename(tempPath, path) != 0 {
            let code = errno
            unlink(tempPath)
            close(fd)
            throw Failure(message: "cannot write '\(path)': \(describeErrno(code))")
        }
        close(fd)
        // Make the rename itself durable (a power cut right after keeps the new name).
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    /// How old an unlockable temporary must be before it counts as
    /// abandoned, on a file system that has no locks (seconds).
    static let staleTemporaryAge = 60

    /// Removes the temporaries `writeAtomically` left in `directory` for
    /// the target `base` when a run was killed: files named exactly
    /// `.BASE.tmp-XXXXXX` (mkstemp's six letters and digits) that no live
    /// writer holds locked, whatever their age; where the file system has no
    /// locks, those older than `staleTemporaryAge`. Nothing else is touched:
    /// not other names, not directories or links, not a temporary being
    /// written right now.
    static func removeStaleTemporaries(in directory: String, of base: String) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        let prefix = Array(".\(base).tmp-".utf8)
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            let bytes = Array(name.utf8)
            guard bytes.count == prefix.count + 6, bytes.starts(with: prefix),
                  bytes[prefix.count...].allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
            else { continue }
            let path = directory + "/" + name
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if fd < 0 { continue }
            defer { close(fd) }
            var held = stat()
            guard fstat(fd, &held) == 0, held.st_mode & S_IFMT == S_IFREG else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                // Locked: its writer is alive. No locks here at all: judged by its age.
                guard errno != EWOULDBLOCK, time(nil) - held.st_mtim.tv_sec > staleTemporaryAge else { continue }
            }
            // Still the file that was locked under that name (not renamed away meanwhile).
            var named = stat()
            if lstat(path, &named) == 0, named.st_dev == held.st_dev, named.st_ino == held.st_ino {
                unlink(path)
            }
        }
    }

    /// Ends the process with `code`.
    static func exit(_ code: Int32) -> Never { Glibc.exit(code) }
}
