import Foundation
import ReceiptCore
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("Search and its history", .timeLimit(.minutes(20)))
struct SearchTests {
    static func database() throws -> (ReceiptDatabase, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        let shop = Place(
            id: "p1", name: "Пятёрочка", coordinate: try Coordinate(latitude: 55.7, longitude: 37.6),
            category: .groceries,
            address: "Москва")
        let cafe = Place(
            id: "p2", name: "Coffee House", coordinate: try Coordinate(latitude: 55.7, longitude: 37.6),
            category: .cafes,
            address: "Москва")
        try database.save([shop, cafe])
        var first = try Fixtures.receipt(i: 1, date: "2024-01-10T10:00:00", total: 17_998)
        first.placeID = "p1"
        var second = try Fixtures.receipt(
            i: 2, date: "2024-02-10T10:00:00", total: 25_000,
            items: [Item(name: "КАПУЧИНО 0,3", price: Money(kopecks: 25_000), quantity: 1, sum: Money(kopecks: 25_000))]
        )
        second.placeID = "p2"
        var third = try Fixtures.receipt(
            i: 3, date: "2024-03-10T10:00:00", total: 9_000,
            items: [
                Item(name: "Ёлочная игрушка", price: Money(kopecks: 9_000), quantity: 1, sum: Money(kopecks: 9_000))
            ])
        third.placeID = "p1"
        try database.save([first, second, third])
        return (database, folder)
    }

    @Test("folding: lower case, ё as е whether composed or not, other letters untouched")
    func folding() {
        #expect(SearchText.fold("МОЛОКО Ёлка") == "молоко елка")
        #expect(SearchText.fold("Е\u{0308}ЛКА") == "елка")
        #expect(SearchText.fold("Café Ü") == "café ü")
        #expect(SearchText.words("ЁЖ-1,5кг") == ["еж", "1", "5кг"])
    }

    @Test("words match the beginnings of item names and shops, any case, both scripts, ё as е")
    func words() throws {
        let (database, folder) = try Self.database()
        _ = folder
        let milk = try database.search(SearchQuery(text: "молок"))
        #expect(milk.map(\.receipt.id) == [1])
        #expect(milk.first?.matchingItems == ["МОЛОКО ПАСТ.3,2% 930МЛ"])
        #expect(try database.search(SearchQuery(text: "КАПУЧ")).map(\.receipt.id) == [2])
        #expect(try database.search(SearchQuery(text: "coffee")).map(\.receipt.id) == [2])
        #expect(try database.search(SearchQuery(text: "пятерочка")).map(\.receipt.id) == [3, 1])
        #expect(try database.search(SearchQuery(text: "елочн")).map(\.receipt.id) == [3])
        #expect(try database.search(SearchQuery(text: "олоко")).isEmpty)
        #expect(try database.search(SearchQuery(text: "молоко банан")).map(\.receipt.id) == [1])
    }

    @Test("filters combine with the text: category, shop, months, amounts")
    func filters() throws {
        let (database, folder) = try Self.database()
        _ = folder
        #expect(
            try database.search(SearchQuery(text: "", filters: SearchFilters(category: .cafes))).map(\.receipt.id) == [
                2
            ])
        #expect(
            try database.search(SearchQuery(text: "", filters: SearchFilters(shop: "пятер"))).map(\.receipt.id) == [
                3, 1,
            ])
        let range = SearchFilters(from: try Month(parsing: "2024-02"), to: try Month(parsing: "2024-03"))
        #expect(try database.search(SearchQuery(text: "", filters: range)).map(\.receipt.id) == [3, 2])
        let amounts = SearchFilters(minimum: Money(kopecks: 10_000), maximum: Money(kopecks: 20_000))
        #expect(try database.search(SearchQuery(text: "", filters: amounts)).map(\.receipt.id) == [1])
        #expect(try database.search(SearchQuery(text: "молоко", filters: SearchFilters(category: .cafes))).isEmpty)
    }

    @Test("the category filter finds a receipt by the categories of its lines, not its shop's")
    func lineCategories() throws {
        let (database, folder) = try Self.database()
        _ = folder
        let groceries = SearchQuery(text: "", filters: SearchFilters(category: .groceries))
        // Receipts 1 and 3 are at Пятёрочка, whose lines no rule here places: groceries, the shop's.
        #expect(try database.search(groceries).map(\.receipt.id) == [3, 1])
        // The Christmas-tree toy chosen as kids: receipt 3 has no groceries line left.
        _ = try database.choose(.kids, forItemNamed: "Ёлочная игрушка")
        #expect(try database.search(groceries).map(\.receipt.id) == [1])
        let kids = SearchQuery(text: "", filters: SearchFilters(category: .kids))
        #expect(try database.search(kids).map(\.receipt.id) == [3])
        // A pending receipt has no lines: its shop's category finds it.
        var pending = try Fixtures.receipt(i: 4, date: "2024-04-10T10:00:00", total: 5_000, items: [])
        pending.status = .pending
        pending.placeID = "p2"
        try database.save(pending)
        let cafes = SearchQuery(text: "", filters: SearchFilters(category: .cafes))
        #expect(try database.search(cafes).map(\.receipt.id) == [4, 2])
    }

    @Test("the last five distinct texts are remembered with their filters")
    func history() throws {
        let (database, folder) = try Self.database()
        _ = folder
        for text in ["молоко", "хлеб", "Молоко", "кофе", "сыр", "яйца", "чай"] {
            try database.remember(search: text, filters: SearchFilters(category: text == "чай" ? .groceries : nil))
        }
        #expect(try database.searchHistory() == ["чай", "яйца", "сыр", "кофе", "Молоко"])
        #expect(try database.searchHistory(containing: "МОЛ") == ["Молоко"])
        #expect(try database.lastSearchFilters() == SearchFilters(category: .groceries))
        try database.clearSearchHistory()
        #expect(try database.searchHistory().isEmpty)
    }
}
