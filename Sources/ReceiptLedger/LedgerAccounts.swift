import Foundation
public import ReceiptCore
public import ReceiptStore

/// The ledger accounts receipts are booked to: an expense account a category, an asset account a
/// card or bank account, and cash; each with a default name that a user's map can replace.
///
/// Default names are ASCII, as beancount requires of an account's components: a category's Russian
/// name transliterated (`Продукты` is `Expenses:Produkty`), a card `Assets:Bank:TBank:Card4556`.
public struct LedgerAccounts: Sendable {
    /// Accounts the user chose, by category.
    public var categories: [Category: String] = [:]
    /// Accounts the user chose, by card or account as statements name it (`*4556`).
    public var cards: [String: String] = [:]
    /// The account of receipts paid in cash, or by a card no statement paired.
    public var cash = "Assets:Cash"

    /// The default accounts.
    public init() {}

    /// The expense account of `category`.
    public func account(of category: Category) -> String {
        categories[category] ?? Self.defaultAccount(of: category)
    }

    /// The account a receipt was paid from.
    public func account(paidFrom account: LedgerReceipt.Account?) -> String {
        guard let account else { return cash }
        if let chosen = cards[account.account] { return chosen }
        let bank =
            switch account.bank {
            case .tbank: "TBank"
            case .alfa: "AlfaBank"
            case .vtb: "VTB"
            case .sber: "Sber"
            case .ofx: "Bank"
            }
        let digits = account.account.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let name = account.account.hasPrefix("*") ? "Card" + digits : "Account" + digits
        return "Assets:Bank:\(bank):\(digits.isEmpty ? "Account" : name)"
    }

    /// `Expenses:` and the category's Russian name in Latin letters, words joined by `-`.
    public static func defaultAccount(of category: Category) -> String {
        "Expenses:" + component(category.name(in: .russian))
    }

    /// A name as one ASCII account component: transliterated, words joined by `-`, the first letter
    /// a capital.
    static func component(_ name: String) -> String {
        let latin = Transliteration.latin(name)
        let words = latin.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let joined = words.joined(separator: "-")
        guard let first = joined.first else { return "X" }
        return first.isLetter ? first.uppercased() + joined.dropFirst() : "X" + joined
    }

    /// Every account a booking may name, each once, sorted: for `open` and `account` directives.
    public func all(cards statementAccounts: [LedgerReceipt.Account]) -> [String] {
        var names = Set(Category.allCases.map(account(of:)))
        names.insert(cash)
        for account in statementAccounts { names.insert(self.account(paidFrom: account)) }
        return names.sorted()
    }

    /// The category an expense account is the default account of, for the name kept beside it.
    public func category(ofAccount name: String) -> Category? {
        Category.allCases.first { account(of: $0) == name }
    }
}
