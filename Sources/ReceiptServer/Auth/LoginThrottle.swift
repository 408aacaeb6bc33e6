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

    /// Starts an attempt: returns the seconds to wait when the login is blocked, or nil after
    /// counting the attempt as a failure until ``succeeded(login:)`` says otherwise. Counting before
    /// the password is checked keeps the limit when many attempts arrive at once.
    func begin(login: String, now: Date = Date()) -> Int? {
        let key = login.lowercased()
        let recent = prune(key, now: now)
        if recent.count >= limit, let oldest = recent.first {
            return max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up)))
        }
        failures[key] = recent + [now]
        return nil
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
