import ReceiptCore
public import ReceiptStore

/// `{"id", "name", "chosen", "inn", "seller", "address", "receipts", "spending", "lastVisit"}`: a
/// shop as `--json` gives it, amounts in kopecks.
public struct ShopEntry: Encodable, Sendable {
    /// The shop's local id.
    public let id: Int64
    /// The name it is shown with.
    public let name: String
    /// The user's own name for it, or null.
    @NullWhenAbsent public var chosen: String?
    /// The seller's INN.
    public let inn: String
    /// The seller as its latest receipt prints it.
    @NullWhenAbsent public var seller: String?
    /// The address as its latest receipt prints it.
    @NullWhenAbsent public var address: String?
    /// How many receipts it has.
    public let receipts: Int
    /// What they count towards spending, in kopecks.
    public let spending: Int64
    /// When the latest was issued, local ISO time.
    @NullWhenAbsent public var lastVisit: String?

    /// The entry of `shop`.
    public init(_ shop: Shop) {
        id = shop.id
        name = shop.name
        chosen = shop.chosen
        inn = shop.sellerINN
        seller = shop.seller
        address = shop.address
        receipts = shop.receipts
        spending = shop.spending.kopecks
        lastVisit = shop.lastVisit?.iso
    }
}
