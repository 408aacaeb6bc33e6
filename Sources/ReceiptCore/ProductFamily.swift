extension ProductKinds {
    /// What makes one product of a kind the same across receipts and chains that print it
    /// differently: the kind, the percentages the key holds (the fat of milk, a drink's strength:
    /// the variant) and the words left once the kind's own words, the package's, the marking's and
    /// the till's codes are set aside (the brand and what else the name says: a flavour, «отборное»),
    /// each cut to its first three letters (tills cut brands: «ПРОСТ.» is «Простоквашино») and
    /// kept once, in order of their letters. `ПРОСТ.Мол.ул/паст.3,2% 950мл` and `Молоко ПРОСТОКВАШИНО у/паст.
    /// 3,2% 950мл` are `milk|мол|3,2%|пас про`. A key of no kind, or with no such word (`молоко 2,5%`:
    /// any milk), has none: it stays a product of its own.
    ///
    /// Words are compared by their first three letters and no spelling is guessed: a brand a till
    /// cuts joins its full name («ПРОСТ.» and «Простоквашино», «ДОМИК В ДЕР» and «Домик в деревне»),
    /// one it spells otherwise («ДВД») stays apart.
    public static func family(ofKey key: String) -> String? {
        guard let index = index(ofKey: key) else { return nil }
        let entry = catalogue[index]
        // What the name is: the first word of the kind's pattern that matched, cut to three letters
        // (`мол` and `молоко` are one; `томат` is not `черри`, `воппер` is not `хот дог`). The first
        // words of the kind's patterns that begin so say nothing more (`мол`, `молпаст`); the words
        // after them do (`паст`, `отб`: `ОТБ.` and `отборное` are one), as do those of other patterns
        // (`томаты черри`).
        let keyWords = key.split(separator: " ").map(String.init)
        let weights = entry.patterns.map { $0.weight(in: keyWords, head: headWords) ?? -1 }
        guard let best = weights.indices.max(by: { (weights[$0], $1) < (weights[$1], $0) }),
            let first = entry.patterns[best].words.first
        else { return nil }
        let what = first.prefix(3)
        let said = entry.patterns.filter { $0.words.first?.prefix(3) == what }
        var variants: [Substring] = []
        var words: Set<Substring> = []
        for token in key.split(whereSeparator: { $0 == " " || $0 == "/" }) {
            if token.last == "%", token.dropLast().allSatisfy({ $0.isNumber || $0 == "," }) {
                variants.append(token)
                continue
            }
            // An egg's grade: С0, С1, С2, С3.
            if token.count == 2, token.first == "с" || token.first == "c", token.last?.isNumber == true {
                variants.append(token)
                continue
            }
            guard token.count >= 3, !token.contains(where: \.isNumber) else { continue }
            let word = String(token)
            guard !familyNoise.contains(where: { word.hasPrefix($0) }),
                !said.contains(where: { $0.begins(with: word) })
            else { continue }
            words.insert(token.prefix(3))
        }
        // How it was made or cut is no product alone (`молоко паст 2,5%` at two chains is any milk).
        guard words.contains(where: { !familyManner.contains($0) }) else { return nil }
        let variant = Set(variants).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let brand = words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return "\(entry.kind.id)|\(what)|\(variant.joined(separator: " "))|\(brand.joined(separator: " "))"
    }

    /// How a thing was made or cut, as the three letters a family keeps: `паст`, `стер`, `ультрапаст`,
    /// `отб`, `охл`, `зам`, `нарезка`, `мытая`, `копч`, `вар`, `обезжиренный`.
    private static let familyManner: Set<Substring> = [
        "пас", "сте", "уль", "отб", "охл", "зам", "нар", "мыт", "коп", "вар",
    ]

    /// Beginnings of the words that say nothing of which product it is: the package (`пэт`, `т/п`
    /// is two short words, `пюр/п`, `пл/бут`, Tetra Pak's `TBA`, `slim`, `diamond`), the marking
    /// (`бзмж`, `гост`), the maker's legal form (`ооо`, `оао`), what any of the kind is (`питьевое`,
    /// `коровье`, `цельное`) and the words of a till's own (`шт`, `вес`, `цена`, `фас`, `упак`).
    private static let familyNoise: [String] = [
        "пэт", "пэтф", "бут", "пак", "пюр", "пакет", "упак", "фольг", "лоток", "банк", "стак", "ведер", "tba",
        "slim", "diamond", "бзмж", "змж", "гост", "ооо", "оао", "зао", "пао", "ип", "пит", "коров", "цельн",
        "вес", "цена", "фас", "фасов", "шт", "штук", "мгс", "акция", "новинк", "new", "промо",
    ]
}

extension ProductKinds.Pattern {
    /// Whether `word` is the pattern's first word, as ``weight(in:head:)`` reads a word of a key.
    func begins(with word: String) -> Bool {
        guard let first = words.first else { return false }
        return whole[0] ? word == first : word.hasPrefix(first)
    }
}
