/// A fiscal receipt: who sold what, when, for how much.
///
/// Fields follow the fiscal document that the tax service's and the OFDs' APIs return, so that
/// exported files map onto it field by field.
///
/// Two receipts are equal when their fields are: the ``document`` they were read from is where
/// they came from, not what they say.
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
    /// The part paid earlier, by a prepayment or advance (`prepaidSum`, tag 1215).
    public var prepaid: Money
    /// The part left owing, a sale on credit (`creditSum`, tag 1216).
    public var credit: Money
    /// The part paid otherwise: bonus points, certificates, barter (`provisionSum`, tag 1217).
    public var provision: Money
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
    /// The document's JSON as its source gave it (an exported file, the tax service), kept so that
    /// a later version can derive again what it computes; nil when the fields above are all of it
    /// (a receipts server's feed, a QR code).
    public var document: String?

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
        cash: Money = .zero, ecash: Money = .zero, prepaid: Money = .zero, credit: Money = .zero,
        provision: Money = .zero, seller: String? = nil, sellerINN: String? = nil,
        retailPlace: String? = nil, address: String? = nil, registerNumber: String? = nil,
        items: [Item] = [], status: Status = .complete, placeID: String? = nil, document: String? = nil
    ) {
        self.identity = identity
        self.dateTime = dateTime
        self.operation = operation
        self.total = total
        self.cash = cash
        self.ecash = ecash
        self.prepaid = prepaid
        self.credit = credit
        self.provision = provision
        self.seller = seller
        self.sellerINN = sellerINN
        self.retailPlace = retailPlace
        self.address = address
        self.registerNumber = registerNumber
        self.items = items
        self.status = status
        self.placeID = placeID
        self.document = document
    }

    /// Whether two receipts say the same: every field but ``document``.
    public static func == (a: Receipt, b: Receipt) -> Bool {
        a.identity == b.identity && a.dateTime == b.dateTime && a.operation == b.operation && a.total == b.total
            && a.cash == b.cash && a.ecash == b.ecash && a.prepaid == b.prepaid && a.credit == b.credit
            && a.provision == b.provision && a.seller == b.seller && a.sellerINN == b.sellerINN
            && a.retailPlace == b.retailPlace && a.address == b.address && a.registerNumber == b.registerNumber
            && a.items == b.items && a.status == b.status && a.placeID == b.placeID
    }

    /// Hashes what identifies a receipt and what it says of its money and lines.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
        hasher.combine(dateTime)
        hasher.combine(total)
        hasher.combine(items)
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
