import Foundation
import GRDB
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStore

@Suite("Shops: one identity, one name, the user's choice wins", .timeLimit(.minutes(20)))
struct ShopsTests {
    /// A METRO receipt as METRO prints it: the shop name is a store code.
    static func metro(i: Int64, date: String, address: String = "г. Новосибирск, ул. Светлановская, 50") throws
        -> Receipt
    {
        Receipt(
            identity: try FiscalIdentity(fn: "7380440700365371", i: i, fp: 410_250_735 + i),
            dateTime: try LocalDateTime(iso: date), operation: .sale, total: Money(kopecks: 10_700),
            ecash: Money(kopecks: 10_700), seller: "ООО \"МЕТРО Кэш энд Керри\"", sellerINN: "7704218694",
            retailPlace: "ТЦ 1060", address: address,
            items: [
                Item(
                    name: "0,449Л ЭН НАП BURN ПЕРСИК/МАНГО Б/САХАРА Ж/Б", price: Money(kopecks: 10_700), quantity: 1,
                    sum: Money(kopecks: 10_700))
            ])
    }

    @Test("a store code gives way to the chain's brand, in the list, the totals, the search and the shops")
    func brandEverywhere() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save([
            try Self.metro(i: 1, date: "2024-12-24T08:11:00"), try Self.metro(i: 2, date: "2024-12-26T09:00:00"),
        ])
        #expect(try database.listing(from: nil, through: nil).first?.receipts.map(\.shop) == ["METRO", "METRO"])
        #expect(try database.shopTotals().map(\.shop) == ["METRO"])
        #expect(try database.search(SearchQuery(text: "metro")).count == 2)
        let shops = try database.shops()
        #expect(shops.map(\.name) == ["METRO"] && shops.first?.receipts == 2)
        #expect(shops.first?.spending == Money(kopecks: 21_400))
    }

    @Test("a name the user gives shows everywhere, and going back restores the receipts' own")
    func rename() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save(try Self.metro(i: 1, date: "2024-12-24T08:11:00"))
        let id = try #require(try database.shops().first?.id)
        #expect(try database.renameShop(id, to: "МЕТРО на Светлановской")?.name == "МЕТРО на Светлановской")
        #expect(try database.listing(from: nil, through: nil).first?.receipts.first?.shop == "МЕТРО на Светлановской")
        #expect(try database.shopTotals().map(\.shop) == ["МЕТРО на Светлановской"])
        #expect(try database.search(SearchQuery(text: "светлановской")).count == 1)
        #expect(try database.verifyTotals().isEmpty)
        // A new receipt of the same shop takes the name too.
        try database.save(try Self.metro(i: 2, date: "2024-12-26T09:00:00"))
        #expect(try database.shopTotals().first?.receipts == 2)
        #expect(try database.renameShop(id, to: nil)?.name == "METRO")
        // The name is gone from the search documents too (the address says «Светлановская»).
        #expect(try database.search(SearchQuery(text: "светлановской")).isEmpty)
        #expect(try database.renameShop(999, to: "x") == nil)
    }

    @Test("two shops merged are one: their receipts, totals and later receipts")
    func merge() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        try database.save(try Self.metro(i: 1, date: "2024-12-24T08:11:00"))
        try database.save(
            try Self.metro(i: 2, date: "2024-12-25T08:11:00", address: "г. Новосибирск, Светлановская 50"))
        let ids = try database.shops().map(\.id).sorted()
        #expect(ids.count == 2)
        #expect(
            try database.mergeShops([ids[1]], into: ids[0]) == .success(try #require(try database.shop(id: ids[0]))))
        #expect(try database.shops().map(\.receipts) == [2])
        // The merged shop's identity sends later receipts to the one it went into.
        try database.save(
            try Self.metro(i: 3, date: "2024-12-27T08:11:00", address: "г. Новосибирск, Светлановская 50"))
        #expect(try database.shops().map(\.receipts) == [3])
        #expect(try database.mergeShops([ids[0]], into: ids[0]) == .failure(.mergedIntoItself(ids[0])))
        #expect(try database.mergeShops([77], into: ids[0]) == .failure(.noShop(77)))
        #expect(try database.verifyTotals().isEmpty)
    }

    @Test("a merge undone: the shop, its receipts and its later ones are its own again, and the totals agree")
    func unmerge() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        let other = "г. Новосибирск, Светлановская 50"
        try database.save(try Self.metro(i: 1, date: "2024-12-24T08:11:00"))
        try database.save(try Self.metro(i: 2, date: "2024-12-25T08:11:00", address: other))
        let ids = try database.shops().map(\.id).sorted()
        let before = try database.shops()
        _ = try database.mergeShops([ids[1]], into: ids[0])
        // A receipt of the merged shop's address after the merge goes to the merged shop …
        try database.save(try Self.metro(i: 3, date: "2024-12-27T08:11:00", address: other))
        #expect(try database.shops().map(\.receipts) == [3])
        // … and back with it when the merge is undone: two receipts at each address.
        let restored = try database.unmergeShop(ids[1]).get()
        #expect(restored.id == ids[1] && restored.receipts == 2)
        #expect(try database.shop(id: ids[0])?.receipts == 1)
        #expect(Set(try database.shops().map(\.id)) == Set(before.map(\.id)))
        // Later receipts keep to their own shop again.
        try database.save(try Self.metro(i: 4, date: "2024-12-28T08:11:00", address: other))
        #expect(try database.shop(id: ids[1])?.receipts == 3)
        #expect(try database.verifyTotals().isEmpty)
        #expect(try database.unmergeShop(ids[1]) == .failure(.notMerged(ids[1])))
        #expect(try database.unmergeShop(77) == .failure(.noShop(77)))
    }
}
