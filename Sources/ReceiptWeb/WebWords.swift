import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptStore
import ReceiptSync

/// The app's words in Russian and English: the page asks for them (`/api/words`) rather than
/// keeping a copy, and the guard's refusals use them.
struct WebWords: Sendable {
    let language: Language

    init(_ language: Language) {
        self.language = language
    }

    /// The language of an `Accept-Language` header: Russian when it comes first among ours.
    init(acceptLanguage header: String?) {
        let first = (header ?? "").split(separator: ",").map {
            $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }.first { $0.hasPrefix("ru") || $0.hasPrefix("en") }
        self.init(first?.hasPrefix("ru") == true ? .russian : .english)
    }

    /// The language a request names (`lang=ru|en`), else the one its `Accept-Language` prefers.
    init(query: String?, acceptLanguage: String?) {
        switch query {
        case "ru": self.init(.russian)
        case "en": self.init(.english)
        default: self.init(acceptLanguage: acceptLanguage)
        }
    }

    func pick(_ russian: String, _ english: String) -> String { language == .russian ? russian : english }

    /// Why a request without the key (or with another one) is refused, and how to get in.
    var needsKey: String {
        pick(
            "Нет доступа. Откройте адрес, который напечатала команда receipts web: в нём ключ доступа.",
            "No access. Open the address that receipts web printed: it carries the access key.")
    }
    /// Why a change sent from elsewhere than the app's page is refused.
    var foreignOrigin: String {
        pick(
            "Запрос пришёл не со страницы приложения и отклонён.",
            "The request did not come from the app's page and was refused.")
    }
    /// Why a request sent to another address than the app's is refused.
    var foreignHost: String {
        pick(
            "Запрос отправлен не по адресу приложения и отклонён. Откройте адрес, который напечатала команда receipts web.",
            "The request was not sent to the app's address and was refused. Open the address that receipts web printed."
        )
    }
    /// Why a one-time code of `receipts web --open` is refused.
    var codeSpent: String {
        pick(
            "Этот адрес уже открыт или устарел. Откройте адрес, который напечатала команда receipts web.",
            "This address was opened already, or has expired. Open the address that receipts web printed.")
    }

    /// How many receipts: `12 чеков`, `1 receipt`.
    func receipts(_ count: Int) -> String { language.receipts(count) }

    /// How many lines a receipt has, or that it waits for its document.
    func items(_ count: Int, pending: Bool) -> String {
        if pending { return pick("ожидает данных", "pending") }
        return pick("\(count) поз.", "\(count) item\(count == 1 ? "" : "s")")
    }

