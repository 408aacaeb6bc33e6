import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

/// Receipts shaped as online shops and petrol stations print them: ozon's order paid in advance
/// (every line «предоплата 100 %», `paymentType` 1) and handed over later from another register
/// (`paymentType` 4, `prepaidSum` the whole total, nothing paid by card or cash), as in the real
/// pair kept in Tests/Fixtures/real-receipts (fd 215785 and 48092).
@Suite("Purchases counted once, receipts reconciled", .timeLimit(.minutes(20)))
struct PurchaseCountingTests {
    static let ozonINN = "7704217370"

    static func receipt(
        fn: String = "7380440801033258", i: Int64, date: String, operation: OperationType = .sale,
        total: Int64, cash: Int64 = 0, ecash: Int64? = nil, prepaid: Int64 = 0, credit: Int64 = 0,
        provision: Int64 = 0, inn: String = ozonINN, lines: [(String, Int64, PaymentType?)]
    ) throws -> Receipt {
        Receipt(
            identity: try FiscalIdentity(fn: fn, i: i, fp: 2_905_316_734 + i), dateTime: try LocalDateTime(iso: date),
            operation: operation, total: Money(kopecks: total), cash: Money(kopecks: cash),
            ecash: Money(kopecks: ecash ?? (total - cash - prepaid - credit - provision)),
            prepaid: Money(kopecks: prepaid), credit: Money(kopecks: credit), provision: Money(kopecks: provision),
            seller: "ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ \"ИНТЕРНЕТ РЕШЕНИЯ\"", sellerINN: inn,
            retailPlace: "ozon.ru", address: "109316, Москва, Волгоградский проспект, 42, к 9",
            items: lines.map { name, sum, payment in
                Item(
                    name: name, price: Money(kopecks: sum), quantity: 1, sum: Money(kopecks: sum), paymentType: payment)
            })
    }

    /// The peeler: 2 × 293.00 prepaid on 29 December, handed over on 30 December.
    static func peelerPrepayment(date: String = "2024-12-29T17:39:00") throws -> Receipt {
        try receipt(
            i: 215_785, date: date, total: 58_600, lines: [("IKEA UPPFYLLD картофелечистка", 58_600, .fullPrepayment)])
    }

    static func peelerSettlement(date: String = "2024-12-30T14:30:00") throws -> Receipt {
        try receipt(
            fn: "7380440801352087", i: 48_092, date: date, total: 58_600, ecash: 0, prepaid: 58_600,
            lines: [("IKEA UPPFYLLD картофелечистка", 58_600, .fullPayment)])
    }

    /// A few of the shipped rules' word beginnings, enough for these receipts' names.
    struct Rules: CategoryRules {
        let fingerprint = "purchase-counting-tests"
        func category(forKey key: String) -> Category? {
            let words: [(String, Category)] = [
                ("молок", .groceries), ("хлеб", .groceries), ("кабел", .electronics), ("аи", .fuel),
                ("ikea", .household), ("пакет", .household),
            ]
            return words.first { key.hasPrefix($0.0) }?.1
        }
    }

    /// The folder of the test's databases, kept as long as the test: a database whose folder is
    /// gone cannot open another connection (the kept prices are worked out on a reader's).
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func open() throws -> (TemporaryFolder, ReceiptDatabase) {
        (folder, try ReceiptDatabase.open(at: folder.file("r-\(UUID().uuidString).sqlite"), rules: Rules()))
    }

    private func spending(_ database: ReceiptDatabase) throws -> [String: Int64] {
        Dictionary(uniqueKeysWithValues: try database.monthTotals().map { ($0.month.description, $0.total.kopecks) })
    }

