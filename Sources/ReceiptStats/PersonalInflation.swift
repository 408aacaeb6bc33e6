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
/// amount (milk per litre). A kind's products bought by the piece with no size printed («Молоко
/// 1%,шт») that no product comparison took are compared last, at their unit value (what they cost
/// over how many pieces, in kopecks rounded half away from zero). Kind-level prices more than twice
/// apart are different goods under one name and left out. With p a median price (the unit value for
/// pieces) and q the amount bought in the earlier month:
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
        let products = try database.productMonths(
            from: months.lowerBound, through: months.upperBound, headings: false)
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
        let months = Month.range(from: from, through: to)
        let basket = Basket(products: products, kinds: kinds, months: months)
        let overall = basket.chain(in: nil, minimumMatched: minimumMatched)
        let priced = basket.productRows.values.reduce(0) { $0 + $1.spending.kopecks }
        let total = spending?.kopecks ?? priced
        let categories = basket.spentByCategory.sorted { ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue) }
            .compactMap { category, _ -> CategoryIndex? in
                let result = basket.chain(in: category, minimumMatched: minimumMatched)
                return result.pairs.isEmpty ? nil : CategoryIndex(category: category, index: result.index)
            }
        // What the skipped pairs' months spent on what no counted pair compares.
        let skippedMonths = Set(overall.skipped.flatMap { [$0.from, $0.to] })
        let skippedSpending = basket.productRows.reduce(Int64(0)) { total, entry in
            skippedMonths.contains(months[entry.key >> 32]) && !overall.covered.contains(entry.key)
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

    /// The kept months of a range, looked up by the month's place in the range and a number given
    /// to each product and kind: a chain reads each product several times in each of several
    /// chains, and numbers hash and copy far faster than products.
    struct Basket {
        /// A product's or a kind's month: the month's place in the range (high half) and the product's
        /// or kind's number (low half).
        typealias Key = Int

        static func key(_ month: Int, _ number: Int) -> Key { month << 32 | number }

        /// A kind's products bought by the piece in one month, priced at their unit value: what they
        /// cost over how many pieces, in kopecks a piece rounded half away from zero.
        struct Pieces {
            var products: [Int] = []
            var thousandths: Int64 = 0
            var spending: Int64 = 0
            var purchases: [Category: Int] = [:]

            var price: Int64 {
                let (scaled, overflow) = spending.multipliedReportingOverflow(by: 1_000)
                return overflow || thousandths <= 0 ? 0 : scaled.dividedRoundingHalfAway(by: thousandths)
            }

            /// The category most of its lines counted in, by name on a tie.
            var category: Category? {
                purchases.max { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }?.key
            }
        }

        /// The months of the range, in order.
        let months: [Month]
        var productRows: [Key: ProductMonth] = [:]
        /// Each month's product numbers, in one order (by name row and unit), so that the sums come
        /// out the same every time.
        var productsByMonth: [[Int]]
        var kindRows: [Key: KindMonth] = [:]
        var kindsByMonth: [[Int]]
        /// Each product's kind number, −1 for none.
        var productKind: [Int] = []
        /// Each kind number's kind.
        var kinds: [ProductKind] = []
        /// Each month's products of each kind, with a unit the kind's figures count.
        var kindProducts: [Key: [Int]] = [:]
        /// Each month's products of a kind counted in kilograms or litres that were bought by the
        /// piece, their size not printed («Молоко 1%,шт»): the kind's pieces.
        var pieceRows: [Key: Pieces] = [:]
        var piecesByMonth: [[Int]]
        var spentByCategory: [Category: Int64] = [:]

        init(products: [ProductMonth], kinds kindMonths: [KindMonth], months: [Month]) {
            self.months = months
            let place = Dictionary(months.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
            productsByMonth = Array(repeating: [], count: months.count)
            kindsByMonth = Array(repeating: [], count: months.count)
            piecesByMonth = Array(repeating: [], count: months.count)
            var productNumbers: [Product: Int] = [:]
            var productOrder: [(id: Int64, unit: String)] = []
            var kindNumbers: [String: Int] = [:]
            func kindNumber(_ kind: ProductKind) -> Int {
                if let known = kindNumbers[kind.id] { return known }
                kindNumbers[kind.id] = kinds.count
                kinds.append(kind)
                return kinds.count - 1
            }
            for row in products {
                guard let month = place[row.month] else { continue }
                let number: Int
                if let known = productNumbers[row.product] {
                    number = known
                } else {
                    number = productKind.count
                    productNumbers[row.product] = number
                    productOrder.append((row.product.id, row.product.unit.rawValue))
                    productKind.append(row.product.kind.map(kindNumber) ?? -1)
                }
                productRows[Self.key(month, number)] = row
                productsByMonth[month].append(number)
                spentByCategory[row.category, default: 0] += row.spending.kopecks
                guard let kind = row.product.kind else { continue }
                let key = Self.key(month, productKind[number])
                if kind.series(for: row.product.unit) != nil {
                    kindProducts[key, default: []].append(number)
                } else if kind.takesPieces(row.product.unit) {
                    if pieceRows[key] == nil { piecesByMonth[month].append(productKind[number]) }
                    pieceRows[key, default: Pieces()].products.append(number)
                    pieceRows[key]?.thousandths += row.thousandths
                    pieceRows[key]?.spending += row.spending.kopecks
                    pieceRows[key]?.purchases[row.category, default: 0] += row.purchases
                }
            }
            for row in kindMonths {
                guard let month = place[row.month] else { continue }
                let number = kindNumber(row.kind)
                kindRows[Self.key(month, number)] = row
                kindsByMonth[month].append(number)
            }
            // In one order, so that the sums come out the same every time.
            for month in months.indices {
                productsByMonth[month].sort { productOrder[$0] < productOrder[$1] }
                kindsByMonth[month].sort { kinds[$0].id < kinds[$1].id }
                piecesByMonth[month].sort { kinds[$0].id < kinds[$1].id }
            }
        }

        /// The nearest of the `lookBack` months before month `position` where `rows` has `number`.
        private func nearest<Row>(_ rows: [Key: Row], _ number: Int, before position: Int) -> (month: Int, row: Row)? {
            var month = position - 1
            while month >= max(0, position - lookBack) {
                if let row = rows[Self.key(month, number)] { return (month, row) }
                month -= 1
            }
            return nil
        }

        /// The chained index of the products and kinds (those of `category` in both months of a
        /// pair, when given), its pairs, the skipped ones, and the spending it covers (by product
        /// month).
        func chain(in category: Category?, minimumMatched: Int) -> (
            index: Double, pairs: [Pair], skipped: [Skipped], coveredSpending: Int64, covered: Set<Key>
        ) {
            var index = 1.0
            var pairs: [Pair] = []
            var skipped: [Skipped] = []
            var covered: Set<Key> = []
            var coveredSpending: Int64 = 0
            func inCategory(_ later: Category?, _ reference: Category?) -> Bool {
                category.map { later == $0 && reference == $0 } ?? true
            }
            for b in months.indices.dropFirst() {
                let (from, to) = (months[b - 1], months[b])
                let current = productsByMonth[b]
                guard !current.isEmpty, (max(0, b - lookBack)..<b).contains(where: { !productsByMonth[$0].isEmpty })
                else {
                    skipped.append(Skipped(from: from, to: to, matched: 0, reason: .noPurchases))
                    continue
                }
                var now = 0.0
                var before = 0.0
                var matched = 0
                var kindsCompared = 0
                // The amounts of each kind compared product by product, by the month they were bought in.
                var comparedAmounts: [Key: Int64] = [:]
                // The kinds whose month a product compared in an amount the kind cannot tell.
                var untold: Set<Key> = []
                // The pieces of each kind compared product by product, by the month they were bought in.
                var comparedPieces: [Key: Int64] = [:]
                var used: [Key] = []
                // One comparison: `thousandths` of the earlier month's amount at both months' prices.
                func compare(_ laterPrice: Int64, _ referencePrice: Int64, _ thousandths: Int64) {
                    let quantity = Double(thousandths) / 1_000
                    now += Double(laterPrice) * quantity
                    before += Double(referencePrice) * quantity
                    matched += 1
                }
                for product in current {
                    guard let later = productRows[Self.key(b, product)],
                        let (month, reference) = nearest(productRows, product, before: b),
                        inCategory(later.category, reference.category)
                    else { continue }
                    compare(later.median, reference.median, reference.thousandths)
                    let kindNumber = productKind[product]
                    if kindNumber >= 0 {
                        // A product whose amount the kind cannot take (eggs by the piece, their count
                        // unknown) leaves nothing of the kind to compare that month: never twice.
                        let kind = kinds[kindNumber]
                        let key = Self.key(month, kindNumber)
                        if kind.takesPieces(reference.product.unit) {
                            comparedPieces[key, default: 0] += reference.thousandths
                        } else if let amount = kind.amount(of: reference) {
                            comparedAmounts[key, default: 0] += amount
                        } else {
                            untold.insert(key)
                        }
                    }
                    used += [Self.key(b, product), Self.key(month, product)]
                }
                // What of a kind its products did not compare is compared at the kind's level: the
                // earlier month's amount of the kind less what its products compared.
                for kind in kindsByMonth[b] {
                    guard let later = kindRows[Self.key(b, kind)],
                        let (month, reference) = nearest(kindRows, kind, before: b),
                        inCategory(later.category, reference.category)
                    else { continue }
                    let key = Self.key(month, kind)
                    guard !untold.contains(key) else { continue }
                    let rest = reference.thousandths - comparedAmounts[key, default: 0]
                    // Prices more than twice apart are different goods under one kind (a curd snack of
                    // 50 g against a pack of six), not a price that changed: left out.
                    guard rest > 0, Self.near(later.median, reference.median) else { continue }
                    compare(later.median, reference.median, rest)
                    kindsCompared += 1
                    for month in [b, month] {
                        used += (kindProducts[Self.key(month, kind)] ?? []).map { Self.key(month, $0) }
                    }
                }
                // A kind's pieces («Молоко 1%,шт») its products did not compare are compared at their
                // unit value, under the same bound.
                for kind in piecesByMonth[b] {
                    guard let later = pieceRows[Self.key(b, kind)],
                        let (month, reference) = nearest(pieceRows, kind, before: b),
                        inCategory(later.category, reference.category)
                    else { continue }
                    let rest = reference.thousandths - comparedPieces[Self.key(month, kind), default: 0]
                    guard rest > 0, Self.near(later.price, reference.price) else { continue }
                    compare(later.price, reference.price, rest)
                    kindsCompared += 1
                    used += later.products.map { Self.key(b, $0) } + reference.products.map { Self.key(month, $0) }
                }
                guard matched >= minimumMatched, before > 0 else {
                    skipped.append(Skipped(from: from, to: to, matched: matched, reason: .tooFew))
                    continue
                }
                if category == nil {
                    for key in used where covered.insert(key).inserted {
                        coveredSpending += productRows[key]?.spending.kopecks ?? 0
                    }
                }
                let factor = now / before
                index *= factor
                pairs.append(Pair(from: from, to: to, factor: factor, matched: matched, kinds: kindsCompared))
            }
            return (index, pairs, skipped, coveredSpending, covered)
        }

        /// Two prices of a kind no more than twice apart, both above zero.
        static func near(_ a: Int64, _ b: Int64) -> Bool { a > 0 && b > 0 && a / 2 <= b && b / 2 <= a }
    }
}

extension ProductKind {
    /// Whether a product counted in `unit` is one of the kind's pieces: bought by the piece, its size
    /// not printed, in a kind counted in kilograms or litres.
    fileprivate func takesPieces(_ unit: PriceUnit) -> Bool { unit == .piece && self.unit != .piece }

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
