public import Foundation
public import ReceiptCore

/// Receipts the fiscal stand-ins know, and the JSON each service writes them in.
///
/// The shapes follow what the services are described to answer, not this project's own wire: the
/// tax service gives `dateTime` as Unix seconds of the true instant (the shop-local time is in the
/// wrapper's `operation.date` and `qr`), `fiscalSign` as a number in the receipt but a string in
/// `query`, and pads `userInn` and `kktRegId` with spaces; proverkacheka gives `dateTime` as a
/// zone-less local ISO string. Optional keys are left out where a real document may lack them.
public enum StandInReceipts {
    /// `count` receipts with items, drawn from `seed`: weighed goods with fractional quantities,
    /// card and cash, a refund every tenth, one month apart at most, ending on `until`. Every fifth is
    /// printed in Vladivostok (UTC+10), so that its local date differs from Moscow's.
    public static func sample(count: Int, seed: UInt64 = 17, until: LocalDateTime) -> [Receipt] {
        var random = SeededRandom(seed: seed)
        let shops: [(seller: String, inn: String, place: String, address: String)] = [
            ("ООО \"ЛЕНТА\"", "7814148471", "Лента", "г. Санкт-Петербург, ул. Савушкина, 112"),
            ("АО \"ТАНДЕР\"", "2310031475", "Магнит у дома", "г. Краснодар, ул. Солнечная, 15/5"),
            ("ООО \"АГРОТОРГ\"", "7825706086", "Пятёрочка", "г. Москва, ул. Вавилова, 3"),
            ("ООО \"ВКУСВИЛЛ\"", "7734373650", "ВкусВилл", "г. Владивосток, ул. Светланская, 29"),
        ]
        let goods: [(name: String, price: Int64, weighed: Bool, vat: VATCode)] = [
            ("МОЛОКО ПАСТ.3,2% 930МЛ", 8_999, false, .rate10), ("БАНАНЫ ВЕС", 12_990, true, .rate10),
            ("ХЛЕБ БОРОДИНСКИЙ 400Г", 5_490, false, .rate10), ("СЫР РОССИЙСКИЙ 50% ВЕС", 79_900, true, .rate10),
            ("ПАКЕТ-МАЙКА", 799, false, .rate20), ("КОФЕ МОЛОТЫЙ 250Г", 44_900, false, .rate20),
            ("ЯБЛОКИ ГОЛДЕН ВЕС", 15_990, true, .rate10), ("ШОКОЛАД ГОРЬКИЙ 72% 90Г", 11_999, false, .rate20),
        ]
        var receipts: [Receipt] = []
        for index in 0..<count {
            let shop = shops[index % shops.count]
            var items: [Item] = []
            for _ in 0..<(1 + random.below(5)) {
                let good = goods[random.below(goods.count)]
                let quantity = good.weighed ? Double(200 + random.below(1_800)) / 1_000 : Double(1 + random.below(3))
                let sum = Int64((Double(good.price) * quantity).rounded())
                items.append(
                    Item(
                        name: good.name, price: Money(kopecks: good.price), quantity: quantity,
                        sum: Money(kopecks: sum), vat: good.vat, paymentType: .fullPayment, productType: 1))
            }
            let total = items.reduce(Int64(0)) { $0 + $1.sum.kopecks }
            let cashPaid = index % 3 == 0
            let day = max(1, until.day - index % max(1, until.day))
            let time =
                (try? LocalDateTime(
                    year: until.year, month: until.month, day: day, hour: 9 + index % 12, minute: (index * 7) % 60))
                ?? until
            let identity = try? FiscalIdentity(
                fn: "92894403000\(String(format: "%05d", 10_000 + index))", i: Int64(1_000 + index * 13),
                fp: Int64(1_000_000_000 + random.below(3_000_000_000)))
            guard let identity else { continue }
            receipts.append(
                Receipt(
                    identity: identity, dateTime: time, operation: index % 10 == 9 ? .saleRefund : .sale,
                    total: Money(kopecks: total), cash: Money(kopecks: cashPaid ? total : 0),
                    ecash: Money(kopecks: cashPaid ? 0 : total), seller: shop.seller, sellerINN: shop.inn,
                    retailPlace: index % 4 == 1 ? nil : shop.place, address: shop.address,
                    registerNumber: "0001234567\(String(format: "%06d", 100_000 + index))", items: items))
        }
        return receipts
    }

