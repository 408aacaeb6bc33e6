import GRDB
public import ReceiptCore

/// A product as prices are compared: an item name's key (`ItemName/key(_:)`: the size written in
/// the name does not change it) with the unit its price is counted per. Products of one database are
/// told apart by their name row and unit, which hash far faster than the words.
public struct Product: Sendable, Hashable {
    /// The name row's id in the database the product was read from.
    public let id: Int64
    /// The name key (`молоко паст 3,2%`).
    public let name: String
    /// What its price is counted per.
    public let unit: PriceUnit
    /// The name as people read it: the form its lines printed most (`ItemName/heading(_:)`: the
    /// till's codes and padding gone) over the months read, or as a receipt first printed it.
    public let display: String
    /// The place in `ProductKinds/all` of the kind the name belongs to; nil when none.
    public let kindIndex: Int?
    /// The kind the name belongs to (`ProductKinds/kind(ofKey:)`); nil when none.
    public var kind: ProductKind? { kindIndex.map { ProductKinds.all[$0] } }

    /// A product; `display` is its key when not given.
    public init(id: Int64, name: String, unit: PriceUnit, display: String? = nil) {
        self.id = id
        self.name = name
        self.unit = unit
        self.display = display ?? name
        kindIndex = ProductKinds.index(ofKey: name)
    }

    /// The same name row and unit.
    public static func == (a: Product, b: Product) -> Bool { a.id == b.id && a.unit == b.unit }

    /// Hashes the name row and unit.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(unit)
    }
}

/// One thing's purchases in one month, as the database keeps them: a product's (``ProductMonth``,
/// its lines at their price per unit, `UnitPrice/line(_:facts:)`) or a product kind's
/// (``KindMonth``, its lines priced at the kind's level, `UnitPrice/kindLine(_:facts:)`: milk per
/// litre, eggs per ten). One line of a complete sale is one purchase; prices are in kopecks.
public struct PriceMonth<Subject: Sendable & Equatable>: Sendable, Equatable {
    /// The product or the kind.
    public let subject: Subject
    /// The month, by the shops' local dates.
    public let month: Month
    /// The category most of its lines counted in that month.
    public let category: Category
    /// How many lines bought it.
    public let purchases: Int
    /// How much of its unit (a kind: of the kind's amount) they bought, in thousandths (two 930 ml
    /// bottles: 1860).
    public let thousandths: Int64
    /// What the lines cost.
    public let spending: Money
    /// The lowest price paid.
    public let lowest: Int64
    /// The middle one (of an even number, the mean of the two middle ones, rounded half away from zero).
    public let median: Int64
    /// The highest.
    public let highest: Int64
}

/// One thing's purchases in one month at one shop: a product's (``ProductShop``) or a product
/// kind's at the kind's level (``KindShop``).
public struct PriceShop<Subject: Sendable & Equatable>: Sendable, Equatable {
    /// The product or the kind.
    public let subject: Subject
    /// The month, by the shops' local dates.
    public let month: Month
    /// The shop as lists show it (the place's name, else the receipt's retail place or seller);
    /// empty when the receipts name none.
    public let shop: String
    /// How many lines bought it there.
    public let purchases: Int
    /// The lowest price paid there.
    public let lowest: Int64
    /// The price of the month's latest purchase there.
    public let last: Int64
    /// When that was, by the shop's clock.
    public let lastAt: LocalDateTime
}

/// A product's purchases in one month, at its price per unit.
public typealias ProductMonth = PriceMonth<Product>
/// A product kind's purchases in one month, at the kind's level.
public typealias KindMonth = PriceMonth<ProductKind>
/// A product's purchases in one month at one shop.
public typealias ProductShop = PriceShop<Product>
/// A product kind's purchases in one month at one shop, at the kind's level.
public typealias KindShop = PriceShop<ProductKind>

extension PriceMonth where Subject == Product {
    /// The product.
    public var product: Product { subject }
}

extension PriceMonth {
    /// The same figures of another subject (a product headed otherwise).
    func with(subject: Subject) -> PriceMonth {
        PriceMonth(
            subject: subject, month: month, category: category, purchases: purchases, thousandths: thousandths,
            spending: spending, lowest: lowest, median: median, highest: highest)
    }
}

