import ReceiptAPI
import ReceiptSync

// The words of `receipts login`, in Russian and English.
// `receipts import` asks for the login again with these prompts.
extension HelpText {
    static var loginAbstract: String { pick("Войти на сервер чеков.", "Log in to the receipts server.") }
    static var loginDiscussion: String {
        pick(
            "На терминале спрашивает логин и пароль (пароль не отображается). Без терминала: --login ЛОГИН --password-stdin. "
                + "--anonymous открывает анонимную учётную запись, --register создаёт новую. Сессия хранится в "
                + "$XDG_CONFIG_HOME/receipts/sessions/ с правами 0600.",
            "On a terminal it asks for the login and password (the password is not shown). Without one: --login L "
                + "--password-stdin. --anonymous opens an anonymous account, --register creates one. The session is kept in "
                + "$XDG_CONFIG_HOME/receipts/sessions/ with mode 0600.")
    }
    static var loginNameHelp: String { pick("Логин.", "The login.") }
    static var passwordStdinHelp: String {
        pick(
            "Прочитать пароль из первой строки стандартного ввода.",
            "Read the password from the first line of standard input.")
    }
    static var anonymousHelp: String { pick("Открыть анонимную учётную запись.", "Open an anonymous account.") }
    static var registerHelp: String {
        pick("Создать учётную запись с этим логином.", "Create an account with this login.")
    }
    static var anonymousAlone: String {
        pick(
            "--anonymous не сочетается с --login, --password-stdin и --register",
            "--anonymous goes without --login, --password-stdin and --register")
    }
    static var loginNeedsTerminal: String {
        pick(
            "нет терминала, чтобы спросить: укажите --login ЛОГИН --password-stdin (или --anonymous)",
            "no terminal to ask on: give --login LOGIN --password-stdin (or --anonymous)")
    }
    static var loginValue: String { pick("логин", "login") }
}

extension Words {
    var loginPrompt: String { pick("Логин: ", "Login: ") }
    var passwordPrompt: String { pick("Пароль: ", "Password: ") }
    var passwordAgainPrompt: String { pick("Пароль ещё раз: ", "Password again: ") }
    var passwordsDiffer: String { pick("пароли не совпадают", "the passwords differ") }
    func triesLeft(_ count: Int) -> String {
        pick("попробуйте ещё раз (осталось попыток: \(count))", "try again (\(count) left)")
    }
    var nothingEntered: String { pick("ничего не введено", "nothing was entered") }
    /// `receipts login`, `passwd` and `web` to a plain `http://` server on another machine.
    func serverInClear(_ server: String) -> String {
        pick(
            "\(server) — без шифрования и не на этой машине: пароль и сессия пойдут по сети открытым текстом, "
                + "их может прочитать любой на пути; используйте https://",
            "\(server) is plain HTTP to another machine: the password and the session cross the network in clear, "
                + "readable by anyone on the way; use https://")
    }
    func loggedIn(_ info: SavedSession, server: String) -> String {
        switch info.kind {
        case .anonymous:
            return pick("Открыта анонимная сессия на \(server).", "Opened an anonymous session on \(server).")
        case .authorized:
            let login = info.login ?? ""
            return pick("Вы вошли как \(login) на \(server).", "Logged in as \(login) on \(server).")
        }
    }
}
