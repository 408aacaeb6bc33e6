import ReceiptServer

// The words of `receipts serve`, in Russian and English.
// `receipts demo` shares the words about the demo data.
extension HelpText {
    static var serveAbstract: String {
        pick("Запустить сервер чеков на этой машине.", "Run the receipts server on this machine.")
    }
    static var serveDiscussion: String {
        pick(
            "Хранит данные в файле SQLite или в базе PostgreSQL (--db); несколько серверов на одной базе "
                + "PostgreSQL работают как один. С --demo заполняет "
                + "базу демо-данными: учётная запись demo / demo, два года чеков, магазины Москвы.\n\n"
                + "Примеры:\n  receipts serve --demo --port 8080\n"
                + "  PGPASSWORD=… receipts serve --db postgresql://receipts@db:5432/receipts --host 0.0.0.0",
            "Keeps its data in an SQLite file or a PostgreSQL database (--db); several servers on one "
                + "PostgreSQL database act as one. With --demo it seeds demo "
                + "data: the account demo / demo, two years of receipts, shops over Moscow.\n\n"
                + "Examples:\n  receipts serve --demo --port 8080\n"
                + "  PGPASSWORD=… receipts serve --db postgresql://receipts@db:5432/receipts --host 0.0.0.0")
    }
    static var hostHelp: String {
        pick("Адрес, на котором слушать.", "The address to listen on.")
    }
    static var portHelp: String {
        pick("Порт (0 — любой свободный).", "The port (0 for any free one).")
    }
    static var serverDBHelp: String {
        pick(
            "Файл базы сервера или адрес PostgreSQL postgresql://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?sslmode=…] "
                + "(пароль — также из PGPASSWORD, пользователь — из PGUSER); или RECEIPTS_SERVER_DB; "
                + "по умолчанию $XDG_DATA_HOME/receipts/server.sqlite.",
            "The server's database file, or a PostgreSQL URL postgresql://USER[:PASSWORD]@HOST[:PORT]/DBNAME"
                + "[?sslmode=…] (the password also from PGPASSWORD, the user from PGUSER); or RECEIPTS_SERVER_DB; "
                + "default $XDG_DATA_HOME/receipts/server.sqlite.")
    }
    static var completeWithHelp: String {
        pick(
            "Дополнять ожидающие чеки в фоне: через налоговую (сессия receipts fns login) или proverkacheka.com "
                + "(токен RECEIPTS_PROVERKACHEKA_TOKEN).",
            "Complete pending receipts in the background: through the tax service (the session of receipts fns "
                + "login) or proverkacheka.com (the token in RECEIPTS_PROVERKACHEKA_TOKEN).")
    }
    static var demoHelp: String { pick("Заполнить базу демо-данными.", "Seed the demo data.") }
    static var seedHelp: String { pick("Зерно демо-данных.", "The demo data's seed.") }
    static var demoReceiptsHelp: String {
        pick(
            "Сколько всего чеков в демо (по умолчанию около 40 в месяц).",
            "How many demo receipts in all (default about 40 a month).")
    }
    static var placesFileHelp: String {
        pick(
            "Загрузить магазины из CSV (id,name,lat,lon,category,address) или GeoJSON; можно несколько раз.",
            "Load places from CSV (id,name,lat,lon,category,address) or GeoJSON; may be repeated.")
    }
    static var sessionDaysHelp: String {
        pick("Срок жизни сессии в днях.", "Session lifetime in days.")
    }
    static var bcryptCostHelp: String {
        pick("Стоимость bcrypt для паролей.", "bcrypt cost for passwords.")
    }
    static var logFormatHelp: String {
        pick(
            "Формат журнала: logfmt (ключ=значение) или json (объект на строку); в каждой строке запроса его request_id.",
            "The log's format: logfmt (key=value) or json (an object a line); each line of a request has its request_id."
        )
    }
    static func badPort(_ port: Int) -> String {
        pick("--port \(port): нужно число от 0 до 65535", "--port \(port): give a number from 0 to 65535")
    }
    static var badBcryptCost: String { pick("--bcrypt-cost: нужно от 4 до 16", "--bcrypt-cost: give 4 to 16") }
    static var badSessionDays: String {
        pick("--session-days: нужно больше 0 и не больше 3650", "--session-days: give more than 0, at most 3650")
    }
    static var badDemoReceipts: String {
        pick("--demo-receipts: нужно от 1 до 2000000", "--demo-receipts: give 1 to 2000000")
    }
    static var trustedProxyHelp: String {
        pick(
            "Прокси или балансировщик, которому верить (адрес или блок вида 10.0.0.0/8; можно несколько): адрес "
                + "клиента берётся из заголовка, который он пишет (--forwarded-header), а куки сессии помечаются "
                + "«только по шифрованному соединению», когда клиент пришёл к прокси по такому.",
            "A proxy or load balancer to believe (an address or a CIDR block; may be repeated): the client's "
                + "address is taken from the header it writes (--forwarded-header), cookies are Secure when it was "
                + "reached by https.")
    }
    static var forwardedHeaderHelp: String {
        pick(
            "Заголовок, в котором доверенный прокси называет клиента: x-forwarded-for (схема — из "
                + "X-Forwarded-Proto; так пишут nginx, HAProxy и Caddy) или forwarded (RFC 7239). Другой "
                + "заголовок не читается: прокси передаёт его от клиента нетронутым.",
            "The header the trusted proxy names the client in: x-forwarded-for (the scheme from X-Forwarded-Proto; "
                + "what nginx, HAProxy and Caddy write) or forwarded (RFC 7239). The other header is not read: the "
                + "proxy passes it on from the client untouched.")
    }
    static var allowedHostHelp: String {
        pick(
            "Имя, под которым сервер доступен (в заголовке запроса); адреса и имя этой машины разрешены всегда.",
            "A name the server is reached by (the Host header); addresses and localhost are always allowed.")
    }
    static var addsPerHourHelp: String {
        pick("Сколько чеков аккаунт может добавить за час.", "How many receipts an account may add in an hour.")
    }
    static var addsPerDayHelp: String {
        pick("Сколько чеков аккаунт может добавить за сутки.", "How many receipts an account may add in a day.")
    }
    static var providerCallsHelp: String {
        pick(
            "Сколько запросов к поставщику (--complete-with) могут вызвать чеки одного аккаунта за сутки.",
            "How many provider calls (--complete-with) one account's receipts may cause in a day.")
    }
    static var answerCacheHelp: String {
        pick(
            "Сколько мегабайт страниц ленты держать в памяти, чтобы отдавать их снова, пока в них ничего не "
                + "изменилось; 0 — не держать.",
            "How many megabytes of feed pages to keep in memory, answered again while nothing on them has "
                + "changed; 0 keeps none.")
    }
    static var badAnswerCache: String {
        pick("--answer-cache: нужно от 0 до 4096 (мегабайт)", "--answer-cache: give 0 to 4096 (megabytes)")
    }
    static var megabytesValue: String { pick("МБ", "MB") }
    static func badAllowedHost(_ name: String) -> String {
        pick(
            "--allowed-host «\(name)»: нужно имя узла, например receipts.example.org",
            "--allowed-host “\(name)”: give a host name such as receipts.example.org")
    }
    static func badLimit(_ option: String, _ value: Int) -> String {
        pick("\(option) \(value): нужно от 1 до 1000000", "\(option) \(value): give 1 to 1000000")
    }
    static var hostValue: String { pick("адрес", "host") }
    static var blockValue: String { pick("блок", "CIDR") }
    static var portValue: String { pick("порт", "port") }
    static var daysValue: String { pick("дни", "days") }
    static func badTrustedProxy(_ text: String) -> String {
        pick(
            "--trusted-proxy \(text): нужен адрес или блок, например 10.0.0.0/8 или 2001:db8::/32",
            "--trusted-proxy \(text): give an address or a block such as 10.0.0.0/8 or 2001:db8::/32")
    }
}

