import Foundation
public import ReceiptCore
public import ReceiptStore

/// The ledger accounts receipts are booked to: an expense account a category, an asset account a
/// card or bank account, cash, a card no statement names, prepayments, and what is owed on credit;
/// each with a default name that a user's map can replace.
///
/// Default names are ASCII, as beancount requires of an account's components: a category's Russian
/// name transliterated (`Продукты` is `Expenses:Produkty`), a card `Assets:Bank:TBank:Card4556`.
public struct LedgerAccounts: Sendable {
    /// Accounts the user chose, by category.
    public var categories: [Category: String] = [:]
    /// Accounts the user chose, by card or account as statements name it (`*4556`).
    public var cards: [String: String] = [:]
    /// The account of what receipts say was paid in cash.
    public var cash = "Assets:Cash"
    /// The account of what receipts say was paid by card, when no bank payment was paired with them.
    public var card = "Assets:Card"
    /// The account prepayments pay into and settlements draw on: what a settlement says its
    /// prepayment paid (tag 1215) and what was paid by certificate or bonus points (tag 1217).
    public var prepaid = "Assets:Prepaid"
    /// The account of what was bought on credit (tag 1216) and of what credit payments pay off.
    public var credit = "Liabilities:Credit"
    /// The account of everything a receipt no bank payment was paired with paid in cash or by card
    /// (the user's `--payment-account`); nil to book cash and card apart.
    public var unmatched: String?

    /// The default accounts.
    public init() {}

    /// The expense account of `category`.
    public func account(of category: Category) -> String {
        categories[category] ?? Self.defaultAccount(of: category)
    }

    /// The account of a statement's card or account.
    public func account(paidFrom account: LedgerReceipt.Account) -> String {
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
        names.formUnion([cash, card, prepaid, credit])
        if let unmatched { names.insert(unmatched) }
        for account in statementAccounts { names.insert(self.account(paidFrom: account)) }
        return names.sorted()
    }

    /// The category an expense account is the default account of, for the name kept beside it.
    public func category(ofAccount name: String) -> Category? {
        Category.allCases.first { account(of: $0) == name }
    }
}
