import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptServer

/// The reader against the real server's answers: what it reads, written again by the wire's writer,
/// is the server's answer byte for byte (the server writes with that writer, splicing in the
/// documents it stored and the places it cached).
@Suite("Server answers read by the JSON reader", .timeLimit(.minutes(20)))
struct WireReadingTests {
    @Test("every change-feed and feed page of the demo account, places, the session and health read back whole")
    func realPages() async throws {
        try await ServerHarness.run { server in
            _ = try await server.server.seedDemo(
                seed: 5, until: try LocalDateTime(iso: "2025-06-30T20:00:00"), receiptCount: 260)
            let demo = server.client()
            let login = try await demo.post("/api/v1/sessions", json: Credentials(login: "demo", password: "demo"))
            try expectSame(SessionInfo.self, login.body)

            var since: Int64 = 0
            var receipts = 0
            while true {
                let body = try await demo.get("/api/v1/changes?since=\(since)&limit=50").body
                let page = try expectSame(ReceiptChangesPage.self, body)
                receipts += page.receipts.count
                since = page.nextSince
                if !page.hasMore { break }
            }
            #expect(receipts >= 260)

            var cursor: String?
            repeat {
                let body = try await demo.get("/api/v1/receipts" + (cursor.map { "?cursor=\($0)" } ?? "")).body
                cursor = try expectSame(ReceiptFeedPage.self, body).nextCursor
            } while cursor != nil

            let places = try await demo.get("/api/v1/places?lat=55.7601&lon=37.6186&limit=100").body
            #expect(try expectSame(PlacesPage.self, places).places.count == 100)
            try expectSame(SessionInfo.self, try await demo.get("/api/v1/sessions/current").body)
            try expectSame(HealthStatus.self, try await demo.get("/health").body)
            try expectSame(APIErrorBody.self, try await server.client().get("/api/v1/receipts").body)
        }
    }

    /// Reads `body`, and checks that the writer writes what was read as the same bytes.
    @discardableResult
    private func expectSame<Value: JSONReadable & JSONWritable>(_ type: Value.Type, _ body: Data) throws -> Value {
        let value = try JSONReader.read(Value.self, from: body)
        #expect(JSONWriter.write(value) == Array(body), "\(Value.self)")
        return value
    }
}
