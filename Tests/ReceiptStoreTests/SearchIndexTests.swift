import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("The search index and the rows written for it", .timeLimit(.minutes(20)))
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
        #expect(try Set(Self.postings(database).map(\.document)) == [1, 2, 3])
        #expect(try Self.postings(database) == Self.rebuiltPostings(database))
    }

    /// One word of one document in the index.
    struct Posting: Hashable, Comparable {
        let term: String
        let document: Int64
        let column: String
        let offset: Int

        static func < (a: Posting, b: Posting) -> Bool {
            (a.term, a.document, a.column, a.offset) < (b.term, b.document, b.column, b.offset)
        }
    }

    /// Every word the index holds, read through `fts5vocab`: a document deleted with the wrong
    /// text would leave words behind here.
    static func postings(_ database: ReceiptDatabase) throws -> [Posting] {
        try database.write { db in
            try db.execute(
                sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.postings USING fts5vocab(main, receipt_search, instance)")
            return try Row.fetchAll(db, sql: "SELECT term, doc, col, offset FROM temp.postings").map { row in
                Posting(term: row[0], document: row[1], column: row[2], offset: row[3])
            }.sorted()
        }
    }

    /// The words of an index built anew from the rows as they are now.
    static func rebuiltPostings(_ database: ReceiptDatabase) throws -> [Posting] {
        try database.write { db in
            try db.execute(sql: "INSERT INTO receipt_search (receipt_search) VALUES ('delete-all')")
            try db.execute(sql: "UPDATE search_state SET indexed_through = 0")
        }
        try database.updateSearchIndex()
        return try postings(database)
    }

    @Test("after any mix of new, re-saved and moved receipts and renamed places the index equals one built anew")
    func indexFollowsEveryChange() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        var random = SystemRandomNumberGenerator()
        let names = ["МОЛОКО ПАСТ.3,2% 930МЛ", "Хлеб «Бородинский»", "КЕФИР 1%", "Café Crème", "ЧАЙ ЧЁРНЫЙ", "йогурт"]
        let shops = ["Лента", "Пятёрочка", "ВкусВилл", "Магнит у дома"]
        func place(_ index: Int) throws -> Place {
            Place(
                id: "place-\(index % 3)", name: shops.randomElement(using: &random) ?? "",
                coordinate: try Coordinate(latitude: 59.9, longitude: 30.3),
                category: [.groceries, .cafes].randomElement(using: &random) ?? .groceries,
                address: ["Невский пр., 1", "Садовая ул., 2"].randomElement(using: &random) ?? "")
        }
        func receipt(_ i: Int64) throws -> Receipt {
            let count = Int.random(in: 0...4, using: &random)
            var receipt = try Fixtures.receipt(
                i: i, total: Int64(count) * 100,
                items: (0..<count).map { _ in
                    Item(
                        name: names.randomElement(using: &random) ?? "", price: Money(kopecks: 100), quantity: 1,
                        sum: Money(kopecks: 100))
                })
            receipt.retailPlace = Bool.random(using: &random) ? shops.randomElement(using: &random) : nil
            receipt.placeID = Bool.random(using: &random) ? "place-\(Int.random(in: 0..<3, using: &random))" : nil
            return receipt
        }
        try database.save((0..<3).map(place))
        for step in 0..<60 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: try database.save([try receipt(Int64.random(in: 1...30, using: &random))])
            case 1:
                try database.save(
                    [
                        SyncPage(
                            receipts: try (0..<3).map { _ in try receipt(Int64.random(in: 1...30, using: &random)) },
                            places: [try place(step)])
                    ],
                    position: SyncPosition(source: "test", since: Int64(step)))
            case 2: try database.save([try place(step)])
            default: try database.updateSearchIndex()
            }
        }
        try database.updateSearchIndex()
        let kept = try Self.postings(database)
        #expect(!kept.isEmpty)
        #expect(kept == (try Self.rebuiltPostings(database)))
    }

    @Test("another process writing between the pass's snapshot and its transaction: the documents are built again")
    func anotherProcessBetween() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        let other = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save([try Fixtures.receipt(i: 1), try Fixtures.receipt(i: 2)])
        try database.updateSearchIndex()
        try database.save(try Fixtures.receipt(i: 3))
        var changed = try Fixtures.receipt(i: 3)
        changed.items[0].name = "КЕФИР 1%"
        try database.updateSearchIndex(afterSnapshot: {
            #expect(try other.save(changed) == .updated)
            try other.save(try Fixtures.receipt(i: 4))
        })
        #expect(try database.search(SearchQuery(text: "кефир")).map(\.receipt.id) == [3])
        #expect(try Self.postings(database) == Self.rebuiltPostings(database))
    }

    @Test(
        "an index whose words were cut otherwise (another Swift's Unicode tables) is built anew before it is written to"
    )
    func otherWordCutting() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save([try Fixtures.receipt(i: 1), try Fixtures.receipt(i: 2)])
        try database.updateSearchIndex()
        // As another cutting would have left it: a document whose text this one cannot give again.
        try database.write { db in
            try db.execute(sql: "INSERT INTO receipt_search (rowid, items, shop) VALUES (2, ' молокоо', '')")
            try db.execute(sql: "UPDATE search_state SET words = '0:older'")
        }
        var changed = try Fixtures.receipt(i: 2)
        changed.items[0].name = "КЕФИР 1%"
        #expect(try database.save(changed) == .updated)
        #expect(try Self.postings(database).isEmpty)
        #expect(try database.search(SearchQuery(text: "молокоо")).isEmpty)
        #expect(try database.search(SearchQuery(text: "кефир")).map(\.receipt.id) == [2])
        #expect(try database.search(SearchQuery(text: "молоко")).map(\.receipt.id) == [1])
        #expect(try Self.postings(database) == Self.rebuiltPostings(database))

        // A search alone rebuilds it too.
        try database.write { db in try db.execute(sql: "UPDATE search_state SET words = '0:older'") }
        #expect(try database.search(SearchQuery(text: "кефир")).map(\.receipt.id) == [2])
        let words = try database.read { db in try String.fetchOne(db, sql: "SELECT words FROM search_state") }
        #expect(words == SearchText.wordsFingerprint)
    }

    @Test("words: letters and digits, lower case, ё as е, Latin without diacritics, composed or not")
    func words() {
        #expect(SearchText.words("МОЛОКО ПАСТ.3,2% 930МЛ") == ["молоко", "паст", "3", "2", "930мл"])
        #expect(SearchText.words("Хлеб «Бородинский»—№5") == ["хлеб", "бородинский", "5"])
        #expect(SearchText.words("ЁЖ Е\u{308}ЛКА и\u{306}огурт Й") == ["еж", "елка", "йогурт", "й"])
        #expect(SearchText.words("Café CRÈME e\u{301}clair Straße ÆØ") == ["cafe", "creme", "eclair", "straße", "æø"])
        #expect(SearchText.words("ТОВАР_1 😀 中文 ½") == ["товар", "1", "中文", "½"])
        #expect(SearchText.words(" \n\t—") == [])
    }

    @Test("the index cuts documents into exactly the words search looks for")
    func indexWordsAreSearchWords() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        var receipt = try Fixtures.receipt(
            i: 1,
            items: ["МОЛОКО ПАСТ.3,2% 930МЛ", "Хлеб «Бородинский»—№5", "Café CRÈME e\u{301}clair", "ТОВАР_1 😀 ½"].map {
                Item(name: $0, price: Money(kopecks: 100), quantity: 1, sum: Money(kopecks: 100))
            })
        receipt.total = Money(kopecks: 400)
        try database.save(receipt)
        try database.updateSearchIndex()
        let indexed = try Self.postings(database).filter { $0.column == "items" }.sorted { $0.offset < $1.offset }
        #expect(indexed.map(\.term) == receipt.items.flatMap { SearchText.words($0.name) })
        for word in ["паст", "бородин", "cafe", "eclair", "½", "930м"] {
            #expect(try database.search(SearchQuery(text: word)).map(\.receipt.id) == [1], "\(word)")
        }
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
