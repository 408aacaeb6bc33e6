import FiscalProviders
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReceiptCore
import ReceiptServerTesting
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptWeb

@Suite("receipts web: «Мои чеки онлайн»", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct WebCabinetTests {
    static let phone = "+79991234567"

    @Test(
        "signed in by SMS code (the code before a code is sent, and a wrong one, named beside it), a captcha said with the way round it, the cabinet's 23 receipts imported as a job"
    )
    func signInAndImport() async throws {
        let service = CabinetStandIn(phone: Self.phone)
        let receipts = StandInReceipts.sample(count: 23, until: try LocalDateTime(year: 2026, month: 11, day: 25))
        service.hold(receipts)
        let folder = try TemporaryFolder("web-lkdr")
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        try await service.run { url in
            let fiscal = FiscalAccess(
                folder: folder.file("config"), environment: ["RECEIPTS_LKDR_URL": url.absoluteString])
            let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database, fiscal: fiscal)
            try await app.withPage { page in
                let before = try WebImportTests.json(try await page.get("/api/lkdr/session"))
                #expect(before["signedIn"] as? Bool == false)
                #expect(before["text"] as? String == "Not signed in to «Мои чеки онлайн».")
                #expect(try await page.post("/api/lkdr/import").status == .conflict)
                let early = try await page.post(
                    "/api/lkdr/session", #"{"way": "sms", "phone": "\#(Self.phone)", "code": "123456"}"#)
                #expect(early.status == .badRequest)
                #expect(try WebImportTests.json(early)["field"] as? String == "code")

                service.update { $0.captcha = true }
                let captcha = try await page.post("/api/lkdr/code", #"{"phone": "\#(Self.phone)"}"#)
                #expect(captcha.status == .unprocessableContent)
                let said = try WebImportTests.json(captcha)["message"] as? String
                #expect(said?.contains("refresh token") == true, "\(said ?? "")")
                service.update { $0.captcha = false }

                let sent = try WebImportTests.json(
                    try await page.post("/api/lkdr/code", #"{"phone": "\#(Self.phone)"}"#))
                #expect(sent["text"] as? String == "The code is sent by SMS to +79991234567.")
                let wrong = try await page.post(
                    "/api/lkdr/session", #"{"way": "sms", "phone": "\#(Self.phone)", "code": "000000"}"#)
                #expect(wrong.status == .unprocessableContent)
                #expect(try WebImportTests.json(wrong)["field"] as? String == "code")
                let signedIn = try WebImportTests.json(
                    try await page.post(
                        "/api/lkdr/session", #"{"way": "sms", "phone": "\#(Self.phone)", "code": "123456"}"#))
                #expect(signedIn["signedIn"] as? Bool == true)
                #expect(signedIn["text"] as? String == "Signed in to «Мои чеки онлайн» (+79991234567).")
                // Kept where `receipts lkdr login` keeps it.
                #expect(try SessionFile<CabinetSession>(folder: folder.file("config")).load()?.phone == "79991234567")

                #expect(try await page.post("/api/lkdr/import").status == .accepted)
                let imported = try await WebTaxServiceTests.finished(page, "/api/lkdr/import")
                #expect(imported["phase"] as? String == "done")
                #expect(
                    imported["text"] as? String
                        == "Receipts in «Мои чеки онлайн»: 23; 23 new, 0 completed, 0 unchanged, 0 without a document.",
                    "\(imported)")
                #expect(try database.receiptCount() == 23)

                // The cabinet waits for a choice: the job fails saying what to do.
                service.update { $0.actionNeeded = true }
                #expect(try await page.post("/api/lkdr/import").status == .accepted)
                let waiting = try await WebTaxServiceTests.finished(page, "/api/lkdr/import")
                #expect(waiting["phase"] as? String == "failed", "\(waiting)")
                #expect((waiting["problem"] as? String)?.contains("data display settings") == true, "\(waiting)")
            }
        }
    }
}
