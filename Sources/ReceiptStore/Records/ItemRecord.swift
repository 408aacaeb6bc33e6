import GRDB
import ReceiptCore

/// A row of `items`: one line of a receipt, kept in the receipt's order.
struct ItemRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
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

    enum CodingKeys: String, CodingKey {
        case position, name, price, quantity, sum, vat, unit
        case receiptID = "receipt_id"
        case paymentType = "payment_type"
        case productType = "product_type"
    }

    init(_ item: Item, receiptID: Int64, position: Int) {
        self.receiptID = receiptID
        self.position = position
        name = item.name
        price = item.price.kopecks
        quantity = item.quantity
        sum = item.sum.kopecks
        vat = item.vat?.rawValue
        paymentType = item.paymentType?.rawValue
        productType = item.productType
        unit = item.unit
    }

    var item: Item {
        Item(
            name: name, price: Money(kopecks: price), quantity: quantity, sum: Money(kopecks: sum),
            vat: vat.map(VATCode.init(rawValue:)), paymentType: paymentType.flatMap(PaymentType.init(rawValue:)),
            productType: productType, unit: unit)
    }
}
