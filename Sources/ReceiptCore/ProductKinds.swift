import Synchronization

/// The product kinds this tool knows (``ProductKind``) and how a name's key is recognised as one.
///
/// Each kind has patterns written as the category rules write theirs: unquoted, word beginnings found
/// in this order among the key's words (`молок` is `молоко` and `молочный`); "quoted", whole words in
/// a row (`"мол"` is the till's `МОЛ.`, never `молоток`). A pattern's first word must stand among the
/// key's first ``headWords`` words, where names print what the thing is (after a brand or a chain's
/// code at most): `Кофе с молоком` is no milk. A kind's exclusions, in the same syntax, anywhere in
/// the key, say it is something else made of it (`молоко сгущ`, `сырок`, `чипсы со сметаной`). When
/// several kinds match, the longest pattern wins (its characters), the earlier kind on a tie.
public enum ProductKinds {
    /// Which catalogue and recognition kept figures were worked out with: raise it with any change to
    /// what ``kind(ofKey:)`` or ``family(ofKey:)`` gives, so that databases work their kind figures
    /// and products out again.
    public static let rulesVersion = 6

    /// How many of a key's first words a pattern's first word may stand at.
    public static let headWords = 3

    /// Every kind, in the catalogue's order.
    public static let all: [ProductKind] = catalogue.map(\.kind)

    /// The kind with identifier `id`.
    public static func kind(id: String) -> ProductKind? { byID[id] }

    /// The kind a name's key (``ItemName/key(_:)``) belongs to; nil when none.
    public static func kind(ofKey key: String) -> ProductKind? { index(ofKey: key).map { all[$0] } }

    /// The place in ``all`` of the kind a name's key belongs to; nil when none. A history repeats a
    /// few thousand keys, and statistics ask for them again and again: each is read once a process.
    public static func index(ofKey key: String) -> Int? {
        if let known = read.withLock({ $0[key] }) { return known >= 0 ? known : nil }
        let found = recognise(key)
        read.withLock { $0[key] = found ?? -1 }
        return found
    }

    /// The keys read so far and their kinds' places (−1: none).
    private static let read = Mutex<[String: Int]>([:])

    /// The kind of a key, worked out: the patterns tried are those whose first word begins as one of
    /// the key's first words does.
    private static func recognise(_ key: String) -> Int? {
        let words = key.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return nil }
        var candidates: Set<Int> = []
        for word in words.prefix(headWords) {
            candidates.formUnion(byStart[String(word.prefix(2))] ?? [])
        }
        var best: (weight: Int, index: Int)?
        for index in candidates.sorted() {
            let entry = catalogue[index]
            guard let weight = entry.patterns.compactMap({ $0.weight(in: words, head: headWords) }).max(),
                weight > (best?.weight ?? 0) || (weight == best?.weight && index < (best?.index ?? 0)),
                !entry.exclusions.contains(where: { $0.weight(in: words, head: words.count) != nil })
            else { continue }
            best = (weight, index)
        }
        return best?.index
    }

    /// The kinds by the first two letters of their patterns' first words.
    private static let byStart: [String: [Int]] = {
        var index: [String: [Int]] = [:]
        for (place, entry) in catalogue.enumerated() {
            for start in Set(entry.patterns.compactMap { $0.words.first.map { String($0.prefix(2)) } }) {
                index[start, default: []].append(place)
            }
        }
        return index
    }()

    /// The kinds whose names (in either language) hold every word of `words` as the beginning of one
    /// of theirs, or one of whose patterns is `key`, a query's key (`аи-95` and `AI95` are `аи95`).
    public static func kinds(matching words: [String], key: String) -> [ProductKind] {
        let keyWords = key.split(separator: " ").map(String.init)
        return catalogue.filter { entry in
            let names = SearchText.words(entry.kind.russian) + SearchText.words(entry.kind.english)
            if !words.isEmpty, words.allSatisfy({ word in names.contains { $0.hasPrefix(word) } }) { return true }
            return !keyWords.isEmpty && entry.patterns.contains { $0.words == keyWords }
        }.map(\.kind)
    }

    // MARK: - Patterns

    /// One pattern of a kind, or one of its exclusions.
    struct Pattern: Sendable {
        let words: [String]
        /// Quoted: the words stand next to each other.
        let adjacent: Bool
        /// Which words are too short to be a beginning (`с`, `дт`, `мол`, `сыр`: not `сырок`).
        let whole: [Bool]

        init(_ text: String) {
            let trimmed = text.trimmingSpaces
            adjacent = trimmed.hasPrefix("\"")
            words = ItemName.key(trimmed.filter { $0 != "\"" }).split(separator: " ").map(String.init)
            whole = words.map { $0.count <= 3 }
        }

        /// Whether `word` of a key is the pattern's word at `place`: begun by it, or the same when it
        /// is too short to be a beginning.
        private func matches(_ word: String, _ place: Int) -> Bool {
            whole[place] ? word == words[place] : word.hasPrefix(words[place])
        }

        /// The pattern's weight (its characters) when it matches `key` with its first word among the
        /// first `head` words; nil when it does not.
        func weight(in key: [String], head: Int) -> Int? {
            guard !words.isEmpty else { return nil }
            for start in key.indices where start < head && matches(key[start], 0) {
                var index = start + 1
                var found = true
                for place in words.indices.dropFirst() {
                    if adjacent {
                        found = index < key.count && matches(key[index], place)
                    } else {
                        while index < key.count, !matches(key[index], place) { index += 1 }
                        found = index < key.count
                    }
                    guard found else { break }
                    index += 1
                }
                if found { return weight }
            }
            return nil
        }

        private var weight: Int { words.reduce(words.count - 1) { $0 + $1.count } }
    }

    struct Entry: Sendable {
        let kind: ProductKind
        let patterns: [Pattern]
        let exclusions: [Pattern]
    }

    private static let byID: [String: ProductKind] = Dictionary(
        all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The catalogue, read from ``catalogueText``.
    static let catalogue: [Entry] = catalogueText.split(separator: "\n").compactMap { line -> Entry? in
        let text = line.trimmingSpaces
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        let fields = text.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard fields.count == 7 else { return nil }
        // `piece 1`, or `piece 1 пару/pair` for a piece that is not one thing.
        let measure = fields[1].split(separator: " ")
        guard measure.count == 2 || measure.count == 3, let unit = PriceUnit(rawValue: String(measure[0])),
            let count = Int64(measure[1])
        else { return nil }
        let words = measure.count == 3 ? measure[2].split(separator: "/").map(String.init) : []
        return Entry(
            kind: ProductKind(
                id: fields[0], unit: unit, per: count * 1_000, russian: fields[2], english: fields[3],
                rosstat: fields[4], pieceWords: words.count == 2 ? (words[0], words[1]) : nil),
            patterns: fields[5].split(separator: ",").map { Pattern(String($0)) },
            exclusions: fields[6].split(separator: ",").map { Pattern(String($0)) })
    }
}

extension StringProtocol {
    /// Without spaces at either end.
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
