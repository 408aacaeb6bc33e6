public import ReceiptCore
public import ReceiptStats

// The `--json` shapes of `prices`, `inflation`, `budget` and `recurring`, which the reports' JSON
// carries too.

/// The `--json` shape of `prices`: `{"kinds": [{"kind", "id", "unit", "per", "months", "shops",
/// "change", "assumesDensity", "products": [product]}], "products": [product]}`, a product `{"name",
/// "heading", "unit": "kg"|"l"|"piece", "months": [{"month", "min", "median", "max", "purchases"}],
/// "shops": [{"shop", "last", "min"}], "change"}`; `kind` the kind's name in the language asked, `per`
/// how much of its unit its prices are for (10 for eggs), prices in kopecks per unit (a kind's per
/// `per` units), `change` the last month's median against the first's (0.12 is 12 % dearer; null
/// with one month). `products` at the top level are those of no kind.
public struct PricesJSON: Encodable, Sendable {
    struct MonthLine: Encodable, Sendable {
        let month: String
        let min: Int64
        let median: Int64
        let max: Int64
        let purchases: Int

        static func of(_ months: [ProductPrices.MonthPrices]) -> [MonthLine] {
            months.map {
                MonthLine(
                    month: $0.month.description, min: $0.minimum, median: $0.median, max: $0.maximum,
                    purchases: $0.purchases)
            }
        }
    }

    struct ShopLine: Encodable, Sendable {
        let shop: String
        let last: Int64
        let min: Int64

        static func of(_ shops: [ProductPrices.ShopPrice]) -> [ShopLine] {
            shops.map { ShopLine(shop: $0.shop, last: $0.last, min: $0.minimum) }
        }
    }

    struct Product: Encodable, Sendable {
        let name: String
        let heading: String
        let unit: String
        let months: [MonthLine]
        let shops: [ShopLine]
        @NullWhenAbsent var change: Double?

        init(_ product: ProductPrices) {
            name = product.name
            heading = product.heading
            unit = product.unit.rawValue
            months = MonthLine.of(product.months)
            shops = ShopLine.of(product.shops)
            change = product.change.map(PricesJSON.rounded)
        }
    }

    struct Kind: Encodable, Sendable {
        let kind: String
        let id: String
        let unit: String
        let per: Double
        let months: [MonthLine]
        let shops: [ShopLine]
        @NullWhenAbsent var change: Double?
        let assumesDensity: Bool
        let products: [Product]

        init(_ kind: PriceReport.KindPrices, language: Language) {
            self.kind = kind.kind.name(in: language)
            id = kind.kind.id
            unit = kind.kind.unit.rawValue
            per = Double(kind.kind.per) / 1_000
            months = MonthLine.of(kind.months)
            shops = ShopLine.of(kind.shops)
            change = kind.change.map(PricesJSON.rounded)
            assumesDensity = kind.assumesDensity
            products = kind.products.map(Product.init)
        }
    }

    let kinds: [Kind]
    let products: [Product]

    /// The kinds and products as `prices --json` lists them, the kinds named in `language`.
    public init(_ report: PriceReport, language: Language) {
        kinds = report.kinds.map { Kind($0, language: language) }
        products = report.products.map(Product.init)
    }

    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}

/// The `--json` shape of `inflation`: `{"from", "to", "index", "coverage", "spending", "pairs":
/// [{"from", "to", "factor", "matched", "kinds"}], "skipped": [{"from", "to", "matched", "reason"}],
/// "leftOut": [{"reason", "spending"}], "categories": [{"category", "index"}], "official": [{"series",
/// "index", "missing"}]}`; the index and factors as ratios (1.034 is 3.4 % dearer), coverage 0…1, four
/// decimals; spending in kopecks; `reason` of a skipped pair `noPurchases` or `tooFew`, of spending left
/// out `noUnitPrice`, `noEarlierPrice` or `skippedPair`; `official` Росстат's CPI over the same months
/// (`all`, `food`), its index null with the months its table lacks.
public struct InflationJSON: Encodable, Sendable {
    struct PairLine: Encodable, Sendable {
        let from: String
        let to: String
        let factor: Double
        let matched: Int
        let kinds: Int
    }

