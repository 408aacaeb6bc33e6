/// Why a QR payload is not a fiscal code; every case that concerns a field names it.
public enum FiscalCodeError: Error, Equatable, LocalizedMessage {
    /// Nothing was given.
    case empty
    /// The text has no `key=value` fields at all.
    case notAPayload(String)
    /// Required fields are absent.
    case missing([FiscalCode.Field])
    /// A field appears twice with different values, so which one is meant is unknown.
    case duplicate(FiscalCode.Field)
    /// A field is present but fails its check.
    case invalid(FiscalCode.Field, value: String, reason: Reason)

    /// What is wrong with a field's value.
    public enum Reason: Sendable, Equatable {
        case notADateTime
        case impossibleDateTime(LocalDateTimeError)
        case notAnAmount(MoneyError)
        case negativeAmount
        case notSixteenDigits
        case notANumber
        case notPositive
        case tooLarge
        case unknownOperation
    }

    /// The field the error is about, if it is about one.
    public var field: FiscalCode.Field? {
        switch self {
        case .duplicate(let field), .invalid(let field, _, _): return field
        case .missing(let fields): return fields.first
        case .empty, .notAPayload: return nil
        }
    }

    /// The error as `qr parse` prints it: the field's key and name, the value given, what is wrong.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        func named(_ field: FiscalCode.Field) -> String {
            ru
                ? "поле \(field.rawValue) (\(field.name(in: language)))"
                : "field \(field.rawValue) (\(field.name(in: language)))"
        }
        switch self {
        case .empty:
            return ru ? "QR-код пуст" : "the QR payload is empty"
        case .notAPayload(let text):
            let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
            return ru
                ? "«\(shown)» — не QR-код чека: ожидались поля вида t=…&s=…&fn=…&i=…&fp=…&n=…"
                : "“\(shown)” is not a receipt QR code: expected fields like t=…&s=…&fn=…&i=…&fp=…&n=…"
        case .missing(let fields):
            let list = fields.map(named).joined(separator: ", ")
            return ru ? "в QR-коде нет: \(list)" : "the QR payload lacks \(list)"
        case .duplicate(let field):
            return ru
                ? "\(named(field)) встречается дважды с разными значениями"
                : "\(named(field)) appears twice with different values"
        case .invalid(let field, let value, let reason):
            let subject = ru ? "\(named(field)): «\(value)»" : "\(named(field)): “\(value)”"
            return "\(subject) — \(reason.message(in: language))"
        }
    }
}

extension FiscalCodeError.Reason {
    func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .notADateTime:
            return ru
                ? "ожидалась дата и время вида 20190320T2303 или 20190320T230315"
                : "expected a date and time such as 20190320T2303 or 20190320T230315"
        case .impossibleDateTime(let error): return error.message(in: language)
        case .notAnAmount(let error): return error.message(in: language)
        case .negativeAmount: return ru ? "сумма не может быть отрицательной" : "the total cannot be negative"
        case .notSixteenDigits: return ru ? "должно быть ровно 16 цифр" : "must be exactly 16 digits"
        case .notANumber: return ru ? "должно быть целое число" : "must be a whole number"
        case .notPositive: return ru ? "должно быть больше нуля" : "must be greater than zero"
        case .tooLarge: return ru ? "слишком большое число" : "the number is too large"
        case .unknownOperation:
            return ru
                ? "должно быть 1 (приход), 2 (возврат прихода), 3 (расход) или 4 (возврат расхода)"
                : "must be 1 (sale), 2 (sale refund), 3 (expense) or 4 (expense refund)"
        }
    }
}
