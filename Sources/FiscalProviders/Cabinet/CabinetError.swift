public import ReceiptCore
public import ReceiptNetwork

/// Why «Мои чеки онлайн» gave no answer.
public enum CabinetError: Error, Equatable, LocalizedMessage {
    /// No answer within the retry budget (429 and 5xx included, each waited out).
    case unreachable(service: String, problem: NetworkProblem)
    /// No session kept: sign in first.
    case notSignedIn
    /// The session ended and could not be renewed: sign in again.
    case sessionEnded
    /// The cabinet refused the sign-in (a wrong code, a phone it does not know); its words.
    case signInRefused(detail: String)
    /// The cabinet asks for a captcha before it sends a code: sign in in the browser and hand over
    /// the session's refresh token instead.
    case captchaRequired
    /// The cabinet wants a choice made in it first (HTTP 422 on the list: its «Настройки
    /// отображения данных» dialog).
    case actionNeeded
    /// The cabinet refused the request and said why (its `code`, never its `additionalInfo`, which
    /// may hold the phone or e-mail).
    case rejected(status: Int, detail: String)
    /// The answer is not what the protocol says: what is wrong with it.
    case badAnswer(String)

    /// What happened, and what to do.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .unreachable(let service, let problem):
            let state = problem.state(of: service, in: language)
            return ru
                ? "\(state) (\(problem.message(in: language))); проверьте соединение с сетью и попробуйте позже"
                : "\(state) (\(problem.message(in: language))); check that this machine is online and try later"
        case .notSignedIn:
            return ru
                ? "вход в «Мои чеки онлайн» не выполнен: receipts lkdr login --phone +7…"
                : "not signed in to «Мои чеки онлайн»: receipts lkdr login --phone +7…"
        case .sessionEnded:
            return ru
                ? "сессия «Мои чеки онлайн» закончилась и не продлевается: войдите снова (receipts lkdr login)"
                : "the «Мои чеки онлайн» session has ended and cannot be renewed: sign in again (receipts lkdr login)"
        case .signInRefused(let detail):
            return ru
                ? "«Мои чеки онлайн» не приняли вход: \(detail)" : "«Мои чеки онлайн» refused the sign-in: \(detail)"
        case .captchaRequired:
            return ru
                ? "«Мои чеки онлайн» просят капчу: войдите на lkdr.nalog.ru в браузере и передайте токен обновления "
                    + "(refreshToken) командой receipts lkdr login --refresh-token (он читается со стандартного ввода)"
                : "«Мои чеки онлайн» ask for a captcha: sign in at lkdr.nalog.ru in a browser and hand over its "
                    + "refresh token with receipts lkdr login --refresh-token (read from standard input)"
        case .actionNeeded:
            return ru
                ? "кабинет ждёт действия: откройте lkdr.nalog.ru в браузере, выберите вариант в окне «Настройки "
                    + "отображения данных» и повторите импорт"
                : "the cabinet is waiting for a choice: open lkdr.nalog.ru in a browser, choose in its «Настройки "
                    + "отображения данных» (data display settings) window, and import again"
        case .rejected(let status, let detail):
            return ru
                ? "«Мои чеки онлайн» отклонили запрос (HTTP \(status)): \(detail)"
                : "«Мои чеки онлайн» refused the request (HTTP \(status)): \(detail)"
        case .badAnswer(let detail):
            return ru
                ? "«Мои чеки онлайн» ответили не по протоколу: \(detail)"
                : "the answer of «Мои чеки онлайн» breaks the protocol: \(detail)"
        }
    }
}
