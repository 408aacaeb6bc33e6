import ReceiptCore

/// What one receipt adds to the monthly totals: its month, its spending, and its lines by category.
///
/// Refunds count negatively. Whatever part of the total its lines do not account for (a pending
/// receipt's whole total, an unitemised discount) goes to the shop's category, else to uncategorized,
/// so that a month's categories always add up to its total.
struct ReceiptContribution {
    struct Line {
        let category: Category
        let sum: Int64
    }

    let month: Month
    let spending: Int64
    let lines: Int
    /// Each category the receipt touches once; a receipt has few, so a list beats a dictionary.
    private(set) var categories: [(category: Category, total: Int64, items: Int)] = []

    init(month: Month, operation: OperationType, total: Int64, shopCategory: Category?, lines: [Line]) {
        let sign: Int64 = operation.isSpending ? 1 : -1
        self.month = month
        spending = sign * total
        self.lines = lines.count
        categories.reserveCapacity(4)
        var itemized: Int64 = 0
        for line in lines {
            itemized += line.sum
            add(line.category, sign * line.sum, items: 1)
        }
        if total != itemized || lines.isEmpty {
            add(shopCategory ?? .uncategorized, sign * (total - itemized), items: 0)
        }
    }

    private mutating func add(_ category: Category, _ amount: Int64, items: Int) {
        if let index = categories.firstIndex(where: { $0.category == category }) {
            categories[index].total += amount
            categories[index].items += items
        } else {
            categories.append((category, amount, items))
        }
    }
}
