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
}
