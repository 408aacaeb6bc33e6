import Foundation
import ReceiptCore

/// The fiscal fields a receipt prints with their labels (ФН, ФД, ФП or ФПД, the date, ИТОГ, ИНН),
/// found in a letter's lines with the line each is on.
///
/// A label is a word of its own (`ФФД`, `ОФД` are not `ФД`); its value follows on the same line,
/// after a few signs (`: `, `№ `, `N `), or starts the next line, as tables with a label and a
/// value in cells of their own print them.
struct PrintedLabels {
    var driveNumbers: [(line: Int, value: String)] = []
    var documentNumbers: [(line: Int, value: Int64)] = []
    var signs: [(line: Int, value: Int64)] = []
    var dates: [(line: Int, value: LocalDateTime)] = []
    var totals: [(line: Int, value: Money)] = []
    var sellerNumbers: [(line: Int, value: String)] = []
    /// Sums paid in cash (`Наличными`), electronically (`Безналичными`), and by an earlier
    /// prepayment (`Предоплата (аванс)`, tag 1215).
    var cashSums: [(line: Int, value: Money)] = []
    var ecashSums: [(line: Int, value: Money)] = []
    var prepaidSums: [(line: Int, value: Money)] = []
    /// Dates printed without a time.
    var datesOnly: [(line: Int, value: LocalDateTime)] = []

    init(_ lines: [String]) {
        for (index, line) in lines.enumerated() {
            // Most lines of a letter hold no label and no date: they are passed over on a look at
            // their bytes, before any of the slower work on characters.
            let scalars = line.unicodeScalars
            let labelled = scalars.contains("Ф") || scalars.contains("И")
            let dotted = line.utf8.contains(UInt8(ascii: "."))
            let short = line.utf8.count <= 160
            guard labelled || dotted || short else { continue }
            let characters = Array(line)
            let next = labelled && index + 1 < lines.count ? Array(lines[index + 1]) : []
            if labelled { scanLabels(index: index, line: line, characters: characters, next: next) }
            if dotted, let date = Self.dateTime(in: characters) {
                // A date with its time is the receipt's; one without (`Действует до 30.06.2026`) only
                // when there is no other.
                if date.hour != 0 || date.minute != 0 {
                    dates.append((index, date))
                } else {
                    datesOnly.append((index, date))
                }
            }
            guard short, Self.mentionsSum(line) else { continue }
            scanSums(index: index, line: line, following: index + 1 < lines.count ? lines[index + 1] : "")
        }
    }

    /// The fiscal numbers and the seller's INN on a line with a label's first letter.
    private mutating func scanLabels(index: Int, line: String, characters: [Character], next: [Character]) {
        for value in Self.values(after: ["ФН"], in: characters, next: next) where value.count == 16 {
            driveNumbers.append((index, value))
        }
        for value in Self.values(after: ["ФД"], in: characters, next: next) {
            if let number = FiscalNumbers.positive(value) { documentNumbers.append((index, number)) }
        }
        for value in Self.values(after: ["ФПД", "ФП(Д)", "ФП"], in: characters, next: next) {
            if let number = FiscalNumbers.positive(value) { signs.append((index, number)) }
        }
        for value in Self.values(after: ["ИНН"], in: characters, next: next)
        where value.count == 10 || value.count == 12 {
            // The operator's own number (ИНН ОФД) is not the seller's.
            if !line.uppercased().contains("ОФД") { sellerNumbers.append((index, value)) }
        }
    }

    /// The words a total or a payment's sum is printed after, in the letter cases receipts print
    /// them: looked for in a line's bytes, which is quick, before the line is lowered.
    private static let sumWords: [[UInt8]] = [
        "итог", "Итог", "ИТОГ", "умма чека", "УММА ЧЕКА", "колько", "КОЛЬКО", "оплате", "ОПЛАТЕ", "аличн", "АЛИЧН",
        "лектронн", "ЛЕКТРОНН", "артой", "АРТОЙ", "аванс", "АВАНС", "ачет", "АЧЕТ", "ачёт", "АЧЁТ",
    ].map { Array($0.utf8) }

