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
    let language: Language

    /// The text of `receipt` (at `place`, with its QR payload `qr`, from the shop named `shop`) in
    /// `language`.
    public init(
        receipt: Receipt, place: Place?, qr: String, note: String? = nil, shop: String? = nil, language: Language
    ) {
        self.receipt = receipt
        self.place = place
        self.qr = qr
        self.note = note
        self.shop = shop
        self.language = language
    }

    /// The text: for a terminal `width` cells wide, or `plain` (to share: no fiscal fields, no QR
    /// line, nothing cut or wrapped).
    public func render(plain: Bool, width: Int) -> String {
        let ru = language == .russian
        var lines: [String] = []
        let shop = self.shop ?? "—"
        lines.append(shop)
        if let address = place?.address ?? receipt.address { lines.append(address) }
        if let seller = receipt.seller, seller != shop {
            lines.append(seller + (receipt.sellerINN.map { (ru ? ", ИНН " : ", INN ") + $0 } ?? ""))
        }
        lines.append(
            receipt.dateTime.formatted(in: language) + " · " + receipt.operation.name(in: language)
                + (receipt.status == .pending ? (ru ? " · ожидает данных" : " · details pending") : ""))
        if let note { lines.append(note) }
        lines.append("")
        var table = TextTable(rightAligned: [1, 2], cut: [0])
        for item in receipt.items {
            let quantity = item.quantityText(in: language)
            table.append([
                item.name, "\(quantity) × \(item.price.formatted(in: language))", item.sum.formatted(in: language),
                item.vat?.name(in: language) ?? "",
            ])
        }
        if !receipt.items.isEmpty { lines.append(table.render(width: plain ? Int.max / 2 : width)) }
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
            if let register = receipt.registerNumber { lines.append((ru ? "РН ККТ " : "Register ") + register) }
            lines.append("QR: " + qr)
        }
        let text = lines.joined(separator: "\n")
        // The shop, address and QR lines wrap (the QR payload between its fields) to the terminal.
        return plain ? text : TextTable.wrapLines(text, width: width)
    }
}
