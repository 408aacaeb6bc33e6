import Foundation
import GRDB
import ReceiptAPI
import ReceiptCore

/// ``DemoStorage``: the demo in the file.
extension SQLiteStorage {
    func accountExists(login: String) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE login = ?)", arguments: [login])
                ?? false
        }
    }

    func unclaimedDocument() async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT document FROM documents d WHERE NOT EXISTS (
                        SELECT 1 FROM receipts r WHERE r.fn = d.fn AND r.fd = d.fd AND r.fp = d.fp) LIMIT 1
                    """)
        }
    }

    func seed(
        login: String, passwordHash: String, receipts: [NewReceipt], unclaimed: [NewReceipt], at date: Date
    ) async throws -> Bool {
        try await write { db in
            guard let account = try Self.insertAuthorized(login: login, passwordHash: passwordHash, at: date, in: db)
            else { return false }
            try Self.insert(receipts, account: account, in: db)
            let known = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO documents (fn, fd, fp, place_id, document) VALUES (?, ?, ?, ?, ?)")
            for receipt in receipts.filter({ $0.status == .complete }) + unclaimed {
                let document = receipt.document
                try known.execute(arguments: [
                    document.fiscalDriveNumber, document.fiscalDocumentNumber, document.fiscalSign, receipt.placeID,
                    receipt.json,
                ])
            }
            return true
        }
    }
}
