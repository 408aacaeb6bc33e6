import Foundation
import HTTPTypes
import ReceiptAPI
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptServer

@Suite("Server: the receipt feed and the change feed", .timeLimit(.minutes(20)))
struct FeedTests {
    /// A QR payload of a receipt no server document knows.
    static func payload(_ i: Int, date: String = "20251231T1200", total: String = "100.00") -> String {
        "t=\(date)&s=\(total)&fn=9999000011112222&i=\(i)&fp=\(1_000_000 + i)&n=1"
    }

    @Test("paging through 1,000+ receipts gives each exactly once, newest first, even while receipts arrive")
    func pagingWhileAdding() async throws {
        try await ServerHarness.run { server in
            let until = try LocalDateTime(iso: "2025-06-30T20:00:00")
            _ = try await server.server.seedDemo(seed: 7, until: until, receiptCount: 1_030)
            let demo = server.client()
            let login = try await demo.post("/api/v1/sessions", json: Credentials(login: "demo", password: "demo"))
            #expect(login.status == .ok)

            var seen: [Int64] = []
            var dates: [String] = []
            var cursor: String?
            var pages = 0
            var added: [Int64] = []
            repeat {
                let uri = "/api/v1/receipts" + (cursor.map { "?cursor=\($0)" } ?? "")
                let page = try await demo.get(uri).decode(ReceiptFeedPage.self)
                seen += page.receipts.map(\.id)
                dates += page.receipts.map(\.document.dateTime)
                cursor = page.nextCursor
                pages += 1
                #expect(page.receipts.count <= 50)
                #expect(page.hasMore == (page.nextCursor != nil))
                if pages == 3 {
                    // Mid-way, one receipt newer than everything and one older than everything arrive.
                    for (index, date) in [(1, "20250630T2100"), (2, "20230101T0900")].enumerated() {
                        let response = try await demo.post(
                            "/api/v1/receipts", json: AddReceiptRequest(qr: Self.payload(date.0, date: date.1)))
                        #expect(response.status == .created, "\(index)")
                        added.append(try response.decode(ReceiptEnvelope.self).id)
                    }
                }
            } while cursor != nil
            #expect(Set(seen).count == seen.count, "no receipt twice")
            #expect(pages >= 21)
            #expect(dates == dates.sorted(by: >), "newest first")
            // The older one falls after the cursor and is met; the newer one is for the change feed.
            #expect(seen.contains(added[1]) && !seen.contains(added[0]))
            #expect(seen.count == 1_031)

            // The change feed from the beginning yields every receipt once; from the last position, only
            // what was added since.
            var since: Int64 = 0
            var changed: [Int64] = []
            var more = true
            while more {
                let page = try await demo.get("/api/v1/changes?since=\(since)&limit=100").decode(
                    ReceiptChangesPage.self)
                changed += page.receipts.map(\.id)
                since = page.nextSince
                more = page.hasMore
            }
            #expect(Set(changed) == Set(seen + [added[0]]))
            #expect(changed.count == 1_032)
            let third = try await demo.post("/api/v1/receipts", json: AddReceiptRequest(qr: Self.payload(3)))
            let later = try await demo.get("/api/v1/changes?since=\(since)").decode(ReceiptChangesPage.self)
            #expect(later.receipts.map(\.id) == [try third.decode(ReceiptEnvelope.self).id])
            #expect(!later.hasMore)
        }
    }

    @Test("adding by QR: a known document is complete, an unknown one pending, the same code never twice")
    func addByQR() async throws {
        try await ServerHarness.run { server in
            let until = try LocalDateTime(iso: "2025-06-30T20:00:00")
            let summary = try await server.server.seedDemo(seed: 3, until: until, receiptCount: 100)
            let known = try #require(summary.sampleQR)
            let client = try await server.anonymous()
            let first = try await client.post("/api/v1/receipts", json: AddReceiptRequest(qr: known))
            #expect(first.status == .created)
            let receipt = try first.decode(ReceiptEnvelope.self)
            #expect(receipt.status == .complete)
            #expect(!receipt.document.items.isEmpty)
            #expect(receipt.place != nil)
            let again = try await client.post("/api/v1/receipts", json: AddReceiptRequest(qr: " " + known + "\n"))
            #expect(again.status == .ok)
            #expect(try again.decode(ReceiptEnvelope.self).id == receipt.id)

            let unknown = try await client.post(
                "/api/v1/receipts", json: AddReceiptRequest(qr: Self.payload(9, total: "12,5")))
            let pending = try unknown.decode(ReceiptEnvelope.self)
            #expect(pending.status == .pending)
            #expect(pending.document.totalSum == 1250 && pending.document.items.isEmpty)
            #expect(pending.document.dateTime == "2025-12-31T12:00:00")

            let invalid = try await client.post("/api/v1/receipts", json: AddReceiptRequest(qr: "t=1&s=2"))
            #expect(invalid.status == .unprocessableContent && invalid.errorCode == "invalid_qr")
            #expect(invalid.text.contains("field fn"))
        }
    }

    @Test("two sessions adding the same code at the same moment get one receipt")
    func racingAdds() async throws {
        try await ServerHarness.run { server in
            let first = try await server.registered("racer")
            let second = server.client()
            _ = try await second.post(
                "/api/v1/sessions", json: Credentials(login: "racer", password: "correct horse battery"))
            for round in 0..<10 {
                let qr = Self.payload(100 + round)
                async let a = first.post("/api/v1/receipts", json: AddReceiptRequest(qr: qr))
                async let b = second.post("/api/v1/receipts", json: AddReceiptRequest(qr: qr))
                let (ra, rb) = try await (a, b)
                #expect(Set([ra.status.code, rb.status.code]) == [200, 201])
                #expect(try ra.decode(ReceiptEnvelope.self).id == rb.decode(ReceiptEnvelope.self).id)
            }
            let page = try await first.get("/api/v1/receipts").decode(ReceiptFeedPage.self)
            #expect(page.receipts.count == 10)
        }
    }

    @Test("one account cannot read, list, page into or follow the changes of another's receipts")
    func isolation() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.registered("alice")
            let mallory = try await server.registered("mallory")
            var ids: [Int64] = []
            for i in 1...60 {
                ids.append(
                    try await alice.post("/api/v1/receipts", json: AddReceiptRequest(qr: Self.payload(i))).decode(
                        ReceiptEnvelope.self
                    ).id)
            }
            let alicePage = try await alice.get("/api/v1/receipts").decode(ReceiptFeedPage.self)
            let cursor = try #require(alicePage.nextCursor)

            #expect(try await mallory.get("/api/v1/receipts/\(ids[0])").status == .notFound)
            #expect(try await mallory.get("/api/v1/receipts").decode(ReceiptFeedPage.self).receipts.isEmpty)
            let foreign = try await mallory.get("/api/v1/receipts?cursor=\(cursor)")
            #expect(foreign.status == .badRequest && foreign.errorCode == "bad_request")
            #expect(try await mallory.get("/api/v1/changes?since=0").decode(ReceiptChangesPage.self).receipts.isEmpty)
            // Adding the same code makes Mallory's own copy and leaves Alice's as it was.
            let copy = try await mallory.post("/api/v1/receipts", json: AddReceiptRequest(qr: Self.payload(1)))
            #expect(copy.status == .created)
            #expect(try copy.decode(ReceiptEnvelope.self).id != ids[0])
            #expect(try await alice.get("/api/v1/receipts/\(ids[0])").decode(ReceiptEnvelope.self).sequence == 1)
        }
    }
}
