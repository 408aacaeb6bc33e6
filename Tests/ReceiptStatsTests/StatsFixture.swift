import Foundation
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting

/// A small purchase history whose totals were worked out by hand (see ``MonthlyTotalsTests``).
enum StatsFixture {
    static let grocery = Place(
        id: "shop-1", name: "Пятёрочка", coordinate: Coordinate(clampingLatitude: 55.75, longitude: 37.61),
        category: .groceries, address: "ул. Тверская, 1")
    static let pharmacy = Place(
        id: "shop-2", name: "Ригла", coordinate: Coordinate(clampingLatitude: 55.76, longitude: 37.62),
        category: .health, address: "ул. Тверская, 2")

    static func item(_ name: String, _ sum: Int64, quantity: Double = 1) -> Item {
        Item(name: name, price: Money(kopecks: sum), quantity: quantity, sum: Money(kopecks: sum))
    }

    static func receipt(
        _ i: Int64, _ date: String, total: Int64, operation: OperationType = .sale, place: Place? = nil,
        items: [Item], status: Receipt.Status = .complete
    ) throws -> Receipt {
        Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: i, fp: 1_000_000 + i),
            dateTime: try LocalDateTime(iso: date), operation: operation, total: Money(kopecks: total),
            retailPlace: place?.name, items: items, status: status, placeID: place?.id)
    }

    /// January: one receipt at the grocery, late on the 31st. February: the pharmacy just after
    /// midnight, a refund at the grocery, a receipt without a shop whose lines miss 5 roubles, and a
    /// pending receipt known only from its QR code.
    static func receipts() throws -> [Receipt] {
        [
            try receipt(
                1, "2026-01-31T23:59:00", total: 52_385, place: grocery,
                items: [
                    item("МОЛОКО ПАСТ.3,2% 930МЛ", 8_999), item("БАНАНЫ ВЕС", 18_486, quantity: 1.234),
                    item("СИГАРЕТЫ С ФИЛЬТРОМ", 19_900), item("ЗАГАДОЧНЫЙ ТОВАР", 5_000),
                ]),
            try receipt(
                2, "2026-02-01T00:00:00", total: 15_000, place: pharmacy,
                items: [item("ИБУПРОФЕН ТАБ.200МГ N50", 12_000), item("НЕПОНЯТНОЕ", 3_000)]),
            try receipt(
                3, "2026-02-05T12:00:00", total: 8_999, operation: .saleRefund, place: grocery,
                items: [item("*Молоко паст. 3,2% 930 мл", 8_999)]),
            try receipt(4, "2026-02-10T10:00:00", total: 1_500, items: [item("ЧТО-ТО СТРАННОЕ", 1_000)]),
            try receipt(5, "2026-02-11T10:00:00", total: 10_000, items: [], status: .pending),
        ]
    }

    /// A database in a fresh folder with the shipped rules, holding the fixture.
    static func database(in folder: TemporaryFolder, rules: (any CategoryRules)? = nil) throws -> ReceiptDatabase {
        let database = try ReceiptDatabase.open(
            at: folder.file("receipts.sqlite"), rules: rules ?? CategoryRuleSet.standard(configFolder: nil))
        try database.save([grocery, pharmacy])
        try database.save(receipts())
        return database
    }
}
