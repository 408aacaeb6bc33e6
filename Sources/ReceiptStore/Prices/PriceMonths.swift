import GRDB
import GRDBSQLite
import ReceiptCore

/// Recomputes the kept product figures of a month from its lines, each priced per kilogram, litre or
/// piece by ``UnitPrice/line(_:facts:)``: each product's month (`month_product_prices`) and its
/// months at each shop (`month_product_shops`), and each product kind's month at the kind's level
/// (`month_kind_prices`, ``UnitPrice/kindLine(_:facts:)``). The SQL in ``RecomputedPrices`` computes
/// the same apart from it.
///
/// A month is read in one pass over its lines, their texts taken where SQLite holds them
/// (``ColumnTexts``), each receipt's shop and time read once, and every line counted under small
/// numbers rather than words: a bulk import marks every month it touched, and the first read after
/// it recomputes those it reads. Working a month's figures out (``figures(of:texts:in:)``) only
/// reads, so that a reader on another connection can do it while the writer writes the month
/// before (``MonthFigures/write(in:)``).
enum PriceMonths {
    /// What the months recomputed together share: the texts read, and each name's facts, read once.
    struct Texts {
        var names = ColumnTexts()
        var units = ColumnTexts()
        var categories = ColumnTexts()
        var shops = ColumnTexts()
        /// ``UnitPrice/NameFacts`` of the names, by their number.
        private var facts: [UnitPrice.NameFacts] = []
        /// The names' headings (``ItemName/heading(_:)``), by the names' number, as they are asked for.
        private var headings: [String] = []
        /// The heading of each name row's first printed form (`item_names.display`), by its id.
        private var firstForms: [Int64: String] = [:]
        /// The rows priced under another (``ProductRows``), read with the first month.
        private var productRows: [Int64: Int64]?

        /// The row the lines of name row `id` are priced under.
        mutating func product(ofRow id: Int64, in db: Database) throws -> Int64 {
            if productRows == nil { productRows = try ProductRows.products(in: db) }
            return productRows?[id] ?? id
        }

        /// The facts of the name numbered `number`.
        mutating func facts(ofName number: Int) -> UnitPrice.NameFacts {
            while facts.count <= number { facts.append(UnitPrice.NameFacts(names.texts[facts.count])) }
            return facts[number]
        }

        /// The heading of the name numbered `number`.
        mutating func heading(ofName number: Int) -> String {
            while headings.count <= number { headings.append(ItemName.heading(names.texts[headings.count])) }
            return headings[number]
        }

        /// The heading of the form name row `id` was first printed in.
        mutating func firstForm(of id: Int64, in db: Database) throws -> String {
            if let known = firstForms[id] { return known }
            let display =
                try String.fetchOne(
                    db.cachedStatement(sql: "SELECT display FROM item_names WHERE id = ?"), arguments: [id]) ?? ""
            let heading = ItemName.heading(display)
            firstForms[id] = heading
            return heading
        }
    }

    /// One product's lines in the month, gathered as they come.
    private struct Product {
        let key: MonthFigures.Key
        var prices: [Int64] = []
        var amount: Int64 = 0
        var spending: Int64 = 0
        /// Lines by the number of their category.
        var categories: [Int: Int] = [:]
        /// Lines by the number of their printed name: one or two a product, so a list.
        var forms: [(name: Int, lines: Int)] = []

        mutating func count(form name: Int) {
            if let place = forms.firstIndex(where: { $0.name == name }) {
                forms[place].lines += 1
            } else {
                forms.append((name, 1))
            }
        }
    }

    /// One product kind's lines in the month, at the kind's level.
    private struct Kind {
        let id: String
        var prices: [Int64] = []
        var amount: Int64 = 0
        var spending: Int64 = 0
        var categories: [Int: Int] = [:]
    }

    /// One product's lines at one shop.
    private struct Shop {
        var purchases = 0
        var lowest = Int64.max
        var last: Int64 = 0
        /// The latest line's receipt (its place in the month's time order) and position on it.
        var latest = (Int.min, Int64.min)

        mutating func add(_ price: Int64, at time: (Int, Int64)) {
            purchases += 1
            lowest = min(lowest, price)
            if time > latest {
                latest = time
                last = price
            }
        }
    }

    /// The months named in `stale_price_months` from `first` through `last` (as the table writes
    /// months), oldest first.
    static func staleMonths(in db: Database, from first: String, through last: String) throws -> [String] {
        try String.fetchAll(
            db, sql: "SELECT month FROM stale_price_months WHERE month BETWEEN ? AND ? ORDER BY month",
            arguments: [first, last])
    }

