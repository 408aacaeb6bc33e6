public import Foundation
public import ReceiptCore
public import ReceiptNetwork

/// Why a provider gave no answer about a receipt.
public enum ProviderError: Error, Equatable, LocalizedMessage {
    /// No answer within the retry budget.
    case unreachable(service: String, problem: NetworkProblem)
    /// There is no session (tax service) or token (proverkacheka) to ask with.
    case notSignedIn(ProviderName)
    /// The service refused the sign-in: a wrong code, password or INN; its words.
    case signInRefused(detail: String)
    /// The session ended and could not be renewed: sign in again.
    case sessionEnded
    /// The service's limit for today is reached: nothing more until `until` (when known).
    case limited(ProviderName, until: Date?)
    /// The service refused this client's version or identity (HTTP 422 and the like).
    case clientRefused(status: Int, detail: String)
    /// The service refused the request and said why.
    case rejected(status: Int, detail: String)
    /// The answer is not what the protocol says: what is wrong with it.
    case badAnswer(BadAnswer)
    /// The session shared by several clients could not be read or kept (a server's database).
    case sharedSessionUnavailable(detail: String)

    /// How an answer breaks the protocol.
    public enum BadAnswer: Sendable, Equatable, LocalizedMessage {
        /// The answer is not JSON of the shape the protocol gives (`{"code", "data"}`).
        case notShaped(expected: String)
        /// A ticket without a status.
        case ticketWithoutStatus(ticket: String)
        /// A document that is not a receipt (the caller names the ticket or receipt it is of).
        case badReceipt(ExportError)
        /// The document is of another receipt than the one asked for.
        case otherReceipt(holds: FiscalIdentity, asked: FiscalIdentity)

        /// What is wrong with the answer.
        public func message(in language: Language) -> String {
            let ru = language == .russian
            switch self {
            case .notShaped(let expected):
                return ru ? "ответ не того вида: ждали \(expected)" : "the answer is not shaped as \(expected)"
            case .ticketWithoutStatus(let ticket):
                return ru ? "у чека \(ticket) нет статуса" : "ticket \(ticket) has no status"
            case .badReceipt(let error):
                return error.message(in: language)
            case .otherReceipt(let holds, let asked):
                return ru ? "в ответе чек \(holds), а не \(asked)" : "the answer holds receipt \(holds), not \(asked)"
            }
        }
    }

    /// What happened, and what to do.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .unreachable(let service, let problem):
            let state = problem.state(of: service, in: language)
            return ru
                ? "\(state) (\(problem.message(in: language))); проверьте соединение с сетью и попробуйте позже"
                : "\(state) (\(problem.message(in: language))); check that this machine is online and try later"
        case .notSignedIn(.fns):
            return ru
                ? "вход в налоговую не выполнен: receipts fns login --phone +7… (или --inn)"
                : "not signed in to the tax service: receipts fns login --phone +7… (or --inn)"
        case .notSignedIn(.proverkacheka):
            return ru
                ? "нет токена proverkacheka.com: задайте RECEIPTS_PROVERKACHEKA_TOKEN или положите его в файл "
                    + "proverkacheka-token в папке настроек (права 0600)"
                : "no proverkacheka.com token: set RECEIPTS_PROVERKACHEKA_TOKEN or put it in the file "
                    + "proverkacheka-token in the config folder (mode 0600)"
        case .signInRefused(let detail):
            return ru ? "налоговая не приняла вход: \(detail)" : "the tax service refused the sign-in: \(detail)"
        case .sessionEnded:
            return ru
                ? "сессия в налоговой закончилась и не продлевается: войдите снова (receipts fns login)"
                : "the tax-service session has ended and cannot be renewed: sign in again (receipts fns login)"
        case .limited(let provider, let until):
            let when = until.map { Self.time($0) }
            let who = provider == .fns ? (ru ? "налоговой" : "the tax service's") : "proverkacheka.com"
            if ru {
                return "дневной лимит запросов \(who) исчерпан; продолжите " + (when.map { "после \($0)" } ?? "завтра")
            }
            return "\(who) daily limit is reached; go on " + (when.map { "after \($0)" } ?? "tomorrow")
        case .clientRefused(let status, let detail):
            return ru
                ? "сервис отказал этой версии клиента (HTTP \(status): \(detail)); задайте другую через "
                    + "RECEIPTS_FNS_CLIENT_VERSION или RECEIPTS_FNS_USER_AGENT"
                : "the service refused this client version (HTTP \(status): \(detail)); set another with "
                    + "RECEIPTS_FNS_CLIENT_VERSION or RECEIPTS_FNS_USER_AGENT"
        case .rejected(200, let detail):
            // A refusal inside a successful answer (proverkacheka's codes): the detail says which.
            return ru ? "сервис отклонил запрос: \(detail)" : "the service refused the request: \(detail)"
        case .rejected(let status, let detail):
            return ru
                ? "сервис отклонил запрос (HTTP \(status)): \(detail)"
                : "the service refused the request (HTTP \(status)): \(detail)"
        case .badAnswer(let detail):
            let what = detail.message(in: language)
            return ru ? "сервис ответил не по протоколу: \(what)" : "the service's answer breaks the protocol: \(what)"
        case .sharedSessionUnavailable(let detail):
            return ru
                ? "общая сессия налоговой недоступна в базе сервера: \(detail)"
                : "the shared tax-service session cannot be read or kept in the server's database: \(detail)"
        }
    }

    /// `2026-11-25 00:00 UTC`.
    private static func time(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The next midnight UTC after `date`: when the tax service's daily limit starts again.
    public static func nextMidnightUTC(after date: Date) -> Date {
        let day: TimeInterval = 86_400
        return Date(timeIntervalSince1970: (date.timeIntervalSince1970 / day).rounded(.down) * day + day)
    }
}
