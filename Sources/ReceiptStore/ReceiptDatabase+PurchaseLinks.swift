import GRDB
public import ReceiptCore

/// What a receipt is to the buyer's money and the receipts it goes with: what `show` and the web
/// app's receipt say of it.
public struct PurchaseLink: Sendable, Equatable {
    /// What the receipt is.
    public let kind: PurchaseKind
    /// The money it counts towards spending (negative for money received).
    public let counted: Money
    /// The receipt it goes with: a settlement's prepayment, a return's purchase, a credit payment's sale.
    public let linked: LinkedReceipt?
    /// The receipts that go with it: a prepayment's settlements, a purchase's returns.
    public let linkedFrom: [LinkedReceipt]
}

/// Another receipt, as a link names it.
public struct LinkedReceipt: Sendable, Equatable {
    /// The local database's id, what `receipts show` takes.
    public let id: Int64
    /// What it is.
    public let kind: PurchaseKind
    /// The shop-local date and time.
    public let dateTime: LocalDateTime
    /// Its total as printed.
    public let total: Money
}

extension ReceiptDatabase {
    /// What the receipt with local id `id` is and the receipts it goes with; nil when there is none.
    public func purchaseLink(ofReceipt id: Int64) throws(StoreError) -> PurchaseLink? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT kind, counted, linked_id FROM receipts WHERE id = ?", arguments: [id])
            else { return nil }
            guard let kind = PurchaseKind(rawValue: row["kind"]) else {
                throw RecordError(row: "receipts.id=\(id)", reason: "kind \(row["kind"] as String? ?? "")")
            }
            let linked = try (row["linked_id"] as Int64?).flatMap { other in
                try Self.linkedReceipts(sql: "WHERE id = ?", other, in: db).first
            }
            return PurchaseLink(
                kind: kind, counted: Money(kopecks: row["counted"]), linked: linked,
                linkedFrom: try Self.linkedReceipts(sql: "WHERE linked_id = ? ORDER BY date_time, id", id, in: db))
        }
    }

    private static func linkedReceipts(sql condition: String, _ id: Int64, in db: Database) throws -> [LinkedReceipt] {
        try Row.fetchAll(db, sql: "SELECT id, kind, date_time, total FROM receipts \(condition)", arguments: [id])
            .map { row in
                let other: Int64 = row["id"]
                guard let kind = PurchaseKind(rawValue: row["kind"]),
                    let dateTime = try? LocalDateTime(iso: row["date_time"])
                else { throw RecordError(row: "receipts.id=\(other)", reason: "kind or date_time") }
                return LinkedReceipt(id: other, kind: kind, dateTime: dateTime, total: Money(kopecks: row["total"]))
            }
    }
}

extension ReceiptDatabase {
    /// How much of each month's spending was paid with bonus points or certificates
    /// (`provisionSum`), returns subtracting; months without any are left out.
    public func bonusSpending(_ months: ClosedRange<Month>) throws(StoreError) -> [Month: Money] {
        try read { db in
            var result: [Month: Money] = [:]
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT month, SUM(CASE WHEN counted < 0 THEN -provision ELSE provision END) AS bonuses
                    FROM receipts WHERE month BETWEEN ? AND ? AND provision <> 0 GROUP BY month
                    """,
                arguments: [months.lowerBound.description, months.upperBound.description])
            for row in rows where (row["bonuses"] as Int64) != 0 {
                result[try Self.month(row["month"])] = Money(kopecks: row["bonuses"])
            }
            return result
        }
    }
}

extension PurchaseLink {
    /// What the receipt is and what it goes with, for people; nil for a plain purchase, which needs
    /// no word: `предоплата — получено по чеку #15 от 12.05.2025`.
    public func summary(in language: Language) -> String? {
        let ru = language == .russian
        func named(_ receipt: LinkedReceipt) -> String {
            let date = receipt.dateTime.formatted(in: language)
            return ru ? "чеку #\(receipt.id) от \(date)" : "receipt #\(receipt.id) of \(date)"
        }
        let counts = ru ? "засчитано \(counted.formatted(in: language))" : "counts \(counted.formatted(in: language))"
        var parts = [kind.name(in: language)]
        switch kind {
        case .purchase, .creditSale, .payout, .payoutReturn:
            if linkedFrom.isEmpty && kind == .purchase { return nil }
            parts += linkedFrom.map { (ru ? "возврат по " : "returned by ") + named($0) }
        case .prepayment:
            parts +=
                linkedFrom.isEmpty
                ? [ru ? "получение ещё не пришло" : "no delivery yet"]
                : linkedFrom.map { (ru ? "получено по " : "delivered by ") + named($0) }
        case .settlement:
            if let linked {
                parts += [(ru ? "оплачено по " : "paid for by ") + named(linked), counts]
            } else {
                parts += [
                    ru ? "предоплата не найдена, засчитан целиком" : "its prepayment is not here, counted in full"
                ]
            }
        case .purchaseReturn, .prepaymentReturn:
            if let linked { parts.append((ru ? "возврат к " : "return of ") + named(linked)) }
        case .creditPayment:
            if let linked { parts.append((ru ? "к покупке по " : "for the sale of ") + named(linked)) }
            parts.append(ru ? "в расходы не входит" : "not counted as spending")
        }
        return parts.joined(separator: " — ")
    }
}
