/// The six fields of a QR payload, found in the text and not yet checked.
///
/// Works on UTF-8 bytes: payloads are ASCII except when a scanner typed them in the Russian layout
/// (or someone pasted exotic white space), and only then does the slower path on characters run.
struct PayloadFields {
    private var values: [String?] = Array(repeating: nil, count: FiscalCode.Field.allCases.count)

    subscript(field: FiscalCode.Field) -> String {
        values[Self.index(of: field)] ?? ""
    }

    init(_ payload: String) throws(FiscalCodeError) {
        var bytes = Array(payload.utf8)
        if bytes.contains(where: { $0 >= 0x80 }) {
            var text = payload.trimmingWhitespace()
            if text.unicodeScalars.contains(where: KeyboardLayout.isCyrillic) {
                text = KeyboardLayout.russianToLatin(text)
            }
            bytes = Array(text.utf8)
        }
        var whole = ASCII.trimmed(bytes[...])
        guard !whole.isEmpty else { throw .empty }
        // Some scanners copy the payload percent-encoded as a whole (`t%3D2019…%26s%3D…`), once or
        // twice over: with no `=` left in it, it cannot be a query yet.
        var decodings = 0
        while !whole.contains(UInt8(ascii: "=")), whole.contains(UInt8(ascii: "%")), decodings < 3 {
            whole = ASCII.trimmed(ASCII.percentDecoded(whole)[...])
            decodings += 1
        }
        // The query of an OFD address, without its fragment.
        var query = whole
        if let mark = query.firstIndex(of: UInt8(ascii: "?")) { query = query[(mark + 1)...] }
        if let hash = query.firstIndex(of: UInt8(ascii: "#")) { query = query[..<hash] }

        var found = false
        for pair in query.split(separator: UInt8(ascii: "&")) {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { throw .notAPayload(payload) }
            let key = ASCII.trimmed(ASCII.percentDecoded(pair[..<equals])[...]).map(ASCII.lowercased)
            guard let field = Self.field(named: key) else { continue }
            let value = String(decoding: ASCII.trimmed(ASCII.percentDecoded(pair[(equals + 1)...])[...]), as: UTF8.self)
            let index = Self.index(of: field)
            if let earlier = values[index], earlier != value { throw .duplicate(field) }
            values[index] = value
            found = true
        }
        guard found else { throw .notAPayload(payload) }
        let missing = FiscalCode.Field.allCases.filter { values[Self.index(of: $0)] == nil }
        guard missing.isEmpty else { throw .missing(missing) }
    }

    private static func index(of field: FiscalCode.Field) -> Int {
        switch field {
        case .t: 0
        case .s: 1
        case .fn: 2
        case .i: 3
        case .fp: 4
        case .n: 5
        }
    }

    private static func field(named key: [UInt8]) -> FiscalCode.Field? {
        switch key {
        case [UInt8(ascii: "t")]: .t
        case [UInt8(ascii: "s")]: .s
        case [UInt8(ascii: "f"), UInt8(ascii: "n")]: .fn
        case [UInt8(ascii: "i")]: .i
        case [UInt8(ascii: "f"), UInt8(ascii: "p")]: .fp
        case [UInt8(ascii: "n")]: .n
        default: nil
        }
    }
}
