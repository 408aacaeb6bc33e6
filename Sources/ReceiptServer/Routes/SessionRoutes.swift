import Foundation
import Hummingbird
import ReceiptAPI
import ReceiptCore

/// Accounts and sessions: register, log in, anonymous accounts, who am I, log out.
struct SessionRoutes: Sendable {
    let accounts: AccountStore
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let metrics: ServerMetrics
    /// A bcrypt hash checked when a login does not exist, so that both cases take as long.
    let decoyHash: String

    func register(on router: Router<ServerContext>, guarded: RouterGroup<ServerContext>) {
        router.post(Route.accounts.routerPath) { request, context in try await register(request, context: context) }
        router.post(Route.sessions.routerPath) { request, context in try await logIn(request, context: context) }
        router.post(Route.anonymousSession.routerPath) { _, context in try await openAnonymous(context) }
        guarded.get(Route.currentSession.routerPath) { _, context in try whoAmI(context) }
        guarded.delete(Route.currentSession.routerPath) { _, context in try await logOut(context) }
        guarded.delete(Route.sessions.routerPath) { _, context in try await logOutEverywhere(context) }
        guarded.post(Route.password.routerPath) { request, context in
            try await changePassword(request, context: context)
        }
    }

    private func register(_ request: Request, context: ServerContext) async throws -> Response {
        let credentials = try await request.decodeJSON(as: Credentials.self, context: context)
        let problems = AccountRules.problems(login: credentials.login, password: credentials.password)
        guard problems.isEmpty else {
            throw APIError.badRequest(.brokenAccountRules(problems))
        }
        if let seconds = try await throttle.beginRegistration(from: context.clientAddress) {
            metrics.throttled("registration")
            throw APIError.tooManyRequests(.registration, retryAfter: seconds)
        }
        let hash = try await hasher.hash(credentials.password)
        guard let account = try await accounts.register(login: credentials.login, passwordHash: hash) else {
            throw APIError.conflict(.loginTaken(credentials.login))
        }
        return try opened(await accounts.openSession(for: account), status: .created, context: context)
    }

    private func logIn(_ request: Request, context: ServerContext) async throws -> Response {
        let credentials = try await request.decodeJSON(as: Credentials.self, context: context)
        // No account can have a login outside the rules or a password longer than they allow (the
        // demo's short password was set without them): refused before any count is stored or any
        // bcrypt work is done.
        let problems = AccountRules.problems(login: credentials.login, password: credentials.password)
        guard !problems.contains(.login), !problems.contains(.passwordTooLong) else {
            throw APIError.unauthorized(.wrongCredentials)
        }
        let ticket: LoginThrottle.Ticket
        switch try await throttle.begin(
            login: credentials.login, from: context.clientAddress,
            deviceMark: request.cookies[APIContract.deviceCookie]?.value)
        {
        case .success(let admitted): ticket = admitted
        case .failure(let slowed):
            metrics.throttled("login")
            throw APIError.tooManyRequests(.login, retryAfter: slowed.seconds)
        }
        let stored = try await accounts.credentials(login: credentials.login)
        let valid = try await hasher.verify(credentials.password, against: stored?.hash ?? decoyHash)
        guard valid, let account = stored?.account else { throw APIError.unauthorized(.wrongCredentials) }
        try await throttle.succeeded(ticket)
        var response = try opened(await accounts.openSession(for: account), status: .ok, context: context)
        response.setCookie(
            Self.deviceCookie(value: throttle.newDeviceMark(for: credentials.login), secure: context.overTLS))
        return response
    }

    /// The device mark: a year, HttpOnly, SameSite=Strict, sent only to the sessions route;
    /// `Secure` when the client came over TLS.
    static func deviceCookie(value: String, secure: Bool) -> Cookie {
        Cookie(
            name: APIContract.deviceCookie, value: value, maxAge: 365 * 86_400, path: Route.sessions.path,
            secure: secure, httpOnly: true, sameSite: .strict)
    }

