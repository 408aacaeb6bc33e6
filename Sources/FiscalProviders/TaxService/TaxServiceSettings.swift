public import Foundation

/// How this client introduces itself to the tax service. The values are those the public clients
/// send; each can be changed by an environment variable, since the service has refused client
/// versions (HTTP 422) before.
public struct TaxServiceSettings: Sendable, Equatable {
    /// The mobile API's base address.
    public var server: URL
    /// `ClientVersion` (`RECEIPTS_FNS_CLIENT_VERSION`).
    public var clientVersion: String
    /// `User-Agent` (`RECEIPTS_FNS_USER_AGENT`).
    public var userAgent: String
    /// `client_secret` in the sign-in bodies (`RECEIPTS_FNS_CLIENT_SECRET`).
    public var clientSecret: String
    /// `Device-OS` and `os` (`RECEIPTS_FNS_DEVICE_OS`).
    public var deviceOS: String
    /// A fixed `Device-Id` instead of the one kept with the session (`RECEIPTS_FNS_DEVICE_ID`).
    public var deviceID: String?
    /// The waits between looks at a ticket that is not ready: a few seconds in all, then it is left
    /// pending for a later run.
    public var pollDelays: [Duration]

    /// The settings a run uses: the defaults, changed by whatever the environment sets.
    public init(server: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        self.server = server
        clientVersion = value("RECEIPTS_FNS_CLIENT_VERSION") ?? "2.9.0"
        userAgent = value("RECEIPTS_FNS_USER_AGENT") ?? "okhttp/4.9.0"
        clientSecret = value("RECEIPTS_FNS_CLIENT_SECRET") ?? "IyvrAbKt9h/8p6a7QPh8gpkXYQ4="
        deviceOS = value("RECEIPTS_FNS_DEVICE_OS") ?? "Android"
        deviceID = value("RECEIPTS_FNS_DEVICE_ID")
        pollDelays = [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3)]
    }
}
