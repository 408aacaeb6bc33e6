import Foundation

/// How `receipts web` runs: where it listens and the token that opens it.
public struct WebSettings: Sendable {
    /// The address to listen on; loopback unless the user asks otherwise.
    public var host: String
    /// The port; 0 for any free one.
    public var port: Int
    /// The secret the printed address carries once: whoever has it may use the app.
    public let token: String

    /// Settings with a new random token.
    public init(host: String = "127.0.0.1", port: Int = 8765) {
        self.host = host
        self.port = port
        token = Self.newToken()
    }

    /// Whether only this machine can reach the app.
    public var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }

    /// 256 random bits as base64url: the token and the cookie's value.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
