import Foundation
import ReceiptCore

/// The columns of a delimited statement by their header names, and the readings of dates and
/// amounts that the banks' layouts share.
struct StatementColumns {
    private let index: [String: Int]
    let count: Int

    /// The columns named in `header`, matched without regard to case or surrounding blanks.
    init(header: [String]) {
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() {
            let key = Self.key(name)
            if index[key] == nil { index[key] = position }
        }
        self.index = index
        self.count = header.count
    }

    /// Whether every one of `names` is a column.
    func has(_ names: [String]) -> Bool {
        names.allSatisfy { index[Self.key($0)] != nil }
    }

    /// The field of `fields` under the column `name`, trimmed; nil when there is no such column.
    func value(_ name: String, in fields: [String]) -> String? {
        guard let position = index[Self.key(name)], position < fields.count else { return nil }
        return fields[position].trimmingCharacters(in: .whitespaces)
    }

    /// The field under `name`, or a `missing` problem when the column or the value is absent.
    func required(_ name: String, in fields: [String]) throws(StatementRowProblem.Problem) -> String {
        guard let value = value(name, in: fields), !value.isEmpty else { throw .missing(column: name) }
        return value
    }

    private static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `31.12.2024`, `31.12.2024 23:40`, `31.12.2024 23:40:05`, `31.12.24` (Alfa-Bank's two-digit
    /// year, this century); also `2024-12-31` with the same times.
    static func dateTime(_ text: String, column: String) throws(StatementRowProblem.Problem) -> LocalDateTime {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard (1...2).contains(parts.count) else { throw .badDate(column: column, text: text) }
        let date: [Int]
        if parts[0].contains(".") {
            date = parts[0].split(separator: ".", omittingEmptySubsequences: false).compactMap { Int($0) }.reversed()
        } else {
            date = parts[0].split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
        }
        var time = [0, 0, 0]
        if parts.count == 2 {
            let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }) else {
                throw .badDate(column: column, text: text)
            }
            for (position, value) in clock.enumerated() { time[position] = value ?? 0 }
        }
        guard date.count == 3 else { throw .badDate(column: column, text: text) }
        let year: Int
        let yearText =
            parts[0].contains(".") ? parts[0].split(separator: ".").last : parts[0].split(separator: "-").first
        switch yearText?.count {
        case 4: year = date[0]
        case 2 where parts[0].contains("."): year = 2000 + date[0]
        default: throw .badDate(column: column, text: text)
        }
        do {
            return try LocalDateTime(
                year: year, month: date[1], day: date[2], hour: time[0], minute: time[1], second: time[2])
        } catch {
            throw .badDate(column: column, text: text)
        }
    }

    /// An amount as banks print it: `-1 234,56`, `1234.56`, `+100`, spaces (also no-break ones)
    /// between thousands; within `Money.largestAmount` either way, as a receipt's
    /// amounts are.
    static func amount(_ text: String, column: String) throws(StatementRowProblem.Problem) -> Money {
        var cleaned = String(text.unicodeScalars.filter { !$0.properties.isWhitespace })
        if cleaned.hasPrefix("+") { cleaned.removeFirst() }
        // Sber writes a kopeck as `-,01`.
        if cleaned.hasPrefix(",") || cleaned.hasPrefix(".") { cleaned = "0" + cleaned }
        if cleaned.hasPrefix("-,") || cleaned.hasPrefix("-.") {
            cleaned.insert("0", at: cleaned.index(after: cleaned.startIndex))
        }
        let money: Money
        do {
            money = try Money(roubles: cleaned)
        } catch {
            throw .badAmount(column: column, text: text)
        }
        guard money.isWithinBounds else {
            throw .beyondBounds(column: column, text: text)
        }
        return money
    }
}
