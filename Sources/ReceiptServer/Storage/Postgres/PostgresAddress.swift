public import Foundation
public import ReceiptCore

/// Where the server keeps its data: an SQLite file (the embedded default), or a PostgreSQL database
/// that several instances share.
public enum ServerDatabase: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresAddress)

    /// `postgresql://…` or `postgres://…` is PostgreSQL; anything else is the path of an SQLite file.
    ///
    /// Text that looks meant as a URL (any `scheme://`, or a mistyped `postgresql:/…`, `postgres//…`,
    /// `pgsql:…`) is read as one and refused when it is not right: taken as a path, it would make
    /// an SQLite file named after it, and print the password in it.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(PostgresAddressError)
    {
        let lowered = text.lowercased()
        let meant =
            lowered.contains("://")
            || (["postgres", "pgsql"].contains { lowered.hasPrefix($0) }
                && (lowered.contains(":") || lowered.contains("@")))
        self = meant ? .postgres(try PostgresAddress(text, environment: environment)) : .sqlite(path: text)
    }

    /// The path, or the URL without its password: what the server may print and log.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let address): address.description
        }
    }
}

/// A PostgreSQL database as a libpq-style URL names it:
/// `postgresql://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?sslmode=…]`.
///
/// As libpq does, a missing password comes from `PGPASSWORD`, a missing user from `PGUSER` (else
/// the name this program runs as), a missing database is the user's name, and `sslmode` is `prefer`
/// unless given: `disable`, `allow`, `prefer` and `require` do not check the certificate (`allow`
/// is taken as `prefer`), `verify-ca` checks its chain, `verify-full` the host name as well, against
/// the system's roots or the file `sslrootcert` names.
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    /// The server's host name or address (without the brackets of an IPv6 one).
    public var host: String
    /// Its port: 5432 unless given.
    public var port: Int
    /// The user: the URL's, else `PGUSER`, else the name this program runs as.
    public var user: String
    /// The password: the URL's, else `PGPASSWORD`, else the password file's; never printed.
    public var password: String?
    /// Whether the URL itself carries the password: given on the command line, it shows in `ps`.
    public var passwordInURL: Bool
    /// The database: the URL's path, else the user's name.
    public var database: String
    /// How the connection is encrypted.
    public var sslMode: SSLMode
    /// The PEM file of the certificate authorities `verify-ca` and `verify-full` trust; the
    /// system's when nil.
    public var sslRootCertificate: String?

    /// How the connection is encrypted (libpq's `sslmode`).
    public enum SSLMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    static let schemes = ["postgresql", "postgres"]

    /// Reads `text`; says which part is wrong.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(PostgresAddressError)
    {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            Self.schemes.contains(scheme)
        else { throw .notAURL }
        guard let given = components.host, !given.isEmpty else { throw .noHost }
        let host = given.hasPrefix("[") && given.hasSuffix("]") ? String(given.dropFirst().dropLast()) : given
        self.host = host
        port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw .badPort }
        let givenUser = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        user =
            givenUser.flatMap { $0.isEmpty ? nil : $0 } ?? environment["PGUSER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "postgres"
        let givenPassword = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        passwordInURL = givenPassword != nil
        let path = components.percentEncodedPath.removingPercentEncoding ?? ""
        let name = path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard !name.contains("/") else { throw .badDatabaseName(name) }
        database = name.isEmpty ? user : name
        let (port, database, user) = (port, database, user)
        password =
            givenPassword ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.passwordFile(environment: environment).flatMap { file in
                Self.password(inFile: file, host: host, port: port, database: database, user: user)
            }
        sslMode = .prefer
        sslRootCertificate = nil
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(SSLMode.init(rawValue:)) else {
                    throw .badSSLMode(item.value ?? "")
                }
                sslMode = mode
            case "sslrootcert":
                guard let path = item.value, !path.isEmpty else { throw .badSSLRootCertificate }
                sslRootCertificate = path
            case "application_name", "connect_timeout": continue
            default: throw .unknownParameter(item.name)
            }
        }
    }

    /// `postgresql://user@host:port/db?sslmode=…`: the address without its password, safe to print.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let shownUser = user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? user
        var parameters = ["sslmode=\(sslMode.rawValue)"]
        if let sslRootCertificate { parameters.append("sslrootcert=\(sslRootCertificate)") }
        return "postgresql://\(shownUser)@\(shownHost):\(port)/\(database)?" + parameters.joined(separator: "&")
    }

    /// The password file libpq reads: `PGPASSFILE`, else `~/.pgpass`.
    static func passwordFile(environment: [String: String]) -> String? {
        if let file = environment["PGPASSFILE"], !file.isEmpty { return file }
        return environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.pgpass" }
    }

    /// The password of the first line of a password file (`host:port:database:user:password`, `*`
    /// matching anything, `\:` and `\\` escaped) that matches; nil without one. As libpq does, a
    /// file that others may read or write is not used.
    static func password(inFile path: String, host: String, port: Int, database: String, user: String) -> String? {
        guard (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeRegular,
            !PrivateFile.isShared(path), let data = FileManager.default.contents(atPath: path)
        else { return nil }
        let wanted = [host, String(port), database, user]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) where !line.hasPrefix("#")
        {
            var fields: [String] = [""]
            var escaped = false
            for character in line {
                if escaped {
                    fields[fields.count - 1].append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == ":", fields.count < 5 {
                    fields.append("")
                } else {
                    fields[fields.count - 1].append(character)
                }
            }
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// The name this program runs as, libpq's default user.
    private static var systemUser: String {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return "postgres" }
        return String(cString: name)
    }
}

/// Why a PostgreSQL URL cannot be used; the URL itself is not repeated (it may hold a password).
public enum PostgresAddressError: Error, Equatable, LocalizedMessage {
    case notAURL
    case noHost
    case badPort
    case badDatabaseName(String)
    case badSSLMode(String)
    case badSSLRootCertificate
    case unknownParameter(String)

    /// What is wrong, and the form that is right.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        let form = "postgresql://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?sslmode=…]"
        switch self {
        case .notAURL:
            return ru ? "адрес PostgreSQL не читается; нужен вид \(form)" : "not a PostgreSQL URL; the form is \(form)"
        case .noHost:
            return ru
                ? "в адресе PostgreSQL нет узла; нужен вид \(form)"
                : "the PostgreSQL URL has no host; the form is \(form)"
        case .badPort:
            return ru ? "порт в адресе PostgreSQL вне 1–65535" : "the PostgreSQL URL's port is outside 1–65535"
        case .badDatabaseName(let name):
            return ru ? "«\(name)» — не имя базы PostgreSQL" : "“\(name)” is not a PostgreSQL database name"
        case .badSSLMode(let mode):
            let modes = PostgresAddress.SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
            return ru
                ? "sslmode=\(mode) не бывает; можно: \(modes)" : "there is no sslmode=\(mode); use one of \(modes)"
        case .badSSLRootCertificate:
            return ru ? "sslrootcert= без пути к файлу" : "sslrootcert= names no file"
        case .unknownParameter(let name):
            return ru
                ? "параметр \(name) в адресе PostgreSQL не поддерживается (только sslmode и sslrootcert)"
                : "the PostgreSQL URL parameter \(name) is not supported (only sslmode and sslrootcert)"
        }
    }
}
