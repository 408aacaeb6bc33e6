import Foundation

/// The secrets of `receipts web` (the key, the one-time codes of `--open`): random, written so that
/// an address carries them as they are, and compared without giving away how much of a guess was right.
enum Secret {
    /// `bytes` random bytes from the system's generator, as base64url without padding.
    static func random(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(random).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether `given` is `expected`, compared without stopping at the first difference.
    static func matches(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
