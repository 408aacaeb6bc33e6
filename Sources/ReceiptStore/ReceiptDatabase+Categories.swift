import Foundation
import GRDB
public import ReceiptCore

/// What remembering a category for an item name changed.
public struct CategoryChoice: Sendable, Equatable {
    /// The name key the choice is remembered under (`ItemName/key(_:)`).
    public let key: String
    /// The category remembered (for ``ReceiptDatabase/forgetChoice(forItemNamed:)``, the one forgotten).
    public let category: Category
    /// Stored items whose category moved.
    public let itemsMoved: Int
    /// The journal's number of the action (``CategoryAction/id``), to undo it.
    public let action: Int64
}

/// An item name with what it cost in one category.
public struct NameSpending: Sendable, Equatable {
    /// The name as first printed.
    public let name: String
    /// The name key the figures are kept under (`ItemName/key(_:)`).
    public let key: String
    /// The category the lines counted in.
    public let category: Category
    /// Spending on the name in that category, refunds subtracted.
    public let total: Money
    /// How many lines of receipts carry it.
    public let items: Int
    /// The classifier's guess for the name when neither a choice nor a rule places it.
    public var guess: NameClassifier.Guess? = nil
    /// The categories the classifier finds the name could be, best first, each with its reasons;
    /// filled in by ``ReceiptDatabase/withCandidates(_:)`` for a name that has a ``guess``.
    public var candidates: [NameClassifier.Candidate] = []
}

/// A difference between the kept monthly totals and the ones recomputed from the items.
public struct TotalsDifference: Sendable, Equatable, CustomStringConvertible {
    /// The kept table that disagrees (`month_totals`, `month_category_totals`, `month_shop_totals`,
    /// `month_item_totals`, `month_product_prices`, `month_product_shops`).
    public let table: String
    /// The row's key columns joined by `|`: the month, then the category, the shop, or the name id and
    /// category; for a product, the name id and unit (1 kg, 2 l, 3 piece), and the shop and latest time.
    public let key: String
    /// The kept row's figures (total, receipts and/or items); nil when it is missing.
    public let kept: [Int64]?
    /// The figures recomputed from the receipts and items; nil when no receipt gives that row.
    public let recomputed: [Int64]?

    /// `table[key]: kept ≠ recomputed`, as `stats --verify` prints a difference.
    public var description: String {
        let show = { (values: [Int64]?) in values.map { $0.map(String.init).joined(separator: ",") } ?? "—" }
        return "\(table)[\(key)]: \(show(kept)) ≠ \(show(recomputed))"
    }
}

