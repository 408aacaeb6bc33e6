import ArgumentParser
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// `receipts show ID [--json] [--share]`: one receipt in full.
struct ShowCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: HelpText.showAbstract)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false
    @Flag(help: ArgumentHelp(HelpText.shareHelp)) var share = false
    @Argument(help: ArgumentHelp(HelpText.showIDHelp, valueName: HelpText.receiptIDValue)) var id: Int64

    func run() async throws {
        let console = Console(global)
        let words = console.words
        let database = try global.openDatabase(createIfMissing: false, rules: .readsOnly)
        guard let (receipt, place) = try database.receipt(id: id) else {
            throw CommandFailure(status: .notFound) { Words($0).noReceiptWithID(id) }
        }
        let qr = (try? receipt.fiscalCode.canonical) ?? ""
        let check = receipt.status == .pending ? try database.check(of: receipt.identity) : nil
        let link = try database.purchaseLink(ofReceipt: id)
        let categories = try database.lineCategories(ofReceipt: id)
        if json {
            let output = ShownReceipt(
                id: id, status: receipt.status.rawValue, qr: qr, place: place.map { PlaceEntry($0) },
                document: FiscalDocument(receipt), check: check.map(ShownCheck.init),
                kind: link?.kind.rawValue ?? PurchaseKind(of: receipt).rawValue,
                counted: link?.counted.kopecks ?? receipt.spending.kopecks, linked: link?.linked.map(ShownLink.init),
                linkedFrom: link?.linkedFrom.map(ShownLink.init) ?? [],
                lines: zip(receipt.items, categories).map { ShownLine($0.1, item: $0.0) },
                zone: try database.shopZone(ofReceipt: id).map(ShownZone.init))
            console.output(try JSONOutput.encode(output))
            return
        }
        console.output(
            ReceiptText(
                receipt: receipt, place: place, qr: qr,
                note: check?.summary(in: words.language) ?? link?.summary(in: words.language),
                shop: try database.shopName(ofReceipt: id),
                categories: categories.map { $0.label(in: words.language) },
                zone: try database.shopZone(ofReceipt: id), language: words.language
            ).render(plain: share, width: Console.width))
    }
}

/// The `--json` shape of `show`: the receipt's local id, status, QR payload, place and document, for
/// a pending receipt what a source of documents last said of it (`null` when none was asked), what
/// it is (`kind`: ``PurchaseKind``'s names), the money it counts in kopecks (negative for money
/// received), the receipts it goes with, each line's category (`lines`, in the document's order)
/// and the clock its time was printed by (`zone`, ``ShownZone``).
struct ShownReceipt: Encodable {
    let id: Int64
    let status: String
    let qr: String
    let place: PlaceEntry?
    let document: FiscalDocument
    @NullWhenAbsent var check: ShownCheck?
    let kind: String
    let counted: Int64
    @NullWhenAbsent var linked: ShownLink?
    let linkedFrom: [ShownLink]
    let lines: [ShownLine]
    @NullWhenAbsent var zone: ShownZone?
}

/// `{"utcOffset", "source"}`: the clock the receipt's time was printed by, in minutes east of UTC,
/// and what said it (`region`, `postcode`, `address`, `assumed`: Moscow time).
struct ShownZone: Encodable {
    let utcOffset: Int
    let source: String

    init(_ zone: ShopZone) {
        utcOffset = zone.offsetMinutes
        source = zone.source.rawValue
    }
}

/// `{"category", "by", "guess": {"category", "confidence"}, "unit", "size", "unitPrice",
/// "productKind"}`: a line's category, what decided it (`user`, `learned`, `rules`, `shop`, `guess`,
/// `none`), the
/// classifier's guess for its name when the line is guessed or uncategorized (`null` otherwise); what
/// its price is compared per (`kg`, `l`, `piece`), what one counted item holds in that unit (0.93 for
/// a 930 ml bottle, 10 for ten eggs, 1 for a weighed line), its price per unit in kopecks (`null`
/// with no price to compare: fuel paid by sum, a refund's line) and its product kind's identifier
/// (`milk`; `null` when none).
struct ShownLine: Encodable {
    let category: String
    let by: String
    @NullWhenAbsent var guess: GuessOutput?
    @NullWhenAbsent var unit: String?
    @NullWhenAbsent var size: Double?
    @NullWhenAbsent var unitPrice: Int64?
    @NullWhenAbsent var productKind: String?

    init(_ line: LineCategory, item: Item) {
        category = line.category.rawValue
        by = line.by.rawValue
        guess = line.guess.map(GuessOutput.init)
        let facts = UnitPrice.NameFacts(item.name)
        if let price = UnitPrice.line(item, facts: facts), let size = UnitPrice.itemSize(of: item, facts: facts),
            size.unit == price.unit
        {
            unit = price.unit.rawValue
            self.size = Double(size.thousandths) / 1_000
            unitPrice = price.kopecks
        }
        productKind = facts.kind?.id
    }
}

/// `{"id", "kind", "dateTime", "total"}`: a receipt another one goes with.
struct ShownLink: Encodable {
    let id: Int64
    let kind: String
    let dateTime: String
    let total: Int64

    init(_ receipt: LinkedReceipt) {
        id = receipt.id
        kind = receipt.kind.rawValue
        dateTime = receipt.dateTime.iso
        total = receipt.total.kopecks
    }
}

/// `"check": {"provider", "outcome": "waiting"|"invalid", "reason", "checkedAt", "tries"}`.
struct ShownCheck: Encodable {
    let provider: String
    let outcome: String
    @NullWhenAbsent var reason: String?
    let checkedAt: String
    let tries: Int

    init(_ check: PendingCheck) {
        provider = check.provider
        outcome = check.outcome.rawValue
        reason = check.reason
        checkedAt = ISO8601DateFormatter().string(from: check.checkedAt)
        tries = check.tries
    }
}
