import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptWeb

@Suite(
    "receipts web: what a receipt is, and the receipt it goes with", .timeLimit(.minutes(20)))
struct WebPurchaseTests {
    /// ozon's real pair (Tests/Fixtures/real-receipts): 2 × 293.00 prepaid on 29 December by card,
    /// handed over on 30 December against `prepaidSum` 586.00.
    static func pair() throws -> [Receipt] {
        func receipt(fn: String, i: Int64, date: String, payment: PaymentType, ecash: Int64, prepaid: Int64) throws
            -> Receipt
        {
            Receipt(
                identity: try FiscalIdentity(fn: fn, i: i, fp: 2_905_316_734), dateTime: try LocalDateTime(iso: date),
                operation: .sale, total: Money(kopecks: 58_600), ecash: Money(kopecks: ecash),
                prepaid: Money(kopecks: prepaid),
                seller: "ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ \"ИНТЕРНЕТ РЕШЕНИЯ\"",
                sellerINN: "7704217370", retailPlace: "ozon.ru",
                address: "109316, Москва, Волгоградский проспект, 42, к 9",
                items: [
                    Item(
                        name: "IKEA UPPFYLLD картофелечистка", price: Money(kopecks: 29_300), quantity: 2,
                        sum: Money(kopecks: 58_600), paymentType: payment)
                ])
        }
        return [
            try receipt(
                fn: "7380440801033258", i: 215_785, date: "2024-12-29T17:39:00", payment: .fullPrepayment,
                ecash: 58_600,
                prepaid: 0),
            try receipt(
                fn: "7380440801352087", i: 48_092, date: "2024-12-30T14:30:00", payment: .fullPayment, ecash: 0,
                prepaid: 58_600),
        ]
    }

    @Test("the settlement says its prepayment paid for it and links to it; its payment shows the prepaid part")
    func settlement() async throws {
        let folder = try TemporaryFolder("web")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        try database.save(try Self.pair())
        let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database)
        try await app.withPage { client in
            let answer = try await client.execute(
                uri: "/api/receipts/2?lang=ru", method: .get)
            let detail = try #require(
                try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any])
            #expect(
                detail["purchaseText"] as? String
                    == "получение по предоплате — оплачено по чеку #1 от 29.12.2024 17:39 — засчитано 0,00\u{00A0}₽")
            let links = try #require(detail["links"] as? [[String: Any]])
            #expect(links.map { $0["href"] as? String } == ["/receipts/1"])
            #expect(detail["payments"] as? [[String]] == [["Предоплатой (зачёт аванса)", "586,00\u{00A0}₽"]])
            let prepayment = try await client.execute(
                uri: "/api/receipts/1?lang=en", method: .get)
            let first = try #require(
                try JSONSerialization.jsonObject(with: Data(prepayment.body.readableBytesView)) as? [String: Any])
            #expect((first["purchaseText"] as? String)?.hasPrefix("prepayment — delivered by receipt #2") == true)
        }
    }
}
