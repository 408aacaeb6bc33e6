import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("Migration v12: receipts stored before they were counted once and reconciled", .timeLimit(.minutes(20)))
struct PurchaseMigrationTests {
    @Test("receipts of an older file are classified from what was kept, their lines reconciled, the totals rebuilt")
    func migrates() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("old.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: "v11-unit-prices")
            try queue.write { db in
                // As v11 wrote them: a petrol receipt whose line (2,200.01) exceeds its total
                // (2,200.00), a prepayment (its line «предоплата 100 %», paymentType 1), a refund.
                try db.execute(
                    sql: """
                        INSERT INTO receipts (id, fn, fd, fp, date_time, month, operation, total, ecash, seller_inn, status)
                        VALUES (1, '7380440800799694', 38496, 44837143, '2024-12-26T09:27:00', '2024-12', 1, 220000, 220000, '5406323202', 'complete'),
                               (2, '7380440801033258', 215785, 2905316734, '2024-12-29T17:39:00', '2024-12', 1, 58600, 58600, '7704217370', 'complete'),
                               (3, '7380440801033258', 215790, 2905316735, '2024-12-30T10:00:00', '2024-12', 2, 10000, 10000, '7704217370', 'complete');
                        INSERT INTO items (receipt_id, position, name, price, quantity, sum, payment_type, category)
                        VALUES (1, 0, 'АИ-92-К5(СБЕР) ТРК 12', 5250, 41.905, 220001, 4, 'fuel'),
                               (2, 0, 'IKEA UPPFYLLD картофелечистка', 29300, 2, 58600, 1, 'household'),
                               (3, 0, 'Пакет', 10000, 1, 10000, 4, 'household');
                        INSERT INTO month_totals (month, total, receipts, items) VALUES ('2024-12', 268600, 3, 3);
                        INSERT INTO category_state (id, rules) VALUES (1, 'purchase-counting-tests');
                        INSERT INTO month_category_totals (month, category, total, receipts, items)
                        VALUES ('2024-12', 'fuel', 220001, 1, 1), ('2024-12', 'uncategorized', -1, 1, 0),
                               ('2024-12', 'household', 48600, 2, 2);
                        """)
            }
        }
        // Opened as a command opens it, with rules: the totals are rebuilt on opening.
        let database = try ReceiptDatabase.open(at: path, rules: PurchaseCountingTests.Rules())
        let rows = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT kind, counted FROM receipts ORDER BY id").map {
                "\($0["kind"] as String) \($0["counted"] as Int64)"
            }
        }
        #expect(rows == ["purchase 220000", "prepayment 58600", "purchaseReturn -10000"])
        // 2,200.00 + 586.00 − 100.00 = 2,686.00; fuel holds the petrol receipt's 2,200.00 and no
        // kopeck is taken from «Без категории»; household 586.00 − 100.00.
        let categories = try database.categoryTotals().map { "\($0.category.rawValue) \($0.total.kopecks)" }.sorted()
        #expect(categories == ["fuel 220000", "household 48600"])
        #expect(try database.monthTotals().map(\.total) == [Money(kopecks: 268_600)])
        #expect(try database.verifyTotals().isEmpty)
        // Sums it never read stay zero until the same document is imported again.
        #expect(try database.receipt(id: 2)?.receipt.prepaid == .zero)
        // Each receipt has its shop, named by ShopName: the seller 5406323202 prints no name.
        let shops = try database.shops().map { "\($0.sellerINN) \($0.receipts)" }.sorted()
        #expect(shops == ["5406323202 1", "7704217370 2"])
    }
}

