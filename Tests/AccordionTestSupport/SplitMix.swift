/// SplitMix64: a tiny deterministic generator shared by every randomized
/// test, so a failing case reproduces run to run from its seed.
public struct SplitMix: RandomNumberGenerator, Sendable {
    /// The generator's whole state.
    public var state: UInt64

    /// Starts from `state`.
    public init(state: UInt64) { self.state = state }

    /// Starts from `seed`.
    public init(seed: UInt64) { self.state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (`n` > 0).
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A number in `range`, uniformly.
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
}
