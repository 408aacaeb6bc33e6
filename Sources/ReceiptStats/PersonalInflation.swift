public import ReceiptCore
public import ReceiptStore

/// How much dearer the user's own basket got: a Laspeyres index over what they bought, chained month
/// to month. What `receipts inflation` shows.
///
/// Each pair of consecutive months (a, b) compares like with like at the most specific level the two
/// share. A product (a name's key with its unit; a GTIN is the name it was first seen with) bought in
/// b is compared with its price in the nearest earlier month where it was bought, a or up to
/// ``lookBack`` − 1 months before it within the range (sparse months: the price carried over, not
/// the pair skipped). A product kind (`ProductKinds`: «молоко питьевое» whatever the brand) none of
/// whose products can be compared so is compared at the kind's level, its prices per the kind's
/// amount (milk per litre). With p a median price and q the amount bought in the earlier month:
/// `I(a, b) = Σ p_b·q_r / Σ p_r·q_r`; over a range `I = Π I(m, m+1)`. A pair that compares fewer than
/// ``minimumMatched`` products and kinds is skipped (counted as no change) and said. The coverage is
/// the share of the range's whole spending whose lines a comparison rests on, so that nobody takes
/// the index for the whole; what was left out is said by reason (``leftOut``).
public struct PersonalInflation: Sendable, Equatable {
    /// Two consecutive months chained into the index.
    public struct Pair: Sendable, Equatable {
        /// The earlier month.
        public let from: Month
        /// The month after it.
        public let to: Month
        /// `I(from, to)`: 1.02 is 2 % dearer.
        public let factor: Double
        /// The products and kinds compared.
        public let matched: Int
        /// How many of them were compared at the kind's level.
        public let kinds: Int
    }

    /// Why a pair of months was left out.
    public enum SkipReason: String, Sendable, Equatable {
        /// One of the months has no purchases with prices.
        case noPurchases
        /// Fewer than ``minimumMatched`` products and kinds to compare.
        case tooFew
    }

    /// Two consecutive months with too few products in common to compare.
    public struct Skipped: Sendable, Equatable {
        /// The earlier month.
        public let from: Month
        /// The month after it.
        public let to: Month
        /// The products and kinds that could be compared.
        public let matched: Int
        /// Why.
        public let reason: SkipReason
    }

    /// Why spending of the range is not in the index.
    public enum LeftOutReason: String, Sendable, Equatable, CaseIterable {
        /// Lines with no price to compare: services, fuel paid by sum, refunds, pending receipts.
        case noUnitPrice
        /// Bought in one month of the range, or too far apart, with nothing of its kind to compare.
        case noEarlierPrice
        /// In a pair of months left out.
        case skippedPair
    }

    /// Spending left out of the index for one reason.
    public struct LeftOut: Sendable, Equatable {
        /// Why.
        public let reason: LeftOutReason
        /// How much.
        public let spending: Money
    }

    /// The fewest products and kinds a pair must compare to count.
    public static let minimumMatched = 5

    /// How many months back a price is looked for: the month before and the two before it.
    public static let lookBack = 3

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
    /// The share of the range's spending the counted pairs compare (0…1).
    public let coverage: Double
    /// The pairs chained, oldest first.
    public let pairs: [Pair]
    /// The pairs left out, oldest first.
    public let skipped: [Skipped]
    /// The same index within each category that has a pair to count, most spent on first.
    public let categories: [CategoryIndex]
    /// The spending not in the index, by reason, the largest first; none when nothing was left out.
    public let leftOut: [LeftOut]
    /// The range's whole spending.
    public let spending: Money

    /// How many months the index covers when no range is asked for: the last twelve with receipts.
    public static let defaultMonths = 12

    /// The index over `months` of the database's sales.
    public static func read(from database: ReceiptDatabase, months: ClosedRange<Month>) throws -> PersonalInflation {
        let products = try database.productMonths(from: months.lowerBound, through: months.upperBound)
        let kinds = try database.kindMonths(from: months.lowerBound, through: months.upperBound)
        let spending = try database.monthTotals(months).reduce(0) { $0 + $1.total.kopecks }
        return of(
            products, kinds: kinds, from: months.lowerBound, to: months.upperBound, spending: Money(kopecks: spending))
    }

    /// The months the index covers when none are asked for: the last ``defaultMonths`` months that
    /// have receipts; nil when the database has none.
    public static func defaultRange(in database: ReceiptDatabase) throws -> ClosedRange<Month>? {
        let months = try database.monthTotals().map(\.month)
        guard let latest = months.last else { return nil }
        return months.suffix(defaultMonths).first.map { $0...latest }
    }

