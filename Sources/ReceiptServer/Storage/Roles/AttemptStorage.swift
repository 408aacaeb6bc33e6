import Foundation

/// Attempts counted per key within a window, the same for every instance: what ``LoginThrottle``
/// (logins, registrations, anonymous accounts) and ``AccountLimits`` (adds, provider calls) ask.
protocol AttemptStorage: Sendable {
    /// Counts an attempt under every key at `now`, in one step, unless one of them has had its rate's
    /// count of attempts within its window: then nothing is counted, and the seconds until that key
    /// may try again come back. Every instance counts in the same place.
    func admit(_ attempts: [Attempt], now: Date) async throws -> Int?
    /// Forgets every attempt of `key`.
    func forgetAttempts(of key: String) async throws
    /// Takes back the latest attempt of `key`.
    func withdrawLatestAttempt(of key: String) async throws
}

/// An attempt to count: under which key, and at what rate the key is allowed.
struct Attempt: Sendable {
    let key: String
    let rate: ThrottleLimits.Rate
}

extension Attempt {
    /// Attempts older than this are forgotten whatever their key: longer than any window the server uses.
    static let longestWindow: TimeInterval = 86_400

    /// The seconds until a key with these attempts (oldest first, all within the window) may try
    /// again; nil when it may now.
    static func wait(_ recent: [Date], rate: ThrottleLimits.Rate, now: Date) -> Int? {
        guard recent.count >= rate.count, let oldest = recent.first else { return nil }
        // The moments go through the database as seconds since 1970, a Double a few nanoseconds off
        // Date's own: a wait of exactly 2 s must not come out as 2.000000001, rounded up to 3.
        let seconds = oldest.addingTimeInterval(rate.window).timeIntervalSince(now)
        return max(1, Int((seconds - 0.000_001).rounded(.up)))
    }
}
