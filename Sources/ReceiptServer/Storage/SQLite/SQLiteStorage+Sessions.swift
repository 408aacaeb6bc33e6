import Foundation
import GRDB
import ReceiptAPI

/// ``SessionStorage``: accounts and sessions in the file.
extension SQLiteStorage {
    func register(login: String, passwordHash: String, at date: Date) async throws -> Account? {
        try await write { db in
            guard let id = try Self.insertAuthorized(login: login, passwordHash: passwordHash, at: date, in: db) else {
                return nil
            }
            return Account(id: id, kind: .authorized, login: login)
        }
    }

    /// Creates the authorized account `login` within the caller's transaction and returns its id;
    /// nil, and nothing done, when an account has the login.
    static func insertAuthorized(login: String, passwordHash: String, at date: Date, in db: Database) throws -> Int64? {
        let taken =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE login = ?)", arguments: [login]) ?? false
        if taken { return nil }
        try db.execute(
            sql: "INSERT INTO accounts (kind, login, password_hash, created_at) VALUES ('authorized', ?, ?, ?)",
            arguments: [login, passwordHash, date.timeIntervalSince1970])
        return db.lastInsertedRowID
    }

    func openAnonymous(at date: Date) async throws -> Account {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO accounts (kind, created_at) VALUES ('anonymous', ?)",
                arguments: [date.timeIntervalSince1970])
            return Account(id: db.lastInsertedRowID, kind: .anonymous, login: nil)
        }
    }

    func credentials(login: String) async throws -> (account: Account, hash: String)? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, login, password_hash FROM accounts WHERE login = ? AND kind = 'authorized'",
                    arguments: [login])
            else { return nil }
            return (Account(id: row["id"], kind: .authorized, login: row["login"]), row["password_hash"])
        }
    }

    func insertSession(tokenHash: Data, account: Int64, createdAt: Date, expiresAt: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [tokenHash, account, createdAt.timeIntervalSince1970, expiresAt.timeIntervalSince1970])
        }
    }

    func session(tokenHash: Data) async throws -> (account: Account, expiresAt: Date)? {
        try await read { db in try Self.session(tokenHash: tokenHash, in: db) }
    }

    /// The account and expiry of a session, in the read `db`.
    static func session(tokenHash: Data, in db: Database) throws -> (account: Account, expiresAt: Date)? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT accounts.id, accounts.kind, accounts.login, sessions.expires_at
                        FROM sessions JOIN accounts ON accounts.id = sessions.account_id
                        WHERE sessions.token_hash = ?
                        """),
                arguments: [tokenHash])
        else { return nil }
        let kind = AccountKind(rawValue: row["kind"]) ?? .anonymous
        return (
            Account(id: row["id"], kind: kind, login: row["login"]),
            Date(timeIntervalSince1970: row["expires_at"])
        )
    }

    func deleteSession(tokenHash: Data) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [tokenHash])
        }
    }

    func deleteSessions(account: Int64, keeping: Data?) async throws {
        try await write { db in try Self.deleteSessions(db, account: account, keeping: keeping) }
    }

    func changePassword(account: Int64, passwordHash: String, keeping: Data?) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE accounts SET password_hash = ? WHERE id = ? AND kind = 'authorized'",
                arguments: [passwordHash, account])
            guard db.changesCount == 1 else { return false }
            try Self.deleteSessions(db, account: account, keeping: keeping)
            return true
        }
    }

    private static func deleteSessions(_ db: Database, account: Int64, keeping: Data?) throws {
        try db.execute(
            sql: "DELETE FROM sessions WHERE account_id = ? AND (? IS NULL OR token_hash <> ?)",
            arguments: [account, keeping, keeping])
    }
}
