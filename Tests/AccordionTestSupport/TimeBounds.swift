#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every time bound a test asserts, scaled for the build it runs in: a
/// sanitizer slows the code it instruments several times over (ThreadSanitizer
/// most), so `scripts/run-tests.sh` names the sanitizer of a stage in
/// `ACCORDION_SANITIZER` and each bound grows by that sanitizer's factor.
/// A bound is a hang guard either way; the real figures are in the benchmarks.
public enum TimeBounds {
    /// How much slower the sanitizer named by `ACCORDION_SANITIZER` makes the code (1 without one).
    public static let factor: Double = {
        guard let raw = getenv("ACCORDION_SANITIZER") else { return 1 }
        switch String(cString: raw) {
        case "thread": return 10
        case "address": return 5
        case "": return 1
        // An unknown name must not pass silently with unscaled bounds.
        case let other: fatalError("ACCORDION_SANITIZER=\(other): expected thread or address")
        }
    }()

    /// `seconds`, scaled for this build.
    public static func scaled(_ seconds: Double) -> Double { seconds * factor }

    /// How many times fewer rounds a randomized test runs under a sanitizer (1
    /// without one). The sanitizer stages look for memory and thread errors,
    /// which the code's paths meet in the first rounds as in the rest; the
    /// ordinary `swift test` stage runs every round.
    public static let sampling = factor == 1 ? 1 : 4

    /// `rounds` of a randomized test, thinned for this build (at least one).
    public static func rounds(_ rounds: Int) -> Int { max(1, rounds / sampling) }
}
