import Crypto
import Foundation

/// Opaque page cursors: a JSON position signed with the server's secret, so that a client can
/// neither forge one nor use one made for another account or another query.
struct CursorCodec: Sendable {
    let key: SymmetricKey

    init(secret: Data) {
        key = SymmetricKey(data: secret)
    }

    /// Sorted keys: a position is always the same bytes. One encoder for every cursor: making one
    /// for each page cost more than the encoding.
    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    func encode<Position: Encodable>(_ position: Position) -> String {
        let payload = (try? Self.encoder.encode(position)) ?? Data()
        let signature = Data(HMAC<SHA256>.authenticationCode(for: payload, using: key)).prefix(16)
        return payload.base64URLEncoded + "." + signature.base64URLEncoded
    }

    /// The position in a cursor this server made, or nil for anything else.
    func decode<Position: Decodable>(_ cursor: String, as type: Position.Type) -> Position? {
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, cursor.utf8.count <= 2048,
            let payload = Data(base64URLEncoded: String(parts[0])),
            let signature = Data(base64URLEncoded: String(parts[1])), signature.count == 16
        else { return nil }
        let expected = Data(HMAC<SHA256>.authenticationCode(for: payload, using: key)).prefix(16)
        // Compare in constant time.
        guard zip(expected, signature).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else { return nil }
        return try? JSONDecoder().decode(Position.self, from: payload)
    }
}
