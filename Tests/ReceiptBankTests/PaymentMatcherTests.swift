import PropertyBased
import ReceiptBank
import ReceiptCore
import Testing

/// Card payments paired with receipts. Times are written as the bank and the shop write them; the
/// instants compared are worked out in the comments.
@Suite("Matching payments with receipts", .timeLimit(.minutes(20)))
struct PaymentMatcherTests {
    static func moscow(_ iso: String) throws -> ZonedDateTime {
        ZonedDateTime(local: try LocalDateTime(iso: iso), offsetMinutes: 180)
    }

    static func payment(_ id: Int64, _ iso: String, _ kopecks: Int64, _ description: String = "")
        throws -> PaymentMatcher.Payment
    {
        PaymentMatcher.Payment(id: id, time: try moscow(iso), spent: Money(kopecks: kopecks), description: description)
    }

    static func receipt(_ id: Int64, _ iso: String, _ kopecks: Int64, region: String? = nil, shop: String = "")
        throws -> PaymentMatcher.Receipt
    {
        let receipt = Receipt(
            identity: try FiscalIdentity(fn: "9960440301234567", i: id, fp: 1_000 + id),
            dateTime: try LocalDateTime(iso: iso), operation: .sale, total: Money(kopecks: kopecks),
            ecash: Money(kopecks: kopecks))
        return PaymentMatcher.Receipt(id: id, receipt: receipt, region: region, shopNames: [shop])
    }

    @Test("a payment past the bound either way, stored before statements were checked, stays unmatched")
    func beyondBounds() throws {
        // Int64.max and Int64.min kopecks: `spent - tolerance` and `abs(spent - card)` overflowed here.
        let payments = [
            try Self.payment(1, "2024-03-01T12:00:00", .max), try Self.payment(2, "2024-03-01T12:00:00", .min),
            try Self.payment(3, "2024-03-01T12:01:00", 100_000_000_000_001),
            try Self.payment(4, "2024-03-01T12:02:00", 10_000),
        ]
        let receipts = [
            try Self.receipt(10, "2024-03-01T12:00:00", 100_000_000_000_000),
            try Self.receipt(11, "2024-03-01T12:02:00", 10_000),
        ]
        let outcome = PaymentMatcher().match(payments: payments, receipts: receipts)
        // Only 100.00 ₽ pairs; the receipt at the bound has no payment within it.
        #expect(outcome.matches.map(\.payment) == [4] && outcome.matches.map(\.receipt) == [11])
        #expect(outcome.unmatchedPayments == [1, 2, 3])
    }