    func unknownCategory(_ text: String) -> String {
        pick("нет такой категории: «\(text)»", "no such category: “\(text)”")
    }
    func badMonth(_ text: String) -> String {
        pick("«\(text)» — не месяц: нужен ГГГГ-ММ", "“\(text)” is not a month: YYYY-MM is")
    }
    func badAmount(_ text: String) -> String {
        pick(
            "«\(text)» — не сумма в рублях (например, 250 или 99,90)",
            "“\(text)” is not an amount in roubles (such as 250 or 99.90)")
    }
    var minimumAboveMaximum: String { pick("сумма «от» больше суммы «до»", "the lowest amount is above the highest") }
    var fromAfterTo: String { pick("месяц «с» позже месяца «по»", "the first month comes after the last") }
    var badOffset: String { pick("неверная страница результатов", "not a page of results") }
    var searchNeedsSomething: String {
        pick("Введите слова или выберите хотя бы один фильтр.", "Type some words or choose at least one filter.")
    }
    var nothingFound: String { pick("Ничего не найдено.", "Nothing found.") }
    var noItemName: String { pick("не указано название товара", "no item name given") }
    var noUncategorized: String { pick("Товаров без категории нет.", "There are no uncategorized items.") }
    var noGuesses: String {
        pick(
            "Догадок нет: все товары размечены правилами, магазинами или вами.",
            "No guesses: rules, shops or you place every item.")
    }
    func noGuess(_ name: String) -> String {
        pick("для «\(name)» догадки нет", "there is no guess for “\(name)”")
    }
    var noWords: String {
        pick("введите слова (буквы, а не только числа)", "type some words (letters, not only numbers)")
    }
    func nothingMatches(_ words: String) -> String {
        pick(
            "Нет товаров без выбора и правила со словами «\(words)».",
            "No item without a choice or rule has the words “\(words)”.")
    }
    var noLine: String { pick("в чеке нет такой строки", "the receipt has no such line") }
    var nothingToUndo: String {
        pick("это действие уже отменено или его нет", "that action is undone already, or there is none")
    }
    var noPlaces: String { pick("Рядом ничего не найдено.", "Nothing found nearby.") }
    var noServer: String {
        pick(
            "Сервер чеков не задан: укажите его (--server или RECEIPTS_SERVER), чтобы искать магазины рядом.",
            "No receipts server is set: give one (--server or RECEIPTS_SERVER) to find shops nearby.")
    }
    var badPoint: String {
        pick(
            "Нужны широта от −90 до 90 и долгота от −180 до 180.",
            "A latitude within −90…90 and a longitude within −180…180 are needed.")
    }
    /// Who the page's import signs in as.
    func signedIn(_ session: SavedSession?, server: String) -> String {
        switch (session?.kind, session?.login) {
        case (nil, _): return pick("Вход на \(server) не выполнен.", "Not signed in to \(server).")
        case (.anonymous?, _): return pick("Анонимная сессия на \(server).", "An anonymous session on \(server).")
        case (.authorized?, let login):
            return pick("Вы вошли как \(login ?? "") на \(server).", "Signed in as \(login ?? "") on \(server).")
        }
    }
    var loginTaken: String { pick("такой логин уже занят", "this login is taken") }
    var signInFirst: String {
        pick("Сначала войдите или откройте анонимную сессию.", "Sign in or open an anonymous session first.")
    }
    var sessionEnded: String {
        pick(
            "Сессия на сервере закончилась. Войдите снова или продолжите анонимно.",
            "The session on the server has ended. Sign in again or go on anonymously.")
    }
    func importKept(_ receipts: Int) -> String {
        pick(
            "Записано чеков: \(receipts); они сохранены, следующий импорт продолжит с этого места.",
            "\(receipts) receipts were written and are kept; the next import goes on from there.")
    }
    var cash: String { pick("Наличными", "Cash") }
    var card: String { pick("Безналичными", "Card") }
    var prepaid: String { pick("Предоплатой (зачёт аванса)", "Prepaid") }
    var onCredit: String { pick("В кредит", "On credit") }
    var bonuses: String { pick("Бонусами, сертификатом", "Bonuses, certificate") }
    var register: String { pick("РН ККТ", "Register") }

