public import Foundation
public import ReceiptAPI
public import ReceiptCore

/// Receipts from files that the tax service's and the OFDs' apps export: a bare receipt, an array,
/// or wrappers such as `ticket.document.receipt` or the newer `{"operation", "qr", "content"}`; old
/// and new field names; `dateTime` as a local ISO string or as Unix seconds of the true instant.
public enum ExportedReceipts {
    /// Every receipt in the file's JSON, all checked; the first bad one fails the whole file.
    public static func read(_ data: Data) throws(ExportError) -> [Receipt] {
        var reader = try Reader(data)
        var receipts: [Receipt] = []
        while let receipt = try reader.next() { receipts.append(receipt) }
        return receipts
    }

    /// What wrappers around a receipt say about it.
    struct Context {
        /// The shop-local time (`operation.date` of the newer API).
        var localTime: LocalDateTime?
        /// The QR payload printed on the receipt.
        var code: FiscalCode?
        /// Money is in roubles with kopecks after the point (`679.27`: «Мои чеки онлайн»), not in
        /// whole kopecks (the apps' export files).
        var roubles = false
    }

    /// The keys that make an object a receipt: any one of them.
    static let receiptKeys: Set<String> = ["fiscalDriveNumber", "fiscalDocumentNumber", "fiscalSign"]

    /// The keys under which wrappers hold receipts, in the order they are looked in.
    static let wrapperKeys = ["ticket", "document", "receipt", "content", "data", "json", "items"]

    static func receipt(_ fields: [String: Any], context: Context) throws(DocumentError) -> Receipt {
        let fn = try text(fields, "fiscalDriveNumber")
        let i = try integer(fields, "fiscalDocumentNumber")
        let fp = try integer(fields, "fiscalSign")
        let identity: FiscalIdentity
        do {
            identity = try FiscalIdentity(fn: fn, i: i, fp: fp)
        } catch {
            throw .invalid(field: error.field.map(\.rawValue) ?? "fiscalDriveNumber", reason: .code(error))
        }
        let operationCode = (try? integer(fields, "operationType")) ?? context.code.map { Int64($0.operation.rawValue) }
        guard let operationCode, let operation = OperationType(rawValue: Int(operationCode)) else {
            throw .invalid(field: "operationType", reason: .notAnOperation(operationCode))
        }
        let total = try money(fields, "totalSum", roubles: context.roubles)
        let items = try (fields["items"] as? [Any] ?? []).enumerated().map { index, value throws(DocumentError) in
            guard let line = value as? [String: Any] else {
                throw .invalid(field: "items[\(index)]", reason: .notAnObject)
            }
            return try item(line, index: index, roubles: context.roubles)
        }
        func sum(_ key: String) -> Money {
            Money(kopecks: (try? money(fields, key, roubles: context.roubles)) ?? 0)
        }
        return try Receipt(
            identity: identity, dateTime: try dateTime(fields["dateTime"], fields: fields, context: context),
            operation: operation,
            total: Money(kopecks: total), cash: sum("cashTotalSum"), ecash: sum("ecashTotalSum"),
            prepaid: sum("prepaidSum"), credit: sum("creditSum"), provision: sum("provisionSum"),
            seller: trimmed(fields["user"]), sellerINN: trimmed(fields["userInn"]),
            retailPlace: trimmed(fields["retailPlace"]),
            address: trimmed(fields["retailPlaceAddress"]), registerNumber: trimmed(fields["kktRegId"]), items: items,
            status: .complete, document: documentText(fields)
        ).withinBounds()
    }

    /// The receipt's object as JSON, keys sorted: what the file said of it, kept beside the fields read.
    private static func documentText(_ fields: [String: Any]) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The line's GTIN: `productCodeData.gtin`, or the `gtin` of any shape under `productCodeNew`
    /// (`ean13`, `gs1m`, `itf14`…); 14 digits when its check digit holds, the digits as given when not.
    private static func gtin(_ line: [String: Any]) -> String? {
        var candidates: [Any?] = [(line["productCodeData"] as? [String: Any])?["gtin"]]
        if let shapes = line["productCodeNew"] as? [String: Any] {
            for key in shapes.keys.sorted() { candidates.append((shapes[key] as? [String: Any])?["gtin"]) }
        }
        let codes = candidates.compactMap { value -> String? in
            if let text = value as? String { return text.trimmingCharacters(in: .whitespaces) }
            return (value as? NSNumber)?.stringValue
        }.filter { !$0.isEmpty }
        if let valid = codes.lazy.compactMap(GTIN.init(checking:)).first { return valid.digits }
        return codes.first
    }

    private static func item(_ line: [String: Any], index: Int, roubles: Bool) throws(DocumentError) -> Item {
        let name = trimmed(line["name"]) ?? ""
        guard let quantity = (line["quantity"] as? NSNumber)?.doubleValue, quantity.isFinite, quantity >= 0 else {
            throw .invalid(field: "items[\(index)].quantity", reason: .notAQuantity)
        }
        let price = try money(line, "price", prefix: "items[\(index)].", roubles: roubles)
        let sum = try money(line, "sum", prefix: "items[\(index)].", roubles: roubles)
        let vat = (try? integer(line, "nds")) ?? (try? integer(line, "ndsRate"))
        let payment = (try? integer(line, "paymentType")) ?? (try? integer(line, "calculationTypeSign"))
        let product = (try? integer(line, "productType")) ?? (try? integer(line, "calculationSubjectSign"))
        return Item(
            name: name, price: Money(kopecks: price), quantity: quantity, sum: Money(kopecks: sum),
            vat: vat.map { VATCode(rawValue: Int($0)) },
            paymentType: payment.flatMap { PaymentType(rawValue: Int($0)) },
            productType: product.map { Int($0) }, unit: line["measure"] as? String,
            measure: (try? integer(line, "itemsQuantityMeasure")).map { Measure(rawValue: Int($0)) },
            gtin: gtin(line))
    }

