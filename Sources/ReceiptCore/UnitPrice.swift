/// What a product's price is counted per: a kilogram, a litre or a piece.
public enum PriceUnit: String, Sendable, Hashable, Codable, CaseIterable {
    /// Weighed goods, and goods whose weight the name gives.
    case kilogram = "kg"
    /// Liquids whose volume the name or the measure gives.
    case litre = "l"
    /// Everything else, and counts (`10ШТ`).
    case piece

    /// `кг`, `л`, `шт` / `kg`, `l`, `piece`.
    public func name(in language: Language) -> String {
        switch (self, language) {
        case (.kilogram, .russian): "кг"
        case (.litre, .russian): "л"
        case (.piece, .russian): "шт"
        case (.kilogram, .english): "kg"
        case (.litre, .english): "l"
        case (.piece, .english): "piece"
        }
    }
}

/// How much of its price unit one counted unit of a line holds, exactly: a 930 ml bottle is 930
/// thousandths of a litre, `2х200г` is 400 thousandths of a kilogram, `10ШТ` 10,000 thousandths of a piece.
public struct PackSize: Sendable, Hashable {
    /// What it is counted in.
    public let unit: PriceUnit
    /// Thousandths of that unit: grams, millilitres, thousandths of a piece.
    public let thousandths: Int64

    /// A size; nil unless it is positive.
    public init?(unit: PriceUnit, thousandths: Int64) {
        guard thousandths > 0 else { return nil }
        self.unit = unit
        self.thousandths = thousandths
    }
}

/// The price of a receipt line per kilogram, litre or piece, so that a product bought in different
/// sizes, or weighed, can be compared: in kopecks, rounded half away from zero.
///
/// - A line measured in kilograms or litres (its FFD 1.2 measure first, codes 11, 41, 10, 40; else
///   its unit of measure `кг`, `л`, `г`, `мл`), or weighed (`ВЕС` in its name, or a quantity that is
///   not whole, unless its measure says pieces): its price is already per kilogram (or litre; per
///   gram and millilitre are multiplied by 1000).
/// - Motor fuel (`АИ-95`, `ДТ`, `пропан`) without a measure: its price is per litre, its quantity
///   litres.
/// - A line counted in pieces whose name says how much one piece holds (`930МЛ`, `0,9 КГ`, `1.5л`,
///   `10ШТ`, `2х200г`): its price divided by that size.
/// - Any other line: its price is the price of a piece.
///
/// The product a unit price belongs to is the name's ``ItemName/key(_:)`` (which the size does not
/// change) with the ``PriceUnit``.
public enum UnitPrice {
    /// What a printed name says once read: its product key, the size it gives one piece, and
    /// whether it says the goods were weighed. Reading names is most of the work of comparing
    /// prices, and a history repeats a few thousand names: ``Names`` reads each once.
    public struct NameFacts: Sendable, Equatable {
        /// ``ItemName/key(_:)`` of the name.
        public let key: String
        /// ``UnitPrice/size(inName:)`` of the name.
        public let size: PackSize?
        /// `ВЕС` (or `весовой`) in the name.
        public let weighed: Bool
        /// Motor fuel sold by the litre: `АИ-95`, `ДТ`, `дизельное топливо`, `пропан`.
        public let fuel: Bool
        /// The place in ``ProductKinds/all`` of the kind of product the key names.
        public let kindIndex: Int?
        /// The kind of product the key names (``ProductKinds/kind(ofKey:)``).
        public var kind: ProductKind? { kindIndex.map { ProductKinds.all[$0] } }

