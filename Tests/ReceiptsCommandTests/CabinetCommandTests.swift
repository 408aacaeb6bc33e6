import Foundation
import ReceiptCore
import ReceiptServerTesting
import ReceiptStore
import ReceiptTesting
import Testing

/// `receipts lkdr` against the stand-in of «Мои чеки онлайн» on a loopback port.
@Suite("receipts lkdr, against a stand-in of «Мои чеки онлайн»", .tags(.server), .timeLimit(.minutes(20)))
struct CabinetCommandTests {
    static let phone = "+79991234567"

    struct Home {
        let folder: TemporaryFolder
        var database: String { folder.file("receipts.sqlite") }
        var config: String { folder.file("config") + "/receipts" }

        init() throws { folder = try TemporaryFolder("lkdr") }

        func runner(_ url: URL, language: String = "en") -> CommandRunner {
            var runner = language == "ru" ? CommandRunner().russian() : CommandRunner().english()
            runner.environment["XDG_CONFIG_HOME"] = folder.file("config")
            runner.environment["XDG_DATA_HOME"] = folder.file("data")
            runner.environment["RECEIPTS_NETWORK_BUDGET"] = "60"
            runner.environment["RECEIPTS_LKDR_URL"] = url.absoluteString
            return runner
        }
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "SMS sign-in without a terminal: the code sent, a wrong one exit 5, --code-stdin signs in (0600); whoami, logout"
    )
    func login() async throws {
        let service = CabinetStandIn(phone: Self.phone)
        let home = try Home()
        try await service.run { url in
            let run = home.runner(url)
            let sent = try await run.run(["lkdr", "login", "--phone", "8 999 123 45 67"])
            #expect(sent.status == 0, "\(sent.errors)")
            #expect(sent.output.contains("receipts lkdr login --phone +79991234567 --code-stdin"), "\(sent.output)")
            let wrong = try await home.runner(url, language: "ru").run(
                ["lkdr", "login", "--phone", Self.phone, "--code-stdin"], input: "000000\n")
            #expect(wrong.status == 5 && wrong.errors.contains("Неверный код"), "\(wrong.errors)")
            let right = try await run.run(["lkdr", "login", "--phone", Self.phone, "--code-stdin"], input: "123456\n")
            #expect(right.status == 0 && right.errors.contains("Signed in to «Мои чеки онлайн» (+79991234567)"))
            let attributes = try FileManager.default.attributesOfItem(atPath: home.config + "/lkdr-session.json")
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            let whoami = try Self.object(try await run.run(["lkdr", "whoami", "--json"]).output)
            #expect(whoami["signedIn"] as? Bool == true && whoami["server"] as? String == url.absoluteString)
            #expect(try await run.run(["lkdr", "logout"]).status == 0)
            let imported = try await run.run(["lkdr", "import", "--db", home.database])
            #expect(imported.status == 5 && imported.errors.contains("receipts lkdr login"), "\(imported.errors)")
            // A captcha asked for: exit 5, and the way through the browser's refresh token named.
            service.update { $0.captcha = true }
            let captcha = try await run.run(["lkdr", "login", "--phone", Self.phone])
            #expect(captcha.status == 5 && captcha.errors.contains("--refresh-token"), "\(captcha.errors)")
        }
    }

    @Test(
        "23 receipts in pages of 10: 23 new, then none; a pending one completed, not doubled; 429 waited out; 422 exit 7"
    )
    func importing() async throws {
        let service = CabinetStandIn(phone: Self.phone)
        let receipts = StandInReceipts.sample(count: 23, until: try LocalDateTime(year: 2026, month: 11, day: 25))
        service.hold(receipts)
        let home = try Home()
        // One of them is here already, pending from its QR code.
        let database = try ReceiptDatabase.open(at: home.database)
        try database.save(Receipt(pendingFrom: receipts[4].fiscalCode))
        try await service.run { url in
            let run = home.runner(url)
            _ = try await run.run(["lkdr", "login", "--phone", Self.phone])
            _ = try await run.run(["lkdr", "login", "--phone", Self.phone, "--code-stdin"], input: "123456\n")
            service.limitNext(1, retryAfter: 2)
            let first = try await run.run(["lkdr", "import", "--db", home.database, "--json"])
            #expect(first.status == 0, "\(first.errors)")
            let summary = try Self.object(first.output)
            // 22 new, the pending one completed; three pages (10 + 10 + 3).
            #expect(summary["listed"] as? Int == 23 && summary["imported"] as? Int == 22, "\(first.output)")
            #expect(summary["updated"] as? Int == 1 && summary["pages"] as? Int == 3)
            #expect(try database.receiptCount() == 23)
            let documents = service.requests.filter { $0.path.hasSuffix("/fiscal_data") }.count
            let again = try Self.object(try await run.run(["lkdr", "import", "--db", home.database, "--json"]).output)
            #expect(again["imported"] as? Int == 0 && again["unchanged"] as? Int == 23)
            // Nothing complete here is fetched again.
            #expect(service.requests.filter { $0.path.hasSuffix("/fiscal_data") }.count == documents)

            service.update { $0.actionNeeded = true }
            let action = try await home.runner(url, language: "ru").run(["lkdr", "import", "--db", home.database])
            #expect(action.status == 7 && action.errors.contains("Настройки отображения данных"), "\(action.errors)")
            service.update {
                $0.actionNeeded = false
                $0.repeatPages = true
            }
            let repeated = try await run.run(["lkdr", "import", "--db", home.database])
            #expect(repeated.status == 0 && repeated.output.contains("The list repeated a page"), "\(repeated.output)")
            let bad = try await run.run(["lkdr", "import", "--db", home.database, "--from", "2026-13-01"])
            #expect(bad.status == 2)
        }
    }
}
