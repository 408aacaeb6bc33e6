import ReceiptCore

/// The demo's draws: the same seed gives the same demo on every machine.
extension SeededRandom {
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
