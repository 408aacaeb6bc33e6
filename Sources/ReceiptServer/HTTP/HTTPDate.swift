import Foundation
import Synchronization

/// The `Date` field of an answer, `Mon, 30 Nov 2026 11:27:02 GMT` (RFC 9110's IMF-fixdate), written
/// once a second and kept: the answers given on the event loop (``KeptFeedHandler``) carry it as
/// Hummingbird's carry its own.
final class HTTPDate: Sendable {
    private let kept = Mutex((second: Int.min, text: ""))

    /// The date of this second.
    func now() -> String {
        let second = Int(Date().timeIntervalSince1970.rounded(.down))
        return kept.withLock { kept in
            if kept.second != second { kept = (second, Self.text(second)) }
            return kept.text
        }
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date of `second` seconds after 1970-01-01 00:00:00 UTC.
    static func text(_ second: Int) -> String {
        var time = time_t(second)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(Int(parts.tm_year) + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
