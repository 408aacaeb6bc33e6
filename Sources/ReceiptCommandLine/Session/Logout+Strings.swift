// The words of `receipts logout`, in Russian and English.
extension HelpText {
    static var logoutAbstract: String {
        pick("Выйти: закончить сессию и забыть её.", "Log out: end the session and forget it.")
    }
    static var logoutAllHelp: String {
        pick(
            "Закончить все сессии аккаунта, на всех устройствах (если пароль мог попасть к чужим).",
            "End every session of the account, on every device (when the password may have leaked).")
    }
}

extension Words {
    func notLoggedIn(_ server: String) -> String {
        pick("На \(server) вы не входили.", "Not logged in on \(server).")
    }
    func logoutOffline(_ reason: String) -> String {
        pick(
            "сервер не ответил (\(reason)); сессия забыта только здесь",
            "the server did not answer (\(reason)); the session is forgotten here only")
    }
    func loggedOutEverywhere(_ server: String) -> String {
        pick("Все сессии на \(server) закончены.", "Every session on \(server) has ended.")
    }
    func loggedOut(_ server: String) -> String { pick("Вы вышли с \(server).", "Logged out of \(server).") }
}
