import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("Choosing categories fast: a line, a guess, names by their words; each undone", .timeLimit(.minutes(20)))
struct CategoryActionTests {
    /// The rules place milk and kefir (groceries) and shampoo (beauty); nothing else.
    typealias Rules = NameGuessTests.Rules

    /// Receipt 1: «МОЛОКО ОТБОРНОЕ 3,4%» 99.00, «КЕФИР 1%» 89.00, «ШАМПУНЬ Д/ВОЛОС» 299.00 (ruled).
    /// Receipt 2: «ШОКОЛАД МОЛОЧНЫЙ» 120.00, «Шок.батончик СНИКЕРС» 55.00, «ПАКЕТ МАЙКА» 9.00 (no rule).
    /// Receipt 3: «ШОКОЛАД МОЛОЧНЫЙ» 130.00 (no rule). All at a supermarket, which decides nothing.
    static func database(_ folder: TemporaryFolder) throws -> ReceiptDatabase {
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"), rules: Rules())
        try database.save(
            try NameGuessTests.receipt(
                i: 1, lines: [("МОЛОКО ОТБОРНОЕ 3,4%", 9_900), ("КЕФИР 1%", 8_900), ("ШАМПУНЬ Д/ВОЛОС", 29_900)]))
        try database.save(
            try NameGuessTests.receipt(
                i: 2, lines: [("ШОКОЛАД МОЛОЧНЫЙ", 12_000), ("Шок.батончик СНИКЕРС", 5_500), ("ПАКЕТ МАЙКА", 900)]))
        try database.save(try NameGuessTests.receipt(i: 3, lines: [("ШОКОЛАД МОЛОЧНЫЙ", 13_000)]))
        return database
    }

    private func totals(_ database: ReceiptDatabase) throws -> [Category: Int64] {
        Dictionary(uniqueKeysWithValues: try database.categoryTotals().map { ($0.category, $0.total.kopecks) })
            .filter { $0.value != 0 }
    }

    @Test("a line's own category wins over its name's, survives the receipt saved again, and is undone")
    func line() throws {
        let folder = try TemporaryFolder()
        let database = try Self.database(folder)
        let before = try totals(database)
        // The milk of receipt 1 (line 1, position 0) is a gift, say: other, 99.00 leaves groceries.
        let action = try #require(try database.choose(.other, forLine: 0, ofReceipt: 1))
        #expect(action.kind == .line && action.lines == 1 && action.names.isEmpty && action.itemsMoved == 1)
        var expected = before
        expected[.groceries, default: 0] -= 9_900
        expected[.other, default: 0] += 9_900
        #expect(try totals(database) == expected)
        #expect(
            try database.lineCategories(ofReceipt: 1).first == LineCategory(category: .other, by: .user, guess: nil))
        #expect(try database.verifyTotals().isEmpty)

        // A choice for the name does not move the line chosen on its own.
        _ = try database.choose(.household, forItemNamed: "МОЛОКО ОТБОРНОЕ 3,4%")
        #expect(try database.lineCategories(ofReceipt: 1).first?.category == .other)

        // The receipt saved again (from a file that prints its register number) keeps the line's choice:
        // the same name is still on line 1.
        var again = try NameGuessTests.receipt(
            i: 1, lines: [("МОЛОКО ОТБОРНОЕ 3,4%", 9_900), ("КЕФИР 1%", 8_900), ("ШАМПУНЬ Д/ВОЛОС", 29_900)])
        again.registerNumber = "0000466210011788"
        #expect(try database.save(again) == .updated)
        #expect(try database.lineCategories(ofReceipt: 1).first?.category == .other)
        #expect(try database.verifyTotals().isEmpty)

