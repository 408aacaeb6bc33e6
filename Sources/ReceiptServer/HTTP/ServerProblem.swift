import ReceiptAPI
import ReceiptCore

/// What the server tells a person in an error answer, in the language the request accepts
/// (`Accept-Language`); the answer's `error` code stays the same in both.
enum ServerProblem: LocalizedMessage {
    case noSession
    case sessionEnded
    case wrongCredentials
    /// A password change whose present password is wrong.
    case wrongPassword
    /// A password change of an account that has none (an anonymous one).
    case noPassword
    case brokenAccountRules([AccountRules.Problem])
    case loginTaken(String)
    case tooManyAttempts(Attempt, seconds: Int)
    case noReceipt(Int64)
    case invalidQR(FiscalCodeError)
    case foreignFeedCursor
    case foreignPlacesCursor
    case pointRequired
    case textTooLong(parameter: String, maximum: Int)
    case repeated(parameter: String, times: Int)
    case empty(parameter: String)
    case notWholeNumber(parameter: String, given: String)
    case belowMinimum(parameter: String, minimum: Int64)
    case aboveMaximum(parameter: String, maximum: Int64)
    case outOfRange(parameter: String, from: String, to: String)
    case notJSONBody
    case bodyTooLarge(kibibytes: Int?)
    case malformedJSON(JSONProblem)
    case noRoute
    case methodNotAllowed(method: String, allowed: String)
    case internalError
    case storageUnavailable
    /// Too many passwords are being checked at once (``PasswordHasher/Busy``).
    case passwordWorkBusy
    /// The `Host` the request names is not one the server answers for (``HostCheckMiddleware``).
    case hostNotAllowed(String)
    /// `/metrics` without the token it needs, or with none set (`RECEIPTS_METRICS_TOKEN`).
    case metricsToken(configured: Bool)
    /// A sentence from the HTTP library, which has it in English only.
    case untranslated(String)
    /// The account is in no household.
    case noHousehold
    /// The account is in a household already.
    case alreadyMember
    /// An anonymous account has no login for a household's members to see.
    case loginRequired
    /// Only an owner invites and removes.
    case notOwner
    /// No member has that login.
    case noMember(String)
    /// No live invitation has that code.
    case unknownInvitation
    /// The last owner stays while others remain.
    case lastOwner
    /// A viewer of a household changes nothing.
    case readOnly
    /// A change of shares made from a version that is no longer the current one.
    case sharesConflict(given: Int64, current: Int64)
    case invalidShares(SharesProblem)

    /// What a throttled client tried too often.
    enum Attempt: Sendable {
        case login, registration, anonymousAccount
        /// Receipts added by one account, within the hour or the day.
        case receiptsAdded
        /// Codes tried to join a household.
        case householdJoin
    }

