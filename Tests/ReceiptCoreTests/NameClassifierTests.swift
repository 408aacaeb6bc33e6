import ReceiptCore
import Testing

@Suite("The name classifier: categories learned from names that have one", .timeLimit(.minutes(20)))
struct NameClassifierTests {
    static let examples: [NameClassifier.Example] = [
        .init(key: "молоко отборное", category: .groceries), .init(key: "сосиски говяжьи", category: .groceries),
        .init(key: "кефир", category: .groceries), .init(key: "сметана", category: .groceries),
        .init(key: "шампунь д волос", category: .beauty), .init(key: "зубная паста", category: .beauty),
        .init(key: "корм д кошек", category: .pets), .init(key: "наполнитель д кошачьего туалета", category: .pets),
        .init(key: "ибупрофен таб", category: .health), .init(key: "нурофен", category: .health),
    ]

    @Test("till abbreviations and run-together words find the category of the words they come from")
    func abbreviations() throws {
        let model = NameClassifier(examples: Self.examples)
        // `мол отб` shares `^мол`, `отб`… with «молоко отборное»; `сосгов` shares `^сос` and `гов`.
        #expect(model.guess(ItemName.key("МОЛ.ОТБ. 3,2% 1Л"))?.category == .groceries)
        #expect(model.guess(ItemName.key("СОСГОВЯЖЬИВ/У 350Г"))?.category == .groceries)
        #expect(model.guess(ItemName.key("ШАМП. ДЛЯ ВОЛОС"))?.category == .beauty)
        #expect(model.guess(ItemName.key("КОРМ ВЛАЖН. Д/КОШЕК"))?.category == .pets)
        let guess = try #require(model.guess("нурофен"))
        #expect(guess.category == .health && guess.confidence > 0.5 && guess.confidence <= 1)
    }

    @Test("the same examples in another order give the same guesses, with the same confidence")
    func deterministic() {
        let keys = ["мол отб", "шамп", "кошач", "таб", "паста", "сос", "xyz", "гов кош"]
        let model = NameClassifier(examples: Self.examples)
        var random = SeededRandom(seed: 7)
        var shuffled = Self.examples
        shuffled.shuffle(using: &random)
        let other = NameClassifier(examples: shuffled)
        for key in keys { #expect(model.guess(key) == other.guess(key), "\(key)") }
    }

    @Test("nothing learned, nothing known, or any text at all: no guess or a guess, never a crash")
    func anyInput() {
        #expect(NameClassifier(examples: []).guess("молоко") == nil)
        let model = NameClassifier(examples: Self.examples)
        #expect(model.guess("") == nil)
        #expect(model.guess("12345 %") == nil)
        #expect(model.guess("qqqq zzzz") == nil)
        // Uncategorized is never learned, nor an example of no weight.
        let none = NameClassifier(examples: [
            .init(key: "товар", category: .uncategorized), .init(key: "прочее", category: .other, weight: 0),
        ])
        #expect(none.guess("товар") == nil && none.guess("прочее") == nil)
        for text in [
            "🍎🍏 яблоки", "\u{0}\u{7}молоко\u{1b}[31m", "ＭＯＬＯＫＯ", "مرحبا", String(repeating: "молоко ", count: 2_000),
        ] {
            if let guess = model.guess(ItemName.key(text)) {
                #expect(guess.confidence >= 0 && guess.confidence <= 1)
            }
        }
    }

    @Test(
        "candidates: the guess first with its confidence, then the others best first, each with the words it learned there and a name that has them"
    )
    func candidates() async throws {
        // The user chose «корм влажный д кошек» for pets (it counts three times); the rules place
        // «корм д кошек» there too, and «молоко влажный» (as «молоко отборное») in groceries.
        let model = NameClassifier(
            examples: Self.examples + [
                .init(key: "корм влажный д кошек", category: .pets, weight: 3, source: .choice),
                .init(key: "кошачий корм", category: .pets, source: .vocabulary),
                .init(key: "молоко влажный", category: .groceries),
            ])
        let key = "корм влажный д кошек молоко"
        let candidates = model.candidates(key)
        let first = try #require(candidates.first)
        let guess = try #require(model.guess(key))
        // The first candidate is the guess, exactly.
        #expect(first.guess == guess && first.category == .pets)
        #expect((1...3).contains(candidates.count))
        #expect(candidates.dropFirst().allSatisfy { $0.confidence >= 0.05 })
        // Every category it has seen (groceries, beauty, pets, health: four of fifteen), when asked
        // for all: best first, their probabilities adding up to 1.
        let all = model.candidates(key, limit: 20, least: 0)
        #expect(Set(all.map(\.category)) == [.groceries, .beauty, .pets, .health] && all.first == first)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.confidence >= $1.confidence })
        #expect(abs(all.reduce(0) { $0 + $1.confidence } - 1) < 1e-9)
        // Pets rests on «кошек» and «корм» (seen in pets only: all their weight is there) before
        // «влажный» and «д» (seen in groceries and beauty too); «молоко» was never seen in pets.
        #expect(Array(first.words.prefix(2)) == ["корм", "кошек"])
        #expect(Set(first.words) == ["корм", "влажный", "д", "кошек"])
        // The name learned from that has the most of them: the user's choice (four words of four),
        // not the rules' «корм д кошек» (three).
        #expect(first.example == .init(key: "корм влажный д кошек", category: .pets, weight: 3, source: .choice))
        // Groceries rests on «молоко» before «влажный», both seen there; its example has both.
        let groceries = try #require(all.first { $0.category == .groceries })
        #expect(groceries.words == ["молоко", "влажный"])
        #expect(groceries.example?.key == "молоко влажный" && groceries.example?.source == .rules)
        // Nothing known: no candidates, as no guess.
        #expect(model.candidates("qqqq zzzz").isEmpty && NameClassifier(examples: []).candidates("корм").isEmpty)
        // Only pieces of words alike: a candidate without words or example.
        let pieces = try #require(model.candidates("кошач").first)
        #expect(pieces.category == .pets && pieces.words.isEmpty && pieces.example == nil)
    }
}
