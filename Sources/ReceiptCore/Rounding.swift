extension Int64 {
    /// This divided by `divisor` (positive), rounded half away from zero: 7 ÷ 2 is 4, −7 ÷ 2 is −4,
    /// 1 ÷ 3 is 0. How every share of kopecks in the tool is rounded: unit prices, medians, averages,
    /// projections.
    public func dividedRoundingHalfAway(by divisor: Int64) -> Int64 {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        guard remainder != 0, 2 * Swift.abs(remainder) >= divisor else { return quotient }
        return self < 0 ? quotient - 1 : quotient + 1
    }
}