    func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .noSession:
            return ru ? "сначала войдите: нет cookie живой сессии" : "log in first: no valid session cookie"
        case .sessionEnded:
            return ru
                ? "сессия закончилась или неизвестна; войдите снова"
                : "the session has ended or is unknown; log in again"
        case .wrongCredentials: return ru ? "неверный логин или пароль" : "wrong login or password"
        case .wrongPassword: return ru ? "текущий пароль неверен" : "the current password is wrong"
        case .noPassword:
            return ru
                ? "у анонимного аккаунта нет пароля; зарегистрируйтесь"
                : "an anonymous account has no password; register one"
        case .brokenAccountRules(let problems): return problems.map { $0.message(in: language) }.joined(separator: "; ")
        case .loginTaken(let login): return ru ? "логин \(login) занят" : "login \(login) is taken"
        case .tooManyAttempts(let attempt, let seconds):
            let what: String
            switch attempt {
            case .login: what = ru ? "слишком много неудачных попыток входа" : "too many failed logins"
            case .registration:
                what = ru ? "слишком много регистраций с этого адреса" : "too many registrations from this address"
            case .anonymousAccount:
                what =
                    ru
                    ? "слишком много анонимных аккаунтов с этого адреса"
                    : "too many anonymous accounts from this address"
            case .receiptsAdded:
                what = ru ? "этот аккаунт добавил слишком много чеков" : "this account has added too many receipts"
            case .householdJoin:
                what = ru ? "слишком много попыток вступить по коду" : "too many tries to join with a code"
            }
            return ru ? "\(what); попробуйте через \(seconds) с" : "\(what); try again in \(seconds) s"
        case .noReceipt(let id): return ru ? "чека \(id) нет" : "no receipt \(id)"
        case .invalidQR(let error): return error.message(in: language)
        case .foreignFeedCursor:
            return ru
                ? "cursor выдан не этим сервером или не этому аккаунту"
                : "cursor is not one this server gave this account"
        case .foreignPlacesCursor:
            return ru ? "cursor относится к другому запросу" : "cursor does not belong to this query"
        case .pointRequired:
            return ru
                ? "нужны lat и lon: точка, вокруг которой искать, в градусах"
                : "lat and lon are required: the point to search around, in degrees"
        case .textTooLong(let name, let maximum):
            return ru ? "\(name): не длиннее \(maximum) символов" : "\(name) must be at most \(maximum) characters"
        case .repeated(let name, let times):
            return ru
                ? "\(name) передан \(times) раз(а); передайте один раз"
                : "\(name) is given \(times) times; give it once"
        case .empty(let name):
            return ru
                ? "\(name) пуст; дайте значение или не передавайте его"
                : "\(name) is empty; give a value or leave it out"
        case .notWholeNumber(let name, let given):
            return ru
                ? "\(name) должен быть целым числом, а не «\(given)»" : "\(name) must be a whole number, not “\(given)”"
        case .belowMinimum(let name, let minimum):
            return ru ? "\(name) должен быть не меньше \(minimum)" : "\(name) must be at least \(minimum)"
        case .aboveMaximum(let name, let maximum):
            return ru ? "\(name) слишком велик: не больше \(maximum)" : "\(name) is too large: at most \(maximum)"
        case .outOfRange(let name, let from, let to):
            return ru
                ? "\(name) должен быть числом от \(from) до \(to)" : "\(name) must be a number from \(from) to \(to)"
        case .notJSONBody:
            return ru
                ? "тело должно быть JSON с Content-Type: application/json"
                : "the body must be JSON, sent as Content-Type: application/json"
        case .bodyTooLarge(let kibibytes?):
            return ru ? "тело запроса больше \(kibibytes) КиБ" : "the request body is larger than \(kibibytes) KiB"
        case .bodyTooLarge(nil): return ru ? "тело запроса слишком велико" : "the request body is too large"
        case .malformedJSON(let problem):
            return ru
                ? "тело не читается как JSON: \(problem.message(in: language))"
                : "malformed JSON body: \(problem.message(in: language))"
        case .noRoute: return ru ? "такого пути нет" : "no such route"
        case .methodNotAllowed(let method, let allowed):
            return ru
                ? "\(method) здесь не разрешён; используйте \(allowed)"
                : "\(method) is not allowed here; use \(allowed)"
        case .internalError: return ru ? "внутренняя ошибка сервера" : "internal error"
        case .storageUnavailable:
            return ru
                ? "база данных сервера не отвечает; ничего не изменено, повторите позже"
                : "the server's database does not answer; nothing was changed, try again later"
        case .passwordWorkBusy:
            return ru
                ? "сервер проверяет слишком много паролей сразу; повторите через секунду"
                : "the server is checking too many passwords at once; try again in a second"
        case .hostNotAllowed(let host):
            return ru
                ? "сервер не отвечает за имя \(host); его владелец может разрешить его: serve --allowed-host \(host)"
                : "the server does not answer for the name \(host); its operator may allow it: serve --allowed-host \(host)"
        case .metricsToken(let configured):
            return configured
                ? (ru
                    ? "нужен токен метрик: Authorization: Bearer …"
                    : "the metrics token is needed: Authorization: Bearer …")
                : (ru
                    ? "метрики выключены: задайте RECEIPTS_METRICS_TOKEN при запуске сервера"
                    : "metrics are off: set RECEIPTS_METRICS_TOKEN when starting the server")
        case .untranslated(let text): return text
        case .noHousehold:
            return ru
                ? "аккаунт не состоит в домохозяйстве: создайте его или вступите по коду"
                : "the account is in no household: create one or join one with a code"
        case .alreadyMember:
            return ru
                ? "аккаунт уже состоит в домохозяйстве; сначала выйдите из него"
                : "the account is in a household already; leave it first"
        case .loginRequired:
            return ru
                ? "у анонимного аккаунта нет логина, который увидят другие; зарегистрируйтесь"
                : "an anonymous account has no login for the others to see; register one"
        case .notOwner:
            return ru
                ? "приглашать и исключать может только владелец домохозяйства"
                : "only an owner of the household invites and removes"
        case .noMember(let login):
            return ru ? "в домохозяйстве нет участника \(login)" : "the household has no member \(login)"
        case .unknownInvitation:
            return ru
                ? "код приглашения неизвестен, использован или истёк"
                : "the invitation code is unknown, used or expired"
        case .lastOwner:
            return ru
                ? "последний владелец не может выйти, пока в домохозяйстве есть другие: пригласите владельца или исключите их"
                : "the last owner cannot leave while others remain: invite another owner or remove them"
        case .readOnly:
            return ru
                ? "зритель домохозяйства ничего не меняет" : "a viewer of the household changes nothing"
        case .sharesConflict(let given, let current):
            return ru
                ? "доли изменил кто-то другой: изменение от версии \(given), а сейчас \(current); прочтите их и повторите"
                : "someone else changed the shares: the change is from version \(given), they are at \(current) now; read them and try again"
        case .invalidShares(let problem): return problem.message(in: language)
        }
    }
}
