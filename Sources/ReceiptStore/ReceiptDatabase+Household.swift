import GRDB
public import ReceiptCore

/// A person who shares the receipts: the first one added is the user, who pays a receipt unless
/// another is named or the card it was paid with is someone else's.
public struct Person: Sendable, Hashable, Codable {
    /// The person's number in the database.
    public let id: Int64
    /// The name the user gave (unique in any case).
    public let name: String
    /// The last four digits of the person's card, as bank statements print them (`*4556`).
    public let card: String?
    /// The person's login on the receipts server: the receipts that login added to a household
    /// there are the person's to pay, unless a choice or a card says otherwise.
    public let account: String?
    /// Whether this is the user (the first person): the default payer.
    public let isUser: Bool
}

/// Why a household change was refused.
public enum HouseholdError: Error, Sendable, Equatable, LocalizedMessage {
    /// Someone of that name (in any case) is there already.
    case nameTaken(String)
    /// Nobody of that name.
    case noPerson(String)
    /// No receipt of that number.
    case noReceipt(Int64)
    /// The receipt has no such line (`lines` it has).
    case noLine(receipt: Int64, line: Int, lines: Int)
    /// The card's digits are someone else's already.
    case cardTaken(card: String, by: String)
    /// No shop of that number.
    case noShop(Int64)
    /// The user cannot go while others remain: the others would have nobody to pay by default.
    case userStays(String)
    /// A person with recorded settlements keeps them: removing would unbalance the others.
    case hasSettlements(String)

    /// Why, in the user's language.
    public func message(in language: Language) -> String {
        switch self {
        case .nameTaken(let name):
            language.pick("«\(name)» уже есть среди людей", "“\(name)” is already one of the people")
        case .noPerson(let name):
            language.pick(
                "нет человека «\(name)»; список: receipts people", "no person named “\(name)”; see receipts people")
        case .noReceipt(let id): language.pick("нет чека № \(id)", "no receipt #\(id)")
        case .noLine(let receipt, let line, let lines):
            language.pick(
                "в чеке № \(receipt) нет строки \(line): строк \(lines)",
                "receipt #\(receipt) has no line \(line): it has \(lines)")
        case .noShop(let id):
            language.pick("магазина #\(id) нет (receipts shops)", "there is no shop #\(id) (receipts shops)")
        case .cardTaken(let card, let name):
            language.pick("карта *\(card) уже записана за «\(name)»", "card *\(card) is already \(name)’s")
        case .userStays(let name):
            language.pick(
                "«\(name)» — это вы (платите по умолчанию): сначала уберите остальных",
                "“\(name)” is you (the default payer): remove the others first")
        case .hasSettlements(let name):
            language.pick(
                "у «\(name)» есть записанные расчёты: без них балансы остальных не сойдутся",
                "\(name) has recorded settlements: without them the others’ balances would not add up")
        }
    }
}

/// What each person paid and consumed over some months, and the settlements recorded: the
/// household's balance (each ``HouseholdBalance/Line/balance``: positive for a person owed money).
public struct HouseholdBalance: Sendable, Equatable {
    /// One person's figures.
    public struct Line: Sendable, Equatable {
        /// Whose they are.
        public let person: Person
        /// Kopecks the person paid (receipts they paid, money received counting below zero).
        public let paid: Int64
        /// Kopecks of the lines that were for them.
        public let consumed: Int64
        /// Kopecks they sent in recorded settlements.
        public let sent: Int64
        /// Kopecks they received in recorded settlements.
        public let received: Int64

        /// Positive: the others owe the person this much; negative: the person owes it.
        public var balance: Int64 { paid - consumed + sent - received }
    }

    /// Every person's, the user first.
    public let lines: [Line]
}

extension ReceiptDatabase {
    /// Every person, the user first.
    public func people() throws(StoreError) -> [Person] {
        try read { db in try Self.people(in: db) }
    }

    static func people(in db: Database) throws -> [Person] {
        try Row.fetchAll(db, sql: "SELECT id, name, card, account FROM people ORDER BY id").enumerated().map {
            index, row in
            Person(id: row["id"], name: row["name"], card: row["card"], account: row["account"], isUser: index == 0)
        }
    }

