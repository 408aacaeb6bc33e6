public import ReceiptCore
public import ReceiptStore

/// How much dearer the user's own basket got: a Laspeyres index over the products they bought,
/// chained month to month. What `receipts inflation` shows.
///
/// For two months a and b, over the products bought in both (a product as ``ProductPrices`` counts
/// it: the name's key with its unit), with p a month's median unit price and q the amount bought in
/// a (in the product's unit: two 930 ml bottles are 1.86 l):
/// `I(a, b) = Σ p_b·q_a / Σ p_a·q_a`. Over a range the consecutive months are chained,
/// `I = Π I(m, m+1)`; a pair with fewer than ``minimumMatched`` products bought in both is skipped
/// (it counts as no change) and reported. The coverage says how much of the range's spending the
/// index rests on: the lines of products in a counted pair, in that pair's months, against all lines.
public struct PersonalInflation: Sendable, Equatable {
    /// Two consecutive months chained into the index.
    public struct Pair: Sendable, Equatable {
        /// The earlier month.
        public let from: Month
        /// The month after it.
        public let to: Month
        /// `I(from, to)`: 1.02 is 2 % dearer.
        public let factor: Double
        /// The products bought in both months.
        public let matched: Int
    }

    /// Two consecutive months with too few products in common to compare.
    public struct Skipped: Sendable, Equatable {
        /// The earlier month.
        public let from: Month
        /// The month after it.
        public let to: Month
        /// The products bought in both months.
        public let matched: Int
    }

    /// The fewest products two months must share for their pair to count.
    public static let minimumMatched = 5

    /// A category's own index.
    public struct CategoryIndex: Sendable, Equatable {
        /// The category of the lines.
        public let category: Category
        /// Its chained index.
        public let index: Double
    }

    /// The first month of the range.
    public let from: Month
    /// The last month of the range.
    public let to: Month
    /// The chained index over the range: 1.08 is 8 % dearer; 1 when no pair counted.
    public let index: Double
    /// The share of the range's spending on the products the counted pairs compare (0…1).
    public let coverage: Double
    /// The pairs chained, oldest first.
    public let pairs: [Pair]
    /// The pairs left out, oldest first.
    public let skipped: [Skipped]
    /// The same index within each category that has a pair to count, most spent on first.
    public let categories: [CategoryIndex]

    /// How many months the index covers when no range is asked for: the last twelve with receipts.
    public static let defaultMonths = 12

    /// The index over `months` of the database's sales.
    public static func read(from database: ReceiptDatabase, months: ClosedRange<Month>) throws -> PersonalInflation {
        let kept = try database.productMonths(from: months.lowerBound, through: months.upperBound)
        return of(kept, from: months.lowerBound, to: months.upperBound)
    }

    /// The months the index covers when none are asked for: the last ``defaultMonths`` up to the latest
    /// with receipts; nil when the database has none.
    public static func defaultRange(in database: ReceiptDatabase) throws -> ClosedRange<Month>? {
        guard let available = try database.monthRange() else { return nil }
        let latest = available.upperBound
        return max(available.lowerBound, latest.advanced(by: 1 - defaultMonths) ?? latest)...latest
    }

    /// The index of the kept product months `products` from `from` through `to`. A product counts in
    /// a category's own index in the months most of its lines counted there.
    public static func of(_ products: [ProductMonth], from: Month, to: Month, minimumMatched: Int = minimumMatched)
        -> PersonalInflation
    {
        let lines = products.filter { (from...to).contains($0.month) }
        var byMonth: [Month: [Product: ProductMonth]] = [:]
        for line in lines { byMonth[line.month, default: [:]][line.product] = line }
        let overall = chain(byMonth, in: nil, from: from, to: to, minimumMatched: minimumMatched)
        let total = lines.reduce(0) { $0 + $1.spending.kopecks }
        var spentByCategory: [Category: Int64] = [:]
        for line in lines { spentByCategory[line.category, default: 0] += line.spending.kopecks }
        let categories = spentByCategory.sorted { ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue) }.compactMap
        {
            category, _ -> CategoryIndex? in
            let result = chain(byMonth, in: category, from: from, to: to, minimumMatched: minimumMatched)
            return result.pairs.isEmpty ? nil : CategoryIndex(category: category, index: result.index)
        }
        return PersonalInflation(
            from: from, to: to, index: overall.index,
            coverage: total > 0 ? Double(overall.coveredSpending) / Double(total) : 0, pairs: overall.pairs,
            skipped: overall.skipped, categories: categories)
    }

    /// The chained index of the products of `byMonth` (those of `category` in both months of a pair,
    /// when given), its pairs, the skipped ones, and the spending it covers.
    private static func chain(
        _ byMonth: [Month: [Product: ProductMonth]], in category: Category?, from: Month, to: Month,
        minimumMatched: Int
    ) -> (index: Double, pairs: [Pair], skipped: [Skipped], coveredSpending: Int64) {
        var index = 1.0
        var pairs: [Pair] = []
        var skipped: [Skipped] = []
        struct Counted: Hashable {
            let month: Month
            let product: Product
        }
        var covered: Set<Counted> = []
        var coveredSpending: Int64 = 0
        for (a, b) in zip(Month.range(from: from, through: to), Month.range(from: from, through: to).dropFirst()) {
            let first = byMonth[a, default: [:]]
            let second = byMonth[b, default: [:]]
            // In one order, so that the sums come out the same every time.
            let matched = first.filter { product, line in
                guard let later = second[product] else { return false }
                return category.map { line.category == $0 && later.category == $0 } ?? true
            }.keys.sorted {
                ($0.id, $0.unit.rawValue) < ($1.id, $1.unit.rawValue)
            }
            guard matched.count >= minimumMatched else {
                skipped.append(Skipped(from: a, to: b, matched: matched.count))
                continue
            }
            var now = 0.0
            var before = 0.0
            for product in matched {
                guard let earlier = first[product], let later = second[product] else { continue }
                let quantity = Double(earlier.thousandths) / 1_000
                now += Double(later.median) * quantity
                before += Double(earlier.median) * quantity
                // The coverage is the whole index's only.
                guard category == nil else { continue }
                for line in [earlier, later] where covered.insert(Counted(month: line.month, product: product)).inserted
                {
                    coveredSpending += line.spending.kopecks
                }
            }
            guard before > 0 else {
                skipped.append(Skipped(from: a, to: b, matched: matched.count))
                continue
            }
            let factor = now / before
            index *= factor
            pairs.append(Pair(from: a, to: b, factor: factor, matched: matched.count))
        }
        return (index, pairs, skipped, coveredSpending)
    }
}
