import Foundation
import ReceiptCore
import Testing

@Suite("Fiscal QR payload", .timeLimit(.minutes(20)))
struct FiscalCodeTests {
    static let sample = "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"

    @Test("reads the plain payload field by field")
    func plain() throws {
        let code = try FiscalCode(parsing: Self.sample)
        #expect(code.dateTime == (try LocalDateTime(year: 2019, month: 3, day: 20, hour: 23, minute: 3)))
        #expect(code.total == Money(kopecks: 580_300))
        #expect(code.identity == (try FiscalIdentity(fn: "9251440300007971", i: 141_637, fp: 4_087_570_038)))
        #expect(code.operation == .sale)
        #expect(code.canonical == Self.sample)
    }

    @Test(
        "reads every variant met in the wild as the same code",
        arguments: [
            "n=1&fp=4087570038&i=141637&fn=9251440300007971&s=5803.00&t=20190320T2303",
            "t=20190320t2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1",
            "t=20190320T230300&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1",
            "t=201903202303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1",
            "t=20190320T2303&s=5803,00&fn=9251440300007971&i=141637&fp=4087570038&n=1",
            "t=20190320T2303&s=5803&fn=9251440300007971&i=141637&fp=4087570038&n=1",
            "t=20190320T2303&s=5803.0&fn=9251440300007971&i=0141637&fp=04087570038&n=01",
            "T=20190320T2303&S=5803.00&FN=9251440300007971&I=141637&FP=4087570038&N=1",
            "https://consumer.1-ofd.ru/ticket?t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1",
            "https://check.ofd.ru/rec?t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1#top",
            "t=20190320T2303&s=5803%2E00&fn=9251440300007971&i=141637&fp=4087570038&n=1",
            "t%3D20190320T2303%26s%3D5803.00%26fn%3D9251440300007971%26i%3D141637%26fp%3D4087570038%26n%3D1",
            "t%3d20190320T2303%26s%3d5803%2C00%26fn%3d9251440300007971%26i%3d141637%26fp%3d4087570038%26n%3d1\n",
            "https%3A%2F%2Fcheck.ofd.ru%2Frec%3Ft%3D20190320T2303%26s%3D5803.00%26fn%3D9251440300007971%26i%3D141637"
                + "%26fp%3D4087570038%26n%3D1",
            "t%253D20190320T2303%2526s%253D5803.00%2526fn%253D9251440300007971%2526i%253D141637%2526fp%253D4087570038"
                + "%2526n%253D1",
            "  t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1\r\n",
            "t=20190320T2303&&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1&",
            "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1&extra=ignored",
            "е=20190320Е2303?ы=5803ю00?ат=9251440300007971?ш=141637?аз=4087570038?т=1",
            "Е=20190320е2303?Ы=5803б00?АТ=9251440300007971?Ш=141637?АЗ=4087570038?Т=1",
            "реезыЖ..сруслющавюкг.ешслуе,е=20190320Е2303?ы=5803ю00?ат=9251440300007971?ш=141637?аз=4087570038?т=1",
        ])
    func variants(payload: String) throws {
        #expect(try FiscalCode(parsing: payload).canonical == Self.sample)
    }

    @Test(
        "names the field that is wrong and says what is wrong with it",
        arguments: [
            ("t=20190230T2303", FiscalCode.Field.t, "2019-02 has no day 30"),
            ("t=20190320T2503", .t, "there is no time 25:03:00"),
            ("t=2019-03-20", .t, "expected a date and time"),
            ("s=-5.00", .s, "cannot be negative"),
            ("s=12.345", .s, "fraction of a kopeck"),
            ("s=abc", .s, "not an amount"),
            ("fn=925144030000797", .fn, "exactly 16 digits"),
            ("fn=925144030000797X", .fn, "exactly 16 digits"),
            ("i=0", .i, "greater than zero"),
            ("i=-4", .i, "whole number"),
            ("fp=99999999999999999999", .fp, "too large"),
            ("fp=", .fp, "whole number"),
            ("n=5", .n, "must be 1 (sale)"),
            ("n=0", .n, "must be 1 (sale)"),
        ])
    func invalidField(replacement: String, field: FiscalCode.Field, reason: String) throws {
        let key = replacement.prefix { $0 != "=" }
        let payload = Self.sample.split(separator: "&").map { $0.hasPrefix(key + "=") ? Substring(replacement) : $0 }
            .joined(separator: "&")
        let error = try #require(throws: FiscalCodeError.self) { try FiscalCode(parsing: payload) }
        #expect(error.field == field)
        let english = error.message(in: .english)
        #expect(english.hasPrefix("field \(field.rawValue) ("))
        #expect(english.contains(reason))
        #expect(error.message(in: .russian).hasPrefix("поле \(field.rawValue) ("))
    }

    @Test("rejects what is not a payload, a missing field, or a field given twice differently")
    func structure() throws {
        #expect(throws: FiscalCodeError.empty) { try FiscalCode(parsing: "  \n") }
        #expect(throws: FiscalCodeError.notAPayload("hello world")) { try FiscalCode(parsing: "hello world") }
        #expect(throws: FiscalCodeError.notAPayload("a=1")) { try FiscalCode(parsing: "a=1") }
        #expect(throws: FiscalCodeError.missing([.fp, .n])) {
            try FiscalCode(parsing: "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637")
        }
        #expect(throws: FiscalCodeError.duplicate(.s)) { try FiscalCode(parsing: Self.sample + "&s=1.00") }
        // The same value twice says nothing new and is accepted.
        #expect(try FiscalCode(parsing: Self.sample + "&s=5803.00").canonical == Self.sample)
        let message = FiscalCodeError.missing([.fp, .n]).message(in: .russian)
        #expect(message == "в QR-коде нет: поле fp (фискальный признак), поле n (тип операции)")
    }

    @Test("keeps seconds in the normal form only when they are not zero")
    func seconds() throws {
        let code = try FiscalCode(parsing: "t=20190320T230315&s=1&fn=0000000000000001&i=1&fp=1&n=2")
        #expect(code.canonical == "t=20190320T230315&s=1.00&fn=0000000000000001&i=1&fp=1&n=2")
        #expect(code.dateTime.second == 15)
    }

    @Test("encodes to the --json shape and back")
    func json() throws {
        let code = try FiscalCode(parsing: Self.sample)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(code), as: UTF8.self)
        #expect(
            text
                == #"{"fn":"9251440300007971","fp":"4087570038","i":"141637","n":1,"s":580300,"t":"2019-03-20T23:03:00"}"#
        )
        #expect(try JSONDecoder().decode(FiscalCode.self, from: Data(text.utf8)) == code)
        let broken = text.replacingOccurrences(of: "\"n\":1", with: "\"n\":7")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FiscalCode.self, from: Data(broken.utf8)) }
    }
}
