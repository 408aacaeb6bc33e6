import Foundation
import HTTPTypes
import NIOCore
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptWeb

/// The security review took `receipts web` down with one request over receipts whose amounts
/// overflowed a month's sum (issue 31). Such documents are now refused at import; the largest a
/// database can hold go through every view that sums them.
@Suite("receipts web over the largest amounts", .timeLimit(.minutes(20)))
struct WebAmountBoundsTests {
    @Test("ten receipts of 10¹² ₽ in one month: every view that sums answers 200 and the app stays up")
    func largestMonth() async throws {
        let folder = try TemporaryFolder("web-bounds")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        // 10¹² ₽ = 10¹⁴ kopecks a receipt, the most one may hold; ten make 10¹³ ₽ = 10¹⁵ kopecks,
        // the most a month keeps. Summed as 64-bit kopecks that is far from 9.2·10¹⁸; the shares and
        // averages the views derive from it must not trap either.
        let largest = Money(kopecks: 100_000_000_000_000)
        let receipts = try (1...10).map { index in
            Receipt(
                identity: try FiscalIdentity(fn: "9251440300007971", i: Int64(index), fp: Int64(4_000 + index)),
                dateTime: try LocalDateTime(year: 2019, month: 3, day: 20, hour: 12, minute: index),
                operation: .sale, total: largest, ecash: largest, seller: "ООО \"ЛЕНТА\"", sellerINN: "7814148471",
                retailPlace: "Лента", address: "Санкт-Петербург",
                items: [Item(name: "БАНАНЫ ВЕС", price: largest, quantity: 1, sum: largest)], status: .complete)
        }
        _ = try database.save(receipts)
        let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database)
        try await app.withPage { page in
            for uri in [
                "/api/feed", "/api/receipts/1", "/api/stats", "/api/stats?month=2019-03", "/api/stats/chart.svg",
                "/api/stats/category?category=groceries&from=2019-03&to=2019-03",
                "/api/prices?q=%D0%B1%D0%B0%D0%BD%D0%B0%D0%BD%D1%8B", "/api/inflation",
                "/api/recurring", "/api/budgets", "/api/categories",
            ] {
                let answer = try await page.get(uri)
                #expect(answer.status == .ok, "\(uri): \(String(buffer: answer.body).prefix(300))")
            }
            let stats = String(buffer: try await page.get("/api/stats?month=2019-03").body)
            // 10¹³ ₽ written out as the page shows it.
            #expect(stats.contains("1000000000000000"), "\(stats.prefix(400))")
            #expect(try await page.get("/api/feed").status == .ok, "the app still answers")
        }
    }
}
