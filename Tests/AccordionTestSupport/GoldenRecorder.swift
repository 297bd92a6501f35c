import Foundation

/// The explicit switch that re-records golden files (`ACCORDION_RECORD=1`).
/// A recording run writes every golden it meets and then fails: a switch
/// left on in a shell or a CI job must never turn a changed output into a
/// passing suite. The author reviews the diff, then runs again without it.
public struct GoldenRecorder {
    /// Whether this run records goldens instead of comparing with them.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["ACCORDION_RECORD"] == "1" }

    /// How many goldens this recorder wrote.
    public private(set) var written = 0
    /// Whether this recorder writes (the switch, unless a test of the recorder says otherwise).
    let recording: Bool

    public init(recording: Bool = GoldenRecorder.isRecording) { self.recording = recording }

    /// Writes `text` as the golden at `url` when recording; returns whether
    /// it did (the caller then skips the comparison).
    public mutating func record(_ text: String, to url: URL) throws -> Bool {
        guard recording else { return false }
        try text.write(to: url, atomically: true, encoding: .utf8)
        written += 1
        return true
    }

    /// The failure a recording run ends with; nil when nothing was written.
    public var failure: String? {
        guard written > 0 else { return nil }
        return "recorded \(written) golden\(written == 1 ? "" : "s"); review the diff and run again without ACCORDION_RECORD"
    }
}
