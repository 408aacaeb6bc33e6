import Hummingbird
import ReceiptBank
import ReceiptStore

/// Card payments beside the receipts (as `receipts match`): shown without saving anything, a wrong
/// pair taken apart (and not offered again), a missing one made by hand, a stored payment taken out
/// (as `receipts bank remove --payment`).
struct BankRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/api/bank") { request, context in try await show(RequestValues(request, context)) }
        router.post("/api/bank/unpair") { request, context in
            try await unpair(
                RequestValues(request, context), try await request.decode(as: BankPairRequest.self, context: context))
        }
        router.post("/api/bank/pair") { request, context in
            try await pair(
                RequestValues(request, context), try await request.decode(as: BankPairRequest.self, context: context))
        }
        router.post("/api/bank/remove") { request, context in
            try await remove(
                RequestValues(request, context), try await request.decode(as: BankPairRequest.self, context: context))
        }
    }

    /// What matching finds now. A GET changes nothing: the pairs are kept by `receipts match` and by
    /// the changes made here.
    private func show(_ asked: RequestValues) async throws -> Response {
        let (outcome, receipts) = try await app.inDatabase { database in
            let outcome = try BankReconciliation(database: database).match(saving: false)
            let ids = outcome.matched.map(\.receipt) + outcome.unmatchedReceipts
            return (outcome, try database.listedReceipts(ids: ids))
        }
        return try WebApp.json(BankView(outcome, receipts: receipts, words: asked.words))
    }

    private func unpair(_ asked: RequestValues, _ body: BankPairRequest) async throws -> Response {
        let (receipt, payment) = try Self.pair(body, asked.words)
        guard try await app.inDatabase({ try $0.refuseBankPair(payment: payment, receipt: receipt) }) else {
            throw WebError.notFound(asked.words.bank.noSuchPair(receipt: receipt, payment: payment))
        }
        return try WebApp.json(BankChangeView(message: asked.words.bank.undone(receipt: receipt, payment: payment)))
    }

    private func pair(_ asked: RequestValues, _ body: BankPairRequest) async throws -> Response {
        let (receipt, payment) = try Self.pair(body, asked.words)
        guard try await app.inDatabase({ try $0.pairByHand(payment: payment, receipt: receipt) }) else {
            throw WebError.notFound(asked.words.bank.noSuchPair(receipt: receipt, payment: payment))
        }
        return try WebApp.json(BankChangeView(message: asked.words.bank.paired(receipt: receipt, payment: payment)))
    }

    /// A stored payment taken out with its pair, as `receipts bank remove --payment ID`: 404 when it is
    /// not stored.
    private func remove(_ asked: RequestValues, _ body: BankPairRequest) async throws -> Response {
        guard let payment = body.payment, payment > 0 else {
            throw WebError.badRequest(asked.words.noPayment, field: "payment")
        }
        guard try await app.inDatabase({ try $0.removeBankPayment(id: payment) }) else {
            throw WebError.notFound(asked.words.bank.noSuchPayment(payment))
        }
        return try WebApp.json(BankChangeView(message: asked.words.bank.removed(payment: payment)))
    }

    /// The receipt and the payment a change names, both positive numbers; else 400.
    private static func pair(_ body: BankPairRequest, _ words: WebWords) throws(WebError) -> (Int64, Int64) {
        guard let receipt = body.receipt, receipt > 0 else { throw .badRequest(words.noPair, field: "receipt") }
        guard let payment = body.payment, payment > 0 else { throw .badRequest(words.noPair, field: "payment") }
        return (receipt, payment)
    }
}
