import Foundation
import Hummingbird
import ReceiptAPI
import ReceiptCore

/// The account's receipts: the feed, the change feed, one receipt, adding by QR.
struct ReceiptRoutes: Sendable {
    let receipts: AccountReceipts
    let accounts: AccountStore
    let answers: AnswerCache
    let cursors: CursorCodec
    let metrics: ServerMetrics
    let limits: AccountLimits

    /// The feed on `router` (it checks its session itself), the others on `guarded`.
    func register(on router: Router<ServerContext>, guarded: RouterGroup<ServerContext>) {
        router.get(Route.receipts.routerPath) { request, _ in try await feed(request) }
        guarded.post(Route.receipts.routerPath) { request, context in try await add(request, context: context) }
        guarded.get(Route.changes.routerPath) { request, context in try await changes(request, context: context) }
        guarded.get(Route.receipt.routerPath) { _, context in try await receipt(context) }
    }

    /// The feed, its session checked in the same storage call as its page: one round trip to
    /// PostgreSQL for the busiest request, where the session middleware would make it two. It
    /// answers as behind the middleware: 401 for no session or an ended one before any 400.
    ///
    /// A page kept in memory (``AnswerCache``) for a session kept there is answered before anything
    /// else is read: the request's query as written finds it, since a query that was wrong was
    /// never kept.
    private func feed(_ request: Request) async throws -> Response {
        let token = try SessionMiddleware.token(of: request)
        let key = { (account: Int64) in
            AnswerCache.PageKey(feed: .receipts, account: account, query: request.uri.query ?? "")
        }
        if let account = accounts.keptAccount(forToken: token), let page = answers.page(key(account.id)) {
            return PageAnswer.response(page, to: request)
        }
        let generation = answers.changes.current
        let query = QueryParameters(request)
        let limit: Int
        let position: FeedPosition?
        do {
            limit = try query.pageSize()
            position = try query.string("cursor").map { cursor in
                guard let decoded = cursors.decode(cursor, as: FeedPosition.self) else {
                    throw APIError.badRequest(.foreignFeedCursor)
                }
                return decoded
            }
        } catch {
            guard try await accounts.account(forToken: token) != nil else { throw APIError.unauthorized(.sessionEnded) }
            throw error
        }
        guard let found = try await accounts.feed(forToken: token, after: position, limit: limit) else {
            throw APIError.unauthorized(.sessionEnded)
        }
        // A cursor of another account's feed: its page was read for this session's account, and is dropped.
        if let position, position.account != found.account.id { throw APIError.badRequest(.foreignFeedCursor) }
        let (stored, last, hasMore) = receipts.feedPage(found.page, account: found.account.id, limit: limit)
        let next = hasMore ? last.map { cursors.encode($0) } : nil
        let body = jsonBody(capacity: stored.pageCapacity) {
            ReceiptFeedPage.write(receipts: stored, nextCursor: next, hasMore: hasMore, to: &$0)
        }
        return PageAnswer.response(
            answers.keep(page: key(found.account.id), body: body, generation: generation), to: request)
    }

    /// The change feed, kept in memory as the feed is: an importer asks for the same `since` again
    /// until something changes.
    private func changes(_ request: Request, context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        let key = AnswerCache.PageKey(feed: .changes, account: account.id, query: request.uri.query ?? "")
        if let page = answers.page(key) { return PageAnswer.response(page, to: request) }
        let generation = answers.changes.current
        let query = QueryParameters(request)
        let since = try query.integer("since", in: 0...Int64.max, default: 0) ?? 0
        let (stored, nextSince, hasMore) = try await receipts.changes(
            account: account.id, since: since, limit: query.pageSize())
        let body = jsonBody(capacity: stored.pageCapacity) {
            ReceiptChangesPage.write(receipts: stored, nextSince: nextSince, hasMore: hasMore, to: &$0)
        }
        return PageAnswer.response(answers.keep(page: key, body: body, generation: generation), to: request)
    }

    private func receipt(_ context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try WholeNumber.parse(context.parameters.get("id") ?? "", name: "id", in: 1...Int64.max)
        // Another account's receipt is as absent as one that never existed.
        guard let envelope = try await receipts.receipt(id: id, account: account.id) else {
            throw APIError.notFound(.noReceipt(id))
        }
        return jsonResponse(envelope)
    }

    private func add(_ request: Request, context: ServerContext) async throws -> Response {
        let account = try context.requireAccount()
        let body = try await request.decodeJSON(as: AddReceiptRequest.self, context: context)
        let code: FiscalCode
        do {
            code = try FiscalCode(parsing: body.qr)
        } catch {
            throw APIError(status: .unprocessableContent, code: "invalid_qr", problem: .invalidQR(error))
        }
        if let seconds = try await limits.beginAdding(account: account, from: context.clientAddress) {
            metrics.throttled("receipts_added")
            throw APIError.tooManyRequests(.receiptsAdded, retryAfter: seconds)
        }
        let envelope: ReceiptEnvelope
        let created: Bool
        do {
            (envelope, created) = try await receipts.add(code, account: account.id)
        } catch is ReadOnlyMember {
            throw APIError(status: .forbidden, code: "read_only", problem: .readOnly)
        }
        if created { metrics.receiptAdded(status: envelope.status.rawValue) }
        return jsonResponse(envelope, status: created ? .created : .ok)
    }
}
