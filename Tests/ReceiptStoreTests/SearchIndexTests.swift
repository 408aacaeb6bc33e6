import Foundation
import GRDB
import ReceiptCore
import Testing

@testable import ReceiptStore

@Suite("The search index and the rows written for it")
struct SearchIndexTests {
    /// Folding scalar by scalar with Unicode's own lower-case mappings: what the byte-wise folding
    /// must equal.
    static func referenceFold(_ text: String) -> String {
        var folded = ""
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if scalar == "\u{308}", previous == "е" { continue }
            var lower = scalar.properties.lowercaseMapping
            if lower == "ё" { lower = "е" }
            folded += lower
            previous = lower.unicodeScalars.last ?? scalar
        }
        return folded
    }

    @Test("byte-wise folding equals Unicode's lower case for every scalar up to U+052F and beyond, ё as е")
    func foldingMatchesUnicode() {
        var scalars = (0...0x52F).compactMap(Unicode.Scalar.init)
        scalars += ["\u{1E9E}", "\u{130}", "\u{2126}", "\u{FF21}", "😀", "中", "\u{10400}", "\u{308}"]
        for scalar in scalars {
            for text in ["\(scalar)", "е\(scalar)", "Е\(scalar)\u{308}", "a\(scalar)b", "\(scalar)Ё\u{308}"] {
                #expect(SearchText.fold(text) == Self.referenceFold(text), "\(text.unicodeScalars.map { $0.value })")
            }
        }
    }

    @Test("new receipts are indexed in one pass before a search, updated ones at once, and never twice")
    func catchingUp() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        let pending = Receipt(
            pendingFrom: try FiscalCode(parsing: "t=20240110T1000&s=90.00&fn=9251440300007971&i=7&fp=4087570038&n=1"))
        try database.save([try Fixtures.receipt(i: 1), pending])
        #expect(try database.search(SearchQuery(text: "молоко")).map(\.receipt.id) == [1])
        #expect(try database.search(SearchQuery(text: "чай")).isEmpty)

        // The pending receipt gets its lines after it was indexed: its document is written anew.
        var complete = try Fixtures.receipt(
            i: 7, date: "2024-01-10T10:00:00", total: 9_000,
            items: [
                Item(name: "ЧАЙ ЧЁРНЫЙ 100Г", price: Money(kopecks: 9_000), quantity: 1, sum: Money(kopecks: 9_000))
            ])
        complete.retailPlace = "Вкусвилл"
        #expect(try database.save(complete) == .updated)
        #expect(try database.search(SearchQuery(text: "черн")).map(\.receipt.id) == [2])
        #expect(try database.search(SearchQuery(text: "вкусв")).map(\.receipt.id) == [2])

        // One not indexed yet is indexed with the rest, once.
        try database.save([try Fixtures.receipt(i: 3)])
        var changed = try Fixtures.receipt(i: 3)
        changed.items[0].name = "КЕФИР 1%"
        #expect(try database.save(changed) == .updated)
        #expect(try database.search(SearchQuery(text: "кефир")).map(\.receipt.id) == [3])
        #expect(try database.search(SearchQuery(text: "молоко")).map(\.receipt.id) == [1])
        try database.updateSearchIndex()
        let documents = try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipt_search") }
        #expect(documents == 3)
    }

    @Test("text is stored as given: empty strings stay empty, not null; long receipts keep their line order")
    func rowsAsGiven() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        var receipt = try Fixtures.receipt(
            i: 5,
            items: (0..<41).map { index in
                Item(
                    name: index == 0 ? "" : "ТОВАР \(index) 😀", price: Money(kopecks: 100), quantity: 1,
                    sum: Money(kopecks: 100), unit: index % 2 == 0 ? "" : nil)
            })
        receipt.total = Money(kopecks: 4_100)
        receipt.seller = ""
        try database.save(receipt)
        #expect(try database.receipt(receipt.identity) == receipt)
        let empty = try database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM items WHERE name = '' AND unit = ''")
        }
        #expect(empty == 1)
    }
}
