import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("A line with a GTIN is that product, whatever its name", .timeLimit(.minutes(20)))
struct GTINProductsTests {
    static func milk(i: Int64, inn: String, name: String, gtin: String?, price: Int64) throws -> Receipt {
        try PurchaseCountingTests.receipt(
            fn: "7380440801990956", i: i, date: "2025-03-0\(i)T10:00:00", total: price, inn: inn,
            lines: [(name, price, .fullPayment)]
        ).with { $0.items[0].gtin = gtin }
    }

    @Test("the same milk printed two ways at two chains has one price history")
    func oneProduct() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"), rules: PurchaseCountingTests.Rules())
        // Пятёрочка prints the real line's name and EAN-13; Магнит its own name, the same code as a GTIN-14.
        try database.save(
            try Self.milk(
                i: 1, inn: "7825706086", name: "ЧЕБАРКУЛЬ Мол.ОТБ.3,8% м/у 1л", gtin: "04607036340658", price: 7_999))
        try database.save(
            try Self.milk(
                i: 2, inn: "2310031475", name: "Молоко Чебаркуль отборное 3,8% 1 л", gtin: "04607036340658",
                price: 8_499))
        let months = try database.productMonths()
        // Both lines under the first name's key: 79.99 and 84.99 a litre, median 82.49 (8249).
        #expect(months.map { "\($0.product.name) \($0.purchases) \($0.median)" } == ["чебаркуль мол отб 3,8% у 2 8249"])
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test(
        "a name once printed with a GTIN is that product on lines without it, those before included; a wrong code is no product"
    )
    func printedWithCode() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"), rules: PurchaseCountingTests.Rules())
        // A spread of no product kind (no family joins these names): Магнит's form on 1 March has no
        // code yet, and 4607036340659 on 4 March fails its check digit (no code either).
        let magnit = "Паста ореховая NUTELLA с какао 350г"
        try database.save(try Self.milk(i: 1, inn: "2310031475", name: magnit, gtin: nil, price: 32_999))
        #expect(Set(try database.productMonths().map(\.product.name)) == ["паста ореховая nutella с какао"])
        // Пятёрочка prints its own name with the code first; Магнит prints its form with the code next.
        try database.save(
            try Self.milk(
                i: 2, inn: "7825706086", name: "NUTELLA Паста орех.350г", gtin: "4008400401621", price: 30_999))
        try database.save(try Self.milk(i: 3, inn: "2310031475", name: magnit, gtin: "4008400401621", price: 31_999))
        try database.save(try Self.milk(i: 4, inn: "2310031475", name: magnit, gtin: "4008400401629", price: 33_999))
        let months = try database.productMonths()
        // One product, the code's first name: 309.99, 319.99, 329.99 and 339.99 for 350 g are 885.69,
        // 914.26, 942.83 and 971.40 a kilogram (30999 / 0.35 = 88568.57 → 88569, 31999 / 0.35 =
        // 91425.71 → 91426, 32999 / 0.35 = 94282.86 → 94283, 33999 / 0.35 = 97140); the median of
        // four is the mean of the middle two, (91426 + 94283 + 1) / 2 = 92855.
        #expect(months.map { "\($0.product.name) \($0.purchases) \($0.median)" } == ["nutella паста орех 4 92855"])
        // Magnit's words find it, and the form most lines printed heads it.
        #expect(try database.productMonths(matching: "ореховая").map(\.product.display) == [magnit])
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test(
        "one milk printed two ways at two chains without codes is one product, found by either's words; «паст 2,5%» is any milk"
    )
    func family() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("r.sqlite")
        var database: ReceiptDatabase? = try ReceiptDatabase.open(at: path, rules: PurchaseCountingTests.Rules())
        let lines = [
            ("7825706086", "3173204 ПРОСТ.Мол.ул/паст.3,2% 950мл", 8_999),
            ("2310031475", "Молоко ПРОСТОКВАШИНО у/паст. 3,2% 950мл", 9_499),
            ("7825706086", "МОЛОКО ПАСТ 2,5% 1Л", 6_999), ("2310031475", "Молоко пастеризованное 2,5% 1500г.", 10_999),
        ]
        for (place, line) in lines.enumerated() {
            try database?.save(
                try Self.milk(i: Int64(place + 1), inn: line.0, name: line.1, gtin: nil, price: Int64(line.2)))
        }
        // Простоквашино: 89.99 and 94.99 for 950 ml are 94.73 and 99.99 a litre (8999 / 0.95 =
        // 9472.63 → 9473, 9499 / 0.95 = 9998.95 → 9999), median (9473 + 9999 + 1) / 2 = 9736. The other
        // two stay apart: 69.99 a litre, and 109.99 for 1500 g taken as 1.5 l, 73.33 (7332.67 → 7333).
        let expected = [
            "молоко паст 2,5% 1 6999", "молоко пастеризованное 2,5% 1 7333", "прост мол ул паст 3,2% 2 9736",
        ]
        let read = { (database: ReceiptDatabase?) in
            try (database?.productMonths() ?? []).map { "\($0.product.name) \($0.purchases) \($0.median)" }.sorted()
        }
        #expect(try read(database) == expected)
        #expect(try database?.productMonths(matching: "простоквашино").map(\.purchases) == [2])
        #expect(try database?.verifyTotals().isEmpty == true)
        // Another reading of kinds decides every product anew, on opening, to the same.
        try database?.write { db in
            try db.execute(sql: "UPDATE item_names SET product_id = NULL; DELETE FROM product_families")
            try db.execute(sql: "UPDATE unit_price_state SET version = 0")
        }
        database = nil
        database = try ReceiptDatabase.open(at: path, rules: PurchaseCountingTests.Rules())
        #expect(try read(database) == expected)
        #expect(try database?.verifyTotals().isEmpty == true)
    }

    @Test("a product is headed by the form most of its lines printed, the till's code and padding gone")
    func mostPrinted() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"), rules: PurchaseCountingTests.Rules())
        // The first line names the product (its key); the two after it print Магнит's form, once with
        // the till's code and padding before it.
        let names = [
            "ЧЕБАРКУЛЬ Мол.ОТБ.3,8% м/у 1л", "Молоко Чебаркуль отборное 3,8% 1 л",
            "  4607036340658 Молоко Чебаркуль отборное 3,8% 1 л",
        ]
        for (place, name) in names.enumerated() {
            try database.save(
                try Self.milk(
                    i: Int64(place + 1), inn: place == 0 ? "7825706086" : "2310031475", name: name,
                    gtin: "04607036340658", price: 8_499))
        }
        let months = try database.productMonths()
        // One product, three lines: two of them read «Молоко Чебаркуль отборное 3,8% 1 л», one the key's form.
        #expect(months.map(\.product.name) == ["чебаркуль мол отб 3,8% у"])
        #expect(months.map(\.product.display) == ["Молоко Чебаркуль отборное 3,8% 1 л"])
        // Without headings asked for (inflation names no product), the form first printed.
        #expect(try database.productMonths(headings: false).map(\.product.display) == [names[0]])
        // The SQL that checks the kept rows counts the same forms.
        #expect(try database.verifyTotals().isEmpty)
    }
}

extension Receipt {
    /// The receipt with a change made to it.
    fileprivate func with(_ change: (inout Receipt) -> Void) -> Receipt {
        var receipt = self
        change(&receipt)
        return receipt
    }
}
