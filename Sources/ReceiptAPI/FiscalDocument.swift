import Foundation
public import ReceiptCore

/// A receipt on the wire, in the shape of the fiscal document that the tax service's and the OFDs'
/// APIs return (`dateTime`, `totalSum`, `fiscalDriveNumber`, `items` …), amounts in kopecks.
public struct FiscalDocument: Encodable, Sendable, Equatable {
    /// The shop-local date and time, ISO without a zone: `2019-03-20T23:03:00`.
    public var dateTime: String
    /// 1 sale, 2 sale refund, 3 expense, 4 expense refund (`OperationType`).
    public var operationType: Int
    /// The total in kopecks.
    public var totalSum: Int64
    /// The part paid in cash, in kopecks.
    public var cashTotalSum: Int64
    /// The part paid electronically, in kopecks.
    public var ecashTotalSum: Int64
    /// The part paid earlier by a prepayment, in kopecks; nil when none was.
    public var prepaidSum: Int64?
    /// The part left owing, in kopecks; nil when none is.
    public var creditSum: Int64?
    /// The part paid with bonus points or certificates, in kopecks; nil when none was.
    public var provisionSum: Int64?
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
        /// How the line was settled (`PaymentType`'s codes).
        public var paymentType: Int?
        /// What kind of thing was sold: the fiscal code, as given.
        public var productType: Int?
        /// The unit of the quantity as FFD 1.2 codes it (`Measure`), if given.
        public var itemsQuantityMeasure: Int?
        /// The product's GTIN (14 digits when valid), if the line carries one.
        public var gtin: String?

        /// A line from its fields as the wire carries them.
        public init(
            name: String, price: Int64, quantity: Double, sum: Int64, nds: Int?, paymentType: Int?, productType: Int?,
            itemsQuantityMeasure: Int? = nil, gtin: String? = nil
        ) {
            self.name = name
            self.price = price
            self.quantity = quantity
            self.sum = sum
            self.nds = nds
            self.paymentType = paymentType
            self.productType = productType
            self.itemsQuantityMeasure = itemsQuantityMeasure
            self.gtin = gtin
        }
    }

    /// The document of a receipt.
    public init(_ receipt: Receipt) {
        dateTime = receipt.dateTime.iso
        operationType = receipt.operation.rawValue
        totalSum = receipt.total.kopecks
        cashTotalSum = receipt.cash.kopecks
        ecashTotalSum = receipt.ecash.kopecks
        prepaidSum = Self.unlessZero(receipt.prepaid)
        creditSum = Self.unlessZero(receipt.credit)
        provisionSum = Self.unlessZero(receipt.provision)
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
                nds: item.vat?.rawValue, paymentType: item.paymentType?.rawValue, productType: item.productType,
                itemsQuantityMeasure: item.measure?.rawValue, gtin: item.gtin)
        }
    }

    private static func unlessZero(_ amount: Money) -> Int64? { amount == .zero ? nil : amount.kopecks }

    /// The receipt this document describes, every field checked.
    public func receipt(status: Receipt.Status, placeID: String?) throws(DocumentError) -> Receipt {
        do {
            guard let operation = OperationType(rawValue: operationType) else {
                throw DocumentError.invalid(field: "operationType", reason: .notAnOperation(Int64(operationType)))
            }
            return try Receipt(
                identity: try FiscalIdentity(fn: fiscalDriveNumber, i: fiscalDocumentNumber, fp: fiscalSign),
                dateTime: try LocalDateTime(iso: dateTime),
                operation: operation,
                total: Money(kopecks: totalSum), cash: Money(kopecks: cashTotalSum),
                ecash: Money(kopecks: ecashTotalSum), prepaid: Money(kopecks: prepaidSum ?? 0),
                credit: Money(kopecks: creditSum ?? 0), provision: Money(kopecks: provisionSum ?? 0),
                seller: user, sellerINN: userInn?.trimmingWhitespace(), retailPlace: retailPlace,
                address: retailPlaceAddress, registerNumber: kktRegId?.trimmingWhitespace(),
                items: items.map { line in
                    Item(
                        name: line.name, price: Money(kopecks: line.price), quantity: line.quantity,
                        sum: Money(kopecks: line.sum), vat: line.nds.map(VATCode.init(rawValue:)),
                        paymentType: line.paymentType.flatMap(PaymentType.init(rawValue:)),
                        productType: line.productType, measure: line.itemsQuantityMeasure.map(Measure.init(rawValue:)),
                        gtin: line.gtin)
                },
                status: status, placeID: placeID
            ).withinBounds()
        } catch let error as DocumentError {
            throw error
        } catch let error as FiscalCodeError {
            throw .invalid(field: error.field.map(Self.documentField) ?? "fiscalDriveNumber", reason: .code(error))
        } catch let error as LocalDateTimeError {
            throw .invalid(field: "dateTime", reason: .dateTime(error))
        } catch {
            throw .invalid(field: "document", reason: .unreadable)
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

/// Why a fiscal document cannot be taken as a receipt: the field, and what is wrong with it.
public enum DocumentError: Error, Equatable, LocalizedMessage {
    case invalid(field: String, reason: FieldProblem)

    /// Names the document field and what is wrong with it.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.invalid(let field, let reason), .russian):
            return "поле \(field) документа: \(reason.message(in: language))"
        case (.invalid(let field, let reason), .english):
            return "document field \(field): \(reason.message(in: language))"
        }
    }
}

