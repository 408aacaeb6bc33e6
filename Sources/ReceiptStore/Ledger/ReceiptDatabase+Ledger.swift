import GRDB
public import ReceiptCore

/// A receipt as a ledger books it: the money it counts, spread over its lines by category exactly
/// as the monthly totals are, and the card it was paid with when a bank payment was paired with it.
public struct LedgerReceipt: Sendable, Hashable {
    /// One printed line.
    public struct Line: Sendable, Hashable {
        /// The name as printed.
        public var name: String
        /// How many or how much.
        public var quantity: Double
        /// The unit of the quantity, when printed (`кг`, `л`).
        public var unit: String?
        /// The line's printed sum, as spending (negative on a return).
        public var sum: Money
        /// The line's share of what the receipt counts, as spending; the shares add up to
        /// ``LedgerReceipt/counted`` less ``LedgerReceipt/rest``.
        public var counted: Money
        /// The line's category.
        public var category: Category
    }

    /// The receipt's identifier.
    public var id: Int64
    /// The shop's local date and time.
    public var dateTime: LocalDateTime
    /// Fiscal drive, document number and sign.
    public var identity: FiscalIdentity
    /// Sale, refund…
    public var operation: OperationType
    /// The total as printed.
    public var total: Money
    /// What the receipt counts in spending: negative for money back, zero for a settlement its
    /// prepayment paid for.
    public var counted: Money
    /// The shop's name (the user's own first), else the receipt's place, else the seller.
    public var shop: String
    /// The seller's legal name, when printed.
    public var seller: String?
    /// The seller's ИНН, when printed.
    public var sellerINN: String?
    /// The lines in printed order.
    public var lines: [Line]
    /// The category of the money the lines do not carry (a receipt without lines, or money beyond
    /// theirs): the shop's, as in the monthly totals.
    public var restCategory: Category
    /// The card or account the receipt was paid from, when a bank payment was paired with it.
    public var paidFrom: Account?
    /// How the receipt says its total was paid, as printed (never negative).
    public var payment = Payment()
    /// What the receipt is to the buyer's money: a settlement's prepaid part, a credit payment's
    /// whole, were counted with the receipt they go with.
    public var kind: PurchaseKind = .purchase

    /// The parts of a receipt's total by the way they were paid (tags 1031, 1081, 1215, 1216, 1217).
    public struct Payment: Sendable, Hashable {
        /// In cash.
        public var cash = Money.zero
        /// By card or another electronic payment.
        public var card = Money.zero
        /// By an earlier prepayment.
        public var prepaid = Money.zero
        /// Left owing (a sale on credit).
        public var credit = Money.zero
        /// By something other than money: a gift certificate, bonus points.
        public var provision = Money.zero

        /// Nothing said of how it was paid.
        public init() {}

        /// The parts as printed.
        public init(cash: Money, card: Money, prepaid: Money, credit: Money, provision: Money) {
            self.cash = cash
            self.card = card
            self.prepaid = prepaid
            self.credit = credit
            self.provision = provision
        }
    }

    /// A card or account of a bank statement.
    public struct Account: Sendable, Hashable {
        /// The statement's format.
        public var bank: BankPayment.Bank
        /// The card (`*1234`) or account number.
        public var account: String

        /// The card or account `account` of a `bank` statement.
        public init(bank: BankPayment.Bank, account: String) {
            self.bank = bank
            self.account = account
        }
    }

    /// The money the lines do not carry.
    public var rest: Money {
        Money(kopecks: counted.kopecks - lines.reduce(0) { $0 + $1.counted.kopecks })
    }
}