        /// The facts of `name`, read now.
        public init(_ name: String) {
            key = ItemName.key(name)
            kindIndex = ProductKinds.index(ofKey: key)
            let kind = kindIndex.map { ProductKinds.all[$0] }
            let words = UnitPrice.words(name.lowercased())
            // A bare number ends the name, alone: nothing (a `%`) after its digits, a space before it
            // (not `5%170`, `3,4..4,5`, `БОЛГАР200`).
            let tail = name.reversed().drop { $0 == " " }
            var number = tail.prefix { $0.isNumber || $0 == "," || $0 == "." }
            var before = tail.dropFirst(number.count).first
            // `ч.с.250`: a point between an abbreviation and the number.
            if number.last == ".", before?.isLetter == true {
                number = number.dropLast()
                before = " "
            }
            let endsInNumber =
                tail.first?.isNumber == true && number.last?.isNumber == true
                && number.filter { $0 == "," || $0 == "." }.count <= 1
                && before.map { $0 == " " || $0 == "%" || $0.isLetter } != false
            size =
                UnitPrice.size(inName: name) ?? UnitPrice.packSize(words, kind: kind)
                ?? (endsInNumber ? UnitPrice.bareSize(words, kind: kind) : UnitPrice.packagedDrink(words))
                ?? UnitPrice.bareKilograms(words, kind: kind)
            // `ВЕС`, or `кг` standing alone (`Морковь мытая,кг`, `цена за кг`): priced per kilogram.
            // `~5,77КГ`: a cut's weight, about; `СЫР … 50%ВЕ`: `ВЕС` cut short.
            weighed =
                words.contains { UnitPrice.weighedWords.contains($0) }
                || words.last == "ве" && !UnitPrice.coded(name)
                || name.contains("~") && name.drop { $0 != "~" }.dropFirst().first?.isNumber == true
                || words.indices.contains { words[$0] == "кг" && ($0 == 0 || words[$0 - 1].first?.isNumber != true) }
            fuel = UnitPrice.isFuel(words)
        }
    }

    /// Names read once each: the facts of a name asked for again come from memory.
    public struct Names: Sendable {
        private var read: [String: NameFacts] = [:]

        /// Nothing read yet.
        public init() {}

        /// The facts of `name`.
        public mutating func facts(_ name: String) -> NameFacts {
            if let known = read[name] { return known }
            let facts = NameFacts(name)
            read[name] = facts
            return facts
        }
    }

    /// Which reading of names and measures kept prices were worked out with: a database whose
    /// figures were worked out by another works them out again when it is next opened for writing.
    /// Raise it with any change to what ``line(_:facts:)`` gives.
    public static let rulesVersion = 6

    /// What a line counts as when prices are compared: its product's unit, its price per unit in
    /// kopecks, and how much of the unit it bought, in thousandths.
    public struct LinePrice: Sendable, Equatable {
        /// What the price is counted per.
        public let unit: PriceUnit
        /// Kopecks per unit, rounded half away from zero.
        public let kopecks: Int64
        /// How much of the unit the line bought, in thousandths (two 930 ml bottles: 1860).
        public let thousandths: Int64

        /// A line's price.
        public init(unit: PriceUnit, kopecks: Int64, thousandths: Int64) {
            self.unit = unit
            self.kopecks = kopecks
            self.thousandths = thousandths
        }
    }

    /// The line as a purchase of a product: nil when it is none — its name has no key (nothing but
    /// numbers and marks), its price or its quantity is not positive. Both ``of(_:facts:)`` and
    /// ``amount(of:facts:)`` in one: how every kept price and amount is worked out.
    public static func line(_ item: Item, facts: NameFacts? = nil) -> LinePrice? {
        let facts = facts ?? NameFacts(item.name)
        guard !facts.key.isEmpty, let (unit, kopecks) = of(item, facts: facts),
            let (amountUnit, thousandths) = amount(of: item, facts: facts), amountUnit == unit, thousandths > 0
        else { return nil }
        return LinePrice(unit: unit, kopecks: kopecks, thousandths: thousandths)
    }

    /// The line at its product kind's level (``ProductKind/price(of:countKnown:)``): the kind, its
    /// price per the kind's amount and the thousandths of that amount bought; nil when the name has no
    /// kind or the line's unit does not give the kind's.
    public static func kindLine(_ line: LinePrice, facts: NameFacts) -> (
        kind: ProductKind, kopecks: Int64, thousandths: Int64
    )? {
        guard let kind = facts.kind,
            let price = kind.price(of: line, countKnown: facts.size?.unit == .piece)
        else { return nil }
        return (kind, price.kopecks, price.thousandths)
    }

    /// What one counted item of the line holds, in thousandths of its price unit: a 930 ml bottle is
    /// 930 thousandths of a litre, a pack of ten eggs 10,000 thousandths of a piece; a line weighed or
    /// measured by the till (priced per kilogram or litre), motor fuel and a café's portion hold one
    /// unit, as does a thing with no size printed.
    public static func itemSize(of item: Item, facts: NameFacts? = nil) -> PackSize? {
        if let measured = measure(item.measure) ?? measure(item.unit) {
            return PackSize(unit: measured.unit, thousandths: 1_000)
        }
        let facts = facts ?? NameFacts(item.name)
        if facts.fuel && item.measure == nil { return PackSize(unit: .litre, thousandths: 1_000) }
        if weighed(item, facts) { return PackSize(unit: .kilogram, thousandths: 1_000) }
        return facts.size ?? PackSize(unit: .piece, thousandths: 1_000)
    }

