import FiscalProviders
import Foundation

// The words of `receipts fns` and its subcommands, in Russian and English.
extension HelpText {
    static var fnsAbstract: String {
        pick(
            "Чеки из личного кабинета налоговой («Проверка чеков»).",
            "Receipts from the tax service's account («Проверка чеков»).")
    }
    static var fnsDiscussion: String {
        pick(
            "Работает через API мобильного приложения ФНС «Проверка чеков» — неофициальный, может измениться. "
                + "Сначала receipts fns login, затем receipts fns import. Адрес: RECEIPTS_FNS_URL.",
            "Works through the API of the tax service's app «Проверка чеков»: unofficial and subject to change. "
                + "First receipts fns login, then receipts fns import. Address: RECEIPTS_FNS_URL.")
    }
    static var fnsLoginAbstract: String { pick("Войти в налоговую.", "Sign in to the tax service.") }
    static var fnsLoginDiscussion: String {
        pick(
            "По SMS: --phone +7XXXXXXXXXX (на терминале код спрашивается; без терминала код отправляется, и команду "
                + "повторяют с --code-stdin, передав код на стандартный ввод). По ИНН и паролю личного кабинета: --inn ИНН [--password-stdin]. "
                + "Из токена обновления приложения: --refresh-token-stdin. Сессия хранится в "
                + "$XDG_CONFIG_HOME/receipts/fns-session.json с правами 0600.",
            "By SMS: --phone +7XXXXXXXXXX (on a terminal it asks for the code; without one it sends the code, and you "
                + "run it again with --code-stdin, the code on standard input). By the INN and the personal account's password: --inn INN "
                + "[--password-stdin]. From the app's refresh token: --refresh-token-stdin. The session is kept in "
                + "$XDG_CONFIG_HOME/receipts/fns-session.json with mode 0600.")
    }
    static var fnsPhoneHelp: String { pick("Телефон для входа по SMS.", "The phone to sign in with by SMS.") }
    static var fnsCodeHelp: String {
        pick(
            "Код из SMS в аргументе, для сценариев: другие пользователи компьютера видят аргументы команд; лучше --code-stdin.",
            "The code the SMS brought, as an argument for scripts: other users of the machine can see arguments (ps); "
                + "--code-stdin is safer.")
    }
    static var fnsCodeStdinHelp: String {
        pick(
            "Прочитать код из SMS из стандартного ввода (новый код не отправляется).",
            "Read the code the SMS brought from standard input (no new code is sent).")
    }
    static var fnsOneCode: String { pick("--code или --code-stdin, не оба", "--code or --code-stdin, not both") }
    static var fnsCodeValue: String { pick("код", "code") }
    static var fnsINNHelp: String {
        pick(
            "ИНН (12 цифр) для входа по паролю личного кабинета.",
            "The INN (12 digits) to sign in with the personal account's password.")
    }
    static var fnsINNValue: String { pick("ИНН", "INN") }
    static var fnsPasswordStdinHelp: String {
        pick(
            "Прочитать пароль из первой строки стандартного ввода.",
            "Read the password from the first line of standard input.")
    }
    static var fnsRefreshStdinHelp: String {
        pick(
            "Прочитать токен обновления приложения из стандартного ввода.",
            "Read the app's refresh token from standard input.")
    }
    static var fnsOneWay: String {
        pick(
            "укажите один способ входа: --phone, --inn или --refresh-token-stdin",
            "give one way to sign in: --phone, --inn or --refresh-token-stdin")
    }
    static func fnsBadPhone(_ text: String) -> String {
        pick("\(text): это не номер мобильного (+7 и 10 цифр)", "\(text) is not a mobile number (+7 and 10 digits)")
    }
    static var fnsCodeNeedsPhone: String {
        pick("--code и --code-stdin идут вместе с --phone", "--code and --code-stdin go with --phone")
    }
    static var fnsPasswordNeedsINN: String {
        pick("--password-stdin идёт вместе с --inn", "--password-stdin goes with --inn")
    }
    static var fnsPasswordNeedsTerminal: String {
        pick(
            "нет терминала, чтобы спросить пароль: добавьте --password-stdin",
            "no terminal to ask for the password on: add --password-stdin")
    }
    static var fnsLogoutAbstract: String { pick("Забыть сессию налоговой.", "Forget the tax-service session.") }
    static var fnsWhoamiAbstract: String {
        pick("Чья сессия налоговой хранится здесь.", "Whose tax-service session is kept here.")
    }
    static var fnsImportAbstract: String {
        pick("Загрузить чеки из личного кабинета налоговой.", "Import the receipts of the tax-service account.")
    }
    static var fnsImportDiscussion: String {
        pick(
            "Каждый чек сохраняется сразу; прерванный импорт продолжается с того же места, уже полные чеки не "
                + "запрашиваются снова. Чек, уже известный по QR-коду, файлу или серверу чеков, дополняется, а не "
                + "удваивается. У налоговой есть дневной лимит запросов: при нём импорт останавливается и "
                + "продолжается на следующий день (после полуночи UTC).",
            "Each receipt is saved as it arrives; an interrupted import goes on where it stopped, and receipts already "
                + "complete are not asked for again. A receipt already known from a QR code, a file or the receipts "
                + "server is completed, not doubled. The tax service has a daily limit of requests: when it is "
                + "reached the import stops, to go on the next day (after midnight UTC).")
    }
}

extension Words {
    func fnsSignedIn(_ session: TaxServiceSession) -> String { session.signedInMessage(in: language) }
    func fnsCodeSent(_ phone: PhoneNumber) -> String {
        pick(
            "Код отправлен по SMS на \(phone). Передайте его команде на стандартный ввод: "
                + "receipts fns login --phone \(phone) --code-stdin",
            "The code is sent by SMS to \(phone). Give it to the command on standard input: "
                + "receipts fns login --phone \(phone) --code-stdin"
        )
    }
    func fnsCodeSentAsk(_ phone: PhoneNumber) -> String { phone.codeSentMessage(in: language) }
    var fnsCodePrompt: String { pick("Код из SMS: ", "SMS code: ") }
    var fnsPasswordPrompt: String { pick("Пароль личного кабинета: ", "Personal account password: ") }
    var fnsSignedOut: String { pick("Сессия налоговой забыта.", "The tax-service session is forgotten.") }
    var fnsWasNotSignedIn: String {
        pick("Вход в налоговую не был выполнен.", "Not signed in to the tax service.")
    }
    func fnsWhoami(_ session: TaxServiceSession, server: String) -> String {
        let who =
            session.phone ?? session.inn.map { pick("ИНН \($0)", "INN \($0)") }
            ?? pick("вход по токену", "signed in by token")
        let when = ISO8601DateFormatter().string(from: session.renewedAt)
        return pick("\(who) на \(server) (сессия обновлена \(when))", "\(who) on \(server) (session renewed \(when))")
    }
    func fnsNobody(_ server: String) -> String {
        pick("Вход в налоговую (\(server)) не выполнен.", "Not signed in to the tax service (\(server)).")
    }
}
