import GRDB
import ReceiptCore

/// What each receipt counts and which receipt it goes with, kept in `receipts.kind`, `counted`,
/// `linked_id` and `items.counted` by the transaction that saves it.
///
/// A settlement is linked to the prepayment that paid for it (the same seller, shared items by
/// name key or GTIN, a prepaid part the prepayment still covers, at most 90 days apart), in
/// whichever order the two arrive; once linked it counts only what was left to pay. A return is
/// linked to the purchase it returns, a credit payment to its sale on credit; those links are
/// shown, they move no money.
enum PurchaseCounting {
    /// An SQL condition on a receipt `r` and its line `i`: the line is a purchase of goods, once.
    /// Purchases and sales on credit are; a settlement only while no prepayment is known to have
    /// paid for it (the prepayment's lines are then the purchase), a prepayment only for lines paid
    /// in full (a part paid says nothing of the price).
    static let pricedLine = """
        (r.kind IN ('purchase', 'creditSale') OR (r.kind = 'settlement' AND r.linked_id IS NULL)
         OR (r.kind = 'prepayment' AND i.payment_type = 1))
        """

    /// How far apart, in days, a receipt and the one it goes with may be.
    static func window(of kind: PurchaseKind) -> Int {
        kind == .creditPayment ? 3 * 366 : 90
    }

    /// The share of `counted` each line takes, by its printed sum (``LargestRemainder``); all zero
    /// when no line has a sum above zero, and the money then stays with the receipt as a whole.
    static func lineShares(_ counted: Int64, sums: [Int64]) -> [Int64] {
        LargestRemainder.split(counted, by: sums) ?? Array(repeating: 0, count: sums.count)
    }

    /// Links the receipt `id` to the receipt it goes with and, for a prepayment, the settlements
    /// that wait for it; the money of every receipt whose link changed is counted anew.
    static func link(_ id: Int64, in db: Database, context: inout SaveContext) throws {
        guard let receipt = try Stored.fetch(id, in: db), let inn = receipt.sellerINN, !inn.isEmpty else { return }
        switch receipt.kind {
        case .settlement:
            guard let prepayment = try prepayment(settling: receipt, in: db) else { return }
            try setLink(of: id, to: prepayment, in: db, context: &context)
        case .prepayment:
            var remaining = receipt.total - (try settled(by: id, except: nil, in: db))
            for candidate in try waitingSettlements(for: receipt, in: db)
            where candidate.prepaid <= remaining && (candidate.shared || candidate.prepaid == remaining) {
                try setLink(of: candidate.id, to: id, in: db, context: &context)
                remaining -= candidate.prepaid
            }
        case .purchaseReturn, .prepaymentReturn, .creditPayment:
            guard let original = try original(of: receipt, in: db) else { return }
            try setLink(of: id, to: original, in: db, context: &context)
        case .purchase, .creditSale, .payout, .payoutReturn:
            return
        }
    }

