import Foundation
import ReceiptAPI
import ReceiptCore
import Testing

@testable import ReceiptServer

/// The reader against the real server's answers: what it reads, encoded again by JSONEncoder, is
/// the same JSON as the server wrote, field for field.
@Suite("Server answers read by the JSON reader")
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

    /// Reads `body`, and checks that JSONEncoder writes what was read as the same JSON value.
    @discardableResult
    private func expectSame<Value: JSONReadable & Encodable>(_ type: Value.Type, _ body: Data) throws -> Value {
        let value = try JSONReader.read(Value.self, from: body)
        // The server writes `"place":null` where JSONEncoder leaves the key out: the same thing.
        let original = withoutNulls(try JSONSerialization.jsonObject(with: body)) as? NSObject
        let again = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)) as? NSObject
        #expect(original != nil && original == again, "\(Value.self)")
        return value
    }

    private func withoutNulls(_ tree: Any) -> Any {
        if let object = tree as? [String: Any] {
            return object.filter { !($0.value is NSNull) }.mapValues(withoutNulls)
        }
        if let array = tree as? [Any] { return array.map(withoutNulls) }
        return tree
    }
}
