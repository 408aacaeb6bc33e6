import Foundation

/// A mailbox on an IMAP server as the user names it: `imaps://user@host[:port][/folder]`.
///
/// The login is percent-decoded, since logins are often e-mail addresses (`me%40mail.ru`; a bare
/// `me@mail.ru@imap.mail.ru` is read too: the last `@` ends the login). The folder is INBOX unless
/// named; it may be written as it is (`/Чеки`) or percent-encoded. A password in the address is
/// refused: it would stay in the shell's history and the process list.
public struct IMAPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The login, decoded.
    public var user: String
    /// The server's name or IP address (an IPv6 address without its brackets).
    public var host: String
    /// The TCP port: 993 unless named.
    public var port: Int
    /// The folder to read, decoded: `INBOX` unless named.
    public var folder: String

    /// The port of IMAP over implicit TLS (RFC 8314).
    public static let defaultPort = 993

    /// An address from its parts.
    public init(user: String, host: String, port: Int = IMAPAddress.defaultPort, folder: String = "INBOX") {
        self.user = user
        self.host = host
        self.port = port
        self.folder = folder
    }

    /// Reads `imaps://user@host[:port][/folder]`; `imap://` is refused (``IMAPError/plainTextRefused``),
    /// anything else is ``IMAPError/badAddress(_:)``.
    public init(parsing text: String) throws(IMAPError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lowered = trimmed.lowercased()
        guard !lowered.hasPrefix("imap://") else { throw .plainTextRefused }
        guard lowered.hasPrefix("imaps://") else { throw .badAddress("not imaps://") }
        let rest = trimmed.dropFirst("imaps://".count)
        let slash = rest.firstIndex(of: "/")
        let authority = rest[..<(slash ?? rest.endIndex)]
        guard let at = authority.lastIndex(of: "@") else { throw .badAddress("no login before @") }
        let login = authority[..<at]
        guard !login.contains(":") else { throw .badAddress("a password has no place in the address") }
        user = try Self.decoded(login, what: "login")
        guard !user.isEmpty else { throw .badAddress("no login before @") }
        (host, port) = try Self.hostAndPort(authority[authority.index(after: at)...])
        var path = slash.map { rest[rest.index(after: $0)...] } ?? ""
        while path.hasSuffix("/") { path = path.dropLast() }
        folder = path.isEmpty ? "INBOX" : try Self.decoded(path, what: "folder")
    }

    /// `imaps://user@host:port/folder`, the login and folder percent-encoded where they must be.
    public var description: String {
        let login = user.addingPercentEncoding(withAllowedCharacters: Self.plain) ?? user
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let path = folder.addingPercentEncoding(withAllowedCharacters: Self.plain.union(["/"])) ?? folder
        return "imaps://\(login)@\(shownHost):\(port)/\(path)"
    }

    private static let plain = CharacterSet.alphanumerics.union(["-", ".", "_", "~"])

    private static func decoded(_ text: Substring, what: String) throws(IMAPError) -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw .badAddress("a broken %-escape in the \(what)")
        }
        guard !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .badAddress("a control character in the \(what)")
        }
        return decoded
    }

    private static func hostAndPort(_ text: Substring) throws(IMAPError) -> (String, Int) {
        var host = text
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw .badAddress("an IPv6 address without ]") }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .badAddress("text after the IPv6 address") }
                portText = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        let allowed = CharacterSet.alphanumerics.union([".", "-", ":", "_"])
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(allowed.contains) else {
            throw .badAddress("no server name")
        }
        guard let portText else { return (String(host), defaultPort) }
        guard portText.allSatisfy(\.isASCII), let port = Int(portText), (1...65535).contains(port) else {
            throw .badAddress("the port is not a number from 1 to 65535")
        }
        return (String(host), port)
    }
}
