import ReceiptBank
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// One receipt as the page's detail shows it: the shop, the lines with quantity, price, sum, VAT and
/// category, the payment (and the bank's payment it is paired with), who paid it and whom its lines
/// are for, the fiscal fields and the QR code's payload (its picture is
/// `/api/receipts/ID/qr.png`). Every text is written here in the page's language.
struct ReceiptView: Encodable {
    struct Line: Encodable {
        let name: String
        let quantityText: String
        let priceText: String
        let sumText: String
        let vatText: String?
        /// The category as ``ReceiptStore/LineCategory/label(in:)`` writes it: a guess marked.
        let categoryText: String?
        /// The category's identifier, what decided it (``ReceiptStore/CategoryDecisions/Decider``),
        /// and the category proposed for it (a guess applied or not): what the line's choice starts at.
        let category: String?
        let decidedBy: String?
        let proposed: String?
    }

    let id: Int64
    let pending: Bool
    let shop: String
    let address: String?
    let seller: String?
    let dateText: String
    let operationText: String
    let statusText: String?
    /// What the receipt is when it is not a plain purchase, and what it goes with
    /// (``ReceiptStore/PurchaseLink``): `предоплата — получено по чеку #15 от …`.
    let purchaseText: String?
    /// The receipts it goes with, each with its address in the page.
    let links: [Link]
    /// What its document says that does not hold together (``ReceiptCore/DocumentProblem``).
    let problems: [String]
    let items: [Line]
    let totalText: String
    let payments: [[String]]
    /// The bank's payment the receipt is paired with, as the «Банк» page pairs them; null when none.
    @NullWhenAbsent var bankPayment: PairedPayment?
    /// Who paid it and whom its lines are for; null when there are no people yet.
    @NullWhenAbsent var household: ReceiptPeopleView?
    let fiscal: [[String]]
    let qr: String
    let qrImage: String
    /// What "share" copies: the text `receipts show --share` prints.
    let shareText: String

    /// A bank payment as the «Банк» page shows it, and why it is this receipt's.
    struct PairedPayment: Encodable {
        let payment: BankView.Payment
        /// `точно, сумма совпадает, в ту же минуту · уверенность 99 %`, or `вручную`.
        let reason: String
        let manual: Bool
    }

    /// A receipt another one goes with: its address and its words (`#15 · предоплата`).
    struct Link: Encodable {
        let href: String
        let text: String
    }

    init(
        id: Int64, receipt: Receipt, place: Place?, shop: String?, categories: [LineCategory], check: PendingCheck?,
        link: PurchaseLink?, pairing: BankReconciliation.Pairing?, household: ReceiptPeopleView? = nil,
        words: WebWords
    ) {
        let language = words.language
        self.id = id
        pending = receipt.status == .pending
        self.shop = shop ?? "—"
        address = place?.address ?? receipt.address
        seller = receipt.seller.map { seller in
            seller + (receipt.sellerINN.map { (language == .russian ? ", ИНН " : ", INN ") + $0 } ?? "")
        }
        dateText = receipt.dateTime.formatted(in: language)
        operationText = receipt.operation.name(in: language)
        let note = check?.summary(in: language)
        statusText = pending ? note ?? words.items(0, pending: true) : nil
        purchaseText = link?.summary(in: language)
        problems = DocumentProblem.of(receipt).map { $0.message(in: language) }
        let others = ((link?.linked).map { [$0] } ?? []) + (link?.linkedFrom ?? [])
        links = others.map { other in
            Link(
                href: "/receipts/\(other.id)",
                text: "#\(other.id) · \(other.kind.name(in: language)) · \(other.dateTime.formatted(in: language))")
        }
        items = receipt.items.enumerated().map { index, item in
            let category = index < categories.count ? categories[index] : nil
            let quantity = item.quantityText(in: language)
            return Line(
                name: item.name, quantityText: quantity + (item.unit.map { " " + $0 } ?? ""),
                priceText: item.price.formatted(in: language), sumText: item.sum.formatted(in: language),
                vatText: item.vat?.name(in: language), categoryText: category?.label(in: language),
                category: category?.category.rawValue, decidedBy: category?.by.rawValue,
                proposed: category?.guess?.category.rawValue)
        }
        totalText = receipt.total.formatted(in: language)
        var payments: [[String]] = []
        if receipt.cash > .zero { payments.append([words.cash, receipt.cash.formatted(in: language)]) }
        if receipt.ecash > .zero { payments.append([words.card, receipt.ecash.formatted(in: language)]) }
        if receipt.prepaid > .zero { payments.append([words.prepaid, receipt.prepaid.formatted(in: language)]) }
        if receipt.credit > .zero { payments.append([words.onCredit, receipt.credit.formatted(in: language)]) }
        if receipt.provision > .zero { payments.append([words.bonuses, receipt.provision.formatted(in: language)]) }
        self.payments = payments
        bankPayment = pairing.map { pairing in
            PairedPayment(
                payment: BankView.Payment(pairing.payment, words: words),
                reason: pairing.reason.manual
                    ? pairing.reason.message(in: language)
                    : "\(pairing.reason.message(in: language)) · \(words.confidence(pairing.reason.confidence))",
                manual: pairing.reason.manual)
        }
        self.household = household
        var fiscal = [
            ["ФН", receipt.identity.fn], ["ФД", String(receipt.identity.i)], ["ФП", String(receipt.identity.fp)],
        ]
        if let register = receipt.registerNumber { fiscal.append([words.register, register]) }
        self.fiscal = fiscal
        qr = (try? receipt.fiscalCode.canonical) ?? ""
        qrImage = "/api/receipts/\(id)/qr.png"
        shareText = ReceiptText(
            receipt: receipt, place: place, qr: qr, note: note ?? purchaseText, shop: shop, language: language
        )
        .render(plain: true, width: 0)
    }
}