extension PriceMonth where Subject == ProductKind {
    /// The kind.
    public var kind: ProductKind { subject }
}

extension PriceShop where Subject == Product {
    /// The product.
    public var product: Product { subject }
}

extension PriceShop where Subject == ProductKind {
    /// The kind.
    public var kind: ProductKind { subject }
}

extension PriceUnit {
    /// How the database keeps the unit: 1 kilogram, 2 litre, 3 piece (a number costs an import less
    /// than a word on each of its lines).
    var storedCode: Int64 {
        switch self {
        case .kilogram: 1
        case .litre: 2
        case .piece: 3
        }
    }

    /// The unit kept as `code`; nil for any other number.
    init?(storedCode code: Int64) {
        guard let unit = Self.allCases.first(where: { $0.storedCode == code }) else { return nil }
        self = unit
    }
}

extension ReceiptDatabase {
    /// Each product's months from `first` through `last` (nil: no bound), oldest first; with `text`,
    /// only the products whose names hold every word of it, each as the beginning of a word (as
    /// `receipts search` matches them). With `headings`, each product's `display` is the form its
    /// lines printed most over those months (of equals, the first by its UTF-8 bytes); without, the
    /// form first printed (what inflation, which names no product, reads faster).
    public func productMonths(
        matching text: String? = nil, from first: Month? = nil, through last: Month? = nil, headings: Bool = true
    ) throws(StoreError) -> [ProductMonth] {
        let sources = try priceSources(from: first, through: last)
        return try read { db in
            guard let names = try Self.names(matching: text, in: db) else { return [] }
            var made: [Int64: Product] = [:]
            // The forms other than each name row's first, with their lines over the months read.
            var otherForms: [Int64: [(heading: String, lines: Int64)]] = [:]
            if headings {
                let forms = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT t.name_id, t.price_unit, t.heading, SUM(t.lines) AS lines
                        FROM \(sources.forms) t
                        WHERE t.month IN (\(Self.monthsWithReceipts))\(names.filter)
                        GROUP BY t.name_id, t.price_unit, t.heading
                        """,
                    arguments: Self.bounds(first, last))
                while let row = try forms.next() {
                    let (id, unit): (Int64, Int64) = (row["name_id"], row["price_unit"])
                    otherForms[id &* 8 &+ unit, default: []].append((row["heading"], row["lines"]))
                }
            }
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT t.month, t.name_id, t.price_unit, t.category, t.purchases, t.amount, t.spending,
                        t.lowest, t.median, t.highest
                    FROM \(sources.products) t
                    WHERE t.month IN (\(Self.monthsWithReceipts))\(names.filter)
                    ORDER BY t.month, t.name_id, t.price_unit
                    """,
                arguments: Self.bounds(first, last))
            var months: [ProductMonth] = []
            var known: [String: Month] = [:]
            // The lines of each product with other forms, by id and unit code.
            var purchases: [Int64: Int64] = [:]
            while let row = try rows.next() {
                let product = try Self.product(row, keys: names.keys, made: &made)
                guard let product else { continue }
                let month = try Self.priceMonth(of: product, row, known: &known)
                months.append(month)
                let key = product.id &* 8 &+ product.unit.storedCode
                if otherForms[key] != nil { purchases[key, default: 0] += Int64(month.purchases) }
            }
            // A product is headed by the form most of its lines printed: its first form's lines are
            // those the other forms did not print; of equals, the first form, else the first by its bytes.
            var headed: [Product: Product] = [:]
            for (key, product) in made {
                guard let others = otherForms[key] else { continue }
                let first = ItemName.heading(product.display)
                let firstLines = (purchases[key] ?? 0) - others.reduce(0) { $0 + $1.lines }
                let most = others.reduce((heading: first, lines: firstLines)) { best, form in
                    form.lines > best.lines
                        || form.lines == best.lines && best.heading != first
                            && form.heading.utf8.lexicographicallyPrecedes(best.heading.utf8)
                        ? form : best
                }
                if most.heading != first {
                    headed[product] = Product(
                        id: product.id, name: product.name, unit: product.unit, display: most.heading)
                }
            }
            if !headed.isEmpty {
                months = months.map { month in
                    headed[month.product].map { month.with(subject: $0) } ?? month
                }
            }
            return months
        }
    }

