import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@testable import FiscalProviders

/// Documents as «Мои чеки онлайн» answers `/v1/receipt/fiscal_data`, recorded by another public
/// project (Tests/Fixtures/lkdr/SOURCES.md): money in roubles, the fiscal sign as text.
@Suite("«Мои чеки онлайн» documents", .timeLimit(.minutes(20)))
struct CabinetDocumentTests {
    static func read(_ name: String) throws -> Receipt {
        try CabinetDocument.receipt(from: try Repository.data("Tests/Fixtures/lkdr/fiscal-data-\(name).json"))
    }

    @Test("roubles become kopecks exactly, and nothing else does")
    func kopecks() {
        // 679.27 is no double exactly (679.269999…): counted in decimals, it is 67,927 kopecks.
        #expect(ExportedReceipts.kopecks(roubles: "679.27") == 67_927)
        #expect(ExportedReceipts.kopecks(roubles: "0.1") == 10 && ExportedReceipts.kopecks(roubles: "-1.5") == -150)
        #expect(ExportedReceipts.kopecks(roubles: "37400") == 3_740_000)
        #expect(ExportedReceipts.kopecks(roubles: "1e3") == 100_000)
        for wrong in ["1.005", "12abc", "", "-", "1,50", "NaN", "1e30", "0x10", " 5"] {
            #expect(ExportedReceipts.kopecks(roubles: wrong) == nil, "\(wrong)")
        }
    }

    @Test("each recorded document: its identity, time, operation, payment parts and lines, to the kopeck")
    func documents() throws {
        // Яндекс.Еда: fn 7380440902217971, fd 185012, fp "232730556" (text); 6,820.00 ₽ by card, five
        // pizzas and the like whose sums add up to it (1,350 + 930 + 1,850 + 1,370 + 1,320).
        let food = try Self.read("multi-item_7380440902217971_185012")
        #expect(food.identity == (try FiscalIdentity(fn: "7380440902217971", i: 185_012, fp: 232_730_556)))
        #expect(food.dateTime == (try LocalDateTime(iso: "2025-09-06T18:50:00")) && food.operation == .sale)
        #expect(food.total == Money(kopecks: 682_000) && food.ecash == food.total && food.cash == .zero)
        #expect(food.items.count == 5 && food.items.reduce(Money.zero) { $0 + $1.sum } == food.total)
        #expect(food.items[0].name == "Времена года" && food.items[0].price == Money(kopecks: 135_000))
        // Орматек: 37,400.00 ₽ in cash, eight lines.
        let cash = try Self.read("ormatek-cash_7284440500067286_60967")
        #expect(cash.cash == Money(kopecks: 3_740_000) && cash.ecash == .zero && cash.items.count == 8)
        // Ozon pays out 221.00 ₽ (operation 3, расход): a delivery's compensation.
        let ozon = try Self.read("ozon-op3-rashod_7380440902790700_90595")
        #expect(ozon.operation == .expense && ozon.total == Money(kopecks: 22_100))
        // A return (operation 2) of 0.00 ₽.
        let zero = try Self.read("vkusvill-zero-total-op2_7380440902620606_97749")
        #expect(zero.operation == .saleRefund && zero.total == .zero)
        // An order paid ahead, 3,297.00 ₽ all of it prepaid; the provider's INN padded in the source.
        let prepaid = try Self.read("prepaid-agent-provider_7380440801029610_213896")
        #expect(prepaid.prepaid == Money(kopecks: 329_700) && prepaid.ecash == .zero && prepaid.items.count == 2)
        // Lines without names (ВкусВилл's prepayment): empty names, the sums still there.
        let unnamed = try Self.read("vkusvill-prepayment")
        #expect(unnamed.items.allSatisfy { $0.name.isEmpty } && unnamed.total == Money(kopecks: 67_927))
        #expect(unnamed.items.reduce(Money.zero) { $0 + $1.sum } == unnamed.total)
        // The seller's INN comes trimmed ("7734443270  " in the source, as every cabinet answer pads it).
        for name in ["payment-agent-type_7381440901019774_5614", "yandex-taxi_7380440903140279_27361"] {
            let receipt = try Self.read(name)
            #expect(receipt.sellerINN.map { !$0.hasSuffix(" ") && [10, 12].contains($0.count) } == true, "\(name)")
            #expect(receipt.document?.contains("fiscalSign") == true)
        }
    }

    @Test("ВкусВилл's order, its prepayment and its settlement from the cabinet, counts 679.27 ₽ once")
    func vkusvillPair() throws {
        // 17:46, fn …877139 fd 167117: 679.27 by card, lines paid ahead (paymentType 3); 18:13, fn
        // …675340 fd 29535: the same goods settled, prepaidSum 679.27, nothing more paid.
        let prepayment = try Self.read("vkusvill-prepayment")
        let settlement = try Self.read("vkusvill-full-settlement-prepaid_7380440902675340_29535")
        #expect(PurchaseKind(of: prepayment) == .prepayment && PurchaseKind(of: settlement) == .settlement)
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        _ = try database.save([prepayment, settlement])
        let january = try #require(Month("2026-01"))
        #expect(try database.monthTotals(january...january).map(\.total) == [Money(kopecks: 67_927)])
    }

    @Test("a wrong answer names its field")
    func wrong() {
        #expect(throws: DocumentError.invalid(field: "fiscal_data", reason: .notAnObject)) {
            try CabinetDocument.receipt(from: Data("[1]".utf8))
        }
        let document =
            #"{"fiscalDriveNumber":"7380440902217971","fiscalDocumentNumber":1,"fiscalSign":"2","#
            + #""operationType":1,"dateTime":"2025-09-06T18:50:00","totalSum":10.005,"items":[]}"#
        #expect(throws: DocumentError.invalid(field: "totalSum", reason: .notRoubles)) {
            try CabinetDocument.receipt(from: Data(document.utf8))
        }
    }

    @Test("a recorded page of the list: ten receipts, their keys and numbers, more to come")
    func page() throws {
        let page = try CabinetPage.read(try Repository.data("Tests/Fixtures/lkdr/receipt-list-page.json"))
        #expect(page.entries.count == 10 && page.hasMore)
        // The first: Т-МОБ's 3.90 ₽ of 7 February 17:34, fn 7380440902697876, fd 78468 (text in the answer).
        let first = try #require(page.entries.first)
        #expect(first.fn == "7380440902697876" && first.fd == 78_468 && first.total == Money(kopecks: 390))
        #expect(first.dateTime == (try LocalDateTime(iso: "2026-02-07T17:34:00")))
        #expect(first.key == "79990000000|1|2026-02-07 17:34:00|78468|7380440902697876")
        // The last two are ВкусВилл's order whose documents are fixtures too: 679.27 ₽ each in the list.
        #expect(page.entries.suffix(2).map(\.fd) == [29_535, 167_117])
        #expect(page.entries.suffix(2).allSatisfy { $0.total == Money(kopecks: 67_927) })
        #expect(page.entries.filter { $0.key.hasPrefix("buyer@example.org|0|") }.count == 5)
        let broken = #"{"receipts":[{"key":"k","fiscalDriveNumber":"12","fiscalDocumentNumber":"1"}],"hasMore":false}"#
        #expect(throws: DocumentError.invalid(field: "receipts[0].fiscalDriveNumber", reason: .notAWholeNumber)) {
            try CabinetPage.read(Data(broken.utf8))
        }
    }
}
