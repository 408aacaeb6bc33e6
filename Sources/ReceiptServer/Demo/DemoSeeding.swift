import Foundation
import GRDB
import ReceiptAPI
public import ReceiptCore

/// What seeding the demo did.
public struct DemoSummary: Sendable, Equatable {
    /// False when the demo account already existed and nothing was written.
    public let seeded: Bool
    /// Places the server knows after seeding.
    public let places: Int
    /// Receipts the server keeps after seeding, in all accounts.
    public let receipts: Int
    /// A QR payload the server knows but the demo account has not added: adding it gives a
    /// complete receipt.
    public let sampleQR: String?
}

extension ReceiptsServer {
    /// The demo account's login.
    public static let demoLogin = "demo"
    /// Its password: known to all, so `serve --demo` warns when it listens beyond loopback.
    public static let demoPassword = "demo"

    /// Seeds the deterministic demo: places over Moscow, the `demo`/`demo` account with two years of
    /// receipts ending on `until`, and documents the server knows for adding by QR. Does nothing when
    /// the demo account exists already.
    public func seedDemo(seed: UInt64 = 1, until: LocalDateTime, receiptCount: Int? = nil) async throws -> DemoSummary {
        let exists = try await database.pool.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE login = ?)", arguments: [Self.demoLogin])
                ?? false
        }
        if exists {
            let sample = try await database.pool.read { db in
                try String.fetchOne(
                    db,
                    sql: """
                        SELECT document FROM documents d WHERE NOT EXISTS (
                            SELECT 1 FROM receipts r WHERE r.fn = d.fn AND r.fd = d.fd AND r.fp = d.fp) LIMIT 1
                        """)
            }
            let counts = try database.counts()
            return DemoSummary(
                seeded: false, places: counts.places, receipts: counts.receipts,
                sampleQR: sample.flatMap { try? JSONReader.read(FiscalDocument.self, from: Data($0.utf8)) }
                    .flatMap { try? $0.receipt(status: .complete, placeID: nil).fiscalCode.canonical })
        }
        let data = try DemoData.generate(seed: seed, until: until, receiptCount: receiptCount)
        // The demo password is known to all; its hash needs no more than the minimum cost.
        let hash = await PasswordHasher(cost: 4).hash(Self.demoPassword)
        let receipts = data.receipts.map {
            AccountReceipts.NewReceipt($0.document, status: $0.status, placeID: $0.placeID)
        }
        let unclaimed = data.unclaimed.map {
            AccountReceipts.NewReceipt($0.document, status: .complete, placeID: $0.placeID)
        }
        try database.upsert(places: data.places)
        places.insert(data.places)
        try await database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO accounts (kind, login, password_hash, created_at) VALUES ('authorized', ?, ?, ?)",
                arguments: [Self.demoLogin, hash, Date().timeIntervalSince1970])
            try AccountReceipts.insert(receipts, account: db.lastInsertedRowID, in: db)
            let known = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO documents (fn, fd, fp, place_id, document) VALUES (?, ?, ?, ?, ?)")
            for receipt in receipts where receipt.status == .complete { try Self.remember(receipt, in: known) }
            for receipt in unclaimed { try Self.remember(receipt, in: known) }
        }
        let sample = try data.unclaimed.first.map {
            try $0.document.receipt(status: .complete, placeID: nil).fiscalCode.canonical
        }
        return DemoSummary(seeded: true, places: data.places.count, receipts: data.receipts.count, sampleQR: sample)
    }

    private static func remember(_ receipt: AccountReceipts.NewReceipt, in statement: Statement) throws {
        let document = receipt.document
        try statement.execute(arguments: [
            document.fiscalDriveNumber, document.fiscalDocumentNumber, document.fiscalSign, receipt.placeID,
            receipt.json,
        ])
    }
}
