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
        switch format {
        case .beancount:
            try write(BeancountText.header(accounts: all, names: name, opened: first))
            try write(try budgets(database, from: first))
        case .hledger:
            try write(HledgerText.header(accounts: all, names: name))
        }
        var count = 0
        try database.forEachLedgerReceipt(from: from, to: to) { receipt in
            let entry = LedgerEntry(receipt, postings: postings, accounts: accounts)
            try write(format == .beancount ? BeancountText.entry(entry) : HledgerText.entry(entry))
            count += 1
        }
        return count
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
