import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// The body as the contract's JSON request: 415 unless the request says it is
    /// `application/json`, then 400 (from the error middleware) when it does not read as `type`.
    /// (Hummingbird's own `decode` would answer with a message that names Swift's types.)
    func decodeJSON<Value: Decodable>(as type: Value.Type, context: ServerContext) async throws -> Value {
        let mediaType = headers[.contentType]?.split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            throw APIError(
                status: .unsupportedMediaType, code: "unsupported_media_type",
                message: "the body must be JSON, sent as Content-Type: application/json")
        }
        let body = try await self.body.collect(upTo: context.maxUploadSize)
        return try JSONDecoder().decode(type, from: Data(body.readableBytesView))
    }
}

/// The JSON kind a decoder expected, named as JSON names it: a body's reader never shows Swift's types.
enum JSONKind {
    static func name(of type: Any.Type) -> String {
        let swiftName = String(describing: type)
        switch type {
        case is String.Type, is Substring.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is any BinaryInteger.Type: return "a whole number"
        case is any BinaryFloatingPoint.Type: return "a number"
        default:
            if swiftName.hasPrefix("Array") { return "an array" }
            return "an object"
        }
    }
}
