import Foundation
import ReceiptCore
import ReceiptServer

/// The command line's own texts, each in Russian and English side by side.
///
/// The language is fixed once per run (``language``): help texts are built before the arguments are
/// parsed, so it comes from the raw `--lang`, then `RECEIPTS_LANG`, then the locale variables.
enum Strings {
    static let language = Language.preferred(
        arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)

    static func pick(_ russian: String, _ english: String) -> String {
        language == .russian ? russian : english
    }

    // MARK: Root and global options

    static var rootAbstract: String {
        pick(
            "Кассовые чеки: импорт, хранение без сети, статистика расходов, QR-коды и магазины рядом.",
            "Shop receipts: import, offline storage, spending statistics, QR codes and nearby shops.")
    }
    static var rootDiscussion: String {
        pick(
            "Общие параметры каждой команды: --db, --server, --lang, --quiet, --verbose "
                + "(подробно: receipts <команда> --help).\n\n"
                + "Коды выхода: 0 — успех, 1 — сбой, 2 — ошибка в командной строке, 3 — не найдено, "
                + "4 — нет связи с сервером, 5 — нужен вход, 6 — неверные входные данные.",
            "Every command takes --db, --server, --lang, --quiet and --verbose (see receipts <command> --help).\n\n"
                + "Exit codes: 0 ok, 1 failure, 2 usage error, 3 not found, 4 network unreachable, "
                + "5 authentication needed, 6 invalid input data.")
    }
    static var globalOptionsTitle: String { pick("Общие параметры", "Global options") }
    static var dbHelp: String {
        pick(
            "Файл базы чеков (или RECEIPTS_DB; по умолчанию $XDG_DATA_HOME/receipts/receipts.sqlite).",
            "The receipts database file (or RECEIPTS_DB; default $XDG_DATA_HOME/receipts/receipts.sqlite).")
    }
    static var serverHelp: String {
        pick(
            "Адрес сервера чеков (или RECEIPTS_SERVER; по умолчанию \(GlobalOptions.defaultServer)).",
            "The receipts server's address (or RECEIPTS_SERVER; default \(GlobalOptions.defaultServer)).")
    }
    static var langHelp: String {
        pick(
            "Язык сообщений (или RECEIPTS_LANG, иначе LANG).", "The language of messages (or RECEIPTS_LANG, else LANG)."
        )
    }
    static var quietHelp: String { pick("Печатать только результат и ошибки.", "Print only results and errors.") }
    static var verboseHelp: String { pick("Рассказывать подробно, что происходит.", "Tell in detail what happens.") }
    static var jsonHelp: String {
        pick("Вывести JSON (суммы — целые копейки).", "Print JSON (amounts as whole kopecks).")
    }
    static var quietAndVerbose: String {
        pick("--quiet и --verbose вместе не бывают: выберите одно.", "--quiet and --verbose contradict: choose one.")
    }
    static func badServerURL(_ text: String) -> String {
        pick(
            "«\(text)» — не адрес сервера: нужен http:// или https:// с именем хоста, например \(GlobalOptions.defaultServer)",
            "“\(text)” is not a server address: give http:// or https:// with a host, for example \(GlobalOptions.defaultServer)"
        )
    }

    static var pathValue: String { pick("путь", "path") }
    static var urlValue: String { pick("адрес", "url") }
    static var payloadValue: String { pick("код", "payload") }

    // MARK: qr

    static var qrAbstract: String { pick("QR-коды кассовых чеков.", "The QR codes of fiscal receipts.") }
    static var qrParseAbstract: String {
        pick(
            "Разобрать содержимое QR-кода чека, проверить каждое поле и привести к одному виду.",
            "Read a receipt's QR payload, check every field and print its normal form.")
    }
    static var qrParseDiscussion: String {
        pick(
            "Принимает поля в любом порядке, время с секундами и без, сумму с точкой, запятой или без копеек, "
                + "адрес ОФД вокруг кода (https://…?t=…) и текст, набранный сканером в русской раскладке. "
                + "Неверное поле — код выхода 6 и сообщение, какое поле и что с ним не так.\n\n"
                + "Пример:\n  receipts qr parse 't=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1'",
            "Accepts fields in any order, times with or without seconds, totals with a point, a comma or no "
                + "decimals, an OFD address around the code (https://…?t=…) and text a scanner typed in the Russian "
                + "keyboard layout. A bad field exits with 6 and a message naming the field and what is wrong.\n\n"
                + "Example:\n  receipts qr parse 't=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1'"
        )
    }
    static var payloadHelp: String {
        pick(
            "Содержимое QR-кода; «-» — прочитать из стандартного ввода.",
            "The QR payload; “-” reads it from standard input.")
    }
    static var canonicalLabel: String { pick("Нормальный вид", "Normal form") }
    static var emptyStandardInput: String {
        pick("на стандартном вводе ничего нет", "standard input is empty")
    }

