import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReceiptAPI
import ReceiptCore
import ReceiptNetwork
import ReceiptServerTesting
import ReceiptStore
import ReceiptSync
import ReceiptTesting
import Testing

@testable import ReceiptWeb

@Suite("receipts web: signing in and importing", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct WebImportTests {
    static func json(_ response: AppPage.Answer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
    }

    @Test(
        "export files as import FILE takes them: each file's counts, a second time unchanged, broken ones named and nothing of them saved"
    )
    func files() async throws {
        let folder = try TemporaryFolder("web-files")
        let database = try ReceiptDatabase.open(at: folder.file("local.sqlite"))
        // No receipts server at all: a newcomer with only the tax service's app's files.
        let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database)
        let fixtures = Repository.url("Tests/Fixtures/real-receipts")
        @Sendable func file(_ name: String) throws -> ByteBuffer {
            ByteBuffer(bytes: try Data(contentsOf: fixtures.appendingPathComponent(name)))
        }
        try await app.withPage { page in
            func send(_ name: String, _ body: ByteBuffer, lang: String = "en") async throws -> AppPage.Answer {
                try await page.execute(
                    uri: "/api/import/file?lang=\(lang)&name=\(name)", method: .post,
                    headers: [.contentType: "application/json"], body: body)
            }
            // One receipt each, both of December 2024 (`receipts import --json` of the same files:
            // {"imported":1,"months":{"2024-12":1},"unchanged":0,"updated":0}).
            for name in ["ozon-settlement.json", "petrol-ai92-trk-sum-mismatch.json"] {
                let answer = try await send(name, try file(name))
                #expect(answer.status == .ok)
                let outcome = try Self.json(answer)
                #expect(outcome["file"] as? String == name)
                #expect(outcome["imported"] as? Int == 1 && outcome["updated"] as? Int == 0)
                #expect(outcome["unchanged"] as? Int == 0)
                #expect(outcome["months"] as? [String: Int] == ["2024-12": 1])
                #expect(outcome["text"] as? String == "1 new, 0 updated, 0 unchanged")
                #expect(outcome["problem"] == nil)
                // What the file brought, a month at a time, each month's receipts a search away (issue 50).
                #expect(
                    outcome["shown"] as? [[String: String]] == [
                        ["text": "December 2024 · 1 receipt", "href": "/search?from=2024-12&to=2024-12"]
                    ])
            }
            // The Zaar2 December export: 25 receipts, all of December 2024 (SOURCES.md), the two above
            // among them (23 new, 2 unchanged); the link names the file's 25, in Russian «25 чеков».
            let december = try Self.json(
                try await send("chequeinfo-2024-12.json", try file("chequeinfo-2024-12.json"), lang: "ru"))
            #expect(
                december["shown"] as? [[String: String]] == [
                    ["text": "Декабрь 2024 · 25 чеков", "href": "/search?from=2024-12&to=2024-12"]
                ])
            // The same file again: found as it is, nothing new.
            let again = try Self.json(
                try await send("ozon-settlement.json", try file("ozon-settlement.json"), lang: "ru"))
            #expect(again["imported"] as? Int == 0 && again["unchanged"] as? Int == 1)
            #expect(again["text"] as? String == "новых 0, обновлено 0, без изменений 1")

            // Broken files: the reason `receipts import FILE` prints after the file's name.
            var missing = String(
                decoding: try Data(contentsOf: fixtures.appendingPathComponent("ozon-prepayment.json")), as: UTF8.self)
            missing = missing.replacingOccurrences(of: "\"fiscalDocumentNumber\"", with: "\"fiscalDocumentNumberX\"")
            let broken: [(String, String, String)] = [
                ("photo.jpg", "\u{FF}\u{D8}\u{FF}", "not JSON"),
                ("notes.json", #"[{"dateTime": "2024-12-01T10:00:00", "totalSum": 100}]"#, "no receipts in the file"),
                ("ozon-prepayment.json", missing, "receipt #1: field fiscalDocumentNumber: missing"),
            ]
            for (name, text, reason) in broken {
                let answer = try await send(name, ByteBuffer(string: text))
                #expect(answer.status == .unprocessableContent, "\(name)")
                let outcome = try Self.json(answer)
                #expect(outcome["file"] as? String == name && outcome["problem"] as? String == reason)
                #expect(outcome["imported"] == nil)
            }
            #expect(
                try Self.json(try await send("x.json", ByteBuffer(string: "hello"), lang: "ru"))["problem"] as? String
                    == "это не JSON")
            // A file over 64 MB is refused before it is read, with why.
            let huge = try await send("huge.json", ByteBuffer(repeating: 0x20, count: WebApp.largestExport + 1))
            #expect(huge.status == .contentTooLarge)
            #expect(try Self.json(huge)["message"] as? String == "The file is over 64 MB: not an export of receipts.")
        }
        // The export's 25 (the two good files' receipts among them), and nothing of the broken files.
        #expect(try database.months().map(\.receipts) == [25])
    }

    @Test("letters and mailboxes as mail import takes them: a letter, an mbox, the same mbox again read before")
    func letters() async throws {
        let folder = try TemporaryFolder("web-letters")
        let database = try ReceiptDatabase.open(at: folder.file("local.sqlite"))
        let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database)
        let letters = Repository.url("Tests/Fixtures/mail")
        // An mbox of three fixture letters: taxcom.eml (March, complete), yandex-market.eml (June,
        // pending) and newsletter.eml (no receipt); two-receipts.eml alone as an .eml (October, two).
        var box = Data()
        for name in ["taxcom.eml", "yandex-market.eml", "newsletter.eml"] {
            box += Data("From MAILER-DAEMON Mon Nov 30 05:00:00 2026\n".utf8)
            box += try Data(contentsOf: letters.appendingPathComponent(name)) + Data("\n\n".utf8)
        }
        let mbox = box
        let order = try Data(contentsOf: letters.appendingPathComponent("two-receipts.eml"))
        try await app.withPage { page in
            func send(_ name: String, _ body: Data, lang: String = "en") async throws -> [String: Any] {
                let answer = try await page.execute(
                    uri: "/api/import/file?lang=\(lang)&name=\(name)", method: .post,
                    headers: [.contentType: "application/octet-stream"], body: ByteBuffer(bytes: body))
                #expect(answer.status == .ok, "\(name)")
                return try Self.json(answer)
            }
            let first = try await send("inbox.mbox", mbox)
            #expect(first["imported"] as? Int == 2 && first["updated"] as? Int == 0)
            #expect(first["months"] as? [String: Int] == ["2026-03": 1, "2026-06": 1])
            #expect(
                first["text"] as? String
                    == "Letters: 3, read before: 0, with receipts: 2.\nReceipts: 2 — 1 new, 1 pending, 0 completed, 0 unchanged."
            )
            let one = try await send("order.eml", order, lang: "ru")
            #expect(one["imported"] as? Int == 2)
            #expect(
                one["shown"] as? [[String: String]] == [
                    ["text": "Октябрь 2026 · 2 чека", "href": "/search?from=2026-10&to=2026-10"]
                ])
            let again = try await send("inbox.mbox", mbox)
            #expect(again["imported"] as? Int == 0)
            #expect(
                again["text"] as? String
                    == "Letters: 3, read before: 3, with receipts: 0.\nReceipts: 0 — 0 new, 0 pending, 0 completed, 0 unchanged."
            )
        }
        #expect(try database.receiptCount() == 4)
    }

    @Test(
        "sign in (each field's problem named), import with the progress streamed, the session ending mid-way, then anonymous"
    )
    func signInAndImport() async throws {
        let demo = TestServer.Demo(seed: 5, until: try LocalDateTime(iso: "2026-10-31T20:00:00"), receipts: 260)
        try await TestServer.run(demo: demo) { server in
            let folder = try TemporaryFolder("web-import")
            let vault = SessionVault(folder: folder.file("config"))
            let account = ServerAccount(server: server.url, vault: vault, retry: RetryPolicy(budget: 20))
            let database = try ReceiptDatabase.open(at: folder.file("local.sqlite"))
            let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database, account: account)
            try await app.withPage { page in

                let nobody = try Self.json(try await page.get("/api/session"))
                #expect(nobody["signedIn"] as? Bool == false)
                #expect(nobody["text"] as? String == "Not signed in to \(server.url.absoluteString).")
                let early = try await page.post("/api/import")
                #expect(early.status == .conflict)
                #expect(try Self.json(early)["message"] as? String == "Sign in or open an anonymous session first.")

                // A registration the rules refuse never reaches the server: each field says what is wrong.
                let refused = try await page.post(
                    "/api/session?lang=ru", #"{"way": "register", "login": "я", "password": "short"}"#)
                #expect(refused.status == .unprocessableContent)
                let fields = try #require(try Self.json(refused)["fields"] as? [String: String])
                #expect(fields["login"]?.hasPrefix("логин: от 3 до 64") == true)
                #expect(fields["password"] == "пароль: не короче 8 символов")
                let taken = try await page.post(
                    "/api/session", #"{"way": "register", "login": "demo", "password": "long enough"}"#)
                #expect(try Self.json(taken)["fields"] as? [String: String] == ["login": "this login is taken"])
                let wrong = try await page.post(
                    "/api/session", #"{"way": "login", "login": "demo", "password": "not demo"}"#)
                #expect(wrong.status == .unprocessableContent)
                #expect(try Self.json(wrong)["fields"] as? [String: String] == ["password": "wrong login or password"])
                #expect(try vault.load(server: server.url) == nil)
                #expect(try await page.post("/api/session", #"{"way": "sideways"}"#).status == .badRequest)

                let signedIn = try await page.post(
                    "/api/session", #"{"way": "login", "login": "demo", "password": "demo"}"#)
                #expect(signedIn.status == .ok)
                #expect(
                    try Self.json(signedIn)["text"] as? String == "Signed in as demo on \(server.url.absoluteString).")
                // Kept where `receipts login` keeps it: the command line uses it from now on.
                let kept = try #require(try vault.load(server: server.url))
                #expect(kept.login == "demo" && kept.kind == .authorized)

                let started = try await page.post("/api/import")
                #expect(started.status == .accepted)
                let events = try await page.events()
                let receipts = events.compactMap { $0["receipts"] as? Int }
                #expect(receipts == receipts.sorted(), "progress only grows: \(receipts)")
                #expect(events.dropLast().allSatisfy { $0["phase"] as? String == "running" })
                let done = try #require(events.last)
                #expect(done["phase"] as? String == "done")
                #expect(done["text"] as? String == "Imported 260 new, 0 updated, 0 unchanged; 6 pages.")
                #expect(try database.receiptCount() == 260)
                // Over: asking again gives the last state at once.
                #expect(try await page.events().map { $0["phase"] as? String } == ["done"])

                // The session ends on the server: the import stops, says so, and keeps what it had.
                try await account.client(kept).logOut()
                #expect(try await page.post("/api/import").status == .accepted)
                let ended = try #require(try await page.events().last)
                #expect(ended["phase"] as? String == "failed" && ended["sessionEnded"] as? Bool == true)
                #expect((ended["problem"] as? String)?.hasPrefix("The session on the server has ended.") == true)
                #expect(try database.receiptCount() == 260)

                // Going on anonymously: a new account of its own, empty.
                let anonymous = try Self.json(try await page.post("/api/session?lang=ru", #"{"way": "anonymous"}"#))
                #expect(anonymous["anonymous"] as? Bool == true)
                #expect(try await page.post("/api/import").status == .accepted)
                let again = try #require(try await page.events().last)
                #expect(again["text"] as? String == "Imported 0 new, 0 updated, 0 unchanged; 1 pages.")
                #expect(try database.receiptCount() == 260)
            }
        }
    }

    @Test("every view's own address is the page, so that a reload or a link shows that view")
    func viewAddresses() async throws {
        try await WebAppTests.withApp(receipts: 1) { app, client in
            for path in [
                "/receipts", "/receipts/1", "/search?q=milk", "/stats?month=2026-10", "/stats?from=2026-01&to=2026-10",
                "/categories", "/add", "/import", "/nearby?lat=55.75&lon=37.62", "/prices?q=milk", "/insights",
                "/insights?month=2026-10",
            ] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok, "\(path)")
                #expect(String(buffer: response.body).contains(#"<script type="module" src="/app.js"></script>"#))
            }
            // The page holds no data: it is served without the key; what it asks of the API is not.
            var stranger = client
            stranger.key = nil
            #expect(try await stranger.execute(uri: "/import", method: .get).status == .ok)
            #expect(try await stranger.execute(uri: "/api/session", method: .get).status == .forbidden)
            #expect(try await stranger.execute(uri: "/nowhere", method: .get).status == .forbidden)
            #expect(try await client.execute(uri: "/nowhere", method: .get).status == .notFound)
            let session = try await client.execute(uri: "/api/session", method: .get)
            #expect(session.status == .badGateway && String(buffer: session.body).contains("RECEIPTS_SERVER"))
        }
    }
}

extension AppPage {
    /// Every event the import stream sends until it ends, decoded.
    func events() async throws -> [[String: Any]] {
        let stream = try await get("/api/import/events")
        #expect(stream.headers[.contentType] == "text/event-stream; charset=utf-8")
        return try String(buffer: stream.body).components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { event in
            #expect(event.hasPrefix("data: "))
            return try #require(try JSONSerialization.jsonObject(with: Data(event.dropFirst(6).utf8)) as? [String: Any])
        }
    }
}

@Suite("receipts web: keeping the data", .timeLimit(.minutes(20)))
struct WebDataTests {
    @Test("where the database lives; a checked copy downloaded that SQLite finds whole, and no copy left on the disk")
    func backup() async throws {
        let folder = try TemporaryFolder("web-backup")
        let database = try receiptsDatabase(120, in: folder)
        let app = WebApp(
            settings: WebSettings(host: "127.0.0.1", port: 0), database: database,
            now: { try LocalDateTime(iso: "2026-11-27T18:30:00") })
        let leftovers = {
            try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
                .filter { $0.hasPrefix("receipts-web-backup-") }
        }
        let before = try leftovers()
        try await app.withPage { page in
            let location = try WebImportTests.json(try await page.get("/api/database?lang=ru"))
            #expect(location["path"] as? String == database.path && location["receipts"] as? Int == 120)
            let bytes = try #require(location["bytes"] as? Int)
            #expect(bytes > 0)
            #expect((location["text"] as? String)?.hasPrefix("База данных: \(database.path), ") == true)
            #expect((location["text"] as? String)?.hasSuffix(", 120 чеков.") == true)

            let answer = try await page.get("/api/backup")
            #expect(answer.status == .ok)
            #expect(answer.headers[.contentType] == "application/vnd.sqlite3")
            #expect(answer.headers[.contentDisposition] == "attachment; filename=\"receipts-2026-11-27.sqlite\"")
            let text = answer.headers[HTTPField.Name("X-Backup-Text")!]?.removingPercentEncoding
            #expect(text?.hasPrefix("Backup receipts-2026-11-27.sqlite saved and checked: 120 receipts, ") == true)
            #expect(Int(answer.headers[.contentLength] ?? "") == answer.body.readableBytes)
            let copy = folder.file("downloaded.sqlite")
            try Data(answer.body.readableBytesView).write(to: URL(fileURLWithPath: copy))
            // Opened as any SQLite file: whole, and holding what the database holds.
            let opened = try ReceiptDatabase.open(at: copy)
            #expect(try opened.receiptCount() == 120)
            #expect(try opened.months() == database.months())
            // Without the key there is no copy.
            var stranger = page
            stranger.key = nil
            #expect(try await stranger.get("/api/backup").status == .forbidden)
        }
        #expect(try leftovers() == before)
    }
}
