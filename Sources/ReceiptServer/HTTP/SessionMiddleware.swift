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
        guard let token = request.cookies[APIContract.sessionCookie]?.value, !token.isEmpty else {
            throw APIError.unauthorized()
        }
        return token
    }
}

extension ServerContext {
    /// The session's account; the session middleware guarantees one on the routes it guards.
    func requireAccount() throws -> Account {
        guard let account else { throw APIError.unauthorized() }
        return account
    }
}
