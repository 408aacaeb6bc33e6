import Foundation

/// Accounts and their sessions: registering and opening accounts, the credentials a login is
/// checked against, the sessions (only their tokens' hashes) and password changes. What
/// ``AccountStore`` keeps below the session tokens it makes and checks.
protocol SessionStorage: Sendable {
    /// A new authorized account; nil when the login is taken (logins are compared without case).
    func register(login: String, passwordHash: String, at date: Date) async throws -> Account?
    /// A new anonymous account.
    func openAnonymous(at date: Date) async throws -> Account
    /// The authorized account of `login` and its password hash.
    func credentials(login: String) async throws -> (account: Account, hash: String)?
    /// Keeps a session: only the hash of its token.
    func insertSession(tokenHash: Data, account: Int64, createdAt: Date, expiresAt: Date) async throws
    /// The account of the session whose token hashes to `tokenHash`, expired or not.
    func session(tokenHash: Data) async throws -> (account: Account, expiresAt: Date)?
    /// Forgets a session.
    func deleteSession(tokenHash: Data) async throws
    /// Forgets every session of `account` but the one whose token hashes to `keeping`: how "log out
    /// everywhere" and a password change end the sessions of a stolen password or a lost device.
    func deleteSessions(account: Int64, keeping: Data?) async throws
    /// Sets an authorized account's password hash and, in the same transaction, forgets its
    /// sessions but `keeping`; false when the account is not an authorized one.
    func changePassword(account: Int64, passwordHash: String, keeping: Data?) async throws -> Bool
}
