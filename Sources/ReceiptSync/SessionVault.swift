public import Foundation
public import ReceiptAPI
public import ReceiptCore
import ReceiptNetwork

/// A session kept between runs: the cookie for one server and whose it is.
public struct SavedSession: Codable, Sendable, Equatable {
    /// The server's address as the session was opened with it.
    public var server: String
    /// The session cookie's value, sent as `receipts_session`.
    public var cookie: String
    /// The account's number on that server.
    public var account: Int64
    /// Authorized or anonymous.
    public var kind: AccountKind
    /// The login of an authorized account.
    public var login: String?

    /// The session to keep after logging in: the cookie the client holds and whose it is.
    public init(server: String, cookie: String, info: SessionInfo) {
        self.server = server
        self.cookie = cookie
        account = info.account
        kind = info.kind
        login = info.login
    }

    /// What a sync position is keyed by: this server and this account.
    public var syncSource: String { "\(server)#\(account)" }
}

/// The session cookies, one file a server in the config folder, readable by their owner only.
public struct SessionVault: Sendable {
    /// `receipts` in the XDG config folder.
    public let folder: String

    /// A vault in `folder`; the session files go in its `sessions/` subfolder.
    public init(folder: String) {
        self.folder = folder
    }

    /// The saved session for `server`, nil when none is saved; a file that cannot be read is an error.
    public func load(server: URL) throws(VaultError) -> SavedSession? {
        let path = file(for: server)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(SavedSession.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadable(path: path)
        }
    }

    /// Writes the session with mode 0600 (the folder 0700), replacing the previous one at once.
    public func save(_ session: SavedSession) throws(VaultError) {
        let path = file(for: URL(string: session.server) ?? URL(fileURLWithPath: "/"))
        do {
            try PrivateFile.write(try JSONEncoder().encode(session), to: path)
        } catch {
            throw .unwritable(path: path)
        }
    }

    /// Forgets the session for `server`; nothing happens when none is saved.
    public func remove(server: URL) {
        try? FileManager.default.removeItem(atPath: file(for: server))
    }

    /// The device mark `server` gave this machine when `login` last logged in from it, kept after
    /// logging out: a login that sends it counts only against this device, so that nobody else's
    /// failed logins can hold it back.
    public func deviceMark(server: URL, login: String) -> String? {
        deviceMarks(server: server)[login.lowercased()]
    }

    /// Keeps `mark` for `login` at `server` (mode 0600, beside the session); losing it only means
    /// the next login counts as a new device's, so a failure to write is not one.
    public func keepDeviceMark(_ mark: String, server: URL, login: String) {
        var marks = deviceMarks(server: server)
        marks[login.lowercased()] = mark
        guard let data = try? JSONEncoder().encode(marks) else { return }
        try? PrivateFile.write(data, to: devicesFile(for: server))
    }

    private func deviceMarks(server: URL) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: devicesFile(for: server)) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }

    /// `sessions/http_127.0.0.1_8080.devices.json` beside the session's file.
    private func devicesFile(for server: URL) -> String {
        String(file(for: server).dropLast(".json".count)) + ".devices.json"
    }

    /// `sessions/127.0.0.1_8080.json` for `http://127.0.0.1:8080`.
    public func file(for server: URL) -> String {
        let host = server.host ?? "server"
        let port = server.port.map(String.init) ?? (server.scheme == "https" ? "443" : "80")
        let name = "\(server.scheme ?? "http")_\(host)_\(port)".map {
            $0.isLetter || $0.isNumber || $0 == "." ? $0 : "_"
        }
        return folder + "/sessions/" + String(name) + ".json"
    }
}

/// Why the saved session could not be read or written.
public enum VaultError: Error, Equatable, LocalizedMessage {
    case unreadable(path: String)
    case unwritable(path: String)

    /// Names the session file; when it cannot be read, says to log in again.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.unreadable(let path), .russian):
            return "не удаётся прочитать сессию из \(path); войдите заново: receipts login"
        case (.unreadable(let path), .english):
            return "cannot read the session in \(path); log in again: receipts login"
        case (.unwritable(let path), .russian): return "не удаётся сохранить сессию в \(path)"
        case (.unwritable(let path), .english): return "cannot save the session to \(path)"
        }
    }
}
