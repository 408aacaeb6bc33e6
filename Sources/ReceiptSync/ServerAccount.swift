public import Foundation
public import ReceiptAPI
public import ReceiptCore
public import ReceiptNetwork

/// How a person opens a session on the receipts server.
public enum SignIn: Sendable, Equatable {
    /// An account of its own, without a login; its receipts stay with this session.
    case anonymous
    /// An existing account.
    case logIn(login: String, password: String)
    /// A new account, its login and password checked against `AccountRules` before anything is sent.
    case register(login: String, password: String)
}

/// A registration the server would refuse: the rules it breaks, field by field.
public struct RegistrationRefused: Error, Equatable, LocalizedMessage {
    /// Every rule broken, in the order of the form's fields.
    public let problems: [AccountRules.Problem]

    /// One line a rule.
    public func message(in language: Language) -> String {
        problems.map { $0.message(in: language) }.joined(separator: "\n")
    }
}

/// The receipts server and the session kept for it on this machine: what `receipts login` opens,
/// what `import`, `add` and `places` use, and what the web app's import signs in with. One home for
/// opening a session and keeping its cookie, so that the command line and the web app agree.
public struct ServerAccount: Sendable {
    /// The receipts server.
    public let server: URL
    /// Where its session is kept.
    public let vault: SessionVault
    /// How long a client keeps trying.
    public let retry: RetryPolicy
    /// What the clients tell while they work.
    public let observer: ClientObserver?
    /// The language of the server's messages.
    public let language: Language

    /// The account at `server`, its session in `vault`.
    public init(
        server: URL, vault: SessionVault, retry: RetryPolicy = .standard, observer: ClientObserver? = nil,
        language: Language = .english
    ) {
        self.server = server
        self.vault = vault
        self.retry = retry
        self.observer = observer
        self.language = language
    }

    /// The session kept for the server, nil when none is.
    public func saved() throws(VaultError) -> SavedSession? {
        try vault.load(server: server)
    }

    /// A client carrying `session`'s cookie (none when nil), and the device mark this machine keeps
    /// for `login` (the session's login unless given).
    public func client(_ session: SavedSession?, login: String? = nil) -> ReceiptsClient {
        let device = (login ?? session?.login).flatMap { vault.deviceMark(server: server, login: $0) }
        return ReceiptsClient(
            server: server, cookie: session?.cookie, device: device, retry: retry, observer: observer,
            language: language)
    }

    /// The same account, its clients trying for at most `seconds`.
    public func trying(atMost seconds: TimeInterval) -> ServerAccount {
        var retry = retry
        retry.budget = min(retry.budget, seconds)
        return ServerAccount(server: server, vault: vault, retry: retry, observer: observer, language: language)
    }

    /// Opens a session `way` says and keeps it in place of the one kept before. A registration that
    /// breaks the rules throws ``RegistrationRefused`` without asking the server.
    public func signIn(_ way: SignIn) async throws -> SavedSession {
        var login: String?
        if case .logIn(let name, _) = way { login = name }
        let client = client(nil, login: login)
        let info: SessionInfo
        switch way {
        case .anonymous:
            info = try await client.openAnonymous()
        case .logIn(let login, let password):
            info = try await client.logIn(login: login, password: password)
        case .register(let login, let password):
            let problems = AccountRules.problems(login: login, password: password)
            guard problems.isEmpty else { throw RegistrationRefused(problems: problems) }
            info = try await client.register(login: login, password: password)
        }
        return try keep(info, from: client)
    }

    /// Keeps the session `client` now holds.
    public func keep(_ info: SessionInfo, from client: ReceiptsClient) throws -> SavedSession {
        guard let cookie = client.sessionCookie else {
            throw ClientError.badResponse(
                LocalizedText(
                    russian: "сервер открыл сессию, не прислав cookie",
                    english: "the server opened a session without a cookie"))
        }
        let session = SavedSession(server: server.absoluteString, cookie: cookie, info: info)
        try vault.save(session)
        if let mark = client.deviceMark, let login = info.login {
            vault.keepDeviceMark(mark, server: server, login: login)
        }
        return session
    }
}
