import Foundation
import ReceiptCore

/// A receipt's lines read from a letter: the item's name, then its quantity and price either as an
/// expression (`2 X 89.90`, `1 х 5520.00` with a Cyrillic «х», `89.99 * 2 шт. = 179.98`) or as
/// three numbers in cells of their own (price, quantity, sum in the order the table's heading gives,
/// as Первый ОФД and Магнит print them), and Такском's tagged values.
///
/// What is read is only kept when the lines add up to the receipt's total to the kopeck (see
/// `LetterReceipts`): a letter's layout is a guess, its total is not.
enum ItemLines {
    /// Такском's items: each element of class `item` with its name (tag 1030), price (1079),
    /// quantity (1023) and sum (1043).
    static func tagged(_ values: [(tag: Int, text: String, item: Int?)]) -> [Item] {
        var items: [Item] = []
        var byItem: [Int: [Int: String]] = [:]
        var order: [Int] = []
        for value in values {
            guard let item = value.item else { continue }
            if byItem[item] == nil { order.append(item) }
            byItem[item, default: [:]][value.tag] = value.text
        }
        for number in order {
            guard let fields = byItem[number], let name = fields[1030], !name.isEmpty,
                let sum = fields[1043].flatMap(NumberCell.init)?.money
            else { continue }
            let price = fields[1079].flatMap(NumberCell.init)?.money ?? sum
            let quantity = fields[1023].flatMap(NumberCell.init)?.value ?? 1
            items.append(Item(name: name, price: price, quantity: quantity, sum: sum))
        }
        return items
    }

    /// The items the cells hold, in order, each with the payment kind printed after it (tag 1214:
    /// `Полный расчет`, `Предоплата 100%`…) when there is one before the next item.
    static func read(_ cells: [String]) -> [Item] {
        let (items, ends) = readItems(cells)
        return items.enumerated().map { position, item in
            var item = item
            let end = position + 1 < ends.count ? ends[position + 1].start : cells.count
            if ends[position].start + 1 < end {
                item.paymentType = cells[(ends[position].start + 1)..<end].lazy.compactMap(Self.paymentType).first
            }
            return item
        }
    }

    /// A line's payment kind as receipts print it.
    static func paymentType(_ cell: String) -> PaymentType? {
        let lowered = cell.lowercased().replacingOccurrences(of: "ё", with: "е")
        if lowered.hasPrefix("предоплата 100") || lowered == "полная предоплата" { return .fullPrepayment }
        if lowered == "предоплата" || lowered == "частичная предоплата" { return .partialPrepayment }
        if lowered == "аванс" { return .advance }
        if lowered == "полный расчет" { return .fullPayment }
        if lowered.hasPrefix("частичный расчет и кредит") { return .partialPaymentAndCredit }
        if lowered == "передача в кредит" { return .creditTransfer }
        if lowered == "оплата кредита" { return .creditPayment }
        return nil
    }

    /// The items and the cells each spans (from its name to its sum).
    private static func readItems(_ cells: [String]) -> ([Item], [(start: Int, end: Int)]) {
        var spans: [(start: Int, end: Int)] = []
        let priceFirst = priceComesFirst(cells)
        var items: [Item] = []
        var index = 0
        var lastTaken = -1
        while index < cells.count {
            if let expression = Expression(cells[index]) {
                let name = expression.name ?? self.name(before: index, after: lastTaken, in: cells)
                var sum = expression.sum
                var end = index
                if sum == nil {
                    // The line's sum in one of the next cells, past words like «НДС 20%»' absence.
                    for look in (index + 1)..<min(index + 3, cells.count) {
                        if let cell = NumberCell(cells[look]), let money = cell.money {
                            sum = money
                            end = look
                            break
                        }
                    }
                }
                if let name, let (price, quantity) = expression.priceAndQuantity,
                    let lineSum = sum ?? product(price, quantity)
                {
                    items.append(Item(name: name, price: price, quantity: quantity, sum: lineSum))
                    spans.append((index, end))
                    lastTaken = end
                    index = end + 1
                    continue
                }
            }
            if index + 2 < cells.count, let a = NumberCell(cells[index]), let b = NumberCell(cells[index + 1]),
                let c = NumberCell(cells[index + 2]), let sum = c.money,
                let (price, quantity) = NumberCell.priceAndQuantity(a, b, priceFirst: priceFirst),
                product(price, quantity).map({ ($0.kopecks - sum.kopecks).magnitude <= 1 }) == true,
                let name = name(before: index, after: lastTaken, in: cells)
            {
                items.append(Item(name: name, price: price, quantity: quantity, sum: sum))
                spans.append((index, index + 2))
                lastTaken = index + 2
                index += 3
                continue
            }
            index += 1
        }
        return (items, spans)
    }

