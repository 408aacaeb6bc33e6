import Foundation

// The words of `receipts mail` and its subcommand, in Russian and English.
extension HelpText {
    static var mailAbstract: String {
        pick("Чеки из писем: магазины и ОФД присылают их на почту.", "Receipts from e-mail: shops and OFDs send them.")
    }
    static var mailDiscussion: String {
        pick(
            "Находит чеки среди писем по ссылкам операторов фискальных данных и QR-кодам (в тексте и на картинках), "
                + "позиции читает из HTML письма, если они сходятся с итогом, иначе чек ждёт данных (receipts complete). "
                + "Прочитанные письма запоминаются и второй раз не читаются.",
            "Finds receipts among letters by the fiscal data operators' links and QR codes (in the text and in "
                + "pictures), reads the lines from the letter's HTML when they add up to the total, else the receipt "
                + "is pending (receipts complete). Letters read are remembered and not read again.")
    }
    static var mailImportAbstract: String {
        pick(
            "Загрузить чеки из файлов писем, mbox, Maildir или ящика IMAP.",
            "Import receipts from letter files, mbox, Maildir or an IMAP mailbox.")
    }
    static var mailImportDiscussion: String {
        pick(
            "ПУТЬ — файл .eml, папка с ними (с подпапками), файл mbox или папка Maildir. Или --imap imaps://логин@"
                + "сервер[:порт] — только по TLS; пароль из файла с правами 0600 (--password-file) или с терминала, "
                + "никогда из командной строки. Папка — --folder (по умолчанию INBOX), письма с даты — --since; ящик "
                + "открывается только для чтения, флаги писем не меняются. Неверный пароль — код выхода 5.",
            "PATH is an .eml file, a folder of them (with subfolders), an mbox file or a Maildir folder. Or --imap "
                + "imaps://login@server[:port]: TLS only; the password from a file of mode 0600 (--password-file) or "
                + "the terminal, never the command line. The folder is --folder (INBOX by default), letters from a "
                + "day on --since; the mailbox is opened read-only, no letter's flags change. A wrong password exits "
                + "with code 5.")
    }
    static var mailPathsHelp: String {
        pick("Файлы .eml, папки, mbox, Maildir.", "Files .eml, folders, mbox, Maildir.")
    }
    static var mailIMAPHelp: String { pick("Ящик IMAP по TLS.", "An IMAP mailbox over TLS.") }
    static var mailFolderHelp: String { pick("Папка ящика IMAP.", "The IMAP mailbox's folder.") }
    static var mailSinceHelp: String { pick("Письма начиная с этого дня.", "Letters from this day on.") }
    static var mailPasswordFileHelp: String {
        pick("Файл с паролем (права 0600).", "A file holding the password (mode 0600).")
    }
    static var mailCAFileHelp: String {
        pick(
            "Сертификаты в PEM, которым доверять вместо системных.",
            "PEM certificates to trust instead of the system's.")
    }
    static var mailPathOrIMAP: String {
        pick("укажите ПУТЬ или --imap, одно из двух", "give PATH or --imap, one of the two")
    }
    static var mailIMAPOnly: String {
        pick(
            "--folder, --since, --password-file и --ca-file — только вместе с --imap",
            "--folder, --since, --password-file and --ca-file go with --imap only")
    }
}

extension Words {
    func mailPasswordQuestion(_ address: String) -> String {
        pick("Пароль для \(address): ", "Password for \(address): ")
    }
    func mailPasswordFileShared(_ path: String) -> String {
        pick(
            "файл пароля \(path) доступен другим пользователям; выполните chmod 600 \(path)",
            "the password file \(path) is readable by others; run chmod 600 \(path)")
    }
    func mailPasswordFileUnreadable(_ path: String) -> String {
        pick("не удаётся прочитать файл пароля \(path)", "cannot read the password file \(path)")
    }
    var mailPasswordNeeded: String {
        pick(
            "нужен пароль: --password-file ФАЙЛ (права 0600) или запуск на терминале",
            "a password is needed: --password-file FILE (mode 0600), or run it at a terminal")
    }
    func mailReading(_ letters: Int) -> String { pick("Писем прочитано: \(letters)", "Letters read: \(letters)") }
}
