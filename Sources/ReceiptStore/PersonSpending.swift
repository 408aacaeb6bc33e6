import GRDB
public import ReceiptCore

/// One person's spending over some months: the parts of lines that were for them, as the household
/// shares them (``ReceiptDatabase/forEachSharedReceipt(months:_:)``), in the shapes the kept totals
/// give the whole household's. A receipt counts for them when some part of it is theirs, a line when
/// they have a part of it. What `stats --person` and a person's budgets read.
public struct PersonSpending: Sendable, Equatable {
    /// Whose.
    public let person: Person
    /// Each month with a part for them, oldest first.
    public let months: [MonthTotal]
    /// Each month's categories, oldest month first.
    public let categories: [CategoryTotal]
    /// Every shop with a part for them in the months asked (not the earlier ones), most first (then
    /// by name and street).
    public let shops: [ShopTotal]
    /// Every name with a part for them in the months asked, by category, most first (then by key).
    public let names: [NameSpending]
}

extension ReceiptDatabase {
    /// What was for `person` in `months` (all when nil), with the `earlier` months before them in
    /// ``PersonSpending/months`` and ``PersonSpending/categories`` (what a month is compared with);
    /// nil when there is nobody of that id.
    public func personSpending(
        of person: Int64, months range: ClosedRange<Month>? = nil, earlier: Int = 0
    ) throws(StoreError) -> PersonSpending? {
        try read { db in
            guard let sharing = try HouseholdSharing(in: db),
                let whose = sharing.people.first(where: { $0.id == person })
            else { return nil }
            struct CategoryKey: Hashable {
                let month: Month
                let category: Category
            }
            struct ShopKey: Hashable {
                let name: String
                let street: String?
            }
            struct NameKey: Hashable {
                let name: Int64
                let category: Category
            }
            var months: [Month: (total: Int64, receipts: Int, items: Int)] = [:]
            var categories: [CategoryKey: (total: Int64, receipts: Int, items: Int)] = [:]
            var shops: [ShopKey: (total: Int64, receipts: Int)] = [:]
            var names: [NameKey: (total: Int64, items: Int)] = [:]
            let read = range.map { ($0.lowerBound.advanced(by: -max(0, earlier)) ?? $0.lowerBound)...$0.upperBound }
            try Self.forEachSharedReceipt(in: db, sharing: sharing, months: read) { receipt in
                let detailed = range.map { $0.contains(receipt.month) } ?? true
                var total: Int64 = 0
                var lines = 0
                var touched: [Category] = []
                for part in receipt.parts {
                    guard let share = part.shares.first(where: { $0.person == person }) else { continue }
                    total += share.amount
                    let line = part.position >= 0 ? 1 : 0
                    lines += line
                    let key = CategoryKey(month: receipt.month, category: part.category)
                    var kept = categories[key] ?? (0, 0, 0)
                    kept.total += share.amount
                    kept.items += line
                    if !touched.contains(part.category) {
                        touched.append(part.category)
                        kept.receipts += 1
                    }
                    categories[key] = kept
                    if detailed, let name = part.nameID {
                        let nameKey = NameKey(name: name, category: part.category)
                        let sum = names[nameKey] ?? (0, 0)
                        names[nameKey] = (sum.total + share.amount, sum.items + 1)
                    }
                }
                guard !touched.isEmpty else { return }
                let month = months[receipt.month] ?? (0, 0, 0)
                months[receipt.month] = (month.total + total, month.receipts + 1, month.items + lines)
                guard detailed else { return }
                let shop = ShopKey(name: receipt.shop, street: receipt.address.flatMap(ShopName.street(of:)))
                let sum = shops[shop] ?? (0, 0)
                shops[shop] = (sum.total + total, sum.receipts + 1)
            }
            // A street tells apart only shops of one name.
            var streets: [String: Int] = [:]
            for key in shops.keys { streets[key.name, default: 0] += 1 }
            var printed: [Int64: (display: String, key: String)] = [:]
            let ids = Array(Set(names.keys.map(\.name)))
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = ids[start..<min(start + 500, ids.count)]
                for row in try Row.fetchAll(
                    db,
                    sql:
                        "SELECT id, display, key FROM item_names WHERE id IN (\(chunk.map(String.init).joined(separator: ",")))"
                ) {
                    printed[row[0]] = (row[1], row[2])
                }
            }
            return PersonSpending(
                person: whose,
                months: months.map {
                    MonthTotal(
                        month: $0.key, total: Money(kopecks: $0.value.total), receipts: $0.value.receipts,
                        items: $0.value.items)
                }
                .sorted { $0.month < $1.month },
                categories: categories.map { key, value in
                    CategoryTotal(
                        month: key.month, category: key.category, total: Money(kopecks: value.total),
                        receipts: value.receipts, items: value.items)
                }.sorted { ($0.month, $0.category.rawValue) < ($1.month, $1.category.rawValue) },
                shops: shops.map { key, value in
                    ShopTotal(
                        shop: key.name, total: Money(kopecks: value.total), receipts: value.receipts,
                        street: (streets[key.name] ?? 0) > 1 ? key.street : nil)
                }.sorted { a, b in
                    if a.total != b.total { return a.total > b.total }
                    return (a.shop, a.street ?? "") < (b.shop, b.street ?? "")
                },
                names: names.map { key, value in
                    let name = printed[key.name] ?? ("", "")
                    return NameSpending(
                        name: name.display, key: name.key, category: key.category, total: Money(kopecks: value.total),
                        items: value.items)
                }.sorted { a, b in a.total != b.total ? a.total > b.total : a.key < b.key })
        }
    }
}
