import ReceiptAPI
import ReceiptSync

// The words of `receipts import`, in Russian and English.
extension HelpText {
    static var importAbstract: String {
        pick(
            "Загрузить чеки с сервера (или из файлов ФНС и ОФД).",
            "Import receipts from the server (or from tax service and OFD files).")
    }
    static var importDiscussion: String {
        pick(
            "Без файлов забирает чеки учётной записи по 50 за страницу, пока они не кончатся; каждая страница пишется "
                + "вместе с позицией синхронизации, поэтому прерванный импорт продолжается с того же места, а повторный "
                + "переносит только изменения. С файлами — импортирует экспорт приложений ФНС и ОФД (JSON).",
            "Without files it pulls the account's receipts 50 a page until none are left; each page is written together "
                + "with the sync position, so an interrupted import resumes where it stopped and a later one moves only "
                + "what changed. With files it imports the JSON the tax service's and OFDs' apps export.")
    }
    static var importFilesHelp: String { pick("Файлы экспорта (JSON).", "Exported files (JSON).") }
}

extension Words {
    func importingAs(_ session: SavedSession) -> String {
        switch session.kind {
        case .anonymous:
            return pick("импорт (анонимно) с \(session.server)", "importing (anonymous) from \(session.server)")
        case .authorized:
            let login = session.login ?? ""
            return pick("импорт для \(login) с \(session.server)", "importing for \(login) from \(session.server)")
        }
    }
    var sessionDiedQuestion: String {
        pick(
            "Сессия закончилась. Войти снова (л), продолжить анонимно (а) или прекратить (Enter)? ",
            "The session has ended. Log in again (l), go on anonymously (a), or stop (Enter)? ")
    }
    func imported(_ summary: ImportSummary) -> String { summary.message(in: language) }
    func importedFiles(_ summary: ImportSummary, files: Int) -> String {
        summary.filesMessage(files: files, in: language)
    }
    func importKept(_ receipts: Int) -> String {
        pick(
            "Записано чеков: \(receipts); они сохранены, и повторный receipts import продолжит с этого места.",
            "\(receipts) receipts were written and are kept; running receipts import again goes on from there.")
    }
    func cannotReadFile(_ reason: String) -> String {
        pick("не удаётся прочитать: \(reason)", "cannot read: \(reason)")
    }
    var noSuchFile: String { pick("нет такого файла", "no such file") }
    func fileFailed(_ file: String, _ reason: String) -> String { "\(file): \(reason)" }
}
