import FiscalProviders
import Foundation

// The words of `receipts lkdr` and its subcommands, in Russian and English.
extension HelpText {
    static var lkdrAbstract: String {
        pick(
            "Чеки из «Мои чеки онлайн» — веб-кабинета налоговой.",
            "Receipts from «Мои чеки онлайн», the tax service's web cabinet.")
    }
    static var lkdrDiscussion: String {
        pick(
            "Кабинет хранит все электронные чеки, присланные на ваш телефон или почту. Работает через API его "
                + "веб-приложения — неофициальный, может измениться. Сначала receipts lkdr login, затем receipts lkdr "
                + "import. Адрес: RECEIPTS_LKDR_URL (кабинет переезжал между адресами).",
            "The cabinet keeps every electronic receipt sent to your phone or e-mail. Works through its web app's "
                + "API: unofficial and subject to change. First receipts lkdr login, then receipts lkdr import. "
                + "Address: RECEIPTS_LKDR_URL (the cabinet has moved between addresses).")
    }
    static var lkdrLoginAbstract: String { pick("Войти в «Мои чеки онлайн».", "Sign in to «Мои чеки онлайн».") }
    static var lkdrLoginDiscussion: String {
        pick(
            "По SMS: --phone +7XXXXXXXXXX (на терминале код спрашивается; без терминала код отправляется, и команду "
                + "повторяют с --code-stdin, передав код на стандартный ввод). Если кабинет просит капчу, войдите "
                + "в браузере и передайте токен обновления: --refresh-token-stdin. Сессия хранится в "
                + "$XDG_CONFIG_HOME/receipts/lkdr-session.json с правами 0600.",
            "By SMS: --phone +7XXXXXXXXXX (on a terminal it asks for the code; without one it sends the code, and you "
                + "run it again with --code-stdin, the code on standard input). When the cabinet asks for a captcha, "
                + "sign in in a browser and hand over its refresh token: --refresh-token-stdin. The session is kept in "
                + "$XDG_CONFIG_HOME/receipts/lkdr-session.json with mode 0600.")
    }
    static var lkdrRefreshStdinHelp: String {
        pick(
            "Прочитать токен обновления (refreshToken) из стандартного ввода.",
            "Read the refresh token (refreshToken) from standard input.")
    }
    static var lkdrOneWay: String {
        pick("--phone или --refresh-token-stdin, одно из двух", "--phone or --refresh-token-stdin, one of the two")
    }
    static var lkdrLogoutAbstract: String {
        pick("Забыть сессию «Мои чеки онлайн».", "Forget the «Мои чеки онлайн» session.")
    }
    static var lkdrWhoamiAbstract: String {
        pick("Чья сессия «Мои чеки онлайн» здесь хранится.", "Whose «Мои чеки онлайн» session is kept here.")
    }
    static var lkdrImportAbstract: String {
        pick("Загрузить чеки из «Мои чеки онлайн».", "Import the receipts of «Мои чеки онлайн».")
    }
    static var lkdrImportDiscussion: String {
        pick(
            "Читает список страницами по 10 до конца (или до страницы, не принёсшей новых чеков) и загружает документ "
                + "каждого чека. Каждый чек сохраняется сразу: прерванный импорт продолжается со следующего запуска. "
                + "Чек, уже полный в базе, не запрашивается; ожидающий (из QR-кода, файла) дополняется, не дублируется. "
                + "Если кабинет ждёт выбора в окне «Настройки отображения данных», код выхода 7.",
            "Reads the list 10 a page to its end (or to a page that brings nothing new) and fetches each receipt's "
                + "document. Each receipt is kept at once: a run that stops goes on the next time. A receipt already "
                + "complete here is not fetched; a pending one (from a QR code, a file) is completed, not doubled. "
                + "When the cabinet waits for a choice in its data display settings window, the exit code is 7.")
    }
    static var lkdrFromHelp: String { pick("Первый день чеков.", "The first day of receipts.") }
    static var lkdrToHelp: String { pick("Последний день чеков.", "The last day of receipts.") }
    static var dayValue: String { pick("ГГГГ-ММ-ДД", "YYYY-MM-DD") }
    static func badDay(_ text: String) -> String {
        pick(
            "«\(text)» — не день; пишите ГГГГ-ММ-ДД, например 2026-01-31",
            "“\(text)” is not a day; write YYYY-MM-DD, e.g. 2026-01-31")
    }
    static func daysBackwards(_ first: String, _ last: String) -> String {
        pick("--to \(last) раньше --from \(first)", "--to \(last) is before --from \(first)")
    }
}

extension Words {
    func lkdrSignedIn(_ session: CabinetSession) -> String {
        let who = session.phone.map { "+" + $0 } ?? pick("по токену", "by token")
        return pick("Вход в «Мои чеки онлайн» выполнен (\(who)).", "Signed in to «Мои чеки онлайн» (\(who)).")
    }
    func lkdrCodeSent(_ phone: PhoneNumber) -> String {
        pick(
            "Код отправлен по SMS на \(phone). Передайте его команде на стандартный ввод: "
                + "receipts lkdr login --phone \(phone) --code-stdin",
            "The code is sent by SMS to \(phone). Give it to the command on standard input: "
                + "receipts lkdr login --phone \(phone) --code-stdin")
    }
    func lkdrNoChallenge(_ phone: PhoneNumber) -> String {
        pick(
            "код для \(phone) не запрашивался: сначала receipts lkdr login --phone \(phone)",
            "no code was asked for \(phone): first receipts lkdr login --phone \(phone)")
    }
    var lkdrSignedOut: String {
        pick("Сессия «Мои чеки онлайн» забыта.", "The «Мои чеки онлайн» session is forgotten.")
    }
    var lkdrWasNotSignedIn: String {
        pick("Вход в «Мои чеки онлайн» не был выполнен.", "Not signed in to «Мои чеки онлайн».")
    }
    func lkdrWhoami(_ session: CabinetSession?, server: String) -> String {
        guard let session else {
            return pick(
                "Вход в «Мои чеки онлайн» (\(server)) не выполнен.", "Not signed in to «Мои чеки онлайн» (\(server)).")
        }
        let who = session.phone.map { "+" + $0 } ?? pick("вход по токену", "signed in by token")
        return pick("\(who) на \(server)", "\(who) on \(server)")
    }
}
