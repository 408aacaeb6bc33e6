import ReceiptCore
import ReceiptReports
import ReceiptStats

/// The product kinds and products matching some words as the prices view shows them: the numbers as
/// `receipts prices --json` gives them (``prices``), and beside them every text the page puts on
/// screen. ``products`` lists each kind followed by its products, then the products of no kind.
struct PricesView: Encodable {
    struct Product: Encodable {
        struct MonthRow: Encodable {
            let month: String
            let monthText: String
            let minText: String
            let medianText: String
            let maxText: String
            let purchases: Int
        }

        struct ShopRow: Encodable {
            let shop: String
            let lastText: String
            let minText: String
        }

        /// The product's key, or the kind's identifier.
        let name: String
        /// What the page writes above it: the name as printed, or the kind's name.
        let heading: String
        /// `kind` for a product kind, `product` for a product, `part` for a product of the kind above.
        let role: String
        let unit: String
        let unitText: String
        /// The median's change over the months (`+3,4 % за период`), nil with one month.
        let changeText: String?
        /// `up`, `down` or `flat`: which way the median went, for the colour.
        let trend: String
        /// What a kind's price rests on when it takes 1 g as 1 ml; nil otherwise.
        let note: String?
        /// A product of a kind in a line: its last month's median and how often it was bought (its
        /// tables fold under it on the page); nil for a kind or a product of no kind.
        let summary: String?
        let months: [MonthRow]
        let shops: [ShopRow]
        /// The monthly medians as a line in a 100 × 24 box, `x,y` pairs (y down), for the sparkline.
        let sparkline: [[Double]]
    }

    let query: String
    let prices: PricesJSON
    let products: [Product]
    /// What to say when nothing matches; nil when something does.
    let empty: String?

    init(_ report: PriceReport, query: String, words: WebWords) {
        let text = ReportText(words.language)
        self.query = query
        prices = PricesJSON(report, language: words.language)
        let money = { (kopecks: Int64) in text.money(Money(kopecks: kopecks)) }
        func entry(
            name: String, heading: String, role: String, unit: String, unitText: String, change: Double?,
            note: String?, months: [ProductPrices.MonthPrices], shops: [ProductPrices.ShopPrice]
        ) -> Product {
            let purchases = months.reduce(0) { $0 + $1.purchases }
            let summary = months.last.map { "\(money($0.median)) · \(words.times(purchases))" }
            return Product(
                name: name, heading: heading, role: role, unit: unit, unitText: unitText,
                changeText: change.map { words.priceChange(text.signedPercent($0)) },
                trend: change.map { $0 > 0.0005 ? "up" : $0 < -0.0005 ? "down" : "flat" } ?? "flat", note: note,
                summary: role == "part" ? summary : nil,
                months: months.map {
                    Product.MonthRow(
                        month: $0.month.description, monthText: words.shortMonth($0.month), minText: money($0.minimum),
                        medianText: money($0.median), maxText: money($0.maximum), purchases: $0.purchases)
                },
                shops: shops.map {
                    Product.ShopRow(shop: $0.shop, lastText: money($0.last), minText: money($0.minimum))
                },
                sparkline: Self.line(months.map(\.median)))
        }
        func product(_ product: ProductPrices, role: String) -> Product {
            entry(
                name: product.name, heading: product.heading, role: role, unit: product.unit.rawValue,
                unitText: words.pricePer(product.unit), change: product.change, note: nil, months: product.months,
                shops: product.shops)
        }
        var entries: [Product] = []
        for kind in report.kinds {
            entries.append(
                entry(
                    name: kind.kind.id, heading: kind.kind.name(in: words.language), role: "kind",
                    unit: kind.kind.unit.rawValue, unitText: kind.kind.perText(in: words.language), change: kind.change,
                    note: kind.assumesDensity ? text.densityAssumed : nil, months: kind.months, shops: kind.shops))
            entries += kind.products.map { product($0, role: "part") }
        }
        entries += report.products.map { product($0, role: "product") }
        products = entries
        empty = report.isEmpty ? words.noPrices(query) : nil
    }

    /// The values as points across a 100 × 24 box, the lowest at the bottom, a flat line in the middle.
    static func line(_ values: [Int64]) -> [[Double]] {
        guard let low = values.min(), let high = values.max() else { return [] }
        let step = values.count > 1 ? 100 / Double(values.count - 1) : 0
        return values.enumerated().map { index, value in
            let y = high == low ? 12 : 22 - 20 * Double(value - low) / Double(high - low)
            return [(Double(index) * step * 10).rounded() / 10, (y * 10).rounded() / 10]
        }
    }
}
