/// A small seeded generator (SplitMix64): the same seed gives the same demo on every machine.
struct DemoRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func int64(_ range: ClosedRange<Int64>) -> Int64 { Int64.random(in: range, using: &self) }
    mutating func unit() -> Double { Double.random(in: 0..<1, using: &self) }
    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    mutating func digits(_ count: Int) -> String {
        String((0..<count).map { _ in Character(String(int(0...9))) })
    }

    /// An element chosen with probability proportional to its weight.
    mutating func weighted<T>(_ items: [T], weight: (T) -> Double) -> T {
        let total = items.reduce(0) { $0 + weight($1) }
        var point = unit() * total
        for item in items {
            point -= weight(item)
            if point < 0 { return item }
        }
        return items[items.count - 1]
    }
}
