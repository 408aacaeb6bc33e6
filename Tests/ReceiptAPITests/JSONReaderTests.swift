import Foundation
import ReceiptAPI
import ReceiptCore
import Testing

/// One value under the key `v`, as the wire types read their members.
private struct Member<Value: JSONReadable & Equatable>: JSONReadable, Equatable {
    var v: Value

    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var v: Value?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "v": try reader.read(into: &v, for: key)
            default: try reader.skipValue()
            }
        }
        self.v = try reader.required(v, "v")
    }
}

private func value<Value: JSONReadable & Equatable>(_ type: Value.Type, _ json: String) throws -> Value {
    try JSONReader.read(Member<Value>.self, from: Data((#"{"v":"# + json + "}").utf8)).v
}

private func problem<Value: JSONReadable>(_ type: Value.Type, _ json: String) -> JSONReadError.Problem? {
    do {
        _ = try JSONReader.read(type, from: Data(json.utf8))
        return nil
    } catch {
        return error.problem
    }
}

@Suite("JSON reader: strings, numbers and malformed text", .timeLimit(.minutes(20)))
struct JSONReaderTests {
    @Test(
        "strings come back with every escape resolved",
        arguments: [
            (#""МОЛОКО ПАСТ.3,2% 930МЛ""#, "МОЛОКО ПАСТ.3,2% 930МЛ"),
            (#""кофе ☕️ 😀""#, "кофе ☕️ 😀"),
            (#""ООО \"ЛЕНТА\" \\ a\/b""#, "ООО \"ЛЕНТА\" \\ a/b"),
            (#""\u0000\u001f\b\f\n\r\t""#, "\u{0}\u{1F}\u{8}\u{C}\n\r\t"),
            (#""\u00e9\u00C9 \u041c\u043e""#, "éÉ Мо"),
            (#""\ud83d\ude00 и \uD83D\uDE00""#, "😀 и 😀"),
            (#""""#, ""),
        ])
    func strings(json: String, expected: String) throws {
        #expect(try value(String.self, json) == expected)
    }

    @Test("integers read to the last value of Int64; Doubles round as the standard library rounds them")
    func numbers() throws {
        #expect(try value(Int64.self, "9223372036854775807") == .max)
        #expect(try value(Int64.self, "-9223372036854775808") == .min)
        #expect(try value(Int64.self, "-0") == 0)
        #expect(try value(Int.self, " 580300 ") == 580_300)
        for literal in [
            "0.686", "1e-7", "-0", "0", "2.2250738585072011e-308", "5e-324", "1.7976931348623157e308", "-0.0", "0.1",
            "123456789012345678", "9007199254740993", "37.61860000000001", "1E+2",
        ] {
            let read = try value(Double.self, literal)
            #expect(read == Double(literal), "\(literal)")
            #expect(read.sign == (Double(literal) ?? 0).sign, "\(literal)")
        }
    }

    @Test(
        "malformed text is refused, saying what is wrong",
        arguments: [
            ("\u{FEFF}{\"v\":1}", JSONReadError.Problem.byteOrderMark),
            (#"{"v":1} x"#, .trailingData),
            (#"{"v":1}{}"#, .trailingData),
            (#"{"v":1,}"#, .trailingComma),
            (#"{"v":01}"#, .leadingZero),
            (#"{"v":-}"#, .missingDigit),
            (#"{"v":1.}"#, .missingDigit),
            (#"{"v":1e}"#, .missingDigit),
            (#"{"v":.5}"#, .unexpected(found: "'.'", expected: .value)),
            (#"{"v":+1}"#, .unexpected(found: "'+'", expected: .value)),
            (#"{"v":5803.0}"#, .notAnInteger),
            (#"{"v":1e3}"#, .notAnInteger),
            (#"{"v":9223372036854775808}"#, .integerOverflow),
            (#"{"v":-9223372036854775809}"#, .integerOverflow),
            (#"{"v":123456789012345678901234567890}"#, .integerOverflow),
            (#"{"v":"5"}"#, .wrongType(found: .string, expected: .number)),
            (#"{"v":null}"#, .wrongType(found: .null, expected: .number)),
            (#"{"v":[1]}"#, .wrongType(found: .array, expected: .number)),
            (#"[1]"#, .wrongType(found: .array, expected: .object)),
            (#"{"w":1}"#, .missingKey("v")),
            (#"{"v":1,"v":2}"#, .duplicateKey("v")),
            (#"{"v":1 "w":2}"#, .unexpected(found: "'\"'", expected: .commaOrBrace)),
            (#"{"v" 1}"#, .unexpected(found: "'1'", expected: .colon)),
            (#"{v:1}"#, .unexpected(found: "'v'", expected: .key)),
            (#"{"w":[1 2],"v":1}"#, .unexpected(found: "'2'", expected: .commaOrBracket)),
            (#"{"w":tru,"v":1}"#, .invalidLiteral),
            (#"{"w":nul"#, .unexpectedEnd),
            (#"{"w":"\x","v":1}"#, .invalidEscape),
            (#"{"w":"\u12G4","v":1}"#, .invalidEscape),
            (#"{"w":"\ud800","v":1}"#, .loneSurrogate),
            (#"{"w":"\ud800\u0041","v":1}"#, .loneSurrogate),
            (#"{"w":"\udc00\ud800","v":1}"#, .loneSurrogate),
            ("{\"w\":\"a\tb\",\"v\":1}", .controlCharacter),
            ("{\"w\":\"\u{1}\",\"v\":1}", .controlCharacter),
            ("", .unexpectedEnd),
            ("   ", .unexpectedEnd),
            (#"{"v":"#, .unexpectedEnd),
        ])
    func malformed(json: String, expected: JSONReadError.Problem) {
        #expect(problem(Member<Int64>.self, json) == expected, "\(json)")
    }

    @Test("a Double out of range, or so small it would read as zero, is refused; zero itself is not")
    func doubleRange() {
        #expect(problem(Member<Double>.self, #"{"v":1e400}"#) == .numberOutOfRange)
        #expect(problem(Member<Double>.self, #"{"v":-1e400}"#) == .numberOutOfRange)
        #expect(problem(Member<Double>.self, #"{"v":1e-400}"#) == .numberOutOfRange)
        #expect(problem(Member<Double>.self, #"{"v":0e-400}"#) == nil)
        #expect(problem(Member<Double>.self, #"{"v":0.000}"#) == nil)
    }

    @Test("invalid UTF-8 in a string or a key is refused")
    func invalidUTF8() throws {
        for bytes in [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0xFF], [0xE2, 0x82]] as [[UInt8]] {
            let inValue = Array(#"{"v":""#.utf8) + bytes + Array(#""}"#.utf8)
            let inKey = Array(#"{""#.utf8) + bytes + Array(#"":1,"v":"a"}"#.utf8)
            for input in [inValue, inKey] {
                let error = try #require(throws: JSONReadError.self) {
                    try JSONReader.read(Member<String>.self, from: input)
                }
                #expect(error.problem == .invalidUTF8, "\(bytes)")
            }
        }
    }

    @Test("nesting is allowed to 512 levels, as in JSONDecoder, and refused deeper")
    func depth() {
        func nested(_ levels: Int) -> String {
            #"{"w":"# + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + #","v":1}"#
        }
        #expect(problem(Member<Int64>.self, nested(511)) == nil)
        #expect(problem(Member<Int64>.self, nested(512)) == .tooDeep)
        #expect(problem(Member<Int64>.self, nested(100_000)) == .tooDeep)
    }

    @Test("unknown keys are skipped whatever their values hold, and keys may come in any order or escaped")
    func unknownKeys() throws {
        let json = #"""
            { "a" : {"b":[1,-2.5e-3,"x\"y",{"c":null}], "d":{}} , "\u0076" : 42, "e":[], "f":true, "g":false }
            """#
        #expect(try JSONReader.read(Member<Int>.self, from: Data(json.utf8)).v == 42)
    }

    @Test("an error names the byte and the path to the value, in Russian and in English")
    func errorPlace() throws {
        let json = #"{"receipts":[{"id":1},{"id":2,"items":[{"price":1},{"price":"x"}]}]}"#
        let error = try #require(throws: JSONReadError.self) {
            try JSONReader.read(Pages.self, from: Data(json.utf8))
        }
        #expect(error.problem == .wrongType(found: .string, expected: .number))
        #expect(error.offset == json.utf8.count - 8)
        #expect(error.path == "receipts[1].items[1].price")
        #expect(
            error.message(in: .english)
                == "invalid JSON (byte \(error.offset), at receipts[1].items[1].price): expected a number, found a string"
        )
        #expect(error.message(in: .russian).contains("ожидалось число, а стоит строка"))
    }

    @Test("enumerations take only their raw values")
    func enumerations() throws {
        #expect(try value(Receipt.Status.self, #""pending""#) == .pending)
        #expect(
            problem(Member<Receipt.Status>.self, #"{"v":"lost"}"#)
                == .unknownValue("lost", expected: ["complete", "pending"]))
        #expect(problem(Member<AccountKind>.self, #"{"v":"Anonymous"}"#) != nil)
    }
}

/// Nested arrays of objects with integers, for the error path.
private struct Pages: JSONReadable {
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        try reader.beginObject()
        while let key = try reader.nextKey() {
            guard case "receipts" = key else {
                try reader.skipValue()
                continue
            }
            try reader.beginArray()
            while try reader.nextElement() {
                try reader.beginObject()
                while let field = try reader.nextKey() {
                    switch field {
                    case "id": _ = try reader.readInt64()
                    case "items": _ = try reader.read([PriceLine].self)
                    default: try reader.skipValue()
                    }
                }
            }
        }
    }
}

/// A line with integers only.
private struct PriceLine: JSONReadable {
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        try reader.beginObject()
        while try reader.nextKey() != nil { _ = try reader.readInt64() }
    }
}
