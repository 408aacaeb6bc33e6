public import ReceiptCore

/// A receipt as text: like the paper, for the terminal (`receipts show`) or to paste into a
/// messenger (`show --share`, the web app's "share").
public struct ReceiptText: Sendable {
    let receipt: Receipt
    let place: Place?
    let qr: String
    /// What a source of documents last said of it, when it is pending (``ReceiptStore/PendingCheck``),
    /// or what it is and the receipt it goes with (``ReceiptStore/PurchaseLink``).
    let note: String?
    /// The shop's name as the database shows it everywhere
    /// (``ReceiptStore/ReceiptDatabase/shopName(ofReceipt:)``); nil when the receipt names none.
    let shop: String?
    /// Each line's category as ``ReceiptStore/LineCategory/label(in:)`` writes it, in the lines'
    /// order; shown in the terminal, not in the text to share. Empty: none shown.
    let categories: [String]
    /// The clock the receipt's time was printed by; shown in the terminal, not in the text to share.
    let zone: ShopZone?
    let language: Language

    /// The text of `receipt` (at `place`, with its QR payload `qr`, from the shop named `shop`, its
    /// lines in `categories`) in `language`.
    public init(
        receipt: Receipt, place: Place?, qr: String, note: String? = nil, shop: String? = nil,
        categories: [String] = [], zone: ShopZone? = nil, language: Language
    ) {
        self.receipt = receipt
        self.place = place
        self.qr = qr
        self.note = note
        self.shop = shop
        self.categories = categories
        self.zone = zone
        self.language = language
    }

    /// The text: for a terminal `width` cells wide, or `plain` (to share: no fiscal fields, no QR
    /// line, nothing cut or wrapped).
    public func render(plain: Bool, width: Int) -> String {
        let ru = language == .russian
        var lines: [String] = []
        // Each field from the document is one line whatever it holds: a line break in a seller or
        // an address shows as `␊` (`visible()`), as in a table's cell, and cannot start a line.
        let waiting = receipt.status == .pending && receipt.items.isEmpty
        let shop = self.shop ?? (waiting ? language.pick("Магазин пока не известен", "Shop not known yet") : "—")
        lines.append(shop.visible())
        if let address = place?.address ?? receipt.address { lines.append(address.visible()) }
        if let seller = receipt.seller, seller != shop {
            lines.append((seller + (receipt.sellerINN.map { (ru ? ", ИНН " : ", INN ") + $0 } ?? "")).visible())
        }
        lines.append(
            receipt.dateTime.formatted(in: language) + " · " + receipt.operation.name(in: language)
                + (receipt.status == .pending ? (ru ? " · ожидает данных" : " · details pending") : ""))
        if !plain, let zone {
            lines.append(language.pick("Часы магазина: ", "Shop's clock: ") + zone.text(in: language))
        }
        if let note { lines.append(note.visible()) }
        lines.append("")
        // In the terminal, lines are numbered as `categories line` takes them, each with its category
        // on a line of its own below it (wrapped with the rest, never cut).
        let numbered = !plain && !categories.isEmpty
        var table =
            numbered ? TextTable(rightAligned: [0, 2, 3], cut: [1]) : TextTable(rightAligned: [1, 2], cut: [0])
        for (index, item) in receipt.items.enumerated() {
            let quantity = item.quantityText(in: language)
            let row = [
                item.name, "\(quantity) × \(item.price.formatted(in: language))", item.sum.formatted(in: language),
                item.vat?.name(in: language) ?? "",
            ]
            table.append(numbered ? ["\(index + 1)."] + row : row)
        }
        if waiting {
            // A receipt known by its QR code alone: what brings its lines, rather than nothing.
            lines.append(
                plain
                    ? language.pick("Строки чека ещё не получены.", "The receipt's lines have not come yet.")
                    : language.pick(
                        "Строк ещё нет: их принесёт документ чека,\nreceipts complete (или receipts fns import).",
                        "No lines yet: the receipt's document brings them,\nreceipts complete (or receipts fns import)."
                    ))
        }
        if !receipt.items.isEmpty {
            let rendered = table.render(width: plain ? Int.max / 2 : width)
            if numbered {
                let indent = String(repeating: " ", count: String(receipt.items.count).count + 3)
                for (index, row) in rendered.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    lines.append(String(row))
                    if index < categories.count { lines.append(indent + categories[index]) }
                }
            } else {
                lines.append(rendered)
            }
        }
        lines.append("")
        lines.append((ru ? "ИТОГО: " : "TOTAL: ") + receipt.total.formatted(in: language))
        if receipt.cash > .zero { lines.append((ru ? "Наличными: " : "Cash: ") + receipt.cash.formatted(in: language)) }
        if receipt.ecash > .zero {
            lines.append((ru ? "Безналичными: " : "Card: ") + receipt.ecash.formatted(in: language))
        }
        if receipt.prepaid > .zero {
            lines.append((ru ? "Предоплатой (зачёт аванса): " : "Prepaid: ") + receipt.prepaid.formatted(in: language))
        }
        if receipt.credit > .zero {
            lines.append((ru ? "В кредит: " : "On credit: ") + receipt.credit.formatted(in: language))
        }
        if receipt.provision > .zero {
            lines.append(
                (ru ? "Бонусами, сертификатом: " : "Bonuses, certificate: ") + receipt.provision.formatted(in: language)
            )
        }
        lines += DocumentProblem.of(receipt).map { $0.message(in: language) }
        if !plain {
            lines.append("")
            lines.append("ФН \(receipt.identity.fn) · ФД \(receipt.identity.i) · ФП \(receipt.identity.fp)")
            if let register = receipt.registerNumber {
                lines.append(((ru ? "РН ККТ " : "Register ") + register).visible())
            }
            lines.append("QR: " + qr.visible())
        }
        let text = lines.joined(separator: "\n")
        // The shop, address and QR lines wrap (the QR payload between its fields) to the terminal.
        return plain ? text : TextTable.wrapLines(text, width: width)
    }
}
