public import Foundation
import ReceiptCore

/// A «Мои чеки онлайн» session kept between runs: the access token (a JWT, an hour or so), the
/// refresh token that renews it (kept anew with every renewal), when each ends, and the device id
/// both were issued to: the cabinet renews a session only from the device that opened it.
public struct CabinetSession: Codable, Sendable, Equatable {
    /// The `Authorization: Bearer` token.
    public var token: String
    /// When the cabinet says it ends (renewed a few minutes before).
    public var tokenExpires: Date?
    /// The refresh token.
    public var refreshToken: String
    /// When the refresh token ends; nil when the cabinet does not say.
    public var refreshExpires: Date?
    /// The `sourceDeviceId` of the sign-in.
    public var deviceID: String
    /// The phone it was opened with, when by SMS (`79991234567`).
    public var phone: String?

    /// A session as the cabinet opened it.
    public init(
        token: String, tokenExpires: Date?, refreshToken: String, refreshExpires: Date?, deviceID: String,
        phone: String? = nil
    ) {
        self.token = token
        self.tokenExpires = tokenExpires
        self.refreshToken = refreshToken
        self.refreshExpires = refreshExpires
        self.deviceID = deviceID
        self.phone = phone
    }

    /// A new device id, as the web app makes one: 21 letters, digits, `_` and `-`.
    public static func newDeviceID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
        return String((0..<21).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    }

    /// Whether the access token ends within `margin` of `now` (an unknown end never does).
    public func isEnding(at now: Date = Date(), margin: TimeInterval = 300) -> Bool {
        tokenExpires.map { $0.timeIntervalSince(now) < margin } ?? false
    }

    /// The session as JSON, as its file keeps it.
    public func json() throws -> Data { try Self.encoder.encode(self) }

    /// A session kept as ``json()`` makes it.
    public init(json: Data) throws { self = try Self.decoder.decode(Self.self, from: json) }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// The challenge an SMS code answers, kept (0600) beside the session between sending the code and
/// typing it, when the two happen in different runs or requests (`lkdr-challenge`).
public struct CabinetChallengeFile: Sendable {
    /// The file's path.
    public let path: String

    /// `lkdr-challenge` in `folder`.
    public init(folder: String) { path = folder + "/lkdr-challenge" }

    /// Keeps the challenge sent to `phone`.
    public func save(phone: PhoneNumber, challenge: String) throws {
        try PrivateFile.write(Data("\(phone.international)\n\(challenge)\n".utf8), to: path)
    }

    /// The challenge kept for `phone`; nil when none is (or it was for another phone).
    public func challenge(for phone: PhoneNumber) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count == 2, lines[0] == phone.international, !lines[1].isEmpty else { return nil }
        return lines[1]
    }

    /// Forgets it, once used.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
