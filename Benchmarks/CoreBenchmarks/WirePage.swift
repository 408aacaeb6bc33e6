import BenchmarkSupport
import Foundation
import ReceiptAPI
import ReceiptCore

/// A change-feed page of 50 receipts as the server writes it: 5–15 lines each with names as
/// thermal printers abbreviate them, weighed goods, VAT codes, most with a place.
func wirePage(receipts count: Int) throws -> Data {
    var random = SeededRandom(seed: 0xFEED)
    func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    let names = [
        "МОЛОКО ПАСТ.3,2% 930МЛ", "БАНАНЫ ВЕС", "ХЛЕБ БОРОДИНСКИЙ 400Г", "СЫР РОССИЙСКИЙ 50% ВЕС", "ЯЙЦО С1 10ШТ",
        "КОФЕ JACOBS MONARCH 95Г", "ПАКЕТ МАЙКА", "ВОДА СВЯТОЙ ИСТОЧНИК 1,5Л", "ТОМАТЫ ЧЕРРИ 250Г", "*ГРЕЧА 900Г",
    ]
    let shops = [
        ("Пятёрочка", "ООО \"АГРОТОРГ\""), ("Перекрёсток", "АО \"ТД ПЕРЕКРЕСТОК\""), ("ВкусВилл", "ООО \"ВКУСВИЛЛ\""),
    ]
    var envelopes: [ReceiptEnvelope] = []
    for index in 0..<count {
        let lines = (0..<(5 + below(11))).map { _ in
            let weighed = below(4) == 0
            let price = Int64(4_990 + below(90_000))
            let quantity = weighed ? Double(100 + below(1_900)) / 1000 : Double(1 + below(3))
            return FiscalDocument.Line(
                name: names[below(names.count)], price: price, quantity: quantity,
                sum: Int64((Double(price) * quantity).rounded()), nds: [1, 2, 6][below(3)], paymentType: 4,
                productType: 1)
        }
        let shop = shops[below(shops.count)]
        var document = FiscalDocument(
            Receipt(
                identity: try FiscalIdentity(
                    fn: "92514403000\(10_000 + below(80_000))", i: Int64(1 + below(200_000)),
                    fp: Int64(1 + below(4_000_000_000))),
                dateTime: try LocalDateTime(iso: "2025-0\(1 + below(9))-1\(below(10))T1\(below(10)):2\(below(10)):00"),
                operation: .sale, total: Money(kopecks: 0)))
        document.items = lines
        document.totalSum = lines.reduce(0) { $0 + $1.sum }
        document.ecashTotalSum = document.totalSum
        document.user = shop.1
        document.userInn = "7825706086  "
        document.retailPlace = shop.0
        document.retailPlaceAddress = "г. Москва, ул. Тверская, д. \(1 + below(40))"
        document.kktRegId = "00012345678\(10_000 + below(80_000))"
        let place = Place(
            id: "shop-\(below(500))", name: shop.0,
            coordinate: Coordinate(clampingLatitude: 55.7 + Double(below(1000)) / 10_000, longitude: 37.6),
            category: .groceries, address: document.retailPlaceAddress ?? "")
        envelopes.append(
            ReceiptEnvelope(
                id: Int64(index + 1), status: .complete, sequence: Int64(index + 1),
                place: below(5) == 0 ? nil : PlaceEntry(place), document: document))
    }
    return Data(JSONWriter.write(ReceiptChangesPage(receipts: envelopes, nextSince: Int64(count), hasMore: true)))
}