    private static func mentionsSum(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            sumWords.contains { word in
                guard word.count <= bytes.count else { return false }
                var start = 0
                while start + word.count <= bytes.count {
                    if bytes[start] == word[0] {
                        var index = 1
                        while index < word.count, bytes[start + index] == word[index] { index += 1 }
                        if index == word.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    /// The total and the sums paid in cash, electronically and beforehand, on a short line that
    /// names one, its amount there or starting the following line.
    private mutating func scanSums(index: Int, line: String, following: String) {
        let lowered = line.lowercased().replacingOccurrences(of: "ё", with: "е")
        func sum() -> Money? { Amounts.all(in: line).last ?? Amounts.leading(following) }
        if lowered.hasPrefix("наличн") || lowered.hasPrefix("оплата наличн") {
            if let amount = sum() { cashSums.append((index, amount)) }
        } else if lowered.hasPrefix("безналичн") || lowered.hasPrefix("электронн") || lowered.hasPrefix("картой") {
            if let amount = sum() { ecashSums.append((index, amount)) }
        } else if lowered.contains("(аванс)") || lowered.contains("зачет аванса")
            || lowered.contains("зачет предоплаты")
        {
            if let amount = sum() { prepaidSums.append((index, amount)) }
        }
        if ["итог", "сумма чека", "сколько", "к оплате"].contains(where: { lowered.contains($0) }) {
            if let amount = sum() { totals.append((index, amount)) }
        }
    }

    /// The digits that follow each of `labels` standing as a word in `line`, or that start `next`
    /// when the label ends its line.
    static func values(after labels: [String], in line: [Character], next: [Character]) -> [String] {
        var found: [String] = []
        var index = 0
        while index < line.count {
            guard let label = labels.first(where: { matches($0, in: line, at: index) }) else {
                index += 1
                continue
            }
            var position = index + label.count
            index = position
            // The label must end a word: `ФП` of `ФПД` is read as `ФПД`, listed first.
            if position < line.count, line[position].isLetter, line[position] != "N" { continue }
            var skipped = 0
            var source = line
            while skipped < 12 {
                if position >= source.count {
                    guard source == line, !next.isEmpty else { break }
                    source = next
                    position = 0
                    continue
                }
                let character = source[position]
                if character.isASCIIDigitCharacter { break }
                // `№`, `N`, `:`, `.`, blanks, `#`: what stands between a label and its number.
                guard
                    character == "№" || character == "N" || character == ":" || character == "." || character == " "
                        || character == "\t" || character == "#" || character == "-" || character == "|"
                else { break }
                position += 1
                skipped += 1
            }
            var digits = ""
            while position < source.count, source[position].isASCIIDigitCharacter {
                digits.append(source[position])
                position += 1
            }
            if !digits.isEmpty, position >= source.count || !source[position].isASCIIDigitCharacter {
                found.append(digits)
            }
        }
        return found
    }

    /// Whether `label` stands at `index` of `line` with no letter before it.
    private static func matches(_ label: String, in line: [Character], at index: Int) -> Bool {
        guard index + label.count <= line.count, index == 0 || !line[index - 1].isLetter else { return false }
        return zip(label, line[index..<index + label.count]).allSatisfy { $0 == $1 }
    }

    /// The first `DD.MM.YYYY HH:MM` (or `DD.MM.YY`, with a few signs between the date and the
    /// time: `28.08.2026 | 18:42`) in `line`, when it is a real date.
    static func dateTime(in line: [Character]) -> LocalDateTime? {
        var index = 0
        while index + 8 <= line.count {
            defer { index += 1 }
            guard index == 0 || !line[index - 1].isASCIIDigitCharacter, let day = number(line, index, 2),
                line[index + 2] == ".", let month = number(line, index + 3, 2), line[index + 5] == "."
            else { continue }
            var position = index + 6
            var year: Int
            if let four = number(line, position, 4) {
                year = four
                position += 4
            } else if let two = number(line, position, 2) {
                year = 2000 + two
                position += 2
            } else {
                continue
            }
            if position < line.count, line[position].isASCIIDigitCharacter { continue }
            var skipped = 0
            while position < line.count, !line[position].isASCIIDigitCharacter, skipped < 6 {
                position += 1
                skipped += 1
            }
            var hour = 0
            var minute = 0
            if let h = number(line, position, 2) ?? number(line, position, 1) {
                let width = number(line, position, 2) == nil ? 1 : 2
                if position + width < line.count, line[position + width] == ":",
                    let m = number(line, position + width + 1, 2)
                {
                    hour = h
                    minute = m
                }
            }
            guard LocalDateTime.supportedYears.contains(year), (1...12).contains(month),
                (1...LocalDateTime.daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60
            else { continue }
            return try? LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute)
        }
        return nil
    }

    private static func number(_ line: [Character], _ start: Int, _ width: Int) -> Int? {
        guard start >= 0, start + width <= line.count else { return nil }
        let slice = line[start..<start + width]
        guard slice.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        return Int(String(slice))
    }
}

/// Amounts of money as letters print them: `1285.00`, `1 285,00`, `=1285.00`, `1 285,00 ₽`.
enum Amounts {
    /// Every amount with kopecks in `text`, in order.
    static func all(in text: String) -> [Money] {
        var found: [Money] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index].isASCIIDigitCharacter, index == 0 || !characters[index - 1].isASCIIDigitCharacter
            else {
                index += 1
                continue
            }
            if let (amount, end) = amount(characters, from: index) {
                found.append(amount)
                index = end
            } else {
                while index < characters.count, characters[index].isASCIIDigitCharacter { index += 1 }
            }
        }
        return found
    }

    /// The amount a text begins with (after `=` or `≡`), when that is all it says but a currency.
    static func leading(_ text: String) -> Money? {
        var characters = Array(text.trimmingPrefix { $0 == "=" || $0 == "≡" || $0 == " " })
        while let last = characters.last, last == " " || last == "₽" || last == "." || last.isLetter {
            characters.removeLast()
        }
        guard let (amount, end) = amount(characters, from: 0), end == characters.count else { return nil }
        return amount
    }

    /// An amount starting at `start`: digits in groups of three with single blanks allowed between
    /// them, then `.` or `,` and two digits not followed by a third.
    private static func amount(_ characters: [Character], from start: Int) -> (Money, Int)? {
        var digits = ""
        var index = start
        var group = 0
        while index < characters.count {
            let character = characters[index]
            if character.isASCIIDigitCharacter {
                digits.append(character)
                group += 1
                index += 1
            } else if character == " ", index + 3 < characters.count, group <= 3, !digits.isEmpty,
                characters[index + 1...index + 3].allSatisfy(\.isASCIIDigitCharacter),
                index + 4 >= characters.count || !characters[index + 4].isASCIIDigitCharacter
            {
                group = 0
                index += 1
            } else {
                break
            }
        }
        guard index + 2 < characters.count,
            characters[index] == "." || characters[index] == ",",
            characters[index + 1].isASCIIDigitCharacter, characters[index + 2].isASCIIDigitCharacter,
            index + 3 >= characters.count || !characters[index + 3].isASCIIDigitCharacter,
            let money = try? Money(roubles: "\(digits).\(characters[index + 1])\(characters[index + 2])")
        else { return nil }
        return (money, index + 3)
    }
}
