/// One line of a receipt: what was bought, how much of it, for how much.
public struct Item: Sendable, Hashable, Codable {
    /// The name as the shop's printer wrote it (`МОЛОКО ПАСТ.3,2% 930МЛ`).
    public var name: String
    /// The price of one unit.
    public var price: Money
    /// How many units: whole for pieces, fractional for weighed goods (`0.532` kg).
    ///
    /// Only shown, never multiplied: the line's money is ``sum``, as the shop computed and printed it.
    public var quantity: Double
    /// The line's amount as printed.
    public var sum: Money
    /// The VAT code of the line, if the document gives one.
    public var vat: VATCode?
    /// How the line was paid for (full payment, prepayment, credit…), if given.
    public var paymentType: PaymentType?
    /// What kind of thing was sold (goods, service, excise goods…): the fiscal code, if given.
    public var productType: Int?
    /// The unit of measure as printed (`кг`, `шт`), if given.
    public var unit: String?
    /// The unit of the quantity as FFD 1.2 codes it (`itemsQuantityMeasure`, tag 2108), if given.
    public var measure: Measure?
    /// The product's trade item number as the line carries it: 14 digits when its check digit holds
    /// (``GTIN``), the digits as given when it does not.
    public var gtin: String?

    /// An item as the fiscal document describes it; only name, price, quantity and sum are required.
    public init(
        name: String, price: Money, quantity: Double, sum: Money, vat: VATCode? = nil,
        paymentType: PaymentType? = nil, productType: Int? = nil, unit: String? = nil, measure: Measure? = nil,
        gtin: String? = nil
    ) {
        self.name = name
        self.price = price
        self.quantity = quantity
        self.sum = sum
        self.vat = vat
        self.paymentType = paymentType
        self.productType = productType
        self.unit = unit
        self.measure = measure
        self.gtin = gtin
    }
}

/// The VAT code of a receipt line, as fiscal documents number them (tag 1199, `nds`).
public struct VATCode: RawRepresentable, Sendable, Hashable, Codable {
    /// The code as documents write it: 1 to 10 are known (see the named rates); others are kept.
    public let rawValue: Int
    /// Any code, known or not: a document's VAT code is kept as it came.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 20 % (code 1).
    public static let rate20 = VATCode(rawValue: 1)
    /// 10 % (code 2).
    public static let rate10 = VATCode(rawValue: 2)
    /// 20/120: 20 % as a share of an amount that includes it (code 3).
    public static let rate20of120 = VATCode(rawValue: 3)
    /// 10/110: 10 % as a share of an amount that includes it (code 4).
    public static let rate10of110 = VATCode(rawValue: 4)
    /// 0 % (code 5).
    public static let rate0 = VATCode(rawValue: 5)
    /// Not subject to VAT (code 6).
    public static let none = VATCode(rawValue: 6)
    /// 5 % (code 7).
    public static let rate5 = VATCode(rawValue: 7)
    /// 7 % (code 8).
    public static let rate7 = VATCode(rawValue: 8)
    /// 5/105: 5 % as a share of an amount that includes it (code 9).
    public static let rate5of105 = VATCode(rawValue: 9)
    /// 7/107: 7 % as a share of an amount that includes it (code 10).
    public static let rate7of107 = VATCode(rawValue: 10)

    /// The rate as printed on receipts (`НДС 20%`), or the bare code for one this tool does not know.
    public func name(in language: Language) -> String {
        let rates = [1: "20%", 2: "10%", 3: "20/120", 4: "10/110", 5: "0%", 7: "5%", 8: "7%", 9: "5/105", 10: "7/107"]
        if rawValue == 6 { return language == .russian ? "без НДС" : "no VAT" }
        let prefix = language == .russian ? "НДС" : "VAT"
        return "\(prefix) \(rates[rawValue] ?? "#\(rawValue)")"
    }
}

/// How a receipt line was settled (tag 1214, `paymentType`).
public enum PaymentType: Int, Sendable, Hashable, CaseIterable, Codable {
    /// Предоплата 100 %: paid in full before the goods are handed over.
    case fullPrepayment = 1
    /// Предоплата: part paid before the goods are handed over.
    case partialPrepayment = 2
    /// Аванс: money paid ahead for goods not yet named.
    case advance = 3
    /// Полный расчёт: the goods handed over and paid for (earlier payments counted in).
    case fullPayment = 4
    /// Частичный расчёт и кредит: the goods handed over, part paid, the rest owed.
    case partialPaymentAndCredit = 5
    /// Передача в кредит: the goods handed over, nothing paid yet.
    case creditTransfer = 6
    /// Оплата кредита: a payment towards goods received earlier on credit.
    case creditPayment = 7

    /// Money paid before the goods are handed over (1, 2, 3).
    public var isPrepayment: Bool { rawValue <= 3 }
    /// Goods handed over with part or all of the money owed (5, 6).
    public var isCreditSale: Bool { self == .partialPaymentAndCredit || self == .creditTransfer }
}

extension Item {
    /// The quantity as a receipt prints it: a whole count bare (`2`), a weight to the gram with the
    /// language's decimal mark (`0,156` / `0.156`; trailing zeros dropped, `1,5`).
    public func quantityText(in language: Language) -> String {
        if quantity == quantity.rounded(), abs(quantity) < 1e15 { return String(Int64(quantity)) }
        let thousandths = Int64((abs(quantity) * 1_000).rounded())
        var fraction = String(thousandths % 1_000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = (quantity < 0 ? "-" : "") + String(thousandths / 1_000)
        return fraction.isEmpty ? whole : whole + (language == .russian ? "," : ".") + fraction
    }
}
