import Foundation

/// Secrets as a server makes and compares them: the web app's key and one-time codes, the
/// server's session tokens and device ids.
public enum Secret {
    /// `bytes` random bytes from the system's generator, as base64url without padding: a secret an
    /// address, a header or a cookie carries as it is.
    public static func random(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(random).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether `given` is `expected`, looking at every byte whatever the first difference, so that
    /// the time taken tells nothing about how much of a guess was right.
    public static func matches(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
