public import Foundation
public import ReceiptCore
import ReceiptNetwork

/// A tax-service session kept between runs: the session id, the refresh token that renews it (it
/// changes with every renewal, so both are kept), the device id it was opened from, and whose it is.
public struct TaxServiceSession: Codable, Sendable, Equatable {
    /// The `sessionId` header's value.
    public var sessionID: String
    /// The refresh token; a used one is not accepted again.
    public var refreshToken: String
    /// The `Device-Id` the session belongs to.
    public var deviceID: String
    /// The phone it was opened with, when by SMS.
    public var phone: String?
    /// The INN it was opened with, when by the personal account's password.
    public var inn: String?
    /// When it was opened or last renewed.
    public var renewedAt: Date

    /// A session as the service opened it.
    public init(
        sessionID: String, refreshToken: String, deviceID: String, phone: String? = nil, inn: String? = nil,
        renewedAt: Date = Date()
    ) {
        self.sessionID = sessionID
        self.refreshToken = refreshToken
        self.deviceID = deviceID
        self.phone = phone
        self.inn = inn
        self.renewedAt = renewedAt
    }

    /// A new random device id: 16 hex digits, as a phone's.
    public static func newDeviceID() -> String {
        (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    /// Whether `other` is this session, however it was kept (the same id and refresh token).
    public func isSame(as other: TaxServiceSession?) -> Bool {
        sessionID == other?.sessionID && refreshToken == other?.refreshToken
    }

    /// The session as JSON, as the session file and a server's database keep it.
    public func json() throws -> Data { try Self.encoder.encode(self) }

    /// A session kept as ``json()`` makes it.
    public init(json: Data) throws { self = try Self.decoder.decode(Self.self, from: json) }

    /// The coders of kept sessions: sorted keys, dates in ISO 8601.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// A session that a ``SessionFile`` keeps: it belongs to the device it was opened from.
public protocol KeptSession: Codable, Sendable {
    /// The device the session was opened from, kept in the file across sign-ins.
    var deviceID: String { get }
    /// A new device id, as the service's own app makes one.
    static func newDeviceID() -> String
    /// The command that signs in again (`receipts fns login`), for the file's errors.
    static var signInCommand: String { get }
}

extension TaxServiceSession: KeptSession {
    /// `receipts fns login`.
    public static var signInCommand: String { "receipts fns login" }
}

extension CabinetSession: KeptSession {
    /// `receipts lkdr login`.
    public static var signInCommand: String { "receipts lkdr login" }
}

/// A service's session file in the config folder (0600, the folder 0700: `fns-session.json`,
/// `lkdr-session.json`), and the device id kept there between sign-ins.
public struct SessionFile<Session: KeptSession>: Sendable {
    /// The file's path.
    public let path: String

    /// The file `name` in `folder` (`receipts` in the XDG config folder).
    public init(folder: String, name: String) {
        path = folder + "/" + name
    }

    private struct Stored: Codable {
        var deviceID: String
        var session: Session?
    }

    /// The kept session, nil when signed out; a file that cannot be read is an error.
    public func load() throws(SessionFileError) -> Session? {
        try stored()?.session
    }

    /// The device id to sign in from: the kept one, else a new one that is kept from now on.
    public func deviceID() throws(SessionFileError) -> String {
        if let kept = try stored()?.deviceID { return kept }
        let id = Session.newDeviceID()
        try write(Stored(deviceID: id, session: nil))
        return id
    }

    /// Keeps `session`, replacing the file at once.
    public func save(_ session: Session) throws(SessionFileError) {
        try write(Stored(deviceID: session.deviceID, session: session))
    }

    /// Forgets the session, keeping the device id.
    public func signOut() throws(SessionFileError) {
        guard let kept = try stored() else { return }
        try write(Stored(deviceID: kept.deviceID, session: nil))
    }

    private func stored() throws(SessionFileError) -> Stored? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try TaxServiceSession.decoder.decode(Stored.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadable(path: path, signIn: Session.signInCommand)
        }
    }

    private func write(_ stored: Stored) throws(SessionFileError) {
        do {
            try PrivateFile.write(try TaxServiceSession.encoder.encode(stored), to: path)
        } catch {
            throw .unwritable(path: path)
        }
    }
}

/// The tax service's session file, `fns-session.json`.
public typealias TaxServiceSessionFile = SessionFile<TaxServiceSession>

extension SessionFile where Session == TaxServiceSession {
    /// `fns-session.json` in `folder`.
    public init(folder: String) { self.init(folder: folder, name: "fns-session.json") }
}

extension SessionFile where Session == CabinetSession {
    /// `lkdr-session.json` in `folder`.
    public init(folder: String) { self.init(folder: folder, name: "lkdr-session.json") }
}

/// Why a session file could not be read or written.
public enum SessionFileError: Error, Equatable, LocalizedMessage {
    /// It is there but cannot be read: sign in again with `signIn`.
    case unreadable(path: String, signIn: String)
    /// It cannot be written.
    case unwritable(path: String)

    /// Names the file; when it cannot be read, says how to sign in again.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.unreadable(let path, let command), .russian):
            return "не удаётся прочитать сессию из \(path); войдите заново: \(command)"
        case (.unreadable(let path, let command), .english):
            return "cannot read the session in \(path); sign in again: \(command)"
        case (.unwritable(let path), .russian): return "не удаётся сохранить сессию в \(path)"
        case (.unwritable(let path), .english): return "cannot save the session to \(path)"
        }
    }
}

extension TaxServiceSession {
    /// `Signed in to the tax service (+79991234567).`: what signing in says, on the command line
    /// and in the web app.
    public func signedInMessage(in language: Language) -> String {
        let ru = language == .russian
        let who = phone ?? inn.map { ru ? "ИНН \($0)" : "INN \($0)" } ?? (ru ? "по токену" : "by token")
        return ru ? "Вход в налоговую выполнен (\(who))." : "Signed in to the tax service (\(who))."
    }
}

extension PhoneNumber {
    /// `The code is sent by SMS to +79991234567.`
    public func codeSentMessage(in language: Language) -> String {
        language == .russian ? "Код отправлен по SMS на \(self)." : "The code is sent by SMS to \(self)."
    }
}
