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
                + "Примеры:\n  receipts web --open\n  receipts web --lan\n  receipts web --port 9000 --lang ru",
            "Runs the app on this machine and prints its address with an access key: only whoever has that address "
                + "can open it. The key is new at each start; --open opens the browser with a one-time code in place "
                + "of the key. Works offline and needs no account.\n\n"
                + "Examples:\n  receipts web --open\n  receipts web --lan\n  receipts web --port 9000 --lang en")
    }
    static var webLANHelp: String {
        pick(
            "Слушать во всех сетях машины, чтобы открыть приложение с телефона в той же сети (печатает адрес и QR-код).",
            "Listen on every network of this machine, so that a phone on the same network opens the app (prints the address and its QR code)."
        )
    }
    static var webLANWithHost: String {
        pick(
            "--lan слушает во всех сетях сам: уберите --host", "--lan listens on every network itself: leave out --host"
        )
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
    func webLANServing(_ address: String) -> String {
        pick("С телефона в той же сети: \(address)", "From a phone on the same network: \(address)")
    }
    func webLANAlso(_ address: String) -> String {
        pick("Другая сеть этой машины: \(address)", "Another network of this machine: \(address)")
    }
    var webNoLANAddress: String {
        pick(
            "У машины сейчас нет адреса в сети: приложение откроется только на ней, пока она не подключится",
            "This machine has no network address now: the app opens only here until it joins a network")
    }
    var webLANWarning: String {
        pick(
            "внимание: с --lan приложение видят все устройства ваших сетей. Открывает его только адрес с ключом, "
                + "но соединение не шифруется (HTTP): в чужой или открытой Wi-Fi сети ключ и чеки может прочитать "
                + "любой её участник. Запускайте --lan только в своей домашней сети; остановить — Ctrl-C.",
            "warning: with --lan every device on your networks can reach the app. Only the address with the key opens "
                + "it, but the connection is not encrypted (HTTP): on someone else's or an open Wi-Fi anyone on it "
                + "can read the key and your receipts. Use --lan on your own home network only; Ctrl-C stops it.")
    }
    var webOpened: String {
        pick("браузер открыл приложение", "the browser opened the app")
    }
    var webCodeSpent: String {
        pick(
            "адрес для браузера открыли второй раз: если не вы, кто-то другой получил доступ — остановите receipts web (Ctrl+C) и запустите снова, ключ будет новый",
            "the browser's address was opened a second time: if not by you, someone else got in — stop receipts web (Ctrl+C) and start it again for a new key"
        )
    }
    var webCodeExpired: String {
        pick(
            "адрес для браузера устарел (действует минуту): откройте адрес, напечатанный выше",
            "the browser's address has expired (it lasts a minute): open the address printed above")
    }
    var webCannotOpen: String {
        pick("не удалось открыть браузер: откройте адрес сами", "could not open a browser: open the address yourself")
    }
}
