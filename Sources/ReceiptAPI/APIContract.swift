import Foundation

/// The fixed parts of the contract that both sides name: paths, the cookie, page sizes.
public enum APIContract {
    /// The session cookie's name.
    public static let sessionCookie = "receipts_session"
    /// The cookie that marks a device an account logged in from: its logins are counted apart from
    /// everyone else's failures (signed by the server; sent only to the sessions route).
    public static let deviceCookie = "receipts_device"
    /// Receipts and places a page unless the request says otherwise.
    public static let defaultPageSize = 50
    /// The largest page a request may ask for.
    public static let maximumPageSize = 100

    /// The OpenAPI document, as served at `/openapi.yaml`.
    public static var openAPIDocument: String {
        get throws {
            guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
                throw CocoaError(.fileNoSuchFile)
            }
            return try String(contentsOf: url, encoding: .utf8)
        }
    }
}
