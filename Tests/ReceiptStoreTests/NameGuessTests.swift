import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("Guessed categories: what the classifier learned from the file's own names", .timeLimit(.minutes(20)))
struct NameGuessTests {
    struct Rules: CategoryRules {
        var fingerprint = "name-guess-tests"
        func category(forKey key: String) -> Category? {
            let words: [(String, Category)] = [("молоко", .groceries), ("кефир", .groceries), ("шампунь", .beauty)]
            return words.first { key.hasPrefix($0.0) }?.1
        }
    }

    static func receipt(i: Int64, lines: [(String, Int64)]) throws -> Receipt {
        try ShopKindTests.receipt(
            i: i, date: "2024-12-2\(i)T10:00:00", seller: "ООО \"ЛЕНТА\"", inn: "7814148471", place: "Лента",
            lines: lines)
    }

    private func category(of name: String, in database: ReceiptDatabase) throws -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT category FROM items WHERE name = ?", arguments: [name])
        }
    }

    @Test("a name no rule places takes the category the file's other names teach, marked as a guess; a choice retrains")
    func guessed() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        let database = try ReceiptDatabase.open(at: path, rules: Rules())
        // The rules place these three: the classifier learns «молоко отборное» and «кефир» as
        // groceries, «шампунь д волос» as beauty.
        try database.save(
            try Self.receipt(
                i: 1, lines: [("МОЛОКО ОТБОРНОЕ 3,4%", 9_900), ("КЕФИР 1%", 8_900), ("ШАМПУНЬ Д/ВОЛОС", 29_900)]))
        // The till's abbreviations: «мол отб» shares its pieces with «молоко отборное», «шамп д вол»
        // with «шампунь д волос»; the supermarket decides nothing, so the guesses do.
        try database.save(try Self.receipt(i: 2, lines: [("МОЛ.ОТБ. 1Л", 9_500), ("ШАМП.Д/ВОЛ.", 31_000)]))
        #expect(try category(of: "МОЛ.ОТБ. 1Л", in: database) == "groceries")
        #expect(try category(of: "ШАМП.Д/ВОЛ.", in: database) == "beauty")
        let decisions = try database.categoryDecisions()
        // Rules: 9,900 + 8,900 + 29,900 = 48,700 in three lines; guesses: 9,500 + 31,000 = 40,500 in two.
        #expect(decisions.parts.first { $0.by == .rules } == .init(by: .rules, lines: 3, total: 48_700))
        #expect(decisions.parts.first { $0.by == .guess } == .init(by: .guess, lines: 2, total: 40_500))
        #expect(try database.verifyTotals().isEmpty)

        // A choice on another name retrains; every guess is made again and the totals follow.
        _ = try database.choose(.household, forItemNamed: "ШАМПУНЬ Д/ВОЛОС")
        #expect(try database.verifyTotals().isEmpty)
        let guesses = try database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item_names WHERE guess IS NOT NULL") ?? 0
        }
        #expect(guesses == 2)

        // Categorizing anew in SQL (other rules' fingerprint) decides as saving and choosing did.
        let before = try database.categoryTotals()
        let reopened = try ReceiptDatabase.open(at: path, rules: Rules(fingerprint: "name-guess-tests, edited"))
        #expect(try reopened.categoryTotals() == before)
        #expect(try reopened.verifyTotals().isEmpty)
    }

    /// Rules that misplace what a real METRO receipt holds: «стейк» is food, so a steak fork is too;
    /// «пакет» is the trip's (food).
    struct SteakRules: CategoryRules {
        var fingerprint = "corrections-tests"
        func category(forKey key: String) -> Category? {
            let words: [(String, Category)] = [
                ("стейк", .groceries), ("пакет", .groceries), ("шампунь", .beauty), ("молоко", .groceries),
            ]
            return words.first { word in key.split(separator: " ").contains { $0.hasPrefix(word.0) } }?.1
        }
    }

    static func metro(i: Int64, lines: [(String, Int64)]) throws -> Receipt {
        try ShopKindTests.receipt(
            i: i, date: "2024-12-2\(i)T08:46:00", seller: "ООО \"МЕТРО Кэш энд Керри\"", inn: "7704218694",
            place: "METRO", lines: lines)
    }

    @Test(
        "a correction of the rules moves the names they placed the same way that are much like it, not the rest; later imports follow; undone, all go back"
    )
    func corrections() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        let database = try ReceiptDatabase.open(at: path, rules: SteakRules())
        try database.save(
            try Self.metro(
                i: 1,
                lines: [
                    ("ARCOS ВИЛКА Д/СТЕЙК ДЕРЕВ РУЧК 9СМ", 44_900), ("ARCOS НОЖ Д/СТЕЙК ДЕРЕВ РУЧК 11СМ", 59_900),
                    ("СТЕЙК РИБАЙ ОХЛ 300Г", 89_900), ("СТЕЙК ИЗ ЛОСОСЯ 250Г", 69_900), ("МОЛОКО ПАСТ 3,2% 1Л", 8_900),
                ]))
        // A bag at a DIY store, moved to household: that is what the shop is, not what a bag is.
        try database.save(
            try ShopKindTests.receipt(
                i: 2, date: "2024-12-22T12:00:00", seller: "ООО \"ЛЕ МОНЛИД\"", inn: "5029069967",
                place: "Леруа Мерлен", lines: [("Пакет большой", 1_500), ("ШАМПУНЬ Д/ВОЛОС", 29_900)]))
        try database.save(try Self.metro(i: 3, lines: [("Пакет большой METRO", 1_200)]))
        #expect(try category(of: "ARCOS НОЖ Д/СТЕЙК ДЕРЕВ РУЧК 11СМ", in: database) == "groceries")

        _ = try database.choose(.household, forItemNamed: "ARCOS ВИЛКА Д/СТЕЙК ДЕРЕВ РУЧК 9СМ")
        _ = try database.choose(.household, forItemNamed: "Пакет большой")
        // Eight name keys: «стейк» is in four, «д» in three (with «шампунь д волос»), «arcos»,
        // «дерев», «ручк», «пакет» and «большой» in two, the rest in one. A word weighs
        // ln(9 / (names with it + 0.5)): 0.693 in four, 0.944 in three, 1.281 in two, 1.792 in one.
        // The fork («arcos вилка д стейк дерев ручк») and the knife weigh 3 × 1.281 + 1.792 + 0.944
        // + 0.693 = 7.272 each and share all but «вилка»/«нож»: 5.480; twice that over both is 0.754,
        // alike (≥ 0.6). The rib-eye («стейк рибай охл», 4.277) shares «стейк» alone: 2 × 0.693 /
        // 11.549 = 0.12, it stays. The bag was moved to what Леруа Мерлен is (a DIY store:
        // household), which teaches nothing, so METRO's bag (0.74 alike) stays with the food.
        #expect(try category(of: "ARCOS НОЖ Д/СТЕЙК ДЕРЕВ РУЧК 11СМ", in: database) == "household")
        #expect(try category(of: "СТЕЙК РИБАЙ ОХЛ 300Г", in: database) == "groceries")
        #expect(try category(of: "СТЕЙК ИЗ ЛОСОСЯ 250Г", in: database) == "groceries")
        #expect(try category(of: "Пакет большой METRO", in: database) == "groceries")
        let decisions = try database.categoryDecisions()
        #expect(decisions.parts.first { $0.by == .learned } == .init(by: .learned, lines: 1, total: 59_900))
        #expect(try database.verifyTotals().isEmpty)

        // A spoon of the same series, imported later, follows as it arrives.
        try database.save(try Self.metro(i: 4, lines: [("ARCOS ЛОЖКА Д/СТЕЙК ДЕРЕВ РУЧК", 39_900)]))
        try database.settleGuesses()
        #expect(try category(of: "ARCOS ЛОЖКА Д/СТЕЙК ДЕРЕВ РУЧК", in: database) == "household")
        #expect(try database.verifyTotals().isEmpty)

        // Categorizing anew in SQL (other rules' fingerprint) decides as saving and choosing did.
        let before = try database.categoryTotals()
        let reopened = try ReceiptDatabase.open(at: path, rules: SteakRules(fingerprint: "corrections-tests, edited"))
        #expect(try reopened.categoryTotals() == before)

        // The correction forgotten, what it taught goes with it.
        _ = try reopened.forgetChoice(forItemNamed: "ARCOS ВИЛКА Д/СТЕЙК ДЕРЕВ РУЧК 9СМ")
        #expect(try category(of: "ARCOS НОЖ Д/СТЕЙК ДЕРЕВ РУЧК 11СМ", in: reopened) == "groceries")
        #expect(try category(of: "ARCOS ЛОЖКА Д/СТЕЙК ДЕРЕВ РУЧК", in: reopened) == "groceries")
        #expect(try reopened.verifyTotals().isEmpty)
    }
}
