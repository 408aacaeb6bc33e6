import Hummingbird
import ReceiptAPI

/// Lets through only requests with a live session cookie, and tells the handlers whose it is.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let accounts: AccountStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let token = request.cookies[APIContract.sessionCookie]?.value, !token.isEmpty else {
            throw APIError.unauthorized()
        }
        guard let (account, expiresAt) = try await accounts.account(forToken: token) else {
            throw APIError.unauthorized(.sessionEnded)
        }
        var context = context
        context.account = account
        context.sessionToken = token
        context.sessionExpiresAt = expiresAt
        return try await next(request, context)
    }
}

extension ServerContext {
    /// The session's account; the session middleware guarantees one on the routes it guards.
    func requireAccount() throws -> Account {
        guard let account else { throw APIError.unauthorized() }
        return account
    }
}
