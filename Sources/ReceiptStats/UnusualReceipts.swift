public import ReceiptCore
public import ReceiptStore

/// A receipt that spent far more in a category than that category's usual receipt: flagged by
/// `receipts stats` beside the month's categories.
///
/// Robust, so that the outliers themselves do not move the yardstick: over the twelve months up to
/// the last month shown, a category's amounts a receipt give a median and a median absolute
/// deviation (MAD); a receipt of the shown months is flagged when its modified z-score,
/// `0.6745 × (amount − median) / MAD`, is above 3.5 (Iglewicz and Hoaglin's cut), and only with at
/// least ten receipts in the category to judge from.
public struct UnusualReceipt: Sendable, Equatable {
    /// The receipt and its amount in the category.
    public let receipt: ReceiptCategoryAmount
    /// The category's median amount a receipt over the twelve months.
    public let usual: Money
    /// The modified z-score.
    public let score: Double

    /// The score above which a receipt is flagged.
    public static let cut = 3.5
    /// The fewest receipts in a category to judge from.
    public static let minimumReceipts = 10

    /// The unusual receipts of `shown`, the highest score first, judged against the twelve months up
    /// to its last month.
    public static func find(in database: ReceiptDatabase, shown: ClosedRange<Month>) throws -> [UnusualReceipt] {
        let start = min(shown.lowerBound, shown.upperBound.advanced(by: -11) ?? shown.lowerBound)
        return find(in: try database.categoryAmounts(from: start, through: shown.upperBound), shown: shown)
    }

    /// The unusual receipts of `shown` among `amounts` (the twelve months up to its last).
    public static func find(in amounts: [ReceiptCategoryAmount], shown: ClosedRange<Month>) -> [UnusualReceipt] {
        var byCategory: [Category: [ReceiptCategoryAmount]] = [:]
        for amount in amounts where amount.amount.kopecks > 0 {
            byCategory[amount.category, default: []].append(amount)
        }
        var found: [UnusualReceipt] = []
        for (_, lines) in byCategory where lines.count >= minimumReceipts {
            let values = lines.map(\.amount.kopecks)
            let median = values.median
            let deviation = values.map { abs($0 - median) }.median
            guard deviation > 0 else { continue }
            for line in lines where shown.contains(line.dateTime.yearMonth) {
                let score = 0.6745 * Double(line.amount.kopecks - median) / Double(deviation)
                if score > cut {
                    found.append(UnusualReceipt(receipt: line, usual: Money(kopecks: median), score: score))
                }
            }
        }
        return found.sorted { ($1.score, $0.receipt.receiptID) < ($0.score, $1.receipt.receiptID) }
    }
}