extension Words {
    func portInUse(_ port: Int, host: String) -> String {
        pick(
            "порт \(port) на \(host) занят другой программой: выберите другой с --port (--port 0 — любой свободный)",
            "port \(port) on \(host) is taken by another program: choose another with --port (--port 0 for any free one)"
        )
    }
    func cannotOpenServerDatabase(_ path: String, _ reason: String) -> String {
        pick("не удаётся открыть базу сервера \(path): \(reason)", "cannot open the server database \(path): \(reason)")
    }
    func loadedPlaces(_ count: Int, _ path: String) -> String {
        pick("загружено магазинов из \(path): \(count)", "loaded \(count) places from \(path)")
    }
    var passwordInArguments: String {
        pick(
            "внимание: пароль в --db виден всем пользователям машины (ps); задайте его в PGPASSWORD или ~/.pgpass, "
                + "или весь адрес в RECEIPTS_SERVER_DB",
            "warning: the password in --db is visible to every user of this machine (ps); give it in PGPASSWORD or "
                + "~/.pgpass, or the whole URL in RECEIPTS_SERVER_DB")
    }
    func beyondLoopback(_ host: String, proxied: Bool) -> String {
        let plain = pick(
            "внимание: сервер слушает \(host), не только эту машину, и говорит по HTTP без шифрования: "
                + "пароли и cookie идут открытым текстом, пока перед ним нет прокси с TLS.",
            "warning: the server listens on \(host), beyond this machine, and speaks plain HTTP: passwords and "
                + "cookies travel in clear unless a TLS proxy stands in front.")
        if proxied { return plain }
        return plain
            + pick(
                " Если прокси или балансировщик есть, назовите его в --trusted-proxy: иначе все клиенты — один "
                    + "адрес, и ограничения входа действуют на всех сразу.",
                " If a proxy or load balancer stands in front, name it with --trusted-proxy: otherwise every "
                    + "client is one address, and the login limits act on all of them together.")
    }
    func demoNotLoopback(_ host: String) -> String {
        pick(
            "внимание: демо-учётная запись demo / demo доступна всем, кто видит \(host)",
            "warning: the demo account demo / demo is open to anyone who can reach \(host)")
    }
    func demoSeeded(_ summary: DemoSummary) -> String {
        let sample = summary.sampleQR.map { pick("\nпопробуйте добавить: \($0)", "\ntry adding: \($0)") } ?? ""
        if !summary.seeded {
            return pick("демо-данные уже есть (вход demo / demo)", "demo data already present (log in as demo / demo)")
                + sample
        }
        return pick(
            "демо: вход demo / demo, чеков \(summary.receipts), магазинов \(summary.places)",
            "demo: log in as demo / demo; \(summary.receipts) receipts, \(summary.places) places") + sample
    }
    func serving(host: String, port: Int, database: String) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return pick(
            "сервер чеков: http://\(shown):\(port) (база \(database))",
            "receipts server on http://\(shown):\(port) (database \(database))")
    }
}
