import ReceiptCore
import ReceiptStore

/// Receipts in beancount's syntax: `open` directives, Fava's budgets, a transaction a receipt with
/// its fiscal identity as metadata and a link `^fns-<fn>-<fd>`.
enum BeancountText {
    static func header(accounts: [String], names: (String) -> String?, opened: LocalDateTime) -> String {
        var text = "option \"title\" \"Receipts\"\noption \"operating_currency\" \"RUB\"\n\n"
        for account in accounts {
            text += "\(opened.isoDate) open \(account) RUB\n"
            if let name = names(account) { text += "  name: \(quoted(name))\n" }
        }
        return text
    }

    static func budget(account: String, from day: LocalDateTime, amount: Money) -> String {
        "\(day.isoDate) custom \"budget\" \(account) \"monthly\" \(LedgerEntry.decimal(amount)) RUB\n"
    }

    static func entry(_ entry: LedgerEntry) -> String {
        let receipt = entry.receipt
        let identity = receipt.identity
        var text = "\n\(receipt.dateTime.isoDate) * \(quoted(receipt.shop)) \(quoted(receipt.seller ?? ""))"
        text += " ^fns-\(identity.fn)-\(identity.i)\n"
        text +=
            "  fn: \(quoted(identity.fn))\n  fd: \(quoted(String(identity.i)))\n  fp: \(quoted(String(identity.fp)))\n"
        if let inn = receipt.sellerINN, !inn.isEmpty { text += "  inn: \(quoted(inn))\n" }
        if let qr = entry.qr { text += "  qr: \(quoted(qr))\n" }
        for posting in entry.postings {
            text += "  \(posting.account)  \(LedgerEntry.decimal(posting.amount)) RUB\n"
            if let item = posting.item { text += "    item: \(quoted(item))\n" }
            if let quantity = posting.quantity { text += "    qty: \(quoted(quantity))\n" }
            if posting.rounding { text += "    rounding: TRUE\n" }
        }
        return text
    }

    /// A transaction of no receipt (a settlement between people): its day, words and postings.
    static func transfer(day: LocalDateTime, description: String, postings: [(String, Int64)]) -> String {
        var text = "\n\(day.isoDate) * \(quoted(description))\n"
        for (account, amount) in postings {
            text += "  \(account)  \(LedgerEntry.decimal(Money(kopecks: amount))) RUB\n"
        }
        return text
    }

    /// A string literal: quotes and backslashes escaped, line breaks made spaces.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r", "\r\n", "\t": result += " "
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