    /// Each product kind's months from `first` through `last` (nil: no bound), oldest first; kinds this
    /// version does not know (kept by a later one) are left out.
    public func kindMonths(from first: Month? = nil, through last: Month? = nil) throws(StoreError) -> [KindMonth] {
        let sources = try priceSources(from: first, through: last)
        return try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT t.month, t.kind, t.category, t.purchases, t.amount, t.spending, t.lowest, t.median, t.highest
                    FROM \(sources.kinds) t
                    WHERE t.month IN (\(Self.monthsWithReceipts))
                    ORDER BY t.month, t.kind
                    """,
                arguments: Self.bounds(first, last))
            var months: [KindMonth] = []
            var known: [String: Month] = [:]
            while let row = try rows.next() {
                guard let kind = ProductKinds.kind(id: row["kind"]) else { continue }
                months.append(try Self.priceMonth(of: kind, row, known: &known))
            }
            return months
        }
    }

    /// The months at each shop of the kinds `kinds` (their identifiers), from `first` through `last`
    /// (nil: no bound).
    public func kindShops(of kinds: Set<String>, from first: Month? = nil, through last: Month? = nil)
        throws(StoreError) -> [KindShop]
    {
        guard !kinds.isEmpty else { return [] }
        let sources = try priceSources(from: first, through: last)
        return try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT t.month, t.kind, t.shop, t.last_at, t.purchases, t.lowest, t.last
                    FROM \(sources.kindShops) t
                    WHERE t.month IN (\(Self.monthsWithReceipts))
                    ORDER BY t.month, t.kind, t.shop
                    """,
                arguments: Self.bounds(first, last))
            var shops: [KindShop] = []
            var known: [String: Month] = [:]
            while let row = try rows.next() {
                let id: String = row["kind"]
                guard kinds.contains(id), let kind = ProductKinds.kind(id: id) else { continue }
                shops.append(try Self.priceShop(of: kind, row, table: "month_kind_shops", known: &known))
            }
            return shops
        }
    }

    /// The months at each shop of the products whose names hold every word of `text`, from `first`
    /// through `last` (nil: no bound).
    public func productShops(matching text: String, from first: Month? = nil, through last: Month? = nil)
        throws(StoreError) -> [ProductShop]
    {
        let sources = try priceSources(from: first, through: last)
        return try read { db in
            guard let names = try Self.names(matching: text, in: db) else { return [] }
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT t.month, t.name_id, t.price_unit, t.shop, t.last_at, t.purchases, t.lowest, t.last
                    FROM \(sources.shops) t
                    WHERE t.month IN (\(Self.monthsWithReceipts))\(names.filter)
                    ORDER BY t.month, t.name_id, t.price_unit, t.shop
                    """,
                arguments: Self.bounds(first, last))
            var shops: [ProductShop] = []
            var known: [String: Month] = [:]
            var made: [Int64: Product] = [:]
            while let row = try rows.next() {
                guard let product = try Self.product(row, keys: names.keys, made: &made) else { continue }
                shops.append(try Self.priceShop(of: product, row, table: "month_product_shops", known: &known))
            }
            return shops
        }
    }

    /// The name rows whose key or first printed form holds every word of `text` (or its key's words:
    /// `аи-95` is `аи95`), or whose kind ``ProductKinds/kinds(matching:key:)`` finds for `text`, each
    /// as the row its lines are priced under (``ProductRows``): their keys and printed forms by id, and the SQL condition on `t.name_id` that keeps them (empty
    /// without `text`); nil when none can.
    private static func names(matching text: String?, in db: Database) throws -> (
        keys: [Int64: (key: String, display: String)], filter: String
    )? {
        var keys: [Int64: (key: String, display: String)] = [:]
        let words = text.map(SearchText.words)
        if let words, words.isEmpty { return nil }
        let textKey = text.map(ItemName.key) ?? ""
        let keyWords = textKey.split(separator: " ").map(String.init)
        let kinds = Set(text == nil ? [] : ProductKinds.kinds(matching: words ?? [], key: textKey).map(\.id))
        let rows = try Row.fetchAll(db, sql: "SELECT id, key, display, product_id FROM item_names WHERE key <> ''")
        let byID = Dictionary(rows.map { ($0["id"] as Int64, $0) }, uniquingKeysWith: { first, _ in first })
        for row in rows {
            let key: String = row["key"]
            let display: String = row["display"]
            if let words {
                let nameWords = SearchText.words(key) + SearchText.words(display)
                let found =
                    words.allSatisfy({ word in nameWords.contains { $0.hasPrefix(word) } })
                    || (!keyWords.isEmpty && keyWords.allSatisfy { word in nameWords.contains { $0.hasPrefix(word) } })
                    || ProductKinds.kind(ofKey: key).map { kinds.contains($0.id) } == true
                guard found else { continue }
            }
            // A name found finds the product its lines are priced under (ProductRows).
            if let product = row["product_id"] as Int64?, let productRow = byID[product] {
                keys[product] = (productRow["key"], productRow["display"])
            } else {
                keys[row["id"]] = (key, display)
            }
        }
        guard text != nil else { return (keys, "") }
        if keys.isEmpty { return nil }
        return (keys, " AND t.name_id IN (\(keys.keys.sorted().map(String.init).joined(separator: ",")))")
    }

    /// The product of a row, made once a name and unit (`made`, by id and unit code): a product's
    /// rows are many, one a month and shop.
    private static func product(
        _ row: Row, keys: [Int64: (key: String, display: String)], made: inout [Int64: Product]
    ) throws -> Product? {
        let id: Int64 = row["name_id"]
        let code: Int64 = row["price_unit"]
        let madeKey = (0...7).contains(code) && (0..<Int64.max / 8).contains(id) ? id * 8 + code : nil
        if let madeKey, let known = made[madeKey] { return known }
        guard let name = keys[id] else { return nil }
        guard let priceUnit = PriceUnit(storedCode: code) else {
            throw RecordError(row: "price_unit=\(code)", reason: "not a unit")
        }
        let product = Product(id: id, name: name.key, unit: priceUnit, display: name.display)
        if let madeKey { made[madeKey] = product }
        return product
    }

    /// The month of `subject` a kept row of month figures gives (`month`, `category`, `purchases`,
    /// `amount`, `spending`, `lowest`, `median`, `highest`).
    private static func priceMonth<Subject>(of subject: Subject, _ row: Row, known: inout [String: Month]) throws
        -> PriceMonth<Subject>
    {
        PriceMonth(
            subject: subject, month: try month(of: row, known: &known),
            category: Category(rawValue: row["category"]) ?? .uncategorized, purchases: row["purchases"],
            thousandths: row["amount"], spending: Money(kopecks: row["spending"]), lowest: row["lowest"],
            median: row["median"], highest: row["highest"])
    }

    /// The month at a shop of `subject` a kept row of `table` gives (`month`, `shop`, `last_at`,
    /// `purchases`, `lowest`, `last`).
    private static func priceShop<Subject>(
        of subject: Subject, _ row: Row, table: String, known: inout [String: Month]
    ) throws -> PriceShop<Subject> {
        let text: String = row["last_at"]
        guard let lastAt = try? LocalDateTime(iso: text) else {
            throw RecordError(row: "\(table).last_at='\(text)'", reason: "not a date and time")
        }
        return PriceShop(
            subject: subject, month: try month(of: row, known: &known), shop: row["shop"],
            purchases: row["purchases"], lowest: row["lowest"], last: row["last"], lastAt: lastAt)
    }

    private static func month(of row: Row, known: inout [String: Month]) throws -> Month {
        let text: String = row["month"]
        if let month = known[text] { return month }
        let month = try Self.month(text)
        known[text] = month
        return month
    }

    /// The months with receipts between the two arguments: the kept rows are keyed by month first,
    /// so a product's are found month by month.
    private static let monthsWithReceipts = "SELECT month FROM month_totals WHERE month BETWEEN ? AND ?"

    private static func bounds(_ first: Month?, _ last: Month?) -> StatementArguments {
        [first?.description ?? "0000-00", last?.description ?? "9999-99"]
    }
}
