import AccordionTestSupport
import Foundation
import XCTest

/// Runs `accordion` like `CLI.run`, but kills it when it outlives `bound`
/// seconds, so a hang on hostile input fails its test instead of the suite.
/// The bound is a hang guard, generous on purpose (debug build, shared
/// machine); the real figures (well under a second) are measured by
/// Fuzz/hostile-figures.py and recorded in RELIABILITY.md.
struct BoundedResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool
    var seconds: Double
}

enum BoundedCLI {
    /// Scaled under a sanitizer (`TimeBounds`), like every bound passed in.
    static let hangBound: TimeInterval = TimeBounds.scaled(20)

    static var accordionPath: String { CLI.productsDirectory.appendingPathComponent("accordion").path }

    /// Runs `accordion args...`, or `prefix + [accordion] + args` (e.g. to run
    /// as another user). `bound` is in seconds of an uninstrumented build.
    static func run(_ args: [String], prefix: [String] = [], stdin: Data? = nil,
                    bound: TimeInterval = 20, directory: URL? = nil) throws -> BoundedResult {
        let bound = TimeBounds.scaled(bound)
        let process = Process()
        if let first = prefix.first {
            process.executableURL = URL(fileURLWithPath: first)
            process.arguments = Array(prefix.dropFirst()) + [accordionPath] + args
        } else {
            process.executableURL = URL(fileURLWithPath: accordionPath)
            process.arguments = args
        }
        process.currentDirectoryURL = directory ?? CLI.repoRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        let started = Date()
        try process.run()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        let readers = DispatchGroup()
        for (pipe, index) in [(out, 0), (err, 1)] {
            readers.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                if index == 0 { outData = data } else { errData = data }
                readers.leave()
            }
        }
        DispatchQueue.global().async {
            if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
            try? input.fileHandleForWriting.close()
        }
        var timedOut = false
        if finished.wait(timeout: .now() + bound) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        readers.wait()
        return BoundedResult(status: process.terminationStatus,
                             stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self),
                             timedOut: timedOut, seconds: Date().timeIntervalSince(started))
    }
}

/// A temporary directory removed when the test ends.
final class ScratchDirectory {
    let url: URL

    init(_ name: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("accordion-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = self.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    deinit {
        // Restore permissions first so removal cannot fail on a 000 file.
        if let items = FileManager.default.enumerator(atPath: url.path) {
            for case let item as String in items {
                chmod(url.appendingPathComponent(item).path, 0o755)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }
}
