import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ReceiptCore

/// Who may use the app. The address `receipts web` prints carries a key in its fragment, which a
/// browser never sends to any server; the page keeps it for its tab and sends it as
/// `Authorization: Bearer` with every request of the API. No cookie: a browser sends 127.0.0.1's
/// cookies to every port of it, so another user's listener on another port would receive one. The
/// page's own files hold no data and need no key. Every request must name the app's own address in
/// `Host` (a page of another site whose name was made to point at 127.0.0.1 names its own), and a
/// request that changes something must also come from the app's own origin.
struct AccessGuard: RouterMiddleware {
    typealias Context = WebContext
    /// The key the API's requests must carry.
    let key: String
    /// The addresses (`host:port`) that reach the app, as a `Host` header names them, for a request
    /// that came in on a local address; none until it listens.
    let authorities: @Sendable (SocketAddress?) -> [String]

    /// Why a request is refused.
    enum Refusal {
        /// No key, or another one.
        case noKey
        /// A change that did not come from the app's own page.
        case foreignOrigin
        /// A request sent to another address than the app's.
        case foreignHost
    }

    /// The API's paths open without the key: the page's words (to say that it has none) and the
    /// exchange of a one-time code for the key.
    static var openPaths: Set<String> { ["/api/words", "/api/exchange"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let authority = request.head.authority?.lowercased(),
            authorities(context.localAddress).contains(authority)
        else {
            return Self.refused(request, .foreignHost)
        }
        if ![.get, .head].contains(request.method) {
            // A form or a script of another site cannot forge this header: it must name the address
            // the request was sent to (whatever `--host` the app listens on).
            guard request.headers[.origin]?.lowercased() == "http://\(authority)" else {
                return Self.refused(request, .foreignOrigin)
            }
        }
        let path = request.uri.path
        if !StaticFiles.isShell(path), !Self.openPaths.contains(path) {
            guard Self.carriesKey(request.headers, key: key) else { return Self.refused(request, .noKey) }
        }
        do {
            return Self.secured(try await next(request, context))
        } catch let error as any HTTPResponseError {
            // A 404 of no route, a 400 or 413 of a body: answered here, so they carry the headers too.
            return Self.secured(try error.response(from: request, context: context))
        }
    }

    /// Whether `fields` carry `key` as the API wants it (`Authorization: Bearer KEY`).
    static func carriesKey(_ fields: HTTPFields, key: String) -> Bool {
        let bearer = "Bearer "
        guard let given = fields[.authorization], given.hasPrefix(bearer) else { return false }
        return Secret.matches(String(given.dropFirst(bearer.count)), key)
    }

    /// The routes whose bodies are files the user picked (a photo, an export, a bank statement): over
    /// a slow network they may take longer than a request's deadline.
    static let uploadPaths: Set<String> = ["/api/add/photo", "/api/import/file", "/api/bank/statement"]

    /// Whether a request's head is an upload the app accepts before its body comes: a POST to one
    /// of ``uploadPaths`` with the key. Such a body is not held to the whole-request deadline;
    /// without the key a slow client is cut off as any other.
    static func isAcceptedUpload(_ head: HTTPRequest, key: String) -> Bool {
        guard head.method == .post, let path = head.path?.split(separator: "?").first.map(String.init) else {
            return false
        }
        return uploadPaths.contains(path) && carriesKey(head.headerFields, key: key)
    }

    /// What every answer carries: no script, style or connection but the app's own (pictures also
    /// from the blobs the page made of the API's answers), no framing by another page, no address
    /// given away.
    static func secured(_ response: Response) -> Response {
        var response = response
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        response.headers[.xContentTypeOptions] = "nosniff"
        if let referrer = HTTPField.Name("Referrer-Policy") { response.headers[referrer] = "no-referrer" }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    /// 403, in the browser's language, saying how to get in.
    static func refused(_ request: Request, _ refusal: Refusal) -> Response {
        let words = WebWords(acceptLanguage: request.headers[.acceptLanguage])
        let text =
            switch refusal {
            case .noKey: words.needsKey
            case .foreignOrigin: words.foreignOrigin
            case .foreignHost: words.foreignHost
            }
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
