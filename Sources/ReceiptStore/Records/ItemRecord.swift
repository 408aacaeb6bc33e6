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
    /// The item's name key in `item_names`.
    var nameID: Int64?
    /// The category the item counts in, resolved when it was saved (raw value of `Category`).
    var category: String?

    enum CodingKeys: String, CodingKey {
        case position, name, price, quantity, sum, vat, unit
        case receiptID = "receipt_id"
        case paymentType = "payment_type"
        case productType = "product_type"
        case nameID = "name_id"
        case category
    }

    static let insertSQL = """
        INSERT INTO items (
            receipt_id, position, name, price, quantity, sum, vat, payment_type, product_type, unit, name_id, category)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The values of ``insertSQL`` for a line of a receipt, in its column order.
    static func arguments(
        _ item: Item, receiptID: Int64, position: Int, nameID: Int64? = nil, category: Category? = nil
    ) -> StatementArguments {
        [
            receiptID, position, item.name, item.price.kopecks, item.quantity, item.sum.kopecks, item.vat?.rawValue,
            item.paymentType?.rawValue, item.productType, item.unit, nameID, category?.rawValue,
        ]
    }

    var item: Item {
        Item(
            name: name, price: Money(kopecks: price), quantity: quantity, sum: Money(kopecks: sum),
            vat: vat.map(VATCode.init(rawValue:)), paymentType: paymentType.flatMap(PaymentType.init(rawValue:)),
            productType: productType, unit: unit)
    }
}
