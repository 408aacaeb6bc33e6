import ReceiptCore

/// What one receipt adds to the monthly totals: its month, the money it counts, and its lines'
/// shares of that money by category.
///
/// The shares (``PurchaseCounting/lineShares(_:sums:)``) add up to the money counted; only a receipt
/// whose lines have no sum to share by (a pending one, or one of free lines) gives it to the shop's
/// category, else to uncategorized, so that a month's categories always add up to its total.
struct ReceiptContribution {
    struct Line {
        let category: Category
        /// The line's share of what the receipt counts, signed as spending.
        let counted: Int64
    }

    let month: Month
    let spending: Int64
    let lines: Int
    /// Each category the receipt touches once; a receipt has few, so a list beats a dictionary.
    private(set) var categories: [(category: Category, total: Int64, items: Int)] = []

    init(month: Month, counted: Int64, shopCategory: Category?, lines: [Line]) {
        self.month = month
        spending = counted
        self.lines = lines.count
        categories.reserveCapacity(4)
        var shared: Int64 = 0
        for line in lines {
            shared &+= line.counted
            add(line.category, line.counted, items: 1)
        }
        if counted != shared || lines.isEmpty {
            add(shopCategory ?? .uncategorized, counted &- shared, items: 0)
        }
    }

    private mutating func add(_ category: Category, _ amount: Int64, items: Int) {
        if let index = categories.firstIndex(where: { $0.category == category }) {
            categories[index].total &+= amount
            categories[index].items += items
        } else {
            categories.append((category, amount, items))
        }
    }
}