    /// Recomputes the months named in `stale_price_months`, and takes them off it.
    static func refresh(in db: Database) throws {
        var texts = Texts()
        for month in try staleMonths(in: db, from: "0000-00", through: "9999-99") {
            try figures(of: month, texts: &texts, in: db).write(in: db)
        }
    }

    /// Recomputes every month with receipts.
    static func rebuild(in db: Database) throws {
        try db.execute(sql: "DELETE FROM month_product_prices")
        try db.execute(sql: "DELETE FROM month_product_shops")
        try db.execute(sql: "DELETE FROM month_kind_prices")
        try db.execute(sql: "DELETE FROM month_kind_shops")
        try db.execute(sql: "DELETE FROM month_product_forms")
        try db.execute(sql: "INSERT OR IGNORE INTO stale_price_months (month) SELECT DISTINCT month FROM receipts")
        try refresh(in: db)
    }

    /// The figures of `month` as its lines give them now; `texts` are those read before.
    static func figures(of month: String, texts: inout Texts, in db: Database) throws -> MonthFigures {
        // The month's complete receipts in time order: a line's receipt's place in it orders the
        // lines of a shop by time (then by their position), and its shop is read once a receipt.
        let receiptRows = try db.cachedStatement(
            sql: """
                SELECT r.id, r.date_time, \(ShopIdentity.name)
                FROM receipts r LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join)
                WHERE r.month = ? AND r.status = 'complete' ORDER BY r.date_time, r.id
                """)
        var places: [Int64: Int] = [:]
        var times: [String] = []
        var shopOf: [Int] = []
        let receipts = try Int64.fetchCursor(receiptRows, arguments: [month])
        while let id = try receipts.next() {
            places[id] = times.count
            guard let time = sqlite3_column_text(receiptRows.sqliteStatement, 1),
                let shop = texts.shops.number(receiptRows, 2)
            else {
                throw RecordError(row: "receipts.id=\(id)", reason: "date_time")
            }
            times.append(String(cString: time))
            shopOf.append(shop)
        }
        let lineRows = try db.cachedStatement(
            sql: """
                SELECT i.receipt_id, i.position, i.name_id, i.name, i.price, i.quantity, i.unit, i.counted,
                    COALESCE(i.category, 'uncategorized'), i.measure
                FROM receipts r JOIN items i ON i.receipt_id = r.id
                WHERE r.month = ? AND \(PurchaseCounting.pricedLine) AND r.status = 'complete' AND i.name_id IS NOT NULL
                """)
        let line = lineRows.sqliteStatement
        var numbers: [MonthFigures.Key: Int] = [:]
        var products: [Product] = []
        // By the kind's place in ProductKinds.all: its number in `kinds`, −1 before its first line.
        var kindNumbers = [Int](repeating: -1, count: ProductKinds.all.count)
        var kinds: [Kind] = []
        // By kind number (high half) and shop number (low half).
        var kindShops: [Int: Shop] = [:]
        // By product number (high half) and shop number (low half).
        var shops: [Int: Shop] = [:]
        var receiptID = Int64.min
        var place = 0
        let lines = try Int64.fetchCursor(lineRows, arguments: [month])
        while let id = try lines.next() {
            if id != receiptID {
                guard let known = places[id] else {
                    throw RecordError(row: "receipts.id=\(id)", reason: "a line of a receipt not in its month")
                }
                (receiptID, place) = (id, known)
            }
            guard let name = texts.names.number(lineRows, 3) else { continue }
            // The line's sum is its share of what the receipt counts: what spending on it means.
            let item = Item(
                name: texts.names.texts[name], price: Money(kopecks: sqlite3_column_int64(line, 4)),
                quantity: sqlite3_column_double(line, 5), sum: Money(kopecks: sqlite3_column_int64(line, 7)),
                unit: texts.units.number(lineRows, 6).map { texts.units.texts[$0] },
                measure: sqlite3_column_type(line, 9) == SQLITE_NULL
                    ? nil : Measure(rawValue: Int(sqlite3_column_int64(line, 9))))
            let facts = texts.facts(ofName: name)
            guard let price = UnitPrice.line(item, facts: facts) else { continue }
            let key = MonthFigures.Key(
                nameID: try texts.product(ofRow: sqlite3_column_int64(line, 2), in: db), unit: price.unit.storedCode)
            let number: Int
            if let known = numbers[key] {
                number = known
            } else {
                number = products.count
                numbers[key] = number
                products.append(Product(key: key))
            }
            products[number].prices.append(price.kopecks)
            products[number].amount += price.thousandths
            products[number].spending += item.sum.kopecks
            let category = texts.categories.number(lineRows, 8) ?? 0
            products[number].categories[category, default: 0] += 1
            products[number].count(form: name)
            if let kindIndex = facts.kindIndex, let kind = UnitPrice.kindLine(price, facts: facts) {
                var kindNumber = kindNumbers[kindIndex]
                if kindNumber < 0 {
                    kindNumber = kinds.count
                    kindNumbers[kindIndex] = kindNumber
                    kinds.append(Kind(id: kind.kind.id))
                }
                kinds[kindNumber].prices.append(kind.kopecks)
                kinds[kindNumber].amount += kind.thousandths
                kinds[kindNumber].spending += item.sum.kopecks
                kinds[kindNumber].categories[category, default: 0] += 1
                kindShops[kindNumber << 32 | shopOf[place], default: Shop()].add(
                    kind.kopecks, at: (place, sqlite3_column_int64(line, 1)))
            }
            shops[number << 32 | shopOf[place], default: Shop()].add(
                price.kopecks, at: (place, sqlite3_column_int64(line, 1)))
        }
        var figures = try figures(of: month, products: products, shops: shops, times: times, texts: &texts, in: db)
        figures.kindShops = kindShops.map {
            (kind: kinds[$0.key >> 32].id, shop: $0.key & 0xFFFF_FFFF, figures: $0.value)
        }
        .sorted { ($0.kind, texts.shops.texts[$0.shop]) < ($1.kind, texts.shops.texts[$1.shop]) }
        .map { row in
            MonthFigures.KindShopRow(
                kind: row.kind, shop: texts.shops.texts[row.shop], lastAt: times[row.figures.latest.0],
                purchases: row.figures.purchases, lowest: row.figures.lowest, last: row.figures.last)
        }
        figures.kinds = kinds.sorted { $0.id < $1.id }.map { kind in
            let prices = kind.prices.sorted()
            return MonthFigures.KindRow(
                kind: kind.id, category: mostLines(kind.categories, texts.categories.texts), purchases: prices.count,
                amount: kind.amount, spending: kind.spending, lowest: prices.first ?? 0, median: prices.median,
                highest: prices.last ?? 0)
        }
        return figures
    }