    /// Every label of the page, by key.
    var page: [String: String] {
        [
            "title": pick("Чеки", "Receipts"),
            "needsKey": needsKey,
            "codeSpent": codeSpent,
            "receipts": pick("Чеки", "Receipts"),
            "language": pick("English", "Русский"),
            "empty": pick(
                "В базе пока нет чеков. Загрузите их с сервера («Импорт»), добавьте снимки («Добавить») или воспользуйтесь receipts fns import.",
                "No receipts in the database yet. Bring some in from the server (Import), add photos (Add), or use receipts fns import."
            ),
            "loading": pick("Загрузка…", "Loading…"),
            "more": pick("Показать ещё", "Show more"),
            "failed": pick("Не удалось загрузить чеки", "Could not load the receipts"),
            "viewFailed": pick("Не удалось загрузить страницу", "Could not load this view"),
            "back": pick("← Все чеки", "← All receipts"),
            "total": pick("Итого", "Total"),
            "qrCode": pick("QR-код чека", "The receipt's QR code"),
            "share": pick("Поделиться", "Share"),
            "copied": pick("Текст чека скопирован", "The receipt's text is copied"),
            "copyFailed": pick(
                "Браузер не дал скопировать: выделите текст ниже", "The browser would not copy: select the text below"),
            "notFound": pick("Такого чека нет", "No such receipt"),
            "statistics": pick("Статистика", "Statistics"),
            "search": pick("Поиск", "Search"),
            "words": pick("Слова в товарах и магазинах", "Words in items and shops"),
            "category": pick("Категория", "Category"),
            "anyCategory": pick("любая", "any"),
            "shop": pick("Магазин", "Shop"),
            "from": pick("С месяца", "From month"),
            "to": pick("По месяц", "To month"),
            "min": pick("Сумма от, ₽", "Amount from, RUB"),
            "max": pick("Сумма до, ₽", "Amount to, RUB"),
            "find": pick("Найти", "Find"),
            "categories": pick("Категории", "Categories"),
            "add": pick("Добавить", "Add"),
            "nearby": pick("Рядом", "Nearby"),
            "locating": pick("Определяем, где вы…", "Finding where you are…"),
            "positionRefused": pick(
                "Браузер не сообщил, где вы. Разрешите доступ к местоположению для этой страницы (значок слева от адреса) и обновите её — или введите координаты.",
                "The browser did not say where you are. Allow this page to use your location (the icon left of the address) and reload it, or type coordinates."
            ),
            "latitude": pick("Широта", "Latitude"),
            "longitude": pick("Долгота", "Longitude"),
            "filter": pick("Название или категория", "Name or category"),
            "star": pick("В избранное", "Add to favourites"),
            "unstar": pick("Убрать из избранного", "Remove from favourites"),
            "show": pick("Показать", "Show"),
            "dropPhotos": pick(
                "Перетащите сюда снимки чеков (PNG, JPEG, WebP) или выберите файлы",
                "Drop photos of receipts here (PNG, JPEG, WebP) or pick the files"),
            "pastePayload": pick("Или вставьте содержимое QR-кода", "Or paste a QR code's payload"),
            "uncategorizedTitle": pick(
                "Товары без категории, больше всего покупок сверху", "Items without a category, most bought first"),
            "assign": pick("Назначить", "Assign"),
            "guessedTitle": pick(
                "Угаданные категории: подтвердите или исправьте", "Guessed categories: confirm or correct them"),
            "confirm": pick("Верно", "Right"),
            "maybe": pick("может быть:", "maybe:"),
            "matchTitle": pick("Все товары без категории со словами", "Every item without a choice that has the words"),
            "matchWords": pick("Слова или их начала", "Words, or their beginnings"),
            "assignAll": pick("Назначить всем", "Assign to all"),
            "change": pick("Изменить", "Change"),
            "undo": pick("Отменить", "Undo"),
            "clear": pick("Сбросить", "Clear"),
            "month": pick("Месяц", "Month"),
            "noStatistics": pick("Нет чеков за этот месяц", "No receipts in this month"),
            "import": pick("Импорт", "Import"),
            "importNow": pick("Загрузить чеки с сервера", "Import from the server"),
            "importing": pick("Импорт идёт…", "Importing…"),
            "signInTitle": pick("Вход на сервер чеков", "Sign in to the receipts server"),
            "login": pick("Логин", "Login"),
            "password": pick("Пароль", "Password"),
            "logIn": pick("Войти", "Sign in"),
            "register": pick("Создать учётную запись", "Create an account"),
            "anonymous": pick("Продолжить анонимно", "Go on anonymously"),
            "signInAgain": pick("Войти снова", "Sign in again"),
            "otherAccount": pick("Войти под другой учётной записью", "Use another account"),
            "offline": pick(
                "Нет связи с приложением. Проверьте соединение и повторите.",
                "The app cannot be reached. Check the connection and try again."),
            "retry": pick("Повторить", "Try again"),
        ].merging(insightsPage) { own, _ in own }
    }
}
