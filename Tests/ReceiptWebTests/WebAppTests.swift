import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReceiptCore
import ReceiptScan
import ReceiptStore
import ReceiptTesting
import Synchronization
import Testing

@testable import ReceiptWeb

/// A database of `count` receipts, one a day from 2026-10-31 back, the fifth of each pending.
func receiptsDatabase(_ count: Int, in folder: TemporaryFolder) throws -> ReceiptDatabase {
    let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let last = try #require(calendar.date(from: DateComponents(year: 2026, month: 10, day: 31, hour: 12)))
    let receipts = try (0..<count).map { index -> Receipt in
        let day = calendar.dateComponents(
            [.year, .month, .day], from: last.addingTimeInterval(-86_400 * Double(index)))
        let dateTime = try LocalDateTime(
            year: day.year ?? 0, month: day.month ?? 0, day: day.day ?? 0, hour: 12, minute: index % 60)
        let total = Money(kopecks: Int64(10_000 + index * 7))
        return Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: Int64(index + 1), fp: Int64(1_000 + index)),
            dateTime: dateTime, operation: .sale, total: total, ecash: total, seller: "ООО \"ЛЕНТА\"",
            sellerINN: "7814148471", retailPlace: "Лента", address: "Санкт-Петербург",
            items: index % 5 == 4 ? [] : [Item(name: "ХЛЕБ", price: total, quantity: 1, sum: total)],
            status: index % 5 == 4 ? .pending : .complete)
    }
    _ = try database.save(receipts)
    return database
}

@Suite("receipts web: access, the page, the feed", .timeLimit(.minutes(20)))
struct WebAppTests {
    /// Runs the app over `count` receipts, its requests handed to its router.
    static func withApp(
        receipts count: Int = 70, _ body: @Sendable (WebApp, AppPage) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder("web")
        let app = WebApp(
            settings: WebSettings(host: "127.0.0.1", port: 0), database: try receiptsDatabase(count, in: folder))
        try await app.withPage { page in try await body(app, page) }
    }

    @Test("the page's own files need no key and hold no data; the API needs the key as a Bearer header, and only it")
    func access() async throws {
        try await Self.withApp { app, client in
            var stranger = client
            stranger.key = nil
            let page = try await stranger.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            let csp = try #require(page.headers[.contentSecurityPolicy])
            #expect(csp.contains("script-src 'self'") && csp.contains("connect-src 'self'"))
            #expect(csp.contains("img-src 'self' data: blob:"))
            let html = String(buffer: page.body)
            // Only scripts from the app's own files: the policy forbids inline ones.
            #expect(html.contains(#"<script type="module" src="/app.js"></script>"#))
            #expect(!html.contains("<script>") && !html.contains("http://") && !html.contains("https://"))
            let script = try await stranger.execute(uri: "/app.js", method: .get)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(!String(buffer: script.body).contains("http"))

            let refused = try await stranger.execute(
                uri: "/api/feed", method: .get, headers: [.acceptLanguage: "ru-RU,ru;q=0.9"])
            #expect(refused.status == .forbidden)
            #expect(String(buffer: refused.body).contains("Откройте адрес, который напечатала команда receipts web"))
            // The header is read as the receipts server reads it: the highest q wins, not the first
            // tag (`en;q=0.5, ru` prefers Russian; `ru;q=0.2, en` English).
            for (header, russian) in [
                ("en;q=0.5, ru", true), ("ru;q=0.2, en", false), ("de, en;q=0.1, ru;q=0.3", true),
            ] {
                let answer = try await stranger.execute(
                    uri: "/api/feed", method: .get, headers: [.acceptLanguage: header])
                #expect(String(buffer: answer.body).contains("Нет доступа") == russian, "\(header)")
            }
            // The words say how to get in, so they need no key; nothing else of the API opens without it.
            #expect(try await stranger.execute(uri: "/api/words?lang=en", method: .get).status == .ok)
            for path in ["/api/receipts/1", "/api/receipts/1/qr.png", "/api/stats/chart.svg", "/api/import/events"] {
                #expect(try await stranger.execute(uri: path, method: .get).status == .forbidden, "\(path)")
            }
            for wrong in ["Bearer x", "Bearer \(app.settings.key)x", "bearer \(app.settings.key)", app.settings.key] {
                let answer = try await stranger.execute(
                    uri: "/api/feed", method: .get, headers: [.authorization: wrong])
                #expect(answer.status == .forbidden, "\(wrong)")
            }
            // The key in a cookie, or in the query as the address once carried it, opens nothing.
            let cookie = try await stranger.execute(
                uri: "/api/feed", method: .get, headers: [.cookie: "receipts_web=\(app.settings.key)"])
            #expect(cookie.status == .forbidden)
            let query = try await stranger.execute(uri: "/api/feed?token=\(app.settings.key)", method: .get)
            #expect(query.status == .forbidden)
            let opened = try await client.execute(uri: "/api/feed", method: .get)
            #expect(opened.status == .ok && opened.headers[.setCookie] == nil)
        }
    }

