import Foundation

/// Slows down password guessing and account floods (see ``ThrottleLimits``): a failed login counts
/// against its login from its address and, more slowly, against its login from everywhere; a
/// registration or an anonymous account counts against its address.
actor LoginThrottle {
    private var perAddress: AttemptLog
    private var perLogin: AttemptLog
    private var registrations: AttemptLog
    private var anonymousAccounts: AttemptLog

    init(_ limits: ThrottleLimits = ThrottleLimits()) {
        perAddress = AttemptLog(limits.failedLoginsPerAddress)
        perLogin = AttemptLog(limits.failedLoginsPerLogin)
        registrations = AttemptLog(limits.registrationsPerAddress)
        anonymousAccounts = AttemptLog(limits.anonymousAccountsPerAddress)
    }

    /// Starts a login: returns the seconds to wait when it is blocked, or nil after counting the
    /// attempt as a failure until ``succeeded(login:from:)`` says otherwise. Counting before the
    /// password is checked keeps the limits when many attempts arrive at once.
    func begin(login: String, from address: String, now: Date = Date()) -> Int? {
        let login = login.lowercased()
        let pair = Self.pair(login, address)
        if let seconds = perAddress.wait(for: pair, now: now) ?? perLogin.wait(for: login, now: now) {
            return seconds
        }
        perAddress.record(pair, now: now)
        perLogin.record(login, now: now)
        return nil
    }

    /// A successful login clears its address's count and takes back its own attempt from the login's.
    func succeeded(login: String, from address: String) {
        let login = login.lowercased()
        perAddress.forget(Self.pair(login, address))
        perLogin.withdrawLatest(login)
    }

    /// Starts a registration from `address`: the seconds to wait, or nil after counting it.
    func beginRegistration(from address: String, now: Date = Date()) -> Int? {
        Self.admit(address, to: &registrations, now: now)
    }

    /// Starts opening an anonymous account from `address`: the seconds to wait, or nil after counting it.
    func beginAnonymousAccount(from address: String, now: Date = Date()) -> Int? {
        Self.admit(address, to: &anonymousAccounts, now: now)
    }

    private static func admit(_ key: String, to log: inout AttemptLog, now: Date) -> Int? {
        if let seconds = log.wait(for: key, now: now) { return seconds }
        log.record(key, now: now)
        return nil
    }

    private static func pair(_ login: String, _ address: String) -> String {
        login + "\u{0}" + address
    }
}
