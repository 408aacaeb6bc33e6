import Foundation
import PostgresNIO
import ReceiptAPI
import ReceiptCore

/// ``DemoStorage``: the demo in the database, seeded by the first instance that asks.
extension PostgresStorage {
    func accountExists(login: String) async throws -> Bool {
        try await call(changesAnswers: false) { client in
            for try await exists in try await client.query(
                "SELECT EXISTS (SELECT 1 FROM accounts WHERE lower(login) = lower(\(login)))"
            ).decode(Bool.self) {
                return exists
            }
            return false
        }
    }

    func unclaimedDocument() async throws -> String? {
        try await call(changesAnswers: false) { client in
            let rows = try await client.query(
                """
                SELECT document FROM documents d WHERE NOT EXISTS (
                    SELECT 1 FROM receipts r WHERE r.fn = d.fn AND r.fd = d.fd AND r.fp = d.fp)
                ORDER BY fn, fd, fp LIMIT 1
                """)
            for try await document in rows.decode(String.self) { return document }
            return nil
        }
    }

    /// How long a call waits that queues behind another instance's lock (the demo's seeding, a
    /// completer's value): that instance's whole transaction, not one request's patience.
    static let lockPatience = Duration.seconds(60)

    func seed(
        login: String, passwordHash: String, receipts: [NewReceipt], unclaimed: [NewReceipt], at date: Date
    ) async throws -> Bool {
        // Instances starting together wait for whichever seeds first, however loaded the machine.
        try await transaction(patience: Self.lockPatience) { connection, logger in
            // Instances starting together with --demo: the first seeds, the others find it seeded.
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.lockKey + 1))", logger: logger)
            var account: Int64?
            for try await id in try await connection.query(
                """
                INSERT INTO accounts (kind, login, password_hash, created_at)
                VALUES ('authorized', \(login), \(passwordHash), \(date)) ON CONFLICT DO NOTHING RETURNING id
                """, logger: logger
            ).decode(Int64.self) {
                account = id
            }
            guard let account else { return false }
            try await Self.insert(receipts, account: account, on: connection, logger: logger)
            let known = receipts.filter { $0.status == .complete } + unclaimed
            for chunk in Self.chunks(known) {
                let documents = chunk.map(\.document)
                try await connection.query(
                    """
                    INSERT INTO documents (fn, fd, fp, place_id, document)
                    SELECT fn, fd, fp, NULLIF(place_id, ''), document
                    FROM unnest(\(documents.map(\.fiscalDriveNumber))::text[], \(documents.map(\.fiscalDocumentNumber))::bigint[],
                        \(documents.map(\.fiscalSign))::bigint[], \(chunk.map { $0.placeID ?? "" })::text[],
                        \(chunk.map(\.json))::text[]) AS new (fn, fd, fp, place_id, document)
                    ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
            return true
        }
    }
}
