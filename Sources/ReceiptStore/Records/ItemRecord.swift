import GRDB
import ReceiptCore

/// A row of `items`: one line of a receipt, kept in the receipt's order.
struct ItemRecord: Codable, FetchableRecord, TableRecord, Equatable {
    static let databaseTableName = "items"

    var receiptID: Int64
    var position: Int
    var name: String
    var price: Int64
    var quantity: Double
    var sum: Int64
    var vat: Int?
    var paymentType: Int?
    var productType: Int?
    var unit: String?
    /// The FFD 1.2 unit code (``Measure``).
    var measure: Int?
    /// The GTIN as ``Item/gtin`` keeps it.
    var gtin: String?
    /// The line's share of the money its receipt counts (negative for money received).
    var counted: Int64
    /// The item's name key in `item_names`.
    var nameID: Int64?
    /// The category the item counts in, resolved when it was saved (raw value of `Category`).
    var category: String?

    enum CodingKeys: String, CodingKey {
        case position, name, price, quantity, sum, vat, unit, measure, gtin, counted
        case receiptID = "receipt_id"
        case paymentType = "payment_type"
        case productType = "product_type"
        case nameID = "name_id"
        case category
    }

    /// The most rows one ``insertSQL(rows:)`` statement writes: a receipt's lines go in as few
    /// statements as that allows, since each statement run costs more than a row.
    static let rowsPerInsert = 16

    /// Inserts `rows` items (1…``rowsPerInsert``), each bound by
    /// ``bind(_:receiptID:position:nameID:category:counted:to:)``.
    static func insertSQL(rows: Int) -> String { insertSQLs[rows - 1] }

    private static let insertSQLs = (1...rowsPerInsert).map { rows in
        let row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        return """
            INSERT INTO items (
                receipt_id, position, name, price, quantity, sum, vat, payment_type, product_type, unit, name_id, category,
                measure, gtin, counted)
            VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
            """
    }

    /// Binds the values of one row of ``insertSQL(rows:)`` for a line of a receipt, in its column order.
    static func bind(
        _ item: Item, receiptID: Int64, position: Int, nameID: Int64?, category: Category?, counted: Int64,
        to values: inout DirectBindings
    ) {
        values.add(receiptID)
        values.add(position)
        values.add(item.name)
        values.add(item.price.kopecks)
        values.add(item.quantity)
        values.add(item.sum.kopecks)
        values.add(item.vat?.rawValue)
        values.add(item.paymentType?.rawValue)
        values.add(item.productType)
        values.add(item.unit)
        values.add(nameID)
        values.add(category)
        values.add(item.measure?.rawValue)
        values.add(item.gtin)
        values.add(counted)
    }

    var item: Item {
        Item(
            name: name, price: Money(kopecks: price), quantity: quantity, sum: Money(kopecks: sum),
            vat: vat.map(VATCode.init(rawValue:)), paymentType: paymentType.flatMap(PaymentType.init(rawValue:)),
            productType: productType, unit: unit, measure: measure.map(Measure.init(rawValue:)), gtin: gtin)
    }
}