        // Undoing the name's choice, then the line's, gives back the totals of the start.
        _ = try database.undoCategoryAction()
        let undone = try #require(try database.undoCategoryAction())
        #expect(undone.id == action.id && undone.itemsMoved == 1)
        #expect(try totals(database) == before)
        #expect(try database.undoCategoryAction() == nil)
        // Numbers are never given again (1 and 2 were undone): a page's stale "undo" of #1 cannot
        // undo the next action.
        #expect(try database.choose(.other, forLine: 1, ofReceipt: 1)?.id == 3)
        #expect(try database.undoCategoryAction(1) == nil)
        // A receipt without such a line is said to be so.
        #expect(try database.choose(.other, forLine: 3, ofReceipt: 1) == nil)
        #expect(try database.choose(.other, forLine: 0, ofReceipt: 99) == nil)
    }

    @Test("names matching words, ruled and chosen ones left out, get one category as one action")
    func words() throws {
        let folder = try TemporaryFolder()
        let database = try Self.database(folder)
        let before = try totals(database)
        // «шок» begins a word of «шоколад молочный» and of «шок батончик сникерс»; «молоко
        // отборное» begins with «мол» too, but the rules place it, so «шок мол» finds only the first.
        #expect(
            try database.names(matching: "шок").map(\.key).sorted() == ["шок батончик сникерс", "шоколад молочный"])
        #expect(try database.names(matching: "ШОК мол").map(\.key) == ["шоколад молочный"])
        #expect(try database.names(matching: "мол").map(\.key) == ["шоколад молочный"])
        #expect(try database.names(matching: "12 %").isEmpty)

        let action = try database.choose(.entertainment, forNamesMatching: "шок")
        // Three lines move to entertainment (a treat): 120.00 + 130.00 + 55.00 = 305.00, from wherever they were.
        #expect(action.kind == .words && action.names.count == 2 && action.itemsMoved == 3)
        #expect(try totals(database)[.entertainment] == 30_500)
        #expect(try database.verifyTotals().isEmpty)
        // Chosen now, they are not offered again.
        #expect(try database.names(matching: "шок").isEmpty)

        let undone = try #require(try database.undoCategoryAction(action.id))
        #expect(undone.itemsMoved == 3 && undone.names.count == 2)
        #expect(try totals(database) == before)
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("undoing an older action leaves what a later one changed since")
    func olderUndo() throws {
        let folder = try TemporaryFolder()
        let database = try Self.database(folder)
        let first = try database.choose(.entertainment, forItemNamed: "ШОКОЛАД МОЛОЧНЫЙ")
        _ = try database.choose(.other, forItemNamed: "ШОКОЛАД МОЛОЧНЫЙ")
        _ = try database.choose(.household, forItemNamed: "ПАКЕТ МАЙКА")
        // The first action's only step was changed by the second: undoing it restores nothing.
        let undone = try #require(try database.undoCategoryAction(first.action))
        #expect(undone.itemsMoved == 0)
        #expect(try database.lineCategories(ofReceipt: 3).first?.category == .other)
        #expect(try database.undoCategoryAction(first.action) == nil)
        #expect(try database.categoryActions().map(\.kind) == [.name, .name])
    }

    @Test("a guess confirmed is the user's choice; a ruled name has no guess to confirm")
    func confirm() throws {
        let folder = try TemporaryFolder()
        let database = try Self.database(folder)
        // «МОЛ.ОТБ. 1Л» shares its pieces with «молоко отборное», which the rules place: groceries.
        try database.save(try NameGuessTests.receipt(i: 4, lines: [("МОЛ.ОТБ. 1Л", 9_500)]))
        #expect(try database.lineCategories(ofReceipt: 4).first?.by == .guess)
        let choice = try #require(try database.confirmGuess(forItemNamed: "МОЛ.ОТБ. 1Л"))
        #expect(choice.category == .groceries)
        #expect(
            try database.lineCategories(ofReceipt: 4).first == LineCategory(category: .groceries, by: .user, guess: nil)
        )
        #expect(try database.confirmGuess(forItemNamed: "КЕФИР 1%") == nil)
        #expect(try database.confirmGuess(forItemNamed: "НЕТ ТАКОГО") == nil)
        #expect(try database.verifyTotals().isEmpty)
        // Undone, the name is guessed again as before.
        _ = try database.undoCategoryAction()
        #expect(try database.lineCategories(ofReceipt: 4).first?.by == .guess)
    }
}
