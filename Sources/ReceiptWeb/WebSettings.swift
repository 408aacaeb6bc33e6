import Foundation
import ReceiptCore

/// How `receipts web` runs: where it listens and the key that opens it.
public struct WebSettings: Sendable {
    /// The address to listen on; loopback unless the user asks otherwise.
    public var host: String
    /// `--lan`: listen on every interface, so that a phone on the home network opens the app at
    /// one of this machine's addresses (``LANAddresses``); the key still opens it, and a request's
    /// `Host` may name the address it came in on as well as loopback's names.
    public var lan = false
    /// The port; 0 for any free one.
    public var port: Int
    /// The secret the printed address carries in its fragment: whoever has it may use the app. Each
    /// start makes a new one, so an address printed before stops opening the app when it stops.
    public let key: String
    /// How long a client may take to send a request's head, from connecting or from the previous
    /// response (an idle connection is closed then too): as `receipts serve`.
    public var requestHeadTimeout: Duration = .seconds(15)
    /// How long a client may take to send a whole request once its head has arrived; an upload
    /// that carries the key (a photo, an export file) is not held to it.
    public var requestTimeout: Duration = .seconds(60)
    /// With `--lan`, the most connections one address may hold open at once: a browser opens six
    /// to a site, a phone and a computer together a dozen or two.
    public var connectionsPerPeer = 32
    /// Whether the user named the receipts server (`--server`, `RECEIPTS_SERVER`); when not, the
    /// Import view offers the default one behind a button unless a session is kept for it.
    public var serverChosen = true

    /// Settings with a new random key.
    public init(host: String = "127.0.0.1", port: Int = 8765) {
        self.host = host
        self.port = port
        key = Secret.random(bytes: 32)
    }

    /// Whether only this machine can reach the app.
    public var isLoopback: Bool { !lan && ["127.0.0.1", "::1", "localhost"].contains(host) }

    /// The address the app listens on: every IPv4 interface with `--lan`, else ``host``.
    public var listenHost: String { lan ? "0.0.0.0" : host }

    /// The host of the address printed for this machine's own browser: loopback with `--lan`.
    public var ownHost: String { lan ? "127.0.0.1" : host }
}
