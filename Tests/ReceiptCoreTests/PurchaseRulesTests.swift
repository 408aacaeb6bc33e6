import ReceiptCore
import Testing

@Suite("Purchases: kinds, counted money, shares, GTINs", .timeLimit(.minutes(20)))
struct PurchaseRulesTests {
    private func receipt(
        _ operation: OperationType = .sale, total: Int64, prepaid: Int64 = 0, credit: Int64 = 0,
        payments: [PaymentType?]
    ) throws -> Receipt {
        Receipt(
            identity: try FiscalIdentity(fn: "7380440700236370", i: 1, fp: 1),
            dateTime: try LocalDateTime(iso: "2025-05-03T10:00:00"),
            operation: operation, total: Money(kopecks: total), prepaid: Money(kopecks: prepaid),
            credit: Money(kopecks: credit),
            items: payments.map { Item(name: "Овощечистка", price: .zero, quantity: 1, sum: .zero, paymentType: $0) })
    }

    @Test("reads what a receipt is from its lines' payment kinds first, then from its sums")
    func kinds() throws {
        #expect(PurchaseKind(of: try receipt(total: 58_600, payments: [.fullPayment])) == .purchase)
        #expect(PurchaseKind(of: try receipt(total: 58_600, payments: [nil, nil])) == .purchase)
        // ozon's order: «предоплата 100 %» on every line.
        #expect(
            PurchaseKind(of: try receipt(total: 58_600, payments: [.fullPrepayment, .fullPrepayment])) == .prepayment)
        #expect(PurchaseKind(of: try receipt(total: 30_000, payments: [.partialPrepayment])) == .prepayment)
        #expect(PurchaseKind(of: try receipt(total: 30_000, payments: [.advance])) == .prepayment)
        // One line prepaid, one paid in full: not a prepayment, and nothing was prepaid.
        #expect(PurchaseKind(of: try receipt(total: 30_000, payments: [.advance, .fullPayment])) == .purchase)
        #expect(
            PurchaseKind(of: try receipt(total: 58_600, prepaid: 58_600, payments: [.fullPayment])) == .settlement)
        #expect(PurchaseKind(of: try receipt(total: 90_000, payments: [.partialPaymentAndCredit])) == .creditSale)
        #expect(PurchaseKind(of: try receipt(total: 90_000, credit: 60_000, payments: [nil])) == .creditSale)
        #expect(PurchaseKind(of: try receipt(total: 30_000, payments: [.creditPayment])) == .creditPayment)
        #expect(PurchaseKind(of: try receipt(.saleRefund, total: 58_600, payments: [.fullPayment])) == .purchaseReturn)
        #expect(
            PurchaseKind(of: try receipt(.saleRefund, total: 58_600, payments: [.fullPrepayment])) == .prepaymentReturn)
        #expect(PurchaseKind(of: try receipt(.expense, total: 100, payments: [])) == .payout)
        #expect(PurchaseKind(of: try receipt(.expenseRefund, total: 100, payments: [])) == .payoutReturn)
    }

    @Test("counts a settlement in full until its prepayment is known, then only what was left to pay")
    func counted() {
        // 586.00 ₽ prepaid, 586.00 ₽ settlement: 586.00 while alone, 0 once linked.
        #expect(PurchaseKind.settlement.counted(total: 58_600, prepaid: 58_600, linked: false) == 58_600)
        #expect(PurchaseKind.settlement.counted(total: 58_600, prepaid: 58_600, linked: true) == 0)
        // 300.00 prepaid of 1,000.00: 700.00 paid on delivery.
        #expect(PurchaseKind.settlement.counted(total: 100_000, prepaid: 30_000, linked: true) == 70_000)
        #expect(PurchaseKind.creditPayment.counted(total: 30_000, prepaid: 0, linked: true) == 0)
        #expect(PurchaseKind.purchaseReturn.counted(total: 19_900, prepaid: 0, linked: false) == -19_900)
        #expect(PurchaseKind.payoutReturn.counted(total: 500, prepaid: 0, linked: false) == 500)
        #expect(PurchaseKind.purchaseReturn.counted(total: .min, prepaid: 0, linked: false) == .max)
    }

    @Test("splits a receipt's money over its lines by their sums, largest remainder first")
    func shares() {
        // Petrol: one line printed 2,200.01 (41.905 l × 52.50 = 2,200.0125), 2,200.00 paid.
        #expect(LargestRemainder.split(220_000, by: [220_001]) == [220_000])
        // Lines 100.00 + 50.00 + 50.00 = 200.00, total 199.99 after a 0.01 discount. In kopecks:
        // 19999 × 10000 / 20000 = 9999 remainder 10000; 19999 × 5000 / 20000 = 4999 remainder
        // 15000 (twice). The floors give 19997; the 2 kopecks left go to the two remainders of 15000.
        #expect(LargestRemainder.split(19_999, by: [10_000, 5_000, 5_000]) == [9_999, 5_000, 5_000])
        // Lines short of the total (a trimmed list): 10.00 + 30.00 of 50.00 → 12.50 and 37.50.
        #expect(LargestRemainder.split(5_000, by: [1_000, 3_000]) == [1_250, 3_750])
        // A return counts negatively: the shares too.
        #expect(LargestRemainder.split(-5_000, by: [1_000, 3_000]) == [-1_250, -3_750])
        // A discount line (negative) takes no share; its amount is spread over the others.
        #expect(LargestRemainder.split(13_000, by: [10_000, 5_000, -2_000]) == [8_667, 4_333, 0])
        #expect(LargestRemainder.split(0, by: [10_000, 5_000]) == [0, 0])
        #expect(LargestRemainder.split(500, by: [0, -1]) == nil)
        #expect(LargestRemainder.split(500, by: []) == nil)
        #expect(LargestRemainder.split(.min, by: [1, 1]) == [.min / 2, .min / 2])
        #expect(LargestRemainder.split(.max, by: [.max, .max]) == nil)
    }

    @Test("over random receipts the shares always add up to the money counted", arguments: [1, 2, 3, 4] as [UInt64])
    func sharesAddUp(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<2_000 {
            let weights = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                Int64.random(in: -500...2_000_000, using: &random)
            }
            let amount = Int64.random(in: -5_000_000...5_000_000, using: &random)
            guard let shares = LargestRemainder.split(amount, by: weights) else {
                #expect(weights.allSatisfy { $0 <= 0 })
                continue
            }
            #expect(shares.reduce(0, +) == amount)
            for (share, weight) in zip(shares, weights) where weight <= 0 { #expect(share == 0) }
        }
    }

    @Test("takes a GTIN only when its check digit holds, and an EAN-13 as the GTIN-14 it is")
    func gtins() {
        // 4601234567893: 4·1+6·3+0·1+1·3+2·1+3·3+4·1+5·3+6·1+7·3+8·1+9·3 = 4+18+0+3+2+9+4+15+6+21+8+27
        // = 117; (10 − 7) mod 10 = 3.
        #expect(GTIN(checking: "4601234567893")?.digits == "04601234567893")
        #expect(GTIN(checking: "04601234567893")?.digits == "04601234567893")
        #expect(GTIN(checking: " 4601234567893 ")?.description == "4601234567893")
        #expect(GTIN(checking: "4601234567894") == nil)
        #expect(GTIN(checking: "460123456789") == nil)
        #expect(GTIN(checking: "46012345678a3") == nil)
        // EAN-8 96385074: 9·3+6·1+3·3+8·1+5·3+0·1+7·3 = 27+6+9+8+15+0+21 = 86 → 4.
        #expect(GTIN(checking: "96385074")?.digits == "00000096385074")
    }

    @Test("names FFD 1.2 measures as receipts print them")
    func measures() {
        #expect(Measure.litre.name(in: .russian) == "л")
        #expect(Measure(rawValue: 11).name(in: .english) == "kg")
        #expect(Measure(rawValue: 255).name(in: .russian) == nil)
    }
}

