import GRDB
import ReceiptCore

extension ReceiptDatabase {
    /// Where reading the months from `first` through `last` (nil: no bound) takes the product
    /// figures from: their tables, once the stale months among them are recomputed
    /// (``refreshPrices(_:)``); when that cannot be written (the disk is full, the file read-only),
    /// the tables for the months still right and the items themselves for the others.
    ///
    /// Only the months read are recomputed: after a bulk import, `prices` or `inflation` over a year
    /// pays for that year's months, not for the whole history.
    func priceSources(from first: Month? = nil, through last: Month? = nil) throws(StoreError) -> (
        products: String, shops: String, kinds: String, kindShops: String, forms: String
    ) {
        do {
            let stale = try read { db in
                try PriceMonths.staleMonths(
                    in: db, from: first?.description ?? "0000-00", through: last?.description ?? "9999-99")
            }
            try refreshPrices(stale)
            return (
                "month_product_prices", "month_product_shops", "month_kind_prices", "month_kind_shops",
                "month_product_forms"
            )
        } catch .diskFull, .readOnly {
            let sources = RecomputedPrices.tables.map { table in
                """
                (SELECT \(table.columns) FROM \(table.name) WHERE month NOT IN (SELECT month FROM stale_price_months)
                 UNION ALL SELECT * FROM (\(table.query(RecomputedPrices.staleMonths))))
                """
            }
            return (sources[0], sources[1], sources[2], sources[3], sources[4])
        }
    }

    /// Recomputes the product figures of `months` (stale ones, oldest first), a transaction a
    /// month, so that another writer waits for one month at most.
    ///
    /// Reading a month's lines and working its figures out costs about as much as writing them, so
    /// a reader on another connection works the months out from a snapshot taken while this
    /// connection holds the writer, and hands each over to be written. Nothing can change under
    /// that snapshot but another process's commit, which `PRAGMA data_version` tells: the remaining
    /// months are then worked out inside their own transactions instead.
    ///
    /// `afterSnapshot` runs between the snapshot and the first transaction (a test's other process).
    func refreshPrices(_ months: [String], afterSnapshot: () throws -> Void = {}) throws(StoreError) {
        guard !months.isEmpty else { return }
        do {
            try pool.writeWithoutTransaction { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA data_version")
                let handoff = Handoff<MonthFigures>()
                pool.asyncConcurrentRead { snapshot in
                    do {
                        let db = try snapshot.get()
                        var texts = PriceMonths.Texts()
                        for month in months {
                            guard handoff.put(try PriceMonths.figures(of: month, texts: &texts, in: db)) else { break }
                        }
                        handoff.finish(throwing: nil)
                    } catch {
                        handoff.finish(throwing: error)
                    }
                }
                defer { handoff.closeAndWait() }
                try afterSnapshot()
                var texts = PriceMonths.Texts()
                var snapshotHolds = true
                for month in months {
                    try db.inTransaction(.immediate) {
                        snapshotHolds = try snapshotHolds && Int.fetchOne(db, sql: "PRAGMA data_version") == version
                        if snapshotHolds, let figures = try handoff.take(), figures.month == month {
                            try figures.write(in: db)
                        } else {
                            snapshotHolds = false
                            handoff.closeAndWait()
                            try PriceMonths.figures(of: month, texts: &texts, in: db).write(in: db)
                        }
                        return .commit
                    }
                }
            }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Marks every month's product figures stale, as a bulk import leaves them: for benchmarks that
    /// measure the first read after one.
    @_spi(Benchmarks)
    public func markAllPricesStale() throws(StoreError) {
        try write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO stale_price_months (month) SELECT DISTINCT month FROM receipts")
        }
    }

    /// The reading of names and measures (``UnitPrice/rulesVersion``) and of kinds
    /// (``ProductKinds/rulesVersion``) the kept figures were worked out with, as one number.
    static let priceRulesVersion = UnitPrice.rulesVersion * 1_000 + ProductKinds.rulesVersion

    /// Marks every month's product figures stale when they were worked out by another reading of
    /// names (``UnitPrice/rulesVersion``) than this one. A file that cannot be written to now
    /// (read-only, the disk full) keeps its figures until it can.
    func repriceIfRulesChanged() throws(StoreError) {
        let version = try read { db in
            try Int.fetchOne(db, sql: "SELECT version FROM unit_price_state WHERE id = 1")
        }
        guard version != Self.priceRulesVersion else { return }
        do {
            try write { db in
                try ProductRows.assignAll(in: db)
                try db.execute(
                    sql: "INSERT OR IGNORE INTO stale_price_months (month) SELECT DISTINCT month FROM receipts")
                try db.execute(
                    sql:
                        "INSERT INTO unit_price_state (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = ?1",
                    arguments: [Self.priceRulesVersion])
            }
        } catch .readOnly, .diskFull {
            return
        }
    }
}