    /// The line's unit and its price per unit; nil when the line has no positive price. `facts`
    /// are its name's, when already read.
    public static func of(_ item: Item, facts: NameFacts? = nil) -> (unit: PriceUnit, kopecks: Int64)? {
        let price = item.price.kopecks
        guard price > 0 else { return nil }
        if let measured = measure(item.measure) ?? measure(item.unit) {
            return perUnit(price, measured)
        }
        let facts = facts ?? NameFacts(item.name)
        if facts.fuel && item.measure == nil {
            // Fuel paid by sum (`АИ-92` 1 × 500.00): the line does not say how many litres.
            guard item.quantity != 1 else { return nil }
            return (.litre, price)
        }
        if weighed(item, facts) { return (.kilogram, price) }
        guard let size = facts.size else { return (.piece, price) }
        return perUnit(price, size)
    }

    /// How much of its unit the whole line bought, in thousandths: two 930 ml bottles are 1860
    /// thousandths of a litre, 0.532 kg of bananas 532 thousandths of a kilogram, three loaves 3000
    /// thousandths of a piece; nil when `of(_:)` gives no unit price.
    public static func amount(of item: Item, facts: NameFacts? = nil) -> (unit: PriceUnit, thousandths: Int64)? {
        guard item.price.kopecks > 0, item.quantity > 0 else { return nil }
        if let measured = measure(item.measure) ?? measure(item.unit) {
            return whole(item.quantity * Double(measured.thousandths)).map { (measured.unit, $0) }
        }
        let facts = facts ?? NameFacts(item.name)
        if facts.fuel && item.measure == nil {
            return whole(item.quantity * 1_000).map { (.litre, $0) }
        }
        if weighed(item, facts) {
            return whole(item.quantity * 1_000).map { (.kilogram, $0) }
        }
        let size = facts.size ?? PackSize(unit: .piece, thousandths: 1_000)
        guard let size else { return nil }
        return whole(item.quantity * Double(size.thousandths)).map { (size.unit, $0) }
    }

    /// A price per thousandth-sized size as a price per unit; nil when it would not fit in kopecks
    /// (a line no shop prints, but one a server or a file could give).
    private static func perUnit(_ price: Int64, _ size: PackSize) -> (unit: PriceUnit, kopecks: Int64)? {
        let (scaled, overflow) = price.multipliedReportingOverflow(by: 1_000)
        return overflow ? nil : (size.unit, scaled.dividedRoundingHalfAway(by: size.thousandths))
    }

    /// `value` rounded to a whole number; nil when it is not a number or beyond a trillion.
    private static func whole(_ value: Double) -> Int64? {
        guard value.isFinite, abs(value) < 1e12 else { return nil }
        return Int64(value.rounded())
    }

    /// Whether the line was weighed: its name says so, or its quantity is not whole; a line whose
    /// measure says pieces (FFD 1.2, code 0) was counted, whatever its quantity.
    private static func weighed(_ item: Item, _ facts: NameFacts) -> Bool {
        guard item.measure == nil else { return false }
        return facts.weighed || item.quantity.rounded() != item.quantity
    }

    /// Whether a name's words are motor fuel's: a grade (`аи` and a number: `АИ-95`, `АИ 92`), diesel
    /// (`ДТ`, `дизельное`), petrol, LPG (`пропан`, `СУГ`).
    static func isFuel(_ words: [String]) -> Bool {
        // `Сигареты … ДТ`: a tobacco maker's letters.
        if words.contains(where: { $0.hasPrefix("сигар") || $0.hasPrefix("папирос") }) { return false }
        for (index, word) in words.enumerated() {
            // A pump's number (`ТРК 3 Shell V-Power-95`) and compressed gas (`КПГ`) are fuel's.
            if word == "трк", index + 1 < words.count, words[index + 1].allSatisfy(\.isNumber) { return true }
            if word == "кпг" { return true }
            if word == "аи" || word == "ai" {
                if index + 1 < words.count, words[index + 1].first?.isNumber == true { return true }
            } else if (word.hasPrefix("аи") || word.hasPrefix("ai")) && word.dropFirst(2).allSatisfy(\.isNumber)
                && word.count > 2
            {
                return true
            }
            if fuelWords.contains(where: { word.hasPrefix($0) }) || word == "дт" || word == "суг" { return true }
        }
        return false
    }

    private static let fuelWords = ["дизел", "бензин", "пропан", "топливо"]

