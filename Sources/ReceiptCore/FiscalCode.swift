/// The payload of the QR code printed on a Russian fiscal receipt, read and checked.
///
/// `t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1`: the shop-local
/// date-time, the total, the receipt's fiscal identity and the operation type. Reading accepts
/// every variant met in the wild that is unambiguous (see ``init(parsing:)``); ``canonical``
/// writes the one normal form.
public struct FiscalCode: Sendable, Hashable, Codable {
    /// The shop-local date and time (`t`).
    public let dateTime: LocalDateTime
    /// The receipt's total (`s`), never negative.
    public let total: Money
    /// Fiscal drive number, fiscal document number and fiscal sign (`fn`, `i`, `fp`).
    public let identity: FiscalIdentity
    /// The operation type (`n`).
    public let operation: OperationType

    /// A code from checked parts; the total must not be negative.
    public init(dateTime: LocalDateTime, total: Money, identity: FiscalIdentity, operation: OperationType)
        throws(FiscalCodeError)
    {
        guard total >= .zero else { throw .invalid(.s, value: total.decimalString, reason: .negativeAmount) }
        self.dateTime = dateTime
        self.total = total
        self.identity = identity
        self.operation = operation
    }

    /// Reads a payload as it comes from a scanner, a photo or a person.
    ///
    /// Accepted variants: fields in any order and in any letter case; `t` with or without seconds,
    /// with `T`, `t` or nothing between date and time; `s` with a point, a comma or no decimals;
    /// the query wrapped in an address (`https://…/ticket?t=…`) and percent-encoded, field by field
    /// or as a whole (`t%3D20190320T2303%26s%3D…`, as some scanners copy it); surrounding
    /// white space; text that a handheld scanner typed while the Russian keyboard layout was on
    /// (`е=20190320Е2303?ы=5803ю00…`). Unknown fields are ignored. A missing field, a field given
    /// twice with different values, or a field that fails its check is an error naming the field.
    public init(parsing payload: String) throws(FiscalCodeError) {
        let fields = try PayloadFields(payload)
        try self.init(
            dateTime: Self.dateTime(fields[.t]),
            total: Self.amount(fields[.s]),
            identity: FiscalIdentity(
                fn: Self.driveNumber(fields[.fn]),
                i: Self.positiveNumber(fields[.i], field: .i),
                fp: Self.positiveNumber(fields[.fp], field: .fp)),
            operation: Self.operation(fields[.n]))
    }

    /// The one normal form: fields in the order t, s, fn, i, fp, n; `t` as `yyyyMMddTHHmm` (with
    /// `ss` only when the seconds are not zero); `s` with a point and two decimals; numbers without
    /// leading zeros.
    public var canonical: String {
        let d = dateTime
        var time = LocalDateTime.pad(d.year, 4) + LocalDateTime.pad(d.month) + LocalDateTime.pad(d.day)
        time += "T" + LocalDateTime.pad(d.hour) + LocalDateTime.pad(d.minute)
        if d.second != 0 { time += LocalDateTime.pad(d.second) }
        return
            "t=\(time)&s=\(total.decimalString)&fn=\(identity.fn)&i=\(identity.i)&fp=\(identity.fp)&n=\(operation.rawValue)"
    }

    // MARK: - Fields

