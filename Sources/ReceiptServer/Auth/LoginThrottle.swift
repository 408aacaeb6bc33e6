import Foundation

/// Slows down password guessing and account floods (see ``ThrottleLimits``): a failed login counts
/// against its login from its address and, more slowly, against its login from everywhere; a
/// registration or an anonymous account counts against its address.
///
/// The attempts are kept in the storage, so that every instance on one database counts them together.
struct LoginThrottle: Sendable {
    let storage: any ServerStorage
    let limits: ThrottleLimits

    /// Starts a login: returns the seconds to wait when it is blocked, or nil after counting the
    /// attempt as a failure until ``succeeded(login:from:)`` says otherwise. Counting before the
    /// password is checked keeps the limits when many attempts arrive at once.
    func begin(login: String, from address: String, now: Date = Date()) async throws -> Int? {
        let login = login.lowercased()
        return try await storage.admit(
            [
                Attempt(key: Self.pairKey(login, address), rate: limits.failedLoginsPerAddress),
                Attempt(key: "login:" + login, rate: limits.failedLoginsPerLogin),
            ], now: now)
    }

    /// A successful login clears its address's count and takes back its own attempt from the login's.
    func succeeded(login: String, from address: String) async throws {
        let login = login.lowercased()
        try await storage.forgetAttempts(of: Self.pairKey(login, address))
        try await storage.withdrawLatestAttempt(of: "login:" + login)
    }

    /// Starts a registration from `address`: the seconds to wait, or nil after counting it.
    func beginRegistration(from address: String, now: Date = Date()) async throws -> Int? {
        try await storage.admit([Attempt(key: "register:" + address, rate: limits.registrationsPerAddress)], now: now)
    }

    /// Starts opening an anonymous account from `address`: the seconds to wait, or nil after counting it.
    func beginAnonymousAccount(from address: String, now: Date = Date()) async throws -> Int? {
        try await storage.admit(
            [Attempt(key: "anonymous:" + address, rate: limits.anonymousAccountsPerAddress)], now: now)
    }

    /// The address first: it has no `/`, so no login can make two pairs meet.
    private static func pairKey(_ login: String, _ address: String) -> String {
        "login-from:" + address + "/" + login
    }
}
