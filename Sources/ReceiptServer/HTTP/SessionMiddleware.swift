import Hummingbird
import ReceiptAPI

/// Lets through only requests with a live session cookie, and tells the handlers whose it is. (The
/// feed checks its session itself, in the same storage call as its page.)
struct SessionMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let accounts: AccountStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let token = try Self.token(of: request)
        guard let (account, expiresAt) = try await accounts.account(forToken: token) else {
            throw APIError.unauthorized(.sessionEnded)
        }
        var context = context
        context.account = account
        context.sessionToken = token
        context.sessionExpiresAt = expiresAt
        return try await next(request, context)
    }

    /// The session token of the request's cookie; none is 401.
    static func token(of request: Request) throws -> String {
        for header in request.headers[values: .cookie] {
            if let token = cookie(APIContract.sessionCookie, in: header) {
                guard !token.isEmpty else { break }
                return token
            }
        }
        throw APIError.unauthorized()
    }

    /// The value of the first cookie named `name` in a `Cookie` header (`a=1; b=2`), its double
    /// quotes taken off (RFC 6265); nil when the header has none. Read as bytes, since every request
    /// asks and Hummingbird's reader splits the whole header into strings first.
    static func cookie(_ name: String, in header: String) -> String? {
        var utf8 = header.utf8[...]
        while !utf8.isEmpty {
            let end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
            let pair = utf8[..<end].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")), pair[..<equals].elementsEqual(name.utf8) {
                var value = pair[pair.index(after: equals)...]
                while value.last == UInt8(ascii: " ") || value.last == UInt8(ascii: "\t") { value = value.dropLast() }
                if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                    value = value.dropFirst().dropLast()
                }
                return String(Substring(value))
            }
            utf8 = end == utf8.endIndex ? utf8[end...] : utf8[utf8.index(after: end)...]
        }
        return nil
    }
}

extension ServerContext {
    /// The session's account; the session middleware guarantees one on the routes it guards.
    func requireAccount() throws -> Account {
        guard let account else { throw APIError.unauthorized() }
        return account
    }
}
