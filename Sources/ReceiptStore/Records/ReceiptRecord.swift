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
    var seller: String?
    var sellerINN: String?
    var retailPlace: String?
    var address: String?
    var registerNumber: String?
    var status: String
    var placeID: String?

    enum CodingKeys: String, CodingKey {
        case id, fn, fd, fp, month, operation, total, cash, ecash, seller, address, status
        case dateTime = "date_time"
        case sellerINN = "seller_inn"
        case retailPlace = "retail_place"
        case registerNumber = "register_number"
        case placeID = "place_id"
    }

    /// The columns a receipt's values fill, in the order ``bind(_:to:)`` binds them.
    private static let columns = """
        fn, fd, fp, date_time, month, operation, total, cash, ecash, seller, seller_inn, retail_place, address,
        register_number, status, place_id
        """
    static let insertSQL = "INSERT INTO receipts (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    /// Takes the values of a receipt followed by the row's id.
    static let updateSQL =
        "UPDATE receipts SET (\(columns)) = (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) WHERE id = ?"

    /// Binds the values of ``insertSQL`` and ``updateSQL`` for a receipt, in the order of its columns.
    static func bind(_ receipt: Receipt, to values: inout DirectBindings) {
        values.add(receipt.identity.fn)
        values.add(receipt.identity.i)
        values.add(receipt.identity.fp)
        values.add(receipt.dateTime.iso)
        values.add(receipt.month.description)
        values.add(receipt.operation.rawValue)
        values.add(receipt.total.kopecks)
        values.add(receipt.cash.kopecks)
        values.add(receipt.ecash.kopecks)
        values.add(receipt.seller)
        values.add(receipt.sellerINN)
        values.add(receipt.retailPlace)
        values.add(receipt.address)
        values.add(receipt.registerNumber)
        values.add(receipt.status.rawValue)
        values.add(receipt.placeID)
    }

    /// The receipt this row and its items describe; a row that breaks the rules is reported, not trusted.
    func receipt(items: [ItemRecord]) throws(RecordError) -> Receipt {
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
                seller: seller, sellerINN: sellerINN, retailPlace: retailPlace, address: address,
                registerNumber: registerNumber,
                items: items.map(\.item),
                status: status, placeID: placeID)
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
