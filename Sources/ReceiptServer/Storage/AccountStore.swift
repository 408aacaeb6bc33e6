import Crypto
import Foundation
import ReceiptAPI
import ReceiptCore

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

/// Accounts and their sessions: tokens made and hashed here, kept by the storage.
struct AccountStore: Sendable {
    let storage: any ServerStorage
    let sessionLifetime: TimeInterval
    /// What time it is: the system clock, or a test's.
    let clock: @Sendable () -> Date
    /// Sessions kept in memory while the storage has not changed.
    let answers: AnswerCache

    func register(login: String, passwordHash: String) async throws -> Account? {
        try await storage.register(login: login, passwordHash: passwordHash, at: Date())
    }

    func openAnonymous() async throws -> Account {
        try await storage.openAnonymous(at: Date())
    }

    /// The account and its password hash, for checking a login.
    func credentials(login: String) async throws -> (account: Account, hash: String)? {
        try await storage.credentials(login: login)
    }

    func openSession(for account: Account) async throws -> OpenedSession {
        let now = clock()
        let token = Secret.random(bytes: 32)
        let expires = now.addingTimeInterval(sessionLifetime)
        try await storage.insertSession(
            tokenHash: Self.hash(token), account: account.id, createdAt: now, expiresAt: expires)
        return OpenedSession(token: token, account: account, expiresAt: expires)
    }

    /// The account of a live session; nil for an unknown or expired token (an expired one is removed).
    /// A session kept in memory since the storage last changed is not asked for again.
    func account(forToken token: String) async throws -> (Account, expiresAt: Date)? {
        let hash = Self.hash(token)
        if let (account, expiresAt) = answers.session(hash), expiresAt > clock() { return (account, expiresAt) }
        let generation = answers.changes.current
        guard let (account, expiresAt) = try await storage.session(tokenHash: hash),
            try await isLive(token: token, expiresAt: expiresAt)
        else { return nil }
        answers.keep(session: hash, account: account, expiresAt: expiresAt, generation: generation)
        return (account, expiresAt)
    }

    /// The account of a live session kept in memory since the storage last changed, without asking
    /// the storage; nil when none is (or it has expired: the storage removes it when asked).
    func keptAccount(forToken token: String) -> Account? {
        guard let (account, expiresAt) = answers.session(Self.hash(token)), expiresAt > clock() else { return nil }
        return account
    }

    /// The account of a live session and a page of its feed, read in one storage call; nil for an
    /// unknown or expired token (an expired one is removed).
    func feed(forToken token: String, after position: FeedPosition?, limit: Int) async throws -> SessionFeed? {
        let hash = Self.hash(token)
        let generation = answers.changes.current
        guard let found = try await storage.feed(session: hash, after: position, limit: limit),
            try await isLive(token: token, expiresAt: found.expiresAt)
        else { return nil }
        answers.keep(session: hash, account: found.account, expiresAt: found.expiresAt, generation: generation)
        return found
    }

    /// Whether a session expiring at `expiresAt` is still live; one that is not is removed.
    private func isLive(token: String, expiresAt: Date) async throws -> Bool {
        guard expiresAt > clock() else {
            try await closeSession(token: token)
            return false
        }
        return true
    }

    func closeSession(token: String) async throws {
        try await storage.deleteSession(tokenHash: Self.hash(token))
    }

    /// Ends every session of `account` but the one of `keeping` (a token), when given.
    func closeSessions(of account: Account, keeping: String?) async throws {
        try await storage.deleteSessions(account: account.id, keeping: keeping.map(Self.hash))
    }

    /// Sets `account`'s password hash and ends its other sessions; false for an account without a password.
    func changePassword(of account: Account, to hash: String, keeping: String?) async throws -> Bool {
        try await storage.changePassword(account: account.id, passwordHash: hash, keeping: keeping.map(Self.hash))
    }

    static func hash(_ token: String) -> Data {
        Data(SHA256.hash(data: Data(token.utf8)))
    }
}

extension Data {
    /// Base64 with the URL- and cookie-safe alphabet and no padding.
    var base64URLEncoded: String {
        let standard = base64EncodedString().utf8
        var bytes: [UInt8] = []
        bytes.reserveCapacity(standard.count)
        for byte in standard {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    init?(base64URLEncoded text: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
            default: bytes.append(byte)
            }
        }
        while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
        self.init(base64Encoded: Data(bytes))
    }
}