    /// The category most lines had; of equals, the first by name.
    private static func mostLines(_ counts: [Int: Int], _ categories: [String]) -> String {
        let category = counts.min { a, b in (b.value, categories[a.key]) < (a.value, categories[b.key]) }
        return category.map { categories[$0.key] } ?? Category.uncategorized.rawValue
    }

    /// The rows of a month's products and shops, in the order of their keys.
    private static func figures(
        of month: String, products: [Product], shops: [Int: Shop], times: [String], texts: inout Texts,
        in db: Database
    ) throws -> MonthFigures {
        let categories = texts.categories.texts
        let sorted = products.indices.sorted { products[$0].key < products[$1].key }
        var rank = [Int](repeating: 0, count: products.count)
        var figures = MonthFigures(month: month)
        figures.products.reserveCapacity(products.count)
        for (place, number) in sorted.enumerated() {
            rank[number] = place
            let product = products[number]
            let prices = product.prices.sorted()
            figures.products.append(
                MonthFigures.ProductRow(
                    key: product.key, category: mostLines(product.categories, categories),
                    purchases: prices.count, amount: product.amount, spending: product.spending,
                    lowest: prices.first ?? 0, median: prices.median, highest: prices.last ?? 0))
            // The lines that printed another form than the name row's first (most print that one,
            // and the rest of the month's purchases are its lines); printed names with one heading (a
            // till's code before one of them) are one form.
            let first = try texts.firstForm(of: product.key.nameID, in: db)
            var lines: [String: Int] = [:]
            for form in product.forms {
                let heading = texts.heading(ofName: form.name)
                if heading != first { lines[heading, default: 0] += form.lines }
            }
            for (heading, count) in lines.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                figures.forms.append(MonthFigures.FormRow(key: product.key, heading: heading, lines: count))
            }
        }
        figures.shops = shops.map { (rank: rank[$0.key >> 32], shop: $0.key & 0xFFFF_FFFF, figures: $0.value) }
            .sorted { ($0.rank, $0.shop) < ($1.rank, $1.shop) }
            .map { row in
                MonthFigures.ShopRow(
                    key: products[sorted[row.rank]].key, shop: texts.shops.texts[row.shop],
                    lastAt: times[row.figures.latest.0], purchases: row.figures.purchases, lowest: row.figures.lowest,
                    last: row.figures.last)
            }
        return figures
    }
}
