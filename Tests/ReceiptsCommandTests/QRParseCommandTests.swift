import Foundation
import ReceiptTesting
import Testing

@Suite("receipts qr parse", .timeLimit(.minutes(20)))
struct QRParseCommandTests {
    static let sample = "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"

    @Test("--json prints one object with the normal form and typed fields")
    func json() async throws {
        let result = try await InProcessRunner().english().run([
            "qr", "parse", "--json",
            "https://ofd.example/ticket?n=1&fp=04087570038&i=141637&fn=9251440300007971&s=5803,00&t=20190320t2303",
        ])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["canonical"] as? String == Self.sample)
        #expect(object["t"] as? String == "2019-03-20T23:03:00")
        #expect(object["s"] as? Int == 580_300)
        #expect(object["fn"] as? String == "9251440300007971")
        #expect(object["i"] as? String == "141637")
        #expect(object["fp"] as? String == "4087570038")
        #expect(object["n"] as? Int == 1)
        #expect(object.count == 7)
    }

    @Test("the table shows each field in the chosen language")
    func table() async throws {
        let russian = try await InProcessRunner().english().run(["qr", "parse", "--lang", "ru", Self.sample])
        #expect(russian.status == 0)
        #expect(russian.output.contains("Сумма (s)"))
        #expect(russian.output.contains("5\u{00A0}803,00\u{00A0}₽"))
        #expect(russian.output.contains("20.03.2019 23:03"))
        #expect(russian.output.contains("1 — приход"))
        #expect(russian.output.contains(Self.sample))
        let english = try await InProcessRunner().russian().run(["qr", "parse", Self.sample, "--lang=en"])
        #expect(english.output.contains("Total (s)"))
        #expect(english.output.contains("RUB 5,803.00"))
        #expect(english.output.contains("1 — sale"))
    }

    @Test("the table fits the terminal's width, the payload wrapped whole between its fields")
    func width() async throws {
        let result = try await InProcessRunner().english().runOnTerminal(["qr", "parse", Self.sample], columns: 60)
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").allSatisfy { $0.count <= 60 })
        #expect(
            result.output.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
                .contains(Self.sample))
    }

    @Test("reads the payload from standard input with -")
    func standardInput() async throws {
        let result = try await InProcessRunner().english().run(
            ["qr", "parse", "--json", "-"], input: Self.sample + "\n")
        #expect(result.status == 0)
        #expect(result.output.contains(#""canonical":"t=20190320T2303&s=5803.00"#))
    }

    @Test("an invalid payload exits 6 naming the field, in the user's language")
    func invalid() async throws {
        let bad = Self.sample.replacingOccurrences(of: "fn=9251440300007971", with: "fn=92514403")
        let english = try await InProcessRunner().english().run(["qr", "parse", bad])
        #expect(english.status == 6)
        #expect(english.output.isEmpty)
        #expect(english.errors.contains("field fn (fiscal drive number): “92514403” — must be exactly 16 digits"))
        let russian = try await InProcessRunner().russian().run(["qr", "parse", "--json", bad])
        #expect(russian.status == 6)
        #expect(
            russian.errors.contains("поле fn (номер фискального накопителя): «92514403» — должно быть ровно 16 цифр"))
    }
}

@Suite("receipts: help, usage errors, global options", .timeLimit(.minutes(20)))
struct CommandLineTests {
    @Test("--help reads in both languages and exits 0")
    func help() async throws {
        let russian = try await InProcessRunner().russian().run(["--help"])
        #expect(russian.status == 0)
        #expect(russian.output.contains("ИСПОЛЬЗОВАНИЕ: receipts <команда>"))
        #expect(russian.output.contains("QR-коды кассовых чеков."))
        #expect(!russian.output.contains("USAGE"))
        let english = try await InProcessRunner().russian().run(["qr", "parse", "--help", "--lang", "en"])
        #expect(english.status == 0)
        #expect(english.output.contains("USAGE: receipts qr parse"))
        #expect(english.output.contains("--db <path>"))
        #expect(english.output.contains("A bad field exits with"))
        let parseRussian = try await InProcessRunner().russian().run(["qr", "parse", "--help"])
        #expect(parseRussian.output.contains("ОБЩИЕ ПАРАМЕТРЫ:"))
        #expect(parseRussian.output.contains("--db <путь>"))
    }

