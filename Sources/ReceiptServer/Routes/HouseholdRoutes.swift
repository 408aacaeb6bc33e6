import Crypto
import Foundation
import Hummingbird
import ReceiptAPI
import ReceiptCore

/// The household of the session's account: creating one, its members, invitations by a one-time
/// code, joining with one, leaving and removing; and each receipt's shares, changed only from the
/// version they were read at.
struct HouseholdRoutes: Sendable {
    let storage: any ServerStorage
    let limits: ThrottleLimits
    let metrics: ServerMetrics
    /// What time it is: the server's clock.
    let clock: @Sendable () -> Date

    /// How long an invitation's code works unless used first.
    static let invitationLifetime: TimeInterval = 86_400

    /// Every route on `guarded`: each needs a session.
    func register(guarded: RouterGroup<ServerContext>) {
        guarded.get(Route.household.routerPath) { _, context in try await household(context) }
        guarded.post(Route.household.routerPath) { _, context in try await create(context) }
        guarded.post(Route.invitations.routerPath) { request, context in try await invite(request, context: context) }
        guarded.post(Route.members.routerPath) { request, context in try await join(request, context: context) }
        guarded.delete(Route.membership.routerPath) { _, context in try await leave(context) }
        guarded.delete(Route.member.routerPath) { _, context in try await remove(context) }
        guarded.get(Route.shares.routerPath) { _, context in try await shares(context) }
        guarded.put(Route.shares.routerPath) { request, context in try await changeShares(request, context: context) }
    }

    private func household(_ context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        guard let household = try await storage.household(of: account.id) else {
            throw APIError.notFound(.noHousehold)
        }
        return jsonResponse(Self.info(household, for: account.id))
    }

    private func create(_ context: ServerContext) async throws -> Response {
        let account = try Self.authorized(context)
        guard let household = try await storage.createHousehold(owner: account.id, at: clock()) else {
            throw APIError(status: .conflict, code: "already_member", problem: .alreadyMember)
        }
        return jsonResponse(Self.info(household, for: account.id), status: .created)
    }

    private func invite(_ request: Request, context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        let body = try await request.decodeJSON(as: InvitationRequest.self, context: context)
        let code = InvitationCode.random()
        let now = clock()
        let expires = now.addingTimeInterval(Self.invitationLifetime)
        let change = try await storage.invite(
            by: account.id, codeHash: InvitationCode.hash(code), role: body.role, at: now, expiresAt: expires)
        guard case .done = change else { throw Self.refusal(change) }
        return jsonResponse(
            Invitation(code: code, role: body.role, expiresAt: ISO8601DateFormatter().string(from: expires)),
            status: .created)
    }

    private func join(_ request: Request, context: ServerContext) async throws -> Response {
        let account = try Self.authorized(context)
        let body = try await request.decodeJSON(as: JoinRequest.self, context: context)
        // Every try counts, before the code is looked at: guessing stays slower than a code expires.
        if let seconds = try await storage.admit(
            [
                Attempt(key: LoginThrottle.key("join", String(account.id)), rate: limits.joinsPerAccount),
                Attempt(key: LoginThrottle.key("join-from", context.clientAddress), rate: limits.joinsFromAddress),
            ], now: clock())
        {
            metrics.throttled("household_join")
            throw APIError.tooManyRequests(.householdJoin, retryAfter: seconds)
        }
        guard let normalized = InvitationCode.normalized(body.code) else {
            throw APIError(status: .notFound, code: "unknown_code", problem: .unknownInvitation)
        }
        let change = try await storage.join(
            account: account.id, codeHash: InvitationCode.hash(normalized), at: clock())
        guard case .done(let household?) = change else { throw Self.refusal(change) }
        return jsonResponse(Self.info(household, for: account.id))
    }

    private func leave(_ context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        let change = try await storage.leave(account: account.id)
        guard case .done = change else { throw Self.refusal(change) }
        return Response(status: .noContent)
    }

    private func remove(_ context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        let login = context.parameters.get("login") ?? ""
        let change = try await storage.remove(login: login, by: account.id)
        guard case .done = change else { throw Self.refusal(change, login: login) }
        return Response(status: .noContent)
    }

    private func shares(_ context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try Self.receiptID(context)
        guard let shares = try await storage.shares(receipt: id, account: account.id) else {
            throw APIError.notFound(.noReceipt(id))
        }
        return Self.answer(shares)
    }