extension ReceiptDatabase {
    /// Calls `body` with each receipt that counts money, in the months `from`…`to` (all when nil),
    /// in order of local time, one at a time in one read: a million receipts take no more memory
    /// than one. An error `body` throws ends the reading and is thrown as it is.
    public func forEachLedgerReceipt(
        from: Month? = nil, to: Month? = nil, _ body: (LedgerReceipt) throws -> Void
    ) throws {
        var failure: (any Error)?
        try read { db in
            let receipts = try Row.fetchCursor(
                db,
                sql: """
                    SELECT r.id, r.date_time, r.fn, r.fd, r.fp, r.operation, r.total, r.counted, r.retail_place,
                        r.seller, r.seller_inn, COALESCE(s.chosen, s.name) AS shop, s.kind, p.category AS place_category,
                        b.bank, b.account, r.cash, r.ecash, r.prepaid, r.credit, r.provision, r.kind AS purchase
                    FROM receipts r
                    LEFT JOIN shops s ON s.id = r.shop_id
                    LEFT JOIN places p ON p.id = r.place_id
                    LEFT JOIN bank_matches m ON m.receipt_id = r.id
                    LEFT JOIN bank_payments b ON b.id = m.payment_id
                    WHERE \(Self.movesMoney) AND r.month BETWEEN ? AND ?
                    ORDER BY r.date_time, r.id
                    """, arguments: [from?.description ?? "0000-00", to?.description ?? "9999-99"])
            let lines = try db.makeStatement(
                sql: """
                    SELECT name, quantity, unit, sum, counted, category FROM items
                    WHERE receipt_id = ? ORDER BY position
                    """)
            while let row = try receipts.next() {
                let receipt = try Self.ledgerReceipt(row, lines: lines)
                do {
                    try body(receipt)
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
    }

    private static func ledgerReceipt(_ row: Row, lines statement: Statement) throws -> LedgerReceipt {
        let id: Int64 = row["id"]
        guard let text: String = row["date_time"], let dateTime = try? LocalDateTime(iso: text),
            let operation = OperationType(rawValue: row["operation"]),
            let identity = try? FiscalIdentity(fn: row["fn"], i: row["fd"], fp: row["fp"])
        else { throw RecordError(row: "receipts.id=\(id)", reason: "date_time, operation or identity") }
        let lines = try Row.fetchAll(statement, arguments: [id]).map { line in
            LedgerReceipt.Line(
                name: line["name"], quantity: line["quantity"], unit: line["unit"],
                sum: operation.spending(Money(kopecks: line["sum"])), counted: Money(kopecks: line["counted"]),
                category: (line["category"] as String?).flatMap(Category.init(rawValue:)) ?? .uncategorized)
        }
        let shop = ShopEvidence(
            placeCategory: (row["place_category"] as String?).flatMap(Category.init(rawValue:)),
            kind: (row["kind"] as String?).flatMap(ShopKind.init(rawValue:)))
        let names = [row["shop"], row["retail_place"], row["seller"]].compactMap { (name: String?) in name }
        let paidFrom = (row["bank"] as String?).flatMap(BankPayment.Bank.init(rawValue:)).map {
            LedgerReceipt.Account(bank: $0, account: row["account"] ?? "")
        }
        return LedgerReceipt(
            id: id, dateTime: dateTime, identity: identity, operation: operation, total: Money(kopecks: row["total"]),
            counted: Money(kopecks: row["counted"]), shop: names.first { !$0.isEmpty } ?? "", seller: row["seller"],
            sellerINN: row["seller_inn"], lines: lines, restCategory: shop.category ?? .uncategorized,
            paidFrom: paidFrom,
            payment: LedgerReceipt.Payment(
                cash: Money(kopecks: row["cash"]), card: Money(kopecks: row["ecash"]),
                prepaid: Money(kopecks: row["prepaid"]), credit: Money(kopecks: row["credit"]),
                provision: Money(kopecks: row["provision"])),
            kind: (row["purchase"] as String?).flatMap(PurchaseKind.init(rawValue:)) ?? .purchase)
    }

    /// An SQL condition on a receipt `r`: it moves money in the books. It counts some, or it is a
    /// credit payment (counted with its sale on credit, it pays off what was owed).
    static let movesMoney = "(r.counted <> 0 OR r.kind = 'creditPayment')"
}

extension ReceiptDatabase {
    /// The local time of the earliest receipt ``forEachLedgerReceipt(from:to:_:)`` gives for the
    /// same months; nil when it gives none.
    public func firstLedgerTime(from: Month? = nil, to: Month? = nil) throws(StoreError) -> LocalDateTime? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT min(r.date_time) FROM receipts r WHERE \(Self.movesMoney) AND r.month BETWEEN ? AND ?",
                arguments: [from?.description ?? "0000-00", to?.description ?? "9999-99"]
            ).flatMap { try? LocalDateTime(iso: $0) }
        }
    }

    /// The cards and accounts of the stored bank payments, each once.
    public func bankAccounts() throws(StoreError) -> [LedgerReceipt.Account] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT DISTINCT bank, account FROM bank_payments ORDER BY bank, account")
                .compactMap { row in
                    BankPayment.Bank(rawValue: row["bank"]).map {
                        LedgerReceipt.Account(bank: $0, account: row["account"])
                    }
                }
        }
    }
}
