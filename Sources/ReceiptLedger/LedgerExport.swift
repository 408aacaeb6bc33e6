public import ReceiptCore
public import ReceiptStore

/// Receipts of a database written as a beancount or hledger file, one transaction a receipt, in the
/// order of their local time: the same database gives the same bytes.
///
/// Receipts are read and written one at a time, so the memory taken does not grow with the number of
/// receipts; `write` is handed the text piece by piece.
public struct LedgerExport: Sendable {
    /// beancount or hledger.
    public var format: LedgerFormat
    /// A posting a category or a line.
    public var postings: LedgerPostings
    /// The account names.
    public var accounts: LedgerAccounts
    /// The first month written; nil from the first receipt.
    public var from: Month?
    /// The last month written; nil to the last receipt.
    public var to: Month?
    /// Whose books: nil for the household's (every receipt whole); a person's for their parts of the
    /// lines and what the others owe them (`PersonalBooks`).
    public var person: Person?

    /// An export of these receipts in this format.
    public init(
        format: LedgerFormat, postings: LedgerPostings = .category, accounts: LedgerAccounts = LedgerAccounts(),
        from: Month? = nil, to: Month? = nil
    ) {
        self.format = format
        self.postings = postings
        self.accounts = accounts
        self.from = from
        self.to = to
    }

    /// Writes the file through `write`, piece by piece; returns how many receipts it holds. An error
    /// `write` throws ends the export and is thrown as it is.
    @discardableResult
    public func write(from database: ReceiptDatabase, to write: (String) throws -> Void) throws -> Int {
        let names = database.bankAccountsOrNone()
        let all = accounts.all(cards: names)
        let name: (String) -> String? = { account in accounts.category(ofAccount: account)?.name(in: .russian) }
        guard let first = try database.firstLedgerTime(from: from, to: to) else {
            try write(format == .beancount ? "option \"operating_currency\" \"RUB\"\n" : "commodity 1000.00 RUB\n")
            return 0
        }
        let books = try person.map { person in
            try PersonalBooks(of: person, in: database, months: database.months(from: from, to: to) ?? nil)
        }
        let opened = (all + (books?.receivables ?? [])).sorted()
        switch format {
        case .beancount:
            try write(BeancountText.header(accounts: opened, names: name, opened: first))
            // Fava's budgets are the household's; a person's books have none of them.
            if books == nil { try write(try budgets(database, from: first)) }
        case .hledger:
            try write(HledgerText.header(accounts: opened, names: name))
        }
        var count = 0
        try database.forEachLedgerReceipt(from: from, to: to) { receipt in
            let entry: LedgerEntry
            if let books {
                guard let part = books.parts[receipt.id] else { return }
                entry = LedgerEntry(receipt, part: part, books: books, postings: postings, accounts: accounts)
            } else {
                entry = LedgerEntry(receipt, postings: postings, accounts: accounts)
            }
            try write(format == .beancount ? BeancountText.entry(entry) : HledgerText.entry(entry))
            count += 1
        }
        if let books { try settlements(books, database) { try write($0) } }
        return count
    }

    /// The settlements between the person and the others, as transfers between the payment account
    /// and a receivable on the last day of their month.
    private func settlements(
        _ books: PersonalBooks, _ database: ReceiptDatabase, write: (String) throws -> Void
    ) throws {
        guard case .some(let months) = try database.months(from: from, to: to) else { return }
        let money = accounts.unmatched ?? accounts.card
        for settlement in try database.settlements(months: months) {
            let me = books.person.id
            guard settlement.from == me || settlement.to == me,
                let day = try? LocalDateTime(
                    year: settlement.month.year, month: settlement.month.month, day: settlement.month.dayCount)
            else { continue }
            let other = settlement.from == me ? settlement.to : settlement.from
            let name = books.people.first { $0.id == other }?.name ?? ""
            // What the person paid makes the other owe them more; what they received, less.
            let amount = settlement.from == me ? settlement.amount : -settlement.amount
            let postings = [(books.receivable(other), amount), (money, -amount)]
            let description =
                settlement.from == me ? "\(books.person.name) → \(name)" : "\(name) → \(books.person.name)"
            try write(
                format == .beancount
                    ? BeancountText.transfer(day: day, description: description, postings: postings)
                    : HledgerText.transfer(day: day, description: description, postings: postings))
        }
    }

    /// Fava's budgets: the monthly limits from the first receipt's day, a month's own limit on its
    /// first day and the monthly one (or none) again on the next month's.
    private func budgets(_ database: ReceiptDatabase, from first: LocalDateTime) throws -> String {
        let limits = try database.allBudgets()
        var text = ""
        let monthly = Dictionary(limits.filter { $0.month == nil }.map { ($0.category, $0.amount) }) { a, _ in a }
        for (category, amount) in monthly.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            text += BeancountText.budget(account: accounts.account(of: category), from: first, amount: amount)
        }
        for limit in limits {
            guard let month = limit.month, let day = try? LocalDateTime(year: month.year, month: month.month, day: 1),
                let next = month.advanced(by: 1),
                let nextDay = try? LocalDateTime(year: next.year, month: next.month, day: 1)
            else { continue }
            let account = accounts.account(of: limit.category)
            text += BeancountText.budget(account: account, from: day, amount: limit.amount)
            text += BeancountText.budget(account: account, from: nextDay, amount: monthly[limit.category] ?? .zero)
        }
        return text.isEmpty ? "" : "\n" + text
    }
}

extension ReceiptDatabase {
    fileprivate func bankAccountsOrNone() -> [LedgerReceipt.Account] {
        (try? bankAccounts()) ?? []
    }
}