    /// The shop-local time: an ISO string as it is; Unix seconds in the shop's zone, which the
    /// wrapper's local time or QR code tells when there is one, else the document's region or
    /// address (`ShopZone`), else Moscow time (UTC+3): never the zone of this machine.
    private static func dateTime(_ value: Any?, fields: [String: Any], context: Context) throws(DocumentError)
        -> LocalDateTime
    {
        if let text = value as? String {
            do {
                return try LocalDateTime(iso: String(text.prefix(19)))
            } catch {
                throw .invalid(field: "dateTime", reason: .dateTime(error))
            }
        }
        guard let seconds = (value as? NSNumber)?.doubleValue, seconds.isFinite else {
            throw .invalid(field: "dateTime", reason: .notADateTime)
        }
        // The wrapper's local time is to the minute (`operation.date`, the QR's `t`): it gives the
        // shop's offset from UTC, a whole number of quarter hours, and the instant gives the seconds.
        var offset = 3 * 3600
        if let local = context.localTime ?? context.code?.dateTime {
            let quarters = ((Double(local.secondsAsIfUTC) - seconds) / 900).rounded()
            guard abs(quarters) <= 14 * 4 else { return local }
            offset = Int(quarters) * 900
        } else {
            // The zone at the instant read as Moscow time: a region's offset changes rarely, and
            // never by more than the hours between.
            let region = (fields["region"] as? String) ?? (fields["region"] as? NSNumber)?.stringValue
            let address = fields["retailPlaceAddress"] as? String
            if region != nil || address != nil,
                let moscow = try? Self.localTime(seconds: seconds, offset: offset)
            {
                offset = ShopZone(region: region, address: address, at: moscow).offsetMinutes * 60
            }
        }
        do {
            return try Self.localTime(seconds: seconds, offset: offset)
        } catch {
            throw .invalid(field: "dateTime", reason: .dateTime(error))
        }
    }

    /// The local time `offset` seconds east of UTC at Unix second `seconds`.
    private static func localTime(seconds: Double, offset: Int) throws(LocalDateTimeError) -> LocalDateTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? .gmt
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return try LocalDateTime(
            year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
            minute: parts.minute ?? 0, second: parts.second ?? 0)
    }

    private static func text(_ fields: [String: Any], _ key: String) throws(DocumentError) -> String {
        if let value = fields[key] as? String { return value.trimmingCharacters(in: .whitespaces) }
        if let number = fields[key] as? NSNumber { return number.stringValue }
        throw .invalid(field: key, reason: .missing)
    }

    private static func integer(_ fields: [String: Any], _ key: String, prefix: String = "") throws(DocumentError)
        -> Int64
    {
        if let number = fields[key] as? NSNumber, number.doubleValue.rounded() == number.doubleValue,
            abs(number.doubleValue) < 9e18
        {
            return number.int64Value
        }
        if let text = fields[key] as? String, let number = Int64(text.trimmingCharacters(in: .whitespaces)) {
            return number
        }
        throw .invalid(field: prefix + key, reason: fields[key] == nil ? .missing : .notAWholeNumber)
    }

    /// An amount in kopecks: the whole number given, or, in `roubles`, the number of roubles with at
    /// most two places after the point (a number or its text), made kopecks exactly.
    private static func money(
        _ fields: [String: Any], _ key: String, prefix: String = "", roubles: Bool
    ) throws(DocumentError) -> Int64 {
        guard roubles else { return try integer(fields, key, prefix: prefix) }
        let text: String
        if let number = fields[key] as? NSNumber {
            // A JSON number as the parser kept it; its shortest decimal form is what the text said.
            text = number.doubleValue.isFinite ? "\(number.doubleValue)" : ""
        } else if let given = fields[key] as? String {
            text = given.trimmingCharacters(in: .whitespaces)
        } else {
            throw .invalid(field: prefix + key, reason: .missing)
        }
        guard let kopecks = Self.kopecks(roubles: text) else {
            throw .invalid(field: prefix + key, reason: .notRoubles)
        }
        return kopecks
    }

    /// `679.27` → 67927, `-1.5` → −150, `1e3` → 100000: roubles with at most two places after the
    /// point as kopecks, counted in integers; nil for anything else or beyond ±10¹³ ₽.
    static func kopecks(roubles text: String) -> Int64? {
        guard text.wholeMatch(of: /-?[0-9]{1,20}(\.[0-9]{1,20})?([eE][-+]?[0-9]{1,3})?/) != nil,
            let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN
        else {
            return nil
        }
        var scaled = decimal * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled, abs(rounded) <= Decimal(1_000_000_000_000_000) else { return nil }
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    private static func trimmed(_ value: Any?) -> String? {
        guard let text = value as? String else { return nil }
        let result = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return result.isEmpty ? nil : result
    }
}

/// Why a file's receipts cannot be imported; nothing of the file is then.
public enum ExportError: Error, Equatable, LocalizedMessage {
    case notJSON
    case noReceipts
    /// The receipt at `index` (from 1) of the file, and what is wrong with it.
    case badReceipt(index: Int, problem: DocumentError)

    /// The message `import FILE` prints after the file's name: `receipt #1: field fiscalDocumentNumber:
    /// missing`.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .notJSON: return ru ? "это не JSON" : "not JSON"
        case .noReceipts: return ru ? "в файле нет чеков" : "no receipts in the file"
        case .badReceipt(let index, .invalid(let field, let reason)):
            let why = reason.message(in: language)
            return ru ? "чек №\(index): поле \(field): \(why)" : "receipt #\(index): field \(field): \(why)"
        }
    }
}
