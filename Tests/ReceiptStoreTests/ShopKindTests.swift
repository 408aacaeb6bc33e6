import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("The shop's kind: what decides a line the rules cannot place, and a café's food", .timeLimit(.minutes(20)))
struct ShopKindTests {
    struct Rules: CategoryRules {
        var fingerprint = "shop-kind-tests"
        func category(forKey key: String) -> Category? {
            let words: [(String, Category)] = [
                ("салат", .groceries), ("пиво", .alcoholTobacco), ("кефир", .groceries), ("пакет", .groceries),
            ]
            return words.first { key.hasPrefix($0.0) }?.1
        }
    }

    static func receipt(
        i: Int64, date: String, seller: String, inn: String, place: String, lines: [(String, Int64)]
    ) throws -> Receipt {
        let total = lines.reduce(0) { $0 + $1.1 }
        return Receipt(
            identity: try FiscalIdentity(fn: "7380440801033258", i: i, fp: 2_000_000 + i),
            dateTime: try LocalDateTime(iso: date), operation: .sale, total: Money(kopecks: total),
            ecash: Money(kopecks: total), seller: seller, sellerINN: inn, retailPlace: place,
            address: "г. Новосибирск, ул. Ленина, \(i)",
            items: lines.map { name, sum in
                Item(name: name, price: Money(kopecks: sum), quantity: 1, sum: Money(kopecks: sum))
            })
    }

    /// A pharmacy known by its INN (the chains' table: Архи-Мед is «Аптека Плюс»), a café known by
    /// its name, and a supermarket, which decides nothing.
    static func receipts() throws -> [Receipt] {
        [
            try receipt(
                i: 1, date: "2024-12-20T10:00:00", seller: "ООО \"Архи-Мед\"", inn: "6312053182",
                place: "Аптека,a-plus.ru,aptekiplus.ru",
                lines: [("Пакет Геометрия 40х50 см x1", 500), ("КЕФИР 1%", 8_900)]),
            try receipt(
                i: 2, date: "2024-12-21T13:00:00", seller: "ООО \"Фастлэнд\"", inn: "7701234560",
                place: "Кафе Фастлэнд",
                lines: [("Салат из кальмаров", 18_000), ("Пиво светлое 0,5", 25_000), ("Хлеб ржаной 1/22", 300)]),
            try receipt(
                i: 3, date: "2024-12-22T18:00:00", seller: "ООО \"ЛЕНТА\"", inn: "7814148471", place: "Лента",
                lines: [("Товар", 4_200), ("САЛАТ АЙСБЕРГ", 9_900)]),
        ]
    }

    /// The totals of ``receipts()`` saved into a new file at `path`, which is closed again.
    private func savedTotals(at path: String) throws -> [Category: Int64] {
        let database = try ReceiptDatabase.open(at: path, rules: Rules())
        try database.save(try Self.receipts())
        return try totals(database)
    }

    private func totals(_ database: ReceiptDatabase) throws -> [Category: Int64] {
        Dictionary(uniqueKeysWithValues: try database.categoryTotals().map { ($0.category, $0.total.kopecks) })
    }

    @Test(
        "a pharmacy's unknown line is health, a café's salad is the café's, a supermarket's unknown line stays uncategorized"
    )
    func decides() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"), rules: Rules())
        try database.save(try Self.receipts())
        // Pharmacy: the bag (500) is groceries by the rules, but a carrier bag goes with what a
        // specialised shop sells → health; the kefir (8,900) is groceries by the rules, which a
        // pharmacy does not overrule.
        // Café: the salad (18,000) is groceries by the rules → the café's; the beer (25,000) stays
        // alcohol; the bread (300) has no rule → the café's. Cafés 18,000 + 300 = 18,300.
        // Лента: «Товар» (4,200) has no rule, and a supermarket decides nothing → uncategorized;
        // the salad (9,900) stays groceries. Groceries 8,900 + 9,900 = 18,800.
        let expected: [Category: Int64] = [
            .health: 500, .groceries: 18_800, .cafes: 18_300, .alcoholTobacco: 25_000, .uncategorized: 4_200,
        ]
        #expect(try totals(database) == expected)
        #expect(try database.verifyTotals().isEmpty)
        let kinds = try database.read { db in try String.fetchAll(db, sql: "SELECT kind FROM shops ORDER BY id") }
        #expect(kinds == ["pharmacy", "cafe", "grocery"])

