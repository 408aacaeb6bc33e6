/// The plain-text accounting formats receipts are exported to.
public enum LedgerFormat: String, Sendable, CaseIterable {
    /// beancount (and Fava).
    case beancount
    /// hledger (and ledger-cli's common subset).
    case hledger

    /// Whether `account` is a name this format takes: for beancount, a root of its five and
    /// components of ASCII letters, digits and `-`, each beginning with a capital or a digit; for
    /// hledger, no two spaces in a row, no tab, no `;`, nothing at either end.
    public func accepts(account: String) -> Bool {
        switch self {
        case .beancount:
            let components = account.split(separator: ":", omittingEmptySubsequences: false)
            guard components.count >= 2,
                ["Assets", "Liabilities", "Equity", "Income", "Expenses"].contains(components[0])
            else { return false }
            return components.dropFirst().allSatisfy { component in
                guard let first = component.first, first.isASCII, first.isUppercase || first.isNumber else {
                    return false
                }
                return component.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
        case .hledger:
            return !account.isEmpty && !account.contains("  ") && !account.contains("\t") && !account.contains(";")
                && !account.contains("\n") && account.first != " " && account.last != " "
                && !account.split(separator: ":", omittingEmptySubsequences: false).contains { $0.isEmpty }
        }
    }
}

/// What a posting stands for: a category of each receipt, or each line.
public enum LedgerPostings: String, Sendable, CaseIterable {
    /// One posting a category a receipt touches.
    case category
    /// One posting a printed line.
    case item
}
