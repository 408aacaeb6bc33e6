import GRDB
import ReceiptCore

/// A row of `receipts`.
struct ReceiptRecord: Codable, FetchableRecord, TableRecord, Equatable {
    static let databaseTableName = "receipts"

    var id: Int64?
    var fn: String
    var fd: Int64
    var fp: Int64
    var dateTime: String
    var month: String
    var operation: Int
    var total: Int64
    var cash: Int64
    var ecash: Int64
    var prepaid: Int64
    var credit: Int64
    var provision: Int64
    var seller: String?
    var sellerINN: String?
    var retailPlace: String?
    var address: String?
    var registerNumber: String?
    var status: String
    var placeID: String?
    /// What the receipt is (raw value of ``PurchaseKind``).
    var kind: String
    /// The money it counts towards spending, negative for money received.
    var counted: Int64
    /// The receipt it goes with: a settlement's prepayment, a return's purchase.
    var linkedID: Int64?
    /// Its shop (``ShopIdentity``).
    var shopID: Int64?

    enum CodingKeys: String, CodingKey {
        case id, fn, fd, fp, month, operation, total, cash, ecash, prepaid, credit, provision, seller, address, status
        case kind, counted
        case linkedID = "linked_id"
        case shopID = "shop_id"
        case dateTime = "date_time"
        case sellerINN = "seller_inn"
        case retailPlace = "retail_place"
        case registerNumber = "register_number"
        case placeID = "place_id"
    }

    /// The columns a receipt's values fill, in the order ``bind(_:kind:counted:shop:to:)`` binds them.
    private static let columns = """
        fn, fd, fp, date_time, month, operation, total, cash, ecash, prepaid, credit, provision, seller, seller_inn,
        retail_place, address, register_number, status, place_id, kind, counted, shop_id
        """
    private static let placeholders = Array(repeating: "?", count: 22).joined(separator: ", ")
    /// Inserts a receipt, not linked to any other yet: its values followed by the login of the
    /// account that added it (`added_by`), when a feed says.
    static let insertSQL = "INSERT INTO receipts (\(columns), added_by) VALUES (\(placeholders), ?)"
    /// Takes the values of a receipt followed by the row's id; the receipt is linked to none until
    /// linked again.
    static let updateSQL = "UPDATE receipts SET (\(columns), linked_id) = (\(placeholders), NULL) WHERE id = ?"

    /// Binds the values of ``insertSQL`` and ``updateSQL`` for a receipt, in the order of its columns:
    /// its fields, what it is, the money it counts while it is linked to nothing, and its shop.
    static func bind(
        _ receipt: Receipt, kind: PurchaseKind, counted: Int64, shop: Int64?, to values: inout DirectBindings
    ) {
        values.add(receipt.identity.fn)
        values.add(receipt.identity.i)
        values.add(receipt.identity.fp)
        values.add(receipt.dateTime.iso)
        values.add(receipt.month.description)
        values.add(receipt.operation.rawValue)
        values.add(receipt.total.kopecks)
        values.add(receipt.cash.kopecks)
        values.add(receipt.ecash.kopecks)
        values.add(receipt.prepaid.kopecks)
        values.add(receipt.credit.kopecks)
        values.add(receipt.provision.kopecks)
        values.add(receipt.seller)
        values.add(receipt.sellerINN)
        values.add(receipt.retailPlace)
        values.add(receipt.address)
        values.add(receipt.registerNumber)
        values.add(receipt.status.rawValue)
        values.add(receipt.placeID)
        values.add(kind.rawValue)
        values.add(counted)
        values.add(shop)
    }

    /// The receipt this row and its items describe; a row that breaks the rules is reported, not trusted.
    func receipt(items: [ItemRecord], document: String? = nil) throws(RecordError) -> Receipt {
        let rowName = "receipts.id=\(id ?? 0)"
        do {
            guard let operation = OperationType(rawValue: operation) else {
                throw RecordError(row: rowName, reason: "operation \(operation)")
            }
            guard let status = Receipt.Status(rawValue: status) else {
                throw RecordError(row: rowName, reason: "status \(status)")
            }
            return Receipt(
                identity: try FiscalIdentity(fn: fn, i: fd, fp: fp),
                dateTime: try LocalDateTime(iso: dateTime),
                operation: operation,
                total: Money(kopecks: total), cash: Money(kopecks: cash), ecash: Money(kopecks: ecash),
                prepaid: Money(kopecks: prepaid), credit: Money(kopecks: credit), provision: Money(kopecks: provision),
                seller: seller, sellerINN: sellerINN, retailPlace: retailPlace, address: address,
                registerNumber: registerNumber,
                items: items.map(\.item),
                status: status, placeID: placeID, document: document)
        } catch let error as RecordError {
            throw error
        } catch let error as any LocalizedMessage {
            throw RecordError(row: rowName, reason: error.message(in: .english))
        } catch {
            throw RecordError(row: rowName, reason: String(describing: error))
        }
    }
}

/// A row that does not hold what the schema promises (edited by hand, or damaged).
struct RecordError: Error {
    let row: String
    let reason: String
}
