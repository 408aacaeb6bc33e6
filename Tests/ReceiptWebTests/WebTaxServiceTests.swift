import FiscalProviders
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReceiptCore
import ReceiptServerTesting
import ReceiptStore
import ReceiptSync
import ReceiptTesting
import Testing

@testable import ReceiptWeb

@Suite("receipts web: the tax service and pending receipts", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct WebTaxServiceTests {
    static let phone = "+79991234567"

    /// Follows a job's events until it is over; its last state.
    static func finished(_ page: AppPage, _ path: String) async throws -> [String: Any] {
        let answer = try await page.get("\(path)/events")
        let events = String(buffer: answer.body).components(separatedBy: "\n\n").filter { $0.hasPrefix("data: ") }
        let last = try #require(events.last)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(last.dropFirst(6).utf8)) as? [String: Any])
    }

    @Test(
        "signed in by SMS code (a wrong phone and a wrong code named beside them), the account imported, pending receipts completed to the daily limit and then the rest"
    )
    func signInImportComplete() async throws {
        let service = TaxServiceStandIn(accounts: [TaxServiceStandIn.Account(phone: Self.phone)])
        let receipts = StandInReceipts.sample(
            count: 9, until: try LocalDateTime(year: 2026, month: 11, day: 20, hour: 12))
        // Six in the account; three more the service knows, added here by their QR codes, pending.
        service.know(Array(receipts.prefix(6)), inAccount: 0)
        service.know(Array(receipts.suffix(3)))
        let folder = try TemporaryFolder("web-fns")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        for receipt in receipts.suffix(3) { try database.save(Receipt(pendingFrom: try receipt.fiscalCode)) }
        try await service.run { url in
            let fiscal = FiscalAccess(
                folder: folder.file("config"), environment: ["RECEIPTS_FNS_URL": url.absoluteString])
            let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database, fiscal: fiscal)
            try await app.withPage { page in
                let before = try WebImportTests.json(try await page.get("/api/fns/session"))
                #expect(
                    before["signedIn"] as? Bool == false
                        && before["text"] as? String == "Not signed in to the tax service.")
                #expect(
                    before["pending"] as? Int == 3
                        && before["pendingText"] as? String == "Waiting for their documents: 3 receipts.")
                #expect(try await page.post("/api/fns/import").status == .conflict)

                let badPhone = try await page.post("/api/fns/code", #"{"phone": "12345"}"#)
                #expect(badPhone.status == .badRequest)
                #expect(try WebImportTests.json(badPhone)["field"] as? String == "phone")
                let sent = try WebImportTests.json(
                    try await page.post("/api/fns/code", #"{"phone": "\#(Self.phone)"}"#))
                #expect(sent["text"] as? String == "The code is sent by SMS to +79991234567.")
                let code = try #require(service.smsCode(for: Self.phone))
                let wrong = try await page.post(
                    "/api/fns/session",
                    #"{"way": "sms", "phone": "\#(Self.phone)", "code": "\#(code == "0000" ? "1111" : "0000")"}"#)
                #expect(wrong.status == .unprocessableContent)
                #expect(try WebImportTests.json(wrong)["field"] as? String == "code")
                #expect(try TaxServiceSessionFile(folder: folder.file("config")).load() == nil)
                let signedIn = try WebImportTests.json(
                    try await page.post(
                        "/api/fns/session", #"{"way": "sms", "phone": "\#(Self.phone)", "code": "\#(code)"}"#))
                #expect(signedIn["signedIn"] as? Bool == true)
                #expect(signedIn["text"] as? String == "Signed in to the tax service (+79991234567).")
                // Kept where `receipts fns login` keeps it.
                #expect(try TaxServiceSessionFile(folder: folder.file("config")).load()?.phone == Self.phone)

                // The account: six tickets, all new (`fns import --json` would say the same).
                #expect(try await page.post("/api/fns/import").status == .accepted)
                let imported = try await Self.finished(page, "/api/fns/import")
                #expect(imported["phase"] as? String == "done")
                #expect(
                    imported["text"] as? String
                        == "Tax-service tickets: 6; 6 new, 0 completed, 0 unchanged, 0 still being checked, 0 failed.")
                #expect(try database.receiptCount() == 9)

                // Two requests a receipt (the ticket, then its document): a limit two requests away
                // completes one, and leaves two for after it.
                let used = service.requestsToday(account: 0)
                service.update { $0.dailyLimit = used + 2 }
                #expect(try await page.post("/api/complete", #"{"provider": "fns"}"#).status == .accepted)
                let limited = try await Self.finished(page, "/api/complete")
                #expect(limited["phase"] as? String == "done")
                #expect(
                    limited["text"] as? String
                        == "Pending receipts (3): 1 completed, 0 still pending, 0 invalid, 2 left for after the limit.")
                #expect((limited["notes"] as? [String])?.contains { $0.contains("UTC") } == true)
                service.newDay()
                #expect(try await page.post("/api/complete", #"{}"#).status == .accepted)
                let rest = try await Self.finished(page, "/api/complete")
                #expect(rest["text"] as? String == "Pending receipts (2): 2 completed, 0 still pending, 0 invalid.")
                for receipt in receipts { #expect(try database.receipt(receipt.identity) == receipt) }
                #expect(try await page.post("/api/complete", #"{"provider": "proverkacheka"}"#).status == .conflict)
                #expect(try await page.post("/api/complete", #"{"provider": "nobody"}"#).status == .badRequest)
            }
        }
    }
}
