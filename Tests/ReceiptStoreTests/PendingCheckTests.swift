import Foundation
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("What a source of fiscal documents said of pending receipts", .timeLimit(.minutes(20)))
struct PendingCheckTests {
    /// A pending receipt of `fixture`'s identity, date and total: what a scanned QR code gives.
    static func pending(_ fixture: Receipt) throws -> Receipt {
        Receipt(pendingFrom: try fixture.fiscalCode)
    }

    @Test("oldest first; an invalid one is left out; waiting ones are counted; completing one forgets its check")
    func lifecycle() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        let newest = try Fixtures.receipt(i: 3, date: "2026-11-03T10:00:00")
        let oldest = try Fixtures.receipt(i: 1, date: "2026-10-01T09:00:00")
        let middle = try Fixtures.receipt(i: 2, date: "2026-10-20T18:30:00")
        let complete = try Fixtures.receipt(i: 4, date: "2026-09-01T12:00:00")
        try database.save([try Self.pending(newest), try Self.pending(oldest), try Self.pending(middle), complete])
        #expect(try database.receiptsToComplete().map(\.identity) == [oldest, middle, newest].map(\.identity))
        #expect(try database.receiptsToComplete(limit: 1).map(\.identity) == [oldest.identity])

        let asked = Date(timeIntervalSince1970: 1_795_000_000)
        try database.recordCheck(of: oldest.identity, provider: "fns", outcome: .waiting, at: asked)
        try database.recordCheck(of: oldest.identity, provider: "fns", outcome: .waiting, at: asked + 60)
        #expect(
            try database.check(of: oldest.identity)
                == PendingCheck(provider: "fns", outcome: .waiting, reason: nil, checkedAt: asked + 60, tries: 2))
        try database.recordCheck(
            of: middle.identity, provider: "proverkacheka", outcome: .invalid, reason: "чек некорректен", at: asked)
        #expect(try database.receiptsToComplete().map(\.identity) == [oldest, newest].map(\.identity))
        #expect(try database.check(of: middle.identity)?.reason == "чек некорректен")

        // A complete receipt has no check to keep; completing a pending one forgets its check.
        try database.recordCheck(of: complete.identity, provider: "fns", outcome: .waiting, at: asked)
        #expect(try database.check(of: complete.identity) == nil)
        try database.save([oldest])
        #expect(try database.check(of: oldest.identity) == nil)
        #expect(try database.receiptsToComplete().map(\.identity) == [newest.identity])

        // Kept across opening again.
        let reopened = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        #expect(try reopened.check(of: middle.identity)?.outcome == .invalid)
    }
}