    @Test("a transfer, a top-up or cash pairs only strictly: never a relaxed amount or a far time")
    func transfers() throws {
        // ChequeInfo's T-Bank December: «Перевод между счетами» 5,000.00 at 10:00 Moscow, 32 minutes
        // after Лемана ПРО's 4,978.50 (21.50 off, 0.43 %): a relaxed pair for a purchase.
        let transfer = BankPayment(
            bank: .tbank, account: "", time: try Self.moscow("2024-12-30T10:00:00"), spent: Money(kopecks: 500_000),
            description: "Перевод между счетами", category: "Переводы")
        #expect(transfer.isTransfer)
        let leman = try Self.receipt(21, "2024-12-30T09:28:00", 497_850, region: "77")
        let purchase = PaymentMatcher.Payment(
            id: 1, time: transfer.time, spent: transfer.spent, description: transfer.description)
        #expect(PaymentMatcher().match(payments: [purchase], receipts: [leman]).matches.count == 1)
        #expect(PaymentMatcher().match(payments: [.init(id: 1, payment: transfer)], receipts: [leman]).matches.isEmpty)
        // A shop paid by a transfer (СБП): the same amount within 30 minutes still pairs.
        let sbp = BankPayment(
            bank: .tbank, account: "*4556", time: try Self.moscow("2024-12-30T09:28:40"),
            spent: Money(kopecks: 497_850), description: "Перевод по СБП", mcc: "4829")
        #expect(sbp.isTransfer)
        #expect(PaymentMatcher().match(payments: [.init(id: 2, payment: sbp)], receipts: [leman]).matches.count == 1)
        #expect(
            !BankPayment(
                bank: .tbank, account: "*4556", time: sbp.time, spent: sbp.spent, description: "METRO",
                mcc: "5411", category: "Супермаркеты"
            ).isTransfer)
    }

    @Test("the same amount on the same day, minutes apart, is a strict match")
    func sameDay() throws {
        let outcome = PaymentMatcher().match(
            payments: [try Self.payment(1, "2024-03-01T12:03:10", 123_450)],
            receipts: [try Self.receipt(10, "2024-03-01T12:01:00", 123_450, region: "77")])
        #expect(outcome.matches.map(\.receipt) == [10])
        let reason = try #require(outcome.matches.first?.reason)
        #expect(reason.isStrict)
        // 12:03:10 − 12:01:00 = 130 s.
        #expect(reason.seconds == 130)
        #expect(reason.message(in: .english) == "strict, same amount, paid 2 min after")
        #expect(outcome.unmatchedPayments.isEmpty && outcome.unmatchedReceipts.isEmpty)
    }

    @Test("a Moscow 23:40 payment meets a Vladivostok receipt printed at 06:40 the next day")
    func zones() throws {
        // Vladivostok (region 25) is UTC+10: 06:40 there on the 2nd is 20:40 UTC on the 1st, which
        // is 23:40 in Moscow (UTC+3): the same instant.
        let outcome = PaymentMatcher().match(
            payments: [try Self.payment(1, "2024-03-01T23:40:00", 50_000)],
            receipts: [try Self.receipt(10, "2024-03-02T06:40:00", 50_000, region: "25")])
        #expect(outcome.matches.first?.reason.seconds == 0)
        #expect(outcome.matches.first?.reason.isStrict == true)
        // Read as Moscow time the receipt would be 7 hours after the payment: still inside the
        // window, but no longer strict.
        let unzoned = PaymentMatcher().match(
            payments: [try Self.payment(1, "2024-03-01T23:40:00", 50_000)],
            receipts: [try Self.receipt(10, "2024-03-02T06:40:00", 50_000)])
        #expect(unzoned.matches.first?.reason.seconds == -7 * 3_600)
        #expect(unzoned.matches.first?.reason.isStrict == false)
    }

    @Test("a kopeck off is a relaxed match, not a strict one")
    func kopeckOff() throws {
        let outcome = PaymentMatcher().match(
            payments: [try Self.payment(1, "2024-03-01T12:00:00", 10_001)],
            receipts: [try Self.receipt(10, "2024-03-01T12:00:00", 10_000)])
        let reason = try #require(outcome.matches.first?.reason)
        #expect(!reason.isStrict)
        #expect(reason.amountOff == Money(kopecks: 1))
        // Relaxed: 0.6, less 0.2 for the amount, less nothing for the time.
        #expect(reason.confidence == 0.4)
        // 1 % of 100 ₽ is 1 ₽: two roubles off is no match at all.
        let far = PaymentMatcher().match(
            payments: [try Self.payment(1, "2024-03-01T12:00:00", 10_200)],
            receipts: [try Self.receipt(10, "2024-03-01T12:00:00", 10_000)])
        #expect(far.matches.isEmpty)
        #expect(far.unmatchedPayments == [1] && far.unmatchedReceipts == [10])
    }

    @Test("two equal payments on one day go each to the receipt nearest in time")
    func twoEqual() throws {
        let outcome = PaymentMatcher().match(
            payments: [
                try Self.payment(1, "2024-03-01T18:02:00", 25_000), try Self.payment(2, "2024-03-01T10:00:30", 25_000),
            ],
            receipts: [
                try Self.receipt(10, "2024-03-01T10:00:00", 25_000, region: "77"),
                try Self.receipt(11, "2024-03-01T18:01:00", 25_000, region: "77"),
            ])
        #expect(Set(outcome.matches.map { "\($0.payment)-\($0.receipt)" }) == ["2-10", "1-11"])
    }

    @Test("a receipt paid partly with bonuses meets the payment of its card part")
    func bonuses() throws {
        // 1,000 ₽ total: 300 ₽ in bonuses (provisionSum), 700 ₽ by card (ecashTotalSum).
        let receipt = Receipt(
            identity: try FiscalIdentity(fn: "9960440301234567", i: 5, fp: 55),
            dateTime: try LocalDateTime(iso: "2024-03-01T12:00:00"),
            operation: .sale, total: Money(kopecks: 100_000), ecash: Money(kopecks: 70_000),
            provision: Money(kopecks: 30_000))
        let outcome = PaymentMatcher().match(
            payments: [try Self.payment(1, "2024-03-01T12:00:40", 70_000)],
            receipts: [PaymentMatcher.Receipt(id: 5, receipt: receipt, region: nil, shopNames: [])])
        #expect(outcome.matches.first?.reason.amountOff == .zero)
    }

    @Test("an online order's payment meets its prepayment receipt; the settlement has no card part")
    func prepayment() throws {
        // The order: 2,499 ₽ paid by card on 1 March (prepayment receipt, all of it electronic);
        // delivered on 3 March (settlement receipt, 2,499 ₽ offset from the prepayment, 0 by card).
        let prepayment = Receipt(
            identity: try FiscalIdentity(fn: "7380440700076549", i: 1, fp: 11),
            dateTime: try LocalDateTime(iso: "2024-03-01T09:15:00"),
            operation: .sale, total: Money(kopecks: 249_900), ecash: Money(kopecks: 249_900))
        let settlement = Receipt(
            identity: try FiscalIdentity(fn: "7380440700076549", i: 2, fp: 22),
            dateTime: try LocalDateTime(iso: "2024-03-03T14:30:00"),
            operation: .sale, total: Money(kopecks: 249_900), prepaid: Money(kopecks: 249_900))
        let outcome = PaymentMatcher().match(
            payments: [try Self.payment(1, "2024-03-01T09:15:07", 249_900, "OZON")],
            receipts: [
                PaymentMatcher.Receipt(id: 1, receipt: prepayment, region: "77", shopNames: ["Ozon"]),
                PaymentMatcher.Receipt(id: 2, receipt: settlement, region: "77", shopNames: ["Ozon"]),
            ])
        #expect(outcome.matches.map(\.receipt) == [1])
        #expect(outcome.matches.first?.reason.sameMerchant == true)
        #expect(outcome.unmatchedReceipts.isEmpty)
    }

    @Test("a refund meets a refund: money back on the card is negative spending on both sides")
    func refund() throws {
        let back = Receipt(
            identity: try FiscalIdentity(fn: "9960440301234567", i: 9, fp: 99),
            dateTime: try LocalDateTime(iso: "2024-03-05T11:00:00"),
            operation: .saleRefund, total: Money(kopecks: 42_100), ecash: Money(kopecks: 42_100))
        let outcome = PaymentMatcher().match(
            payments: [
                try Self.payment(1, "2024-03-05T11:00:05", 42_100), try Self.payment(2, "2024-03-05T11:00:05", -42_100),
            ],
            receipts: [PaymentMatcher.Receipt(id: 9, receipt: back, region: nil, shopNames: [])])
        #expect(outcome.matches.map(\.payment) == [2])
    }

    @Test("the bank's Latin name of a shop breaks a tie between two equal receipts")
    func merchant() throws {
        // Both receipts are 20 minutes from the payment; the description names the first shop.
        let outcome = PaymentMatcher().match(
            payments: [try Self.payment(1, "2024-03-01T12:20:00", 50_000, "PYATEROCHKA 1234 MOSCOW RUS")],
            receipts: [
                try Self.receipt(11, "2024-03-01T12:40:00", 50_000, shop: "Магнит"),
                try Self.receipt(10, "2024-03-01T12:00:00", 50_000, shop: "Пятёрочка"),
            ])
        #expect(outcome.matches.map(\.receipt) == [10])
        #expect(outcome.unmatchedReceipts == [11])
    }

    @Test("a day-only payment is strict on the receipt's day, on the bank's clock")
    func dayOnly() throws {
        // Sber gives 1 March; the Novosibirsk receipt (UTC+7) at 02:30 on 2 March is 22:30 on
        // 1 March in Moscow.
        let payment = PaymentMatcher.Payment(
            id: 1, time: try Self.moscow("2024-03-01T00:00:00"), timeKnown: false, spent: Money(kopecks: 7_700),
            description: "")
        let outcome = PaymentMatcher().match(
            payments: [payment], receipts: [try Self.receipt(10, "2024-03-02T02:30:00", 7_700, region: "54")])
        #expect(outcome.matches.first?.reason.seconds == 0)
        #expect(outcome.matches.first?.reason.isStrict == true)
    }

    @Test("pairs made by hand stand; pairs undone by hand are not made again")
    func byHand() throws {
        let payments = [
            try Self.payment(1, "2024-03-01T12:00:00", 10_000), try Self.payment(2, "2024-03-01T12:00:00", 10_000),
        ]
        let receipts = [
            try Self.receipt(10, "2024-03-01T12:00:00", 10_000), try Self.receipt(11, "2024-03-04T12:00:00", 99_999),
        ]
        let outcome = PaymentMatcher().match(
            payments: payments, receipts: receipts, fixed: [(payment: 2, receipt: 11)],
            refused: [PaymentMatcher.Pair(payment: 1, receipt: 10)])
        #expect(outcome.matches.map { "\($0.payment)-\($0.receipt)-\($0.reason.manual)" } == ["2-11-true"])
        #expect(outcome.unmatchedPayments == [1] && outcome.unmatchedReceipts == [10])
    }

    @Test("no payment or receipt is used twice, and the order they come in changes nothing")
    func properties() async {
        await propertyCheck(
            count: 200, input: Gen.int(in: 0...1_000_000), Gen.int(in: 1...40), Gen.int(in: 1...40)
        ) { seed, paymentCount, receiptCount in
            var random = SeededRandom(seed: UInt64(seed))
            // Few amounts and a few days, so that candidates collide.
            let payments = try (0..<paymentCount).map { index in
                try Self.payment(
                    Int64(index + 1), "2024-03-0\(1 + Int(random.next() % 4))T1\(random.next() % 10):00:00",
                    Int64(1 + random.next() % 5) * 1_000 + Int64(random.next() % 3) - 1,
                    ["", "MAGNIT", "OZON"][Int(random.next() % 3)])
            }
            let receipts = try (0..<receiptCount).map { index in
                try Self.receipt(
                    Int64(index + 100), "2024-03-0\(1 + Int(random.next() % 4))T1\(random.next() % 10):30:00",
                    Int64(1 + random.next() % 5) * 1_000, region: ["77", "25", nil][Int(random.next() % 3)],
                    shop: ["Магнит", "Ozon", ""][Int(random.next() % 3)])
            }
            let outcome = PaymentMatcher().match(payments: payments, receipts: receipts)
            #expect(Set(outcome.matches.map(\.payment)).count == outcome.matches.count)
            #expect(Set(outcome.matches.map(\.receipt)).count == outcome.matches.count)
            #expect(Set(outcome.matches.map(\.payment)).isDisjoint(with: outcome.unmatchedPayments))
            #expect(outcome.matches.count + outcome.unmatchedPayments.count == payments.count)
            let shuffled = PaymentMatcher().match(
                payments: payments.shuffled(using: &random), receipts: receipts.shuffled(using: &random))
            #expect(shuffled == outcome)
        }
    }

    @Test("a bank's Latin merchant names a shop's Russian one; generic words and other chains do not")
    func merchantNames() {
        let agreeing: [(String, String)] = [
            ("Пятёрочка", "PYATEROCHKA 1234 MOSCOW RUS"), ("Перекрёсток", "PEREKRESTOK"), ("ВкусВилл", "VKUSVILL 12"),
            ("Ашан", "AUCHAN 123 SPB"), ("ООО \"ВАЙЛДБЕРРИЗ\"", "WILDBERRIES"), ("Яндекс Еда", "YANDEX*EDA"),
            ("АО \"ТАНДЕР\"", "MAGNIT MM TULA"), ("Шоколадница", "SHOKOLADNITSA"), ("О'КЕЙ", "OKEY 7"),
        ]
        for (shop, bank) in agreeing {
            #expect(MerchantName(shopNames: [shop]).agrees(with: BankDescription(bank)), "\(shop) ~ \(bank)")
        }
        let differing: [(String, String)] = [
            ("Магнит", "MAGNOLIA 5"), ("Магазин продукты", "MAGAZIN 5 PRODUKTY"), ("ООО Ромашка", "OOO LUTIK"),
        ]
        for (shop, bank) in differing {
            #expect(!MerchantName(shopNames: [shop]).agrees(with: BankDescription(bank)), "\(shop) ≁ \(bank)")
        }
    }
}
