/// Splits an amount of kopecks into shares proportional to weights, exactly: each share is rounded
/// down, and the kopecks left go one each to the shares with the largest remainders (the earlier
/// one first on a tie), so the shares always add up to the amount.
///
/// This is how a receipt's money is spread over its own lines: the weights are the lines' printed
/// sums, the amount what the receipt counts, and a difference between the two (weighed goods'
/// rounding, an unitemised discount) never leaves the receipt.
public enum LargestRemainder {
    /// The shares of `amount` (any sign) by `weights`; a weight below zero counts as zero. Nil when
    /// no weight is above zero or they add up past `Int64.max`: there is nothing to split by.
    public static func split(_ amount: Int64, by weights: [Int64]) -> [Int64]? {
        var whole: UInt64 = 0
        for weight in weights where weight > 0 {
            whole += UInt64(weight)
            guard whole <= UInt64(Int64.max) else { return nil }
        }
        guard whole > 0 else { return nil }
        // The common case: the lines add up to the amount already, none below zero.
        if amount >= 0, UInt64(amount) == whole, weights.allSatisfy({ $0 >= 0 }) { return weights }
        let magnitude = amount.magnitude
        var shares = [UInt64](repeating: 0, count: weights.count)
        var remainders = [UInt64](repeating: 0, count: weights.count)
        var given: UInt64 = 0
        for (index, weight) in weights.enumerated() where weight > 0 {
            let product = magnitude.multipliedFullWidth(by: UInt64(weight))
            let (quotient, remainder) = whole.dividingFullWidth(product)
            shares[index] = quotient
            remainders[index] = remainder
            given += quotient
        }
        // Fewer kopecks are left than there are weights: one each to the largest remainders.
        var left = magnitude - given
        if left > 0 {
            let order = weights.indices.filter { weights[$0] > 0 }.sorted { a, b in
                remainders[a] != remainders[b] ? remainders[a] > remainders[b] : a < b
            }
            for index in order where left > 0 {
                shares[index] += 1
                left -= 1
            }
        }
        return shares.map { share in amount < 0 ? Int64(truncatingIfNeeded: 0 &- share) : Int64(share) }
    }
}