    private func counted(_ database: ReceiptDatabase, _ identity: FiscalIdentity) throws -> (Int64, Int64?) {
        try database.read { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT counted, linked_id FROM receipts WHERE fn = ? AND fd = ?",
                arguments: [identity.fn, identity.i])
            return (row?["counted"] ?? -1, row?["linked_id"])
        }
    }

    @Test("an order paid in advance and handed over later counts once, in the month it was paid, in either order")
    func prepaymentAndSettlement() throws {
        for order in [[0, 1], [1, 0]] {
            let (_, database) = try open()
            let pair = [try Self.peelerPrepayment(), try Self.peelerSettlement()]
            for index in order { try database.save(pair[index]) }
            // 586.00 ₽ once, not 1,172.00 ₽.
            #expect(try spending(database) == ["2024-12": 58_600], "import order \(order)")
            let (settlementCounts, linked) = try counted(database, pair[1].identity)
            #expect(settlementCounts == 0)
            #expect(linked != nil)
            #expect(try database.verifyTotals().isEmpty)
        }
    }

    @Test("a settlement alone counts on its own date, and stops when its prepayment arrives across a month end")
    func settlementAloneThenPrepayment() throws {
        let (_, database) = try open()
        // Paid on 28 February, handed over on 3 March.
        try database.save(try Self.peelerSettlement(date: "2025-03-03T12:00:00"))
        #expect(try spending(database) == ["2025-03": 58_600])
        let link = try database.purchaseLink(ofReceipt: 1)
        #expect(link?.kind == .settlement)
        #expect(link?.summary(in: .english)?.contains("counted in full") == true)
        try database.save(try Self.peelerPrepayment(date: "2025-02-28T21:10:00"))
        // March's money moves to February: the receipt still counts in March, with nothing spent.
        #expect(try spending(database) == ["2025-02": 58_600, "2025-03": 0])
        #expect(try database.monthTotals().first { $0.month.description == "2025-03" }?.receipts == 1)
        #expect(try database.verifyTotals().isEmpty)
        let shown = try database.purchaseLink(ofReceipt: 2)
        #expect(shown?.linkedFrom.map(\.id) == [1])
        #expect(shown?.summary(in: .russian)?.hasPrefix("предоплата — получено по чеку #1") == true)
    }

    @Test("a partial prepayment: the rest counts on delivery")
    func partialPrepayment() throws {
        let (_, database) = try open()
        // A 1,000.00 ₽ kettle: 300.00 paid in advance (paymentType 2), 700.00 by card on delivery.
        try database.save(
            try Self.receipt(
                i: 10, date: "2025-04-01T10:00:00", total: 30_000, lines: [("Чайник Tefal", 30_000, .partialPrepayment)]
            ))
        try database.save(
            try Self.receipt(
                fn: "7380440801352087", i: 11, date: "2025-04-05T18:00:00", total: 100_000, prepaid: 30_000,
                lines: [("Чайник Tefal", 100_000, .fullPayment)]))
        // 300.00 + 700.00 = 1,000.00, the kettle's price.
        #expect(try spending(database) == ["2025-04": 100_000])
        #expect(try counted(database, FiscalIdentity(fn: "7380440801352087", i: 11, fp: 2_905_316_745)).0 == 70_000)
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("one prepayment handed over in two deliveries pays for both")
    func twoDeliveries() throws {
        let (_, database) = try open()
        // 1,500.00 ₽ for a peeler (586.00) and a kettle (914.00), delivered on two days.
        try database.save(
            try Self.receipt(
                i: 20, date: "2025-05-01T09:00:00", total: 150_000,
                lines: [
                    ("IKEA UPPFYLLD картофелечистка", 58_600, .fullPrepayment),
                    ("Чайник Tefal", 91_400, .fullPrepayment),
                ]))
        try database.save(
            try Self.receipt(
                fn: "7380440801352087", i: 21, date: "2025-05-03T12:00:00", total: 58_600, prepaid: 58_600,
                lines: [("IKEA UPPFYLLD картофелечистка", 58_600, .fullPayment)]))
        try database.save(
            try Self.receipt(
                fn: "7380440801352087", i: 22, date: "2025-05-06T12:00:00", total: 91_400, prepaid: 91_400,
                lines: [("Чайник Tefal", 91_400, .fullPayment)]))
        #expect(try spending(database) == ["2025-05": 150_000])
        #expect(try database.purchaseLink(ofReceipt: 1)?.linkedFrom.map(\.id) == [2, 3])
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("a settlement of another seller, or past 90 days, or of other goods and amount, stays on its own")
    func noFalseLinks() throws {
        let (_, database) = try open()
        try database.save(try Self.peelerPrepayment(date: "2024-06-01T10:00:00"))
        // 1 September is 92 days after 1 June.
        try database.save(try Self.peelerSettlement(date: "2024-09-01T10:00:00"))
        var other = try Self.peelerSettlement(date: "2024-06-02T10:00:00")
        other.identity = try FiscalIdentity(fn: "7380440801352087", i: 50, fp: 1)
        other.sellerINN = "7721546864"
        try database.save(other)
        // 586.00 prepaid + 586.00 + 586.00: nothing linked.
        #expect(try spending(database) == ["2024-06": 117_200, "2024-09": 58_600])
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("a sale on credit counts when the goods are received; its credit payments add nothing")
    func creditSale() throws {
        let (_, database) = try open()
        // A 9,000.00 ₽ phone: 3,000.00 paid, 6,000.00 owed (paymentType 5), paid off in two months.
        try database.save(
            try Self.receipt(
                i: 30, date: "2025-01-15T12:00:00", total: 900_000, credit: 600_000,
                lines: [("Смартфон Redmi 12", 900_000, .partialPaymentAndCredit)]))
        for (i, date) in [(31, "2025-02-15T12:00:00"), (32, "2025-03-15T12:00:00")] {
            try database.save(
                try Self.receipt(
                    i: Int64(i), date: date, total: 300_000, lines: [("Смартфон Redmi 12", 300_000, .creditPayment)]))
        }
        #expect(try spending(database) == ["2025-01": 900_000, "2025-02": 0, "2025-03": 0])
        #expect(try database.purchaseLink(ofReceipt: 2)?.linked?.id == 1)
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("a return of one of three lines subtracts that line, in its category, and names the purchase")
    func returnOfOneLine() throws {
        let (_, database) = try open()
        let lines: [(String, Int64, PaymentType?)] = [
            ("МОЛОКО ПАСТ.3,2% 930МЛ", 8_999, .fullPayment), ("Кабель USB Type-C", 49_900, .fullPayment),
            ("ХЛЕБ БОРОДИНСКИЙ", 4_590, .fullPayment),
        ]
        try database.save(try Self.receipt(i: 40, date: "2025-06-01T10:00:00", total: 63_489, lines: lines))
        try database.save(
            try Self.receipt(
                i: 41, date: "2025-06-04T10:00:00", operation: .saleRefund, total: 49_900,
                lines: [("Кабель USB Type-C", 49_900, .fullPayment)]))
        // 89.99 + 499.00 + 45.90 = 634.89; less 499.00 = 135.89.
        #expect(try spending(database) == ["2025-06": 13_589])
        let categories = Dictionary(
            uniqueKeysWithValues: try database.categoryTotals().map { ($0.category, $0.total.kopecks) })
        #expect(categories[.electronics] == 0)
        #expect(categories[.groceries] == 13_589)
        #expect(try database.purchaseLink(ofReceipt: 2)?.linked?.id == 1)
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("a receipt's rounding stays in its own category, whether its lines exceed its total or fall short")
    func reconciles() throws {
        let (_, database) = try open()
        // Petrol: 41.905 l × 52.50 printed 2,200.01, 2,200.00 paid. Fuel is 2,200.00; nothing
        // lands in «Без категории».
        var petrol = try Self.receipt(
            i: 60, date: "2025-07-01T08:00:00", total: 220_000, inn: "5406323202",
            lines: [("АИ-92-К5 ТРК 12", 220_001, .fullPayment)])
        petrol.items[0].quantity = 41.905
        petrol.items[0].price = Money(kopecks: 5_250)
        try database.save(petrol)
        // A trimmed list: lines 100.00 (milk) + 50.00 (bread) of a 200.00 total, so each line
        // takes twice its sum: 133.33 and 66.67 (13333.33 and 6666.67, the larger remainder is the
        // second's).
        try database.save(
            try Self.receipt(
                i: 61, date: "2025-07-02T08:00:00", total: 20_000, inn: "7814148471",
                lines: [("МОЛОКО ПАСТ.3,2% 930МЛ", 10_000, nil), ("КАБЕЛЬ USB", 5_000, nil)]))
        let categories = Dictionary(
            uniqueKeysWithValues: try database.categoryTotals().map { ($0.category, $0.total.kopecks) })
        #expect(categories[.fuel] == 220_000)
        #expect(categories[.groceries] == 13_333)
        #expect(categories[.electronics] == 6_667)
        #expect(categories[.uncategorized] == nil)
        #expect(try spending(database) == ["2025-07": 240_000])
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("bonus-paid receipts count what they cost, bonuses included")
    func bonuses() throws {
        let (_, database) = try open()
        // 500.00 ₽: 150.00 in bonus points (provisionSum), 350.00 by card.
        try database.save(
            try Self.receipt(
                i: 70, date: "2025-08-01T10:00:00", total: 50_000, provision: 15_000, inn: "7814148471",
                lines: [("МОЛОКО ПАСТ.3,2% 930МЛ", 50_000, .fullPayment)]))
        #expect(try spending(database) == ["2025-08": 50_000])
        #expect(try database.receipt(id: 1)?.receipt.provision == Money(kopecks: 15_000))
        // The month says how much of it was paid that way.
        let august = try #require(Month("2025-08"))
        #expect(try database.bonusSpending(august...august) == [august: Money(kopecks: 15_000)])
    }

    @Test("a prepayment saved again with other lines lets its settlement go, and takes it back")
    func resavedPrepayment() throws {
        let (_, database) = try open()
        try database.save(try Self.peelerPrepayment())
        try database.save(try Self.peelerSettlement())
        var changed = try Self.peelerPrepayment()
        changed.retailPlace = "OZON"
        #expect(try database.save(changed) == .updated)
        #expect(try spending(database) == ["2024-12": 58_600])
        #expect(try counted(database, try Self.peelerSettlement().identity).1 == 1)
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("over random receipts (seeded) the kept totals equal the receipts' sums and each receipt's split adds up")
    func randomReceipts() throws {
        let (_, database) = try open()
        var random = SeededRandom(seed: 29)
        let names = ["МОЛОКО ПАСТ.3,2% 930МЛ", "АИ-95 ТРК 3", "Кабель USB", "Овощечистка", "ТОВАР 17", "ХЛЕБ"]
        var receipts: [Receipt] = []
        for i in 1...400 {
            let count = Int.random(in: 0...5, using: &random)
            let lines = (0..<count).map { _ -> (String, Int64, PaymentType?) in
                (
                    names.randomElement(using: &random)!, Int64.random(in: -300...90_000, using: &random),
                    PaymentType.allCases.randomElement(using: &random)
                )
            }
            let itemized = lines.reduce(0) { $0 + $1.1 }
            let total = max(0, itemized + Int64.random(in: -500...500, using: &random))
            let prepaid = Bool.random(using: &random) ? Int64.random(in: 0...total, using: &random) : 0
            let date = String(
                format: "2025-%02d-%02dT12:00:00", Int.random(in: 1...12, using: &random),
                Int.random(in: 1...28, using: &random))
            receipts.append(
                try Self.receipt(
                    i: Int64(i), date: date, operation: OperationType.allCases.randomElement(using: &random)!,
                    total: total,
                    ecash: 0, prepaid: prepaid, inn: ["7704217370", "7814148471"].randomElement(using: &random)!,
                    lines: lines))
        }
        try database.save(receipts.shuffled(using: &random))
        #expect(try database.verifyTotals().isEmpty)
        try database.read { db in
            // Each receipt's lines' shares add up to what it counts, unless no line has a sum to share by.
            let unbalanced = try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM receipts r WHERE r.counted <> (SELECT COALESCE(SUM(counted), 0) FROM items WHERE receipt_id = r.id)
                        AND EXISTS (SELECT 1 FROM items WHERE receipt_id = r.id AND sum > 0)
                    """)
            #expect(unbalanced == 0)
            let months = try Row.fetchAll(db, sql: "SELECT month, SUM(counted) AS total FROM receipts GROUP BY month")
            let kept = try Row.fetchAll(db, sql: "SELECT month, total FROM month_totals")
            #expect(
                Set(months.map { "\($0["month"] as String)=\($0["total"] as Int64)" })
                    == Set(kept.map { "\($0["month"] as String)=\($0["total"] as Int64)" }))
            let categories = try Int64.fetchOne(db, sql: "SELECT SUM(total) FROM month_category_totals")
            let all = try Int64.fetchOne(db, sql: "SELECT SUM(total) FROM month_totals")
            #expect(categories == all)
        }
    }
}