    struct SkippedLine: Encodable, Sendable {
        let from: String
        let to: String
        let matched: Int
        let reason: String
    }

    struct LeftOutLine: Encodable, Sendable {
        let reason: String
        let spending: Int64
    }

    struct CategoryLine: Encodable, Sendable {
        let category: String
        let index: Double
    }

    struct OfficialLine: Encodable, Sendable {
        let series: String
        @NullWhenAbsent var index: Double?
        let missing: [String]
    }

    let from: String
    let to: String
    let index: Double
    let coverage: Double
    let spending: Int64
    let pairs: [PairLine]
    let skipped: [SkippedLine]
    let leftOut: [LeftOutLine]
    let categories: [CategoryLine]
    let official: [OfficialLine]

    /// The index as `inflation --json` gives it, with the official one over the same months.
    public init(_ inflation: PersonalInflation, official: OfficialInflation? = nil) {
        func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
        from = inflation.from.description
        to = inflation.to.description
        index = rounded(inflation.index)
        coverage = rounded(inflation.coverage)
        spending = inflation.spending.kopecks
        pairs = inflation.pairs.map {
            PairLine(
                from: $0.from.description, to: $0.to.description, factor: rounded($0.factor), matched: $0.matched,
                kinds: $0.kinds)
        }
        skipped = inflation.skipped.map {
            SkippedLine(
                from: $0.from.description, to: $0.to.description, matched: $0.matched, reason: $0.reason.rawValue)
        }
        leftOut = inflation.leftOut.map { LeftOutLine(reason: $0.reason.rawValue, spending: $0.spending.kopecks) }
        categories = inflation.categories.map { CategoryLine(category: $0.category.rawValue, index: rounded($0.index)) }
        self.official = (official?.series ?? []).map {
            OfficialLine(
                series: $0.series.rawValue, index: $0.index.map(rounded), missing: $0.missing.map(\.description))
        }
    }
}

/// The `--json` shape of `budget`: `{"month", "budgets": [{"category", "limit", "spent", "left",
/// "projected"}]}`, amounts in kopecks.
public struct BudgetJSON: Encodable, Sendable {
    struct Line: Encodable, Sendable {
        let category: String
        let limit: Int64
        let spent: Int64
        let left: Int64
        let projected: Int64
    }

    /// Whose limits, when they are one person's (`budget --person`).
    let person: String?
    let month: String
    let budgets: [Line]

    /// The standing as `budget --json` gives it; `person` names whose it is.
    public init(_ status: BudgetStatus, person: String? = nil) {
        self.person = person
        month = status.month.description
        budgets = status.lines.map {
            Line(
                category: $0.category.rawValue, limit: $0.limit.kopecks, spent: $0.spent.kopecks, left: $0.left.kopecks,
                projected: $0.projected.kopecks)
        }
    }
}

/// The `--json` shape of `recurring`: `{"recurring": [{"shop", "amount", "period":
/// "weekly"|"monthly"|"yearly", "times", "first", "last", "next", "stopped"}]}`, the amount in kopecks,
/// dates as `YYYY-MM-DD`.
public struct RecurringJSON: Encodable, Sendable {
    struct Line: Encodable, Sendable {
        let shop: String
        let amount: Int64
        let period: String
        let times: Int
        let first: String
        let last: String
        let next: String
        let stopped: Bool

        init(_ payment: RecurringPayment) {
            shop = payment.shop
            amount = payment.amount.kopecks
            period = payment.period.rawValue
            times = payment.times
            first = payment.first.isoDate
            last = payment.last.isoDate
            next = payment.next.isoDate
            stopped = payment.stopped
        }
    }

    let recurring: [Line]

    /// The payments as `recurring --json` lists them.
    public init(_ payments: [RecurringPayment]) {
        recurring = payments.map(Line.init)
    }
}
