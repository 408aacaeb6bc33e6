public import ReceiptCore
public import ReceiptStore

/// How one product's price per kilogram, litre or piece went, month by month and shop by shop: what
/// `receipts prices` shows. A product is an item name's key (`ItemName/key(_:)`: the size written
/// in the name does not change it) with its `PriceUnit`; a purchase is one line of a sale, its
/// price per unit as `UnitPrice` gives it, in kopecks.
public struct ProductPrices: Sendable, Equatable {
    /// A month's purchases of the product.
    public struct MonthPrices: Sendable, Equatable {
        /// The month, by the shops' local dates.
        public let month: Month
        /// The lowest unit price paid in the month.
        public let minimum: Int64
        /// The middle one (of an even number, the mean of the two middle ones, rounded half away
        /// from zero).
        public let median: Int64
        /// The highest.
        public let maximum: Int64
        /// How many lines bought it.
        public let purchases: Int

        /// A month's figures.
        public init(month: Month, minimum: Int64, median: Int64, maximum: Int64, purchases: Int) {
            self.month = month
            self.minimum = minimum
            self.median = median
            self.maximum = maximum
            self.purchases = purchases
        }
    }

    /// A shop's prices for the product.
    public struct ShopPrice: Sendable, Equatable {
        /// The shop as lists show it.
        public let shop: String
        /// The unit price of the latest purchase there.
        public let last: Int64
        /// The lowest unit price paid there.
        public let minimum: Int64

        /// A shop's figures.
        public init(shop: String, last: Int64, minimum: Int64) {
            self.shop = shop
            self.last = last
            self.minimum = minimum
        }
    }

    /// The product's name key (`молоко паст 3,2%`).
    public let name: String
    /// What its price is counted per.
    public let unit: PriceUnit
    /// Month by month, oldest first; only months it was bought in.
    public let months: [MonthPrices]
    /// Shop by shop, the cheapest first.
    public let shops: [ShopPrice]
    /// The last month's median against the first's: 0.12 is 12 % dearer; nil when it was bought in
    /// one month only.
    public let change: Double?

    /// The products whose names hold every word of `text` (each as the beginning of a word, as
    /// `receipts search` matches them), bought from `first` through `last` (nil: no bound), the most
    /// bought first.
    public static func read(
        from database: ReceiptDatabase, matching text: String, from first: Month? = nil, through last: Month? = nil
    ) throws -> [ProductPrices] {
        of(
            months: try database.productMonths(matching: text, from: first, through: last),
            shops: try database.productShops(matching: text, from: first, through: last))
    }

    /// The products of the kept `months`, with their `shops` (none when not given), the most bought
    /// first.
    public static func of(months: [ProductMonth], shops: [ProductShop] = []) -> [ProductPrices] {
        var monthsOf: [Product: [MonthPrices]] = [:]
        for row in months {
            monthsOf[row.product, default: []].append(
                MonthPrices(
                    month: row.month, minimum: row.lowest, median: row.median, maximum: row.highest,
                    purchases: row.purchases))
        }
        var shopsOf: [Product: [String: (last: Int64, lastAt: LocalDateTime, minimum: Int64)]] = [:]
        for row in shops {
            let shop = row.shop.isEmpty ? "—" : row.shop
            let known = shopsOf[row.product, default: [:]][shop]
            let later = known.map { row.lastAt > $0.lastAt } ?? true
            shopsOf[row.product, default: [:]][shop] = (
                later ? row.last : known?.last ?? row.last, later ? row.lastAt : known?.lastAt ?? row.lastAt,
                min(known?.minimum ?? row.lowest, row.lowest)
            )
        }
        let products = monthsOf.map { product, unsorted -> ProductPrices in
            let months = unsorted.sorted { $0.month < $1.month }
            let shops = (shopsOf[product] ?? [:]).map {
                ShopPrice(shop: $0.key, last: $0.value.last, minimum: $0.value.minimum)
            }.sorted { ($0.minimum, $0.shop) < ($1.minimum, $1.shop) }
            var change: Double?
            if months.count > 1, let first = months.first, let last = months.last, first.median > 0 {
                change = Double(last.median - first.median) / Double(first.median)
            }
            return ProductPrices(name: product.name, unit: product.unit, months: months, shops: shops, change: change)
        }
        return products.sorted {
            let (a, b) = ($0.months.reduce(0) { $0 + $1.purchases }, $1.months.reduce(0) { $0 + $1.purchases })
            return a != b ? a > b : ($0.name, $0.unit.rawValue) < ($1.name, $1.unit.rawValue)
        }
    }
}
