// The words of `receipts qr` and its subcommands, in Russian and English.
extension HelpText {
    // MARK: qr
    static var qrAbstract: String { pick("QR-коды кассовых чеков.", "The QR codes of fiscal receipts.") }

    // MARK: qr parse

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
        pick("Пикселей на модуль QR-кода, 1–64.", "Pixels per QR module, 1–64.")
    }
    static var renderSourceHelp: String {
        pick(
            "Содержимое QR-кода, номер чека в базе (как в list и show) или ФН/ФД/ФП чека из базы.",
            "A QR payload, a receipt's id in the database (as list and show give it), or fn/i/fp of one there.")
    }
    static func badScale(_ scale: Int) -> String {
        pick("--scale \(scale): нужно целое от 1 до 64", "--scale \(scale): give a whole number from 1 to 64")
    }
}

extension Words {
    var canonicalLabel: String { pick("Нормальный вид", "Normal form") }
    var emptyStandardInput: String {
        pick("на стандартном вводе ничего нет", "standard input is empty")
    }

    // MARK: qr render

    func rendered(_ path: String, side: Int, canonical: String) -> String {
        pick(
            "QR-код \(side)×\(side) записан в \(path): \(canonical)",
            "Wrote a \(side)×\(side) QR code to \(path): \(canonical)")
    }
    func cannotWrite(_ path: String, _ reason: String) -> String {
        pick("не удаётся записать \(path): \(reason)", "cannot write \(path): \(reason)")
    }
    func usingDatabase(_ path: String) -> String { pick("база чеков: \(path)", "receipts database: \(path)") }
    func noSuchReceipt(_ identity: String, _ path: String) -> String {
        pick("чека \(identity) нет в базе \(path)", "no receipt \(identity) in \(path)")
    }
}