        // The user's choice wins over the café: the salad moves to other, and back.
        _ = try database.choose(.other, forItemNamed: "Салат из кальмаров")
        #expect(try totals(database)[.cafes] == 300 && totals(database)[.other] == 18_000)
        _ = try database.forgetChoice(forItemNamed: "Салат из кальмаров")
        #expect(try totals(database) == expected)
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("categorizing everything anew in SQL (rules changed) decides as saving did")
    func sqlAgrees() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        let saved = try savedTotals(at: path)
        // Other rules (another fingerprint, the same categories): every line goes through the SQL.
        let reopened = try ReceiptDatabase.open(at: path, rules: Rules(fingerprint: "shop-kind-tests, edited"))
        #expect(try totals(reopened) == saved)
        #expect(try reopened.verifyTotals().isEmpty)
    }

    @Test("migration v14 gives the shops stored before it their kinds, and opening categorizes anew")
    func migration() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        do {
            let database = try ReceiptDatabase.open(at: path, rules: Rules())
            try database.save(try Self.receipts())
        }
        // As v13 left it: no kinds, and the lines categorized without them.
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(
                    sql: """
                        UPDATE shops SET kind = NULL;
                        UPDATE items SET category = 'groceries' WHERE name = 'Пакет Геометрия 40х50 см x1';
                        UPDATE items SET category = 'uncategorized' WHERE name = 'Хлеб ржаной 1/22';
                        UPDATE items SET category = 'groceries' WHERE name = 'Салат из кальмаров';
                        DELETE FROM grdb_migrations WHERE identifier = 'v14-shop-kinds';
                        ALTER TABLE shops DROP COLUMN kind;
                        """)
            }
            try queue.close()
        }
        let database = try ReceiptDatabase.open(at: path, rules: Rules())
        let kinds = try database.read { db in
            try String.fetchAll(db, sql: "SELECT COALESCE(kind, '-') FROM shops ORDER BY id")
        }
        #expect(kinds == ["pharmacy", "cafe", "grocery"])
        #expect(try totals(database)[.cafes] == 18_300 && totals(database)[.health] == 500)
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("shops are read again when what tells a kind changes, and their lines categorized anew")
    func kindsReadAgain() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        let saved = try savedTotals(at: path)
        // As a database read with an older ShopKind left it: the pharmacy a shop of no kind (its
        // bag and unknown lines groceries and uncategorized) and the café a grocery, the lines
        // categorized so, under the fingerprint of that older reading.
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(
                    sql: """
                        UPDATE shops SET kind = NULL WHERE kind = 'pharmacy';
                        UPDATE shops SET kind = 'grocery' WHERE kind = 'cafe';
                        UPDATE items SET category = 'groceries' WHERE name IN ('Пакет Геометрия 40х50 см x1', 'Салат из кальмаров');
                        UPDATE items SET category = 'uncategorized' WHERE name = 'Хлеб ржаной 1/22';
                        UPDATE category_state SET rules = replace(rules, ' | shops \(ShopKind.rulesVersion)', ' | shops 1');
                        """)
            }
            try queue.close()
        }
        let database = try ReceiptDatabase.open(at: path, rules: Rules())
        let kinds = try database.read { db in try String.fetchAll(db, sql: "SELECT kind FROM shops ORDER BY id") }
        #expect(kinds == ["pharmacy", "cafe", "grocery"])
        // Health 500, cafés 18,300 as saving gave them (see `decides`).
        #expect(try totals(database) == saved)
        #expect(try database.verifyTotals().isEmpty)
    }
}
