public import ReceiptCore

/// The user's own account names, from a file of lines `KEY = ACCOUNT`: a category by its name in
/// either language or its identifier; `cash`, `card`, `prepaid` or `credit` (or their Russian
/// words: `наличные`, `карта`, `предоплата`, `кредит`); or a card or account as statements give it
/// (`*4556`).
/// Blank lines and lines starting with `#` are left out.
public enum AccountMap {
    /// Reads `text` over `accounts`; an account name that the format refuses is an error of its line.
    public static func read(_ text: String, format: LedgerFormat, over accounts: LedgerAccounts) throws(AccountMapError)
        -> LedgerAccounts
    {
        var accounts = accounts
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else { throw .noEquals(line: index + 1) }
            let key = String(line[..<equals]).trimmingWhitespace()
            let account = String(line[line.index(after: equals)...]).trimmingWhitespace()
            guard format.accepts(account: account) else { throw .badAccount(line: index + 1, account) }
            switch key.lowercased() {
            case "cash", "наличные": accounts.cash = account
            case "card", "карта": accounts.card = account
            case "prepaid", "предоплата": accounts.prepaid = account
            case "credit", "кредит": accounts.credit = account
            default:
                if let category = Category(lookingUp: key) {
                    accounts.categories[category] = account
                } else if key.hasPrefix("*") || key.allSatisfy(\.isNumber) {
                    accounts.cards[key] = account
                } else {
                    throw .unknownKey(line: index + 1, key)
                }
            }
        }
        return accounts
    }
}

/// A line of an account map that cannot be used.
public enum AccountMapError: Error, Equatable, LocalizedMessage {
    /// The line has no `=`.
    case noEquals(line: Int)
    /// The key is no category, no statement's card and none of `cash`, `card`, `prepaid` and `credit`.
    case unknownKey(line: Int, String)
    /// The account is not a valid name in the chosen format.
    case badAccount(line: Int, String)

    /// What is wrong, in `language`.
    public func message(in language: Language) -> String {
        switch self {
        case .noEquals(let line):
            return language.pick(
                "карта счетов, строка \(line): нужно «КЛЮЧ = СЧЁТ»",
                "account map, line \(line): expected “KEY = ACCOUNT”")
        case .unknownKey(let line, let key):
            return language.pick(
                "карта счетов, строка \(line): «\(key)» — не категория, не карта из выписки (*4556) и не "
                    + "cash, card, prepaid или credit",
                "account map, line \(line): “\(key)” is no category, no statement’s card (*4556) and none of "
                    + "cash, card, prepaid and credit")
        case .badAccount(let line, let account):
            return language.pick(
                "карта счетов, строка \(line): «\(account)» — недопустимое имя счёта",
                "account map, line \(line): “\(account)” is not a valid account name")
        }
    }
}
