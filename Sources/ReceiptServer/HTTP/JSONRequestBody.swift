import Foundation
import Hummingbird
import NIOCore
import ReceiptCore

extension Request {
    /// The body as the contract's JSON request: 415 unless the request says it is
    /// `application/json`, then 400 (from the error middleware) when it does not read as `type`.
    /// (Hummingbird's own `decode` would answer with a message that names Swift's types.)
    func decodeJSON<Value: Decodable>(as type: Value.Type, context: ServerContext) async throws -> Value {
        let mediaType = headers[.contentType]?.split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            throw APIError(status: .unsupportedMediaType, code: "unsupported_media_type", problem: .notJSONBody)
        }
        let body = try await self.body.collect(upTo: context.maxUploadSize)
        return try JSONDecoder().decode(type, from: Data(body.readableBytesView))
    }
}

/// What is wrong with a request body, in JSON's words: never a Swift type's name.
enum JSONProblem: Sendable, LocalizedMessage {
    case missingField(String)
    case expected(JSONKind, field: String, foundNull: Bool)
    case invalidValue(field: String)
    case notJSON

    init(_ error: DecodingError) {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, _): self = .missingField(key.stringValue)
        case .typeMismatch(let type, let context):
            self = .expected(JSONKind(type), field: path(context), foundNull: false)
        case .valueNotFound(let type, let context):
            self = .expected(JSONKind(type), field: path(context), foundNull: true)
        case .dataCorrupted(let context):
            self = context.codingPath.isEmpty ? .notJSON : .invalidValue(field: path(context))
        @unknown default: self = .notJSON
        }
    }

    func message(in language: Language) -> String {
        let ru = language == .russian
        func located(_ field: String, _ problem: String) -> String {
            guard !field.isEmpty else { return problem }
            return ru ? "поле \(field): \(problem)" : "field \(field): \(problem)"
        }
        switch self {
        case .missingField(let name): return ru ? "нет поля \(name)" : "missing field \(name)"
        case .expected(let kind, let field, let foundNull):
            let expected = kind.message(in: language)
            if foundNull {
                return located(field, ru ? "ожидается \(expected), а не null" : "expected \(expected), found null")
            }
            return located(field, ru ? "ожидается \(expected)" : "expected \(expected)")
        case .invalidValue(let field): return located(field, ru ? "недопустимое значение" : "not a valid value")
        case .notJSON: return ru ? "это не JSON" : "not valid JSON"
        }
    }
}

/// The JSON kind a decoder expected, named as JSON names it.
enum JSONKind: Sendable, LocalizedMessage {
    case string, boolean, wholeNumber, number, array, object

    init(_ type: Any.Type) {
        switch type {
        case is String.Type, is Substring.Type: self = .string
        case is Bool.Type: self = .boolean
        case is any BinaryInteger.Type: self = .wholeNumber
        case is any BinaryFloatingPoint.Type: self = .number
        default: self = String(describing: type).hasPrefix("Array") ? .array : .object
        }
    }

    func message(in language: Language) -> String {
        switch (self, language) {
        case (.string, .english): return "a string"
        case (.string, .russian): return "строка"
        case (.boolean, .english): return "true or false"
        case (.boolean, .russian): return "true или false"
        case (.wholeNumber, .english): return "a whole number"
        case (.wholeNumber, .russian): return "целое число"
        case (.number, .english): return "a number"
        case (.number, .russian): return "число"
        case (.array, .english): return "an array"
        case (.array, .russian): return "массив"
        case (.object, .english): return "an object"
        case (.object, .russian): return "объект"
        }
    }
}
