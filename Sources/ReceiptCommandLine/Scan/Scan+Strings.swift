import Foundation

// The words of `receipts scan`, in Russian and English.
extension HelpText {
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
    static var scanCompleteNeedsAdd: String {
        pick("--complete идёт вместе с --add", "--complete goes with --add")
    }
}

extension Words {
    func noImagesIn(_ paths: String) -> String {
        pick("в \(paths) нет снимков (PNG, JPEG, WebP, PGM/PPM)", "no images (PNG, JPEG, WebP, PGM/PPM) in \(paths)")
    }
    var noSuchImage: String { pick("нет такого файла", "no such file") }
    func cannotReadImage(_ file: String) -> String {
        pick("не удаётся прочитать файл \(file)", "cannot read the file \(file)")
    }
    func scanTime(_ count: Int, seconds: Double) -> String {
        let time = String(format: "%.2f", seconds)
        return pick("прочитано снимков: \(count) за \(time) с", "read \(count) images in \(time) s")
    }
    var noCodeFound: String {
        pick("QR-код не найден", "no QR code found")
    }
    func notFiscal(_ text: String) -> String {
        pick("QR-код не от чека: \(text)", "a QR code that is not a receipt's: \(text)")
    }
    func unreadable(_ reason: String) -> String {
        pick("не читается: \(reason)", "unreadable: \(reason)")
    }
    var scanFile: String { pick("Файл", "File") }
    var scanDate: String { pick("Дата", "Date") }
    var scanTotal: String { pick("Сумма", "Total") }
    var scanOperation: String { pick("Операция", "Operation") }
    /// `3 images: 2 receipt codes, 1 without a code, 0 unreadable`.
    func scanSummary(images: Int, codes: Int, without: Int, unreadable: Int) -> String {
        var parts = [pick("кодов чеков: \(codes)", "receipt codes: \(codes)")]
        if without > 0 { parts.append(pick("без кода чека: \(without)", "without a receipt code: \(without)")) }
        if unreadable > 0 { parts.append(pick("не читаются: \(unreadable)", "unreadable: \(unreadable)")) }
        return pick("Снимков: \(images); ", "Images: \(images); ") + parts.joined(separator: ", ") + "."
    }
    func imagesWithoutCode(_ missing: Int, of total: Int) -> String {
        pick("без кода чека снимков: \(missing) из \(total)", "\(missing) of \(total) images gave no receipt code")
    }
}
