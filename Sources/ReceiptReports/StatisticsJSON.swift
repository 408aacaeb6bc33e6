public import ReceiptCore
public import ReceiptStats
import ReceiptStore

/// The JSON form of statistics, the same for `receipts stats --json` and the report's `.json` file:
/// `{"months": [{"month", "total", "receipts", "ongoing", "categories": [{"category", "total",
/// "receipts", "items", "share"}]}]}`, amounts in kopecks, plus the comparisons and the top shops
/// and items. `ongoing` is true for the month that has not ended yet; `bonuses` is the part of the
/// month's total paid with bonus points or certificates. One person's statistics name them in
/// `person`.
public struct StatisticsJSON: Encodable, Sendable {
    struct MonthEntry: Encodable {
        let month: String
        let total: Int64
        let receipts: Int
        let items: Int
        let previous: Int64
        let average3: Int64
        let ongoing: Bool
        let bonuses: Int64
        let categories: [CategoryEntry]
    }

    struct CategoryEntry: Encodable {
        let category: String
        let name: String
        let total: Int64
        let receipts: Int
        let items: Int
        let share: Double
        let previous: Int64
        let average3: Int64
    }

    struct ShopEntry: Encodable {
        let shop: String
        /// The street, when other shops of the name were spent at in the months.
        @NullWhenAbsent var street: String?
        let total: Int64
        let receipts: Int
    }

    struct ItemEntry: Encodable {
        let name: String
        let category: String
        let total: Int64
        let items: Int
    }

    struct OutlierEntry: Encodable {
        let id: Int64
        let date: String
        let shop: String?
        let category: String
        let amount: Int64
        let usual: Int64
        let score: Double

        init(_ found: UnusualReceipt) {
            id = found.receipt.receiptID
            date = found.receipt.dateTime.isoDate
            shop = found.receipt.shop
            category = found.receipt.category.rawValue
            amount = found.receipt.amount.kopecks
            usual = found.usual.kopecks
            score = (found.score * 100).rounded() / 100
        }
    }

    /// Whose statistics these are, when they are one person's (`stats --person`).
    let person: String?
    let from: String
    let to: String
    let total: Int64
    let months: [MonthEntry]
    let shops: [ShopEntry]
    let items: [ItemEntry]
    /// Receipts far above their category's usual (``UnusualReceipt``), when they were looked for.
    let outliers: [OutlierEntry]?
    /// A report's budgets, inflation, price rises and regular payments, when it has them.
    let insights: InsightsJSON?

    /// The JSON form of `statistics`, category names in `language` and shares rounded to four
    /// decimals; `unusual`, when given, as `outliers`.
    public init(
        _ statistics: SpendingStatistics, language: Language, unusual: [UnusualReceipt]? = nil,
        insights: ReportInsights? = nil, person: String? = nil
    ) {
        self.person = person
        outliers = (unusual ?? insights?.unusual)?.map(OutlierEntry.init)
        self.insights = insights.map(InsightsJSON.init)
        from = statistics.range.lowerBound.description
        to = statistics.range.upperBound.description
        total = statistics.total.kopecks
        months = statistics.months.map { month in
            MonthEntry(
                month: month.month.description, total: month.total.kopecks, receipts: month.receipts,
                items: month.items, previous: month.previous.kopecks, average3: month.average.kopecks,
                ongoing: month.ongoing, bonuses: month.bonuses.kopecks,
                categories: month.categories.map { line in
                    CategoryEntry(
                        category: line.category.rawValue, name: line.category.name(in: language),
                        total: line.total.kopecks, receipts: line.receipts, items: line.items,
                        share: (line.share * 10_000).rounded() / 10_000, previous: line.previous.kopecks,
                        average3: line.average.kopecks)
                })
        }
        shops = statistics.topShops.map {
            ShopEntry(shop: $0.shop, street: $0.street, total: $0.total.kopecks, receipts: $0.receipts)
        }
        items = statistics.topItems.map {
            ItemEntry(name: $0.name, category: $0.category.rawValue, total: $0.total.kopecks, items: $0.items)
        }
    }
}
