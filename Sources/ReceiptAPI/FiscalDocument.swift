import Foundation
public import ReceiptCore

/// A receipt on the wire, in the shape of the fiscal document that the tax service's and the OFDs'
/// APIs return (`dateTime`, `totalSum`, `fiscalDriveNumber`, `items` …), amounts in kopecks.
public struct FiscalDocument: Encodable, Sendable, Equatable {
    /// The shop-local date and time, ISO without a zone: `2019-03-20T23:03:00`.
    public var dateTime: String
    /// 1 sale, 2 sale refund, 3 expense, 4 expense refund (``OperationType``).
    public var operationType: Int
    /// The total in kopecks.
    public var totalSum: Int64
    /// The part paid in cash, in kopecks.
    public var cashTotalSum: Int64
    /// The part paid electronically, in kopecks.
    public var ecashTotalSum: Int64
    /// `fn`: the fiscal drive's 16 digits.
    public var fiscalDriveNumber: String
    /// `i`: the document's number on its drive.
    public var fiscalDocumentNumber: Int64
    /// `fp`: the fiscal sign.
    public var fiscalSign: Int64
    /// The cash register's registration number; may come padded with spaces.
    public var kktRegId: String?
    /// The seller's name.
    public var user: String?
    /// The seller's taxpayer number (ИНН); may come padded with spaces.
    public var userInn: String?
    /// The shop's name as the receipt prints it.
    public var retailPlace: String?
    /// The shop's address as the receipt prints it.
    public var retailPlaceAddress: String?
    /// The lines in the order printed; empty for a pending receipt.
    public var items: [Line]

    /// One line of the document.
    public struct Line: Encodable, Sendable, Equatable {
        /// The name as the shop's printer wrote it.
        public var name: String
        /// The price of one unit, in kopecks.
        public var price: Int64
        /// How many units; fractional for weighed goods.
        public var quantity: Double
        /// The line's amount as printed, in kopecks.
        public var sum: Int64
        /// The VAT code (1 = 20 %, 2 = 10 %, … 6 = none).
        public var nds: Int?
        /// How the line was settled (``PaymentType``'s codes).
        public var paymentType: Int?
        /// What kind of thing was sold: the fiscal code, as given.
        public var productType: Int?

        /// A line from its fields as the wire carries them.
        public init(
            name: String, price: Int64, quantity: Double, sum: Int64, nds: Int?, paymentType: Int?, productType: Int?
        ) {
            self.name = name
            self.price = price
            self.quantity = quantity
            self.sum = sum
            self.nds = nds
            self.paymentType = paymentType
            self.productType = productType
        }
    }

    /// The document of a receipt.
    public init(_ receipt: Receipt) {
        dateTime = receipt.dateTime.iso
        operationType = receipt.operation.rawValue
        totalSum = receipt.total.kopecks
        cashTotalSum = receipt.cash.kopecks
        ecashTotalSum = receipt.ecash.kopecks
        fiscalDriveNumber = receipt.identity.fn
        fiscalDocumentNumber = receipt.identity.i
        fiscalSign = receipt.identity.fp
        kktRegId = receipt.registerNumber
        user = receipt.seller
        userInn = receipt.sellerINN
        retailPlace = receipt.retailPlace
        retailPlaceAddress = receipt.address
        items = receipt.items.map { item in
            Line(
                name: item.name, price: item.price.kopecks, quantity: item.quantity, sum: item.sum.kopecks,
                nds: item.vat?.rawValue, paymentType: item.paymentType?.rawValue, productType: item.productType)
        }
    }

    /// The receipt this document describes, every field checked.
    public func receipt(status: Receipt.Status, placeID: String?) throws(DocumentError) -> Receipt {
        do {
            guard let operation = OperationType(rawValue: operationType) else {
                throw DocumentError.invalid(field: "operationType", reason: "\(operationType) is not 1…4")
            }
            return Receipt(
                identity: try FiscalIdentity(fn: fiscalDriveNumber, i: fiscalDocumentNumber, fp: fiscalSign),
                dateTime: try LocalDateTime(iso: dateTime),
                operation: operation,
                total: Money(kopecks: totalSum), cash: Money(kopecks: cashTotalSum),
                ecash: Money(kopecks: ecashTotalSum),
                seller: user, sellerINN: userInn?.trimmingWhitespace(), retailPlace: retailPlace,
                address: retailPlaceAddress, registerNumber: kktRegId?.trimmingWhitespace(),
                items: items.map { line in
                    Item(
                        name: line.name, price: Money(kopecks: line.price), quantity: line.quantity,
                        sum: Money(kopecks: line.sum), vat: line.nds.map(VATCode.init(rawValue:)),
                        paymentType: line.paymentType.flatMap(PaymentType.init(rawValue:)),
                        productType: line.productType)
                },
                status: status, placeID: placeID)
        } catch let error as DocumentError {
            throw error
        } catch let error as FiscalCodeError {
            throw .invalid(
                field: error.field.map(Self.documentField) ?? "fiscal identity", reason: error.message(in: .english))
        } catch let error as LocalDateTimeError {
            throw .invalid(field: "dateTime", reason: error.message(in: .english))
        } catch {
            throw .invalid(field: "document", reason: String(describing: error))
        }
    }

    private static func documentField(_ field: FiscalCode.Field) -> String {
        switch field {
        case .fn: "fiscalDriveNumber"
        case .i: "fiscalDocumentNumber"
        case .fp: "fiscalSign"
        case .t: "dateTime"
        case .s: "totalSum"
        case .n: "operationType"
        }
    }
}

/// Why a fiscal document cannot be taken as a receipt.
public enum DocumentError: Error, Equatable, LocalizedMessage {
    case invalid(field: String, reason: String)

    /// Names the document field and what is wrong with it.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.invalid(let field, let reason), .russian): return "поле \(field) документа: \(reason)"
        case (.invalid(let field, let reason), .english): return "document field \(field): \(reason)"
        }
    }
}
