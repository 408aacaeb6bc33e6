/// A fiscal receipt: who sold what, when, for how much.
///
/// Fields follow the fiscal document that the tax service's and the OFDs' APIs return, so that
/// exported files map onto it field by field.
public struct Receipt: Sendable, Hashable, Codable {
    /// Fiscal drive number, document number and sign: what makes two receipts the same one.
    public var identity: FiscalIdentity
    /// The shop's local date and time.
    public var dateTime: LocalDateTime
    /// Sale, refund or expense: decides whether the total counts as money paid or received.
    public var operation: OperationType
    /// The total as printed.
    public var total: Money
    /// The part paid in cash.
    public var cash: Money
    /// The part paid electronically (card, phone).
    public var ecash: Money
    /// The seller's name (`user`).
    public var seller: String?
    /// The seller's taxpayer number (ИНН), without padding.
    public var sellerINN: String?
    /// The shop's name as the receipt gives it (`retailPlace`).
    public var retailPlace: String?
    /// The shop's address as the receipt gives it (`retailPlaceAddress`).
    public var address: String?
    /// The cash register's registration number (`kktRegId`).
    public var registerNumber: String?
    /// The lines in the order printed; empty while the receipt is pending.
    public var items: [Item]
    /// Whether the details are known or only what the QR code says.
    public var status: Status
    /// The place the receipt was issued at, when known.
    public var placeID: String?

    /// How much is known of a receipt.
    public enum Status: String, Sendable, Hashable, Codable {
        /// The whole document, with its items.
        case complete
        /// Only the QR code's date, total and identity; the items are to come.
        case pending
    }

    /// A receipt from its fields; only the identity, date-time, operation and total are required.
    public init(
        identity: FiscalIdentity, dateTime: LocalDateTime, operation: OperationType, total: Money,
        cash: Money = .zero, ecash: Money = .zero, seller: String? = nil, sellerINN: String? = nil,
        retailPlace: String? = nil, address: String? = nil, registerNumber: String? = nil,
        items: [Item] = [], status: Status = .complete, placeID: String? = nil
    ) {
        self.identity = identity
        self.dateTime = dateTime
        self.operation = operation
        self.total = total
        self.cash = cash
        self.ecash = ecash
        self.seller = seller
        self.sellerINN = sellerINN
        self.retailPlace = retailPlace
        self.address = address
        self.registerNumber = registerNumber
        self.items = items
        self.status = status
        self.placeID = placeID
    }

    /// A receipt known only from its QR code: pending until its items arrive.
    public init(pendingFrom code: FiscalCode) {
        self.init(
            identity: code.identity, dateTime: code.dateTime, operation: code.operation, total: code.total,
            status: .pending)
    }

    /// The month the receipt counts in: the shop's local date decides.
    public var month: Month { dateTime.yearMonth }

    /// The total as it counts towards the buyer's spending: negative for money received back.
    public var spending: Money { operation.spending(total) }

    /// The QR code this receipt carries.
    public var fiscalCode: FiscalCode {
        get throws(FiscalCodeError) {
            try FiscalCode(dateTime: dateTime, total: total, identity: identity, operation: operation)
        }
    }
}
