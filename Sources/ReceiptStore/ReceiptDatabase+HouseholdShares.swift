import GRDB
public import ReceiptCore

/// A receipt as a household shares it: who paid it, and who each part of its counted money was for.
public struct SharedReceipt: Sendable, Equatable {
    /// One part of the receipt's counted money: a line, or the money no line carries.
    public struct Part: Sendable, Equatable {
        /// The line's position from 0 (`show` numbers it one higher); −1 for the money no line
        /// carries: a pending receipt's whole, or the rest of one whose lines share less than it
        /// counts (free lines).
        public let position: Int
        /// The line's category; for the rest, the shop's category (as the monthly totals count it).
        public let category: Category
        /// The line's name as the database knows it (`item_names`), nil for the rest.
        public let nameID: Int64?
        /// The money the part counts, signed as spending (a refund's is below zero).
        public let amount: Int64
        /// Each person's part of ``amount``, in kopecks, adding up to it exactly; only the people
        /// the part is for (a weight above zero), in the order of their weights or of the people.
        public let shares: [Household.Share]

        /// The part of `person`, 0 when it is not for them.
        public func share(of person: Int64) -> Int64 { shares.first { $0.person == person }?.amount ?? 0 }
    }

    /// The receipt's number.
    public let id: Int64
    /// The month of its local date.
    public let month: Month
    /// Its local date and time as stored (`2024-12-07T18:31:00`).
    public let dateTime: String
    /// Who paid it.
    public let payer: Int64
    /// The money it counts (`PurchaseCounting`), signed as spending; its parts add up to it.
    public let counted: Int64
    /// The name it is shown with (the user's for the shop, the place's, the shop's, else what it
    /// prints).
    public let shop: String
    /// Its shop row, nil for a receipt of no shop.
    public let shopID: Int64?
    /// Its printed address.
    public let address: String?
    /// Its parts, lines first in their order, the rest (if any) last.
    public let parts: [Part]

    /// What the receipt's parts give `person`.
    public func share(of person: Int64) -> Int64 { parts.reduce(0) { $0 + $1.share(of: person) } }
}

/// Who a household's lines are for and who paid each receipt: the people, the rules, and the
/// choices recorded for receipts and lines, applied in one place for the balance, the statistics,
/// budgets and the exports.
struct HouseholdSharing {
    let people: [Person]
    let everyone: [Int64]
    let rules: [SplitRule]
    /// Each card's digits with its owner.
    let cards: [(digits: String, person: Int64)]
    /// Each server login (lowercased) with its person.
    let accounts: [String: Int64]
    /// The names (`item_names.id`) a words rule takes, with its weights.
    let namedWeights: [Int64: [Household.Weight]]

    /// Nil when there are no people: nothing is shared.
    init?(in db: Database) throws {
        people = try ReceiptDatabase.people(in: db)
        guard !people.isEmpty else { return nil }
        everyone = people.map(\.id)
        rules = try ReceiptDatabase.splitRules(in: db)
        cards = people.compactMap { person in person.card.map { (digits: $0, person: person.id) } }
        accounts = Dictionary(
            people.compactMap { person in person.account.map { ($0.lowercased(), person.id) } },
            uniquingKeysWith: { first, _ in first })
        let words = rules.compactMap { rule -> (words: [Substring], weights: [Household.Weight])? in
            guard case .words(let text) = rule.match else { return nil }
            return (SearchText.foldLetters(text).split(separator: " "), rule.weights)
        }
        var named: [Int64: [Household.Weight]] = [:]
        if !words.isEmpty {
            let names = try Row.fetchCursor(db, sql: "SELECT id, key FROM item_names")
            while let row = try names.next() {
                let key: String = row[1]
                if let rule = words.first(where: { rule in rule.words.allSatisfy { key.contains($0) } }) {
                    named[row[0]] = rule.weights
                }
            }
        }
        namedWeights = named
    }

    /// Who paid a receipt: the person named for it, else the owner of the card its bank pair was
    /// paid with, else the person whose server login added it (a household member), else the user.
    func payer(named: Int64?, account: String?, addedBy: String? = nil) -> Int64 {
        named ?? cardOwner(of: account) ?? adder(of: addedBy) ?? everyone[0]
    }

    /// The person whose card's digits end the bank account a receipt was paid from.
    func cardOwner(of account: String?) -> Int64? {
        guard let account else { return nil }
        return cards.first { account.hasSuffix($0.digits) }?.person
    }

    /// The person whose server login added a receipt (a household member's).
    func adder(of addedBy: String?) -> Int64? {
        addedBy.flatMap { accounts[$0.lowercased()] }
    }

    /// The weights a rule gives a line (its name, the receipt's shop, its category), words first.
    func ruleWeights(nameID: Int64?, shop: Int64?, category: Category) -> [Household.Weight]? {
        if let nameID, let weights = namedWeights[nameID] { return weights }
        if let shop, let rule = rules.first(where: { $0.match == .shop(shop) }) { return rule.weights }
        return rules.first(where: { $0.match == .category(category) })?.weights
    }
}