    /// Adds a person (the first one is the user); `card` the last four digits of their card.
    public func addPerson(
        _ name: String, card: String? = nil, account: String? = nil
    ) throws(StoreError) -> Result<Person, HouseholdError> {
        try write { db in
            let people = try Self.people(in: db)
            if let taken = people.first(where: { $0.name.lowercased() == name.lowercased() }) {
                return .failure(.nameTaken(taken.name))
            }
            if let card, let owner = people.first(where: { $0.card == card }) {
                return .failure(.cardTaken(card: card, by: owner.name))
            }
            if people.isEmpty { try HouseholdTotals.begin(in: db) }
            try db.execute(
                sql: "INSERT INTO people (name, card, account) VALUES (?, ?, ?)", arguments: [name, card, account])
            return .success(
                Person(id: db.lastInsertedRowID, name: name, card: card, account: account, isUser: people.isEmpty))
        }
    }

    /// Removes a person: the receipts they paid go back to the default payer and their shares to
    /// the others. The user stays while others remain; a person with recorded settlements stays.
    public func removePerson(named name: String) throws(StoreError) -> Result<Person, HouseholdError> {
        try write { db in
            let people = try Self.people(in: db)
            guard let person = people.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                return .failure(.noPerson(name))
            }
            if person.isUser, people.count > 1 { return .failure(.userStays(person.name)) }
            let settled =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM settlements WHERE from_id = ? OR to_id = ?",
                    arguments: [person.id, person.id]) ?? 0
            if settled > 0 { return .failure(.hasSettlements(person.name)) }
            try db.execute(sql: "DELETE FROM people WHERE id = ?", arguments: [person.id])
            try db.execute(sql: "DELETE FROM budgets WHERE person = ?", arguments: [person.id])
            if people.count == 1 { try HouseholdTotals.end(in: db) }
            return .success(person)
        }
    }

    /// The person of that name (any case), if there is one.
    public func person(named name: String) throws(StoreError) -> Person? {
        try people().first { $0.name.lowercased() == name.lowercased() }
    }

    /// Says who paid receipt `id`; nil gives it back to the default (the card's owner, else the user).
    /// Nil when done, else why not.
    public func setPayer(of id: Int64, to person: Int64?) throws(StoreError) -> HouseholdError? {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM receipts WHERE id = ?", arguments: [id]) != nil else {
                return .noReceipt(id)
            }
            if let person {
                try db.execute(
                    sql: """
                        INSERT INTO receipt_payers (receipt_id, person_id) VALUES (?, ?)
                        ON CONFLICT (receipt_id) DO UPDATE SET person_id = excluded.person_id
                        """,
                    arguments: [id, person])
            } else {
                try db.execute(sql: "DELETE FROM receipt_payers WHERE receipt_id = ?", arguments: [id])
            }
            return nil
        }
    }

    /// Who each line of receipt `id` is for: `line` (from 1) alone, or nil for the receipt's default,
    /// which its lines without shares of their own follow; no weights gives it back to everyone.
    /// Nil when done, else why not.
    public func setShares(
        of id: Int64, line: Int?, to weights: [Household.Weight]
    ) throws(StoreError) -> HouseholdError? {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM receipts WHERE id = ?", arguments: [id]) != nil else {
                return .noReceipt(id)
            }
            if let line {
                let lines =
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM items WHERE receipt_id = ?", arguments: [id]) ?? 0
                guard (1...max(lines, 1)).contains(line), lines > 0 else {
                    return .noLine(receipt: id, line: line, lines: lines)
                }
            }
            let position = line.map { $0 - 1 } ?? -1
            try db.execute(
                sql: "DELETE FROM line_shares WHERE receipt_id = ? AND position = ?", arguments: [id, position])
            for weight in weights {
                try db.execute(
                    sql: "INSERT INTO line_shares (receipt_id, position, person_id, weight) VALUES (?, ?, ?, ?)",
                    arguments: [id, position, weight.person, weight.weight])
            }
            return nil
        }
    }

    /// What each person paid and consumed in `months` (every month when nil), with the settlements
    /// recorded for those months: the receipts as ``forEachSharedReceipt(months:_:)`` shares them,
    /// summed from the kept monthly figures (`HouseholdTotals`), recomputed first where a change
    /// marked them; a file that cannot be written is walked instead.
    public func householdBalance(months: ClosedRange<Month>? = nil) throws(StoreError) -> HouseholdBalance {
        let kept = try read { db in
            try HouseholdTotals.isStale(in: db) ? nil : try Self.keptBalance(in: db, months)
        }
        if let kept { return kept }
        do {
            return try write { db in
                try HouseholdTotals.refresh(in: db)
                return try Self.keptBalance(in: db, months)
            }
        } catch .readOnly, .diskFull {
            return try read { db in
                guard let sharing = try HouseholdSharing(in: db) else { return HouseholdBalance(lines: []) }
                var figures = HouseholdTotals.Figures()
                try Self.forEachSharedReceipt(in: db, sharing: sharing, months: months) { figures.add($0) }
                var sums: [Int64: (paid: Int64, consumed: Int64)] = [:]
                for (key, value) in figures.byMonth {
                    sums[key.person, default: (0, 0)].paid += value.paid
                    sums[key.person, default: (0, 0)].consumed += value.consumed
                }
                return try Self.balance(in: db, people: sharing.people, sums: sums, months: months)
            }
        }
    }

    /// The balance from the kept monthly figures, which must be up to date.
    private static func keptBalance(in db: Database, _ months: ClosedRange<Month>?) throws -> HouseholdBalance {
        var sums: [Int64: (paid: Int64, consumed: Int64)] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT person, SUM(paid), SUM(consumed) FROM household_totals WHERE month BETWEEN ? AND ?
                GROUP BY person
                """,
            arguments: bounds(months))
        {
            sums[row[0]] = (row[1], row[2])
        }
        return try balance(in: db, people: people(in: db), sums: sums, months: months)
    }

    /// Each person's line: what they paid and consumed (`sums`), with the settlements of `months`.
    private static func balance(
        in db: Database, people: [Person], sums: [Int64: (paid: Int64, consumed: Int64)], months: ClosedRange<Month>?
    ) throws -> HouseholdBalance {
        var sent: [Int64: Int64] = [:]
        var received: [Int64: Int64] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT from_id, to_id, amount FROM settlements WHERE month BETWEEN ? AND ?",
            arguments: bounds(months))
        {
            sent[row["from_id"], default: 0] += row["amount"]
            received[row["to_id"], default: 0] += row["amount"]
        }
        return HouseholdBalance(
            lines: people.map { person in
                HouseholdBalance.Line(
                    person: person, paid: sums[person.id]?.paid ?? 0, consumed: sums[person.id]?.consumed ?? 0,
                    sent: sent[person.id] ?? 0, received: received[person.id] ?? 0)
            })
    }

    /// The settlements recorded for `months` (all when nil), in the order recorded.
    public func settlements(months: ClosedRange<Month>? = nil) throws(StoreError) -> [Settlement] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT from_id, to_id, amount, month FROM settlements WHERE month BETWEEN ? AND ? ORDER BY id",
                arguments: Self.bounds(months)
            ).map { row in
                Settlement(from: row[0], to: row[1], amount: row[2], month: try Self.month(row[3]))
            }
        }
    }

    /// Keeps `transfers` as settlements of `month`: later balances over that month count them.
    public func recordSettlements(_ transfers: [Household.Transfer], month: Month) throws(StoreError) {
        try write { db in try Self.insert(transfers, month: month, in: db) }
    }

    /// Keeps as settlements of `month` the transfers that settle the balance of `months` (every month
    /// when nil), when they are still `expected` (what the person saw and paid): worked out again and
    /// kept in one transaction, so that a balance changed meanwhile, or a second click, keeps nothing.
    /// False when they are not the same (or there are none).
    public func recordSettlements(
        settling months: ClosedRange<Month>?, in month: Month, expected: [Household.Transfer]
    ) throws(StoreError) -> Bool {
        try write { db in
            try HouseholdTotals.refresh(in: db)
            let balance = try Self.keptBalance(in: db, months)
            let transfers = Household.settle(balance.lines.map { (person: $0.person.id, balance: $0.balance) })
            guard !transfers.isEmpty, transfers == expected else { return false }
            try Self.insert(transfers, month: month, in: db)
            return true
        }
    }

    private static func insert(_ transfers: [Household.Transfer], month: Month, in db: Database) throws {
        for transfer in transfers {
            try db.execute(
                sql: "INSERT INTO settlements (from_id, to_id, amount, month) VALUES (?, ?, ?, ?)",
                arguments: [transfer.from, transfer.to, transfer.amount, month.description])
        }
    }
}

/// A transfer recorded as paid (`household settle --record`): `from` paid `to` `amount` kopecks for
/// `month`'s balance.
public struct Settlement: Sendable, Equatable {
    /// Who paid (a person's id).
    public let from: Int64
    /// Who was paid.
    public let to: Int64
    /// Kopecks, above zero.
    public let amount: Int64
    /// The month whose balance it settled.
    public let month: Month
}

/// Who lines are for when neither the line nor its receipt says: the first rule of words in the
/// line's name, else of the receipt's shop, else of the line's category, in the order added.
public struct SplitRule: Sendable, Equatable {
    /// What a rule looks at.
    public enum Match: Sendable, Equatable {
        /// The line's category.
        case category(Category)
        /// The receipt's shop (its id, as `receipts shops` numbers it; a merged shop's receipts too).
        case shop(Int64)
        /// Every one of these words (lowercased, space-separated) in the line's name as its key reads
        /// it (`ItemName/key(_:)`: letters folded, weights and volumes left out).
        case words(String)
    }

    /// The rule's number.
    public let id: Int64
    /// What it looks at.
    public let match: Match
    /// Who the lines it takes are for.
    public let weights: [Household.Weight]
}

extension ReceiptDatabase {
    /// Every rule, in the order added; a rule whose people were all removed is left out.
    public func splitRules() throws(StoreError) -> [SplitRule] {
        try read { db in try Self.splitRules(in: db) }
    }

    static func splitRules(in db: Database) throws -> [SplitRule] {
        var weights: [Int64: [Household.Weight]] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT rule_id, person_id, weight FROM split_rule_people ORDER BY rule_id, person_id")
        {
            weights[row["rule_id"], default: []].append(
                Household.Weight(person: row["person_id"], weight: row["weight"]))
        }
        return try Row.fetchAll(db, sql: "SELECT id, kind, value FROM split_rules ORDER BY id").compactMap { row in
            let id: Int64 = row["id"]
            let value: String = row["value"]
            let match: SplitRule.Match
            switch row["kind"] as String {
            case "category":
                guard let category = Category(rawValue: value) else { return nil }
                match = .category(category)
            case "shop":
                guard let shop = Int64(value) else { return nil }
                match = .shop(shop)
            default: match = .words(value)
            }
            guard let people = weights[id], !people.isEmpty else { return nil }
            return SplitRule(id: id, match: match, weights: people)
        }
    }

    /// Adds a rule; its words are kept lowercased. Refused when the shop is not there.
    public func addSplitRule(
        _ match: SplitRule.Match, weights: [Household.Weight]
    ) throws(StoreError) -> Result<SplitRule, HouseholdError> {
        try write { db in
            let (kind, value): (String, String)
            switch match {
            case .category(let category): (kind, value) = ("category", category.rawValue)
            case .shop(let shop):
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM shops WHERE id = ?", arguments: [shop]) != nil else {
                    return .failure(.noShop(shop))
                }
                let root =
                    try Int64.fetchOne(
                        db, sql: "SELECT COALESCE(merged_into, id) FROM shops WHERE id = ?", arguments: [shop]) ?? shop
                (kind, value) = ("shop", String(root))
            case .words(let words):
                (kind, value) = ("words", words.lowercased().split(separator: " ").joined(separator: " "))
            }
            try db.execute(sql: "INSERT INTO split_rules (kind, value) VALUES (?, ?)", arguments: [kind, value])
            let id = db.lastInsertedRowID
            for weight in weights {
                try db.execute(
                    sql: "INSERT INTO split_rule_people (rule_id, person_id, weight) VALUES (?, ?, ?)",
                    arguments: [id, weight.person, weight.weight])
            }
            let stored: SplitRule.Match =
                switch match {
                case .shop: .shop(Int64(value) ?? 0)
                case .words: .words(value)
                case .category: match
                }
            return .success(SplitRule(id: id, match: stored, weights: weights))
        }
    }

    /// Removes rule `id`; false when there is none.
    public func removeSplitRule(_ id: Int64) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM split_rules WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }
}
