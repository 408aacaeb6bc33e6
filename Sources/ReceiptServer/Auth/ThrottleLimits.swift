public import Foundation

/// How many attempts the server takes in a while before it answers 429 with `Retry-After`.
///
/// A login from a device that logged in to the account before counts only against that device.
/// Any other failed login counts against every failed login from its address (checked first), its
/// login from its address, and its login from every address; when that last is full, the login is
/// slowed to ``slowedLoginsPerLogin`` from each range of addresses rather than refused, so nobody
/// can lock the owner out. Addresses
/// are IPv4 addresses or IPv6 /64 networks. Registrations and anonymous accounts count per address;
/// receipts added and provider calls per account (`AccountLimits`), anonymous accounts' adds per
/// address as well.
public struct ThrottleLimits: Sendable {
    /// At most `count` attempts within `window` seconds.
    public struct Rate: Sendable, Equatable {
        /// Attempts allowed within the window.
        public var count: Int
        /// The window's length in seconds; an attempt counts until it is this old.
        public var window: TimeInterval

        /// A rate of `count` attempts per `window` seconds.
        public init(_ count: Int, per window: TimeInterval) {
            self.count = count
            self.window = window
        }
    }

    /// Failed logins of any login from one address: 30 in 5 minutes.
    public var failedLoginsFromAddress = Rate(30, per: 300)
    /// Failed logins of one login from one address: 5 in 5 minutes.
    public var failedLoginsPerAddress = Rate(5, per: 300)
    /// Failed logins of one login from all addresses together, before it is slowed: 50 in an hour.
    public var failedLoginsPerLogin = Rate(50, per: 3600)
    /// Logins of one login from one range of addresses (an IPv4 /24, an IPv6 /48), from devices it
    /// never logged in from, once ``failedLoginsPerLogin`` is full: one in 30 seconds. A range each,
    /// so that an attacker retrying as each wait runs out holds no one else's turn.
    public var slowedLoginsPerLogin = Rate(1, per: 30)
    /// The same from all ranges together: 120 in 5 minutes, so that guessing from many networks at
    /// once stays slow (1,440 an hour at most) while one range, at 10 in 5 minutes, cannot fill it:
    /// it takes twelve networks retrying without pause to hold a newcomer out.
    public var slowedLoginsEverywhere = Rate(120, per: 300)
    /// Failed logins from a device the login logged in from before: 5 in 5 minutes.
    public var failedLoginsPerDevice = Rate(5, per: 300)
    /// Registrations from one address: 30 in an hour.
    public var registrationsPerAddress = Rate(30, per: 3600)
    /// Anonymous accounts opened from one address: 10 in an hour (a household's phones, a few
    /// reinstalls). What they add counts against the address too, as one account's adds.
    public var anonymousAccountsPerAddress = Rate(10, per: 3600)
    /// Receipts one account adds by QR code (a repeat included): 100 in an hour.
    public var receiptsAddedPerHour = Rate(100, per: 3600)
    /// Receipts one account adds by QR code: 300 in a day.
    public var receiptsAddedPerDay = Rate(300, per: 86_400)
    /// Calls on the completion provider for one account's receipts (`serve --complete-with`): 100 in
    /// a day; the account's other pending receipts wait for the next day.
    public var providerCallsPerAccount = Rate(100, per: 86_400)

    /// Codes one account tries to join a household with: 10 in an hour. A code has 50 random bits
    /// and lives a day: guessing one is hopeless at this pace.
    public var joinsPerAccount = Rate(10, per: 3600)
    /// Codes tried from one address, by any account: 30 in an hour.
    public var joinsFromAddress = Rate(30, per: 3600)

    /// The limits `receipts serve` uses.
    public init() {}
}