extension ReceiptDatabase {
    /// Calls `body` with every receipt that counts money in `months` (all when nil), in the order
    /// of their numbers, shared among the household: each line's money goes to the line's own
    /// shares, else its receipt's, else a rule's (words in its name, then the shop, then its
    /// category), else everyone evenly; the money no line carries is shared the same way with the
    /// shop's category. Nothing is called when there are no people. Reads one receipt at a time.
    public func forEachSharedReceipt(
        months: ClosedRange<Month>? = nil, _ body: (SharedReceipt) throws -> Void
    ) throws(StoreError) {
        try read { db in
            guard let sharing = try HouseholdSharing(in: db) else { return }
            try Self.forEachSharedReceipt(in: db, sharing: sharing, months: months, body)
        }
    }

    /// The same within a read: every receipt of `months`, or receipt `only` alone.
    static func forEachSharedReceipt(
        in db: Database, sharing: HouseholdSharing, months: ClosedRange<Month>?, only: Int64? = nil,
        _ body: (SharedReceipt) throws -> Void
    ) throws {
        var bounds = Self.bounds(months)
        let one = only.map { _ in "AND r.id = ?" } ?? ""
        if let only { bounds += [only] }
        var chosen: [Int64: [Int: [Household.Weight]]] = [:]
        let choices = try Row.fetchCursor(
            db,
            sql: """
                SELECT c.receipt_id, c.position, c.person_id, c.weight FROM line_shares c
                JOIN receipts r ON r.id = c.receipt_id WHERE r.month BETWEEN ? AND ? \(one)
                ORDER BY c.receipt_id, c.position, c.person_id
                """,
            arguments: bounds)
        while let row = try choices.next() {
            chosen[row[0], default: [:]][row[1], default: []].append(Household.Weight(person: row[2], weight: row[3]))
        }
        // One row a line; a receipt without lines once, its line's columns NULL.
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT r.id, r.month, r.date_time, r.counted, \(ShopIdentity.name), r.shop_id,
                    COALESCE(s.merged_into, r.shop_id), r.address, \(ShopEvidence.receiptSQL),
                    pay.person_id, b.account,
                    i.position, i.counted, i.name_id, COALESCE(i.category, 'uncategorized'), r.added_by
                FROM receipts r
                LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join)
                LEFT JOIN receipt_payers pay ON pay.receipt_id = r.id
                LEFT JOIN bank_matches m ON m.receipt_id = r.id
                LEFT JOIN bank_payments b ON b.id = m.payment_id
                LEFT JOIN items i ON i.receipt_id = r.id
                WHERE r.counted <> 0 AND r.month BETWEEN ? AND ? \(one)
                ORDER BY r.id, i.position
                """,
            arguments: bounds)
        /// The receipt being read: its first row, its own choices, and its lines so far.
        struct Reading {
            let row: Row
            let id: Int64
            let own: [Int: [Household.Weight]]
            var parts: [SharedReceipt.Part] = []

            func share(
                _ position: Int, _ amount: Int64, _ nameID: Int64?, _ category: Category, by sharing: HouseholdSharing
            ) -> SharedReceipt.Part {
                // The line's own choice, else the receipt's, else a rule's, else everyone.
                let weights =
                    own[position] ?? own[-1]
                    ?? sharing.ruleWeights(nameID: nameID, shop: row[6], category: category) ?? []
                return SharedReceipt.Part(
                    position: position, category: category, nameID: nameID, amount: amount,
                    shares: Household.shares(of: amount, weights: weights, everyone: sharing.everyone))
            }

            func receipt(by sharing: HouseholdSharing) throws -> SharedReceipt {
                let counted: Int64 = row[3]
                var parts = parts
                let shared = parts.reduce(Int64(0)) { $0 &+ $1.amount }
                if shared != counted || parts.isEmpty {
                    let category = Category(rawValue: row[8]) ?? .uncategorized
                    parts.append(share(-1, counted &- shared, nil, category, by: sharing))
                }
                return SharedReceipt(
                    id: id, month: try ReceiptDatabase.month(row[1]), dateTime: row[2],
                    payer: sharing.payer(named: row[9], account: row[10], addedBy: row[15]), counted: counted,
                    shop: row[4],
                    shopID: row[5], address: row[7], parts: parts)
            }
        }
        var current: Reading?
        while let row = try rows.next() {
            let id: Int64 = row[0]
            if current?.id != id {
                if let current { try body(try current.receipt(by: sharing)) }
                current = Reading(row: row.copy(), id: id, own: chosen[id] ?? [:])
            }
            guard let position: Int = row[11] else { continue }
            let category = Category(rawValue: row[14]) ?? .uncategorized
            if let part = current?.share(position, row[12], row[13], category, by: sharing) {
                current?.parts.append(part)
            }
        }
        if let current { try body(try current.receipt(by: sharing)) }
    }
}