@Suite("What a document says that does not hold together", .timeLimit(.minutes(20)))
struct DocumentProblemTests {
    @Test("payments that do not add up to the total, and a code that is no GTIN, are named; a sound receipt has none")
    func problems() throws {
        var receipt = Receipt(
            identity: try FiscalIdentity(fn: "7380440700236370", i: 1, fp: 1),
            dateTime: try LocalDateTime(iso: "2025-05-03T10:00:00"), operation: .sale, total: Money(kopecks: 7_999),
            ecash: Money(kopecks: 7_999),
            items: [
                Item(
                    name: "ЧЕБАРКУЛЬ Мол.ОТБ.3,8% м/у 1л", price: Money(kopecks: 7_999), quantity: 1,
                    sum: Money(kopecks: 7_999), gtin: "04607036340658")
            ])
        #expect(DocumentProblem.of(receipt).isEmpty)
        // 79.99 by card and 79.99 in bonuses for a 79.99 receipt: 159.98 paid.
        receipt.provision = Money(kopecks: 7_999)
        receipt.items[0].gtin = "4607036340659"
        #expect(
            DocumentProblem.of(receipt) == [
                .paymentsDoNotAddUp(paid: Money(kopecks: 15_998), total: Money(kopecks: 7_999)),
                .notAGTIN(line: 1, code: "4607036340659"),
            ])
        #expect(
            DocumentProblem.of(receipt).map { $0.message(in: .russian) }.last
                == "Строка 1: GTIN 4607036340659 — не код товара (контрольная цифра или длина)")
        receipt.status = .pending
        #expect(DocumentProblem.of(receipt).isEmpty)
    }
}
