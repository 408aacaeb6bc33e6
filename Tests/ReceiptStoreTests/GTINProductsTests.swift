import Foundation
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("A line with a GTIN is that product, whatever its name")
struct GTINProductsTests {
    static func milk(i: Int64, inn: String, name: String, gtin: String?, price: Int64) throws -> Receipt {
        try PurchaseCountingTests.receipt(
            fn: "7380440801990956", i: i, date: "2025-03-0\(i)T10:00:00", total: price, inn: inn,
            lines: [(name, price, .fullPayment)]
        ).with { $0.items[0].gtin = gtin }
    }

    @Test("the same milk printed two ways at two chains has one price history; a wrong code is no product")
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
        // 4607036340659 fails its check digit: the line is its name's product.
        try database.save(
            try Self.milk(
                i: 3, inn: "2310031475", name: "Молоко Чебаркуль отборное 3,8% 1 л", gtin: "4607036340659", price: 8_599
            ))
        let months = try database.productMonths()
        // Both valid lines under the first name's key: 79.99 and 84.99 a litre, median 82.49 (8249).
        #expect(
            months.map { "\($0.product.name) \($0.purchases) \($0.median)" }.sorted() == [
                "молоко чебаркуль отборное 3,8% 1 8599", "чебаркуль мол отб 3,8% у 2 8249",
            ])
        #expect(try database.verifyTotals().isEmpty)
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
