import Foundation

/// The fixed parts of the contract that both sides name: paths, the cookie, page sizes.
public enum APIContract {
    /// The session cookie's name.
    public static let sessionCookie = "receipts_session"
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
