import PostgresNIO
public import ReceiptCore

/// PostgreSQL could not be used at start: the address (without its password) and why.
public struct PostgresOpenError: Error, LocalizedMessage, CustomStringConvertible {
    /// Where the server tried.
    public let address: PostgresAddress
    /// What went wrong.
    public let problem: PostgresProblem

    /// `cannot use PostgreSQL at postgresql://user@host:port/db: the connection was refused; …`.
    public func message(in language: Language) -> String {
        language == .russian
            ? "не удаётся работать с PostgreSQL \(address): \(problem.message(in: language))"
            : "cannot use PostgreSQL at \(address): \(problem.message(in: language))"
    }

    /// The English message.
    public var description: String { message(in: .english) }
}

/// Why PostgreSQL could not be used, in words a person acts on.
public enum PostgresProblem: Sendable, Equatable, LocalizedMessage {
    case refused
    case unknownHost
    case timedOut
    case sslUnsupported
    case needsPassword
    case wrongPassword
    case noSuchDatabase
    case certificate
    /// The database was migrated by a newer `receipts`: the migration it has.
    case newer(String)
    /// The server's own message and SQLSTATE.
    case server(message: String, state: String)
    /// Anything else, as the library put it.
    case other(String)

    /// Reads what postgres-nio (or NIO under it) threw.
    init(_ error: any Error) {
        // PSQLError's description says nothing (on purpose); its reflection names the cause.
        let text = String(reflecting: error)
        if let error = error as? PSQLError {
            switch error.code {
            case .sslUnsupported:
                self = .sslUnsupported
                return
            case .authMechanismRequiresPassword:
                self = .needsPassword
                return
            case .server:
                let state = error.serverInfo?[.sqlState] ?? ""
                switch state {
                case "28P01": self = .wrongPassword
                case "3D000": self = .noSuchDatabase
                default: self = .server(message: error.serverInfo?[.message] ?? "", state: state)
                }
                return
            default: break
            }
        }
        if text.contains("UnknownHost") {
            self = .unknownHost
        } else if text.contains("Connection refused") || text.contains("errno: 111") {
            self = .refused
        } else if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("handshakeFailed") {
            self = .certificate
        } else if text.lowercased().contains("timeout") || text.lowercased().contains("timed out") {
            self = .timedOut
        } else if let error = error as? PSQLError {
            self = .other(error.underlying.map { "\($0)" } ?? "\(error.code)")
        } else {
            self = .other("\(error)")
        }
    }

    /// What happened and what to do.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .refused:
            return ru
                ? "соединение отклонено: PostgreSQL не запущен на этом узле и порту"
                : "the connection was refused: PostgreSQL is not running at that host and port"
        case .unknownHost:
            return ru ? "такого узла нет (DNS не знает имени)" : "no such host (DNS does not know the name)"
        case .timedOut: return ru ? "сервер не ответил за 10 с" : "the server did not answer within 10 s"
        case .sslUnsupported:
            return ru
                ? "сервер не поддерживает SSL; уберите sslmode=require или включите SSL на сервере"
                : "the server does not support SSL; drop sslmode=require or turn SSL on at the server"
        case .needsPassword:
            return ru
                ? "сервер требует пароль: укажите его в адресе или в PGPASSWORD"
                : "the server wants a password: give it in the URL or in PGPASSWORD"
        case .wrongPassword: return ru ? "неверный пользователь или пароль" : "wrong user or password"
        case .noSuchDatabase:
            return ru
                ? "такой базы нет: создайте её (createdb) или укажите другую"
                : "there is no such database: create it (createdb) or name another"
        case .certificate:
            return ru
                ? "сертификат сервера не прошёл проверку (sslmode=verify-ca/verify-full); укажите sslrootcert=ФАЙЛ"
                : "the server's certificate failed the check (sslmode=verify-ca/verify-full); name its authority with "
                    + "sslrootcert=FILE"
        case .newer(let name):
            return ru
                ? "базу обновила более новая версия receipts (в ней есть «\(name)»); запустите её или новее"
                : "a newer receipts migrated the database (it has “\(name)”); run that version or a newer one"
        case .server(let message, let state):
            return ru ? "сервер ответил: \(message) (\(state))" : "the server answered: \(message) (\(state))"
        case .other(let text): return text
        }
    }
}
