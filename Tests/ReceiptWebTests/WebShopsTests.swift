import Foundation
import HTTPTypes
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptWeb

@Suite("receipts web: shops renamed, merged and taken apart", .timeLimit(.minutes(20)))
struct WebShopsTests {
    /// A receipt of one seller at `address`, 107.00 ₽.
    static func receipt(_ i: Int64, address: String) throws -> Receipt {
        Receipt(
            identity: try FiscalIdentity(fn: "7380440700365371", i: i, fp: 410_250_735 + i),
            dateTime: try LocalDateTime(iso: "2024-12-2\(i)T08:11:00"), operation: .sale,
            total: Money(kopecks: 10_700), ecash: Money(kopecks: 10_700), seller: "ООО \"МЕТРО Кэш энд Керри\"",
            sellerINN: "7704218694", retailPlace: "ТЦ 1060", address: address,
            items: [Item(name: "ХЛЕБ", price: Money(kopecks: 10_700), quantity: 1, sum: Money(kopecks: 10_700))])
    }

    @Test("each change as shops rename, merge and unmerge make it, answered with the shop as it is now")
    func shops() async throws {
        let folder = try TemporaryFolder("web-shops")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        // Two receipts at one address, one at another: two shops, 214.00 ₽ and 107.00 ₽.
        try database.save([
            try Self.receipt(1, address: "г. Новосибирск, ул. Светлановская, 50"),
            try Self.receipt(2, address: "г. Новосибирск, ул. Светлановская, 50"),
            try Self.receipt(3, address: "г. Новосибирск, ул. Станционная, 60/1"),
        ])
        let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database)
        try await app.withPage { page in
            let listed = try WebImportTests.json(try await page.get("/api/shops?lang=ru"))
            let shops = try #require(listed["shops"] as? [[String: Any]])
            let entries = shops.compactMap { $0["shop"] as? [String: Any] }
            #expect(entries.map { $0["receipts"] as? Int } == [2, 1])
            #expect(entries.map { $0["spending"] as? Int } == [21_400, 10_700])
            #expect(shops.first?["spendingText"] as? String == "214,00\u{A0}₽")
            #expect(
                (shops.first?["details"] as? String)?.hasPrefix("2 чека · последний чек 2024-12-22 · ИНН 7704218694")
                    == true)
            let big = try #require(entries.first?["id"] as? Int)
            let small = try #require(entries.last?["id"] as? Int)

            let renamed = try WebImportTests.json(
                try await page.post("/api/shops/rename", #"{"id": \#(big), "name": "  МЕТРО на Светлановской "}"#))
            #expect((renamed["shop"] as? [String: Any])?["name"] as? String == "МЕТРО на Светлановской")
            #expect(try database.shop(id: Int64(big))?.chosen == "МЕТРО на Светлановской")
            #expect(try await page.post("/api/shops/rename", #"{"id": \#(big), "name": "  "}"#).status == .badRequest)
            #expect(try await page.post("/api/shops/rename", #"{"id": 999, "name": "x"}"#).status == .notFound)
            let back = try WebImportTests.json(
                try await page.post("/api/shops/rename", #"{"id": \#(big), "name": null}"#))
            #expect((back["shop"] as? [String: Any])?["name"] as? String == "METRO")

            let merged = try WebImportTests.json(
                try await page.post("/api/shops/merge", #"{"id": \#(small), "into": \#(big)}"#))
            #expect((merged["shop"] as? [String: Any])?["receipts"] as? Int == 3)
            #expect(try database.shops().map(\.receipts) == [3])
            let itself = try await page.post("/api/shops/merge", #"{"id": \#(big), "into": \#(big)}"#)
            #expect(itself.status == .badRequest)
            #expect(
                try WebImportTests.json(itself)["message"] as? String == "shop #\(big) cannot be merged into itself")
            let restored = try WebImportTests.json(try await page.post("/api/shops/unmerge", #"{"id": \#(small)}"#))
            #expect((restored["shop"] as? [String: Any])?["receipts"] as? Int == 1)
            #expect(try database.shops().map(\.receipts) == [2, 1])
            #expect(try await page.post("/api/shops/unmerge", #"{"id": \#(small)}"#).status == .badRequest)
            #expect(try database.verifyTotals().isEmpty)
        }
    }
}
