import Foundation
import PlaceSearch
import ReceiptAPI
import ReceiptCore

/// What the demo seeds: places over Moscow, the demo account's receipts, and fiscal documents the
/// server knows but no account holds yet (adding one of those by QR gives a complete receipt).
struct DemoData {
    struct StoredReceipt {
        let document: FiscalDocument
        let status: Receipt.Status
        let placeID: String?
    }

    var places: [Place] = []
    var receipts: [StoredReceipt] = []
    var unclaimed: [(document: FiscalDocument, placeID: String)] = []

    private struct Register {
        let place: Place
        let chain: DemoCatalogue.Chain
        let fn: String
        let registration: String
        let inn: String
        var nextDocument: Int64
    }

    /// The demo for a seed: two years of receipts ending on `until` (about 40 a month unless
    /// `receiptCount` says how many in all).
    static func generate(seed: UInt64, until: LocalDateTime, receiptCount: Int?) throws -> DemoData {
        var random = SeededRandom(seed: seed)
        var data = DemoData()
        var registers: [Register] = []
        var inns: [String: String] = [:]
        for (chainIndex, chain) in DemoCatalogue.chains.enumerated() {
            let inn = inns[chain.seller] ?? ("77" + random.digits(8))
            inns[chain.seller] = inn
            for outlet in 0..<chain.outlets {
                let place = makePlace(chain: chain, id: "c\(chainIndex)-\(outlet + 1)", random: &random)
                data.places.append(place)
                registers.append(
                    Register(
                        place: place, chain: chain, fn: "92" + random.digits(14),
                        registration: "000" + random.digits(13),
                        inn: inn, nextDocument: Int64(random.int(1_000...90_000))))
            }
        }

        // The shopper's own shops: a few dozen near home and work, visited again and again.
        let home = try Coordinate(latitude: 55.69, longitude: 37.53)
        var regulars: [Int] = []
        for category in Category.allCases {
            let nearest = registers.indices.filter { registers[$0].chain.category == category }
                .sorted {
                    GreatCircle.distance(home, registers[$0].place.coordinate)
                        < GreatCircle.distance(home, registers[$1].place.coordinate)
                }
            regulars += nearest.prefix(category == .groceries ? 14 : 4)
        }

        let months = (0..<24).reversed().compactMap { until.yearMonth.advanced(by: -$0) }
        var sales: [FiscalDocument] = []
        for (index, month) in months.enumerated() {
            var count = random.int(32...48)
            if let receiptCount {
                // Spread exactly `receiptCount` over the months: each gets its share of what is left.
                let done = receiptCount * index / months.count
                count = receiptCount * (index + 1) / months.count - done
            }
            let lastDay = month == until.yearMonth ? until.day : month.dayCount
            let untilMinute = until.hour * 60 + until.minute
            var moments = (0..<count).map { _ in
                var day = random.int(1...lastDay)
                var minute = random.int(8 * 60...22 * 60 + 59)
                // Nothing after `until`: its own day ends at its time, or earlier days take its share.
                if month == until.yearMonth, day == until.day, minute > untilMinute {
                    if untilMinute >= 8 * 60 || day == 1 {
                        minute = random.int(min(8 * 60, untilMinute)...untilMinute)
                    } else {
                        day -= 1
                    }
                }
                return (day, minute, random.int(0...59))
            }
            moments.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
            for (day, minute, second) in moments {
                guard
                    let time = try? LocalDateTime(
                        year: month.year, month: month.month, day: day, hour: minute / 60, minute: minute % 60,
                        second: second)
                else { continue }
                let registerIndex =
                    random.chance(0.85)
                    ? random.weighted(regulars) { registers[$0].chain.visits }
                    : random.weighted(Array(registers.indices)) {
                        registers[$0].chain.visits / Double(registers[$0].chain.outlets)
                    }
                if !sales.isEmpty, random.chance(0.02), let original = sales.randomElement(using: &random),
                    let index = registers.firstIndex(where: { $0.fn == original.fiscalDriveNumber })
                {
                    let refund = try makeRefund(of: original, at: time, register: &registers[index], random: &random)
                    data.receipts.append(
                        StoredReceipt(document: refund, status: .complete, placeID: registers[index].place.id))
                    continue
                }
                let document = try makeSale(at: time, register: &registers[registerIndex], random: &random)
                sales.append(document)
                if random.chance(0.004) {
                    // The shopper scanned it, and the tax service has not sent its items yet.
                    let code = try document.receipt(status: .pending, placeID: nil).fiscalCode
                    data.receipts.append(
                        StoredReceipt(
                            document: FiscalDocument(Receipt(pendingFrom: code)), status: .pending, placeID: nil))
                } else {
                    data.receipts.append(
                        StoredReceipt(document: document, status: .complete, placeID: registers[registerIndex].place.id)
                    )
                }
            }
        }

        // Documents of the last weeks that the shopper has not added yet.
        for _ in 0..<50 {
            let registerIndex = random.weighted(regulars) { registers[$0].chain.visits }
            let day = max(1, until.day - random.int(1...7))
            let time = try LocalDateTime(
                year: until.year, month: until.month, day: day, hour: random.int(9...21), minute: random.int(0...59))
            let document = try makeSale(at: time, register: &registers[registerIndex], random: &random)
            data.unclaimed.append((document, registers[registerIndex].place.id))
        }
        return data
    }

