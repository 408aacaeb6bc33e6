public import ReceiptCore
public import ReceiptNetwork

/// Why reading a mailbox over IMAP did not work. No case ever carries the password.
public enum IMAPError: Error, Equatable, LocalizedMessage {
    /// The mailbox address is not `imaps://user@host[:port][/folder]`; the text says what is wrong.
    case badAddress(String)
    /// The address asks for IMAP without TLS (`imap://`): the password would cross the network in
    /// clear, so it is refused.
    case plainTextRefused
    /// No connection to the server: the name does not resolve, nothing listens, the network is down.
    case unreachable(host: String, problem: NetworkProblem)
    /// The TLS handshake failed: the certificate is not trusted, names another host, has expired, or
    /// the trust roots named could not be read.
    case tls(String)
    /// The server refused the login or the password.
    case loginRefused
    /// The server has no folder of that name (as the user wrote it).
    case noSuchFolder(String)
    /// The server answered NO or BAD to a command; `detail` is its own words.
    case refused(command: String, detail: String)
    /// The server's answer breaks IMAP4rev1 (RFC 3501), or it closed the connection mid-answer.
    case protocolViolation(String)
    /// The server did not answer in time.
    case timedOut

    /// What went wrong and what to do about it.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .badAddress(let detail):
            return ru
                ? "неверный адрес почтового ящика (\(detail.visible())): нужен imaps://логин@сервер[:порт][/папка], "
                    + "например imaps://me%40mail.ru@imap.mail.ru/INBOX"
                : "bad mailbox address (\(detail.visible())): expected imaps://login@server[:port][/folder], "
                    + "for example imaps://me%40mail.ru@imap.mail.ru/INBOX"
        case .plainTextRefused:
            return ru
                ? "IMAP без шифрования (imap://) не поддерживается: пароль ушёл бы по сети открытым текстом; "
                    + "используйте imaps:// (TLS, обычно порт 993)"
                : "IMAP without encryption (imap://) is refused: the password would cross the network in clear "
                    + "text; use imaps:// (TLS, usually port 993)"
        case .unreachable(let host, let problem):
            let detail = problem.message(in: language)
            return ru
                ? "не удалось соединиться с \(host.visible()) (\(detail.visible())). Проверьте адрес сервера, порт "
                    + "и соединение с сетью и попробуйте ещё раз"
                : "could not connect to \(host.visible()) (\(detail.visible())). Check the server's address, the "
                    + "port and the network, then try again"
        case .tls(let detail):
            return ru
                ? "защищённое соединение не установлено: \(detail.visible()). Проверьте имя сервера; если у "
                    + "сервера свой удостоверяющий центр, укажите его сертификат (PEM)"
                : "no secure connection: \(detail.visible()). Check the server's name; if the server has a "
                    + "certificate authority of its own, name its certificate (PEM)"
        case .loginRefused:
            return ru
                ? "сервер не принял логин или пароль; проверьте их (многие почтовые службы требуют отдельный "
                    + "пароль для внешних приложений)"
                : "the server refused the login or the password; check them (many mail services want an "
                    + "app password for other programs)"
        case .noSuchFolder(let folder):
            return ru
                ? "на сервере нет папки «\(folder.visible())»; проверьте её имя (например INBOX)"
                : "the server has no folder \u{201C}\(folder.visible())\u{201D}; check its name (INBOX, say)"
        case .refused(let command, let detail):
            return ru
                ? "сервер отклонил команду \(command.visible()): \(detail.visible())"
                : "the server refused \(command.visible()): \(detail.visible())"
        case .protocolViolation(let detail):
            return ru
                ? "сервер ответил не по протоколу IMAP: \(detail.visible())"
                : "the server's answer breaks the IMAP protocol: \(detail.visible())"
        case .timedOut:
            return ru
                ? "сервер IMAP не ответил вовремя; попробуйте позже"
                : "the IMAP server did not answer in time; try again later"
        }
    }
}
