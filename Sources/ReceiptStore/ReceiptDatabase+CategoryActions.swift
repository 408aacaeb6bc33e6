import Foundation
import GRDB
public import ReceiptCore

/// A change the user made to categories, journaled so that it can be undone
/// (``ReceiptDatabase/undoCategoryAction(_:)``).
public struct CategoryAction: Sendable, Equatable {
    /// What the user did.
    public enum Kind: String, Sendable, Codable {
        /// Chose a category for a name (`categories set`).
        case name
        /// Forgot the category chosen for a name (`categories unset`).
        case forget
        /// Took the classifier's guess for a name as their choice (`categories confirm`).
        case confirm
        /// Chose a category for one line of one receipt (`categories line`).
        case line
        /// Chose a category for every name no choice or rule places that has some words
        /// (`categories match --set`).
        case words
    }

    /// The journal's number of the action: what undoing a given one names.
    public let id: Int64
    /// What was done.
    public let kind: Kind
    /// What it was done to: the name's key, the words, or for a line `#receipt:line` with the line's
    /// name.
    public let subject: String
    /// The category chosen; nil when a choice was forgotten.
    public let category: Category?
    /// The name keys whose choice it changed.
    public let names: [String]
    /// The lines of receipts it chose a category for.
    public let lines: Int
    /// Stored items whose category moved (when undone: moved back).
    public let itemsMoved: Int
}

extension ReceiptDatabase {
    /// One step of an action: a name's choice, or a line's, set to `after`.
    private struct Step {
        var nameKey: String?
        var display: String?
        var receiptID: Int64?
        var position: Int?
        var before: String?
        var after: String?
    }

    /// Remembers `category` for every item whose name has the key of `name`, now and in later imports,
    /// and moves the stored ones at once, monthly totals with them.
    public func choose(_ category: Category, forItemNamed name: String) throws(StoreError) -> CategoryChoice {
        let key = ItemName.key(name)
        let action = try apply(
            .name, subject: key, category: category,
            steps: { db in [try Self.nameStep(key: key, display: name, to: category, in: db)] })
        return CategoryChoice(key: key, category: category, itemsMoved: action.itemsMoved, action: action.id)
    }

    /// Forgets the category chosen for the name of `name`: its items go back to what the rules or
    /// their shops say, monthly totals with them. Returns the choice forgotten, with how many items
    /// moved; nil when no choice was remembered for the name.
    public func forgetChoice(forItemNamed name: String) throws(StoreError) -> CategoryChoice? {
        let key = ItemName.key(name)
        let chosen = try read { db in
            try String.fetchOne(db, sql: "SELECT chosen FROM item_names WHERE key = ?", arguments: [key])
        }
        guard let chosen, let category = Category(rawValue: chosen) else { return nil }
        let action = try apply(
            .forget, subject: key, category: nil,
            steps: { db in [try Self.nameStep(key: key, display: name, to: nil, in: db)] })
        return CategoryChoice(key: key, category: category, itemsMoved: action.itemsMoved, action: action.id)
    }

    /// Takes the classifier's guess for the name of `name` (applied or only proposed) as the user's
    /// choice; nil when the name is not stored or has no guess (the rules or a choice place it).
    public func confirmGuess(forItemNamed name: String) throws(StoreError) -> CategoryChoice? {
        let key = ItemName.key(name)
        let guess = try read { db in
            try String.fetchOne(
                db, sql: "SELECT guess FROM item_names WHERE key = ? AND chosen IS NULL AND rule IS NULL",
                arguments: [key])
        }
        guard let guess, let category = Category(rawValue: guess) else { return nil }
        let action = try apply(
            .confirm, subject: key, category: category,
            steps: { db in [try Self.nameStep(key: key, display: name, to: category, in: db)] })
        return CategoryChoice(key: key, category: category, itemsMoved: action.itemsMoved, action: action.id)
    }

    /// Chooses `category` for the line at `position` (from 0, in the receipt's order) of the receipt
    /// with local id `receipt`, whatever its name says elsewhere; nil forgets such a choice. Nil when
    /// the receipt has no such line.
    public func choose(_ category: Category?, forLine position: Int, ofReceipt receipt: Int64) throws(StoreError)
        -> CategoryAction?
    {
        let line = try read { db in
            try Row.fetchOne(
                db, sql: "SELECT name, chosen FROM items WHERE receipt_id = ? AND position = ?",
                arguments: [receipt, position])
        }
        guard let line else { return nil }
        let name: String = line["name"]
        return try apply(
            .line, subject: "#\(receipt):\(position + 1) \(name)", category: category,
            steps: { _ in
                [Step(receiptID: receipt, position: position, before: line["chosen"], after: category?.rawValue)]
            })
    }