    static var qrRenderAbstract: String {
        pick("Нарисовать QR-код чека в файл PNG.", "Draw a receipt's QR code into a PNG file.")
    }
    static var qrRenderDiscussion: String {
        pick(
            "Источник — содержимое QR-кода (оно проверяется и приводится к нормальному виду) или чек из локальной "
                + "базы, указанный как ФН/ФД/ФП.\n\nПример:\n  receipts qr render 9251440300007971/141637/4087570038 -o check.png",
            "The source is a QR payload (checked and written in its normal form) or a receipt of the local database "
                + "given as fn/i/fp.\n\nExample:\n  receipts qr render 9251440300007971/141637/4087570038 -o receipt.png"
        )
    }
    static var renderOutputHelp: String { pick("Куда записать PNG.", "Where to write the PNG.") }
    static var renderScaleHelp: String {
        pick("Пикселей на модуль QR-кода, 1–64 (по умолчанию 8).", "Pixels per QR module, 1–64 (default 8).")
    }
    static var renderSourceHelp: String {
        pick(
            "Содержимое QR-кода, номер чека в базе (как в list и show) или ФН/ФД/ФП чека из базы.",
            "A QR payload, a receipt's id in the database (as list and show give it), or fn/i/fp of one there.")
    }
    static func badScale(_ scale: Int) -> String {
        pick("--scale \(scale): нужно целое от 1 до 64", "--scale \(scale): give a whole number from 1 to 64")
    }
    static func rendered(_ path: String, side: Int, canonical: String) -> String {
        pick(
            "QR-код \(side)×\(side) записан в \(path): \(canonical)",
            "Wrote a \(side)×\(side) QR code to \(path): \(canonical)")
    }
    static func cannotWrite(_ path: String, _ reason: String) -> String {
        pick("не удаётся записать \(path): \(reason)", "cannot write \(path): \(reason)")
    }
    static func usingDatabase(_ path: String) -> String { pick("база чеков: \(path)", "receipts database: \(path)") }
    static func noSuchReceipt(_ identity: String, _ path: String) -> String {
        pick("чека \(identity) нет в базе \(path)", "no receipt \(identity) in \(path)")
    }

    // MARK: serve

    static var serveAbstract: String {
        pick("Запустить сервер чеков на этой машине.", "Run the receipts server on this machine.")
    }
    static var serveDiscussion: String {
        pick(
            "Хранит данные в SQLite (--db; по умолчанию $XDG_DATA_HOME/receipts/server.sqlite). С --demo заполняет "
                + "базу демо-данными: учётная запись demo / demo, два года чеков, магазины Москвы.\n\n"
                + "Пример:\n  receipts serve --demo --port 8080",
            "Keeps its data in SQLite (--db; default $XDG_DATA_HOME/receipts/server.sqlite). With --demo it seeds demo "
                + "data: the account demo / demo, two years of receipts, shops over Moscow.\n\n"
                + "Example:\n  receipts serve --demo --port 8080")
    }
    static var hostHelp: String {
        pick("Адрес, на котором слушать (по умолчанию 127.0.0.1).", "The address to listen on (default 127.0.0.1).")
    }
    static var portHelp: String {
        pick("Порт (по умолчанию 8080; 0 — любой свободный).", "The port (default 8080; 0 for any free one).")
    }
    static var demoHelp: String { pick("Заполнить базу демо-данными.", "Seed the demo data.") }
    static var seedHelp: String { pick("Зерно демо-данных (по умолчанию 1).", "The demo data's seed (default 1).") }
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
        pick("Срок жизни сессии в днях (по умолчанию 30).", "Session lifetime in days (default 30).")
    }
    static var bcryptCostHelp: String {
        pick("Стоимость bcrypt для паролей (по умолчанию 12).", "bcrypt cost for passwords (default 12).")
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
    static func cannotOpenServerDatabase(_ path: String, _ reason: String) -> String {
        pick("не удаётся открыть базу сервера \(path): \(reason)", "cannot open the server database \(path): \(reason)")
    }
    static func loadedPlaces(_ count: Int, _ path: String) -> String {
        pick("загружено магазинов из \(path): \(count)", "loaded \(count) places from \(path)")
    }
    static func demoNotLoopback(_ host: String) -> String {
        pick(
            "внимание: демо-учётная запись demo / demo доступна всем, кто видит \(host)",
            "warning: the demo account demo / demo is open to anyone who can reach \(host)")
    }
    static func demoSeeded(_ summary: DemoSummary) -> String {
        let sample = summary.sampleQR.map { pick("\nпопробуйте добавить: \($0)", "\ntry adding: \($0)") } ?? ""
        if !summary.seeded {
            return pick("демо-данные уже есть (вход demo / demo)", "demo data already present (log in as demo / demo)")
                + sample
        }
        return pick(
            "демо: вход demo / demo, чеков \(summary.receipts), магазинов \(summary.places)",
            "demo: log in as demo / demo; \(summary.receipts) receipts, \(summary.places) places") + sample
    }
    static func serving(host: String, port: Int, database: String) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return pick(
            "сервер чеков: http://\(shown):\(port) (база \(database))",
            "receipts server on http://\(shown):\(port) (database \(database))")
    }

    // MARK: Failures

    static var errorPrefix: String { pick("ошибка", "error") }
    static var usagePrefix: String { pick("ошибка в командной строке", "usage error") }
}