    /// The index of the kept product and kind months from `from` through `to`; `spending` is the
    /// range's whole spending (nil: what the product months spent). A product counts in a category's
    /// own index in the months most of its lines counted there.
    public static func of(
        _ products: [ProductMonth], kinds: [KindMonth] = [], from: Month, to: Month, spending: Money? = nil,
        minimumMatched: Int = minimumMatched
    ) -> PersonalInflation {
        let range = from...to
        let basket = Basket(
            products: products.filter { range.contains($0.month) }, kinds: kinds.filter { range.contains($0.month) })
        let overall = basket.chain(in: nil, from: from, to: to, minimumMatched: minimumMatched)
        let priced = basket.productRows.values.reduce(0) { $0 + $1.spending.kopecks }
        let total = spending?.kopecks ?? priced
        let categories = basket.spentByCategory.sorted { ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue) }
            .compactMap { category, _ -> CategoryIndex? in
                let result = basket.chain(in: category, from: from, to: to, minimumMatched: minimumMatched)
                return result.pairs.isEmpty ? nil : CategoryIndex(category: category, index: result.index)
            }
        // What the skipped pairs' months spent on what no counted pair compares.
        let skippedMonths = Set(overall.skipped.flatMap { [$0.from, $0.to] })
        let skippedSpending = basket.productRows.reduce(Int64(0)) { total, entry in
            skippedMonths.contains(entry.key.month) && !overall.covered.contains(entry.key)
                ? total + entry.value.spending.kopecks : total
        }
        var leftOut: [LeftOut] = [
            LeftOut(reason: .noUnitPrice, spending: Money(kopecks: max(0, total - priced))),
            LeftOut(
                reason: .noEarlierPrice,
                spending: Money(kopecks: max(0, priced - overall.coveredSpending - skippedSpending))),
            LeftOut(reason: .skippedPair, spending: Money(kopecks: skippedSpending)),
        ]
        leftOut = leftOut.filter { $0.spending.kopecks > 0 }.sorted { $0.spending.kopecks > $1.spending.kopecks }
        return PersonalInflation(
            from: from, to: to, index: overall.index,
            coverage: total > 0 ? Double(overall.coveredSpending) / Double(total) : 0, pairs: overall.pairs,
            skipped: overall.skipped, categories: categories, leftOut: leftOut, spending: Money(kopecks: total))
    }

    /// The kept months of a range, looked up by month.
    struct Basket {
        struct ProductKey: Hashable {
            let month: Month
            let product: Product
        }

        struct KindKey: Hashable {
            let month: Month
            let kind: String
        }

        var productRows: [ProductKey: ProductMonth] = [:]
        var productsByMonth: [Month: [Product]] = [:]
        var kindRows: [KindKey: KindMonth] = [:]
        var kindsByMonth: [Month: [String]] = [:]
        /// Each month's products of each kind, with a unit the kind's figures count.
        var kindProducts: [KindKey: [Product]] = [:]
        var spentByCategory: [Category: Int64] = [:]

        init(products: [ProductMonth], kinds: [KindMonth]) {
            for row in products {
                productRows[ProductKey(month: row.month, product: row.product)] = row
                productsByMonth[row.month, default: []].append(row.product)
                spentByCategory[row.category, default: 0] += row.spending.kopecks
                if let kind = row.product.kind?.series(for: row.product.unit) {
                    kindProducts[KindKey(month: row.month, kind: kind.id), default: []].append(row.product)
                }
            }
            for row in kinds {
                kindRows[KindKey(month: row.month, kind: row.kind.id)] = row
                kindsByMonth[row.month, default: []].append(row.kind.id)
            }
            // In one order, so that the sums come out the same every time.
            for month in productsByMonth.keys {
                productsByMonth[month]?.sort { ($0.id, $0.unit.rawValue) < ($1.id, $1.unit.rawValue) }
            }
            for month in kindsByMonth.keys { kindsByMonth[month]?.sort() }
        }

        /// The chained index of the products and kinds (those of `category` in both months of a
        /// pair, when given), its pairs, the skipped ones, and the spending it covers.
        func chain(in category: Category?, from: Month, to: Month, minimumMatched: Int) -> (
            index: Double, pairs: [Pair], skipped: [Skipped], coveredSpending: Int64, covered: Set<ProductKey>
        ) {
            var index = 1.0
            var pairs: [Pair] = []
            var skipped: [Skipped] = []
            var covered: Set<ProductKey> = []
            var coveredSpending: Int64 = 0
            func cover(_ key: ProductKey) {
                guard category == nil, covered.insert(key).inserted, let row = productRows[key] else { return }
                coveredSpending += row.spending.kopecks
            }
            let months = Array(Month.range(from: from, through: to))
            for (position, b) in months.enumerated().dropFirst() {
                let a = months[position - 1]
                // The months a price may be carried from, the nearest first.
                let earlier = months[max(0, position - lookBack)..<position].reversed()
                let current = productsByMonth[b] ?? []
                guard !current.isEmpty, earlier.contains(where: { productsByMonth[$0] != nil }) else {
                    skipped.append(Skipped(from: a, to: b, matched: 0, reason: .noPurchases))
                    continue
                }
                var now = 0.0
                var before = 0.0
                var matched = 0
                var kindsCompared = 0
                // The amounts of each kind compared product by product, by the month they were bought in.
                var comparedAmounts: [KindKey: Int64] = [:]
                // The kinds whose month a product compared in an amount the kind cannot tell.
                var untold: Set<KindKey> = []
                var used: [ProductKey] = []
                for product in current {
                    guard let later = productRows[ProductKey(month: b, product: product)],
                        let reference = earlier.lazy.compactMap({
                            productRows[ProductKey(month: $0, product: product)]
                        }).first,
                        category.map({ later.category == $0 && reference.category == $0 }) ?? true
                    else { continue }
                    let quantity = Double(reference.thousandths) / 1_000
                    now += Double(later.median) * quantity
                    before += Double(reference.median) * quantity
                    matched += 1
                    if let kind = product.kind {
                        // A product whose amount the kind cannot take (eggs by the piece, their count
                        // unknown) leaves nothing of the kind to compare that month: never twice.
                        let key = KindKey(month: reference.month, kind: kind.id)
                        if let amount = kind.amount(of: reference) {
                            comparedAmounts[key, default: 0] += amount
                        } else {
                            untold.insert(key)
                        }
                    }
                    used += [
                        ProductKey(month: b, product: product), ProductKey(month: reference.month, product: product),
                    ]
                }
                // What of a kind its products did not compare is compared at the kind's level: the
                // earlier month's amount of the kind less what its products compared.
                for kind in kindsByMonth[b] ?? [] {
                    guard let later = kindRows[KindKey(month: b, kind: kind)],
                        let reference = earlier.lazy.compactMap({ kindRows[KindKey(month: $0, kind: kind)] }).first,
                        category.map({ later.category == $0 && reference.category == $0 }) ?? true
                    else { continue }
                    let key = KindKey(month: reference.month, kind: kind)
                    guard !untold.contains(key) else { continue }
                    let rest = reference.thousandths - comparedAmounts[key, default: 0]
                    // Prices more than twice apart are different goods under one kind (a curd snack of
                    // 50 g against a pack of six), not a price that changed: left out.
                    guard rest > 0, later.median / 2 <= reference.median, reference.median / 2 <= later.median else {
                        continue
                    }
                    let quantity = Double(rest) / 1_000
                    now += Double(later.median) * quantity
                    before += Double(reference.median) * quantity
                    matched += 1
                    kindsCompared += 1
                    for month in [b, reference.month] {
                        used += (kindProducts[KindKey(month: month, kind: kind)] ?? []).map {
                            ProductKey(month: month, product: $0)
                        }
                    }
                }
                guard matched >= minimumMatched, before > 0 else {
                    skipped.append(Skipped(from: a, to: b, matched: matched, reason: .tooFew))
                    continue
                }
                used.forEach(cover)
                let factor = now / before
                index *= factor
                pairs.append(Pair(from: a, to: b, factor: factor, matched: matched, kinds: kindsCompared))
            }
            return (index, pairs, skipped, coveredSpending, covered)
        }
    }
}

extension ProductKind {
    /// The kind when a product counted in `unit` gives its figures (a kilogram for a litre); nil for
    /// one that does not (milk with no size printed, by the piece).
    fileprivate func series(for unit: PriceUnit) -> ProductKind? {
        unit == self.unit || assumesDensity(for: unit) ? self : nil
    }

    /// What of a product's month the kind's figures hold, in the kind's amount (thousandths of its
    /// `per`): all of it when its unit gives the kind's (a kilogram for a litre), none when it does not
    /// (milk by the piece, no size printed); nil when the kind holds its lines in an amount the product
    /// cannot tell (eggs counted by ten, the product by the piece).
    fileprivate func amount(of month: ProductMonth) -> Int64? {
        let unit = month.product.unit
        guard series(for: unit) != nil else { return 0 }
        let (scaled, overflow) = month.thousandths.multipliedReportingOverflow(by: 1_000)
        guard unit != .piece || per == 1_000, !overflow else { return nil }
        return scaled.dividedRoundingHalfAway(by: per)
    }
}
