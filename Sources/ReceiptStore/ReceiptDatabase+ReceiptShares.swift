import GRDB
public import ReceiptCore

/// Who paid one receipt and whom each of its lines was for, and why: what a receipt's page shows
/// beside its lines, decided as the household's balance decides it.
public struct ReceiptShares: Sendable, Equatable {
    /// Why the payer is the one: named for the receipt, the owner of the card it was paid with (its
    /// bank pair), the household member whose server login added it, or the user.
    public enum PayerReason: String, Sendable {
        case chosen, card, added, you
    }

    /// Why a line is for its people: its own choice, its receipt's, a split rule's, or nobody
    /// chose (everyone evenly).
    public enum Reason: Sendable, Equatable {
        case line, receipt, rule, everyone
    }

    /// One line's people.
    public struct Line: Sendable, Equatable {
        /// Who it is for, by weights; everyone's weights of 1 when nobody chose.
        public let weights: [Household.Weight]
        /// Why.
        public let reason: Reason
    }

    /// Who paid it.
    public let payer: Person
    /// Why they are the payer.
    public let payerReason: PayerReason
    /// Who pays it when nobody is named: the card's owner, else the member who added it, else the user.
    public let defaultPayer: Person
    /// Why: `card`, `added` or `you`.
    public let defaultReason: PayerReason
    /// The receipt's own choice, which its lines without one of their own follow; nil when none.
    public let receiptWeights: [Household.Weight]?
    /// Each line's people, in the receipt's order; none for a pending receipt.
    public let lines: [Line]
    /// What each person consumed of it (its counted money shared as the balance shares it), in the
    /// people's order, those with nothing left out.
    public let consumed: [Household.Share]
}

extension ReceiptDatabase {
    /// Who paid receipt `id` and whom its lines were for, decided as the balance decides it
    /// (``forEachSharedReceipt(months:_:)``); nil when there is no such receipt or no people yet.
    public func receiptShares(of id: Int64) throws(StoreError) -> ReceiptShares? {
        try read { db in
            guard let sharing = try HouseholdSharing(in: db),
                let receipt = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT r.month, r.added_by, p.person_id AS payer, b.account,
                            (SELECT COALESCE(s.merged_into, s.id) FROM shops s WHERE s.id = r.shop_id) AS shop
                        FROM receipts r
                        LEFT JOIN receipt_payers p ON p.receipt_id = r.id
                        LEFT JOIN bank_matches m ON m.receipt_id = r.id
                        LEFT JOIN bank_payments b ON b.id = m.payment_id
                        WHERE r.id = ?
                        """, arguments: [id])
            else { return nil }
            let people = Dictionary(uniqueKeysWithValues: sharing.people.map { ($0.id, $0) })
            let user = sharing.people[0]
            let chosen: Int64? = receipt["payer"]
            let account: String? = receipt["account"]
            // The default: the card's owner (their card paid it), else the member who added it, else
            // the user, as the balance's payer decides.
            let owner = sharing.cardOwner(of: account).flatMap { people[$0] }
            let adder = sharing.adder(of: receipt["added_by"]).flatMap { people[$0] }
            let (byDefault, defaultReason): (Person, ReceiptShares.PayerReason) =
                owner.map { ($0, .card) } ?? adder.map { ($0, .added) } ?? (user, .you)
            let (payer, payerReason): (Person, ReceiptShares.PayerReason) =
                if let chosen, let person = people[chosen] { (person, .chosen) } else { (byDefault, defaultReason) }
            var own: [Int: [Household.Weight]] = [:]
            for row in try Row.fetchAll(
                db,
                sql:
                    "SELECT position, person_id, weight FROM line_shares WHERE receipt_id = ? ORDER BY position, person_id",
                arguments: [id])
            {
                own[row["position"], default: []].append(
                    Household.Weight(person: row["person_id"], weight: row["weight"]))
            }
            let shop: Int64? = receipt["shop"]
            let lines = try Row.fetchAll(
                db,
                sql: """
                    SELECT position, name_id, COALESCE(category, 'uncategorized') AS category
                    FROM items WHERE receipt_id = ? ORDER BY position
                    """,
                arguments: [id]
            ).map { row in
                let rule = sharing.ruleWeights(
                    nameID: row["name_id"], shop: shop,
                    category: Category(rawValue: row["category"]) ?? .uncategorized)
                return ReceiptShares.Line.decided(
                    own: own[row["position"]], receipt: own[-1], rule: rule, everyone: sharing.everyone)
            }
            // What each consumed of it: its money as the balance shares it.
            var shared: SharedReceipt?
            try Self.forEachSharedReceipt(in: db, sharing: sharing, months: nil, only: id) { shared = $0 }
            return ReceiptShares(
                payer: payer, payerReason: payerReason, defaultPayer: byDefault, defaultReason: defaultReason,
                receiptWeights: own[-1], lines: lines,
                consumed: sharing.people.compactMap { person in
                    let amount = shared?.share(of: person.id) ?? 0
                    return amount == 0 ? nil : Household.Share(person: person.id, amount: amount)
                })
        }
    }
}

extension ReceiptShares.Line {
    /// A line's people: its own choice, else its receipt's, else a rule's, else everyone evenly.
    static func decided(
        own: [Household.Weight]?, receipt: [Household.Weight]?, rule: [Household.Weight]?, everyone: [Int64]
    ) -> Self {
        if let own { return Self(weights: own, reason: .line) }
        if let receipt { return Self(weights: receipt, reason: .receipt) }
        if let rule { return Self(weights: rule, reason: .rule) }
        return Self(weights: everyone.map { Household.Weight(person: $0, weight: 1) }, reason: .everyone)
    }
}