    /// Words of goods whose litres or kilograms are a capacity: bins, buckets and bags for rubbish,
    /// containers, flasks, pots. A word counts when it begins with one of these.
    static let containerWords = [
        "мусор", "ведр", "контейнер", "термос", "майк", "однораз", "однор", "бокал", "тетрад", "словар", "блокнот",
        "кастрюл", "канистр", "таз", "лейк", "бидон", "сковород",
    ]

    /// Words of containers sold empty, when the name begins with one: their litres or kilograms are
    /// a capacity or a load (`СТАКАН 200МЛ`, `Бутылка 1,5л`, `Пакет … 15кг`).
    static let headContainerWords = ["стакан", "кружк", "бутыл", "пакет"]

    private static func isContainer(_ word: String) -> Bool {
        containerWords.contains { word.hasPrefix($0) }
    }

    /// The words that say a line was weighed.
    static let weighedWords: Set<String> = ["вес", "весовой", "весовая", "весовые", "весов", "кнопка"]

    /// What an FFD 1.2 measure is in thousandths of a kilogram or litre; nil for pieces, anything
    /// else, or none.
    static func measure(_ measure: Measure?) -> PackSize? {
        switch measure {
        case .kilogram?: PackSize(unit: .kilogram, thousandths: 1_000)
        case .gram?: PackSize(unit: .kilogram, thousandths: 1)
        case .litre?: PackSize(unit: .litre, thousandths: 1_000)
        case .millilitre?: PackSize(unit: .litre, thousandths: 1)
        default: nil
        }
    }

    /// What a line's unit of measure is in thousandths of a kilogram or litre (`кг` 1000, `г` 1;
    /// fiscal measure codes too); nil for pieces, anything else, or none.
    static func measure(_ unit: String?) -> PackSize? {
        guard let unit else { return nil }
        let text = unit.lowercased().filter { $0.isLetter || $0.isNumber }
        switch text {
        case "кг", "kg", "килограмм", "11": return PackSize(unit: .kilogram, thousandths: 1_000)
        case "г", "гр", "g", "грамм", "10": return PackSize(unit: .kilogram, thousandths: 1)
        case "л", "l", "литр", "41": return PackSize(unit: .litre, thousandths: 1_000)
        case "мл", "ml", "миллилитр", "40": return PackSize(unit: .litre, thousandths: 1)
        default: return nil
        }
    }

