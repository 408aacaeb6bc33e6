import ReceiptCore

/// What one receipt adds to the monthly totals: its month, its spending, its shop, and its lines by
/// category and by name.
///
/// Refunds count negatively. Whatever part of the total its lines do not account for (a pending
/// receipt's whole total, an unitemised discount) goes to the shop's category, else to uncategorized,
/// so that a month's categories always add up to its total.
struct ReceiptContribution {
    struct Line {
        let nameID: Int64
        let category: Category
        let sum: Int64
    }

    /// An item name as counted in one category.
    struct NameKey: Hashable {
        let nameID: Int64
        let category: Category
    }

    let month: String
    let spending: Int64
    let shop: String
    let categories: [Category: (total: Int64, items: Int)]
    let names: [NameKey: (total: Int64, items: Int)]

    init(month: String, operation: OperationType, total: Int64, shop: String, shopCategory: Category?, lines: [Line]) {
        let sign: Int64 = operation.isSpending ? 1 : -1
        self.month = month
        spending = sign * total
        self.shop = shop
        var categories: [Category: (total: Int64, items: Int)] = [:]
        var names: [NameKey: (total: Int64, items: Int)] = [:]
        var itemized: Int64 = 0
        for line in lines {
            itemized += line.sum
            categories[line.category, default: (0, 0)].total += sign * line.sum
            categories[line.category, default: (0, 0)].items += 1
            let name = NameKey(nameID: line.nameID, category: line.category)
            names[name, default: (0, 0)].total += sign * line.sum
            names[name, default: (0, 0)].items += 1
        }
        if total != itemized || lines.isEmpty {
            categories[shopCategory ?? .uncategorized, default: (0, 0)].total += sign * (total - itemized)
        }
        self.categories = categories
        self.names = names
    }

    /// The shop a receipt counts under: the place's name, else the receipt's shop, else its seller.
    static func shopName(place: String?, retailPlace: String?, seller: String?) -> String {
        for candidate in [place, retailPlace, seller] {
            if let candidate, !candidate.isEmpty { return candidate }
        }
        return ""
    }
}
