import Foundation
import PropertyBased
import ReceiptCore
import Testing

/// Generated codes: every field over its whole range, seconds zero half of the time.
@Suite("Fiscal QR payload, generated", .timeLimit(.minutes(20)))
struct FiscalCodePropertyTests {
    static func code(
        year: Int, month: Int, day: Int, secondOfDay: Int, kopecks: Int64, fn: Int64, i: Int64, fp: Int64, n: Int
    ) throws -> FiscalCode {
        let day = min(day, LocalDateTime.daysIn(month: month, year: year))
        let second = secondOfDay % 2 == 0 ? 0 : secondOfDay % 60
        let dateTime = try LocalDateTime(
            year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: second)
        let digits = String(fn)
        let identity = try FiscalIdentity(fn: String(repeating: "0", count: 16 - digits.count) + digits, i: i, fp: fp)
        return try FiscalCode(
            dateTime: dateTime, total: Money(kopecks: kopecks), identity: identity,
            operation: try #require(OperationType(rawValue: n)))
    }

    static func check(_ body: @escaping (FiscalCode, Int) throws -> Void) async {
        await propertyCheck(
            count: 300,
            input: Gen.int(in: 2000...2099), Gen.int(in: 1...12), Gen.int(in: 1...31), Gen.int(in: 0...86_399),
            Gen.int64(in: 0...9_999_999_999_99), Gen.int64(in: 0...9_999_999_999_999_999),
            Gen.int64(in: 1...4_294_967_295), Gen.int64(in: 1...9_999_999_999), Gen.int(in: 1...4),
            Gen.int(in: 0...1_000_000)
        ) { year, month, day, second, kopecks, fn, i, fp, n, salt in
            try body(
                try code(
                    year: year, month: month, day: day, secondOfDay: second, kopecks: kopecks, fn: fn, i: i, fp: fp,
                    n: n),
                salt)
        }
    }

    @Test("parse(canonical(x)) == x")
    func roundTrip() async {
        await Self.check { code, _ throws in
            #expect(try FiscalCode(parsing: code.canonical) == code)
        }
    }

    @Test("every variant of a code parses to the same code")
    func variants() async {
        await Self.check { code, salt throws in
            for variant in Variants.all(of: code, salt: salt) {
                #expect(try FiscalCode(parsing: variant) == code, "variant: \(variant)")
            }
        }
    }
}

/// Writes a code the ways scanners, OFD sites and people write it, independently of the parser.
enum Variants {
    static func all(of code: FiscalCode, salt: Int) -> [String] {
        let fields = fields(of: code)
        let plain = join(fields)
        var variants = [
            plain,
            join(rotated(fields, by: salt)),
            join(fields.reversed()),
            join(fields.map { ($0.0.uppercased(), $0.1) }),
            join(replacing("t", in: fields) { $0.replacingOccurrences(of: "T", with: "t") }),
            join(replacing("s", in: fields) { $0.replacingOccurrences(of: ".", with: ",") }),
            join(replacing("i", in: fields) { "00" + $0 }),
            join(replacing("fp", in: fields) { "0" + $0 }),
            "https://check.ofd.example/ticket?" + plain,
            " \t" + plain + "\n",
            russianLayout(join(rotated(fields, by: salt / 7))),
            russianLayout("https://check.ofd.example/ticket?" + plain),
            percentEncoded(plain, lowercase: salt % 2 == 0),
            percentEncoded("https://check.ofd.example/ticket?" + join(rotated(fields, by: salt)), lowercase: false),
            percentEncoded(percentEncoded(plain, lowercase: true), lowercase: false),
        ]
        if code.dateTime.second == 0 {
            variants.append(join(replacing("t", in: fields) { $0 + "00" }))
        }
        let kopecks = code.total.kopecks % 100
        if kopecks == 0 {
            variants.append(join(replacing("s", in: fields) { String($0.dropLast(3)) }))
        } else if kopecks % 10 == 0 {
            variants.append(join(replacing("s", in: fields) { String($0.dropLast()) }))
        }
        return variants
    }

    private static func fields(of code: FiscalCode) -> [(String, String)] {
        let d = code.dateTime
        func pad(_ value: Int, _ width: Int = 2) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        let time =
            pad(d.year, 4) + pad(d.month) + pad(d.day) + "T" + pad(d.hour) + pad(d.minute)
            + (d.second == 0 ? "" : pad(d.second))
        let rub = code.total.kopecks / 100
        let kop = code.total.kopecks % 100
        return [
            ("t", time), ("s", "\(rub).\(pad(Int(kop)))"), ("fn", code.identity.fn), ("i", String(code.identity.i)),
            ("fp", String(code.identity.fp)), ("n", String(code.operation.rawValue)),
        ]
    }

    private static func join(_ fields: some Sequence<(String, String)>) -> String {
        fields.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    private static func rotated(_ fields: [(String, String)], by count: Int) -> [(String, String)] {
        let shift = count % fields.count
        return Array(fields[shift...] + fields[..<shift])
    }

    private static func replacing(
        _ key: String, in fields: [(String, String)], _ change: (String) -> String
    ) -> [(String, String)] {
        fields.map { $0.0 == key ? ($0.0, change($0.1)) : $0 }
    }

    /// The whole text percent-encoded, as some scanners copy a payload: every byte but letters,
    /// digits and `-._~` as `%XX`.
    static func percentEncoded(_ text: String, lowercase: Bool) -> String {
        text.utf8.map { byte in
            let character = Character(Unicode.Scalar(byte))
            if character.isASCII, character.isLetter || character.isNumber || "-._~".contains(character) {
                return String(character)
            }
            let hex = String(byte, radix: 16, uppercase: !lowercase)
            return "%" + (hex.count == 1 ? "0" + hex : hex)
        }.joined()
    }

    /// What a scanner types with the Russian layout on: each US key replaced by its ЙЦУКЕН twin.
    static func russianLayout(_ text: String) -> String {
        let us = Array("qwertyuiopasdfghjklzxcvbnmQWERTYUIOPASDFGHJKLZXCVBNM&.,/?")
        let ru = Array("йцукенгшщзфывапролдячсмитьЙЦУКЕНГШЩЗФЫВАПРОЛДЯЧСМИТЬ?юб.,")
        let map = Dictionary(uniqueKeysWithValues: zip(us, ru))
        return String(text.map { map[$0] ?? $0 })
    }
}
