import Foundation
import ReceiptServerTesting
import ReceiptTesting
import Testing

@testable import ReceiptWeb

/// The web app's connections under deadlines and, with `--lan`, a cap per address (issue 49): a
/// client that dribbles, or one device opening connections without end, cannot hold the app.
@Suite("receipts web: slow and greedy clients", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct WebConnectionTests {
    /// Settings on a free loopback port with these deadlines, and `lan` as given.
    static func settings(head: Duration = .seconds(15), request: Duration = .seconds(60), lan: Bool = false)
        -> WebSettings
    {
        var settings = WebSettings(host: "127.0.0.1", port: 0)
        settings.requestHeadTimeout = head
        settings.requestTimeout = request
        settings.lan = lan
        return settings
    }

    /// Runs the app with `settings` live over a few receipts; `body` gets the app and its port.
    static func withLiveApp(
        _ settings: WebSettings, _ body: @Sendable (WebApp, Int) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder("web-slow")
        let app = WebApp(settings: settings, database: try receiptsDatabase(3, in: folder))
        try await app.withPage(transport: .live) { page in try await body(app, page.port) }
    }

    /// The feed asked with the key over a new connection (from `source` when given): its status. On
    /// a loaded machine a new client may be kept from sending its request for the whole 1-s head
    /// deadline, and be cut off for it, rightly: one of ten must get through.
    static func feed(_ app: WebApp, port: Int, from source: String? = nil) async throws -> Int {
        for _ in 0..<10 {
            let connection = try RawConnection(port: port, from: source)
            let answer = await connection.exchange(
                "GET", "/api/feed",
                headers: ["Host": "127.0.0.1:\(port)", "Authorization": "Bearer \(app.settings.key)"])
            if answer.status != 0 { return answer.status }
        }
        return 0
    }

    @Test("clients that dribble a head or a body, or sit idle, are cut off at the deadlines while the owner is served")
    func dribblers() async throws {
        try await Self.withLiveApp(Self.settings(head: .seconds(1), request: .seconds(2))) { app, port in
            // 100 clients that never finish a head, 30 with the key that never finish a body, 20 that
            // sent nothing. Before, none was ever closed: with the descriptors gone, the owner waited
            // forever.
            let heads = try (0..<100).map { _ in try RawConnection(port: port) }
            let bodies = try (0..<30).map { _ in try RawConnection(port: port) }
            let idle = try (0..<20).map { _ in try RawConnection(port: port) }
            for connection in heads { connection.send("GET /api/feed HTTP/1.1\r\nHo") }
            for connection in bodies {
                connection.send(
                    "POST /api/add/qr HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                        + "Authorization: Bearer \(app.settings.key)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{")
            }
            var closed = 0
            // Each sends a byte every 200 ms for up to 8 s; the app closes them meanwhile.
            for _ in 0..<40 {
                try await Task.sleep(for: .milliseconds(200))
                for connection in heads + bodies where !connection.isClosedByServer { connection.send("x") }
                closed = (heads + bodies + idle).filter(\.isClosedByServer).count
                #expect(try await Self.feed(app, port: port) == 200)
                if closed == 150 { break }
            }
            #expect(
                closed == 150,
                "heads \(heads.filter(\.isClosedByServer).count), bodies \(bodies.filter(\.isClosedByServer).count), idle \(idle.filter(\.isClosedByServer).count)"
            )
        }
    }

    @Test("an upload with the key may take longer than a request's deadline; the same without the key is cut off")
    func slowUpload() async throws {
        let export = try Data(contentsOf: Repository.url("Fuzz/corpus/FuzzExportedReceipts/bare.json"))
        let file = String(decoding: export, as: UTF8.self)
        try await Self.withLiveApp(Self.settings(head: .seconds(1), request: .seconds(1))) { app, port in
            func upload(key: String?) -> RawConnection? {
                guard let connection = try? RawConnection(port: port) else { return nil }
                var head = "POST /api/import/file?name=bare.json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                head += "Origin: http://127.0.0.1:\(port)\r\nConnection: close\r\n"
                if let key { head += "Authorization: Bearer \(key)\r\n" }
                head += "Content-Type: application/octet-stream\r\nContent-Length: \(export.count)\r\n\r\n"
                connection.send(head)
                return connection
            }
            let keyed = try #require(upload(key: app.settings.key))
            let stranger = try #require(upload(key: nil))
            // The body in ten pieces (whole characters) over 2.5 s: past the 1-s deadline.
            let characters = Array(file)
            let size = characters.count / 10 + 1
            let pieces = stride(from: 0, to: characters.count, by: size).map {
                String(characters[$0..<min($0 + size, characters.count)])
            }
            for piece in pieces {
                keyed.send(piece)
                stranger.send(piece)
                try await Task.sleep(for: .milliseconds(250))
            }
            let answer = await keyed.receiveAll(seconds: 30)
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
            // Without the key the app answers 403 at the head and closes the connection (its answer
            // may then be lost to the reset that closing over unread bytes sends).
            let refused = await stranger.receiveAll(seconds: 5)
            #expect(refused.isEmpty || refused.hasPrefix("HTTP/1.1 403"), "\(refused.prefix(300))")
        }
    }

    @Test("with --lan one address holds at most its cap of connections; another address is served meanwhile")
    func capPerPeer() async throws {
        // Deadlines far off: only the cap closes anything here.
        var settings = Self.settings(head: .seconds(600), request: .seconds(600), lan: true)
        settings.connectionsPerPeer = 4
        try await Self.withLiveApp(settings) { app, port in
            // Five from one address: the app takes them in whatever order its event loops accept
            // them, and closes the one past the cap as it opens (before, it kept all five, as it
            // would the 300th).
            let five = try (0..<5).map { _ in try RawConnection(port: port, from: "127.0.0.3") }
            var closed = 0
            // Generous: beside the whole suite on two cores, accepting may wait seconds.
            for _ in 0..<600 where closed == 0 {
                closed = five.filter(\.isClosedByServer).count
                if closed == 0 { try await Task.sleep(for: .milliseconds(50)) }
            }
            // A while longer: no other of the five is closed.
            try await Task.sleep(for: .milliseconds(300))
            #expect(five.filter(\.isClosedByServer).count == 1)
            #expect(try await Self.feed(app, port: port, from: "127.0.0.4") == 200)
            // They end: the address has room again.
            _ = consume five
            var again = 0
            for _ in 0..<100 where again != 200 {
                try await Task.sleep(for: .milliseconds(50))
                again = try await Self.feed(app, port: port, from: "127.0.0.3")
            }
            #expect(again == 200)
        }
    }
}