    /// Price times quantity to the kopeck, halves rounded up, as a cash register rounds.
    private static func product(_ price: Money, _ quantity: Double) -> Money? {
        let kopecks = (Double(price.kopecks) * quantity).rounded(.toNearestOrAwayFromZero)
        guard kopecks.isFinite, abs(kopecks) < 1e15 else { return nil }
        return Money(kopecks: Int64(kopecks))
    }

    /// Whether the table's heading names the price before the quantity (`Цена | Кол.`); nil when
    /// there is no such heading.
    private static func priceComesFirst(_ cells: [String]) -> Bool? {
        let lowered = cells.map { $0.lowercased() }
        guard let price = lowered.firstIndex(where: { $0.hasPrefix("цена") || $0.hasPrefix("ц. за") || $0 == "цена" }),
            let quantity = lowered.firstIndex(where: { $0.hasPrefix("кол") })
        else { return nil }
        return price < quantity
    }

    /// The item's name: the nearest cell before `index` (and after the last item taken) that has
    /// letters and is not one of the words printed beside a line (`Товар`, `Полный расчет`, `НДС 20%`).
    private static func name(before index: Int, after floor: Int, in cells: [String]) -> String? {
        var look = index - 1
        while look > floor, look >= index - 4 {
            let cell = cells[look]
            if cell.contains(where: \.isLetter), !isLabel(cell) { return cleanName(cell) }
            look -= 1
        }
        return nil
    }

    private static let labelPrefixes = [
        "цена", "кол", "сумма", "ндс", "способ", "полный расч", "предоплата", "аванс", "товар", "услуга",
        "признак", "предмет", "мера", "ед.", "шт", "кг", "наименование", "наим.", "ц. за", "без ндс", "итог", "№",
        "работа", "платеж", "частичный", "выплата", "подакцизный",
    ]

    private static func isLabel(_ cell: String) -> Bool {
        let lowered = cell.lowercased()
        return labelPrefixes.contains { lowered.hasPrefix($0) }
    }

