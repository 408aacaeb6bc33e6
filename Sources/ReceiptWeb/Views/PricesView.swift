import ReceiptCore
import ReceiptReports
import ReceiptStats

/// The products matching some words as the prices view shows them: the numbers as `receipts prices
/// --json` gives them (``prices``), and beside them every text the page puts on screen.
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

        let name: String
        let unit: String
        let unitText: String
        /// The median's change over the months (`+3,4 % за период`), nil with one month.
        let changeText: String?
        /// `up`, `down` or `flat`: which way the median went, for the colour.
        let trend: String
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

    init(_ products: [ProductPrices], query: String, words: WebWords) {
        let text = ReportText(words.language)
        self.query = query
        prices = PricesJSON(products)
        self.products = products.map { product in
            let money = { (kopecks: Int64) in text.money(Money(kopecks: kopecks)) }
            return Product(
                name: product.name, unit: product.unit.rawValue, unitText: words.pricePer(product.unit),
                changeText: product.change.map { words.priceChange(text.signedPercent($0)) },
                trend: product.change.map { $0 > 0.0005 ? "up" : $0 < -0.0005 ? "down" : "flat" } ?? "flat",
                months: product.months.map {
                    Product.MonthRow(
                        month: $0.month.description, monthText: words.shortMonth($0.month), minText: money($0.minimum),
                        medianText: money($0.median), maxText: money($0.maximum), purchases: $0.purchases)
                },
                shops: product.shops.map {
                    Product.ShopRow(shop: $0.shop, lastText: money($0.last), minText: money($0.minimum))
                },
                sparkline: Self.line(product.months.map(\.median)))
        }
        empty = products.isEmpty ? words.noPrices(query) : nil
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