    /// The size a printed name gives one piece: the last weight or volume written in it (a count of
    /// pieces when it gives neither); `2х200г` and `2 x 200 г` are two of 200 g. Nil when it gives none.
    /// A container's volume is what it holds, not what was bought (`ПАКЕТЫ Д/МУСОРА 60Л 20ШТ` are 20
    /// pieces, `ВЕДРО 10Л` one): names with `containerWords` give their counts only.
    public static func size(inName name: String) -> PackSize? {
        let tokens = words(
            String(
                withoutDensities(withoutRanges(withoutCodes(name))).lowercased().flatMap {
                    $0 == "№" ? [" ", "n"] : [$0]
                }
            ))
        var weightOrVolume: PackSize?
        var pieces: PackSize?
        let isMedicine = tokens.contains { token in medicineWords.contains { token.hasPrefix($0) } }
        var index = 0
        while index < tokens.count {
            // A medicine's count: `N30`, `n 30`, `№20`, in a name that says it is one.
            if isMedicine, let count = count(at: index, in: tokens) {
                pieces = PackSize(unit: .piece, thousandths: count.pieces * 1_000)
                index = count.next
                continue
            }
            guard let (amount, tail) = number(at: sizePart(of: tokens[index])) else {
                index += 1
                continue
            }
            var next = index + 1
            var multiplier: Int64 = 1
            var value = amount
            var rest = tail
            // `100ШТХ2Г`: a count of pieces, then the size of each.
            if rest.hasPrefix("шт"), rest.dropFirst(2).first.map({ crosses.contains($0) }) == true {
                rest.removeFirst(2)
            }
            // A count, then the size of each: `2х200г`, `2x 200 г`, `2 * 200г`.
            let crossJoined = rest.first.map { crosses.contains($0) } ?? false
            let crossAlone =
                rest.isEmpty && next < tokens.count && tokens[next].count == 1
                && crosses.contains(tokens[next].first ?? " ")
            if crossJoined || crossAlone, amount.rounded() == amount, amount >= 1, amount <= 1_000 {
                if crossJoined { rest.removeFirst() } else { next += 1 }
                if rest.isEmpty, next < tokens.count {
                    rest = tokens[next]
                    next += 1
                }
                if let (each, eachTail) = number(at: rest) {
                    multiplier = Int64(amount)
                    value = each
                    rest = eachTail
                }
            }
            var unitWord = String(rest.prefix { $0.isLetter })
            if unitWord.isEmpty, rest.isEmpty, next < tokens.count, sizeUnits[tokens[next]] != nil {
                unitWord = tokens[next]
                next += 1
            }
            index = max(next, index + 1)
            // `290ГБЗМЖ`: the dairy mark «без заменителя молочного жира» glued to the unit.
            if unitWord.hasSuffix("бзмж") { unitWord.removeLast(4) }
            // `250гфл/`: a package's mark (flow pack, plastic, glass) glued to the unit.
            if sizeUnits[unitWord] == nil,
                let mark = packageMarks.first(where: {
                    unitWord.hasSuffix($0) && sizeUnits[String(unitWord.dropLast($0.count))] != nil
                })
            {
                unitWord.removeLast(mark.count)
            }
            // `90гх4`: the size of each, then the count.
            if sizeUnits[unitWord] == nil, let cross = unitWord.last, crosses.contains(cross),
                sizeUnits[String(unitWord.dropLast())] != nil
            {
                unitWord.removeLast()
            }
            let afterUnit = rest.dropFirst(unitWord.count)
            if multiplier == 1, let cross = afterUnit.first, crosses.contains(cross),
                let count = Int64(afterUnit.dropFirst()), count >= 1, count <= 100
            {
                multiplier = count
            }
            // Ten or more of a size of 50 g or more are a shop's case (`24х66г`, `12*228ГР`), not
            // what one line bought: the size of one.
            if multiplier >= 10, value * Double(sizeUnits[unitWord]?.1 ?? 0) >= 50 { multiplier = 1 }
            guard let (unit, perUnit) = sizeUnits[unitWord],
                let each = whole(value * Double(perUnit) * Double(multiplier)),
                let size = PackSize(unit: unit, thousandths: each),
                // Beyond 50 kg or litres a number is an article's code (`3609912 G.LIFE`).
                unit == .piece || each <= 50_000
            else { continue }
            if unit == .piece { pieces = size } else { weightOrVolume = size }
        }
        if tokens.contains(where: isContainer) { return pieces }
        // What a cup, mug, bottle or bag holds is its capacity (`СТАКАН 200МЛ`, `Пакет … 15кг`).
        if let head = tokens.first(where: { $0.first?.isLetter == true }),
            headContainerWords.contains(where: { head.hasPrefix($0) })
        {
            return pieces
        }
        return weightOrVolume ?? pieces
    }

    /// The name without what stands in square brackets (`[6140G]`: a till's code) and without a
    /// number alone in parentheses (`(75,00)`: a price; `(7)`: a code), which is never a size.
    static func withoutCodes(_ name: String) -> String {
        guard name.contains("[") || name.contains("(") else { return name }
        var result = ""
        var depth = 0
        var parenthesis: String?
        for character in name {
            if var inner = parenthesis {
                if character == ")" {
                    let number = !inner.isEmpty && inner.allSatisfy { $0.isNumber || $0 == "," || $0 == "." }
                    result += number ? " " : "(" + inner + ")"
                    parenthesis = nil
                } else if character == "(" {
                    result += "(" + inner
                    parenthesis = ""
                } else {
                    inner.append(character)
                    parenthesis = inner
                }
            } else if character == "[" {
                depth += 1
            } else if character == "]", depth > 0 {
                depth -= 1
                result.append(" ")
            } else if depth == 0 {
                if character == "(" { parenthesis = "" } else { result.append(character) }
            }
        }
        if let inner = parenthesis { result += "(" + inner }
        return result
    }

    /// The name without a paper's or a cloth's density (`140г/м2`, `80 гр/м²`: grams a square metre),
    /// which is no size.
    static func withoutDensities(_ name: String) -> String {
        guard name.contains("/") else { return name }
        let characters = Array(name)
        var result = ""
        var index = 0
        func isNumeral(_ at: Int) -> Bool { at >= 0 && at < characters.count && numeral(characters[at]) }
        while index < characters.count {
            if characters[index].isNumber, !isNumeral(index - 1) {
                var unit = index
                while isNumeral(unit) { unit += 1 }
                while unit < characters.count, characters[unit] == " " { unit += 1 }
                var slash = unit
                while slash < characters.count, characters[slash].isLetter { slash += 1 }
                let word = String(characters[unit..<slash]).lowercased()
                if ["г", "гр", "g"].contains(word), slash + 1 < characters.count, characters[slash] == "/",
                    ["м", "m"].contains(characters[slash + 1].lowercased())
                {
                    index = slash + 2
                    while index < characters.count, characters[index] == "2" || characters[index] == "²" { index += 1 }
                    result.append(" ")
                    continue
                }
            }
            result.append(characters[index])
            index += 1
        }
        return result
    }

