import Foundation
import ReceiptTesting
import Testing

@Suite("receipts login on a terminal", .timeLimit(.minutes(20)))
struct LoginPromptTests {
    @Test("a wrong password is asked again, three tries in all; the password is never shown")
    func wrongPasswordAskedAgain() throws {
        let server = try DemoServerProcess(receipts: 1)
        let session = try TerminalSession(["login"], runner: server.runner())
        try session.waitFor("Login: ")
        session.type("demo")
        try session.waitFor("Password: ")
        session.type("nope-one")
        try session.waitFor("wrong login or password; try again (2 left)")
        try session.waitFor("Password: ", times: 2)
        session.type("demo")
        try session.waitFor("Logged in as demo on \(server.url).")
        #expect(session.wait() == 0)
        #expect(!session.transcript.contains("nope-one"))
        #expect(try server.runner().run(["whoami", "--json"]).output.contains(#""login":"demo""#))

        let failing = try TerminalSession(["login", "--login", "demo", "--lang", "ru"], runner: server.runner())
        for attempt in 1...3 {
            try failing.waitFor("Пароль: ", times: attempt)
            failing.type("wrong-\(attempt)")
        }
        #expect(failing.wait() == 5)
        let screen = failing.transcript
        #expect(screen.contains("неверный логин или пароль; попробуйте ещё раз (осталось попыток: 2)"))
        #expect(screen.contains("неверный логин или пароль; попробуйте ещё раз (осталось попыток: 1)"))
        #expect(screen.contains("receipts: ошибка:\u{1B}[0m неверный логин или пароль"))
        #expect(screen.components(separatedBy: "Пароль: ").count == 4)
    }

    @Test("--register asks for the password twice and again when the two differ")
    func registerTwice() throws {
        let server = try DemoServerProcess(receipts: 1)
        let session = try TerminalSession(["login", "--register", "--lang", "ru"], runner: server.runner())
        try session.waitFor("Логин: ")
        session.type("newcomer")
        try session.waitFor("Пароль: ")
        session.type("first-secret")
        try session.waitFor("Пароль ещё раз: ")
        session.type("other-secret")
        try session.waitFor("пароли не совпадают; попробуйте ещё раз (осталось попыток: 2)")
        try session.waitFor("Пароль: ", times: 2)
        session.type("first-secret")
        try session.waitFor("Пароль ещё раз: ", times: 2)
        session.type("first-secret")
        try session.waitFor("Вы вошли как newcomer")
        #expect(session.wait() == 0)
        #expect(!session.transcript.contains("secret"))
        // The account has the password typed twice.
        let again = try server.runner().run(
            ["login", "--login", "newcomer", "--password-stdin"], input: "first-secret\n")
        #expect(again.status == 0)
    }
}

@Suite("receipts: the server's refusals in the user's language", .timeLimit(.minutes(20)))
struct ServerRefusalLanguageTests {
    @Test("a taken login and a broken password rule come back in Russian under --lang ru, in English otherwise")
    func refusalsTranslated() throws {
        let server = try DemoServerProcess(receipts: 1)
        let taken = try server.runner().run(
            ["login", "--register", "--login", "demo", "--password-stdin", "--lang", "ru"],
            input: "long-enough-secret\n")
        #expect(taken.status != 0)
        #expect(taken.errors.contains("логин demo занят"), "\(taken.errors)")
        #expect(!taken.errors.contains("is taken"))

        let short = try server.runner().run(
            ["login", "--register", "--login", "newcomer", "--password-stdin"], input: "x\n")
        #expect(short.status != 0)
        #expect(short.errors.contains("password: at least"), "\(short.errors)")
    }
}