    /// A name without the line's number printed before it (`1. `, `2) `).
    private static func cleanName(_ cell: String) -> String {
        var text = Substring(cell)
        let digits = text.prefix { $0.isASCIIDigitCharacter }
        if !digits.isEmpty, digits.count <= 3 {
            let rest = text.dropFirst(digits.count)
            if let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " {
                text = rest.dropFirst(2)
            }
        }
        return text.trimmingPrefix(" ").description
    }

    /// `2 X 89.90`, `1 х 5520.00`, `89.99 * 2 шт. = 179.98`, `41.38 x 61.26 = 2534.94`, with the
    /// name before it when the same cell holds one.
    struct Expression {
        var name: String?
        var first: NumberCell
        var second: NumberCell
        var sign: Character
        var sum: Money?

        init?(_ cell: String) {
            let characters = Array(cell)
            guard let signIndex = characters.firstIndex(where: { "xXхХ×*".contains($0) }) else { return nil }
            // The numbers around the sign, units (`шт.`, `кг`) allowed after each.
            let before = String(characters[..<signIndex])
            let after = String(characters[(signIndex + 1)...])
            let equals = after.firstIndex { $0 == "=" || $0 == "≡" }
            let secondText = equals.map { String(after[..<$0]) } ?? after
            guard let second = NumberCell(Self.withoutUnit(secondText)),
                let (name, firstText) = Self.splitTrailingNumber(before), let first = NumberCell(firstText)
            else { return nil }
            if let equals {
                guard let sum = Amounts.leading(String(after[after.index(after: equals)...])) else { return nil }
                self.sum = sum
            }
            self.name = name
            self.first = first
            self.second = second
            sign = characters[signIndex]
        }

        /// The price and quantity: the number with kopecks is the price when the other has none or
        /// three decimals; else `*` puts the price first (Билайн ОФД) and `x` the quantity.
        var priceAndQuantity: (Money, Double)? {
            NumberCell.priceAndQuantity(first, second, priceFirst: sign == "*")
        }

        private static func withoutUnit(_ text: String) -> String {
            var words = text.split(separator: " ")
            while let last = words.last, last.contains(where: \.isLetter) { words.removeLast() }
            return words.joined(separator: " ")
        }

        /// `Молоко 2,5% 1 л 2` as (`Молоко 2,5% 1 л`, `2`); a unit after the number is left out.
        private static func splitTrailingNumber(_ text: String) -> (String?, String)? {
            var words = text.split(separator: " ").map(String.init)
            while let last = words.last, last.contains(where: \.isLetter), last.count <= 4 { words.removeLast() }
            guard let number = words.popLast(), NumberCell(number) != nil else { return nil }
            let name = words.joined(separator: " ")
            return (name.contains(where: \.isLetter) ? ItemLines.cleanName(name) : nil, number)
        }
    }
}

/// A cell that is a number and nothing else but a currency sign: `1285.00`, `1 285,00 ₽`,
/// `=1285.00`, `0.740`, `2`.
struct NumberCell {
    /// The number with a point for its decimals.
    let text: String
    /// Digits after the point.
    let decimals: Int

    init?(_ cell: String) {
        var characters = Substring(cell).trimmingPrefix { $0 == "=" || $0 == "≡" || $0 == " " }
        for suffix in [" ₽", "₽", " руб.", " руб", " р.", " RUB"] where characters.hasSuffix(suffix) {
            characters = characters.dropLast(suffix.count)
        }
        var digits = ""
        var decimals = -1
        for (position, character) in characters.enumerated() {
            if character.isASCIIDigitCharacter {
                digits.append(character)
                if decimals >= 0 { decimals += 1 }
            } else if character == "." || character == ",", decimals < 0, !digits.isEmpty {
                digits.append(".")
                decimals = 0
            } else if character == " ", decimals < 0, position > 0 {
                continue
            } else {
                return nil
            }
        }
        guard !digits.isEmpty, decimals != 0, digits.count <= 15 else { return nil }
        text = digits
        self.decimals = max(decimals, 0)
    }

    /// The number as a quantity.
    var value: Double? { Double(text) }

    /// The number as money, when it has no more than two decimals.
    var money: Money? { decimals <= 2 ? try? Money(roubles: text) : nil }

    /// Which of two numbers is the price and which the quantity: a whole number or one with three
    /// decimals is the quantity beside one with kopecks; else the heading or the sign decides.
    static func priceAndQuantity(_ a: NumberCell, _ b: NumberCell, priceFirst: Bool?) -> (Money, Double)? {
        let aIsQuantity = a.decimals == 0 || a.decimals == 3
        let bIsQuantity = b.decimals == 0 || b.decimals == 3
        let first: Bool
        if aIsQuantity != bIsQuantity, a.decimals == 2 || b.decimals == 2 {
            first = !aIsQuantity
        } else {
            first = priceFirst ?? false
        }
        let (price, quantity) = first ? (a, b) : (b, a)
        guard let money = price.money, let amount = quantity.value, amount > 0 else { return nil }
        return (money, amount)
    }
}