extension ReceiptDatabase {
    /// Makes the guesses again when names were added since they were last made (by an import, whose
    /// new names were guessed by the classifier as it stood when the first of them needed one), so
    /// that they are what a classifier trained on all of the file's names gives, whatever order and
    /// pieces the receipts came in; the items and totals of names whose guess moved follow.
    /// Importing calls it once at the end.
    public func settleGuesses() throws(StoreError) {
        // Only a name that teaches (one the rules place) changes the classifier; names it guessed
        // were guessed by the classifier trained on every such name, when none came after them.
        let stale = try read { db in
            let through = try Int64?.fetchOne(db, sql: "SELECT guessed_through FROM category_state WHERE id = 1")
            return try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM item_names WHERE id > ? AND rule IS NOT NULL)",
                arguments: [(through ?? nil) ?? -1]) ?? false
        }
        guard stale else { return }
        try writeCounting { db, context in
            forgetClassifier()
            let moved = Set(try guessAnew(in: db)).union(try learnAnew(in: db))
            try recount(names: moved.sorted(), in: db, context: &context)
        }
        forgetResolved()
    }

    /// Works out anew where the user's corrections of the rules (``RuleCorrections``) move each name
    /// the rules place and no choice does; returns the names that moved.
    func learnAnew(in db: Database) throws -> [Int64] {
        let model = try corrections(in: db)
        // With nothing learned, only names moved before can move back.
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, key, rule, learned, chosen IS NOT NULL AS chosen FROM item_names
                WHERE rule IS NOT NULL AND (learned IS NOT NULL OR (chosen IS NULL AND ?))
                """, arguments: [!model.isEmpty])
        var changed: [Int64] = []
        let update = try db.makeStatement(sql: "UPDATE item_names SET learned = ? WHERE id = ?")
        for row in rows {
            let rule = (row["rule"] as String?).flatMap(Category.init(rawValue:))
            let learned = row["chosen"] as Bool ? nil : rule.flatMap { model.category(forKey: row["key"], ruledAs: $0) }
            if learned?.rawValue != row["learned"] {
                try update.execute(arguments: [learned?.rawValue, row["id"]])
                changed.append(row["id"])
            }
        }
        return changed
    }

    /// Counts anew the receipts of the names `ids` (whose guesses moved); returns how many items
    /// moved.
    @discardableResult
    func recount(names ids: [Int64], in db: Database, context: inout SaveContext) throws -> Int {
        context.categorizer.forgetNames()
        var moved = 0
        for id in ids {
            let receipts = try Int64.fetchAll(
                db, sql: "SELECT DISTINCT receipt_id FROM items WHERE name_id = ?", arguments: [id])
            for receipt in receipts { moved += try context.recount(storedReceipt: receipt, in: db) }
        }
        return moved
    }

    /// Guesses again, with the classifier as the file's names train it now, every name that neither a
    /// choice nor a rule places; returns the names whose guess as applied (``NameClassifier/appliedConfidence``)
    /// changed.
    func guessAnew(in db: Database) throws -> [Int64] {
        try db.execute(
            sql: """
                INSERT INTO category_state (id, rules, guessed_through) VALUES (1, '', (SELECT MAX(id) FROM item_names))
                ON CONFLICT (id) DO UPDATE SET guessed_through = excluded.guessed_through
                """)
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, key, guess, confidence FROM item_names WHERE chosen IS NULL AND rule IS NULL")
        // Nothing to guess (a new file), nothing to train.
        guard !rows.isEmpty else { return [] }
        let model = try classifier(in: db)
        let threshold = NameClassifier.appliedConfidence
        var changed: [Int64] = []
        let update = try db.makeStatement(sql: "UPDATE item_names SET guess = ?, confidence = ? WHERE id = ?")
        for row in rows {
            let guess = model.guess(row["key"])
            let before = (row["confidence"] as Double? ?? 0) >= threshold ? row["guess"] as String? : nil
            let after = (guess?.confidence ?? 0) >= threshold ? guess?.category.rawValue : nil
            if guess?.category.rawValue != row["guess"] || guess?.confidence != row["confidence"] {
                try update.execute(arguments: [guess?.category.rawValue, guess?.confidence, row["id"]])
            }
            if before != after { changed.append(row["id"]) }
        }
        return changed
    }

    /// The names bought most in `category` (uncategorized by default), by spending.
    public func names(
        in category: Category = .uncategorized, months: ClosedRange<Month>? = nil, limit: Int = 20
    ) throws(StoreError) -> [NameSpending] {
        let sources = try monthDetailSources()
        return try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT n.display, n.key, \(Self.nameGuessColumns), SUM(t.total) AS total, SUM(t.items) AS items
                    FROM \(sources.names) t JOIN item_names n ON n.id = t.name_id
                    WHERE t.category = ? AND t.month BETWEEN ? AND ?
                    GROUP BY t.name_id ORDER BY items DESC, total DESC, n.key LIMIT ?
                    """,
                arguments: [category.rawValue] + Self.bounds(months) + [limit])
            return rows.map { row in Self.nameSpending(row, in: category) }
        }
    }

    /// The names whose lines the classifier's guess categorizes (``CategoryDecisions/Decider/guess``),
    /// most bought first, each with its guess and what those lines cost.
    public func guessedNames(limit: Int = 20) throws(StoreError) -> [NameSpending] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT n.display, n.key, i.category, \(Self.nameGuessColumns), SUM(i.counted) AS total,
                        COUNT(*) AS items
                    FROM items i JOIN receipts r ON r.id = i.receipt_id
                    JOIN item_names n ON n.id = i.name_id LEFT JOIN places p ON p.id = r.place_id
                    LEFT JOIN shops s ON s.id = r.shop_id
                    WHERE n.chosen IS NULL AND n.rule IS NULL AND n.guess IS NOT NULL
                        AND \(CategoryDecisions.deciderSQL) = 'guess'
                    GROUP BY n.id ORDER BY items DESC, total DESC, n.key LIMIT ?
                    """,
                arguments: [limit]
            ).map { row in
                Self.nameSpending(
                    row, in: (row["category"] as String?).flatMap(Category.init(rawValue:)) ?? .uncategorized)
            }
        }
    }

    /// `names` with the classifier's candidates (`NameClassifier.candidates`) for
    /// each that has a guess: what the web app and `receipts categories` offer to choose from, in one
    /// click, for a name the rules and the user have not placed.
    public func withCandidates(_ names: [NameSpending]) throws(StoreError) -> [NameSpending] {
        guard names.contains(where: { $0.guess != nil }) else { return names }
        let model = try read { db in try classifier(in: db) }
        return names.map { name in
            var name = name
            if name.guess != nil { name.candidates = model.candidates(name.key) }
            return name
        }
    }

    /// The columns of a name row `n` ``nameSpending(_:in:)`` reads its guess from: only a name no
    /// choice or rule places has one.
    static let nameGuessColumns = """
        CASE WHEN n.chosen IS NULL AND n.rule IS NULL THEN n.guess END AS guess,
        CASE WHEN n.chosen IS NULL AND n.rule IS NULL THEN n.confidence END AS confidence
        """

    /// A name with its spending from a row of `display, key, guess, confidence, total, items`.
    static func nameSpending(_ row: Row, in category: Category) -> NameSpending {
        NameSpending(
            name: row["display"], key: row["key"], category: category, total: Money(kopecks: row["total"]),
            items: row["items"],
            guess: (row["guess"] as String?).flatMap(Category.init(rawValue:)).map { guessed in
                NameClassifier.Guess(category: guessed, confidence: row["confidence"] ?? 0)
            })
    }

    /// Compares the kept monthly totals and product prices with the ones recomputed from every
    /// receipt and item in SQL; empty when they agree, as they always should.
    public func verifyTotals() throws(StoreError) -> [TotalsDifference] {
        let sources = try monthDetailSources()
        let prices = try priceSources()
        return try read { db in
            var differences: [TotalsDifference] = []
            for table in RecomputedTotals.tables {
                let source =
                    switch table.name {
                    case "month_shop_totals": sources.shops
                    case "month_item_totals": sources.names
                    default: table.name
                    }
                differences += try Self.differences(
                    table.name, kept: "SELECT \(table.columns) FROM \(source)", recomputed: table.query,
                    keyColumns: table.keyColumns, in: db)
            }
            for table in RecomputedPrices.tables {
                let source =
                    switch table.name {
                    case "month_product_prices": prices.products
                    case "month_kind_prices": prices.kinds
                    case "month_kind_shops": prices.kindShops
                    case "month_product_forms": prices.forms
                    default: prices.shops
                    }
                differences += try Self.differences(
                    table.name, kept: "SELECT \(table.columns) FROM \(source)", recomputed: table.query("1"),
                    keyColumns: table.keyColumns, in: db)
            }
            return differences
        }
    }

    /// Categorizes every item anew and rebuilds the monthly totals when the rules are not the ones
    /// the file was categorized with (or it never was).
    func categorizeIfRulesChanged() throws(StoreError) {
        // The reading of names and of shops is part of it: names read otherwise get their keys
        // anew first, shops their kinds.
        let fingerprint = rules.fingerprint + " | names \(ItemName.rulesVersion) | shops \(ShopKind.rulesVersion)"
        let current = try read { db in
            try String.fetchOne(db, sql: "SELECT rules FROM category_state WHERE id = 1")
        }
        guard current != fingerprint else { return }
        try writeCounting { db, context in
            try Self.rekeyNames(in: db)
            try ShopIdentity.classifyStored(in: db)
            for row in try Row.fetchAll(db, sql: "SELECT id, key, rule FROM item_names") {
                let rule = rules.category(forKey: row["key"])?.rawValue
                if rule != row["rule"] {
                    try db.execute(sql: "UPDATE item_names SET rule = ? WHERE id = ?", arguments: [rule, row["id"]])
                }
            }
            // The classifier learns from the names as the rules place them now, and the user's
            // corrections of the rules are read against the rules as they are now.
            forgetClassifier()
            _ = try guessAnew(in: db)
            _ = try learnAnew(in: db)
            // Items saved before categories existed get their names first.
            let unnamed = try Row.fetchAll(
                db, sql: "SELECT receipt_id, position, name FROM items WHERE name_id IS NULL")
            for row in unnamed {
                let entry = try context.categorizer.name(row["name"], in: db)
                try db.execute(
                    sql: "UPDATE items SET name_id = ? WHERE receipt_id = ? AND position = ?",
                    arguments: [entry.id, row["receipt_id"], row["position"]])
            }
            try db.execute(
                sql: """
                    UPDATE items SET category = resolved.category FROM (
                        SELECT i.receipt_id, i.position, \(ShopEvidence.lineSQL) AS category
                        FROM items i JOIN receipts r ON r.id = i.receipt_id
                        LEFT JOIN item_names n ON n.id = i.name_id LEFT JOIN places p ON p.id = r.place_id
                        LEFT JOIN shops s ON s.id = r.shop_id
                    ) AS resolved
                    WHERE items.receipt_id = resolved.receipt_id AND items.position = resolved.position
                        AND items.category IS NOT resolved.category
                    """)
            try Self.rebuildTotals(in: db)
            try db.execute(
                sql: "INSERT INTO category_state (id, rules) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET rules = ?1",
                arguments: [fingerprint])
        }
        forgetResolved()
    }

    /// Gives every printed name the row of its key as ``ItemName/key(_:)`` reads it now. A new row
    /// takes the user's choice of the row the name had, and so does a row already there that has
    /// no choice of its own. A row no line has any more stays, its choice gone with its names: kept,
    /// it would go on teaching the classifier a choice the user may undo. The journal of choices
    /// follows: a step that named the old key names the new one, so that undoing it moves the items
    /// it moved.
    static func rekeyNames(in db: Database) throws {
        let names = try Row.fetchAll(
            db,
            sql: """
                SELECT DISTINCT i.name, i.name_id, n.key, n.chosen FROM items i JOIN item_names n ON n.id = i.name_id
                ORDER BY i.name_id, i.name
                """)
        var journalled: Set<String> = []
        var left: Set<Int64> = []
        for row in names {
            let name: String = row["name"]
            let old: String = row["key"]
            let key = ItemName.key(name)
            guard key != old else { continue }
            var id = try Int64.fetchOne(db, sql: "SELECT id FROM item_names WHERE key = ?", arguments: [key])
            if let id {
                try db.execute(
                    sql: "UPDATE item_names SET chosen = ? WHERE id = ? AND chosen IS NULL",
                    arguments: [row["chosen"] as String?, id])
            } else {
                try db.execute(
                    sql: "INSERT INTO item_names (key, display, chosen) VALUES (?, ?, ?)",
                    arguments: [key, name, row["chosen"]])
                id = db.lastInsertedRowID
            }
            // A line with a known GTIN stays the product its code is.
            try db.execute(
                sql: """
                    UPDATE items SET name_id = ? WHERE name = ? AND name_id = ?
                        AND (gtin IS NULL OR gtin NOT IN (SELECT gtin FROM gtin_products))
                    """,
                arguments: [id, name, row["name_id"]])
            left.insert(row["name_id"])
            // An old key whose names now read as several keys: the journal follows the first.
            if journalled.insert(old).inserted {
                try db.execute(
                    sql: "UPDATE category_action_steps SET name_key = ? WHERE name_key = ?", arguments: [key, old])
                try db.execute(
                    sql:
                        "UPDATE category_actions SET subject = ? WHERE subject = ? AND kind IN ('name', 'forget', 'confirm')",
                    arguments: [key, old])
            }
        }
        for id in left {
            try db.execute(
                sql: """
                    UPDATE item_names SET chosen = NULL WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM items WHERE name_id = ?1)
                    """,
                arguments: [id])
        }
        // Lines under other rows are other products: each row's product is decided anew.
        if !left.isEmpty {
            try ProductRows.assignAll(in: db)
            try db.execute(sql: "INSERT OR IGNORE INTO stale_price_months (month) SELECT DISTINCT month FROM receipts")
        }
    }

    /// Replaces the kept monthly totals with the recomputed ones.
    static func rebuildTotals(in db: Database) throws {
        for table in RecomputedTotals.tables {
            try db.execute(sql: "DELETE FROM \(table.name)")
            try db.execute(sql: "INSERT INTO \(table.name) (\(table.columns)) " + table.query)
        }
        try db.execute(sql: "DELETE FROM stale_item_months")
        try PriceMonths.rebuild(in: db)
    }

    /// Recomputes the shop and item-name totals of the months whose receipts changed since they
    /// were last read.
    static func refreshMonthDetails(in db: Database) throws {
        for month in try String.fetchAll(db, sql: "SELECT month FROM stale_item_months") {
            try db.execute(sql: "DELETE FROM month_item_totals WHERE month = ?", arguments: [month])
            try db.execute(
                sql: "INSERT INTO month_item_totals (month, name_id, category, total, items) "
                    + RecomputedTotals.namesOfMonth,
                arguments: [month])
            try db.execute(sql: "DELETE FROM month_shop_totals WHERE month = ?", arguments: [month])
            try db.execute(
                sql: "INSERT INTO month_shop_totals (month, shop, total, receipts) " + RecomputedTotals.shopsOfMonth,
                arguments: [month])
        }
        try db.execute(sql: "DELETE FROM stale_item_months")
    }

    /// ``refreshMonthDetails(in:)`` in a transaction of its own, when any month is stale.
    func refreshMonthDetailsIfStale() throws(StoreError) {
        let stale = try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM stale_item_months)") ?? false
        }
        if stale { try write { db in try Self.refreshMonthDetails(in: db) } }
    }

    /// Where reading takes the shop and item-name totals from: their tables, once the stale months
    /// are recomputed; when that cannot be written (the disk is full, the file read-only), the
    /// tables for the months still right and the receipts themselves for the others, so that
    /// reading never needs to write.
    func monthDetailSources() throws(StoreError) -> MonthDetailSources {
        do {
            try refreshMonthDetailsIfStale()
            return MonthDetailSources(shops: "month_shop_totals", names: "month_item_totals")
        } catch .diskFull, .readOnly {
            return MonthDetailSources(
                shops: """
                    (SELECT month, shop, total, receipts FROM month_shop_totals
                     WHERE month NOT IN (SELECT month FROM stale_item_months)
                     UNION ALL \(RecomputedTotals.shopsOfStaleMonths))
                    """,
                names: """
                    (SELECT month, name_id, category, total, items FROM month_item_totals
                     WHERE month NOT IN (SELECT month FROM stale_item_months)
                     UNION ALL \(RecomputedTotals.namesOfStaleMonths))
                    """)
        }
    }

    /// The rows of `table` that the query `kept` and the query `recomputed` give differently, keyed by
    /// their first `keyColumns` columns.
    private static func differences(
        _ table: String, kept: String, recomputed: String, keyColumns: Int, in db: Database
    ) throws -> [TotalsDifference] {
        let kept = keyed(try Row.fetchAll(db, sql: kept), keyColumns: keyColumns)
        let recomputed = keyed(try Row.fetchAll(db, sql: recomputed), keyColumns: keyColumns)
        return Set(kept.keys).union(recomputed.keys).sorted().compactMap { key in
            kept[key] == recomputed[key]
                ? nil : TotalsDifference(table: table, key: key, kept: kept[key], recomputed: recomputed[key])
        }
    }

    private static func keyed(_ rows: [Row], keyColumns: Int) -> [String: [Int64]] {
        var result: [String: [Int64]] = [:]
        for row in rows {
            let key = (0..<keyColumns).map { (row[$0] as DatabaseValue).description }.joined(separator: "|")
            result[key] = (keyColumns..<row.count).map { row[$0] as Int64? ?? 0 }
        }
        return result
    }

    /// The first and last month of a range as SQL arguments; the whole history when nil.
    static func bounds(_ months: ClosedRange<Month>?) -> StatementArguments {
        guard let months else { return ["0000-00", "9999-99"] }
        return [months.lowerBound.description, months.upperBound.description]
    }
}

/// What decided the categories of the stored lines: how many lines, and how much of the money they
/// count, each way.
public struct CategoryDecisions: Sendable, Equatable, Codable {
    /// What decides a line's category.
    public enum Decider: String, Sendable, CaseIterable, Codable {
        /// The user's choice for the name.
        case user
        /// The user's corrections of the rules for similar names (`RuleCorrections`).
        case learned
        /// The rules, as they are.
        case rules
        /// The shop: its place's category, its kind's for a line the rules cannot place, or a café's
        /// reading of food.
        case shop
        /// The classifier's guess, sure enough to be applied.
        case guess
        /// Nothing: the line is uncategorized.
        case none
    }

    /// One way of deciding, with its lines and money.
    public struct Part: Sendable, Equatable, Codable {
        /// What decided.
        public let by: Decider
        /// How many lines it decided.
        public let lines: Int
        /// The money those lines count, in kopecks (refunds subtracted).
        public let total: Int64
    }

    /// Every way, in ``Decider``'s order, those that decided nothing included.
    public let parts: [Part]

    /// What decided a line `i`'s category, over its name row `n`, its receipt's place `p` and shop
    /// `s`: a ``Decider``'s raw value.
    static let deciderSQL = """
        CASE WHEN i.chosen IS NOT NULL AND i.category = i.chosen THEN 'user'
            WHEN n.chosen IS NOT NULL AND i.category = n.chosen THEN 'user'
            WHEN n.learned IS NOT NULL AND i.category = n.learned THEN 'learned'
            WHEN n.rule IS NOT NULL AND i.category = n.rule THEN 'rules'
            WHEN n.rule IS NULL AND \(ShopEvidence.receiptSQL) = 'uncategorized'
                AND i.category = \(ShopEvidence.guessSQL) THEN 'guess'
            WHEN i.category IS NOT NULL AND i.category <> 'uncategorized' THEN 'shop'
            ELSE 'none' END
        """

    /// All the lines.
    public var lines: Int { parts.reduce(0) { $0 + $1.lines } }
    /// All the money the lines count.
    public var total: Int64 { parts.reduce(0) { $0 &+ $1.total } }
}

extension ReceiptDatabase {
    /// What decided the categories of every stored line (``CategoryDecisions``).
    public func categoryDecisions() throws(StoreError) -> CategoryDecisions {
        try read { db in
            // What a line counts is signed already (a return's is negative), as the totals take it.
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(CategoryDecisions.deciderSQL) AS decider,
                        COUNT(*) AS lines,
                        SUM(i.counted) AS total
                    FROM items i JOIN receipts r ON r.id = i.receipt_id
                    LEFT JOIN item_names n ON n.id = i.name_id LEFT JOIN places p ON p.id = r.place_id
                    LEFT JOIN shops s ON s.id = r.shop_id
                    WHERE i.name_id IS NOT NULL
                    GROUP BY decider
                    """)
            var found: [String: (Int, Int64)] = [:]
            for row in rows { found[row["decider"]] = (row["lines"], row["total"]) }
            return CategoryDecisions(
                parts: CategoryDecisions.Decider.allCases.map { decider in
                    let (lines, total) = found[decider.rawValue] ?? (0, 0)
                    return CategoryDecisions.Part(by: decider, lines: lines, total: total)
                })
        }
    }
}
