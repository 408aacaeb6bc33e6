// The words of `receipts whoami`, in Russian and English.
extension HelpText {
    static var whoamiAbstract: String {
        pick(
            "Кто вы на сервере: вход, анонимно или никто.", "Who you are on the server: authorized, anonymous or none.")
    }
}

extension Words {
    var sessionEnded: String {
        pick(
            "сессия закончилась на сервере; войдите снова: receipts login",
            "the session has ended on the server; log in again: receipts login")
    }
    func notChecked(_ reason: String) -> String {
        pick("не проверено на сервере: \(reason)", "not checked with the server: \(reason)")
    }
    func whoami(kind: String, login: String?, server: String) -> String {
        switch kind {
        case "authorized": return pick("\(login ?? "") на \(server)", "\(login ?? "") on \(server)")
        case "anonymous": return pick("анонимно на \(server)", "anonymous on \(server)")
        default: return pick("не выполнен вход на \(server)", "not logged in on \(server)")
        }
    }
}
