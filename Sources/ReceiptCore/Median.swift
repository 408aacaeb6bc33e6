extension Array where Element == Int64 {
    /// The middle value once sorted; of an even number, the mean of the two middle ones, rounded
    /// half away from zero (`[1, 2]` gives 2); 0 when there are none. Every median of kopecks the
    /// statistics give: unit prices, usual receipts, regular amounts.
    public var median: Int64 {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        let half = count / 2
        return count % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]).dividedRoundingHalfAway(by: 2)
    }
}
