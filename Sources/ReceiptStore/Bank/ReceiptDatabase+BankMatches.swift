import GRDB
public import ReceiptCore

/// A payment paired with a receipt, as stored: what the pairing rested on, or that it was made by
/// hand.
public struct BankMatchRecord: Sendable, Hashable {
    /// The payment's identifier.
    public var payment: Int64
    /// The receipt's identifier.
    public var receipt: Int64
    /// Whether a person made the pair.
    public var manual: Bool
    /// How much the amounts differ.
    public var amountOff: Money
    /// The payment's time less the receipt's, in seconds.
    public var seconds: Int64
    /// Whether the bank's words named the shop.
    public var sameMerchant: Bool

    /// A record from its fields.
    public init(payment: Int64, receipt: Int64, manual: Bool, amountOff: Money, seconds: Int64, sameMerchant: Bool) {
        self.payment = payment
        self.receipt = receipt
        self.manual = manual
        self.amountOff = amountOff
        self.seconds = seconds
        self.sameMerchant = sameMerchant
    }
}

/// A receipt as payments are matched against it: when, how much by card, where.
public struct ReceiptForMatching: Sendable, Hashable {
    /// The receipt's identifier.
    public var id: Int64
    /// The shop's local time.
    public var dateTime: LocalDateTime
    /// Sale, refund…: the sign of the money.
    public var operation: OperationType
    /// The part paid electronically; the total for a receipt known only by its QR code, whose parts
    /// are not known yet.
    public var card: Money
    /// The region code of the shop, from the document, when it has one.
    public var region: String?
    /// The address the receipt prints, when it prints one.
    public var address: String? = nil
    /// The shop's name (the user's own first), the receipt's place name and the seller, those known.
    public var shopNames: [String]
}