    @Test("usage errors exit 2 with a message in the user's language")
    func usage() async throws {
        let missing = try await InProcessRunner().russian().run(["qr", "parse"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("не хватает аргумента"))
        let unknown = try await InProcessRunner().english().run(["qr", "parse", "--frobnicate", "x"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("Unknown option '--frobnicate'"))
        let language = try await InProcessRunner().english().run(["qr", "parse", "--lang", "de", "x"])
        #expect(language.status == 2)
        let server = try await InProcessRunner().english().run(["qr", "parse", "--server", "ftp://x", "x"])
        #expect(server.status == 2)
        #expect(server.errors.contains("is not a server address"))
        let both = try await InProcessRunner().english().run(["qr", "parse", "--quiet", "--verbose", "x"])
        #expect(both.status == 2)
    }

    @Test("RECEIPTS_LANG chooses the language when --lang does not")
    func environmentLanguage() async throws {
        var runner = InProcessRunner().english()
        runner.environment["RECEIPTS_LANG"] = "ru"
        let result = try await runner.run(["qr", "parse", "x=1"])
        #expect(result.status == 6)
        #expect(result.errors.contains("не QR-код чека"))
    }

    @Test("the language comes from --lang, then RECEIPTS_LANG, then the locale variables in their order")
    func languageOrder() async throws {
        // Each case: the arguments before the payload, the environment, and whether it is Russian.
        let cases: [([String], [String: String], Bool)] = [
            ([], ["LANG": "ru_RU.UTF-8"], true),
            (["--lang", "en"], ["LANG": "ru_RU.UTF-8"], false),
            (["--lang=en"], ["LANG": "ru_RU.UTF-8"], false),
            ([], ["RECEIPTS_LANG": "en", "LANG": "ru_RU"], false),
            ([], ["LC_ALL": "ru_RU.UTF-8", "LANG": "en_US"], true),
            ([], ["LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US"], true),
            // A locale that names another language: English, not a search further down.
            ([], ["LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU"], false),
            ([], ["LANG": "C.UTF-8"], false),
            ([], [:], false),
        ]
        for (arguments, environment, russian) in cases {
            var runner = InProcessRunner()
            for (name, value) in environment { runner.environment[name] = value }
            let result = try await runner.run(arguments + ["qr", "parse", "x=1"])
            #expect(result.status == 6, "\(arguments) \(environment)")
            #expect(
                result.errors.contains("не QR-код чека") == russian, "\(arguments) \(environment): \(result.errors)")
        }
        // After `--`, `--lang ru` is an argument, not the option.
        let quoted = try await InProcessRunner().run(["qr", "parse", "--", "--lang", "ru"])
        #expect(!quoted.errors.contains("не QR-код чека"))
    }

    @Test("no colour codes when the output is not a terminal")
    func noColour() async throws {
        let result = try await InProcessRunner().english().run(["qr", "parse", "x"])
        #expect(!result.errors.contains("\u{1B}["))
    }
}

@Suite("receipts qr parse: payloads as scanners copy them", .timeLimit(.minutes(20)))
struct QRParseCopiedPayloadTests {
    @Test("a payload percent-encoded as a whole parses to the same code")
    func percentEncodedWhole() async throws {
        let plain = "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"
        let encoded = "t%3D20190320T2303%26s%3D5803.00%26fn%3D9251440300007971%26i%3D141637%26fp%3D4087570038%26n%3D1"
        let expected = try await InProcessRunner().run(["qr", "parse", "--json", plain])
        let result = try await InProcessRunner().run(["qr", "parse", "--json", encoded])
        #expect(result.status == 0)
        #expect(result.output == expected.output)
        let fromInput = try await InProcessRunner().run(["qr", "parse", "--json", "-"], input: encoded + "\n")
        #expect(fromInput.output == expected.output)
    }
}
