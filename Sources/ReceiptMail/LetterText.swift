import Foundation
import ReceiptCore

/// The text of a letter as the receipt readers look at it: its lines (cells split by tabs), the
/// links it holds, and the fiscal values Такском's markup tags.
struct LetterText {
    /// Every line, HTML's where the letter has HTML, else the plain text's.
    var lines: [String] = []
    /// Every address: the HTML's `href`s, then those written out in the text.
    var links: [String] = []
    /// `receipt-value-N` values of the HTML.
    var tagged: [(tag: Int, text: String, item: Int?)] = []

    init(_ message: MailMessage) {
        var htmlLines: [String] = []
        var plainLines: [String] = []
        for part in message.parts where part.isText {
            if part.type == "text/html" {
                let html = HTMLText(part.text)
                htmlLines += html.lines
                links += html.links
                tagged += html.tagged
            } else {
                plainLines += part.text.split(whereSeparator: \.isNewline).map {
                    HTMLText.collapse(Array($0.utf8))
                }.filter { !$0.isEmpty }
            }
        }
        lines = htmlLines.isEmpty ? plainLines : htmlLines
        for line in htmlLines + plainLines { links += LetterText.addresses(in: line) }
    }

    /// The `http://` and `https://` addresses written out in `line`.
    static func addresses(in line: String) -> [String] {
        // Most lines have none: a look for `://` in the bytes first.
        guard line.utf8.count >= 10, line.contains("://") else { return [] }
        var found: [String] = []
        var rest = Substring(line)
        while let start = rest.range(of: "http", options: .caseInsensitive) {
            let tail = rest[start.lowerBound...]
            let lowered = tail.prefix(8).lowercased()
            guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
                rest = rest[start.upperBound...]
                continue
            }
            let end =
                tail.firstIndex { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">" }
                ?? tail.endIndex
            found.append(String(tail[..<end]).replacingOccurrences(of: "&amp;", with: "&"))
            rest = tail[end...]
        }
        return found
    }
}

/// A web address taken apart: host, path's pieces, query's fields by lower-case name.
struct ReceiptLink {
    let host: String
    let path: [String]
    let query: [String: String]

    init?(_ address: String) {
        let trimmed = address.trimmingCharacters(in: CharacterSet(charactersIn: " .,;)(»«"))
        guard let scheme = trimmed.range(of: "://") else { return nil }
        let rest = trimmed[scheme.upperBound...]
        let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        host = rest[..<hostEnd].lowercased().split(separator: "@").last.map(String.init) ?? ""
        let afterHost = rest[hostEnd...]
        let queryStart = afterHost.firstIndex(of: "?")
        let fragmentStart = afterHost.firstIndex(of: "#") ?? afterHost.endIndex
        let pathText = afterHost[..<(queryStart ?? fragmentStart)]
        path = pathText.split(separator: "/").map { String(decoding: PercentDecoding.bytes($0.utf8), as: UTF8.self) }
        var fields: [String: String] = [:]
        if let queryStart, queryStart < fragmentStart {
            for pair in afterHost[afterHost.index(after: queryStart)..<fragmentStart].split(separator: "&") {
                let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(decoding: PercentDecoding.bytes(pieces[0].utf8), as: UTF8.self).lowercased()
                let value =
                    pieces.count > 1 ? String(decoding: PercentDecoding.bytes(pieces[1].utf8), as: UTF8.self) : ""
                if fields[key] == nil { fields[key] = value }
            }
        }
        query = fields
        guard !host.isEmpty else { return nil }
    }
}

/// What one source in a letter says about a receipt: all of its QR code, or some of its fields.
struct ReceiptClue: Equatable {
    var fn: String?
    var fd: Int64?
    var fp: Int64?
    var dateTime: LocalDateTime?
    var total: Money?
    var operation: OperationType?

    /// The whole QR code's fields.
    init(_ code: FiscalCode) {
        fn = code.identity.fn
        fd = code.identity.i
        fp = code.identity.fp
        dateTime = code.dateTime
        total = code.total
        operation = code.operation
    }

    init(fn: String?, fd: Int64?, fp: Int64?, total: Money? = nil) {
        self.fn = fn.flatMap(FiscalNumbers.driveNumber)
        self.fd = fd
        self.fp = fp
        self.total = total
    }

    /// Whether the QR code's fields are all known.
    var isWhole: Bool { fn != nil && fd != nil && fp != nil && dateTime != nil && total != nil }

    /// The receipt link of an OFD, a tax service address or any other with the QR code's fields in
    /// its query; nil for a link that is not a receipt's (a shop's page, a promotion whose query
    /// names a drive but no fiscal sign).
    init?(link: ReceiptLink) {
        let query = link.query
        if let t = query["t"], let s = query["s"], let fn = query["fn"], let i = query["i"], let fp = query["fp"],
            let code = try? FiscalCode(parsing: "t=\(t)&s=\(s)&fn=\(fn)&i=\(i)&fp=\(fp)&n=\(query["n"] ?? "1")")
        {
            self.init(code)
            return
        }
        let number = FiscalNumbers.positive
        switch link.host {
        case "check.yandex.ru":
            // Яндекс Маркет: `n` is the document's number here, not the operation.
            self.init(fn: query["fn"], fd: number(query["n"]), fp: number(query["fpd"] ?? query["fp"]))
        case "ofd.yandex.ru":
            // `/vaucher/<register number>/<document>/<sign>`: no drive number.
            guard link.path.count >= 4, link.path[0] == "vaucher" else { return nil }
            self.init(fn: nil, fd: number(link.path[2]), fp: number(link.path[3]))
        case "check.ofd.ru":
            // `/rec/<drive>/<document>/<sign>`, or with the seller's INN and the register first.
            guard link.path.count >= 4, link.path[0] == "rec" else { return nil }
            let tail = link.path.suffix(3)
            self.init(fn: tail[tail.startIndex], fd: number(tail[tail.startIndex + 1]), fp: number(tail.last))
        case "cash.kontur.ru":
            self.init(
                fn: query["fnserialnumber"], fd: number(query["fiscaldocumentnumber"]),
                fp: number(query["fiscalsignature"]))
        case "receipt.taxcom.ru":
            self.init(
                fn: query["fn"], fd: number(query["fd"]), fp: number(query["fp"]),
                total: query["s"].flatMap { try? Money(roubles: $0) })
        default:
            self.init(fn: query["fn"], fd: number(query["i"] ?? query["fd"]), fp: number(query["fp"] ?? query["fpd"]))
        }
        // A receipt's link always names its fiscal sign.
        guard fp != nil, fd != nil || link.host == "receipt.taxcom.ru" else { return nil }
    }
}

/// Fiscal numbers as letters write them.
enum FiscalNumbers {
    /// A drive number: exactly 16 digits.
    static func driveNumber(_ text: String) -> String? {
        text.count == 16 && text.allSatisfy(\.isASCIIDigitCharacter) ? text : nil
    }

    /// A positive number of at most ten digits (document numbers, fiscal signs).
    static func positive(_ text: String?) -> Int64? {
        guard let text, (1...10).contains(text.count), text.allSatisfy(\.isASCIIDigitCharacter),
            let value = Int64(text), value > 0
        else { return nil }
        return value
    }
}

extension Character {
    /// `0` to `9`.
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