extension ReceiptDatabase {
    /// Receipts with a card part whose local time is within `from`…`to` (both as the shop's clock).
    public func receiptsForMatching(from: LocalDateTime, to: LocalDateTime) throws(StoreError) -> [ReceiptForMatching] {
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT r.id, r.date_time, r.operation, r.status, r.total, r.ecash, r.retail_place, r.seller, r.address,
                        COALESCE(s.chosen, s.name) AS shop,
                        \(Self.documentRegion)
                    FROM receipts r
                    LEFT JOIN shops s ON s.id = r.shop_id
                    LEFT JOIN receipt_documents d ON d.receipt_id = r.id
                    WHERE r.date_time BETWEEN ? AND ? AND (r.ecash <> 0 OR r.status = 'pending')
                    ORDER BY r.id
                    """, arguments: [from.iso, to.iso])
            var receipts: [ReceiptForMatching] = []
            while let row = try rows.next() {
                let id: Int64 = row["id"]
                guard let text: String = row["date_time"], let dateTime = try? LocalDateTime(iso: text),
                    let operation = OperationType(rawValue: row["operation"])
                else { throw RecordError(row: "receipts.id=\(id)", reason: "date_time or operation") }
                let pending = (row["status"] as String?) == Receipt.Status.pending.rawValue
                let names = [row["shop"], row["retail_place"], row["seller"]].compactMap { (name: String?) in name }
                receipts.append(
                    ReceiptForMatching(
                        id: id, dateTime: dateTime, operation: operation,
                        card: Money(kopecks: pending ? row["total"] : row["ecash"]), region: row["region"],
                        address: row["address"], shopNames: names.filter { !$0.isEmpty }))
            }
            return receipts
        }
    }

    /// Every stored pair, by payment.
    public func bankMatches() throws(StoreError) -> [BankMatchRecord] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM bank_matches ORDER BY payment_id").map { row in
                BankMatchRecord(
                    payment: row["payment_id"], receipt: row["receipt_id"], manual: row["manual"],
                    amountOff: Money(kopecks: row["amount_off"]), seconds: row["seconds"],
                    sameMerchant: row["same_merchant"])
            }
        }
    }

    /// The pairs undone by hand, not to be made again.
    public func bankMatchRefusals() throws(StoreError) -> [(payment: Int64, receipt: Int64)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT payment_id, receipt_id FROM bank_match_refusals").map {
                (payment: $0["payment_id"], receipt: $0["receipt_id"])
            }
        }
    }

    /// Replaces the pairs the matcher made with `matches`; pairs made by hand stay.
    public func replaceAutomaticBankMatches(_ matches: [BankMatchRecord]) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM bank_matches WHERE manual = 0")
            for match in matches where !match.manual { try Self.insert(match, db) }
        }
    }

    /// Pairs `payment` with `receipt` by hand: any pair either was in goes, and a refusal of this
    /// pair is forgotten. False when either does not exist.
    public func pairByHand(payment: Int64, receipt: Int64) throws(StoreError) -> Bool {
        try write { db in
            guard try Self.bothExist(payment: payment, receipt: receipt, db) else { return false }
            try db.execute(
                sql: "DELETE FROM bank_matches WHERE payment_id = ? OR receipt_id = ?", arguments: [payment, receipt])
            try db.execute(
                sql: "DELETE FROM bank_match_refusals WHERE payment_id = ? AND receipt_id = ?",
                arguments: [payment, receipt])
            try Self.insert(
                BankMatchRecord(
                    payment: payment, receipt: receipt, manual: true, amountOff: .zero, seconds: 0, sameMerchant: false),
                db)
            return true
        }
    }

    /// Undoes the pair `receipt` is in and remembers not to make it again; nil when it is in none,
    /// else the payment it was paired with.
    public func undoBankMatch(receipt: Int64) throws(StoreError) -> Int64? {
        try write { db in
            guard
                let payment = try Int64.fetchOne(
                    db, sql: "SELECT payment_id FROM bank_matches WHERE receipt_id = ?", arguments: [receipt])
            else { return nil }
            try Self.refuse(payment: payment, receipt: receipt, db)
            return payment
        }
    }

    /// Undoes the pair of `payment` and `receipt`, stored or only shown, and remembers not to make
    /// it again; false when either does not exist.
    public func refuseBankPair(payment: Int64, receipt: Int64) throws(StoreError) -> Bool {
        try write { db in
            guard try Self.bothExist(payment: payment, receipt: receipt, db) else { return false }
            try Self.refuse(payment: payment, receipt: receipt, db)
            return true
        }
    }

    private static func bothExist(payment: Int64, receipt: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM bank_payments WHERE id = ?)
                    AND EXISTS (SELECT 1 FROM receipts WHERE id = ?)
                """, arguments: [payment, receipt]) == true
    }

    /// Takes the pair apart if it is stored, and keeps it from being made again.
    private static func refuse(payment: Int64, receipt: Int64, _ db: Database) throws {
        try db.execute(
            sql: "DELETE FROM bank_matches WHERE payment_id = ? AND receipt_id = ?", arguments: [payment, receipt])
        try db.execute(
            sql: "INSERT OR IGNORE INTO bank_match_refusals (payment_id, receipt_id) VALUES (?, ?)",
            arguments: [payment, receipt])
    }

    private static func insert(_ match: BankMatchRecord, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO bank_matches (payment_id, receipt_id, manual, amount_off, seconds, same_merchant)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                match.payment, match.receipt, match.manual, match.amountOff.kopecks, match.seconds, match.sameMerchant,
            ])
    }
}

extension ReceiptDatabase {
    /// The region code the document of receipt `r` (its `receipt_documents` row `d`) gives, as `region`.
    static let documentRegion =
        "CASE WHEN json_valid(d.document) THEN CAST(json_extract(d.document, '$.region') AS TEXT) END AS region"

    /// The clock receipt `id` was printed by (`ShopZone`: its document's region code, else the
    /// address it prints, else Moscow time, assumed); nil for no such receipt.
    public func shopZone(ofReceipt id: Int64) throws(StoreError) -> ShopZone? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT r.date_time, r.address,
                            \(Self.documentRegion)
                        FROM receipts r LEFT JOIN receipt_documents d ON d.receipt_id = r.id WHERE r.id = ?
                        """, arguments: [id])
            else { return nil }
            guard let text: String = row["date_time"], let local = try? LocalDateTime(iso: text) else {
                throw RecordError(row: "receipts.id=\(id)", reason: "date_time")
            }
            return ShopZone(region: row["region"], address: row["address"], at: local)
        }
    }
}
