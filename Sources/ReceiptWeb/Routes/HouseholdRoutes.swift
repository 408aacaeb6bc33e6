import Hummingbird
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// The household as `receipts people`, `paid-by`, `split` and `household` keep it: the people
/// listed, added and removed; a receipt's payer and a receipt's or a line's people; the balance over
/// some months, the transfers that settle it, recorded when the page says they were made; the split
/// rules.
struct HouseholdRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/api/people") { request, context in
            let words = RequestValues(request, context).words
            return try WebApp.json(PeopleView(try await app.inDatabase { try $0.people() }, words: words))
        }
        router.post("/api/people/add") { request, context in
            try await add(
                RequestValues(request, context), try await request.decode(as: PersonRequest.self, context: context))
        }
        router.post("/api/people/remove") { request, context in
            try await remove(
                RequestValues(request, context), try await request.decode(as: PersonRequest.self, context: context))
        }
        router.post("/api/household/payer") { request, context in
            try await payer(
                RequestValues(request, context), try await request.decode(as: SharesRequest.self, context: context))
        }
        router.post("/api/household/shares") { request, context in
            try await shares(
                RequestValues(request, context), try await request.decode(as: SharesRequest.self, context: context))
        }
        router.get("/api/household/balance") { request, context in try await balance(RequestValues(request, context)) }
        router.get("/api/household/settle") { request, context in
            let asked = RequestValues(request, context)
            let range = try Self.range(asked.month("month"), asked.monthRange())
            let (transfers, people) = try await app.inDatabase { try Self.transfers(in: $0, range: range) }
            return try WebApp.json(SettleView(transfers, people: people, recorded: false, words: asked.words))
        }
        router.post("/api/household/settle") { request, context in
            try await record(
                RequestValues(request, context), try await request.decode(as: SettleRequest.self, context: context))
        }
        router.get("/api/household/rules") { request, context in
            let words = RequestValues(request, context).words
            let (rules, people) = try await app.inDatabase { (try $0.splitRules(), try $0.people()) }
            return try WebApp.json(SplitRulesView(rules, people: people, words: words))
        }
    }

    private func add(_ asked: RequestValues, _ body: PersonRequest) async throws -> Response {
        let words = asked.words
        guard let name = body.name, Person.accepts(name: name) else {
            throw WebError.badRequest(words.badPersonName, field: "name")
        }
        var card: String?
        if let text = body.card?.trimmingWhitespace(), !text.isEmpty {
            guard let digits = Person.cardDigits(text) else {
                throw WebError.badRequest(words.badCard(text), field: "card")
            }
            card = digits
        }
        let result = try await app.inDatabase { [card] in try $0.addPerson(name.trimmingWhitespace(), card: card) }
        switch result {
        case .success(let person):
            return try WebApp.json(
                PersonChangeView(
                    person: PersonView(person, words: words),
                    message: ReportText(words.language).personAdded(
                        person.name, card: person.card, isUser: person.isUser)))
        case .failure(let refusal):
            let field = if case .cardTaken = refusal { "card" } else { "name" }
            throw WebError.badRequest(refusal.message(in: words.language), field: field)
        }
    }

    private func remove(_ asked: RequestValues, _ body: PersonRequest) async throws -> Response {
        let words = asked.words
        guard let id = body.id else { throw WebError.badRequest(words.noPersonChosen) }
        let result = try await app.inDatabase { database throws -> Result<Person, HouseholdError>? in
            guard let person = try database.people().first(where: { $0.id == id }) else { return nil }
            return try database.removePerson(named: person.name)
        }
        switch result {
        case nil: throw WebError.notFound(words.noPerson(id))
        case .success(let person)?:
            return try WebApp.json(
                PersonChangeView(
                    person: PersonView(person, words: words),
                    message: ReportText(words.language).personRemoved(person.name)))
        case .failure(let refusal)?: throw WebError.badRequest(refusal.message(in: words.language))
        }
    }

    /// `{"receipt", "person": id | null}`: who paid it; null gives it back to the default.
    private func payer(_ asked: RequestValues, _ body: SharesRequest) async throws -> Response {
        let words = asked.words
        guard let receipt = body.receipt else { throw WebError.badRequest(words.noReceiptGiven, field: "receipt") }
        let person = body.person
        let answer = try await app.inDatabase { database throws -> ReceiptPeopleChangeView in
            let people = try database.people()
            var name: String?
            if let person {
                guard let found = people.first(where: { $0.id == person }) else {
                    throw WebError.notFound(words.noPerson(person))
                }
                name = found.name
            }
            if let refusal = try database.setPayer(of: receipt, to: person) {
                throw WebError.notFound(refusal.message(in: words.language))
            }
            return try Self.changed(
                receipt, message: ReportText(words.language).payerSet(receipt: receipt, name: name), database, words)
        }
        return try WebApp.json(answer)
    }

    /// `{"receipt", "line": n | null, "people": [{"person", "weight"}]}`: whom a line (from 1), or the
    /// receipt, is for; no people gives it back to everyone (a line: to its receipt's people).
    private func shares(_ asked: RequestValues, _ body: SharesRequest) async throws -> Response {
        let words = asked.words
        guard let receipt = body.receipt else { throw WebError.badRequest(words.noReceiptGiven, field: "receipt") }
        if let line = body.line, line < 1 { throw WebError.badRequest(words.noLine, field: "line") }
        // A person named twice adds up, as on the command line.
        var weights: [Household.Weight] = []
        for share in body.people ?? [] {
            let weight = share.weight ?? 1
            guard Household.Weight.allowed.contains(weight) else {
                throw WebError.badRequest(words.badWeight, field: "weight")
            }
            if let index = weights.firstIndex(where: { $0.person == share.person }) {
                weights[index] = Household.Weight(person: share.person, weight: weights[index].weight + weight)
            } else {
                weights.append(Household.Weight(person: share.person, weight: weight))
            }
        }
        let line = body.line
        let answer = try await app.inDatabase { [weights] database throws -> ReceiptPeopleChangeView in
            let people = try database.people()
            let names = Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0.name) })
            if let missing = weights.first(where: { names[$0.person] == nil }) {
                throw WebError.notFound(words.noPerson(missing.person))
            }
            if let refusal = try database.setShares(of: receipt, line: line, to: weights) {
                throw WebError.notFound(refusal.message(in: words.language))
            }
            let message = ReportText(words.language).sharesSet(
                receipt: receipt, line: line, people: weights.map { (names[$0.person] ?? "", $0.weight) })
            return try Self.changed(receipt, message: message, database, words)
        }
        return try WebApp.json(answer)
    }

    /// The receipt's people as they are after a change, with the line that says what changed.
    private static func changed(
        _ receipt: Int64, message: String, _ database: ReceiptDatabase, _ words: WebWords
    ) throws -> ReceiptPeopleChangeView {
        guard let shares = try database.receiptShares(of: receipt) else {
            throw WebError.notFound(HouseholdError.noReceipt(receipt).message(in: words.language))
        }
        return ReceiptPeopleChangeView(
            message: message, household: ReceiptPeopleView(shares, people: try database.people(), words: words))
    }

    /// The balance of `month`, or of `from` to `to`, else of every month; `{"people": []}` without people.
    private func balance(_ asked: RequestValues) async throws -> Response {
        let words = asked.words
        let range = try Self.range(asked.month("month"), asked.monthRange())
        let view = try await app.inDatabase { database in
            BalanceView(
                try database.householdBalance(months: range), range: range,
                available: try database.monthTotals().map(\.month), words: words)
        }
        return try WebApp.json(view)
    }

    /// `{"from", "to", "transfers": [{"from", "to", "amount"}]}` (ids, kopecks): the transfers the page
    /// showed, recorded as settlements of the last month (of this one, for every month) when they are
    /// still the ones to make; 409 when the balances changed since.
    private func record(_ asked: RequestValues, _ body: SettleRequest) async throws -> Response {
        let words = asked.words
        let month = { (text: String?, field: String) throws(WebError) -> Month? in
            guard let text, !text.isEmpty else { return nil }
            guard let month = Month(text) else { throw .badRequest(words.badMonth(text), field: field) }
            return month
        }
        let (from, to) = (try month(body.from, "from"), try month(body.to, "to"))
        if let from, let to, from > to { throw WebError.badRequest(words.fromAfterTo, field: "from") }
        let range = Self.range(nil, (from, to))
        let shown = (body.transfers ?? []).map { Household.Transfer(from: $0.from, to: $0.to, amount: $0.amount) }
        let thisMonth = try app.now().yearMonth
        let view = try await app.inDatabase { database throws -> SettleView in
            guard
                try database.recordSettlements(
                    settling: range, in: range?.upperBound ?? thisMonth, expected: shown)
            else { throw WebError.conflict(words.balancesChanged) }
            return SettleView(shown, people: try database.people(), recorded: true, words: words)
        }
        return try WebApp.json(view)
    }

    /// The fewest transfers that settle the balance over `range`, and the people.
    private static func transfers(
        in database: ReceiptDatabase, range: ClosedRange<Month>?
    ) throws -> ([Household.Transfer], [Person]) {
        let balance = try database.householdBalance(months: range)
        return (
            Household.settle(balance.lines.map { (person: $0.person.id, balance: $0.balance) }),
            balance.lines.map(\.person)
        )
    }

    /// One month, or `from` to `to` (one alone: that month), else every month (nil).
    private static func range(_ month: Month?, _ range: (from: Month?, to: Month?)) -> ClosedRange<Month>? {
        if let month { return month...month }
        switch range {
        case (let from?, let to?): return from...to
        case (let from?, nil): return from...from
        case (nil, let to?): return to...to
        case (nil, nil): return nil
        }
    }
}

/// `{"name", "card"}` of a person to add, `{"id"}` of one to remove.
struct PersonRequest: Decodable {
    var id: Int64?
    var name: String?
    var card: String?
}

/// `{"receipt", "person"}` (a payer; null for the default) or `{"receipt", "line", "people"}`.
struct SharesRequest: Decodable {
    struct Share: Decodable {
        let person: Int64
        var weight: Int64?
    }
    var receipt: Int64?
    var person: Int64?
    var line: Int?
    var people: [Share]?
}

/// `{"from", "to", "transfers": [{"from", "to", "amount"}]}`: the transfers the page showed.
struct SettleRequest: Decodable {
    struct Transfer: Decodable {
        let from: Int64
        let to: Int64
        let amount: Int64
    }
    var from: String?
    var to: String?
    var transfers: [Transfer]?
}
