import Foundation
import ReceiptCore

/// OFX, the statement format that banks' "export to Money/Quicken" and every `ofxstatement` plugin
/// write: version 1 (SGML, leaf elements left unclosed) and version 2 (XML) are read alike.
///
/// Each `STMTTRN` is an operation: its amount is signed from the account's side (a debit negative),
/// its time is `DTUSER` (when the card was used) or else `DTPOSTED`. A time without a zone is taken
/// as Moscow time: `ofxstatement` writes the Russian banks' wall clock as it is.
enum OFXStatement {
    static func recognises(_ text: String) -> Bool {
        let start = text.prefix(2_048).uppercased()
        return start.contains("OFXHEADER") || start.contains("<OFX>") || start.contains("<OFX ")
    }

    static func read(_ text: String) throws(StatementError) -> BankStatement {
        let elements = elements(of: text)
        var statement = BankStatement(bank: .ofx, payments: [])
        var account = ""
        var currency = "RUB"
        var transaction: [String: String]?
        var seenStatement = false
        for element in elements {
            switch element.tag {
            case "CURDEF": currency = element.value
            case "ACCTID": account = element.value
            case "BANKTRANLIST": seenStatement = true
            case "STMTTRN": transaction = [:]
            case "/STMTTRN":
                if let fields = transaction {
                    do throws(StatementRowProblem.Problem) {
                        statement.payments.append(try payment(fields, account: account, currency: currency))
                    } catch {
                        statement.problems.append(StatementRowProblem(line: element.line, problem: error))
                    }
                }
                transaction = nil
            default:
                if transaction != nil, !element.tag.hasPrefix("/") { transaction?[element.tag] = element.value }
            }
        }
        guard seenStatement || !statement.payments.isEmpty else { throw .badOFX("BANKTRANLIST") }
        return statement
    }

    private static func payment(_ fields: [String: String], account: String, currency: String)
        throws(StatementRowProblem.Problem) -> BankPayment
    {
        guard let timeText = fields["DTUSER"] ?? fields["DTPOSTED"], !timeText.isEmpty else {
            throw .missing(column: "DTPOSTED")
        }
        guard let amountText = fields["TRNAMT"], !amountText.isEmpty else { throw .missing(column: "TRNAMT") }
        let amount = try StatementColumns.amount(amountText, column: "TRNAMT")
        let name = fields["NAME"] ?? fields["PAYEE"] ?? ""
        let memo = fields["MEMO"] ?? ""
        let description = [name, memo].filter { !$0.isEmpty }.reduce(into: [String]()) { parts, part in
            if !parts.contains(part) { parts.append(part) }
        }
        return BankPayment(
            bank: .ofx, account: account, time: try time(timeText), spent: Money(kopecks: -amount.kopecks),
            currency: fields["CURRENCY"].flatMap { $0.isEmpty ? nil : $0 } ?? currency,
            description: description.joined(separator: " — "), mcc: fields["SIC"],
            reference: fields["FITID"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `YYYYMMDD[HHMMSS[.XXX]][[±H[.MM]][:NAME]]`.
    static func time(_ text: String) throws(StatementRowProblem.Problem) -> ZonedDateTime {
        let bad = StatementRowProblem.Problem.badDate(column: "DTPOSTED", text: text)
        var clock = text
        var offset = ZonedDateTime.moscowOffset
        if let open = text.firstIndex(of: "[") {
            clock = String(text[..<open])
            let zone = text[text.index(after: open)...].prefix { $0 != "]" && $0 != ":" }
            let parts = zone.split(separator: ".", omittingEmptySubsequences: false)
            guard let hours = Int(parts[0]), (-12...14).contains(hours) else { throw bad }
            let minutes = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            offset = hours * 60 + (hours < 0 || zone.hasPrefix("-") ? -minutes : minutes)
        }
        if let dot = clock.firstIndex(of: ".") { clock = String(clock[..<dot]) }
        let digits = Array(clock)
        guard digits.count == 8 || digits.count == 12 || digits.count == 14, digits.allSatisfy(\.isASCII),
            digits.allSatisfy(\.isNumber)
        else { throw bad }
        func number(_ range: Range<Int>) -> Int {
            range.upperBound <= digits.count ? Int(String(digits[range])) ?? 0 : 0
        }
        do {
            let local = try LocalDateTime(
                year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(8..<10),
                minute: number(10..<12), second: number(12..<14))
            return ZonedDateTime(local: local, offsetMinutes: offset)
        } catch {
            throw bad
        }
    }

    /// A tag and the text up to the next tag, with the line it is on.
    struct Element {
        var tag: String
        var value: String
        var line: Int
    }

    /// The tags of the document in order, each with the text that follows it (entities decoded).
    static func elements(of text: String) -> [Element] {
        var elements: [Element] = []
        var line = 1
        var scalars = text.unicodeScalars[...]
        while let open = scalars.firstIndex(of: "<") {
            line += scalars[..<open].lazy.filter { $0 == "\n" }.count
            guard let close = scalars[open...].firstIndex(of: ">") else { break }
            let tag = String(String.UnicodeScalarView(scalars[scalars.index(after: open)..<close]))
            scalars = scalars[scalars.index(after: close)...]
            let end = scalars.firstIndex(of: "<") ?? scalars.endIndex
            let raw = String(String.UnicodeScalarView(scalars[..<end]))
            let name = tag.split(separator: " ").first.map { String($0).uppercased() } ?? ""
            guard !name.hasPrefix("?"), !name.hasPrefix("!") else { continue }
            elements.append(
                Element(
                    tag: name, value: decodeEntities(raw.trimmingCharacters(in: .whitespacesAndNewlines)), line: line))
        }
        return elements
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&amp;", with: "&")
    }
}