    @Test("answers of no route and of errors carry the same security headers as every other answer")
    func errorHeaders() async throws {
        try await Self.withApp(receipts: 1) { _, page in
            for (uri, status) in [
                ("/api/no-such-route", HTTPResponse.Status.notFound), ("/no/such/page.png", .notFound),
                ("/api/receipts/99", .notFound), ("/api/receipts/x", .badRequest),
            ] {
                let answer = try await page.get(uri)
                #expect(answer.status == status, "\(uri)")
                #expect(answer.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true, "\(uri)")
                #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                #expect(answer.headers[.cacheControl] == "no-store", "\(uri)")
            }
        }
    }

    @Test("the address carries the key in its fragment, never sent to a server; each start makes a new key")
    func address() throws {
        let folder = try TemporaryFolder("web-address")
        let database = try receiptsDatabase(1, in: folder)
        let first = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database)
        let second = WebApp(settings: WebSettings(host: "::1", port: 0), database: database)
        #expect(first.address(port: 8765) == "http://127.0.0.1:8765/#key=\(first.settings.key)")
        #expect(second.address(port: 8765) == "http://[::1]:8765/#key=\(second.settings.key)")
        #expect(first.settings.key != second.settings.key && first.settings.key.count == 43)
        let opening = first.openingAddress(port: 8765)
        #expect(opening.hasPrefix("http://127.0.0.1:8765/#code=") && !opening.contains(first.settings.key))
    }

    @Test("a request must name the app's own address in Host: another name (DNS rebinding) or port is refused")
    func host() async throws {
        try await Self.withApp(receipts: 1) { app, client in
            for own in ["localhost:\(client.port)", "127.0.0.1:\(client.port)", "[::1]:\(client.port)"] {
                var page = client
                page.authority = own
                #expect(try await page.execute(uri: "/api/feed", method: .get).status == .ok, "\(own)")
            }
            for foreign in ["evil.example:\(client.port)", "localhost", "127.0.0.1:1", "localhost.evil.example"] {
                var page = client
                page.authority = foreign
                for path in ["/", "/api/feed", "/api/words"] {
                    let answer = try await page.execute(uri: path, method: .get)
                    #expect(answer.status == .forbidden, "\(foreign) \(path)")
                    #expect(String(buffer: answer.body).contains("not sent to the app's address"))
                }
            }
        }
    }

    @Test("a change from another origin, or with none, is refused; from the app's own it passes the guard")
    func origin() async throws {
        try await Self.withApp(receipts: 1) { app, client in
            let foreign = try await client.execute(
                uri: "/api/categories/undo", method: .post, headers: [.origin: "http://evil.example"])
            #expect(foreign.status == .forbidden)
            var bare = client
            bare.origin = nil
            #expect(try await bare.post("/api/categories/undo", #"{"action": 999}"#).status == .forbidden)
            // The app's own origin is the address the request was sent to.
            let own = try await client.post("/api/categories/undo", #"{"action": 999}"#)
            #expect(own.status == .notFound)
            #expect(String(buffer: own.body).contains("undone already, or there is none"))
            let elsewhere = try await client.execute(
                uri: "/api/categories/undo", method: .post,
                headers: [.origin: "http://127.0.0.1:1", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"action": 999}"#))
            #expect(elsewhere.status == .forbidden)
        }
    }

    @Test("no GET changes anything: a search is a POST that keeps it in the history, and a GET of it keeps nothing")
    func noChangeByGet() async throws {
        try await Self.withApp(receipts: 5) { app, client in
            let searched = try await client.get("/api/search?q=%D1%85%D0%BB%D0%B5%D0%B1")
            let placesFound = try await client.get("/api/places?lat=55.75&lon=37.61")
            #expect(searched.status != .ok && placesFound.status != .ok)
            #expect(try app.database.searchHistory().isEmpty)
            var bare = client
            bare.origin = nil
            #expect(try await bare.post("/api/search?q=%D1%85%D0%BB%D0%B5%D0%B1").status == .forbidden)
            #expect(try app.database.searchHistory().isEmpty)
            #expect(try await client.post("/api/search?q=%D1%85%D0%BB%D0%B5%D0%B1").status == .ok)
            #expect(try app.database.searchHistory() == ["хлеб"])
        }
    }

    @Test("the chart of the statistics ends with the page's month, as the report's does (issue 50)")
    func chartFollowsTheMonth() async throws {
        // 500 receipts a day apart back from 31 October 2026: months from June 2025 to October 2026.
        try await Self.withApp(receipts: 500) { _, page in
            /// The months the chart's bars name, in order, each once.
            func months(_ uri: String) async throws -> [String] {
                let answer = try await page.get(uri)
                #expect(answer.status == .ok, "\(uri)")
                var seen: [String] = []
                for title in String(buffer: answer.body).components(separatedBy: "<title>").dropFirst() {
                    let month = String(title.prefix { $0 != "·" }).trimmingCharacters(in: .whitespaces)
                    if seen.last != month { seen.append(month) }
                }
                return seen
            }
            // Before, every chart was the latest twelve months, whatever the page showed: the
            // statistics of December 2025 came with a chart of November 2025 … October 2026.
            let december = try await months("/api/stats/chart.svg?lang=en&from=2025-12&to=2025-12")
            #expect(december.last == "December 2025", "\(december)")
            // Twelve months end there, from June 2025 (the first with receipts) on: seven bars.
            #expect(december.first == "June 2025" && december.count == 7, "\(december)")
            #expect(try await months("/api/stats/chart.svg?lang=en&month=2026-02").last == "February 2026")
            // A range longer than twelve months is drawn whole; none given, the latest twelve.
            let range = try await months("/api/stats/chart.svg?lang=en&from=2025-06&to=2026-10")
            #expect(range.count == 17 && range.first == "June 2025", "\(range)")
            let latest = try await months("/api/stats/chart.svg?lang=en")
            #expect(latest.count == 12 && latest.last == "October 2026", "\(latest)")
            #expect(try await page.get("/api/stats/chart.svg?month=2026-13").status == .badRequest)
        }
    }

    @Test("statistics of an empty database, or of a month without receipts, answer that they are empty (issue 50)")
    func emptyStatistics() async throws {
        try await Self.withApp(receipts: 0) { _, page in
            // Before: 404, which the page showed with its status code as a lost connection.
            for uri in ["/api/stats", "/api/stats?month=2026-10"] {
                let answer = try await page.get(uri)
                let object =
                    try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Bool]
                #expect(answer.status == .ok && object == ["empty": true], "\(uri) \(String(buffer: answer.body))")
            }
        }
        try await Self.withApp(receipts: 3) { _, page in
            let answer = try await page.get("/api/stats?month=2019-03")
            let object = try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Bool]
            #expect(answer.status == .ok && object == ["empty": true])
        }
    }

    @Test("statistics give each category's receipts and lines, as the terminal's columns do (issue 50)")
    func statisticsCounts() async throws {
        try await Self.withApp(receipts: 70) { _, page in
            // October 2026: receipts 0…30 of `receiptsDatabase` (one a day from the 31st back); 4, 9,
            // 14, 19, 24 and 29 are pending, with no lines; the other 25 have one line, «ХЛЕБ», which
            // nothing has categorized in a database saved directly. A pending receipt's total counts
            // as uncategorized, as `receipts stats` counts it: 31 receipts, 25 lines; «31 чек» (the
            // plural of 1, 21, 31…), «25 поз.».
            let answer = try await page.get("/api/stats?month=2026-10&lang=ru")
            let object = try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any]
            let categories = try #require(object?["categories"] as? [[String: Any]])
            let counts = categories.map {
                "\($0["category"] ?? "") \($0["receipts"] ?? "") \($0["items"] ?? "") \($0["countsText"] ?? "")"
            }
            #expect(counts == ["uncategorized 31 25 31 чек · 25 поз."])
            let labels = try #require(object?["labels"] as? [String: String])
            #expect(labels["receipts"] == "Чеки" && labels["items"] == "Позиции")
        }
    }

    @Test("a one-time code is good once, and not after its time")
    func codes() async throws {
        let codes = OpeningCodes(lifetime: .milliseconds(200))
        let first = codes.issue()
        let second = codes.issue()
        #expect(first != second && first.count == 22)
        let heard = Mutex<[OpeningOutcome]>([])
        codes.listen { outcome in heard.withLock { $0.append(outcome) } }
        #expect(codes.exchange(first) == .opened && codes.exchange(first) == .spent)
        #expect(codes.exchange("not-a-code") == .unknown)
        try await Task.sleep(for: .milliseconds(300))
        #expect(codes.exchange(second) == .expired && codes.exchange(second) == .unknown)
        // The listener hears of issued codes only: a guess tells the terminal nothing.
        #expect(heard.withLock { $0 } == [.opened, .spent, .expired])
    }

    @Test(
        "--open's page: 0600 in a 0700 folder of its own when the session has no private runtime folder, removed with it"
    )
    func openingPage() throws {
        let folder = try TemporaryFolder("opening-page")
        // A runtime folder others may enter is not used.
        let shared = folder.file("run")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o755)
        for environment in [[:], ["XDG_RUNTIME_DIR": shared]] {
            let page = try OpeningPage(
                opening: "http://127.0.0.1:8765/#code=abc\"<x>", port: 8765, environment: environment)
            let made = try #require(page.madeFolder)
            #expect(made.contains("/receipts-web-"), "\(made)")
            #expect(page.path == made + "/web-8765-open.html")
            #expect(try FileManager.default.attributesOfItem(atPath: made)[.posixPermissions] as? Int == 0o700)
            #expect(try FileManager.default.attributesOfItem(atPath: page.path)[.posixPermissions] as? Int == 0o600)
            let text = try String(contentsOfFile: page.path, encoding: .utf8)
            // The address goes into an attribute: its quote and bracket written as entities.
            #expect(text.contains(#"content="0; url=http://127.0.0.1:8765/#code=abc&quot;&lt;x>""#), "\(text)")
            page.remove()
            #expect(!FileManager.default.fileExists(atPath: made))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
    }

    @Test("the one-time code of --open gives the key once, within its minute, from the app's own origin")
    func exchange() async throws {
        try await Self.withApp(receipts: 1) { app, client in
            var stranger = client
            stranger.key = nil
            let code = try #require(app.openingAddress(port: client.port).split(separator: "#code=").last)
            var foreign = stranger
            foreign.origin = "http://evil.example"
            #expect(try await foreign.post("/api/exchange", #"{"code": "\#(code)"}"#).status == .forbidden)
            let exchanged = try await stranger.post("/api/exchange", #"{"code": "\#(code)"}"#)
            #expect(exchanged.status == .ok)
            let answer =
                try JSONSerialization.jsonObject(with: Data(exchanged.body.readableBytesView)) as? [String: Any]
            #expect(answer?["key"] as? String == app.settings.key)
            let again = try await stranger.post("/api/exchange?lang=en", #"{"code": "\#(code)"}"#)
            #expect(again.status == .forbidden && String(buffer: again.body).contains("opened already, or has expired"))
            for wrong in [#"{"code": "nope"}"#, #"{"code": "\#(app.settings.key)"}"#, "{}", "not json"] {
                #expect(try await stranger.post("/api/exchange", wrong).status == .forbidden, "\(wrong)")
            }
        }
    }

    @Test("the feed: month sections newest first, 50 a page, whole-month totals, pending marked, in the language asked")
    func feed() async throws {
        try await Self.withApp(receipts: 70) { app, client in
            let first = try await client.execute(uri: "/api/feed?lang=ru", method: .get)
            #expect(first.status == .ok)
            let page = try #require(
                try JSONSerialization.jsonObject(with: Data(first.body.readableBytesView)) as? [String: Any])
            let months = try #require(page["months"] as? [[String: Any]])
            #expect(months.map { $0["month"] as? String } == ["2026-10", "2026-09"])
            #expect(months.first?["title"] as? String == "Октябрь 2026")
            #expect(months.first?["count"] as? Int == 31 && months.first?["countText"] as? String == "31 чек")
            // The month's total is the whole month's, whatever part of it the page lists.
            let october = (0..<31).reduce(Int64(0)) { $0 + Int64(10_000 + $1 * 7) }
            #expect((months.first?["total"] as? NSNumber)?.int64Value == october)
            let listed = months.flatMap { $0["receipts"] as? [[String: Any]] ?? [] }
            #expect(listed.count == 50)
            // The next page starts after the last receipt listed: its date and time, and its id.
            let last = try #require(listed.last)
            let next = try #require(page["next"] as? String)
            #expect(next == "\(try #require(last["date"] as? String))_\(try #require(last["id"] as? Int))")
            let pending = listed.filter { $0["pending"] as? Bool == true }
            #expect(pending.count == 10 && pending.allSatisfy { $0["itemsText"] as? String == "ожидает данных" })
            #expect(listed.first?["totalText"] as? String == "100,00\u{00A0}₽")

            let second = try await client.execute(
                uri: "/api/feed?lang=en&after=\(next)", method: .get)
            let rest = try #require(
                try JSONSerialization.jsonObject(with: Data(second.body.readableBytesView)) as? [String: Any])
            let restMonths = try #require(rest["months"] as? [[String: Any]])
            #expect(restMonths.flatMap { $0["receipts"] as? [[String: Any]] ?? [] }.count == 20)
            #expect(restMonths.map { $0["month"] as? String } == ["2026-09", "2026-08"])
            #expect(rest["next"] is NSNull)
            #expect(restMonths.first?["title"] as? String == "September 2026")
            // A place that is not one (no id, a month 13, an id of 0, words) is refused, naming it.
            for wrong in ["abc", "2026-10-01T00:00:00", "2026-13-01T00:00:00_5", "2026-10-01T00:00:00_0", "50"] {
                let bad = try await client.execute(uri: "/api/feed?lang=en&after=\(wrong)", method: .get)
                let body = try JSONSerialization.jsonObject(with: Data(String(buffer: bad.body).utf8)) as? [String: Any]
                #expect(bad.status == .badRequest && body?["field"] as? String == "after", "\(wrong)")
                #expect(
                    body?["message"] as? String == "“\(wrong)” is no place in the feed: open the feed from its start",
                    "\(wrong)")
            }
        }
    }

    @Test("a receipt's detail: shop, lines, payment, fiscal fields; its QR picture reads back as its payload")
    func detail() async throws {
        try await Self.withApp(receipts: 5) { app, client in
            let answer = try await client.execute(
                uri: "/api/receipts/1?lang=ru", method: .get)
            #expect(answer.status == .ok)
            let detail = try #require(
                try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any])
            #expect(detail["shop"] as? String == "Лента")
            #expect(detail["seller"] as? String == "ООО \"ЛЕНТА\", ИНН 7814148471")
            let items = try #require(detail["items"] as? [[String: Any]])
            #expect(items.count == 1 && items.first?["name"] as? String == "ХЛЕБ")
            #expect(items.first?["sumText"] as? String == "100,00\u{00A0}₽")
            #expect(detail["payments"] as? [[String]] == [["Безналичными", "100,00\u{00A0}₽"]])
            #expect((detail["fiscal"] as? [[String]])?.first == ["ФН", "9251440300007971"])
            let qr = try #require(detail["qr"] as? String)
            #expect(qr.contains("fn=9251440300007971&i=1&fp=1000"))
            let picture = try await client.execute(
                uri: try #require(detail["qrImage"] as? String), method: .get)
            #expect(picture.headers[.contentType] == "image/png")
            let image = try ImageLoader.load(Data(picture.body.readableBytesView))
            #expect(try QRDecoder.decode(image).map(\.text) == [qr])
            let pending = try await client.execute(
                uri: "/api/receipts/5?lang=en", method: .get)
            let waiting = try #require(
                try JSONSerialization.jsonObject(with: Data(pending.body.readableBytesView)) as? [String: Any])
            #expect(waiting["pending"] as? Bool == true && waiting["statusText"] as? String == "pending")
            for (path, status) in [
                ("/api/receipts/99", HTTPResponse.Status.notFound), ("/api/receipts/x", .badRequest),
            ] {
                #expect(try await client.execute(uri: path, method: .get).status == status)
            }
        }
    }

    @Test("search: words and filters as receipts search takes them, each wrong one named; the last ones kept")
    func search() async throws {
        try await Self.withApp(receipts: 70) { app, client in
            func get(_ uri: String) async throws -> (HTTPResponse.Status, [String: Any]) {
                let method: HTTPRequest.Method = uri.hasPrefix("/api/search?") ? .post : .get
                let answer = try await client.execute(uri: uri, method: method)
                let body = try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any]
                return (answer.status, body ?? [:])
            }
            let (status, page) = try await get("/api/search?q=%D1%85%D0%BB%D0%B5%D0%B1&min=100&max=101&lang=ru")
            #expect(status == .ok)
            let results = try #require(page["results"] as? [[String: Any]])
            // Totals 100.00 + 0.07 × index: 100.00 … 100.98 are the first 15 receipts, 3 of them pending (no lines).
            #expect(results.count == 12 && results.allSatisfy { ($0["matching"] as? [String]) == ["ХЛЕБ"] })
            #expect(page["next"] is NSNull)
            for (query, message) in [
                ("category=nope", "нет такой категории: «nope»"),
                ("from=2026-13", "«2026-13» — не месяц: нужен ГГГГ-ММ"),
                ("min=5&max=1", "сумма «от» больше суммы «до»"),
                ("min=x", "«x» — не сумма в рублях (например, 250 или 99,90)"),
                ("q=", "Введите слова или выберите хотя бы один фильтр."),
            ] {
                let (refused, body) = try await get("/api/search?\(query)&lang=ru")
                // The receipts server's error shape: a stable code, and the sentence for people.
                #expect(refused == .badRequest && body["message"] as? String == message, "\(query)")
                #expect(body["error"] as? String == "bad_request", "\(query)")
            }
            let (_, memory) = try await get("/api/search/memory?part=%D0%A5%D0%9B")
            #expect(memory["texts"] as? [String] == ["хлеб"])
            #expect(memory["filters"] as? [String: String] == ["min": "100.00", "max": "101.00"])
        }
    }

    @Test("add: a pasted payload or a photo's codes are added as receipts add does; a wrong one is named")
    func add() async throws {
        try await Self.withApp(receipts: 1) { app, client in
            func post(_ uri: String, _ body: ByteBuffer, type: String) async throws -> (
                HTTPResponse.Status, [String: Any]
            ) {
                let answer = try await client.execute(
                    uri: uri, method: .post,
                    headers: [.contentType: type], body: body)
                let json = try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any]
                return (answer.status, json ?? [:])
            }
            let payload = "t=20261101T1200&s=100.00&fn=9251440300007971&i=777&fp=123456789&n=1"
            let pasted = ByteBuffer(string: #"{"qr": "\#(payload)"}"#)
            let (status, first) = try await post("/api/add/qr?lang=en", pasted, type: "application/json")
            #expect(status == .ok)
            #expect((first["added"] as? [[String: Any]])?.first?["outcome"] as? String == "added-pending")
            let (_, again) = try await post("/api/add/qr?lang=ru", pasted, type: "application/json")
            #expect((again["added"] as? [[String: Any]])?.first?["text"] as? String == "уже в базе")
            let (refused, wrong) = try await post(
                "/api/add/qr?lang=en", ByteBuffer(string: #"{"qr": "hello"}"#), type: "application/json")
            #expect(refused == .unprocessableContent && (wrong["problem"] as? String)?.contains("“hello”") == true)

            let other = "t=20261102T1300&s=250.00&fn=9251440300007971&i=778&fp=987654321&n=1"
            let png = try PNGCodec.encode(try QRRenderer.render(other, scale: 6))
            let (read, photo) = try await post("/api/add/photo?lang=en", ByteBuffer(bytes: png), type: "image/png")
            #expect(read == .ok && (photo["added"] as? [[String: Any]])?.first?["qr"] as? String == other)
            let (garbled, garbage) = try await post(
                "/api/add/photo?lang=ru", ByteBuffer(string: "not a picture"), type: "image/png")
            #expect(garbled == .unprocessableContent && garbage["problem"] is String)
            #expect(try app.database.receipt(try FiscalCode(parsing: other).identity)?.status == .pending)
        }
    }

    @Test(
        "nearby: a point out of range is named; without a receipts server it says how to set one; unknown stars are 404"
    )
    func nearbyWithoutServer() async throws {
        try await Self.withApp(receipts: 1) { app, client in
            let far = try await client.execute(
                uri: "/api/places?lat=91&lon=37&lang=ru", method: .post)
            #expect(far.status == .badRequest && String(buffer: far.body).contains("широта от −90 до 90"))
            let none = try await client.execute(
                uri: "/api/places?lat=55.75&lon=37.61", method: .post)
            #expect(none.status == .badGateway && String(buffer: none.body).contains("RECEIPTS_SERVER"))
            let star = try await client.execute(
                uri: "/api/places/star", method: .post,
                headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"id": "nowhere"}"#))
            #expect(star.status == .notFound)
        }
    }
}

@Suite("receipts web --lan: the addresses printed", .timeLimit(.minutes(20)))
struct LANAddressTests {
    @Test("the home network's ranges first, loopback, link-local and repeats left out, the rest in the order given")
    func ordered() {
        let given = [
            "172.17.0.1",  // a container bridge
            "127.0.0.1", "203.0.113.7", "169.254.10.20", "10.0.0.5", "192.168.1.23", "10.0.0.5", "172.32.0.1",
            "not an address",
        ]
        // 192.168 first, then 10, then 172.16–31; 203.0.113.7 and 172.32.0.1 (outside 172.16–31)
        // keep their order after them.
        #expect(
            LANAddresses.ordered(given) == ["192.168.1.23", "10.0.0.5", "172.17.0.1", "203.0.113.7", "172.32.0.1"])
        #expect(LANAddresses.ordered([]) == [])
        #expect(LANAddresses.ordered(["127.0.0.1", "169.254.1.1"]) == [])
    }

    @Test("this machine's addresses now: dotted IPv4, none of them loopback")
    func current() {
        for address in LANAddresses.current() {
            let parts = address.split(separator: ".").compactMap { Int($0) }
            #expect(parts.count == 4 && parts[0] != 127, "\(address)")
        }
    }
}
