import ReceiptCore
import ReceiptStore

/// Receipts in hledger's journal syntax: a decimal point declared, roubles with two decimals, the
/// document number as the code, the fiscal identity as tags.
enum HledgerText {
    static func header(accounts: [String], names: (String) -> String?) -> String {
        var text = "decimal-mark .\ncommodity 1000.00 RUB\n\n"
        for account in accounts {
            text += "account \(account)"
            if let name = names(account) { text += "  ; name: \(tagValue(name))" }
            text += "\n"
        }
        return text
    }

    static func entry(_ entry: LedgerEntry) -> String {
        let receipt = entry.receipt
        let identity = receipt.identity
        var description = plain(receipt.shop)
        if let seller = receipt.seller, !seller.isEmpty { description += " | " + plain(seller) }
        var tags = ["fn:\(identity.fn)", "fd:\(identity.i)", "fp:\(identity.fp)"]
        if let inn = receipt.sellerINN, !inn.isEmpty { tags.append("inn:\(tagValue(inn))") }
        if let qr = entry.qr { tags.append("qr:\(qr)") }
        var text = "\n\(receipt.dateTime.isoDate) * (\(identity.i)) \(description)  ; \(tags.joined(separator: ", "))\n"
        for posting in entry.postings {
            text += "    \(posting.account)  \(LedgerEntry.decimal(posting.amount)) RUB"
            var comments: [String] = []
            if let item = posting.item { comments.append("item:\(tagValue(item))") }
            if let quantity = posting.quantity { comments.append("qty:\(tagValue(quantity))") }
            if posting.rounding { comments.append("rounding:") }
            if !comments.isEmpty { text += "  ; " + comments.joined(separator: ", ") }
            text += "\n"
        }
        return text
    }

    /// A transaction of no receipt (a settlement between people): its day, words and postings.
    static func transfer(day: LocalDateTime, description: String, postings: [(String, Int64)]) -> String {
        var text = "\n\(day.isoDate) * \(plain(description))\n"
        for (account, amount) in postings {
            text += "    \(account)  \(LedgerEntry.decimal(Money(kopecks: amount))) RUB\n"
        }
        return text
    }

    /// A description's part: `|` splits payee from note and `;` starts a comment, so they become `/`
    /// and `,`; line breaks become spaces.
    static func plain(_ text: String) -> String {
        String(
            text.map { character -> Character in
                switch character {
                case "|": "/"
                case ";": ","
                case "\n", "\r", "\r\n", "\t": " "
                default: character
                }
            })
    }

    /// A tag's value ends at a comma or the line's end: commas and line breaks become spaces.
    static func tagValue(_ text: String) -> String {
        String(text.map { $0 == "," || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
