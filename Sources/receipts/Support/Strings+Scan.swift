import Foundation
import ReceiptCore

extension Strings {
    // MARK: scan

    static var scanAbstract: String {
        pick("Прочитать QR-коды чеков на фотографиях.", "Read the QR codes of receipts in photos.")
    }
    static var scanDiscussion: String {
        pick(
            "Читает PNG, JPEG (с учётом поворота из EXIF), WebP и PGM/PPM; папки обходятся рекурсивно. Для каждого "
                + "снимка — найденные коды чеков или причина, почему их нет. Снимки читаются параллельно на всех ядрах. "
                + "С --add каждый чек добавляется: в учётную запись на сервере, если вход выполнен, иначе в локальную "
                + "базу как ожидающий (дата и сумма из кода); дважды чек не добавляется.\n\n"
                + "Код выхода 0, если на каждом снимке нашёлся код чека, иначе 6.\n\n"
                + "Пример:\n  receipts scan Data/samples --add",
            "Reads PNG, JPEG (turned as its EXIF orientation says), WebP and PGM/PPM; folders are walked recursively. "
                + "For each image, the receipt codes found in it or why there are none. Images are read in parallel on "
                + "all cores. With --add each receipt is added: to the account on the server when logged in, else to "
                + "the local database as pending (date and total from the code); never twice.\n\n"
                + "Exits with 0 when every image gave a receipt code, else 6.\n\n"
                + "Example:\n  receipts scan Data/samples --add")
    }
    static var scanAddHelp: String {
        pick(
            "Добавить найденные чеки (на сервер, если вход выполнен, иначе в локальную базу).",
            "Add the receipts found (to the server when logged in, else to the local database).")
    }
    static var scanPathsHelp: String {
        pick("Снимки и папки со снимками.", "Image files and folders of them.")
    }
    static var scanNeedsPaths: String {
        pick("укажите снимки или папки со снимками", "name image files or folders of them")
    }
    static func noImagesIn(_ paths: String) -> String {
        pick("в \(paths) нет снимков (PNG, JPEG, WebP, PGM/PPM)", "no images (PNG, JPEG, WebP, PGM/PPM) in \(paths)")
    }
    static func cannotReadImage(_ file: String) -> String {
        pick("не удаётся прочитать файл \(file)", "cannot read the file \(file)")
    }
    static func scanTime(_ count: Int, seconds: Double) -> String {
        let time = String(format: "%.2f", seconds)
        return pick("прочитано снимков: \(count) за \(time) с", "read \(count) images in \(time) s")
    }
    static var noCodeFound: String {
        pick("QR-код не найден", "no QR code found")
    }
    static func notFiscal(_ text: String) -> String {
        pick("QR-код не от чека: \(text)", "a QR code that is not a receipt's: \(text)")
    }
    static func unreadable(_ reason: String) -> String {
        pick("не читается: \(reason)", "unreadable: \(reason)")
    }
    static func imagesWithoutCode(_ missing: Int, of total: Int) -> String {
        pick("без кода чека снимков: \(missing) из \(total)", "\(missing) of \(total) images gave no receipt code")
    }

    // MARK: add

    static var addAbstract: String {
        pick("Добавить чек по содержимому его QR-кода.", "Add a receipt by the payload of its QR code.")
    }
    static var addDiscussion: String {
        pick(
            "Если вход на сервер выполнен, чек добавляется в учётную запись (и в локальную базу, как его вернул "
                + "сервер); иначе — в локальную базу как ожидающий, с датой и суммой из кода. Дважды чек не добавляется."
                + "\n\nПример:\n  receipts add --qr 't=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1'",
            "When logged in, the receipt is added to the account on the server (and to the local database as the "
                + "server returns it); otherwise to the local database as pending, with the date and total from the "
                + "code. A receipt is never added twice.\n\n"
                + "Example:\n  receipts add --qr 't=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1'"
        )
    }
    static var addQRHelp: String {
        pick("Содержимое QR-кода чека.", "The payload of the receipt's QR code.")
    }
    static func addingToServer(_ server: URL) -> String {
        pick("чеки добавляются на сервер \(server.absoluteString)", "adding receipts on \(server.absoluteString)")
    }
    static func addingLocally(_ path: String) -> String {
        pick("вход не выполнен: чеки добавляются в базу \(path)", "not logged in: adding receipts to \(path)")
    }
    static func addedShort(_ outcome: AddOutcome) -> String {
        switch outcome {
        case .addedToServer: return pick("добавлен на сервер", "added to the server")
        case .onServerAlready: return pick("уже на сервере", "already on the server")
        case .addedPending: return pick("добавлен, ожидает данных", "added, pending")
        case .inDatabaseAlready: return pick("уже в базе", "already in the database")
        }
    }
    static func added(_ outcome: AddOutcome, canonical: String) -> String {
        let what = addedShort(outcome)
        return what.prefix(1).uppercased() + what.dropFirst() + ": " + canonical
    }
}