    private func openAnonymous(_ context: ServerContext) async throws -> Response {
        if let seconds = try await throttle.beginAnonymousAccount(from: context.clientAddress) {
            metrics.throttled("anonymous_account")
            throw APIError.tooManyRequests(.anonymousAccount, retryAfter: seconds)
        }
        return try opened(
            await accounts.openSession(for: accounts.openAnonymous()), status: .created, context: context)
    }

    private func whoAmI(_ context: ServerContext) throws -> Response {
        let account = try context.requireAccount()
        let expires = context.sessionExpiresAt ?? Date()
        return jsonResponse(
            SessionInfo(account: account.id, kind: account.kind, login: account.login, expiresAt: Self.iso(expires)))
    }

    private func logOut(_ context: ServerContext) async throws -> Response {
        if let token = context.sessionToken { try await accounts.closeSession(token: token) }
        var response = Response(status: .noContent)
        response.setCookie(Self.cookie(value: "", expires: Date(timeIntervalSince1970: 0), secure: context.overTLS))
        return response
    }

    /// Ends every session of the account, this one too: the answer to a lost phone.
    private func logOutEverywhere(_ context: ServerContext) async throws -> Response {
        try await accounts.closeSessions(of: context.requireAccount(), keeping: nil)
        var response = Response(status: .noContent)
        response.setCookie(Self.cookie(value: "", expires: Date(timeIntervalSince1970: 0), secure: context.overTLS))
        return response
    }

    /// Sets a new password once the present one is proved (counted as a login is, so that a stolen
    /// session cannot guess it freely); every other session of the account ends.
    private func changePassword(_ request: Request, context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        let change = try await request.decodeJSON(as: PasswordChange.self, context: context)
        guard account.kind == .authorized, let login = account.login else {
            throw APIError(status: .conflict, code: "no_password", problem: .noPassword)
        }
        let problems = AccountRules.problems(login: login, password: change.newPassword)
        guard problems.isEmpty else { throw APIError.badRequest(.brokenAccountRules(problems)) }
        let ticket: LoginThrottle.Ticket
        switch try await throttle.begin(
            login: login, from: context.clientAddress, deviceMark: request.cookies[APIContract.deviceCookie]?.value)
        {
        case .success(let admitted): ticket = admitted
        case .failure(let slowed):
            metrics.throttled("login")
            throw APIError.tooManyRequests(.login, retryAfter: slowed.seconds)
        }
        guard let stored = try await accounts.credentials(login: login),
            try await hasher.verify(change.password, against: stored.hash)
        else { throw APIError(status: .forbidden, code: "wrong_password", problem: .wrongPassword) }
        try await throttle.succeeded(ticket)
        let hash = try await hasher.hash(change.newPassword)
        guard try await accounts.changePassword(of: account, to: hash, keeping: context.sessionToken) else {
            throw APIError(status: .conflict, code: "no_password", problem: .noPassword)
        }
        return Response(status: .noContent)
    }

    private func opened(_ session: OpenedSession, status: HTTPResponse.Status, context: ServerContext) throws
        -> Response
    {
        jsonResponse(
            SessionInfo(
                account: session.account.id, kind: session.account.kind, login: session.account.login,
                expiresAt: Self.iso(session.expiresAt)),
            status: status,
            cookie: Self.cookie(value: session.token, expires: session.expiresAt, secure: context.overTLS))
    }

    /// HttpOnly, SameSite=Lax, Path=/; `Secure` when the client reached a trusted proxy over TLS
    /// (the server itself speaks plain HTTP, behind a TLS proxy when it leaves the machine), so that
    /// the browser never sends it over plain HTTP afterwards.
    static func cookie(value: String, expires: Date, secure: Bool) -> Cookie {
        Cookie(
            name: APIContract.sessionCookie, value: value, expires: expires,
            maxAge: max(0, Int(expires.timeIntervalSinceNow)), path: "/", secure: secure, httpOnly: true,
            sameSite: .lax)
    }

    static func iso(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