    /// The names that neither a choice nor a rule places and whose key has every word of `words` at
    /// the beginning of one of its own, most bought first: what ``choose(_:forNamesMatching:)`` would
    /// choose for.
    public func names(matching words: String, limit: Int = 1000) throws(StoreError) -> [NameSpending] {
        try read { db in try Self.names(matching: words, limit: limit, in: db) }
    }

    private static func names(matching words: String, limit: Int, in db: Database) throws -> [NameSpending] {
        let wanted = ItemName.key(words).split(separator: " ").map(String.init)
        guard !wanted.isEmpty else { return [] }
        do {
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT n.display, n.key, i.category, \(nameGuessColumns), SUM(i.counted) AS total,
                        COUNT(*) AS items
                    FROM item_names n JOIN items i ON i.name_id = n.id
                    WHERE n.chosen IS NULL AND n.rule IS NULL AND i.chosen IS NULL
                    GROUP BY n.id ORDER BY items DESC, total DESC, n.key
                    """)
            var found: [NameSpending] = []
            for row in rows where found.count < limit {
                let key: String = row["key"]
                let keyWords = key.split(separator: " ")
                guard wanted.allSatisfy({ word in keyWords.contains { $0.hasPrefix(word) } }) else { continue }
                found.append(
                    nameSpending(
                        row, in: (row["category"] as String?).flatMap(Category.init(rawValue:)) ?? .uncategorized))
            }
            return found
        }
    }

    /// Chooses `category` for every name ``names(matching:limit:)`` finds for `words`, as one action.
    public func choose(_ category: Category, forNamesMatching words: String) throws(StoreError) -> CategoryAction {
        try apply(
            .words, subject: words, category: category,
            steps: { db in
                try Self.names(matching: words, limit: .max, in: db).map { name in
                    try Self.nameStep(key: name.key, display: name.name, to: category, in: db)
                }
            })
    }

    /// The latest actions, newest first.
    public func categoryActions(limit: Int = 20) throws(StoreError) -> [CategoryAction] {
        try read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM category_actions ORDER BY id DESC LIMIT ?", arguments: [limit])
                .compactMap { id in try Self.action(id, itemsMoved: 0, in: db) }
        }
    }

    /// Undoes the action `id` (the latest when nil): every name and line it changed gets the choice
    /// it had before, unless a later action changed it since (that step is left as it is). Returns
    /// the action undone, with how many items moved back; nil when there is no such action.
    public func undoCategoryAction(_ id: Int64? = nil) throws(StoreError) -> CategoryAction? {
        let undone = try writeCounting { db, context -> CategoryAction? in
            let id = try id ?? Int64.fetchOne(db, sql: "SELECT MAX(id) FROM category_actions")
            guard let id, let action = try Self.action(id, itemsMoved: 0, in: db) else { return nil }
            let steps = try Row.fetchAll(
                db,
                sql: """
                    SELECT name_key, receipt_id, position, before, after FROM category_action_steps WHERE action_id = ?
                    """,
                arguments: [id]
            ).map { row in
                Step(
                    nameKey: row["name_key"], receiptID: row["receipt_id"], position: row["position"],
                    before: row["after"], after: row["before"])
            }
            var restored: [Step] = []
            for step in steps where try Self.current(of: step, in: db) == step.before { restored.append(step) }
            let moved = try write(restored, in: db, context: &context)
            try db.execute(sql: "DELETE FROM category_actions WHERE id = ?", arguments: [id])
            return CategoryAction(
                id: id, kind: action.kind, subject: action.subject, category: action.category, names: action.names,
                lines: action.lines, itemsMoved: moved)
        }
        forgetResolved()
        return undone
    }

    /// Journals an action of the steps `steps` gives and writes them, moving the items and totals.
    private func apply(
        _ kind: CategoryAction.Kind, subject: String, category: Category?,
        steps: (Database) throws -> [Step]
    ) throws(StoreError) -> CategoryAction {
        let action = try writeCounting { db, context -> CategoryAction in
            let steps = try steps(db)
            try db.execute(
                sql: "INSERT INTO category_actions (made_at, kind, subject, category) VALUES (?, ?, ?, ?)",
                arguments: [ISO8601DateFormatter().string(from: Date()), kind.rawValue, subject, category?.rawValue])
            let id = db.lastInsertedRowID
            let record = try db.makeStatement(
                sql: """
                    INSERT INTO category_action_steps (action_id, name_key, receipt_id, position, before, after)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """)
            for step in steps {
                try record.execute(
                    arguments: [id, step.nameKey, step.receiptID, step.position, step.before, step.after])
            }
            let moved = try write(steps, in: db, context: &context)
            guard let action = try Self.action(id, itemsMoved: moved, in: db) else {
                throw RecordError(row: "category_actions.id=\(id)", reason: "written, then not found")
            }
            return action
        }
        forgetResolved()
        return action
    }

    /// A step choosing `category` (nil: forgetting) for a name key, with the choice it had.
    private static func nameStep(key: String, display: String, to category: Category?, in db: Database) throws
        -> Step
    {
        let before = try String.fetchOne(db, sql: "SELECT chosen FROM item_names WHERE key = ?", arguments: [key])
        return Step(nameKey: key, display: display, before: before, after: category?.rawValue)
    }

    /// The choice a step's name or line has now.
    private static func current(of step: Step, in db: Database) throws -> String? {
        if let key = step.nameKey {
            return try String.fetchOne(db, sql: "SELECT chosen FROM item_names WHERE key = ?", arguments: [key])
        }
        return try String.fetchOne(
            db, sql: "SELECT chosen FROM items WHERE receipt_id = ? AND position = ?",
            arguments: [step.receiptID, step.position])
    }

    /// Writes the steps' choices and categorizes the receipts they touch anew; the names the rules
    /// place are moved as the corrections teach now, and the names nothing else places are guessed
    /// again by the classifier as the choices teach it now. Returns how many items moved.
    private func write(_ steps: [Step], in db: Database, context: inout SaveContext) throws -> Int {
        guard !steps.isEmpty else { return 0 }
        let rules = context.categorizer.rules
        var receipts: Set<Int64> = []
        var namesChosen = false
        // The months a name was bought in narrow the receipts to look at.
        try Self.refreshMonthDetails(in: db)
        for step in steps {
            if let key = step.nameKey {
                namesChosen = true
                try db.execute(
                    sql: """
                        INSERT INTO item_names (key, display, chosen, rule) VALUES (?, ?, ?, ?)
                        ON CONFLICT (key) DO UPDATE SET chosen = excluded.chosen
                        """,
                    arguments: [key, step.display ?? key, step.after, rules.category(forKey: key)?.rawValue])
                let nameID = try Int64.fetchOne(db, sql: "SELECT id FROM item_names WHERE key = ?", arguments: [key])
                if let nameID { try ProductRows.assign(row: nameID, key: key, in: db) }
                receipts.formUnion(
                    try Int64.fetchAll(
                        db,
                        sql: """
                            SELECT DISTINCT i.receipt_id FROM receipts r JOIN items i ON i.receipt_id = r.id
                            WHERE r.month IN (SELECT DISTINCT month FROM month_item_totals WHERE name_id = ?1)
                                AND i.name_id = ?1
                            """,
                        arguments: [nameID]))
            } else if let receipt = step.receiptID, let position = step.position {
                try db.execute(
                    sql: "UPDATE items SET chosen = ? WHERE receipt_id = ? AND position = ?",
                    arguments: [step.after, receipt, position])
                receipts.insert(receipt)
            }
        }
        context.categorizer.forgetNames()
        var moved = 0
        for receipt in receipts.sorted() { moved += try context.recount(storedReceipt: receipt, in: db) }
        // A choice teaches: a correction of the rules moves the similar names they placed the same
        // way (a line's choice too), and a name's choice the classifier, whose guesses for names
        // nothing else places are made anew. The receipts of the names that moved are counted anew.
        forgetClassifier()
        var names = Set(try learnAnew(in: db))
        if namesChosen { names.formUnion(try guessAnew(in: db)) }
        return moved + (try recount(names: names.sorted(), in: db, context: &context))
    }

    /// A journaled action as stored, with `itemsMoved` items moved.
    private static func action(_ id: Int64, itemsMoved: Int, in db: Database) throws -> CategoryAction? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT kind, subject, category FROM category_actions WHERE id = ?", arguments: [id]),
            let kind = CategoryAction.Kind(rawValue: row["kind"])
        else { return nil }
        let steps = try Row.fetchAll(
            db, sql: "SELECT name_key FROM category_action_steps WHERE action_id = ? ORDER BY rowid", arguments: [id])
        let names = steps.compactMap { $0["name_key"] as String? }
        return CategoryAction(
            id: id, kind: kind, subject: row["subject"],
            category: (row["category"] as String?).flatMap(Category.init(rawValue:)), names: names,
            lines: steps.count - names.count, itemsMoved: itemsMoved)
    }
}
