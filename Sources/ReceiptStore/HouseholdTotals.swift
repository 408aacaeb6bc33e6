import GRDB
import ReceiptCore

/// What each person paid and consumed each month, kept so that a balance over years is a sum of a
/// few rows rather than a walk over every line (``ReceiptDatabase/forEachSharedReceipt(months:_:)``).
///
/// Triggers mark the months whose figures a change may move (`stale_household_months`): a receipt,
/// its lines, who paid it, its shares, its bank pair; and every month (`*`) for what all receipts
/// depend on: the people, the rules, a name's key, a shop's merge, kind or place category. They
/// exist only while the household does, so that a database without people pays nothing for them
/// on import. Reading recomputes the marked months first, in one transaction with the marks.
enum HouseholdTotals {
    /// The mark that says every month.
    static let everyMonth = "*"

    /// The months a change on each table marks, as the SQL of a trigger's body: `NEW`/`OLD` rows.
    private static func marks(_ row: String, receipt column: String) -> String {
        "INSERT OR IGNORE INTO stale_household_months (month) SELECT month FROM receipts WHERE id = \(row).\(column);"
    }

    private static let everything =
        "INSERT OR IGNORE INTO stale_household_months (month) VALUES ('\(everyMonth)');"

    /// Each trigger's name and body.
    private static var triggers: [(name: String, sql: String)] {
        var list: [(String, String)] = [
            (
                "receipts_insert",
                "AFTER INSERT ON receipts BEGIN INSERT OR IGNORE INTO stale_household_months (month) VALUES (NEW.month); END"
            ),
            (
                "receipts_delete",
                "AFTER DELETE ON receipts BEGIN INSERT OR IGNORE INTO stale_household_months (month) VALUES (OLD.month); END"
            ),
            (
                "receipts_update",
                "AFTER UPDATE ON receipts BEGIN INSERT OR IGNORE INTO stale_household_months (month) VALUES (OLD.month), (NEW.month); END"
            ),
        ]
        // A receipt's lines are written only with its own row (inserted, or updated first) and go
        // with it: the receipt's triggers mark their month, and an insert trigger a line would cost
        // every line of an import. A line changed alone (its category) marks its month itself.
        list.append(("items_update", "AFTER UPDATE ON items BEGIN \(marks("OLD", receipt: "receipt_id")) END"))
        for table in ["line_shares", "receipt_payers", "bank_matches"] {
            list.append(
                ("\(table)_insert", "AFTER INSERT ON \(table) BEGIN \(marks("NEW", receipt: "receipt_id")) END"))
            list.append(
                ("\(table)_delete", "AFTER DELETE ON \(table) BEGIN \(marks("OLD", receipt: "receipt_id")) END"))
            list.append(
                (
                    "\(table)_update",
                    "AFTER UPDATE ON \(table) BEGIN \(marks("OLD", receipt: "receipt_id")) \(marks("NEW", receipt: "receipt_id")) END"
                ))
        }
        for table in ["people", "split_rules", "split_rule_people"] {
            for event in ["INSERT", "DELETE", "UPDATE"] {
                list.append(("\(table)_\(event.lowercased())", "AFTER \(event) ON \(table) BEGIN \(everything) END"))
            }
        }
        list.append(("item_names_key", "AFTER UPDATE OF key ON item_names BEGIN \(everything) END"))
        list.append(("shops_update", "AFTER UPDATE OF merged_into, kind ON shops BEGIN \(everything) END"))
        list.append(("places_update", "AFTER UPDATE OF category ON places BEGIN \(everything) END"))
        list.append(("bank_payments_update", "AFTER UPDATE OF account ON bank_payments BEGIN \(everything) END"))
        return list.map { (name: "household_mark_" + $0.0, sql: $0.1) }
    }

    /// Creates the triggers (when there are none) and marks every month: the household begins.
    static func begin(in db: Database) throws {
        for trigger in triggers {
            try db.execute(sql: "CREATE TRIGGER IF NOT EXISTS \(trigger.name) \(trigger.sql)")
        }
        try db.execute(sql: everything)
    }

    /// Drops the triggers and the kept figures: the household is gone.
    static func end(in db: Database) throws {
        for trigger in triggers { try db.execute(sql: "DROP TRIGGER IF EXISTS \(trigger.name)") }
        try db.execute(sql: "DELETE FROM household_totals")
        try db.execute(sql: "DELETE FROM stale_household_months")
    }

    /// Whether any month waits to be recomputed.
    static func isStale(in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM stale_household_months)") ?? false
    }

    /// Recomputes the marked months' figures, then clears the marks.
    static func refresh(in db: Database) throws {
        let marked = try String.fetchAll(db, sql: "SELECT month FROM stale_household_months")
        guard !marked.isEmpty else { return }
        defer { _ = try? db.execute(sql: "DELETE FROM stale_household_months") }
        guard let sharing = try HouseholdSharing(in: db) else {
            try db.execute(sql: "DELETE FROM household_totals")
            return
        }
        var ranges: [ClosedRange<Month>?] = []
        if marked.contains(everyMonth) {
            try db.execute(sql: "DELETE FROM household_totals")
            ranges = [nil]
        } else {
            for text in marked {
                let month = try ReceiptDatabase.month(text)
                try db.execute(sql: "DELETE FROM household_totals WHERE month = ?", arguments: [text])
                ranges.append(month...month)
            }
        }
        let insert = try db.makeStatement(
            sql: "INSERT INTO household_totals (month, person, paid, consumed) VALUES (?, ?, ?, ?)")
        for range in ranges {
            var figures = Figures()
            try ReceiptDatabase.forEachSharedReceipt(in: db, sharing: sharing, months: range) { figures.add($0) }
            for (key, value) in figures.byMonth {
                try insert.execute(arguments: [key.month.description, key.person, value.paid, value.consumed])
            }
        }
    }

    /// What each person paid and consumed, by month.
    struct Figures {
        struct Key: Hashable {
            let month: Month
            let person: Int64
        }
        var byMonth: [Key: (paid: Int64, consumed: Int64)] = [:]

        mutating func add(_ receipt: SharedReceipt) {
            byMonth[Key(month: receipt.month, person: receipt.payer), default: (0, 0)].paid += receipt.counted
            for part in receipt.parts {
                for share in part.shares {
                    byMonth[Key(month: receipt.month, person: share.person), default: (0, 0)].consumed += share.amount
                }
            }
        }
    }
}
