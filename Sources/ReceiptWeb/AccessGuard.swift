import Foundation
import HTTPTypes
import Hummingbird
import ReceiptCore

/// Who may use the app, as Jupyter decides it: the address `receipts web` prints carries a token
/// once; opening it sets a cookie (HttpOnly, SameSite=Strict) and sends the browser on to the app
/// without the token in its address bar. Every other request needs the cookie, so another user of
/// the machine, or a page of another site in the same browser, cannot read the receipts. A request
/// that changes something must also come from the app's own origin.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {
    let token: String

    static var cookieName: String { "receipts_web" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if request.method == .get, request.uri.path == "/", let given = request.uri.queryParameters["token"] {
            guard Self.same(String(given), token) else { return Self.refused(request) }
            var response = Response(status: .seeOther, headers: [.location: "/"])
            response.setCookie(
                Cookie(
                    name: Self.cookieName, value: token, path: "/", secure: false, httpOnly: true, sameSite: .strict))
            return Self.secured(response)
        }
        guard let cookie = request.cookies[Self.cookieName], Self.same(cookie.value, token) else {
            return Self.refused(request)
        }
        if ![.get, .head].contains(request.method) {
            // A form or a script of another site cannot forge this header: it must name the address
            // the request was sent to (whatever `--host` the app listens on).
            guard let host = request.head.authority, request.headers[.origin] == "http://\(host)" else {
                return Self.refused(request, origin: true)
            }
        }
        return Self.secured(try await next(request, context))
    }

    /// Compares without stopping at the first difference.
    private static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// What every answer carries: no script, style or connection but the app's own, no framing by
    /// another page, no address given away.
    static func secured(_ response: Response) -> Response {
        var response = response
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        response.headers[.xContentTypeOptions] = "nosniff"
        if let referrer = HTTPField.Name("Referrer-Policy") { response.headers[referrer] = "no-referrer" }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    /// 403, in the browser's language, saying how to get in.
    static func refused(_ request: Request, origin: Bool = false) -> Response {
        let words = WebWords(acceptLanguage: request.headers[.acceptLanguage])
        let text = origin ? words.foreignOrigin : words.needsToken
        let html = """
            <!doctype html><html lang="\(words.language == .russian ? "ru" : "en")"><meta charset="utf-8">\
            <title>receipts</title><p>\(text)</p></html>
            """
        return secured(
            Response(
                status: .forbidden, headers: [.contentType: "text/html; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: html))))
    }
}
