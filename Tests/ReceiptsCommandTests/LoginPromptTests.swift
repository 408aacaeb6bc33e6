import Foundation
import ReceiptTesting
import Testing

@Suite("receipts login on a terminal", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct LoginPromptTests {
    @Test("a wrong password is asked again, three tries in all; the password is never shown")
    func wrongPasswordAskedAgain() async throws {
        let server = try await DemoServerProcess(receipts: 1)
        let session = try TerminalSession(["login"], runner: server.runner())
        try await session.waitFor("Login: ")
        session.type("demo")
        try await session.waitFor("Password: ")
        session.type("nope-one")
        try await session.waitFor("wrong login or password; try again (2 left)")
        try await session.waitFor("Password: ", times: 2)
        session.type("demo")
        try await session.waitFor("Logged in as demo on \(server.url).")
        #expect(await session.wait() == 0)
        #expect(!session.transcript.contains("nope-one"))
        #expect(try await server.runner().run(["whoami", "--json"]).output.contains(#""login":"demo""#))

        let failing = try TerminalSession(["login", "--login", "demo", "--lang", "ru"], runner: server.runner())
        for attempt in 1...3 {
            try await failing.waitFor("Пароль: ", times: attempt)
            failing.type("wrong-\(attempt)")
        }
        #expect(await failing.wait() == 5)
        let screen = failing.transcript
        #expect(screen.contains("неверный логин или пароль; попробуйте ещё раз (осталось попыток: 2)"))
        #expect(screen.contains("неверный логин или пароль; попробуйте ещё раз (осталось попыток: 1)"))
        #expect(screen.contains("receipts: ошибка:\u{1B}[0m неверный логин или пароль"))
        #expect(screen.components(separatedBy: "Пароль: ").count == 4)
    }

    @Test("--register asks for the password twice and again when the two differ")
    func registerTwice() async throws {
        let server = try await DemoServerProcess(receipts: 1)
        let session = try TerminalSession(["login", "--register", "--lang", "ru"], runner: server.runner())
        try await session.waitFor("Логин: ")
        session.type("newcomer")
        try await session.waitFor("Пароль: ")
        session.type("first-secret")
        try await session.waitFor("Пароль ещё раз: ")
        session.type("other-secret")
        try await session.waitFor("пароли не совпадают; попробуйте ещё раз (осталось попыток: 2)")
        try await session.waitFor("Пароль: ", times: 2)
        session.type("first-secret")
        try await session.waitFor("Пароль ещё раз: ", times: 2)
        session.type("first-secret")
        try await session.waitFor("Вы вошли как newcomer")
        #expect(await session.wait() == 0)
        #expect(!session.transcript.contains("secret"))
        // The account has the password typed twice.
        let again = try await server.runner().run(
            ["login", "--login", "newcomer", "--password-stdin"], input: "first-secret\n")
        #expect(again.status == 0)
    }
}

@Suite(
    "receipts: the server's refusals in the user's language", .tags(.process, .server), .wholeSuiteOnly,
    .timeLimit(.minutes(20)))
struct ServerRefusalLanguageTests {
    @Test("a taken login and a broken password rule come back in Russian under --lang ru, in English otherwise")
    func refusalsTranslated() async throws {
        let server = try await DemoServerProcess(receipts: 1)
        let taken = try await server.runner().run(
            ["login", "--register", "--login", "demo", "--password-stdin", "--lang", "ru"],
            input: "long-enough-secret\n")
        #expect(taken.status != 0)
        #expect(taken.errors.contains("логин demo занят"), "\(taken.errors)")
        #expect(!taken.errors.contains("is taken"))

        let short = try await server.runner().run(
            ["login", "--register", "--login", "newcomer", "--password-stdin"], input: "x\n")
        #expect(short.status != 0)
        #expect(short.errors.contains("password: at least"), "\(short.errors)")
    }
}