    /// A digit or a decimal mark: what a number of a name is written with.
    private static func numeral(_ character: Character) -> Bool {
        character.isNumber || character == "," || character == "."
    }

    /// The name with a narrow range of sizes (`0,5-0,55кг`, `500- 510гр`: what one loaf may weigh)
    /// written as its lower bound (`0,5кг`), and a wide one (`9-15кг`: the children nappies fit)
    /// taken out; a number glued to letters before it (`р23-25`: a clothing size) stays.
    static func withoutRanges(_ name: String) -> String {
        guard name.contains("-") else { return name }
        let characters = Array(name)
        var result = ""
        var index = 0
        func numberEnd(from start: Int) -> Int {
            var end = start
            while end < characters.count, numeral(characters[end]) {
                end += 1
            }
            return end
        }
        while index < characters.count {
            let character = characters[index]
            let startsNumber =
                character.isNumber
                && (index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber))
            guard startsNumber else {
                result.append(character)
                index += 1
                continue
            }
            let end = numberEnd(from: index)
            var dash = end
            while dash < characters.count, characters[dash] == " " { dash += 1 }
            var second = dash + 1
            while second < characters.count, characters[second] == " " { second += 1 }
            let secondEnd = second < characters.count && characters[second].isNumber ? numberEnd(from: second) : second
            // The unit after the upper bound, glued or after spaces (`400-500 г`).
            var unitStart = secondEnd
            while unitStart < characters.count, characters[unitStart] == " " { unitStart += 1 }
            guard dash < characters.count, characters[dash] == "-", secondEnd > second,
                unitStart < characters.count, characters[unitStart].isLetter
            else {
                result += String(characters[index..<end])
                index = end
                continue
            }
            // A narrow range is one thing's weight (the lower bound, with the upper bound's unit); a wide
            // one is whom or what it fits (`9-15кг` nappies, `16-25кг`): no size.
            if let (lower, _) = number(at: String(characters[index..<end])),
                let (upper, _) = number(at: String(characters[second..<secondEnd])), upper <= lower * 1.25
            {
                result += String(characters[index..<end])
                index = secondEnd
            } else {
                result += " "
                index = unitStart
                while index < characters.count, characters[index].isLetter { index += 1 }
            }
        }
        return result
    }

    /// What of a word may hold a size: the word, or the number glued to the letters before it
    /// (`п/б1400г`, `мол50г`: 1400г, 50г); of a fraction, what follows the slash when a unit is glued to
    /// it (`380/400г`: 400г). A café's portion (`1/100`, `200/15`) and anything else give nothing.
    private static func sizePart(of word: String) -> String {
        if let slash = word.lastIndex(of: "/") {
            let after = String(word[word.index(after: slash)...])
            return after.last?.isLetter == true ? after : ""
        }
        guard let first = word.first, first.isLetter, let digit = word.firstIndex(where: { $0.isASCII && $0.isNumber })
        else { return word }
        let tail = String(word[digit...])
        // Only a number with a unit: `к5`, `lr03`, `р158` are no sizes.
        guard let last = tail.last, last.isLetter else { return "" }
        return tail
    }

    /// A medicine's or plasters' count at `index`: `n30`, or `n` and then `30`; nil for anything else.
    private static func count(at index: Int, in tokens: [String]) -> (pieces: Int64, next: Int)? {
        let token = tokens[index]
        guard token.first == "n" else { return nil }
        let digits = token.dropFirst()
        if !digits.isEmpty {
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits), value > 0, value < 10_000
            else { return nil }
            return (value, index + 1)
        }
        guard index + 1 < tokens.count, tokens[index + 1].allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int64(tokens[index + 1]), value > 0, value < 10_000
        else { return nil }
        return (value, index + 2)
    }

    /// The size a bare number at the end of a name gives, when the product's kind says its unit
    /// (`СЫР СЛИМ ФИТ 27% 250` is 250 g of cheese, `ХЛЕБ ДАРНИЦКИЙ 0,375` 0.375 kg of bread), or when
    /// the name is a drink's and the number a bottle's litres (`Текила … 0.7`); nil otherwise.
    static func bareSize(_ words: [String], kind: ProductKind?) -> PackSize? {
        // The number alone, or glued to the letters before it (`П/М400`, `п/сл0.75`).
        guard let word = words.last, let start = word.firstIndex(where: \.isNumber),
            word[start...].allSatisfy({ $0.isNumber || $0 == "," || $0 == "." })
        else { return nil }
        let last = String(word[start...])
        // `5 за 200`: a promotion's price, not a size.
        guard let (value, rest) = number(at: last), rest.isEmpty, words.dropLast().last != "за" else { return nil }
        let decimal = last.contains(",") || last.contains(".")
        guard let unit = bareUnit(words, kind: kind, decimal: decimal) else { return nil }
        // Kilograms or litres with a decimal mark; grams or millilitres as a whole number.
        if decimal {
            guard value < 10, let each = whole(value * 1_000) else { return nil }
            return PackSize(unit: unit, thousandths: each)
        }
        // Fewer than 30 grams is a number cut short (`СЫР … 45% 15`), not a pack.
        guard value >= 30, value <= 5_000, let each = whole(value) else { return nil }
        return PackSize(unit: unit, thousandths: each)
    }

    /// The unit a bare number of a name is in: its kind's, when the kind is sold by weight or volume;
    /// litres in a drink's name; grams, as a whole number, in the name of goods packed by weight.
    private static func bareUnit(_ words: [String], kind: ProductKind?, decimal: Bool) -> PriceUnit? {
        if let kind, kind.unit != .piece { return kind.unit }
        if words.contains(where: { word in drinkWords.contains { word.hasPrefix($0) } }) { return .litre }
        if !decimal, words.contains(where: { word in gramWords.contains { word.hasPrefix($0) } }) { return .kilogram }
        return nil
    }

    /// The kilograms (or litres) small producers print as a bare number with three decimals inside
    /// the name (`Сыр 50% 0,250 брусок`, `колбаса п/к охл. 0,300 АНКОМ`), when the name's kind or
    /// words say its unit as ``bareSize(_:kind:)`` does (the words of goods packed by weight too: three
    /// decimals are kilograms); one such number, from 0,030 to 9,999.
    static func bareKilograms(_ words: [String], kind: ProductKind?) -> PackSize? {
        let numbers = words.filter { word in
            let parts = word.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == "." })
            return parts.count == 2 && parts[0].count == 1 && parts[1].count == 3
                && word.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "," || $0 == ".") }
        }
        guard numbers.count == 1, let (value, rest) = number(at: numbers[0]), rest.isEmpty, value >= 0.03,
            let unit = bareUnit(words, kind: kind, decimal: false), let each = whole(value * 1_000)
        else { return nil }
        return PackSize(unit: unit, thousandths: each)
    }

    /// Whether the name begins with a trade item number (13 digits, not a shop's own `2…` code): a
    /// packed good's, never weighed.
    static func coded(_ name: String) -> Bool {
        let digits = name.prefix { $0.isNumber }
        return digits.count == 13 && digits.first != "2"
    }

    /// A drink's litres before the mark of its container at the end of the name (`мид 0,45 (банка)`,
    /// `Вода … 0,6 ПЭТ`): a decimal under 3 there is a can's or a bottle's; nil otherwise.
    static func packagedDrink(_ words: [String]) -> PackSize? {
        guard words.count >= 2, packageWords.contains(words[words.count - 1]) else { return nil }
        let last = words[words.count - 2]
        guard last.contains(",") || last.contains("."), let (value, rest) = number(at: last), rest.isEmpty,
            value < 3, let each = whole(value * 1_000)
        else { return nil }
        return PackSize(unit: .litre, thousandths: each)
    }

    /// A package's marks tills glue to a size's unit (`250гфл/`: a flow pack; `пл`: plastic; `ст`: glass).
    private static let packageMarks = ["фл", "пл", "ст", "пэт"]

    /// The marks of a drink's container: a can, glass, PET.
    private static let packageWords: Set<String> = ["банка", "стекло", "пэт", "жб", "стб", "сб", "пэтбут"]

    /// A shop's pack of one written `1/M` (`ХЛЕБ РИЖСКИЙ 1/400`, `ДОКТОРСКАЯ 1/500`) when the
    /// product's kind is sold by weight or volume: M grams or millilitres. A café's portion (`1/100`
    /// of a salad, `200/15` of tea: no kind, or a numerator other than one) gives nil.
    static func packSize(_ words: [String], kind: ProductKind?) -> PackSize? {
        guard let kind, kind.unit != .piece else { return nil }
        for word in words where word.hasPrefix("1/") {
            guard let value = Int64(word.dropFirst(2)), value >= 100, value <= 5_000 else { continue }
            return PackSize(unit: kind.unit, thousandths: value)
        }
        return nil
    }

    /// Words of goods packed by weight (snacks, sweets, dry goods) whose bare whole number is their grams.
    private static let gramWords = [
        "чипс", "сухар", "снек", "крекер", "печен", "конфет", "марм", "ирис", "вафл", "пряник", "зефир", "пастил",
        "халв", "орех", "семеч", "карамел", "драже", "хлопь", "мюсли", "круп", "макарон", "шокол", "шаурм",
        "шаверм", "сельд", "паштет",
    ]

    /// Words drinks begin with, whose bare decimal number is their litres.
    private static let drinkWords = [
        "напит", "нап", "пиво", "эль", "вода", "сок", "нектар", "текила", "водка", "коньяк", "вино", "виски", "ром",
        "джин", "ликер", "квас", "лимонад", "кола", "тоник", "морс", "компот", "коктейл", "энергет", "сидр", "шамп",
        "нарз", "минвод",
    ]

    /// Words (and a dose's units) that say a name is a medicine's or a dressing's, whose `№` is a count.
    private static let medicineWords = [
        "мг", "мкг", "ме", "таб", "тб", "капс", "амп", "пласт", "шприц", "бинт", "свеч", "саше", "драже", "пастил",
        "супп", "фл", "пак", "салфет", "презерв",
    ]

    /// The marks between a multipack's count and the size of each.
    private static let crosses: Set<Character> = ["х", "x", "*"]

    /// Units a size is written in, with the thousandths of a kilogram, litre or piece one stands for.
    private static let sizeUnits: [String: (PriceUnit, Int64)] = [
        "г": (.kilogram, 1), "гр": (.kilogram, 1), "g": (.kilogram, 1), "кг": (.kilogram, 1_000),
        "kg": (.kilogram, 1_000), "мл": (.litre, 1), "ml": (.litre, 1), "л": (.litre, 1_000), "l": (.litre, 1_000),
        "шт": (.piece, 1_000), "pcs": (.piece, 1_000), "рул": (.piece, 1_000), "дес": (.piece, 10_000),
        // A count cut short (`30Ш`), and pairs (`2пары` of socks).
        "ш": (.piece, 1_000), "пар": (.piece, 1_000), "пары": (.piece, 1_000),
    ]

    /// A word that starts with a number: the number (a comma or point as the decimal mark) and what
    /// follows it in the same word (`930мл` is 930 and `мл`; `2х200г` is 2 and `х200г`).
    private static func number(at word: String) -> (Double, String)? {
        var digits = ""
        var rest = Substring(word)
        while let character = rest.first, character.isASCII, character.isNumber || character == "," || character == "."
        {
            digits.append(character == "," ? "." : character)
            rest = rest.dropFirst()
        }
        while digits.hasSuffix(".") { digits.removeLast() }
        guard !digits.isEmpty, let value = Double(digits), value > 0 else { return nil }
        return (value, String(rest))
    }

    /// The name's words: letters, digits, decimal marks and the `х`/`x`/`*` of a multipack.
    static func words(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            // A slash between digits stays: `1/100` is a portion, `380/400г` a size.
            let fraction =
                character == "/" && current.last?.isNumber == true && index + 1 < characters.count
                && characters[index + 1].isNumber
            // A point or comma is a decimal mark between digits, else punctuation (`МОЛ.ОТБ`, `мл,шт`).
            let decimalMark =
                (character == "," || character == ".") && current.last?.isNumber == true
                && index + 1 < characters.count && characters[index + 1].isNumber
            // A percentage keeps its sign, so that `2,5%,шт` is no count of 2.5 pieces.
            let percent = character == "%" && current.last?.isNumber == true
            if percent {
                result.append(current + "%")
                current = ""
            } else if character.isLetter || character.isNumber || character == "*" || fraction || decimalMark {
                current.append(character == "ё" ? "е" : character)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        // A point or comma at a word's end is punctuation (`ПАСТ.`), not a decimal mark.
        return result.map { word in
            var word = word
            while let last = word.last, last == "." || last == "," { word.removeLast() }
            return word
        }.filter { !$0.isEmpty }
    }
}
