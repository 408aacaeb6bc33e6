import GRDB
public import ReceiptCore

/// A payment as stored, with the identifier matches and commands name it by.
public struct StoredBankPayment: Sendable, Hashable {
    /// The row's identifier.
    public var id: Int64
    /// The payment.
    public var payment: BankPayment
}

extension ReceiptDatabase {
    /// Adds payments, each under its identity (what makes a row of a statement the same operation in
    /// another statement), in one transaction: a payment whose identity is stored already is a
    /// duplicate and is not added again.
    public func addBankPayments(_ payments: [(identity: String, payment: BankPayment)]) throws(StoreError) -> (
        added: Int, duplicates: Int
    ) {
        try write { db in
            var added = 0
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO bank_payments (identity, bank, account, local_time, offset_minutes, instant, time_known,
                        spent, currency, description, mcc, category, reference)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (identity) DO NOTHING
                    """)
            for (identity, payment) in payments {
                try insert.execute(arguments: [
                    identity, payment.bank.rawValue, payment.account, payment.time.local.iso,
                    payment.time.offsetMinutes,
                    payment.time.instant, payment.timeKnown, payment.spent.kopecks, payment.currency,
                    payment.description, payment.mcc, payment.category, payment.reference,
                ])
                added += db.changesCount
            }
            return (added, payments.count - added)
        }
    }

    /// Removes the payments stored under `identities`, their pairs and refusals with them, in one
    /// transaction; how many there were.
    public func removeBankPayments(identities: [String]) throws(StoreError) -> Int {
        try write { db in
            var removed = 0
            let delete = try db.cachedStatement(sql: "DELETE FROM bank_payments WHERE identity = ?")
            for identity in identities {
                try delete.execute(arguments: [identity])
                removed += db.changesCount
            }
            return removed
        }
    }

    /// Removes the payment with this identifier, its pair and refusals with it; whether there was one.
    public func removeBankPayment(id: Int64) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM bank_payments WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Every stored payment, by time.
    public func bankPayments() throws(StoreError) -> [StoredBankPayment] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM bank_payments ORDER BY instant, id").map(Self.bankPayment)
        }
    }

    /// The stored payment with this identifier, if any.
    public func bankPayment(id: Int64) throws(StoreError) -> StoredBankPayment? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM bank_payments WHERE id = ?", arguments: [id]).map(Self.bankPayment)
        }
    }

    private static func bankPayment(_ row: Row) throws -> StoredBankPayment {
        let id: Int64 = row["id"]
        guard let bank = BankPayment.Bank(rawValue: row["bank"]), let text: String = row["local_time"],
            let local = try? LocalDateTime(iso: text)
        else { throw RecordError(row: "bank_payments.id=\(id)", reason: "bank or local_time") }
        return StoredBankPayment(
            id: id,
            payment: BankPayment(
                bank: bank, account: row["account"],
                time: ZonedDateTime(local: local, offsetMinutes: row["offset_minutes"]), timeKnown: row["time_known"],
                spent: Money(kopecks: row["spent"]), currency: row["currency"], description: row["description"],
                mcc: row["mcc"], category: row["category"], reference: row["reference"]))
    }
}
