public import ReceiptCore
public import ReceiptStore

/// What `receipts prices` shows: the product kinds the words find (`ProductKinds`: «молоко
/// питьевое, за литр»), each priced at the kind's level across its products, with those products
/// below it; and the products the words find that belong to no kind.
public struct PriceReport: Sendable, Equatable {
    /// A product kind's prices across its products.
    public struct KindPrices: Sendable, Equatable {
        /// The kind.
        public let kind: ProductKind
        /// Month by month, oldest first, at the kind's level (per litre, per ten eggs): the lines
        /// whose unit gives the kind's; only months it was bought in.
        public let months: [ProductPrices.MonthPrices]
        /// Shop by shop, the cheapest first.
        public let shops: [ProductPrices.ShopPrice]
        /// The last month's median against the first's; nil with one month.
        public let change: Double?
        /// The kind's products the words find, each at its own unit, the most bought first.
        public let products: [ProductPrices]
        /// Whether some of its products are priced in the other of kilogram and litre, 1 g taken as
        /// 1 ml (milk sold by weight).
        public let assumesDensity: Bool

        /// How many lines bought it at the kind's level.
        public var purchases: Int { months.reduce(0) { $0 + $1.purchases } }
    }

    /// The kinds, the most bought first.
    public let kinds: [KindPrices]
    /// The products that belong to no kind, the most bought first.
    public let products: [ProductPrices]

    /// A report of these kinds and products.
    public init(kinds: [KindPrices], products: [ProductPrices]) {
        self.kinds = kinds
        self.products = products
    }

    /// Whether nothing was found.
    public var isEmpty: Bool { kinds.isEmpty && products.isEmpty }

    /// The kinds and products that the words of `text` find (each as the beginning of a word of a
    /// product's name, as `receipts search` matches them, or of a kind's name), bought from `first`
    /// through `last` (nil: no bound). A kind the words name brings all its products; a product the
    /// words find brings its kind.
    public static func read(
        from database: ReceiptDatabase, matching text: String, from first: Month? = nil, through last: Month? = nil
    ) throws -> PriceReport {
        let products = ProductPrices.of(
            months: try database.productMonths(matching: text, from: first, through: last),
            shops: try database.productShops(matching: text, from: first, through: last))
        let ids = Set(products.compactMap(\.kind?.id))
        return of(
            products: products,
            kindMonths: try database.kindMonths(from: first, through: last).filter { ids.contains($0.kind.id) },
            kindShops: try database.kindShops(of: ids, from: first, through: last))
    }

    /// The report of `products` and their kinds' kept months and shops.
    public static func of(products: [ProductPrices], kindMonths: [KindMonth], kindShops: [KindShop] = [])
        -> PriceReport
    {
        var monthsOf: [String: [ProductPrices.MonthPrices]] = [:]
        for row in kindMonths {
            monthsOf[row.kind.id, default: []].append(
                ProductPrices.MonthPrices(
                    month: row.month, minimum: row.lowest, median: row.median, maximum: row.highest,
                    purchases: row.purchases))
        }
        var shopsOf: [String: [ProductPrices.ShopRow]] = [:]
        for row in kindShops {
            shopsOf[row.kind.id, default: []].append(
                ProductPrices.ShopRow(shop: row.shop, lowest: row.lowest, last: row.last, lastAt: row.lastAt))
        }
        var productsOf: [String: [ProductPrices]] = [:]
        var kindOf: [String: ProductKind] = [:]
        for product in products {
            guard let kind = product.kind else { continue }
            productsOf[kind.id, default: []].append(product)
            kindOf[kind.id] = kind
        }
        let kinds = kindOf.values.map { kind -> KindPrices in
            let months = (monthsOf[kind.id] ?? []).sorted { $0.month < $1.month }
            let products = productsOf[kind.id] ?? []
            return KindPrices(
                kind: kind, months: months, shops: ProductPrices.shops(shopsOf[kind.id] ?? []),
                change: ProductPrices.change(months), products: products,
                assumesDensity: products.contains { kind.assumesDensity(for: $0.unit) })
        }
        return PriceReport(
            kinds: kinds.sorted {
                let (a, b) = ($0.products.reduce(0) { $0 + $1.purchases }, $1.products.reduce(0) { $0 + $1.purchases })
                return a != b ? a > b : $0.kind.id < $1.kind.id
            },
            products: products.filter { $0.kind == nil })
    }
}