    private static func makePlace(chain: DemoCatalogue.Chain, id: String, random: inout SeededRandom) -> Place {
        // Denser towards the centre, as Moscow is: radius up to ~20 km.
        let distance = 20_000 * pow(random.unit(), 0.8)
        let bearing = random.unit() * 2 * .pi
        let latitude = DemoCatalogue.center.latitude + distance * cos(bearing) / 111_320
        let longitude =
            DemoCatalogue.center.longitude + distance * sin(bearing)
            / (111_320 * cos(DemoCatalogue.center.latitude * .pi / 180))
        let coordinate = Coordinate(clampingLatitude: latitude, longitude: longitude)
        let street = DemoCatalogue.streets.min { a, b in
            let da = (a.latitude - latitude, (a.longitude - longitude) * 0.56)
            let db = (b.latitude - latitude, (b.longitude - longitude) * 0.56)
            return da.0 * da.0 + da.1 * da.1 < db.0 * db.0 + db.1 * db.1
        }
        let address = "г. Москва, \(street?.name ?? "ул. Тверская"), д. \(random.int(1...180))"
        return Place(
            id: id, name: chain.name, coordinate: coordinate,
            category: chain.category, address: address)
    }

    private static func makeSale(
        at time: LocalDateTime, register: inout Register, random: inout SeededRandom
    ) throws -> FiscalDocument {
        let goods = DemoCatalogue.goods[register.chain.category] ?? []
        var lines: [FiscalDocument.Line] = []
        let lineCount = register.chain.category == .groceries ? random.int(1...14) : random.int(1...3)
        // Each good once a receipt, as a till prints repeated goods as one line with their quantity.
        for good in goods.shuffled(using: &random).prefix(lineCount) {
            let price = random.int64(good.price) / 100 * 100 + (random.chance(0.5) ? 99 : 0)
            let quantity: Double
            if good.weighed {
                let grams = register.chain.category == .fuel ? random.int(15_000...50_000) : random.int(150...2_400)
                quantity = Double(grams) / 1000
            } else {
                quantity = Double(random.weighted([1, 1, 1, 1, 2, 2, 3]) { _ in 1 })
            }
            let sum = Int64((Double(price) * quantity).rounded())
            lines.append(
                FiscalDocument.Line(
                    name: good.name, price: price, quantity: quantity, sum: sum, nds: good.vat.rawValue, paymentType: 4,
                    productType: 1))
        }
        let total = lines.reduce(0) { $0 + $1.sum }
        let byCard = random.chance(0.78)
        return try document(
            lines: lines, total: total, byCard: byCard, operation: .sale, at: time, register: &register, random: &random
        )
    }

    private static func makeRefund(
        of original: FiscalDocument, at time: LocalDateTime, register: inout Register, random: inout SeededRandom
    ) throws -> FiscalDocument {
        let line = original.items[random.int(0...original.items.count - 1)]
        return try document(
            lines: [line], total: line.sum, byCard: original.ecashTotalSum > 0, operation: .saleRefund, at: time,
            register: &register, random: &random)
    }

    private static func document(
        lines: [FiscalDocument.Line], total: Int64, byCard: Bool, operation: OperationType, at time: LocalDateTime,
        register: inout Register, random: inout SeededRandom
    ) throws -> FiscalDocument {
        register.nextDocument += Int64(random.int(1...40))
        let receipt = Receipt(
            identity: try FiscalIdentity(
                fn: register.fn, i: register.nextDocument, fp: random.int64(100_000_000...4_294_967_295)),
            dateTime: time, operation: operation, total: Money(kopecks: total),
            cash: Money(kopecks: byCard ? 0 : total), ecash: Money(kopecks: byCard ? total : 0),
            seller: register.chain.seller, sellerINN: register.inn, retailPlace: register.chain.name,
            address: register.place.address, registerNumber: register.registration)
        var document = FiscalDocument(receipt)
        document.items = lines
        return document
    }
}
