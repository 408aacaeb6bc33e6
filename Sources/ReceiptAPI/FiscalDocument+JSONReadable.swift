import ReceiptCore

extension FiscalDocument: JSONReadable {
    /// Reads a document: the identity, date, operation, sums and `items` are required; `prepaidSum`,
    /// `creditSum` and `provisionSum` may be missing, null or 0, which all read as nil; the seller's and shop's fields may
    /// be missing or null; unknown keys are skipped.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var dateTime: String?
        var operationType: Int?
        var totalSum: Int64?
        var cashTotalSum: Int64?
        var ecashTotalSum: Int64?
        var prepaidSum: Int64??
        var creditSum: Int64??
        var provisionSum: Int64??
        var fiscalDriveNumber: String?
        var fiscalDocumentNumber: Int64?
        var fiscalSign: Int64?
        var kktRegId: String??
        var user: String??
        var userInn: String??
        var retailPlace: String??
        var retailPlaceAddress: String??
        var items: [Line]?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "dateTime": try reader.read(into: &dateTime, for: key)
            case "operationType": try reader.read(into: &operationType, for: key)
            case "totalSum": try reader.read(into: &totalSum, for: key)
            case "cashTotalSum": try reader.read(into: &cashTotalSum, for: key)
            case "ecashTotalSum": try reader.read(into: &ecashTotalSum, for: key)
            case "prepaidSum": try reader.read(into: &prepaidSum, for: key)
            case "creditSum": try reader.read(into: &creditSum, for: key)
            case "provisionSum": try reader.read(into: &provisionSum, for: key)
            case "fiscalDriveNumber": try reader.read(into: &fiscalDriveNumber, for: key)
            case "fiscalDocumentNumber": try reader.read(into: &fiscalDocumentNumber, for: key)
            case "fiscalSign": try reader.read(into: &fiscalSign, for: key)
            case "kktRegId": try reader.read(into: &kktRegId, for: key)
            case "user": try reader.read(into: &user, for: key)
            case "userInn": try reader.read(into: &userInn, for: key)
            case "retailPlace": try reader.read(into: &retailPlace, for: key)
            case "retailPlaceAddress": try reader.read(into: &retailPlaceAddress, for: key)
            case "items": try reader.read(into: &items, for: key)
            default: try reader.skipValue()
            }
        }
        self.dateTime = try reader.required(dateTime, "dateTime")
        self.operationType = try reader.required(operationType, "operationType")
        self.totalSum = try reader.required(totalSum, "totalSum")
        self.cashTotalSum = try reader.required(cashTotalSum, "cashTotalSum")
        self.ecashTotalSum = try reader.required(ecashTotalSum, "ecashTotalSum")
        // A zero sum is no sum: the document is written the same either way.
        self.prepaidSum = (prepaidSum ?? nil).flatMap { $0 == 0 ? nil : $0 }
        self.creditSum = (creditSum ?? nil).flatMap { $0 == 0 ? nil : $0 }
        self.provisionSum = (provisionSum ?? nil).flatMap { $0 == 0 ? nil : $0 }
        self.fiscalDriveNumber = try reader.required(fiscalDriveNumber, "fiscalDriveNumber")
        self.fiscalDocumentNumber = try reader.required(fiscalDocumentNumber, "fiscalDocumentNumber")
        self.fiscalSign = try reader.required(fiscalSign, "fiscalSign")
        self.kktRegId = kktRegId ?? nil
        self.user = user ?? nil
        self.userInn = userInn ?? nil
        self.retailPlace = retailPlace ?? nil
        self.retailPlaceAddress = retailPlaceAddress ?? nil
        self.items = try reader.required(items, "items")
    }
}

extension FiscalDocument.Line: JSONReadable {
    /// Reads a line: `name`, `price`, `quantity` and `sum` are required; `nds`, `paymentType`,
    /// `productType`, `itemsQuantityMeasure` and `gtin` may be missing or null.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var name: String?
        var price: Int64?
        var quantity: Double?
        var sum: Int64?
        var nds: Int??
        var paymentType: Int??
        var productType: Int??
        var itemsQuantityMeasure: Int??
        var gtin: String??
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "name": try reader.read(into: &name, for: key)
            case "price": try reader.read(into: &price, for: key)
            case "quantity": try reader.read(into: &quantity, for: key)
            case "sum": try reader.read(into: &sum, for: key)
            case "nds": try reader.read(into: &nds, for: key)
            case "paymentType": try reader.read(into: &paymentType, for: key)
            case "productType": try reader.read(into: &productType, for: key)
            case "itemsQuantityMeasure": try reader.read(into: &itemsQuantityMeasure, for: key)
            case "gtin": try reader.read(into: &gtin, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(
            name: try reader.required(name, "name"), price: try reader.required(price, "price"),
            quantity: try reader.required(quantity, "quantity"), sum: try reader.required(sum, "sum"),
            nds: nds ?? nil, paymentType: paymentType ?? nil, productType: productType ?? nil,
            itemsQuantityMeasure: itemsQuantityMeasure ?? nil, gtin: gtin ?? nil)
    }
}