    private static func dateTime(_ value: String) throws(FiscalCodeError) -> LocalDateTime {
        var digits = Array(value.utf8)
        if digits.count >= 9, digits[8] == UInt8(ascii: "T") || digits[8] == UInt8(ascii: "t") {
            digits.remove(at: 8)
        }
        guard digits.count == 12 || digits.count == 14, digits.allSatisfy(ASCII.isDigit) else {
            throw .invalid(.t, value: value, reason: .notADateTime)
        }
        func number(_ start: Int, _ width: Int) -> Int {
            digits[start..<start + width].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        do {
            return try LocalDateTime(
                year: number(0, 4), month: number(4, 2), day: number(6, 2),
                hour: number(8, 2), minute: number(10, 2), second: digits.count == 14 ? number(12, 2) : 0)
        } catch {
            throw .invalid(.t, value: value, reason: .impossibleDateTime(error))
        }
    }

    private static func amount(_ value: String) throws(FiscalCodeError) -> Money {
        let money: Money
        do {
            money = try Money(roubles: value)
        } catch {
            throw .invalid(.s, value: value, reason: .notAnAmount(error))
        }
        guard money >= .zero else { throw .invalid(.s, value: value, reason: .negativeAmount) }
        return money
    }

    private static func driveNumber(_ value: String) throws(FiscalCodeError) -> String {
        guard value.utf8.count == 16, value.utf8.allSatisfy(ASCII.isDigit) else {
            throw .invalid(.fn, value: value, reason: .notSixteenDigits)
        }
        return value
    }

    private static func positiveNumber(_ value: String, field: Field) throws(FiscalCodeError) -> Int64 {
        guard !value.isEmpty, value.utf8.allSatisfy(ASCII.isDigit) else {
            throw .invalid(field, value: value, reason: .notANumber)
        }
        guard let number = Int64(value) else { throw .invalid(field, value: value, reason: .tooLarge) }
        guard number > 0 else { throw .invalid(field, value: value, reason: .notPositive) }
        return number
    }

    private static func operation(_ value: String) throws(FiscalCodeError) -> OperationType {
        guard value.utf8.allSatisfy(ASCII.isDigit), let number = Int(value), let type = OperationType(rawValue: number)
        else { throw .invalid(.n, value: value, reason: .unknownOperation) }
        return type
    }

    // MARK: - Codable: {"t", "s", "fn", "i", "fp", "n"}

    private enum CodingKeys: String, CodingKey {
        case t, s, fn, i, fp, n
    }

    /// Reads `{"t", "s", "fn", "i", "fp", "n"}` (the `--json` shape: `s` in kopecks, `i` and `fp` as
    /// strings of digits) and checks every field as parsing does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let total = try container.decode(Money.self, forKey: .s)
        let i = try container.decode(String.self, forKey: .i)
        let fp = try container.decode(String.self, forKey: .fp)
        do {
            try self.init(
                dateTime: container.decode(LocalDateTime.self, forKey: .t),
                total: total,
                identity: FiscalIdentity(
                    fn: container.decode(String.self, forKey: .fn),
                    i: Self.positiveNumber(i, field: .i),
                    fp: Self.positiveNumber(fp, field: .fp)),
                operation: Self.operation(String(container.decode(Int.self, forKey: .n))))
        } catch let error as FiscalCodeError {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.message(in: .english)))
        }
    }

    /// Writes `{"t", "s", "fn", "i", "fp", "n"}`: `t` shop-local ISO, `s` kopecks, `i` and `fp` strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dateTime, forKey: .t)
        try container.encode(total, forKey: .s)
        try container.encode(identity.fn, forKey: .fn)
        try container.encode(String(identity.i), forKey: .i)
        try container.encode(String(identity.fp), forKey: .fp)
        try container.encode(operation.rawValue, forKey: .n)
    }
}

extension FiscalCode {
    /// A field of the payload, named as the payload names it.
    public enum Field: String, Sendable, CaseIterable {
        case t, s, fn, i, fp, n

        /// What the field holds, for people.
        public func name(in language: Language) -> String {
            switch (self, language) {
            case (.t, .russian): return "дата и время"
            case (.s, .russian): return "сумма"
            case (.fn, .russian): return "номер фискального накопителя"
            case (.i, .russian): return "номер фискального документа"
            case (.fp, .russian): return "фискальный признак"
            case (.n, .russian): return "тип операции"
            case (.t, .english): return "date and time"
            case (.s, .english): return "total"
            case (.fn, .english): return "fiscal drive number"
            case (.i, .english): return "fiscal document number"
            case (.fp, .english): return "fiscal sign"
            case (.n, .english): return "operation type"
            }
        }
    }
}
