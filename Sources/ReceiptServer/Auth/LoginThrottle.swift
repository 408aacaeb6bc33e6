import Foundation

/// Slows down password guessing: after `limit` failed logins for one login within `window`, further
/// attempts are refused until the oldest failure leaves the window.
actor LoginThrottle {
    private let limit: Int
    private let window: TimeInterval
    private var failures: [String: [Date]] = [:]

    init(limit: Int = 5, window: TimeInterval = 300) {
        self.limit = limit
        self.window = window
    }

    /// Seconds to wait before the next attempt, or nil when an attempt may be made now.
    func retryAfter(login: String, now: Date = Date()) -> Int? {
        let recent = prune(login.lowercased(), now: now)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up)))
    }

    /// Counts a failed attempt.
    func failed(login: String, now: Date = Date()) {
        let key = login.lowercased()
        failures[key] = prune(key, now: now) + [now]
    }

    /// A successful login clears the count.
    func succeeded(login: String) {
        failures[login.lowercased()] = nil
    }

    private func prune(_ key: String, now: Date) -> [Date] {
        let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
        failures[key] = recent.isEmpty ? nil : recent
        return recent
    }
}
