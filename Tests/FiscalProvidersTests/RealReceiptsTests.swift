import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

/// Documents real people exported from the tax service's app, kept by other public projects as
/// their fixtures; where each came from is in Tests/Fixtures/real-receipts/SOURCES.md.
@Suite("Real exported receipts", .timeLimit(.minutes(20)))
struct RealReceiptsTests {
    static func read(_ name: String) throws -> [Receipt] {
        try ExportedReceipts.read(try Repository.data("Tests/Fixtures/real-receipts/\(name)"))
    }

    @Test("every kept document reads, with its sums, measures and GTINs, and keeps its JSON")
    func readsAll() throws {
        let folder = Repository.url("Tests/Fixtures/real-receipts")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 10)
        for file in files {
            let receipts = try Self.read(file)
            #expect(!receipts.isEmpty, "\(file)")
            for receipt in receipts { #expect(receipt.document?.contains("fiscalSign") == true, "\(file)") }
        }
    }

    @Test("ozon's order paid on 29 December and handed over on 30 December counts 586.00 ₽ once")
    func ozonPair() throws {
        let prepayment = try #require(try Self.read("ozon-prepayment.json").first)
        let settlement = try #require(try Self.read("ozon-settlement.json").first)
        // fd 215785: one line «предоплата 100 %» (paymentType 1), 586.00 by card.
        #expect(PurchaseKind(of: prepayment) == .prepayment)
        #expect(prepayment.ecash == Money(kopecks: 58_600) && prepayment.prepaid == .zero)
        // fd 48092: the same line paid in full (4), prepaidSum 586.00, nothing by card or cash.
        #expect(PurchaseKind(of: settlement) == .settlement)
        #expect(settlement.prepaid == Money(kopecks: 58_600) && settlement.ecash == .zero)
        for order in [[prepayment, settlement], [settlement, prepayment]] {
            let folder = try TemporaryFolder()
            let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
            for receipt in order { try database.save(receipt) }
            #expect(try database.monthTotals().map(\.total) == [Money(kopecks: 58_600)])
            #expect(try database.verifyTotals().isEmpty)
        }
    }

    @Test("the petrol receipt's extra kopeck stays in its one category")
    func petrol() throws {
        let petrol = try #require(try Self.read("petrol-ai92-trk-sum-mismatch.json").first)
        // 41.905 l × 52.50 = 2,200.0125, printed 2,200.01; 2,200.00 paid.
        #expect(petrol.items.map(\.sum) == [Money(kopecks: 220_001)] && petrol.total == Money(kopecks: 220_000))
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save(petrol)
        // Opened without rules, the line is uncategorized: the point is that the receipt's one
        // category holds exactly what was paid, and no other gets the kopeck's difference.
        #expect(try database.categoryTotals().map(\.total) == [Money(kopecks: 220_000)])
    }

    @Test("GTINs in their shapes: productCodeNew.ean13 and gs1m strings, productCodeData numbers")
    func gtins() throws {
        let pyaterochka = try #require(try Self.read("gtin-ean13-measure11-pyaterochka.json").first)
        // «Дск Яблоко красное 1кг», 1.215 kg (measure 11); the milk's EAN-13 4607036340658.
        #expect(pyaterochka.items[0].measure == .kilogram && pyaterochka.items[0].gtin == nil)
        #expect(pyaterochka.items[1].gtin == "04607036340658" && pyaterochka.items[1].measure == .piece)
        let gs1m = try #require(try Self.read("gtin-gs1m-pyaterochka-industry-details.json").first)
        #expect(gs1m.items.contains { $0.gtin.flatMap(GTIN.init(checking:)) != nil })
        let metro = try #require(try Self.read("metro-tc1060-productCodeData.json").first)
        // The first line's `productCodeData.gtin` is the number 5060608748358 (a valid EAN-13:
        // weighted sum 92, check digit 8).
        #expect(metro.items[0].gtin == "05060608748358")
        #expect(metro.items.filter { $0.gtin != nil }.count == 72)
        #expect(metro.items.compactMap(\.gtin).allSatisfy { GTIN(checking: $0) != nil })
    }

    @Test("what a document says of a GTIN that is not one is kept as given, and flagged")
    func wrongGTIN() throws {
        let text = """
            {"dateTime": "2025-05-03T10:00:00", "operationType": 1, "totalSum": 7999, "cashTotalSum": 0,
             "ecashTotalSum": 7999, "fiscalDriveNumber": "7380440700236370", "fiscalDocumentNumber": 10,
             "fiscalSign": 123, "userInn": "7825706086  ",
             "items": [{"name": "ЧЕБАРКУЛЬ Мол.ОТБ.3,8% м/у 1л", "price": 7999, "quantity": 1, "sum": 7999,
                        "paymentType": 4, "itemsQuantityMeasure": 0,
                        "productCodeNew": {"ean13": {"gtin": "4607036340659", "sernum": "", "productIdType": 3,
                                                     "rawProductCode": "4607036340659"}}}]}
            """
        let receipt = try #require(try ExportedReceipts.read(Data(text.utf8)).first)
        // 4607036340658 is the milk; …659 fails the check digit.
        #expect(receipt.items[0].gtin == "4607036340659")
        #expect(GTIN(checking: "4607036340659") == nil)
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save(receipt)
        #expect(try database.receipt(receipt.identity) == receipt)
    }
}
