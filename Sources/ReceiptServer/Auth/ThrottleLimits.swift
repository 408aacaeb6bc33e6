public import Foundation

/// How many attempts the server takes in a while before it answers 429 with `Retry-After`.
///
/// Failed logins count per login *and client address*, so that someone guessing a password slows
/// down only themself and the owner still logs in from elsewhere; a slower cap per login over every
/// address bounds guessing spread across many addresses. Registrations and anonymous accounts count
/// per address, so that one client cannot flood the server with accounts.
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

    /// Failed logins of one login from one address: 5 in 5 minutes.
    public var failedLoginsPerAddress = Rate(5, per: 300)
    /// Failed logins of one login from all addresses together: 50 in an hour.
    public var failedLoginsPerLogin = Rate(50, per: 3600)
    /// Registrations from one address: 30 in an hour.
    public var registrationsPerAddress = Rate(30, per: 3600)
    /// Anonymous accounts opened from one address: 100 in an hour.
    public var anonymousAccountsPerAddress = Rate(100, per: 3600)

    /// The limits `receipts serve` uses.
    public init() {}
}