    /// The offset from UTC of the shop that printed `receipt`, in seconds: Vladivostok's shop is UTC+10,
    /// the others Moscow's UTC+3.
    public static func utcOffset(of receipt: Receipt) -> Int {
        (receipt.address ?? "").contains("Владивосток") ? 10 * 3600 : 3 * 3600
    }

    /// The true instant of the receipt's local time, as the tax service's `dateTime` gives it.
    public static func instant(of receipt: Receipt) -> Int {
        receipt.dateTime.secondsAsIfUTC - utcOffset(of: receipt)
    }

    /// The receipt in the fiscal document's fields: `dateTime` as `date` gives it (Unix seconds or a
    /// local ISO string), INNs and the register's number padded to 12 and 20 characters.
    static func document(_ receipt: Receipt, dateTime: Any) -> [String: Any] {
        var document: [String: Any] = [
            "dateTime": dateTime, "operationType": receipt.operation.rawValue, "totalSum": receipt.total.kopecks,
            "cashTotalSum": receipt.cash.kopecks, "ecashTotalSum": receipt.ecash.kopecks,
            "fiscalDriveNumber": receipt.identity.fn, "fiscalDocumentNumber": receipt.identity.i,
            "fiscalSign": receipt.identity.fp, "fiscalDocumentFormatVer": 4, "code": 3,
            "shiftNumber": 112, "requestNumber": Int(receipt.identity.i % 300),
        ]
        if let seller = receipt.seller { document["user"] = seller }
        if let inn = receipt.sellerINN { document["userInn"] = inn.padding(toLength: 12, withPad: " ", startingAt: 0) }
        if let place = receipt.retailPlace { document["retailPlace"] = place }
        if let address = receipt.address { document["retailPlaceAddress"] = address }
        if let register = receipt.registerNumber {
            document["kktRegId"] = register.padding(toLength: 20, withPad: " ", startingAt: 0)
        }
        document["items"] = receipt.items.map { item -> [String: Any] in
            var line: [String: Any] = [
                "name": item.name, "price": item.price.kopecks, "quantity": item.quantity, "sum": item.sum.kopecks,
            ]
            if let vat = item.vat { line["nds"] = vat.rawValue }
            if let payment = item.paymentType { line["paymentType"] = payment.rawValue }
            if let product = item.productType { line["productType"] = product }
            return line
        }
        return document
    }

    /// The receipt as «Мои чеки онлайн» gives its document (`/v1/receipt/fiscal_data`): the fields at
    /// the top level, `dateTime` the local time, money in roubles with kopecks after the point, the
    /// fiscal sign as text, the payment parts all there (0.00 when none).
    static func cabinetDocument(_ receipt: Receipt) -> [String: Any] {
        func roubles(_ money: Money) -> NSNumber { NSNumber(value: Double(money.kopecks) / 100) }
        var document = document(receipt, dateTime: receipt.dateTime.iso)
        document["fiscalSign"] = String(receipt.identity.fp)
        document["fiscalDocumentFormatVer"] = "4"
        for (key, money) in [
            ("totalSum", receipt.total), ("cashTotalSum", receipt.cash), ("ecashTotalSum", receipt.ecash),
            ("prepaidSum", receipt.prepaid), ("creditSum", receipt.credit), ("provisionSum", receipt.provision),
        ] {
            document[key] = roubles(money)
        }
        document["items"] = zip(receipt.items, document["items"] as? [[String: Any]] ?? []).map { item, line in
            var line = line
            line["price"] = roubles(item.price)
            line["sum"] = roubles(item.sum)
            return line
        }
        return document
    }

    /// The receipts as a file the tax service's app exports: an array of tickets, each with the
    /// shop-local time to the minute in `operation.date` and the receipt in `ticket.document.receipt`,
    /// its `dateTime` Unix seconds.
    public static func taxServiceExport(_ receipts: [Receipt]) -> Data {
        let tickets = receipts.map { receipt -> [String: Any] in
            [
                "qr": qr(receipt),
                "operation": ["date": String(receipt.dateTime.iso.prefix(16)), "type": receipt.operation.rawValue],
                "ticket": ["document": ["receipt": document(receipt, dateTime: instant(of: receipt))]],
            ]
        }
        return (try? JSONSerialization.data(withJSONObject: tickets, options: [.sortedKeys])) ?? Data()
    }

    /// The receipt's QR payload as its paper prints it.
    static func qr(_ receipt: Receipt) -> String {
        (try? receipt.fiscalCode.canonical) ?? ""
    }
}
