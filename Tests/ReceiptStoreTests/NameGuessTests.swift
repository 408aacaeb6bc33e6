import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("Guessed categories: what the classifier learned from the file's own names")
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
}
