import Foundation
import ReceiptCore
import ReceiptServerTesting
import ReceiptStore
import ReceiptTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(
    "receipts fns and receipts complete, against stand-ins of the tax service and proverkacheka",
    .tags(.process, .server, .postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct TaxServiceCommandTests {
    static let phone = "+79991234567"
    static let inn = "500100732259"
    static var until: LocalDateTime { get throws { try LocalDateTime(year: 2026, month: 11, day: 20, hour: 12) } }

    /// A home of its own (config, data) and a runner pointed at the stand-ins' addresses.
    struct Home {
        let folder: TemporaryFolder
        var database: String { folder.file("receipts.sqlite") }
        var config: String { folder.file("config") + "/receipts" }

        init() throws { folder = try TemporaryFolder("fns") }

        func runner(fns: URL? = nil, proverkacheka: URL? = nil, language: String = "en") -> CommandRunner {
            var runner = language == "ru" ? CommandRunner().russian() : CommandRunner().english()
            runner.environment["XDG_CONFIG_HOME"] = folder.file("config")
            runner.environment["XDG_DATA_HOME"] = folder.file("data")
            // Generous: the stand-ins answer from the test process, which other tests keep busy.
            runner.environment["RECEIPTS_NETWORK_BUDGET"] = fns?.port == 9 || proverkacheka?.port == 9 ? "2" : "60"
            if let fns { runner.environment["RECEIPTS_FNS_URL"] = fns.absoluteString }
            if let proverkacheka { runner.environment["RECEIPTS_PROVERKACHEKA_URL"] = proverkacheka.absoluteString }
            return runner
        }

        func open() throws -> ReceiptDatabase { try ReceiptDatabase.open(at: database) }
    }

    static func standIn() -> TaxServiceStandIn {
        TaxServiceStandIn(accounts: [
            TaxServiceStandIn.Account(phone: phone), TaxServiceStandIn.Account(inn: inn, password: "секрет-1"),
        ])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Signs `home` in to the stand-in at `url` with a refresh token of `account`, as from the app.
    static func signIn(_ home: Home, _ service: TaxServiceStandIn, _ url: URL, account: Int = 0) async throws {
        let token = service.issueRefreshToken(account: account)
        let login = try await home.runner(fns: url).run(["fns", "login", "--refresh-token-stdin"], input: token)
        #expect(login.status == 0, "\(login.errors)")
    }

    @Test(
        "SMS sign-in without a terminal: the code is sent, --code-stdin (or --code) signs in; a wrong code is exit 5; whoami, logout"
    )
    func smsLogin() async throws {
        let service = Self.standIn()
        let home = try Home()
        try await service.run { url in
            let run = home.runner(fns: url)
            let sent = try await run.run(["fns", "login", "--phone", "8 (999) 123-45-67"])
            #expect(sent.status == 0, "\(sent.errors)")
            // The way on it names keeps the code out of the arguments other users can read.
            #expect(sent.output.contains("receipts fns login --phone +79991234567 --code-stdin"), "\(sent.output)")
            let code = try #require(service.smsCode(for: Self.phone))

            let russian = home.runner(fns: url, language: "ru")
            let wrong = try await russian.run(["fns", "login", "--phone", Self.phone, "--code", "0000"])
            #expect(wrong.status == 5)
            #expect(wrong.errors.contains("Указан неверный код подтверждения"))
            let stillNobody = try Self.object(try await run.run(["fns", "whoami", "--json"]).output)
            #expect(stillNobody["signedIn"] as? Bool == false)

            let nothing = try await run.run(["fns", "login", "--phone", Self.phone, "--code-stdin"], input: "\n")
            #expect(nothing.status == 2, "\(nothing.errors)")
            let both = try await run.run(["fns", "login", "--phone", Self.phone, "--code", code, "--code-stdin"])
            #expect(both.status == 2 && both.errors.contains("--code or --code-stdin, not both"))
            let right = try await run.run(["fns", "login", "--phone", Self.phone, "--code-stdin"], input: code + "\n")
            #expect(right.status == 0, "\(right.errors)")
            #expect(right.errors.contains("Signed in to the tax service (+79991234567)"))
            let attributes = try FileManager.default.attributesOfItem(atPath: home.config + "/fns-session.json")
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            let folder = try FileManager.default.attributesOfItem(atPath: home.config)
            #expect(folder[.posixPermissions] as? Int == 0o700)

            let whoami = try Self.object(try await run.run(["fns", "whoami", "--json"]).output)
            #expect(whoami["signedIn"] as? Bool == true && whoami["phone"] as? String == Self.phone)
            #expect(whoami["server"] as? String == url.absoluteString)
            #expect(try await run.run(["fns", "logout"]).status == 0)
            let nobody = try Self.object(try await run.run(["fns", "whoami", "--json"]).output)
            #expect(nobody["signedIn"] as? Bool == false)
            let imported = try await run.run(["fns", "import", "--db", home.database])
            #expect(imported.status == 5)
            #expect(imported.errors.contains("receipts fns login"))
        }
    }

    @Test("INN sign-in: a typo in the INN is exit 2 before anything is sent; a wrong password exit 5")
    func innLogin() async throws {
        let service = Self.standIn()
        let home = try Home()
        try await service.run { url in
            let run = home.runner(fns: url)
            let typo = try await run.run(["fns", "login", "--inn", "500100732258", "--password-stdin"], input: "x")
            #expect(typo.status == 2)
            #expect(typo.errors.contains("500100732258"))
            #expect(service.requests.isEmpty)
            let wrong = try await run.run(["fns", "login", "--inn", Self.inn, "--password-stdin"], input: "нет\n")
            #expect(wrong.status == 5)
            #expect(wrong.errors.contains("Неверный ИНН или пароль"))
            let right = try await run.run(
                ["fns", "login", "--inn", Self.inn, "--password-stdin"], input: "секрет-1\n")
            #expect(right.status == 0)
            #expect(right.errors.contains("INN \(Self.inn)"))
        }
        let offline = try await home.runner(fns: URL(string: "http://127.0.0.1:9")).run(
            [
                "fns", "login", "--inn", Self.inn, "--password-stdin",
            ], input: "секрет-1\n")
        #expect(offline.status == 4)
        #expect(offline.errors.contains("127.0.0.1:9"))
    }

    @Test("fns import: every ticket in, a malformed one failed with its reason, one in checking pending; nothing twice")
    func importAccount() async throws {
        let service = Self.standIn()
        let receipts = StandInReceipts.sample(count: 8, until: try Self.until)
        service.know(Array(receipts.prefix(6)), inAccount: 0)
        service.know([receipts[6]], inAccount: 0, checked: false)
        service.breakDocument(receipts[5].identity)
        service.update { $0.looksUntilReady = 1_000 }
        let home = try Home()
        try await service.run { url in
            try await Self.signIn(home, service, url)
            let run = home.runner(fns: url)
            let first = try await run.run(["fns", "import", "--json", "--db", home.database])
            #expect(first.status == 0, "\(first.errors)")
            let summary = try Self.object(first.output)
            #expect(summary["tickets"] as? Int == 7 && summary["imported"] as? Int == 5)
            #expect(summary["pending"] as? Int == 1 && summary["failed"] as? Int == 1)
            #expect(first.errors.contains("totalSum"))

            let database = try home.open()
            for receipt in receipts.prefix(5) {
                var stored = try #require(try database.receipt(receipt.identity))
                stored.placeID = nil
                #expect(stored == receipt)
            }
            #expect(try database.receipt(receipts[6].identity)?.status == .pending)
            #expect(try database.receiptCount() == 6)

            // The second run looks at no complete receipt again.
            let looked = service.requests.count
            let again = try Self.object(
                try await run.run(["fns", "import", "--json", "--db", home.database]).output)
            #expect(again["unchanged"] as? Int == 5 && again["imported"] as? Int == 0)
            let fetched = service.requests.dropFirst(looked).filter { $0.path.hasPrefix("/v2/tickets/") }
            #expect(fetched.count == 1)

            // The one in checking is ready later; the import completes it.
            service.update { $0.looksUntilReady = 0 }
            let later = try Self.object(
                try await run.run(["fns", "import", "--json", "--db", home.database]).output)
            #expect(later["updated"] as? Int == 1)
            #expect(try database.receipt(receipts[6].identity) == receipts[6])
            #expect(try database.receiptCount() == 6)
        }
    }

    @Test("a killed import keeps what it saved; the next run brings the rest, the same as one uninterrupted run")
    func killedImport() async throws {
        let service = Self.standIn()
        let receipts = StandInReceipts.sample(count: 30, until: try Self.until)
        service.know(receipts, inAccount: 0)
        let home = try Home()
        let whole = try Home()
        try await service.run { url in
            try await Self.signIn(home, service, url)
            try await Self.signIn(whole, service, url)
            service.update { $0.latency = .milliseconds(100) }
            let process = try home.runner(fns: url).start(["fns", "import", "--db", home.database])
            var saved = 0
            let deadline = Date().addingTimeInterval(60)
            while saved < 5, Date() < deadline {
                try await Task.sleep(for: .milliseconds(100))
                saved = (try? ReceiptDatabase.open(at: home.database).receiptCount()) ?? 0
            }
            process.terminate()
            _ = await process.exit()
            let kept = try home.open().receiptCount()
            #expect(kept >= 5 && kept < 30)
            service.update { $0.latency = .zero }
            let rest = try Self.object(
                try await home.runner(fns: url).run(["fns", "import", "--json", "--db", home.database]).output)
            #expect(rest["imported"] as? Int == 30 - kept && rest["unchanged"] as? Int == kept)
            let once = try await whole.runner(fns: url).run(["fns", "import", "--db", whole.database])
            #expect(once.status == 0)
        }
        let resumed = try await home.runner().run(["stats", "--json", "--db", home.database])
        let straight = try await whole.runner().run(["stats", "--json", "--db", whole.database])
        #expect(resumed.status == 0 && resumed.output == straight.output)
    }

    @Test("one receipt by QR, by file, from the receipts server and from the tax service is one receipt")
    func oneReceipt() async throws {
        let server = try await DemoServerProcess(receipts: 60)
        let run = server.runner()
        let database = server.home + "/receipts.sqlite"
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await run.run(["import", "--db", database]).status == 0)
        let stored = try ReceiptDatabase.open(at: database)
        let count = try stored.receiptCount()
        let listing = try await Self.object(try run.run(["list", "--json", "--db", database]).output)
        let months = try #require(listing["months"] as? [[String: Any]])
        let entry = try #require((months.first?["receipts"] as? [[String: Any]])?.first)
        let id = Int64(try #require(entry["id"] as? Int))
        let (receipt, place) = try #require(try stored.receipt(id: id))
        #expect(receipt.status == .complete && place != nil)

        let qr = try receipt.fiscalCode.canonical
        let added = try await Self.object(try run.run(["add", "--json", "--qr", qr, "--db", database]).output)
        #expect(added["added"] as? String == "on-server-already")
        let file = server.home + "/export.json"
        try StandInReceipts.taxServiceExport([receipt]).write(to: URL(fileURLWithPath: file))
        let fromFile = try await run.run(["import", "--json", "--db", database, file])
        #expect(fromFile.status == 0, "\(fromFile.errors)")

        let service = Self.standIn()
        var document = receipt
        document.placeID = nil
        service.know([document], inAccount: 0)
        let home = try Home()
        let serverURL = server.url
        try await service.run { url in
            try await Self.signIn(home, service, url)
            var fns = home.runner(fns: url)
            fns.environment["RECEIPTS_SERVER"] = serverURL
            let imported = try Self.object(try await fns.run(["fns", "import", "--json", "--db", database]).output)
            #expect(imported["imported"] as? Int == 0 && imported["unchanged"] as? Int == 1)
        }
        #expect(try stored.receiptCount() == count)
        #expect(try stored.receipt(receipt.identity) == receipt)
        #expect(try stored.receipt(id: id)?.place == place)
    }

    @Test("complete: the daily limit mid-way keeps what was done, the next run the rest; invalid ones keep why")
    func completeWithLimit() async throws {
        let service = Self.standIn()
        let receipts = StandInReceipts.sample(count: 6, until: try Self.until)
        // Oldest first: receipts[5] … [2] are there, [1] ends in status 15, [0] is unknown to the service.
        service.know(Array(receipts.dropFirst()))
        service.refuse(receipts[1].identity, status: 15)
        service.update { $0.dailyLimit = 5 }
        let home = try Home()
        let run = home.runner()
        for receipt in receipts {
            let added = try await run.run(["add", "--qr", try receipt.fiscalCode.canonical, "--db", home.database])
            #expect(added.status == 0)
        }
        let noSource = try await run.run(["complete", "--db", home.database])
        #expect(noSource.status == 5)
        #expect(noSource.errors.contains("receipts fns login"))

        try await service.run { url in
            try await Self.signIn(home, service, url)
            let fns = home.runner(fns: url)
            // Two requests a receipt: the limit of five is met on the third.
            let first = try await fns.run(["complete", "--json", "--db", home.database])
            #expect(first.status == 0, "\(first.errors)")
            let summary = try Self.object(first.output)
            #expect(summary["completed"] as? Int == 2 && summary["limited"] as? Int == 4)
            #expect(first.errors.contains("UTC"))
            let database = try home.open()
            #expect(try database.receipt(receipts[5].identity) == receipts[5])
            #expect(try database.receipt(receipts[4].identity) == receipts[4])
            #expect(try database.receipt(receipts[3].identity)?.status == .pending)

            service.newDay()
            service.update { $0.dailyLimit = 100 }
            let second = try Self.object(
                try await fns.run(["complete", "--json", "--db", home.database]).output)
            #expect(second["completed"] as? Int == 2 && second["invalid"] as? Int == 2)
            #expect(try receipts[2...].allSatisfy { try database.receipt($0.identity) == $0 })

            // Invalid ones are not asked for again.
            let third = try await fns.run(["complete", "--json", "--db", home.database])
            #expect(third.output.contains(#""completed":0"#) && third.output.contains(#""invalid":0"#))
        }
        let refusedQR = try receipts[1].fiscalCode.canonical
        var refused: Int?
        for id in 1...6 where refused == nil {
            let shown = try? Self.object(
                try await run.run(["show", "--json", String(id), "--db", home.database]).output)
            if shown?["qr"] as? String == refusedQR { refused = id }
        }
        let id = try #require(refused)
        let shown = try await run.run(["show", String(id), "--db", home.database])
        #expect(shown.output.contains("Invalid — the tax service's answer: status 15"))
        let json = try await Self.object(try run.run(["show", "--json", String(id), "--db", home.database]).output)
        let check = try #require(json["check"] as? [String: Any])
        #expect(check["outcome"] as? String == "invalid" && check["provider"] as? String == "fns")
    }

    @Test(
        "proverkacheka by its token; add --qr --complete completes at once; a refused token stops; unreachable is exit 4"
    )
    func proverkacheka() async throws {
        let service = ProverkachekaStandIn(tokens: ["token-1"])
        let receipts = StandInReceipts.sample(count: 2, until: try Self.until)
        service.know(receipts)
        let home = try Home()
        try await service.run { url in
            var run = home.runner(proverkacheka: url)
            run.environment["RECEIPTS_PROVERKACHEKA_TOKEN"] = "token-1"
            let added = try await run.run([
                "add", "--json", "--complete", "--qr", try receipts[0].fiscalCode.canonical, "--db", home.database,
            ])
            #expect(added.status == 0, "\(added.errors)")
            let report = try Self.object(added.output)
            #expect((report["completion"] as? [String: Any])?["completed"] as? Int == 1)
            #expect(try home.open().receipt(receipts[0].identity) == receipts[0])

            run.environment["RECEIPTS_PROVERKACHEKA_TOKEN"] = "wrong"
            let refused = try await run.run([
                "add", "--complete", "--provider", "proverkacheka", "--qr", try receipts[1].fiscalCode.canonical,
                "--db", home.database,
            ])
            // Code 5, "anything else", concerns every receipt alike: the run stops, the receipt waits.
            #expect(refused.status == 1)
            #expect(refused.errors.contains("code 5: Неверный токен"))
            #expect(try home.open().receipt(receipts[1].identity)?.status == .pending)
        }
        var offline = home.runner(proverkacheka: URL(string: "http://127.0.0.1:9"))
        offline.environment["RECEIPTS_PROVERKACHEKA_TOKEN"] = "token-1"
        let unreachable = try await offline.run(["complete", "--db", home.database])
        #expect(unreachable.status == 4)
        #expect(try home.open().receipt(receipts[1].identity)?.status == .pending)
    }

    @Test("serve --complete-with fns completes a receipt added by QR in the background, items and all")
    func serveCompletes() async throws {
        let service = Self.standIn()
        let receipt = try #require(StandInReceipts.sample(count: 1, until: try Self.until).first)
        service.know([receipt])
        let home = try Home()
        try await service.run { url in
            try await Self.signIn(home, service, url)
            let server = try await DemoServerProcess(extra: ["--complete-with", "fns"], runner: home.runner(fns: url))
            defer { server.process.terminate() }
            let client = try await ServerVisitor(server.url)
            try await client.add(receipt)
            let done = try await client.waitUntilComplete(count: 1)
            #expect(done.count == 1)
            #expect(done.first?.items == receipt.items.count && receipt.items.count > 0)
            #expect(service.requests.contains { $0.path == "/v2/ticket" })
        }
    }

    @Test(
        "two serve --complete-with fns on one PostgreSQL share the tax-service session: when it ends, one renews it and both go on"
    )
    func instancesShareTheSession() async throws {
        let service = Self.standIn()
        // Each question takes a while, so that both instances' workers have jobs at the same time.
        service.update { $0.latency = .milliseconds(40) }
        let receipts = StandInReceipts.sample(count: 16, until: try Self.until)
        service.know(receipts)
        let home = try Home()
        try await PostgresCluster().withDatabase { database in
            try await service.run { url in
                try await Self.signIn(home, service, url)
                let runner = home.runner(fns: url)
                let a = try await DemoServerProcess(
                    extra: ["--complete-with", "fns"], database: database, runner: runner)
                defer { a.process.terminate() }
                let b = try await DemoServerProcess(
                    extra: ["--complete-with", "fns"], database: database, runner: runner)
                defer { b.process.terminate() }
                let throughA = try await ServerVisitor(a.url)
                for receipt in receipts.prefix(4) { try await throughA.add(receipt) }
                #expect(try await throughA.waitUntilComplete(count: 4).count == 4)
                // A day passes: every session ends. The refresh token turns over at each renewal, so an
                // instance renewing with the one it started from would be refused (498) and stop.
                let before = service.requests.count
                service.endSessions()
                let throughB = ServerVisitor(a: throughA, at: b.url)
                for receipt in receipts.dropFirst(4) { try await throughB.add(receipt) }
                let done = try await throughB.waitUntilComplete(count: receipts.count)
                #expect(done.count == receipts.count)
                let refreshes = service.requests.dropFirst(before).filter { $0.path == "/v2/mobile/users/refresh" }
                #expect(refreshes.count == 1, "one instance renews; the other takes its session")
                let tickets = service.requests.dropFirst(before).filter { $0.path == "/v2/ticket" }
                #expect(Set(tickets.compactMap { $0.headers["device-id"] }).count == 1, "one device, as the app")
            }
        }
    }
}

/// A client of a `receipts serve` process over HTTP, as an app would be: one anonymous session.
struct ServerVisitor {
    let base: URL
    let cookie: String
    /// Sends only the cookie given: a shared session would keep cookies by host, and every test's
    /// server is on 127.0.0.1, so one test's session would be sent to another's server.
    private static let http: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration)
    }()

    /// Opens an anonymous session on the server at `url`.
    init(_ url: String) async throws {
        base = try #require(URL(string: url))
        var open = URLRequest(url: base.appendingPathComponent("api/v1/sessions/anonymous"))
        open.httpMethod = "POST"
        let (_, opened) = try await Self.http.data(for: open)
        cookie = try #require(
            (opened as? HTTPURLResponse)?.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(
                String.init))
    }

    /// The same session, through another instance at `url`.
    init(a visitor: ServerVisitor, at url: String) {
        base = URL(string: url) ?? visitor.base
        cookie = visitor.cookie
    }

    /// Adds `receipt` by its QR code; expects it new.
    func add(_ receipt: Receipt) async throws {
        #expect(try await add(payload: try receipt.fiscalCode.canonical) == 201)
    }

    /// Adds a receipt by its QR payload; the answer's status.
    func add(payload: String) async throws -> Int {
        var add = URLRequest(url: base.appendingPathComponent("api/v1/receipts"))
        add.httpMethod = "POST"
        add.setValue(cookie, forHTTPHeaderField: "Cookie")
        add.setValue("application/json", forHTTPHeaderField: "Content-Type")
        add.httpBody = try JSONSerialization.data(withJSONObject: ["qr": payload])
        let (_, added) = try await Self.http.data(for: add)
        return (added as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// The fiscal document numbers of every receipt of the session, through the change feed.
    func documentNumbers() async throws -> Set<Int> {
        var numbers: Set<Int> = []
        var since = 0
        while true {
            var request = URLRequest(
                url: try #require(URL(string: base.absoluteString + "/api/v1/changes?since=\(since)")))
            request.setValue(cookie, forHTTPHeaderField: "Cookie")
            let (data, _) = try await Self.http.data(for: request)
            let page = try TaxServiceCommandTests.object(String(decoding: data, as: UTF8.self))
            for receipt in page["receipts"] as? [[String: Any]] ?? [] {
                if let number = (receipt["document"] as? [String: Any])?["fiscalDocumentNumber"] as? Int {
                    numbers.insert(number)
                }
            }
            guard let next = page["nextSince"] as? Int, next > since, page["hasMore"] as? Bool == true else { break }
            since = next
        }
        return numbers
    }

    /// The complete receipts of the session (with how many items each), once `count` are, or after 30 s.
    func waitUntilComplete(count: Int) async throws -> [(id: Int, items: Int)] {
        var changes = URLRequest(url: try #require(URL(string: base.absoluteString + "/api/v1/changes?since=0")))
        changes.setValue(cookie, forHTTPHeaderField: "Cookie")
        var complete: [(id: Int, items: Int)] = []
        for _ in 0..<300 {
            let (data, _) = try await Self.http.data(for: changes)
            let page = try TaxServiceCommandTests.object(String(decoding: data, as: UTF8.self))
            complete = (page["receipts"] as? [[String: Any]] ?? []).compactMap { receipt in
                guard receipt["status"] as? String == "complete" else { return nil }
                let items = ((receipt["document"] as? [String: Any])?["items"] as? [Any])?.count ?? 0
                return (receipt["id"] as? Int ?? 0, items)
            }
            if complete.count >= count { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return complete
    }
}
