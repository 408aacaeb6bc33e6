import Hummingbird

/// Every refusal of the app's API: a status and a sentence in the page's language, written in the
/// receipts server's error shape (`{"error": code, "message": sentence}`), with the form fields it
/// is about when there are some (`field`, or `fields` with a sentence each), so the page shows it
/// beside them.
struct WebError: Error, HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String
    /// The one form field the refusal is about.
    var field: String?
    /// Several fields, each with its own sentence (signing in: the login and the password).
    var fields: [String: String] = [:]

    /// 400: the request is wrong; `field` names the form field when one is.
    static func badRequest(_ message: String, field: String? = nil) -> WebError {
        WebError(status: .badRequest, message: message, field: field)
    }

    /// 404: what the request names is not there.
    static func notFound(_ message: String) -> WebError { WebError(status: .notFound, message: message) }

    /// 403: refused, however the request is made.
    static func forbidden(_ message: String) -> WebError { WebError(status: .forbidden, message: message) }

    /// 409: not now (an import already running, no session yet).
    static func conflict(_ message: String) -> WebError { WebError(status: .conflict, message: message) }

    /// 502: the receipts server behind the app is not set, not reached, or refused.
    static func badGateway(_ message: String) -> WebError { WebError(status: .badGateway, message: message) }

    /// The stable code of the status, named as the receipts server names its own.
    var code: String {
        switch status.code {
        case 400: "bad_request"
        case 403: "forbidden"
        case 404: "not_found"
        case 409: "conflict"
        case 413: "payload_too_large"
        case 422: "unprocessable"
        case 429: "too_many_requests"
        case 502: "bad_gateway"
        default: "internal"
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try WebApp.json(
            Body(error: code, message: message, field: field, fields: fields.isEmpty ? nil : fields), status: status)
    }

    /// The JSON written: the fields left out when there are none.
    private struct Body: Encodable {
        let error: String
        let message: String
        let field: String?
        let fields: [String: String]?
    }
}
