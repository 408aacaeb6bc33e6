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
    /// The name as people read it: as a receipt printed it, till codes and padding removed
    /// (`ItemName/heading(_:)`).
    public let heading: String
    /// What its price is counted per.
    public let unit: PriceUnit
    /// Month by month, oldest first; only months it was bought in.
    public let months: [MonthPrices]
    /// Shop by shop, the cheapest first.
    public let shops: [ShopPrice]
    /// The last month's median against the first's: 0.12 is 12 % dearer; nil when it was bought in
    /// one month only.
    public let change: Double?
    /// The kind it belongs to (`ProductKinds`); nil when none.
    public let kind: ProductKind?

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
        var shopsOf: [Product: [ShopRow]] = [:]
        for row in shops {
            shopsOf[row.product, default: []].append(
                ShopRow(shop: row.shop, lowest: row.lowest, last: row.last, lastAt: row.lastAt))
        }
        let products = monthsOf.map { product, unsorted -> ProductPrices in
            let months = unsorted.sorted { $0.month < $1.month }
            return ProductPrices(
                name: product.name, heading: ItemName.heading(product.display), unit: product.unit, months: months,
                shops: Self.shops(shopsOf[product] ?? []), change: Self.change(months), kind: product.kind)
        }
        return products.sorted {
            let (a, b) = ($0.purchases, $1.purchases)
            return a != b ? a > b : ($0.name, $0.unit.rawValue) < ($1.name, $1.unit.rawValue)
        }
    }

    /// How many lines bought it over its months.
    public var purchases: Int { months.reduce(0) { $0 + $1.purchases } }

    /// One month's figures at a shop, as the kept rows give them.
    struct ShopRow {
        let shop: String
        let lowest: Int64
        let last: Int64
        let lastAt: LocalDateTime
    }

    /// Each shop's latest and lowest price over the months of `rows`, the cheapest first.
    static func shops(_ rows: [ShopRow]) -> [ShopPrice] {
        var byShop: [String: (last: Int64, lastAt: LocalDateTime, minimum: Int64)] = [:]
        for row in rows {
            let shop = row.shop.isEmpty ? "—" : row.shop
            let known = byShop[shop]
            let later = known.map { row.lastAt > $0.lastAt } ?? true
            byShop[shop] = (
                later ? row.last : known?.last ?? row.last, later ? row.lastAt : known?.lastAt ?? row.lastAt,
                min(known?.minimum ?? row.lowest, row.lowest)
            )
        }
        return byShop.map { ShopPrice(shop: $0.key, last: $0.value.last, minimum: $0.value.minimum) }
            .sorted { ($0.minimum, $0.shop) < ($1.minimum, $1.shop) }
    }

    /// The last month's median against the first's; nil with one month.
    static func change(_ months: [MonthPrices]) -> Double? {
        guard months.count > 1, let first = months.first, let last = months.last, first.median > 0 else { return nil }
        return Double(last.median - first.median) / Double(first.median)
    }
}
