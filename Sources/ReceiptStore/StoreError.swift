public import ReceiptCore

/// Why the local database could not be opened, read or written. The file is left as it was.
public enum StoreError: Error, Equatable, LocalizedMessage {
    /// The path cannot be opened as a file (a folder, a missing parent that cannot be made, no rights).
    case cannotOpen(path: String, reason: OpenFailure)
    /// There is no database file yet, and the command only reads.
    case missing(path: String)
    /// The file is not an SQLite database at all.
    case notADatabase(path: String)
    /// The file is an SQLite database, but damaged.
    case corrupt(path: String)
    /// A newer version of the tool wrote the file: these migrations are unknown to this one.
    case newerVersion(path: String, unknownMigrations: [String])
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// The disk is full.
    case diskFull(path: String)
    /// Another process holds the database locked for too long.
    case busy(path: String)
    /// A row holds what the schema does not allow (edited by hand, or damaged).
    case invalidRecord(path: String, row: String, reason: String)
    /// Anything else SQLite reported.
    case failed(path: String, reason: String)
    /// Receipts would have made a month's total pass what the database keeps (10¹³ ₽); none of
    /// them was saved.
    case totalsBeyondBounds(path: String, month: String)
    /// A backup was asked to replace the database it copies.
    case backupOverItself(path: String)
    /// The copy a backup wrote failed SQLite's integrity check (its first problems); it was removed.
    case backupFailedCheck(path: String, problems: [String])
    /// The database or the backup's target (or a log beside it) belongs to another user of the
    /// machine: it was neither read nor written.
    case foreignFile(path: String, owner: String)

    /// Names the file and what went wrong, and says what to do where there is something to do.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .cannotOpen(let path, let reason):
            let why = reason.message(in: language)
            return ru
                ? "не удаётся открыть базу чеков \(path): \(why)" : "cannot open the receipts database \(path): \(why)"
        case .invalidRecord(let path, let row, let reason):
            return ru
                ? "в базе чеков \(path) неверная запись \(row): \(reason); файл не изменён"
                : "the receipts database \(path) has an invalid row \(row): \(reason); the file was not changed"
        case .missing(let path):
            return ru
                ? "базы чеков ещё нет (\(path)) — загрузите чеки: `receipts import ФАЙЛ` (выгрузка приложения налоговой), "
                    + "`receipts fns import` или `receipts import` с сервера; попробовать на примере — `receipts demo` "
                    + "(или укажите другой файл через --db)"
                : "no database yet at \(path) — bring receipts in: `receipts import FILE` (the tax service app's export), "
                    + "`receipts fns import` or `receipts import` from a server; to try it on an example, `receipts demo` "
                    + "(or choose another file with --db)"
        case .backupOverItself(let path):
            return ru
                ? "\(path) — это сама база чеков; копию пишите в другой файл"
                : "\(path) is the receipts database itself; write the copy to another file"
        case .backupFailedCheck(let path, let problems):
            let list = problems.joined(separator: "; ")
            return ru
                ? "копия базы для \(path) не прошла проверку целостности (\(list)); она удалена, база не изменена"
                : "the copy for \(path) failed the integrity check (\(list)); it was removed and the database left as it is"
        case .foreignFile(let path, let owner):
            return ForeignFile(path: path, owner: owner).message(in: language)
        case .notADatabase(let path):
            return ru
                ? "\(path) — не база данных SQLite; укажите другой файл через --db"
                : "\(path) is not an SQLite database; choose another file with --db"
        case .corrupt(let path):
            return ru
                ? "база чеков \(path) повреждена; файл оставлен как есть — восстановите его из копии"
                : "the receipts database \(path) is damaged; the file was left as it is: restore it from a copy"
        case .newerVersion(let path, let migrations):
            let list = migrations.joined(separator: ", ")
            return ru
                ? "база чеков \(path) записана более новой версией receipts (\(list)); обновите программу — файл не изменён"
                : "the receipts database \(path) was written by a newer receipts (\(list)); update the tool — the file was not changed"
        case .readOnly(let path):
            return ru
                ? "базу чеков \(path) нельзя изменить: нет прав на запись в файл или папку"
                : "the receipts database \(path) cannot be written: no write permission on the file or its folder"
        case .diskFull(let path):
            return ru
                ? "на диске нет места для базы чеков \(path); ничего не записано"
                : "the disk holding \(path) is full; nothing was written"
        case .busy(let path):
            return ru
                ? "база чеков \(path) занята другим процессом receipts; попробуйте ещё раз"
                : "the receipts database \(path) is locked by another receipts process; try again"
        case .totalsBeyondBounds(let path, let month):
            return ru
                ? "чеки подняли бы сумму за \(month) выше 10 000 000 000 000 ₽ — они не сохранены, база \(path) не изменена"
                : "the receipts would take the total of \(month) beyond 10,000,000,000,000 ₽: none was saved, \(path) is unchanged"
        case .failed(let path, let reason):
            return ru ? "ошибка базы чеков \(path): \(reason)" : "receipts database error in \(path): \(reason)"
        }
    }
}

extension StoreError {
    /// Why a path could not be opened as a database file.
    public enum OpenFailure: Sendable, Equatable, LocalizedMessage {
        case isFolder
        /// A device, a pipe or a socket: nothing a database can live in.
        case notRegularFile
        case noPermission
        case system(String)

        /// The reason as it ends ``StoreError/cannotOpen(path:reason:)``'s message.
        public func message(in language: Language) -> String {
            switch (self, language) {
            case (.isFolder, .russian): return "это папка, а не файл"
            case (.isFolder, .english): return "it is a folder, not a file"
            case (.notRegularFile, .russian): return "это устройство или канал, а не обычный файл"
            case (.notRegularFile, .english): return "it is a device or a pipe, not a regular file"
            case (.noPermission, .russian): return "нет прав доступа"
            case (.noPermission, .english): return "permission denied"
            case (.system(let text), _): return text
            }
        }
    }
}
