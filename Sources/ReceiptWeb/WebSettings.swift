import Foundation
import ReceiptCore

/// How `receipts web` runs: where it listens and the key that opens it.
public struct WebSettings: Sendable {
    /// The address to listen on; loopback unless the user asks otherwise.
    public var host: String
    /// The port; 0 for any free one.
    public var port: Int
    /// The secret the printed address carries in its fragment: whoever has it may use the app. Each
    /// start makes a new one, so an address printed before stops opening the app when it stops.
    public let key: String

    /// Settings with a new random key.
    public init(host: String = "127.0.0.1", port: Int = 8765) {
        self.host = host
        self.port = port
        key = Secret.random(bytes: 32)
    }

    /// Whether only this machine can reach the app.
    public var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }
}
