import Crypto
import Foundation
import ReceiptCore

/// Slows down password guessing and account floods (see ``ThrottleLimits``) without letting anyone
/// lock another person out.
///
/// A login from a device that logged in to that account before (its device mark, a cookie signed
/// by the server: OWASP's "device cookies") counts only against that device: nobody else's failures
/// stop it. Any other login counts, in this order, against all failed logins from its address,
/// against its login from its address, and against its login from everywhere; once that last
/// bucket is full, the login is slowed to one attempt in a while from each range of addresses (an
/// IPv4 /24, an IPv6 /48), never refused for an hour, so the owner still gets in from a new device
/// whatever an attacker elsewhere keeps trying. Registrations and anonymous accounts count against their
/// address.
///
/// The attempts are kept in the storage, so that every instance on one database counts them
/// together, and under hashed keys: no login or address is stored as it was typed.
struct LoginThrottle: Sendable {
    let storage: any ServerStorage
    let limits: ThrottleLimits
    /// Signs and reads device marks (the server's cursor key).
    let signer: CursorCodec
    /// What time it is for the counts: the server's clock (``ServerSettings/clock``).
    var clock: @Sendable () -> Date = { Date() }

    /// The attempts a login was counted as, to take back when its password proves right.
    struct Ticket: Sendable {
        /// Keys whose every attempt a success forgets (the login from this address or device).
        let forget: [String]
        /// Keys whose latest attempt a success takes back (this attempt in the wider counts).
        let withdraw: [String]
    }

    /// What a device mark holds: a random device id and the login it logged in to (hashed).
    struct DeviceMark: Codable {
        let device: String
        let login: String
    }

    /// Starts a login: the seconds to wait when it is slowed down, else the ticket of the attempts
    /// it was counted as (failures until ``succeeded(_:)`` says otherwise). Counting before the
    /// password is checked keeps the limits when many attempts arrive at once.
    func begin(login: String, from address: String, deviceMark: String?) async throws -> Result<Ticket, Slowed> {
        let now = clock()
        let login = login.lowercased()
        if let device = device(of: deviceMark, login: login) {
            let key = Self.key("device", device)
            if let wait = try await storage.admit([Attempt(key: key, rate: limits.failedLoginsPerDevice)], now: now) {
                return .failure(Slowed(seconds: wait))
            }
            return .success(Ticket(forget: [key], withdraw: []))
        }
        let fromAddress = Self.key("failed-from", address)
        let pair = Self.key("login-from", address, login)
        if let wait = try await storage.admit(
            [
                Attempt(key: fromAddress, rate: limits.failedLoginsFromAddress),
                Attempt(key: pair, rate: limits.failedLoginsPerAddress),
            ], now: now)
        {
            return .failure(Slowed(seconds: wait))
        }
        let bucket = Self.key("login", login)
        if try await storage.admit([Attempt(key: bucket, rate: limits.failedLoginsPerLogin)], now: now) == nil {
            return .success(Ticket(forget: [pair], withdraw: [fromAddress, bucket]))
        }
        // The login's bucket is full: it goes on, slowly, from each range of addresses on its own,
        // so that one attacker retrying as each wait runs out holds only their own range's turn;
        // from all ranges together it is capped too.
        let slowed = Self.key("login-slowed", login, Self.range(of: address))
        let everywhere = Self.key("login-slowed-all", login)
        if let wait = try await storage.admit(
            [
                Attempt(key: slowed, rate: limits.slowedLoginsPerLogin),
                Attempt(key: everywhere, rate: limits.slowedLoginsEverywhere),
            ], now: now)
        {
            return .failure(Slowed(seconds: wait))
        }
        return .success(Ticket(forget: [pair], withdraw: [fromAddress, slowed, everywhere]))
    }

    /// A login proved right: its attempts stop counting as failures.
    func succeeded(_ ticket: Ticket) async throws {
        for key in ticket.forget { try await storage.forgetAttempts(of: key) }
        for key in ticket.withdraw { try await storage.withdrawLatestAttempt(of: key) }
    }

    /// A new device mark for `login`: the cookie a successful login sets.
    func newDeviceMark(for login: String) -> String {
        let id = Secret.random(bytes: 16)
        return signer.encode(DeviceMark(device: id, login: Self.hashed(login.lowercased())))
    }

    /// The device id of a mark this server signed for `login`, else nil.
    private func device(of mark: String?, login: String) -> String? {
        guard let mark, let decoded = signer.decode(mark, as: DeviceMark.self), decoded.login == Self.hashed(login)
        else { return nil }
        return decoded.device
    }

    /// Starts a registration from `address`: the seconds to wait, or nil after counting it.
    func beginRegistration(from address: String) async throws -> Int? {
        try await storage.admit(
            [Attempt(key: Self.key("register", address), rate: limits.registrationsPerAddress)], now: clock())
    }

    /// Starts opening an anonymous account from `address`: the seconds to wait, or nil after counting it.
    func beginAnonymousAccount(from address: String) async throws -> Int? {
        try await storage.admit(
            [Attempt(key: Self.key("anonymous", address), rate: limits.anonymousAccountsPerAddress)], now: clock())
    }

    /// The range of addresses a counted address (``ServerContext/countedAddress(_:)``) lies in, as
    /// one network's subscribers share it: an IPv4 address's /24, an IPv6 /64's /48.
    static func range(of address: String) -> String {
        if address.hasSuffix("::/64") {
            let groups = address.dropLast("::/64".count).split(separator: ":", omittingEmptySubsequences: false)
            return groups.prefix(3).joined(separator: ":") + "::/48"
        }
        let octets = address.split(separator: ".")
        guard octets.count == 4 else { return address }
        return octets.prefix(3).joined(separator: ".") + ".0/24"
    }

    /// The storage key of a count: its kind, then a hash of its parts (each ended by a zero byte,
    /// so that no two lists of parts meet).
    static func key(_ kind: String, _ parts: String...) -> String {
        kind + ":" + hashed(parts.map { $0 + "\0" }.joined())
    }

    /// SHA-256 of `text`, the first 16 bytes in hex.
    private static func hashed(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}

/// A login that must wait: the seconds, for `Retry-After`.
struct Slowed: Error {
    let seconds: Int
}
