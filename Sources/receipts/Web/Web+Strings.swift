// The words of `receipts web`, in Russian and English.
extension HelpText {
    static var webAbstract: String {
        pick(
            "Открыть чеки в браузере: приложение над локальной базой.",
            "Open the receipts in a browser: an app over the local database.")
    }
    static var webDiscussion: String {
        pick(
            "Запускает приложение на этой машине и печатает его адрес с ключом доступа: открыть его может только "
                + "тот, у кого есть этот адрес. Ключ новый при каждом запуске; --open открывает браузер одноразовым "
                + "кодом вместо ключа. Работает без сети и без учётной записи.\n\n"
                + "Примеры:\n  receipts web --open\n  receipts web --port 9000 --lang ru",
            "Runs the app on this machine and prints its address with an access key: only whoever has that address "
                + "can open it. The key is new at each start; --open opens the browser with a one-time code in place "
                + "of the key. Works offline and needs no account.\n\n"
                + "Examples:\n  receipts web --open\n  receipts web --port 9000 --lang en")
    }
    static var webOpenHelp: String {
        pick("Открыть адрес в браузере системы.", "Open the address in the browser (xdg-open).")
    }
}

extension Words {
    func webServing(_ address: String) -> String {
        pick("Чеки в браузере: \(address)", "Receipts in the browser: \(address)")
    }
    func webNotLoopback(_ host: String) -> String {
        pick(
            "внимание: приложение слушает \(host), его видят и другие машины; доступ — только по адресу с ключом",
            "warning: the app listens on \(host), where other machines can reach it; only the address with the key opens it"
        )
    }
    var webCannotOpen: String {
        pick("не удалось открыть браузер: откройте адрес сами", "could not open a browser: open the address yourself")
    }
}
