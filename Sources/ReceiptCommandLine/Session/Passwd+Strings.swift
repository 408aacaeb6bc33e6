// The words of `receipts passwd`, in Russian and English.
extension HelpText {
    static var passwdAbstract: String {
        pick("Сменить пароль; все другие сессии закончатся.", "Change the password; every other session ends.")
    }
    static var passwdDiscussion: String {
        pick(
            "Спрашивает текущий пароль и новый (дважды). Сессии на других устройствах заканчиваются, "
                + "эта остаётся. Без терминала: --password-stdin, текущий пароль в первой строке, новый во второй.\n\n"
                + "Примеры:\n  receipts passwd\n  receipts passwd --password-stdin < ~/пароли",
            "Asks for the present password and the new one (twice). Sessions on other devices end; this one "
                + "goes on. Without a terminal: --password-stdin, the present password on the first line, the new "
                + "one on the second.\n\n"
                + "Examples:\n  receipts passwd\n  receipts passwd --password-stdin < ~/passwords")
    }
    static var passwdStdinHelp: String {
        pick(
            "Прочитать текущий пароль из первой строки стандартного ввода, новый — из второй.",
            "Read the present password from the first line of standard input, the new one from the second.")
    }
    static var passwdNeedsTerminal: String {
        pick("нет терминала, чтобы спросить: укажите --password-stdin", "no terminal to ask on: give --password-stdin")
    }
}

extension Words {
    var currentPasswordPrompt: String { pick("Текущий пароль: ", "Present password: ") }
    var newPasswordPrompt: String { pick("Новый пароль: ", "New password: ") }
    var anonymousHasNoPassword: String {
        pick(
            "у анонимного аккаунта нет пароля; зарегистрируйтесь: receipts login --register",
            "an anonymous account has no password; register one: receipts login --register")
    }
    var currentPasswordWrong: String { pick("текущий пароль неверен", "the present password is wrong") }
    func passwordChanged(_ login: String, server: String) -> String {
        pick(
            "Пароль \(login) на \(server) сменён; сессии на других устройствах закончены.",
            "The password of \(login) on \(server) is changed; sessions on other devices have ended.")
    }
}
