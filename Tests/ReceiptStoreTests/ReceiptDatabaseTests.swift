import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("Receipt database", .timeLimit(.minutes(20)))
struct ReceiptDatabaseTests {
    @Test("creates the file and its folder, in WAL mode with foreign keys on")
    func creates() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("nested/deeper/receipts.sqlite")
        let database = try ReceiptDatabase.open(at: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try database.pragma("journal_mode") == "wal")
        #expect(try database.pragma("foreign_keys") == "1")
        #expect(try database.integrityCheck())
    }

    @Test("keeps a receipt with its items exactly, weighed quantities and VAT codes included")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        let receipt = try Fixtures.receipt()
        #expect(try database.save(receipt) == .inserted)
        let reopened = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        #expect(try reopened.receipt(receipt.identity) == receipt)
        #expect(try reopened.receipt(FiscalIdentity(fn: "9251440300007971", i: 1, fp: 1)) == nil)
    }

    @Test("the same (fn, i, fp) saved again is one receipt: unchanged, or updated when it differs")
    func upsert() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        var receipt = try Fixtures.receipt()
        #expect(try database.save([receipt, receipt]) == [.inserted, .unchanged])
        receipt.items.removeLast()
        receipt.retailPlace = "Лента №12"
        #expect(try database.save(receipt) == .updated)
        #expect(try database.receipt(receipt.identity) == receipt)
        #expect(try database.receiptCount() == 1)
        // Saving again takes no local id: the next receipt gets the next one.
        try database.save(try Fixtures.receipt(i: 2))
        let ids = try database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM receipts ORDER BY id") }
        #expect(ids == [1, 2])
    }

    @Test("a pending receipt from a QR code never overwrites the complete one, and is completed later")
    func pendingAndComplete() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        let complete = try Fixtures.receipt()
        let pending = Receipt(pendingFrom: try complete.fiscalCode)
        #expect(try database.save(pending) == .inserted)
        #expect(try database.save(complete) == .updated)
        #expect(try database.save(pending) == .unchanged)
        #expect(try database.receipt(complete.identity)?.status == .complete)
    }

    @Test("groups by the shop's local month, newest first")
    func months() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save([
            try Fixtures.receipt(i: 1, date: "2019-03-31T23:59:59"),
            try Fixtures.receipt(i: 2, date: "2019-04-01T00:00:00"),
            try Fixtures.receipt(i: 3, date: "2019-03-01T08:15:00"),
            try Fixtures.receipt(i: 4, date: "2019-03-15T12:00:00", operation: .saleRefund),
        ])
        let months = try database.months()
        #expect(months.map(\.month.description) == ["2019-04", "2019-03"])
        #expect(months.map(\.receipts) == [1, 3])
        let march = try database.receipts(in: try Month(parsing: "2019-03"))
        #expect(march.map(\.identity.i) == [1, 4, 3])
    }

    @Test("a batch with one bad receipt writes nothing")
    func atomicBatch() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        var unknownPlace = try Fixtures.receipt(i: 2)
        unknownPlace.placeID = "no-such-place"
        #expect(throws: StoreError.self) { try database.save([try Fixtures.receipt(i: 1), unknownPlace]) }
        #expect(try database.receiptCount() == 0)
    }

    @Test("places are upserted by id and keep their coordinates")
    func places() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        var place = Place(
            id: "lenta-12", name: "Лента", coordinate: try Coordinate(latitude: 59.9887, longitude: 30.2543),
            category: .groceries, address: "Савушкина ул., 112")
        try database.save([place])
        place.name = "Лента гипермаркет"
        try database.save([place])
        #expect(try database.places() == [place])
        var receipt = try Fixtures.receipt()
        receipt.placeID = place.id
        try database.save(receipt)
        #expect(try database.receipt(receipt.identity)?.placeID == "lenta-12")
    }
}
