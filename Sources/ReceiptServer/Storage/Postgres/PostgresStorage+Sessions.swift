import Foundation
import PostgresNIO
import ReceiptAPI

/// ``SessionStorage``: accounts and sessions in the database; a session is read with a prepared
/// statement.
extension PostgresStorage {
    func register(login: String, passwordHash: String, at date: Date) async throws -> Account? {
        try await call { client in
            let rows = try await client.query(
                """
                INSERT INTO accounts (kind, login, password_hash, created_at)
                VALUES ('authorized', \(login), \(passwordHash), \(date)) ON CONFLICT DO NOTHING RETURNING id
                """)
            for try await id in rows.decode(Int64.self) { return Account(id: id, kind: .authorized, login: login) }
            return nil
        }
    }

    func openAnonymous(at date: Date) async throws -> Account {
        try await call { client in
            let rows = try await client.query(
                "INSERT INTO accounts (kind, created_at) VALUES ('anonymous', \(date)) RETURNING id")
            for try await id in rows.decode(Int64.self) { return Account(id: id, kind: .anonymous, login: nil) }
            throw StorageFault("no accounts row came back")
        }
    }

    func credentials(login: String) async throws -> (account: Account, hash: String)? {
        try await call(changesAnswers: false) { client in
            let rows = try await client.query(
                """
                SELECT id, login, password_hash FROM accounts
                WHERE lower(login) = lower(\(login)) AND kind = 'authorized'
                """)
            for try await (id, login, hash) in rows.decode((Int64, String, String).self) {
                return (Account(id: id, kind: .authorized, login: login), hash)
            }
            return nil
        }
    }

    func insertSession(tokenHash: Data, account: Int64, createdAt: Date, expiresAt: Date) async throws {
        try await call { client in
            _ = try await client.query(
                """
                INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
                VALUES (\(tokenHash), \(account), \(createdAt), \(expiresAt))
                """)
        }
    }

    func session(tokenHash: Data) async throws -> (account: Account, expiresAt: Date)? {
        try await call(changesAnswers: false) { client in
            for try await (id, kind, login, expires) in try await client.execute(SessionStatement(tokenHash: tokenHash))
            {
                return (Account(id: id, kind: AccountKind(rawValue: kind) ?? .anonymous, login: login), expires)
            }
            return nil
        }
    }

    func deleteSession(tokenHash: Data) async throws {
        try await call { client in
            _ = try await client.query("DELETE FROM sessions WHERE token_hash = \(tokenHash)")
        }
    }

    func deleteSessions(account: Int64, keeping: Data?) async throws {
        try await call { client in
            _ = try await client.query(
                "DELETE FROM sessions WHERE account_id = \(account) AND token_hash IS DISTINCT FROM \(keeping)")
        }
    }

    func changePassword(account: Int64, passwordHash: String, keeping: Data?) async throws -> Bool {
        try await transaction { connection, logger in
            let rows = try await connection.query(
                """
                UPDATE accounts SET password_hash = \(passwordHash)
                WHERE id = \(account) AND kind = 'authorized' RETURNING id
                """, logger: logger)
            var changed = false
            for try await _ in rows.decode(Int64.self) { changed = true }
            guard changed else { return false }
            _ = try await connection.query(
                "DELETE FROM sessions WHERE account_id = \(account) AND token_hash IS DISTINCT FROM \(keeping)",
                logger: logger)
            return true
        }
    }
}