    private func changeShares(_ request: Request, context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try Self.receiptID(context)
        let body = try await request.decodeJSON(as: ReceiptShares.self, context: context)
        // The receipt as the account sees it: its lines bound the line numbers.
        guard let stored = try await storage.receipt(id: id, account: account.id), let row = stored.rows.first else {
            throw APIError.notFound(.noReceipt(id))
        }
        let lines = (try? JSONReader.read(FiscalDocument.self, from: Data(row.document)))?.items.count ?? 0
        let household = try await storage.household(of: account.id)
        let members =
            household?.members.compactMap { $0.login.isEmpty ? nil : $0.login } ?? (account.login.map { [$0] } ?? [])
        let checked: ReceiptShares
        do throws(SharesProblem) {
            checked = try SharesCheck(members: members, lines: lines).checked(body)
        } catch {
            throw APIError(status: .unprocessableContent, code: "invalid_shares", problem: .invalidShares(error))
        }
        switch try await storage.changeShares(receipt: id, account: account.id, to: checked) {
        case .changed(let shares): return Self.answer(shares)
        case .conflict(let current):
            var error = APIError(
                status: .conflict, code: "version_conflict",
                problem: .sharesConflict(given: body.version, current: current.version))
            error.headers[.eTag] = "\"\(current.version)\""
            throw error
        case .readOnly: throw APIError(status: .forbidden, code: "read_only", problem: .readOnly)
        case .notFound: throw APIError.notFound(.noReceipt(id))
        }
    }

    // MARK: Parts

    /// The session's account when it has a login: an anonymous one has none for the others to see.
    private static func authorized(_ context: ServerContext) throws -> Account {
        let account = try context.requireAccount()
        guard account.kind == .authorized, account.login != nil else {
            throw APIError(status: .forbidden, code: "login_required", problem: .loginRequired)
        }
        return account
    }

    private static func receiptID(_ context: ServerContext) throws -> Int64 {
        try WholeNumber.parse(context.parameters.get("id") ?? "", name: "id", in: 1...Int64.max)
    }

    /// Shares with their version also as the `ETag`, as a client that speaks HTTP's words reads it.
    private static func answer(_ shares: ReceiptShares) -> Response {
        var response = jsonResponse(shares)
        response.headers[.eTag] = "\"\(shares.version)\""
        return response
    }

    static func info(_ household: StoredHousehold, for account: Int64) -> HouseholdInfo {
        let iso = ISO8601DateFormatter()
        return HouseholdInfo(
            members: household.members.map {
                HouseholdMember(login: $0.login, role: $0.role, joinedAt: iso.string(from: $0.joinedAt))
            }, role: household.role(of: account) ?? .viewer)
    }

    /// The answer to a change of membership that was not done.
    private static func refusal(_ change: MembershipChange, login: String = "") -> APIError {
        switch change {
        case .done, .notMember: return .notFound(.noHousehold)
        case .alreadyMember: return APIError(status: .conflict, code: "already_member", problem: .alreadyMember)
        case .notOwner: return APIError(status: .forbidden, code: "not_owner", problem: .notOwner)
        case .noSuchMember: return .notFound(.noMember(login))
        case .unknownCode: return APIError(status: .notFound, code: "unknown_code", problem: .unknownInvitation)
        case .lastOwner: return APIError(status: .conflict, code: "last_owner", problem: .lastOwner)
        }
    }
}

/// One-time codes: 50 random bits as ten letters and digits of Crockford's alphabet (no I, L, O,
/// U), `XXXXX-XXXXX`, read back in any case with the letters people mistake taken as the digits.
enum InvitationCode {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<10).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return String(letters[0..<5]) + "-" + String(letters[5...])
    }

    /// The code's ten letters as made, or nil when it cannot be one.
    static func normalized(_ given: String) -> String? {
        var letters = ""
        for character in given.uppercased() where character != "-" && character != " " {
            switch character {
            case "O": letters.append("0")
            case "I", "L": letters.append("1")
            default:
                guard alphabet.contains(character) else { return nil }
                letters.append(character)
            }
            if letters.count > 10 { return nil }
        }
        guard letters.count == 10 else { return nil }
        return String(letters.prefix(5)) + "-" + String(letters.dropFirst(5))
    }

    /// What the storage keeps of a code: the SHA-256 of its normalized form.
    static func hash(_ code: String) -> Data {
        Data(SHA256.hash(data: Data((normalized(code) ?? code).utf8)))
    }
}
