import Foundation
import XCTest

/// Runs the built `accordion` executable and captures what it does.
/// Tests find it beside the test bundle in SwiftPM's products directory.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLI {
    static var productsDirectory: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }

    /// Repository root, from this file's path.
    static var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `accordion args...` with optional standard input and environment.
    @discardableResult
    static func run(_ args: [String], stdin: Data? = nil, environment: [String: String]? = nil,
                    currentDirectory: URL? = nil) throws -> CLIResult {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("accordion")
        process.arguments = args
        if let environment { process.environment = environment }
        process.currentDirectoryURL = currentDirectory ?? repoRoot
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs another program (a consumer of accordion's output) and returns
    /// what it printed on both streams; fails the test when it exits non-zero.
    static func runTool(_ path: String, _ args: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(path): \(text)")
        return text
    }
}

/// The first line where two texts differ, for a golden's failure message.
func firstDifference(_ a: String, _ b: String) -> String {
    let la = a.split(separator: "\n", omittingEmptySubsequences: false)
    let lb = b.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(la.count, lb.count) {
        let x = i < la.count ? String(la[i]) : "<end>"
        let y = i < lb.count ? String(lb[i]) : "<end>"
        if x != y { return "line \(i + 1):\n  golden: \(x)\n  actual: \(y)" }
    }
    return "(same lines)"
}
