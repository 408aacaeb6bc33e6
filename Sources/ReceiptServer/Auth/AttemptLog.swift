import Foundation

/// Recent attempts by key (a login, an address, or both), each forgotten once older than the window.
struct AttemptLog {
    let rate: ThrottleLimits.Rate
    private var attempts: [String: [Date]] = [:]

    init(_ rate: ThrottleLimits.Rate) {
        self.rate = rate
    }

    /// The seconds until `key` may try again; nil when it may now.
    mutating func wait(for key: String, now: Date) -> Int? {
        let recent = prune(key, now: now)
        guard recent.count >= rate.count, let oldest = recent.first else { return nil }
        return max(1, Int(oldest.addingTimeInterval(rate.window).timeIntervalSince(now).rounded(.up)))
    }

    /// Counts an attempt of `key`.
    mutating func record(_ key: String, now: Date) {
        // Keys of clients that went away would otherwise stay for good.
        if attempts.count > 10_000 {
            attempts = attempts.filter { $0.value.last.map { now.timeIntervalSince($0) < rate.window } ?? false }
        }
        attempts[key, default: []].append(now)
    }

    /// Forgets every attempt of `key`.
    mutating func forget(_ key: String) {
        attempts[key] = nil
    }

    /// Takes back the latest attempt of `key`.
    mutating func withdrawLatest(_ key: String) {
        guard var recent = attempts[key], !recent.isEmpty else { return }
        recent.removeLast()
        attempts[key] = recent.isEmpty ? nil : recent
    }

    private mutating func prune(_ key: String, now: Date) -> [Date] {
        let recent = (attempts[key] ?? []).filter { now.timeIntervalSince($0) < rate.window }
        attempts[key] = recent.isEmpty ? nil : recent
        return recent
    }
}