/// What is wrong with one field of a fiscal document, in either language.
public enum FieldProblem: Sendable, Equatable, LocalizedMessage {
    /// The field is not there.
    case missing
    /// An amount or a number that must be whole is not (or is text that is not a number).
    case notAWholeNumber
    /// A quantity that is not a finite number of at least zero.
    case notAQuantity
    /// An item that is not a JSON object.
    case notAnObject
    /// `operationType` outside 1…4 (nil: absent and not in the QR code either).
    case notAnOperation(Int64?)
    /// `dateTime` neither a date-time nor Unix seconds.
    case notADateTime
    /// The fiscal identity's check failed.
    case code(FiscalCodeError)
    /// A date or time that does not exist.
    case dateTime(LocalDateTimeError)
    /// The document could not be read at all.
    case unreadable
    /// An amount below zero or beyond `Receipt/largestAmount` (the lines' sums together too), or a
    /// quantity beyond `Receipt/largestQuantity`: what no receipt holds.
    case beyondBounds
    /// An amount in roubles that is no number, or has more than two places after the point.
    case notRoubles

    /// What is wrong, without the field's name.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .missing: return ru ? "нет" : "missing"
        case .notAWholeNumber: return ru ? "должно быть целым числом" : "must be a whole number"
        case .notAQuantity: return ru ? "должно быть числом не меньше нуля" : "must be a number of at least zero"
        case .notAnObject: return ru ? "не объект JSON" : "not a JSON object"
        case .notAnOperation(let value?):
            return ru ? "\(value) — не 1, 2, 3 или 4" : "\(value) is not 1, 2, 3 or 4"
        case .notAnOperation(nil):
            return ru ? "нет (должно быть 1, 2, 3 или 4)" : "missing (must be 1, 2, 3 or 4)"
        case .notADateTime:
            return ru
                ? "нет, или это не дата-время и не секунды Unix" : "missing, or neither a date-time nor Unix seconds"
        case .code(let error): return error.message(in: language)
        case .dateTime(let error): return error.message(in: language)
        case .unreadable: return ru ? "не читается" : "cannot be read"
        case .notRoubles:
            return ru
                ? "должно быть суммой в рублях, не больше двух знаков после точки"
                : "must be an amount in roubles, at most two places after the point"
        case .beyondBounds:
            return ru
                ? "такого в чеках не бывает (суммы от 0 до 1 000 000 000 000 ₽, количество до 1 000 000 000)"
                : "no receipt holds that (amounts from 0 to 1,000,000,000,000 ₽, quantities up to 1,000,000,000)"
        }
    }
}