    /// Takes away the links of the receipts linked to `id` (before it is rewritten) and counts them
    /// anew; returns them, to be linked again once it is.
    static func release(linkedTo id: Int64, in db: Database, context: inout SaveContext) throws -> [Int64] {
        let linked = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM receipts WHERE linked_id = ? ORDER BY date_time, id"),
            arguments: [id])
        for other in linked {
            try db.cachedStatement(sql: "UPDATE receipts SET linked_id = NULL WHERE id = ?").execute(arguments: [other])
            try recount(other, in: db, context: &context)
        }
        return linked
    }

    /// Classifies every stored receipt from its operation, its lines' payment kinds and its sums,
    /// and spreads what it counts over its lines; links are left to the receipts saved from now on.
    static func classifyStored(in db: Database) throws {
        let receipts = try Row.fetchCursor(db, sql: "SELECT id, operation, total, prepaid, credit FROM receipts")
        let update = try db.makeStatement(sql: "UPDATE receipts SET kind = ?, counted = ? WHERE id = ?")
        while let row = try receipts.next() {
            let id: Int64 = row["id"]
            let lines = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT payment_type, sum FROM items WHERE receipt_id = ? ORDER BY position"),
                arguments: [id])
            let kind = PurchaseKind(
                operation: OperationType(rawValue: row["operation"]) ?? .sale,
                payments: lines.map { ($0["payment_type"] as Int?).flatMap(PaymentType.init(rawValue:)) },
                prepaid: row["prepaid"], credit: row["credit"])
            let counted = kind.counted(total: row["total"], prepaid: row["prepaid"], linked: false)
            try update.execute(arguments: [kind.rawValue, counted, id])
            try writeShares(of: id, counted: counted, sums: lines.map { $0["sum"] }, in: db)
        }
    }

    // MARK: Finding the receipt that goes with another

    /// What linking needs of a stored receipt.
    private struct Stored {
        let id: Int64
        let kind: PurchaseKind
        let sellerINN: String?
        let dateTime: LocalDateTime
        let total: Int64
        let prepaid: Int64
        let shopID: Int64?

        static func fetch(_ id: Int64, in db: Database) throws -> Stored? {
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT kind, seller_inn, date_time, total, prepaid, shop_id FROM receipts WHERE id = ?"),
                    arguments: [id]),
                let kind = PurchaseKind(rawValue: row["kind"]),
                let dateTime = try? LocalDateTime(iso: row["date_time"])
            else { return nil }
            return Stored(
                id: id, kind: kind, sellerINN: row["seller_inn"], dateTime: dateTime, total: row["total"],
                prepaid: row["prepaid"], shopID: row["shop_id"])
        }

        /// The ISO date-time `days` days before (negative) or after this one's, at the same time.
        func shifted(days: Int) -> String {
            guard let day = try? LocalDateTime(dayNumber: dateTime.dayNumber + days),
                let shifted = try? LocalDateTime(
                    year: day.year, month: day.month, day: day.day, hour: dateTime.hour, minute: dateTime.minute,
                    second: dateTime.second)
            else { return dateTime.iso }
            return shifted.iso
        }
    }

    /// True when the two receipts have a line of the same product: the same name key or GTIN.
    private static let sharesItems = """
        EXISTS (SELECT 1 FROM items a JOIN items b ON a.name_id = b.name_id OR a.gtin = b.gtin
                WHERE a.receipt_id = c.id AND b.receipt_id = ?)
        """

    /// How much of prepayment `id` the settlements linked to it used, leaving out `except`.
    private static func settled(by id: Int64, except: Int64?, in db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT COALESCE(SUM(prepaid), 0) FROM receipts
                    WHERE linked_id = ? AND kind = 'settlement' AND id IS NOT ?
                    """),
            arguments: [id, except]) ?? 0
    }

    /// The prepayment that paid for `settlement`: of those whose unused part covers its prepaid
    /// part, one that covers it exactly, else one with the same items; the latest of them.
    private static func prepayment(settling settlement: Stored, in db: Database) throws -> Int64? {
        let candidates = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT c.id, c.total, \(sharesItems) AS shared FROM receipts c
                    WHERE c.seller_inn = ? AND c.date_time BETWEEN ? AND ? AND c.kind <> 'purchase'
                        AND c.kind = 'prepayment'
                    ORDER BY c.date_time DESC, c.id DESC
                    """),
            arguments: [
                settlement.id, settlement.sellerINN, settlement.shifted(days: -window(of: .settlement)),
                settlement.dateTime.iso,
            ])
        var fitting: [(id: Int64, exact: Bool)] = []
        for row in candidates {
            let id: Int64 = row["id"]
            let remaining = (row["total"] as Int64) - (try settled(by: id, except: settlement.id, in: db))
            let exact = remaining == settlement.prepaid
            if remaining >= settlement.prepaid && (exact || row["shared"]) { fitting.append((id, exact)) }
        }
        return (fitting.first(where: \.exact) ?? fitting.first)?.id
    }

    /// The settlements of the prepayment's seller within the window after it that no prepayment
    /// paid for yet, oldest first.
    private static func waitingSettlements(for prepayment: Stored, in db: Database) throws -> [(
        id: Int64, prepaid: Int64, shared: Bool
    )] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT c.id, c.prepaid, \(sharesItems) AS shared FROM receipts c
                    WHERE c.seller_inn = ? AND c.date_time BETWEEN ? AND ? AND c.kind <> 'purchase'
                        AND c.kind = 'settlement'
                        AND c.linked_id IS NULL
                    ORDER BY c.date_time, c.id
                    """),
            arguments: [
                prepayment.id, prepayment.sellerINN, prepayment.dateTime.iso,
                prepayment.shifted(days: window(of: .settlement)),
            ]
        ).map { row in (row["id"], row["prepaid"], row["shared"]) }
    }

    /// What a return returns (the latest purchase, settlement or sale on credit at the same shop,
    /// or for a returned prepayment the seller's prepayment, with a line of the same product) or a
    /// credit payment pays off (the latest sale on credit of the seller).
    private static func original(of receipt: Stored, in db: Database) throws -> Int64? {
        // Purchases are looked for at the return's shop (its index); the other kinds by seller, in
        // the index of the receipts that are not plain purchases.
        let place: String
        let kinds: String
        var sameItems = true
        switch receipt.kind {
        case .prepaymentReturn:
            (place, kinds) = ("c.seller_inn = ? AND c.kind <> 'purchase'", "'prepayment'")
        case .creditPayment:
            (place, kinds) = ("c.seller_inn = ? AND c.kind <> 'purchase'", "'creditSale'")
            sameItems = false
        default:
            guard receipt.shopID != nil else { return nil }
            (place, kinds) = ("c.shop_id = ?", "'purchase', 'settlement', 'creditSale'")
        }
        let by: (any DatabaseValueConvertible)? =
            receipt.kind == .purchaseReturn ? receipt.shopID : receipt.sellerINN
        return try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT c.id FROM receipts c
                    WHERE \(place) AND c.date_time BETWEEN ? AND ? AND c.kind IN (\(kinds))
                        AND c.operation = 1 AND c.id <> ? AND (\(sameItems ? sharesItems : "? IS NULL"))
                    ORDER BY c.date_time DESC, c.id DESC LIMIT 1
                    """),
            arguments: [
                by, receipt.shifted(days: -window(of: receipt.kind)), receipt.dateTime.iso, receipt.id,
                sameItems ? receipt.id : nil,
            ])
    }

    // MARK: Counting anew

    private static func setLink(of id: Int64, to other: Int64, in db: Database, context: inout SaveContext) throws {
        try db.cachedStatement(sql: "UPDATE receipts SET linked_id = ? WHERE id = ?").execute(arguments: [other, id])
        try recount(id, in: db, context: &context)
    }

    /// Works out again the money the receipt `id` counts, after its link changed, and moves the
    /// monthly totals with it.
    static func recount(_ id: Int64, in db: Database, context: inout SaveContext) throws {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT kind, total, prepaid, linked_id, counted FROM receipts WHERE id = ?"),
                arguments: [id]),
            let kind = PurchaseKind(rawValue: row["kind"])
        else { return }
        let counted = kind.counted(
            total: row["total"], prepaid: row["prepaid"], linked: (row["linked_id"] as Int64?) != nil)
        guard counted != row["counted"] else { return }
        let before = context.counting ? try context.storedContribution(of: id, in: db) : nil
        try db.cachedStatement(sql: "UPDATE receipts SET counted = ? WHERE id = ?").execute(arguments: [counted, id])
        let sums = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT sum FROM items WHERE receipt_id = ? ORDER BY position"), arguments: [id])
        try writeShares(of: id, counted: counted, sums: sums, in: db)
        if let before, let after = try context.storedContribution(of: id, in: db) {
            context.delta.add(before, sign: -1)
            context.delta.add(after, sign: 1)
        }
    }

    private static func writeShares(of id: Int64, counted: Int64, sums: [Int64], in db: Database) throws {
        for (position, share) in lineShares(counted, sums: sums).enumerated() {
            try db.cachedStatement(sql: "UPDATE items SET counted = ? WHERE receipt_id = ? AND position = ?")
                .execute(arguments: [share, id, position])
        }
    }
}