@Suite("Names read anew when ItemName reads them otherwise", .timeLimit(.minutes(20)))
struct NameRekeyTests {
    /// Each line's key and the choice it has (`-`: none), in the order of the lines.
    static func keys(_ database: ReceiptDatabase) throws -> [String] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT n.key, n.chosen FROM items i JOIN item_names n ON n.id = i.name_id ORDER BY i.position"
            ).map { "\($0["key"] as String) \($0["chosen"] as String? ?? "-")" }
        }
    }

    @Test("lines saved under an older key get today's, and a choice made for the old key stays with them")
    func rekeys() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        do {
            let database = try ReceiptDatabase.open(at: path, rules: PurchaseCountingTests.Rules())
            try database.save(
                try PurchaseCountingTests.receipt(
                    i: 1, date: "2025-03-01T10:00:00", total: 300_000, inn: "5406323202",
                    lines: [("АИ-92 ТРК 1", 150_000, .fullPayment), ("АИ-95 ТРК 2", 150_000, .fullPayment)]))
            // As an older version kept them: one key for both grades, chosen as fuel by the user.
            try database.write { db in
                try db.execute(sql: "UPDATE item_names SET key = 'аи', chosen = 'fuel' WHERE key = 'аи92'")
                try db.execute(sql: "UPDATE items SET name_id = (SELECT id FROM item_names WHERE key = 'аи')")
                try db.execute(sql: "DELETE FROM item_names WHERE key = 'аи95'")
                try db.execute(sql: "UPDATE category_state SET rules = 'purchase-counting-tests | names 1'")
            }
        }
        let database = try ReceiptDatabase.open(at: path, rules: PurchaseCountingTests.Rules())
        let keys = try Self.keys(database)
        #expect(keys == ["аи92 fuel", "аи95 fuel"])
        #expect(try database.verifyTotals().isEmpty)
    }
}

@Suite("Names read with the folding search shares", .timeLimit(.minutes(20)))
struct SharedFoldingRekeyTests {
    static let name = "КОФЕ NESCAFÉ GOLD 95Г"

    @Test(
        "a file keyed before names shared search's folding (é kept) is keyed anew on open: the user's choice, its undo and the unit prices follow"
    )
    func rekeysLatinDiacritics() throws {
        #expect(ItemName.key(Self.name) == "кофе nescafe gold")
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        let chosen: Int64
        let before: Category?
        do {
            let database = try ReceiptDatabase.open(at: path, rules: PurchaseCountingTests.Rules())
            try database.save(
                try PurchaseCountingTests.receipt(
                    i: 1, date: "2025-03-01T10:00:00", total: 70_000, inn: "5406323202",
                    lines: [(Self.name, 40_000, .fullPayment), ("ХЛЕБ", 30_000, .fullPayment)]))
            before = try database.lineCategories(ofReceipt: 1).first?.category
            try #require(before != .electronics)
            chosen = try database.choose(.electronics, forItemNamed: Self.name).action
            // As names version 3 kept them: the é in the key, in the journal too.
            try database.write { db in
                for (table, column) in [
                    ("item_names", "key"), ("category_action_steps", "name_key"), ("category_actions", "subject"),
                ] {
                    try db.execute(
                        sql: "UPDATE \(table) SET \(column) = 'кофе nescafé gold' WHERE \(column) = 'кофе nescafe gold'"
                    )
                }
                try db.execute(sql: "UPDATE category_state SET rules = 'purchase-counting-tests | names 3'")
            }
        }
        let database = try ReceiptDatabase.open(at: path, rules: PurchaseCountingTests.Rules())
        let keys = try NameRekeyTests.keys(database)
        #expect(keys == ["кофе nescafe gold electronics", "хлеб -"])
        #expect(try database.lineCategories(ofReceipt: 1).map(\.category) == [.electronics, .groceries])
        #expect(try database.verifyTotals().isEmpty)
        // Unit prices are the product of the new key.
        let coffee = try database.productMonths(matching: "nescafe")
        #expect(coffee.count == 1 && coffee.first?.purchases == 1)

        // Undoing the choice made under the old key moves the line back.
        let undone = try #require(try database.undoCategoryAction())
        #expect(undone.id == chosen && undone.itemsMoved > 0 && undone.subject == "кофе nescafe gold")
        let after = try database.lineCategories(ofReceipt: 1)
        #expect(after.first?.category == before, "\(after) \(String(describing: before))")
        #expect(try database.verifyTotals().isEmpty)
    }
}
