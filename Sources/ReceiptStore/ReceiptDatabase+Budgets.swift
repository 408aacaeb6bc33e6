import GRDB
public import ReceiptCore

extension ReceiptDatabase {
    /// Sets the spending limit of `category`: for every month, or for `month` only (which then
    /// stands in for the monthly one); the household's, or `person`'s on what was for them.
    public func setBudget(
        _ category: Category, amount: Money, month: Month? = nil, person: Int64? = nil
    ) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO budgets (category, month, person, amount) VALUES (?, ?, ?, ?)
                    ON CONFLICT (category, month, person) DO UPDATE SET amount = excluded.amount
                    """,
                arguments: [category.rawValue, month?.description ?? "", person ?? 0, amount.kopecks])
        }
    }

    /// Removes the limit of `category` for every month, or for `month` only, the household's or
    /// `person`'s; false when there was none.
    public func removeBudget(_ category: Category, month: Month? = nil, person: Int64? = nil) throws(StoreError) -> Bool
    {
        try write { db in
            try db.execute(
                sql: "DELETE FROM budgets WHERE category = ? AND month = ? AND person = ?",
                arguments: [category.rawValue, month?.description ?? "", person ?? 0])
            return db.changesCount > 0
        }
    }

    /// The limits that hold in `month`, the household's or `person`'s: the month's own where one is
    /// set, else the monthly ones.
    public func budgets(in month: Month, person: Int64? = nil) throws(StoreError) -> [Category: Money] {
        try read { db in
            var limits: [Category: Money] = [:]
            // The monthly ones first ('' sorts before any month), then the month's own over them.
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT category, month, amount FROM budgets WHERE month IN ('', ?) AND person = ? ORDER BY month",
                arguments: [month.description, person ?? 0])
            for row in rows {
                guard let category = Category(rawValue: row["category"]) else { continue }
                limits[category] = Money(kopecks: row["amount"])
            }
            return limits
        }
    }
}

extension ReceiptDatabase {
    /// Every limit of the household's set: the monthly ones (`month` nil) and those of one month, by
    /// category and month.
    public func allBudgets() throws(StoreError) -> [(category: Category, month: Month?, amount: Money)] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT category, month, amount FROM budgets WHERE person = 0 ORDER BY category, month"
            ).compactMap { row in
                guard let category = Category(rawValue: row["category"]) else { return nil }
                let month = (row["month"] as String?).flatMap { Month($0) }
                return (category, month, Money(kopecks: row["amount"]))
            }
        }
    }
}
