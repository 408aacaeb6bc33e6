import ReceiptAPI
public import ReceiptCore
public import ReceiptNetwork

/// Why talking to the receipts server did not work.
public enum ClientError: Error, Equatable, LocalizedMessage {
    /// No answer worth having within the retry budget: connection refused or reset, timeouts, 5xx;
    /// `problem` is what the last try met.
    case unreachable(server: String, problem: NetworkProblem)
    /// The session is missing, ended or unknown to the server.
    case unauthorized(server: String)
    /// The login or password is wrong.
    case wrongCredentials
    /// Too many failed logins: wait this many seconds.
    case throttled(seconds: Int)
    /// The server refused the request and said why.
    case rejected(status: Int, message: String)
    /// The server answered with something that is not what the contract says.
    case badResponse(LocalizedText)

    /// What went wrong and what to do: check the connection, log in, wait; the detail after it.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .unreachable(let server, let problem):
            let state = problem.state(of: server, in: language)
            switch problem {
            case .status:
                return ru ? "\(state); попробуйте позже" : "\(state); try again later"
            case .unreadable:
                return ru
                    ? "\(state) (\(problem.message(in: language))); попробуйте позже"
                    : "\(state) (\(problem.message(in: language))); try again later"
            default:
                return ru
                    ? "\(state) (\(problem.message(in: language))). Проверьте, что сервер запущен, адрес верен "
                        + "(--server, RECEIPTS_SERVER) и есть соединение с сетью, и попробуйте ещё раз"
                    : "\(state) (\(problem.message(in: language))). Check that the server is running, the address "
                        + "is right (--server, RECEIPTS_SERVER) and this machine is online, then try again"
            }
        case .unauthorized(let server):
            return ru
                ? "сессия на \(server) закончилась или её нет: войдите командой receipts login (или receipts login --anonymous)"
                : "no live session on \(server): log in with receipts login (or receipts login --anonymous)"
        case .wrongCredentials: return ru ? "неверный логин или пароль" : "wrong login or password"
        case .throttled(let seconds):
            return ru
                ? "слишком много неудачных попыток входа; попробуйте через \(seconds) с"
                : "too many failed logins; try again in \(seconds) s"
        case .rejected(let status, let message):
            // The server's own words, on one line: a line break in them cannot start a line of its own.
            let message = message.visible()
            return ru
                ? "сервер отклонил запрос (\(status)): \(message)"
                : "the server refused the request (\(status)): \(message)"
        case .badResponse(let detail):
            let what = detail.message(in: language)
            return ru ? "сервер ответил не по протоколу: \(what)" : "the server's answer breaks the protocol: \(what)"
        }
    }
}
