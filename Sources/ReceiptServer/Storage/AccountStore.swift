import Crypto
import Foundation
import GRDB
import ReceiptAPI

/// An account as the request handlers see it.
struct Account: Sendable, Equatable {
    let id: Int64
    let kind: AccountKind
    let login: String?
}

/// A session just opened: the token goes into the cookie, only its hash into the database.
struct OpenedSession: Sendable {
    let token: String
    let account: Account
    let expiresAt: Date
}

/// Accounts and their sessions.
struct AccountStore: Sendable {
    let database: ServerDatabase
    let sessionLifetime: TimeInterval
    /// What time it is: the system clock, or a test's.
    let clock: @Sendable () -> Date

    func register(login: String, passwordHash: String) throws -> Account? {
        try database.pool.write { db in
            let taken =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE login = ?)", arguments: [login]) ?? false
            if taken { return nil }
            try db.execute(
                sql: "INSERT INTO accounts (kind, login, password_hash, created_at) VALUES ('authorized', ?, ?, ?)",
                arguments: [login, passwordHash, Date().timeIntervalSince1970])
            return Account(id: db.lastInsertedRowID, kind: .authorized, login: login)
        }
    }

    func openAnonymous() throws -> Account {
        try database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO accounts (kind, created_at) VALUES ('anonymous', ?)",
                arguments: [Date().timeIntervalSince1970])
            return Account(id: db.lastInsertedRowID, kind: .anonymous, login: nil)
        }
    }

    /// The account and its password hash, for checking a login.
    func credentials(login: String) throws -> (account: Account, hash: String)? {
        try database.pool.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, login, password_hash FROM accounts WHERE login = ? AND kind = 'authorized'",
                    arguments: [login])
            else { return nil }
            return (Account(id: row["id"], kind: .authorized, login: row["login"]), row["password_hash"])
        }
    }

    func openSession(for account: Account) throws -> OpenedSession {
        let now = clock()
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let token = Data(bytes).base64URLEncoded
        let expires = now.addingTimeInterval(sessionLifetime)
        try database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [Self.hash(token), account.id, now.timeIntervalSince1970, expires.timeIntervalSince1970])
        }
        return OpenedSession(token: token, account: account, expiresAt: expires)
    }

    /// The account of a live session; nil for an unknown or expired token (an expired one is removed).
    func account(forToken token: String) throws -> (Account, expiresAt: Date)? {
        let now = clock()
        let hash = Self.hash(token)
        let row = try database.pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT accounts.id, accounts.kind, accounts.login, sessions.expires_at
                    FROM sessions JOIN accounts ON accounts.id = sessions.account_id WHERE sessions.token_hash = ?
                    """,
                arguments: [hash])
        }
        guard let row else { return nil }
        let expiresAt = Date(timeIntervalSince1970: row["expires_at"])
        guard expiresAt > now else {
            try closeSession(token: token)
            return nil
        }
        let kind = AccountKind(rawValue: row["kind"]) ?? .anonymous
        return (Account(id: row["id"], kind: kind, login: row["login"]), expiresAt)
    }

    func closeSession(token: String) throws {
        try database.pool.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [Self.hash(token)])
        }
    }

    static func hash(_ token: String) -> Data {
        Data(SHA256.hash(data: Data(token.utf8)))
    }
}

extension Data {
    /// Base64 with the URL- and cookie-safe alphabet and no padding.
    var base64URLEncoded: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init?(base64URLEncoded text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        self.init(base64Encoded: base64)
    }
}
