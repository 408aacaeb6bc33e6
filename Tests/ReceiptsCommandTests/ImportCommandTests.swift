import Foundation
import ReceiptTesting
import Testing

@Suite("receipts login, import, list, show", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ImportCommandTests {
    @Test("log in, import 50 a page, list by month, show one, log out; the session file is 0600")
    func flow() async throws {
        let server = try await DemoServerProcess(receipts: 300)
        let run = server.runner()
        let none = try await run.run(["whoami", "--json"])
        #expect(none.output.contains(#""kind":"none""#))
        let refused = try await run.run(["import"])
        #expect(refused.status == 5)
        #expect(refused.errors.contains("log in with receipts login"))

        let login = try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n")
        #expect(login.status == 0)
        let sessions = server.home + "/config/receipts/sessions"
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: sessions).first)
        let mode = try FileManager.default.attributesOfItem(atPath: sessions + "/" + file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try await run.run(["whoami", "--json"]).output.contains(#""kind":"authorized","login":"demo""#))

        let imported = try await run.run(["import", "--json"])
        #expect(imported.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(imported.output.utf8)) as? [String: Any])
        #expect(report["imported"] as? Int == 300 && report["pages"] as? Int == 6)
        #expect((report["months"] as? [String: Int])?.values.reduce(0, +) == 300)
        let again = try await run.run(["import", "--json"])
        #expect(again.output.contains(#""imported":0"#))

        let listing = try await run.run(["list", "--json"])
        let months =
            try #require(try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any])["months"]
            as? [[String: Any]]
        let all = try #require(months)
        #expect(all.flatMap { $0["receipts"] as? [[String: Any]] ?? [] }.count == 300)
        let monthNames = all.compactMap { $0["month"] as? String }
        #expect(monthNames == monthNames.sorted(by: >))
        for month in all {
            let receipts = month["receipts"] as? [[String: Any]] ?? []
            #expect(month["total"] as? Int == receipts.reduce(0) { $0 + ($1["total"] as? Int ?? 0) })
        }
        let page = try await run.run(["list", "--lang", "ru"])
        #expect(page.output.split(separator: "\n").filter { $0.hasPrefix("#") }.count == 50)
        #expect(page.errors.contains("дальше: --page 2"))

        let first = try #require(all.first?["receipts"] as? [[String: Any]]).first
        let id = try #require(first?["id"] as? Int)
        let shown = try await run.run(["show", String(id), "--json"])
        #expect(shown.status == 0 && shown.output.contains(#""qr":"t="#))
        #expect(try await run.run(["show", "999999"]).status == 3)

        #expect(try await run.run(["logout"]).status == 0)
        #expect(try await run.run(["whoami", "--json"]).output.contains(#""kind":"none""#))
        // Offline reading does not need the server or the session.
        #expect(try await run.run(["list", "--month", String(monthNames[0])]).status == 0)
    }

    @Test("passwd changes the password and ends the other device's session; logout --all ends every one")
    func passwordAndEverywhere() async throws {
        let server = try await DemoServerProcess(receipts: 10)
        let laptop = server.runner()
        var phone = server.runner(language: "ru")
        phone.environment["XDG_CONFIG_HOME"] = server.home + "/phone-config"
        let register = ["login", "--register", "--login", "vera", "--password-stdin"]
        #expect(try await laptop.run(register, input: "first password\n").status == 0)
        #expect(
            try await phone.run(["login", "--login", "vera", "--password-stdin"], input: "first password\n").status == 0
        )

        // Wrong present password: exit 6, in the user's language; a new one too short, the rule.
        let wrong = try await phone.run(["passwd", "--password-stdin"], input: "guess\nsecond password\n")
        #expect(wrong.status == 6 && wrong.errors.contains("текущий пароль неверен"), "\(wrong.errors)")
        let short = try await laptop.run(["passwd", "--password-stdin"], input: "first password\nshort\n")
        #expect(short.status == 6 && short.errors.contains("8"), "\(short.errors)")
        let changed = try await laptop.run(["passwd", "--password-stdin"], input: "first password\nsecond password\n")
        #expect(changed.status == 0 && changed.errors.contains("sessions on other devices have ended"))
        #expect(try await laptop.run(["whoami", "--json"]).output.contains(#""login":"vera""#))
        // The phone's session ended on the server: its next request says to log in again (exit 5).
        #expect(try await phone.run(["import"]).status == 5)
        #expect(
            try await phone.run(["login", "--login", "vera", "--password-stdin"], input: "second password\n").status
                == 0)

        let everywhere = try await phone.run(["logout", "--all"])
        #expect(everywhere.status == 0 && everywhere.errors.contains("Все сессии"), "\(everywhere.errors)")
        #expect(try await phone.run(["whoami", "--json"]).output.contains(#""kind":"none""#))
        #expect(try await laptop.run(["import"]).status == 5)

        // An anonymous account has no password.
        #expect(try await laptop.run(["login", "--anonymous"]).status == 0)
        let anonymous = try await laptop.run(["passwd", "--password-stdin"], input: "a\nsecond password\n")
        #expect(anonymous.status == 6 && anonymous.errors.contains("anonymous account has no password"))
    }

    @Test("the device mark is kept past logout: others' failed logins hold back a new device, never this one")
    func deviceKept() async throws {
        let server = try await DemoServerProcess(extra: ["--demo", "--demo-receipts", "10", "--bcrypt-cost", "4"])
        let run = server.runner()
        let port = server.port
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        #expect(try await run.run(["logout"]).status == 0)
        // An attacker fails 55 times from eleven addresses (5 each: the per-address pair limit): the
        // login's bucket (50 an hour) fills, and the slowed slot after it (1 in 30 s) is taken too.
        for index in 0..<11 {
            for _ in 0..<5 {
                _ = await (try RawConnection(port: port, from: "127.0.0.\(index + 2)")).exchange(
                    "POST", "/api/v1/sessions", json: #"{"login": "demo", "password": "not the password"}"#)
            }
        }
        // A device that never logged in waits (exit 5, the wait named) …
        var stranger = server.runner()
        stranger.environment["XDG_CONFIG_HOME"] = server.home + "/stranger-config"
        let held = try await stranger.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n")
        #expect(held.status == 5, "\(held.errors)")
        // … this machine, whose mark outlived the logout, logs in at once.
        let again = try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n")
        #expect(again.status == 0, "\(again.errors)")
        let devices = try FileManager.default.contentsOfDirectory(atPath: server.home + "/config/receipts/sessions")
            .filter { $0.hasSuffix(".devices.json") }
        #expect(devices.count == 1)
        let path = server.home + "/config/receipts/sessions/" + (devices.first ?? "")
        #expect(try TemporaryFolder.mode(path) == 0o600)
    }

    @Test("an unreachable server exits 4 with the connection message; wrong passwords exit 5")
    func failures() async throws {
        let server = try await DemoServerProcess(receipts: 10)
        var run = server.runner(language: "ru")
        let wrong = try await run.run(["login", "--login", "demo", "--password-stdin"], input: "nope\n")
        #expect(wrong.status == 5)
        #expect(wrong.errors.contains("неверный логин или пароль"))
        run.environment["RECEIPTS_SERVER"] = "http://127.0.0.1:9"
        run.environment["RECEIPTS_NETWORK_BUDGET"] = "1.5"
        let offline = try await run.run(["login", "--anonymous"])
        #expect(offline.status == 4)
        #expect(offline.errors.contains("сервер http://127.0.0.1:9 не отвечает (соединение отклонено)"))
    }

    @Test("exported files import, the same receipt once; a broken file is named and exits 6, a missing one 3")
    func files() async throws {
        let server = try await DemoServerProcess(receipts: 10)
        let run = server.runner()
        let good = server.home + "/good.json"
        let broken = server.home + "/broken.json"
        try
            #"{"ticket": {"document": {"receipt": {"dateTime": "2024-01-31T23:30:00", "operationType": 1, "totalSum": 100, "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": 1, "fiscalSign": 2, "items": []}}}}"#
            .write(toFile: good, atomically: true, encoding: .utf8)
        try "[{\"fiscalDriveNumber\": 1}]".write(toFile: broken, atomically: true, encoding: .utf8)
        let result = try await run.run(["import", good, broken, good, "--json"])
        #expect(result.status == 6)
        #expect(result.output.contains(#""imported":1"#) && result.output.contains(#""unchanged":1"#))
        #expect(result.output.contains("broken.json"))
        // What is wrong is said in the user's language, field names as the file spells them.
        let russian = try await server.runner(language: "ru").run(["import", broken])
        #expect(russian.status == 6)
        #expect(russian.errors.contains("чек №1: поле fiscalDocumentNumber: нет"), "\(russian.errors)")

        // A missing file is not found: 3, the others imported still; with a broken one besides, 6.
        let missing = try await server.runner(language: "ru").run(["import", good, server.home + "/absent.json"])
        #expect(missing.status == 3)
        #expect(missing.errors.contains("absent.json: нет такого файла"))
        #expect(try await run.run(["import", server.home + "/absent.json", broken]).status == 6)
    }

    @Test("a receipt at 23:30 on the last day of a month stays in that month in any time zone")
    func timeZones() async throws {
        let server = try await DemoServerProcess(receipts: 10)
        let file = server.home + "/late.json"
        try
            #"{"dateTime": "2024-01-31T23:30:00", "operationType": 1, "totalSum": 100, "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": 7, "fiscalSign": 8}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        for zone in ["Asia/Tokyo", "America/Los_Angeles", "UTC"] {
            var run = server.runner()
            run.environment["TZ"] = zone
            run.environment["RECEIPTS_DB"] = server.home + "/\(zone.replacingOccurrences(of: "/", with: "-")).sqlite"
            #expect(try await run.run(["import", file]).status == 0)
            let listing = try await run.run(["list", "--json"])
            #expect(listing.output.contains(#""month":"2024-01""#), "\(zone)")
            #expect(listing.output.contains(#""date":"2024-01-31T23:30:00""#), "\(zone)")
        }
    }
}
