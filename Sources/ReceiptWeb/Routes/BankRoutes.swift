import Hummingbird
import ReceiptBank
import ReceiptStore

/// Card payments beside the receipts (as `receipts match`): shown without saving anything, a
/// statement added (as `receipts bank import`), a wrong pair taken apart (and not offered again), a
/// missing one made by hand, a stored payment taken out (as `receipts bank remove --payment`).
struct BankRoutes: Sendable {
    let app: WebApp

    /// The largest statement the page may send: the bound `receipts bank import` sets an OFX file,
    /// here for every statement (a year of a card's operations is a few hundred KB).
    static let largestStatement = BankStatement.maximumOFXSize

    func register(on router: Router<WebContext>) {
        router.get("/api/bank") { request, context in try await show(RequestValues(request, context)) }
        router.post("/api/bank/statement") { request, context in
            try await addStatement(request, RequestValues(request, context))
        }
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

    /// One statement file (the body, its name in `?name=`) added as `receipts bank import FILE` adds
    /// it: the same reader with the same bounds (a line of 64 KiB, an OFX file of 16 MiB, and here any
    /// file of 16 MiB), each operation stored once, rows that cannot be read named and the rest kept;
    /// then the pairs matching finds now that it did not before, counted (and, as on the page, not
    /// saved). A file that is no statement is 422 with the command's reason (413 when too large), and
    /// nothing of it is stored.
    private func addStatement(_ request: Request, _ asked: RequestValues) async throws -> Response {
        let name = asked.text("name") ?? "—"
        let language = asked.words.language
        let statement: BankStatement
        do {
            var bytes = StatementBytes()
            for try await piece in request.body {
                // The reader's own bounds first (an OFX file says so in the command's words), then
                // the page's for any file.
                try bytes.append(piece.readableBytesView)
                guard bytes.bytes.count <= Self.largestStatement else {
                    return try WebApp.json(
                        StatementUploadView(file: name, problem: asked.words.statementTooLarge(Self.largestStatement)),
                        status: .contentTooLarge)
                }
            }
            statement = try BankStatement.read(bytes.bytes)
        } catch let error as StatementError {
            let tooLarge = error == .tooLarge(limit: BankStatement.maximumOFXSize)
            return try WebApp.json(
                StatementUploadView(file: name, problem: error.message(in: language)),
                status: tooLarge ? .contentTooLarge : .unprocessableContent)
        }
        let (added, paired) = try await app.inDatabase { database in
            let reconciliation = BankReconciliation(database: database)
            let before = Set(try reconciliation.match(saving: false).matched.map(Self.pair))
            let added = try reconciliation.add(statement)
            guard added.imported > 0 else { return (added, 0) }
            let after = try reconciliation.match(saving: false).matched
            return (added, after.filter { !before.contains(Self.pair($0)) }.count)
        }
        return try WebApp.json(
            StatementUploadView(file: name, statement: statement, added: added, paired: paired, language: language))
    }

    /// A pair as the matcher names it.
    private static func pair(_ pairing: BankReconciliation.Pairing) -> PaymentMatcher.Pair {
        PaymentMatcher.Pair(payment: pairing.payment.id, receipt: pairing.receipt)
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
