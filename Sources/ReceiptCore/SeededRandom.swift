/// The project's one seeded generator (SplitMix64): the demo data, the sample photos, the test
/// fixtures and the benchmark data are all drawn from it, so a seed gives the same data on every
/// run, machine and Swift version.
///
/// The sequence ``next()`` returns for a seed is fixed: fixtures depend on it, and a test pins its
/// first values. ``below(_:)`` is fixed too. Values drawn through the standard library's
/// `random(in:using:)` with this generator follow the standard library's mapping, which its
/// documentation allows to change between Swift versions.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is decided by `seed` alone.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, the remainder of the next value (a bias of about `bound / 2⁶⁴`).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(_:) needs a positive bound")
        return Int(next() % UInt64(bound))
    }

}
