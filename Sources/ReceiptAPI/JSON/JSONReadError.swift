public import ReceiptCore

/// Why JSON text could not be read: what was wrong, at which byte, and under which key.
public struct JSONReadError: Error, Equatable, LocalizedMessage {
    /// What was wrong.
    public enum Problem: Equatable, Sendable {
        /// The text ends inside a value.
        case unexpectedEnd
        /// A byte that no JSON text may have here.
        case unexpected(found: String, expected: Token)
        /// A well-formed value of another kind than the one wanted.
        case wrongType(found: Token, expected: Token)
        case trailingComma
        /// Something other than `true`, `false` or `null` that starts like one.
        case invalidLiteral
        /// More than whitespace after the value.
        case trailingData
        case byteOrderMark
        /// Arrays and objects nested deeper than ``JSONReader/depthLimit``.
        case tooDeep
        /// A raw byte below 0x20 inside a string; JSON wants it escaped.
        case controlCharacter
        /// A backslash followed by anything but `" \ / b f n r t` or `u` and four hex digits.
        case invalidEscape
        /// A `\u` escape of half a surrogate pair without the other half.
        case loneSurrogate
        case invalidUTF8
        /// `01`, `-007`: JSON writes no leading zeros.
        case leadingZero
        /// A minus sign, decimal point or exponent without a digit after it.
        case missingDigit
        case invalidNumber
        /// A fraction or exponent where an integer belongs.
        case notAnInteger
        case integerOverflow
        /// A number too large for a `Double`, or so small that it would be read as zero.
        case numberOutOfRange
        case missingKey(String)
        case duplicateKey(String)
        /// A string outside an enumeration's values.
        case unknownValue(String, expected: [String])
    }

    /// What a reader found or wanted, for messages.
    public enum Token: Equatable, Sendable {
        case value, key, colon, commaOrBrace, commaOrBracket
        case object, array, string, number, bool, null

        func name(in language: Language) -> String {
            let ru = language == .russian
            switch self {
            case .value: return ru ? "значение" : "a value"
            case .key: return ru ? "ключ в кавычках" : "a quoted key"
            case .colon: return ru ? "двоеточие" : "a colon"
            case .commaOrBrace: return ru ? "запятая или }" : "a comma or }"
            case .commaOrBracket: return ru ? "запятая или ]" : "a comma or ]"
            case .object: return ru ? "объект" : "an object"
            case .array: return ru ? "массив" : "an array"
            case .string: return ru ? "строка" : "a string"
            case .number: return ru ? "число" : "a number"
            case .bool: return ru ? "true или false" : "true or false"
            case .null: return "null"
            }
        }
    }

    /// What was wrong.
    public let problem: Problem
    /// The byte the problem was found at, counted from 0.
    public let offset: Int
    /// Where in the value the problem lies, as `receipts[3].document.items[0].price`; empty at the top.
    public internal(set) var path: String = ""

    /// An error at byte `offset`; ``JSONReader/read(_:from:)`` fills in the path on its way out.
    public init(_ problem: Problem, at offset: Int, path: String = "") {
        self.problem = problem
        self.offset = offset
        self.path = path
    }

    /// `invalid JSON (byte 812, at receipts[3].document.items[0].price): expected a number, found a
    /// string`, in either language.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        let place =
            path.isEmpty
            ? (ru ? "байт \(offset)" : "byte \(offset)")
            : (ru ? "байт \(offset), \(path)" : "byte \(offset), at \(path)")
        return (ru ? "неверный JSON (\(place)): " : "invalid JSON (\(place)): ") + describe(in: language)
    }

    private func describe(in language: Language) -> String {
        let ru = language == .russian
        switch problem {
        case .unexpectedEnd: return ru ? "текст оборвался" : "the text ends too soon"
        case .unexpected(let found, let expected):
            return ru
                ? "ожидалось \(expected.name(in: language)), а стоит \(found)"
                : "expected \(expected.name(in: language)), found \(found)"
        case .wrongType(let found, let expected):
            return ru
                ? "ожидалось \(expected.name(in: language)), а стоит \(found.name(in: language))"
                : "expected \(expected.name(in: language)), found \(found.name(in: language))"
        case .trailingComma: return ru ? "лишняя запятая перед концом" : "a comma before the end"
        case .invalidLiteral: return ru ? "ожидалось true, false или null" : "expected true, false or null"
        case .trailingData: return ru ? "после значения лишние символы" : "more text after the value"
        case .byteOrderMark:
            return ru ? "метка порядка байтов (BOM) в начале" : "a byte order mark (BOM) at the start"
        case .tooDeep:
            return ru
                ? "вложенность глубже \(JSONReader.depthLimit)" : "nesting deeper than \(JSONReader.depthLimit)"
        case .controlCharacter:
            return ru ? "управляющий символ в строке без экранирования" : "an unescaped control character in a string"
        case .invalidEscape: return ru ? "неверная escape-последовательность" : "an invalid escape sequence"
        case .loneSurrogate: return ru ? "непарный суррогат в \\u" : "a lone surrogate in \\u"
        case .invalidUTF8: return ru ? "строка не в UTF-8" : "a string that is not UTF-8"
        case .leadingZero: return ru ? "число с ведущим нулём" : "a number with a leading zero"
        case .missingDigit: return ru ? "в числе не хватает цифры" : "a digit missing in a number"
        case .invalidNumber: return ru ? "неверное число" : "an invalid number"
        case .notAnInteger:
            return ru ? "ожидалось целое число без дроби и порядка" : "expected an integer without fraction or exponent"
        case .integerOverflow: return ru ? "целое число вне диапазона" : "an integer out of range"
        case .numberOutOfRange: return ru ? "число вне диапазона Double" : "a number out of the range of Double"
        case .missingKey(let key):
            return ru ? "нет обязательного ключа \"\(key)\"" : "the required key \"\(key)\" is missing"
        case .duplicateKey(let key): return ru ? "ключ \"\(key)\" повторяется" : "the key \"\(key)\" appears twice"
        case .unknownValue(let value, let expected):
            let list = expected.joined(separator: ", ")
            return ru
                ? "неизвестное значение \"\(value)\" (допустимы: \(list))"
                : "unknown value \"\(value)\" (expected one of: \(list))"
        }
    }
}
