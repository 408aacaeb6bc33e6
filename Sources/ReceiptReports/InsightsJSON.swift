import ReceiptCore
public import ReceiptStats

// The `--json` shapes of `prices`, `inflation`, `budget` and `recurring`, which the reports' JSON
// carries too.

/// The `--json` shape of `prices`: `{"products": [{"name", "unit": "kg"|"l"|"piece", "months":
/// [{"month", "min", "median", "max", "purchases"}], "shops": [{"shop", "last", "min"}], "change"}]}`,
/// prices in kopecks per unit, `change` the last month's median against the first's (0.12 is 12 %
/// dearer; null with one month).
public struct PricesJSON: Encodable, Sendable {
    struct Product: Encodable, Sendable {
        struct MonthLine: Encodable, Sendable {
            let month: String
            let min: Int64
            let median: Int64
            let max: Int64
            let purchases: Int
        }

        struct ShopLine: Encodable, Sendable {
            let shop: String
            let last: Int64
            let min: Int64
        }

        let name: String
        let unit: String
        let months: [MonthLine]
        let shops: [ShopLine]
        @NullWhenAbsent var change: Double?

        init(_ product: ProductPrices) {
            name = product.name
            unit = product.unit.rawValue
            months = product.months.map {
                MonthLine(
                    month: $0.month.description, min: $0.minimum, median: $0.median, max: $0.maximum,
                    purchases: $0.purchases)
            }
            shops = product.shops.map { ShopLine(shop: $0.shop, last: $0.last, min: $0.minimum) }
            change = product.change.map { ($0 * 10_000).rounded() / 10_000 }
        }
    }

    let products: [Product]

    /// The products as `prices --json` lists them.
    public init(_ products: [ProductPrices]) {
        self.products = products.map(Product.init)
    }
}

/// The `--json` shape of `inflation`: `{"from", "to", "index", "coverage", "pairs": [{"from", "to",
/// "factor", "matched"}], "skipped": [{"from", "to", "matched"}], "categories": [{"category",
/// "index"}]}`; the index and factors as ratios (1.034 is 3.4 % dearer), coverage 0…1, four decimals.
public struct InflationJSON: Encodable, Sendable {
    struct PairLine: Encodable, Sendable {
        let from: String
        let to: String
        let factor: Double
        let matched: Int
    }

    struct SkippedLine: Encodable, Sendable {
        let from: String
        let to: String
        let matched: Int
    }

    struct CategoryLine: Encodable, Sendable {
        let category: String
        let index: Double
    }

    let from: String
    let to: String
    let index: Double
    let coverage: Double
    let pairs: [PairLine]
    let skipped: [SkippedLine]
    let categories: [CategoryLine]

    /// The index as `inflation --json` gives it.
    public init(_ inflation: PersonalInflation) {
        func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
        from = inflation.from.description
        to = inflation.to.description
        index = rounded(inflation.index)
        coverage = rounded(inflation.coverage)
        pairs = inflation.pairs.map {
            PairLine(from: $0.from.description, to: $0.to.description, factor: rounded($0.factor), matched: $0.matched)
        }
        skipped = inflation.skipped.map {
            SkippedLine(from: $0.from.description, to: $0.to.description, matched: $0.matched)
        }
        categories = inflation.categories.map { CategoryLine(category: $0.category.rawValue, index: rounded($0.index)) }
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

    let month: String
    let budgets: [Line]

    /// The standing as `budget --json` gives it.
    public init(_ status: BudgetStatus) {
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
