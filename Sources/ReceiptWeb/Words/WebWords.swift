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

    /// The language an `Accept-Language` header prefers, read as the server reads it
    /// (`Language(acceptLanguage:)`: the highest `q` wins).
    init(acceptLanguage header: String?) {
        self.init(Language(acceptLanguage: header))
    }

    /// The language a request names (`lang=ru|en`), else the one its `Accept-Language` prefers.
    init(query: String?, acceptLanguage: String?) {
        switch query {
        case "ru": self.init(.russian)
        case "en": self.init(.english)
        default: self.init(acceptLanguage: acceptLanguage)
        }
    }

    /// Why a request without the key (or with another one) is refused, and how to get in.
    var needsKey: String {
        language.pick(
            "Нет доступа. Откройте адрес, который напечатала команда receipts web: в нём ключ доступа.",
            "No access. Open the address that receipts web printed: it carries the access key.")
    }
    /// Why a change sent from elsewhere than the app's page is refused.
    var foreignOrigin: String {
        language.pick(
            "Запрос пришёл не со страницы приложения и отклонён.",
            "The request did not come from the app's page and was refused.")
    }
    /// Why a request sent to another address than the app's is refused.
    var foreignHost: String {
        language.pick(
            "Запрос отправлен не по адресу приложения и отклонён. Откройте адрес, который напечатала команда receipts web.",
            "The request was not sent to the app's address and was refused. Open the address that receipts web printed."
        )
    }
    /// Why a one-time code of `receipts web --open` is refused.
    var codeSpent: String {
        language.pick(
            "Этот адрес уже открыт или устарел. Откройте адрес, который напечатала команда receipts web.",
            "This address was opened already, or has expired. Open the address that receipts web printed.")
    }

    /// How many receipts: `12 чеков`, `1 receipt`.
    func receipts(_ count: Int) -> String { language.receipts(count) }

    /// How many lines a receipt has, or that it waits for its document.
    func items(_ count: Int, pending: Bool) -> String {
        if pending { return language.pick("ожидает данных", "pending") }
        return language.pick("\(count) поз.", "\(count) item\(count == 1 ? "" : "s")")
    }

    func unknownCategory(_ text: String) -> String {
        language.pick("нет такой категории: «\(text)»", "no such category: “\(text)”")
    }
    func badMonth(_ text: String) -> String {
        language.pick("«\(text)» — не месяц: нужен ГГГГ-ММ", "“\(text)” is not a month: YYYY-MM is")
    }
    func badAmount(_ text: String) -> String {
        language.pick(
            "«\(text)» — не сумма в рублях (например, 250 или 99,90)",
            "“\(text)” is not an amount in roubles (such as 250 or 99.90)")
    }
    var minimumAboveMaximum: String {
        language.pick("сумма «от» больше суммы «до»", "the lowest amount is above the highest")
    }
    var fromAfterTo: String { language.pick("месяц «с» позже месяца «по»", "the first month comes after the last") }
    /// A feed's `after` that names no place in it.
    func badPosition(_ text: String) -> String {
        language.pick(
            "«\(text)» — не место в ленте чеков: откройте ленту с начала",
            "“\(text)” is no place in the feed: open the feed from its start")
    }
    var badOffset: String { language.pick("неверная страница результатов", "not a page of results") }
    func badNumber(_ name: String, atLeast minimum: Int) -> String {
        language.pick(
            "«\(name)»: нужно целое число не меньше \(minimum)", "“\(name)” must be a whole number, at least \(minimum)"
        )
    }
    var searchNeedsSomething: String {
        language.pick(
            "Введите слова или выберите хотя бы один фильтр.", "Type some words or choose at least one filter.")
    }
    var nothingFound: String { language.pick("Ничего не найдено.", "Nothing found.") }
    var noItemName: String { language.pick("не указано название товара", "no item name given") }
    var noUncategorized: String { language.pick("Товаров без категории нет.", "There are no uncategorized items.") }
    var noGuesses: String {
        language.pick(
            "Догадок нет: все товары размечены правилами, магазинами или вами.",
            "No guesses: rules, shops or you place every item.")
    }
    func noGuess(_ name: String) -> String {
        language.pick("для «\(name)» догадки нет", "there is no guess for “\(name)”")
    }
    var noWords: String {
        language.pick("введите слова (буквы, а не только числа)", "type some words (letters, not only numbers)")
    }
    func nothingMatches(_ words: String) -> String {
        language.pick(
            "Нет товаров без выбора и правила со словами «\(words)».",
            "No item without a choice or rule has the words “\(words)”.")
    }
    var noLine: String { language.pick("в чеке нет такой строки", "the receipt has no such line") }
    var nothingToUndo: String {
        language.pick("это действие уже отменено или его нет", "that action is undone already, or there is none")
    }
    var noPlaces: String { language.pick("Рядом ничего не найдено.", "Nothing found nearby.") }
    var shopNameMissing: String {
        language.pick("Введите название или верните прежнее.", "Type a name, or go back to the receipts' own.")
    }
    func lastVisit(_ date: String) -> String { language.pick("последний чек \(date)", "last receipt \(date)") }
    func inn(_ inn: String) -> String { language.pick("ИНН \(inn)", "INN \(inn)") }
    var fnsNotSignedIn: String {
        language.pick("Вход в налоговую не выполнен.", "Not signed in to the tax service.")
    }
    var fnsSignInFirst: String {
        language.pick(
            "Сначала войдите в налоговую: по номеру телефона и коду из SMS или по ИНН и паролю.",
            "Sign in to the tax service first: by phone and the SMS code, or by INN and password.")
    }
    func lkdrState(_ phone: String?, signedIn: Bool) -> String {
        guard signedIn else {
            return language.pick("Вход в «Мои чеки онлайн» не выполнен.", "Not signed in to «Мои чеки онлайн».")
        }
        let who = phone.map { " (+\($0))" } ?? ""
        return language.pick("Вход в «Мои чеки онлайн» выполнен\(who).", "Signed in to «Мои чеки онлайн»\(who).")
    }
    var lkdrSignInFirst: String {
        language.pick(
            "Сначала войдите в «Мои чеки онлайн»: по номеру телефона и коду из SMS.",
            "Sign in to «Мои чеки онлайн» first: by phone and the SMS code.")
    }
    var lkdrSendCodeFirst: String {
        language.pick("Сначала пришлите код на этот номер.", "Send the code to this number first.")
    }
    var lkdrTokenMissing: String {
        language.pick("Вставьте токен обновления.", "Paste the refresh token.")
    }
    var lkdrCaptcha: String {
        language.pick(
            "«Мои чеки онлайн» просят капчу, её здесь не пройти: войдите на lkdr.nalog.ru в браузере и вставьте ниже "
                + "токен обновления (refreshToken из ответа на вход).",
            "«Мои чеки онлайн» ask for a captcha, which cannot be passed here: sign in at lkdr.nalog.ru in a browser "
                + "and paste its refresh token below (refreshToken from the sign-in's answer).")
    }
    var fnsCodeMissing: String { language.pick("Введите код из SMS.", "Type the code from the SMS.") }
    var fnsPasswordMissing: String {
        language.pick("Введите пароль личного кабинета.", "Type the personal account's password.")
    }
    func badPhone(_ text: String) -> String {
        language.pick(
            "«\(text)» — не российский номер мобильного: +7 и 10 цифр.",
            "“\(text)” is not a Russian mobile number: +7 and 10 digits.")
    }
    func unknownProvider(_ text: String) -> String {
        language.pick(
            "«\(text)»: источник — fns или proverkacheka.", "“\(text)”: the source is fns or proverkacheka.")
    }
    var noFiscalSource: String {
        language.pick(
            "Не у кого спросить документы чеков: войдите в налоговую выше или задайте токен proverkacheka.com (RECEIPTS_PROVERKACHEKA_TOKEN).",
            "No source to ask for the receipts' documents: sign in to the tax service above, or set a proverkacheka.com token (RECEIPTS_PROVERKACHEKA_TOKEN)."
        )
    }
    var noProverkachekaToken: String {
        language.pick(
            "Токен proverkacheka.com не задан (RECEIPTS_PROVERKACHEKA_TOKEN или файл proverkacheka-token в папке настроек).",
            "No proverkacheka.com token is set (RECEIPTS_PROVERKACHEKA_TOKEN, or the file proverkacheka-token in the config folder)."
        )
    }
    func pendingReceipts(_ count: Int) -> String {
        count == 0
            ? language.pick("Ожидающих чеков нет.", "No receipts are pending.")
            : language.pick(
                "Ждут документов: \(language.receipts(count)).",
                "Waiting for their documents: \(language.receipts(count)).")
    }
    var noServerToImport: String {
        language.pick(
            "Сервер чеков не задан: чтобы загружать с него, запустите receipts web с --server (или RECEIPTS_SERVER). Файлам и копии базы он не нужен.",
            "No receipts server is set: to import from one, start receipts web with --server (or RECEIPTS_SERVER). Files and the backup need none."
        )
    }
    func databaseAt(_ path: String, bytes: Int64, receipts: Int) -> String {
        language.pick(
            "База данных: \(path), \(language.byteSize(bytes)), \(language.receipts(receipts)).",
            "The database: \(path), \(language.byteSize(bytes)), \(language.receipts(receipts)).")
    }
    func backupMade(name: String, receipts: Int, bytes: Int64) -> String {
        language.pick(
            "Копия \(name) сохранена и проверена: \(language.receipts(receipts)), \(language.byteSize(bytes)).",
            "Backup \(name) saved and checked: \(language.receipts(receipts)), \(language.byteSize(bytes)).")
    }
    func photoTooLarge(_ bytes: Int) -> String {
        let megabytes = bytes / 1_048_576
        return language.pick(
            "Снимок больше \(megabytes) МБ: уменьшите его или снимите чек ближе.",
            "The picture is over \(megabytes) MB: make it smaller, or take the receipt closer.")
    }
    func exportTooLarge(_ bytes: Int) -> String {
        let megabytes = bytes / 1_048_576
        return language.pick(
            "Файл больше \(megabytes) МБ: это не выгрузка чеков.",
            "The file is over \(megabytes) MB: not an export of receipts.")
    }
    var noServer: String {
        language.pick(
            "Сервер чеков не задан: укажите его (--server или RECEIPTS_SERVER), чтобы искать магазины рядом.",
            "No receipts server is set: give one (--server or RECEIPTS_SERVER) to find shops nearby.")
    }
    var badPoint: String {
        language.pick(
            "Нужны широта от −90 до 90 и долгота от −180 до 180.",
            "A latitude within −90…90 and a longitude within −180…180 are needed.")
    }
    /// Who the page's import signs in as.
    func signedIn(_ session: SavedSession?, server: String) -> String {
        switch (session?.kind, session?.login) {
        case (nil, _): return language.pick("Вход на \(server) не выполнен.", "Not signed in to \(server).")
        case (.anonymous?, _):
            return language.pick("Анонимная сессия на \(server).", "An anonymous session on \(server).")
        case (.authorized?, let login):
            return language.pick(
                "Вы вошли как \(login ?? "") на \(server).", "Signed in as \(login ?? "") on \(server).")
        }
    }
    var loginTaken: String { language.pick("такой логин уже занят", "this login is taken") }
    var unknownSignInWay: String {
        language.pick(
            "Выберите, как войти: по логину, с регистрацией или анонимно.",
            "Choose how to sign in: with a login, by registering, or anonymously.")
    }
    var signInFirst: String {
        language.pick("Сначала войдите или откройте анонимную сессию.", "Sign in or open an anonymous session first.")
    }
    var sessionEnded: String {
        language.pick(
            "Сессия на сервере закончилась. Войдите снова или продолжите анонимно.",
            "The session on the server has ended. Sign in again or go on anonymously.")
    }
    func importKept(_ receipts: Int) -> String {
        language.pick(
            "Записано чеков: \(receipts); они сохранены, следующий импорт продолжит с этого места.",
            "\(receipts) receipts were written and are kept; the next import goes on from there.")
    }
    var cash: String { language.pick("Наличными", "Cash") }
    var card: String { language.pick("Безналичными", "Card") }
    var prepaid: String { language.pick("Предоплатой (зачёт аванса)", "Prepaid") }
    var onCredit: String { language.pick("В кредит", "On credit") }
    var bonuses: String { language.pick("Бонусами, сертификатом", "Bonuses, certificate") }
    var register: String { language.pick("РН ККТ", "Register") }

    /// Every label of the page, by key: the general ones, the insights', the bank's and the
    /// household's. A key is defined in one of them only (a test checks), so none hides another's word.
    var page: [String: String] {
        general.merging(insightsPage) { own, _ in own }.merging(bankPage) { own, _ in own }
            .merging(householdPage) { own, _ in own }
    }

    /// The labels every view shares, and those of the views without a words file of their own.
    var general: [String: String] {
        [
            "title": language.pick("Чеки", "Receipts"),
            "needsKey": needsKey,
            "codeSpent": codeSpent,
            "receipts": language.pick("Чеки", "Receipts"),
            "language": language.pick("English", "Русский"),
            "empty": language.pick(
                "В базе пока нет чеков. Загрузите файл выгрузки приложения «Проверка чеков» или войдите в личный кабинет налоговой — это на странице «Импорт»; сфотографируйте QR-код чека — на странице «Добавить».",
                "No receipts in the database yet. Import a file exported from the tax service's app, or sign in to the tax service: both on the Import page; or take a photo of a receipt's QR code on the Add page."
            ),
            "emptyImport": language.pick("Импорт: файл или налоговая", "Import: a file or the tax service"),
            "emptyAdd": language.pick("Добавить: снимок QR-кода", "Add: a photo of the QR code"),
            "loading": language.pick("Загрузка…", "Loading…"),
            "more": language.pick("Показать ещё", "Show more"),
            "menu": language.pick("Ещё", "More"),
            "failed": language.pick("Не удалось загрузить чеки", "Could not load the receipts"),
            "viewFailed": language.pick("Не удалось загрузить страницу", "Could not load this view"),
            "back": language.pick("← Все чеки", "← All receipts"),
            "total": language.pick("Итого", "Total"),
            "qrCode": language.pick("QR-код чека", "The receipt's QR code"),
            "share": language.pick("Поделиться", "Share"),
            "copied": language.pick("Текст чека скопирован", "The receipt's text is copied"),
            "copyFailed": language.pick(
                "Браузер не дал скопировать: выделите текст ниже", "The browser would not copy: select the text below"),
            "notFound": language.pick("Такого чека нет", "No such receipt"),
            "statistics": language.pick("Статистика", "Statistics"),
            "search": language.pick("Поиск", "Search"),
            "words": language.pick("Слова в товарах и магазинах", "Words in items and shops"),
            "category": language.pick("Категория", "Category"),
            "anyCategory": language.pick("любая", "any"),
            "shop": language.pick("Магазин", "Shop"),
            "from": language.pick("С месяца", "From month"),
            "to": language.pick("По месяц", "To month"),
            "min": language.pick("Сумма от, ₽", "Amount from, RUB"),
            "max": language.pick("Сумма до, ₽", "Amount to, RUB"),
            "find": language.pick("Найти", "Find"),
            "categories": language.pick("Категории", "Categories"),
            "add": language.pick("Добавить", "Add"),
            "nearby": language.pick("Рядом", "Nearby"),
            "locating": language.pick("Определяем, где вы…", "Finding where you are…"),
            "positionRefused": language.pick(
                "Браузер не сообщил, где вы. Разрешите доступ к местоположению для этой страницы (значок слева от адреса) и обновите её — или введите координаты.",
                "The browser did not say where you are. Allow this page to use your location (the icon left of the address) and reload it, or type coordinates."
            ),
            "positionNeedsSecure": language.pick(
                "Браузер сообщает, где вы, только по HTTPS или на этой же машине (127.0.0.1), а эта страница открыта по адресу в сети. Введите координаты: их показывает приложение карт.",
                "A browser tells where you are only over HTTPS or on the machine itself (127.0.0.1), and this page was opened at a network address. Type the coordinates: a maps app shows them."
            ),
            "latitude": language.pick("Широта", "Latitude"),
            "longitude": language.pick("Долгота", "Longitude"),
            "filter": language.pick("Название или категория", "Name or category"),
            "star": language.pick("В избранное", "Add to favourites"),
            "unstar": language.pick("Убрать из избранного", "Remove from favourites"),
            "show": language.pick("Показать", "Show"),
            "dropPhotos": language.pick(
                "Перетащите сюда снимки чеков (PNG, JPEG, WebP) или выберите файлы",
                "Drop photos of receipts here (PNG, JPEG, WebP) or pick the files"),
            "pickFiles": language.pick("Выбрать файлы", "Pick files"),
            "takePhoto": language.pick(
                "Сфотографировать чек (на телефоне откроется камера)",
                "Take a photo of a receipt (a phone opens its camera)"),
            "pastePayload": language.pick("Или вставьте содержимое QR-кода", "Or paste a QR code's payload"),
            "uncategorizedTitle": language.pick(
                "Товары без категории, больше всего покупок сверху", "Items without a category, most bought first"),
            "assign": language.pick("Назначить", "Assign"),
            "guessedTitle": language.pick(
                "Угаданные категории: подтвердите или исправьте", "Guessed categories: confirm or correct them"),
            "candidates": language.pick(
                "Возможные категории, самая вероятная первой", "Likely categories, the likeliest first"),
            "chooseCategory": language.pick("— категория —", "— category —"),
            "matchTitle": language.pick(
                "Все товары без категории со словами", "Every item without a choice that has the words"),
            "matchWords": language.pick("Слова или их начала", "Words, or their beginnings"),
            "assignAll": language.pick("Назначить всем", "Assign to all"),
            "changeCategories": language.pick("Изменить категории", "Change categories"),
            "doneEditing": language.pick("Готово", "Done"),
            "changeShop": language.pick("Переименовать или объединить", "Rename or merge"),
            "undo": language.pick("Отменить", "Undo"),
            "clear": language.pick("Сбросить", "Clear"),
            "month": language.pick("Месяц", "Month"),
            "noStatistics": language.pick("Нет чеков за этот месяц", "No receipts in this month"),
            "import": language.pick("Импорт", "Import"),
            "shops": language.pick("Магазины", "Shops"),
            "shopsIntro": language.pick(
                "Магазины по расходам. Назовите магазин по-своему или объедините два в один: название и итоги меняются везде, и всё можно отменить.",
                "The shops by spending. Name a shop your way, or merge two into one: the name and the totals change everywhere, and each can be undone."
            ),
            "rename": language.pick("Переименовать", "Rename"),
            "save": language.pick("Сохранить", "Save"),
            "printedName": language.pick("Как в чеках", "As the receipts say"),
            "mergeInto": language.pick("Объединить с…", "Merge into…"),
            "merge": language.pick("Объединить", "Merge"),
            "noShops": language.pick(
                "Магазинов пока нет: сначала загрузите чеки.", "No shops yet: import receipts first."),
            "filesTitle": language.pick("Из файлов", "From files"),
            "dropFiles": language.pick(
                "Перетащите сюда файлы чеков, выгруженные из приложения ФНС «Проверка чеков» или из кабинета ОФД (JSON), письма с чеками (.eml) или почтовый ящик (mbox), или выберите их",
                "Drop receipt files exported from the tax service's app (Проверка чеков) or an OFD's account (JSON), letters with receipts (.eml) or a mailbox (mbox) here, or pick them"
            ),
            "dataTitle": language.pick("Сохранность данных", "Keeping the data"),
            "downloadBackup": language.pick(
                "Скачать проверенную копию базы", "Download a checked copy of the database"),
            "backingUp": language.pick("Копия готовится…", "Making the copy…"),
            "fnsTitle": language.pick("Из налоговой", "From the tax service"),
            "phone": language.pick("Телефон", "Phone"),
            "sendCode": language.pick("Прислать код по SMS", "Send the code by SMS"),
            "smsCode": language.pick("Код из SMS", "SMS code"),
            "inn": language.pick("Или ИНН", "Or INN"),
            "accountPassword": language.pick("Пароль личного кабинета", "Personal account password"),
            "fnsImportNow": language.pick("Загрузить чеки из налоговой", "Import from the tax service"),
            "lkdrTitle": language.pick("Из «Мои чеки онлайн»", "From «Мои чеки онлайн»"),
            "lkdrAbout": language.pick(
                "Веб-кабинет налоговой хранит все электронные чеки, присланные на ваш телефон или почту.",
                "The tax service's web cabinet keeps every electronic receipt sent to your phone or e-mail."),
            "refreshToken": language.pick("Или токен обновления из браузера", "Or a refresh token from the browser"),
            "lkdrImportNow": language.pick("Загрузить чеки из «Мои чеки онлайн»", "Import from «Мои чеки онлайн»"),
            "completeTitle": language.pick("Ожидающие чеки", "Pending receipts"),
            "source": language.pick("Откуда взять чеки", "Where to get them"),
            "sourceAuto": language.pick(
                "откуда получится: налоговая, если вы вошли, иначе proverkacheka.com",
                "wherever it can: the tax service when signed in, else proverkacheka.com"),
            "sourceFns": language.pick("налоговую", "the tax service"),
            "completeNow": language.pick("Дополнить ожидающие чеки", "Complete pending receipts"),
            "serverTitle": language.pick("С сервера чеков", "From a receipts server"),
            "serverOffer": language.pick("Загрузить с сервера чеков…", "Import from a receipts server…"),
            "importNow": language.pick("Загрузить чеки с сервера", "Import from the server"),
            "importing": language.pick("Импорт идёт…", "Importing…"),
            "signInTitle": language.pick("Вход на сервер чеков", "Sign in to the receipts server"),
            "login": language.pick("Логин", "Login"),
            "password": language.pick("Пароль", "Password"),
            "logIn": language.pick("Войти", "Sign in"),
            "register": language.pick("Создать учётную запись", "Create an account"),
            "anonymous": language.pick("Продолжить анонимно", "Go on anonymously"),
            "signInAgain": language.pick("Войти снова", "Sign in again"),
            "otherAccount": language.pick("Войти под другой учётной записью", "Use another account"),
            "offline": language.pick(
                "Нет связи с приложением. Проверьте соединение и повторите.",
                "The app cannot be reached. Check the connection and try again."),
            "retry": language.pick("Повторить", "Try again"),
        ]
    }
}
