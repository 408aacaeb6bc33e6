import Foundation
import ReceiptCore
import ReceiptStore

// The words of `receipts backup`, in Russian and English.
extension HelpText {
    static var backupAbstract: String {
        pick(
            "Записать проверенную копию всей базы чеков в файл.",
            "Write a checked copy of the whole receipts database to a file.")
    }
    static var backupDiscussion: String {
        pick(
            "Копия снимается целиком в один момент, даже когда другие команды (import, web) в это время "
                + "пишут в базу, и проверяется PRAGMA integrity_check, прежде чем занять место ПУТИ. Существующий "
                + "файл заменяется только с --force. ПУТЬ-папка — копия ложится в неё под именем базы.\n\n"
                + "Пример:\n  receipts backup ~/backups/receipts-2026-11.sqlite",
            "The copy is taken whole at one moment, even while other commands (import, web) write to the "
                + "database, and checked with PRAGMA integrity_check before it takes PATH's place. An existing "
                + "file is replaced only with --force. When PATH is a folder, the copy goes into it under the "
                + "database's name.\n\nExample:\n  receipts backup ~/backups/receipts-2026-11.sqlite")
    }
    static var backupPathHelp: String {
        pick("Файл копии (или папка для неё).", "The copy's file (or a folder for it).")
    }
    static var forceHelp: String { pick("Заменить существующий файл.", "Replace an existing file.") }
}

extension Words {
    func backupExists(_ path: String) -> String {
        pick(
            "\(path) уже существует; чтобы заменить его, добавьте --force",
            "\(path) already exists; add --force to replace it")
    }
    func noBackupFolder(_ folder: String) -> String {
        pick(
            "папки \(folder) нет; создайте её или укажите другую",
            "there is no folder \(folder); create it or choose another")
    }
    func backedUp(_ backup: DatabaseBackup) -> String {
        let size = language.byteSize(backup.bytes)
        return pick(
            "Копия \(backup.path) записана и проверена: \(backup.receipts) \(russianReceiptsWord(backup.receipts)), \(size).",
            "Backup \(backup.path) written and checked: \(backup.receipts) receipt\(backup.receipts == 1 ? "" : "s"), \(size)."
        )
    }
}
