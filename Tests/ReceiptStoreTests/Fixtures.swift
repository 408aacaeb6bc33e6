import ReceiptCore

enum Fixtures {
    static func receipt(
        i: Int64 = 141_637, date: String = "2019-03-20T23:03:00", total: Int64? = nil,
        operation: OperationType = .sale, items: [Item]? = nil, status: Receipt.Status = .complete
    ) throws -> Receipt {
        // Like a real receipt, its total is what its lines add up to unless said otherwise.
        let items =
            items ?? [
                Item(
                    name: "МОЛОКО ПАСТ.3,2% 930МЛ", price: Money(kopecks: 8_999), quantity: 2,
                    sum: Money(kopecks: 17_998),
                    vat: .rate10, paymentType: .fullPayment, productType: 1, unit: "шт"),
                Item(
                    name: "БАНАНЫ ВЕС", price: Money(kopecks: 12_990), quantity: 0.532, sum: Money(kopecks: 6_911),
                    vat: .rate10, paymentType: .fullPayment),
            ]
        let total = total ?? items.reduce(0) { $0 + $1.sum.kopecks }
        return Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: i, fp: 4_087_570_038),
            dateTime: try LocalDateTime(iso: date), operation: operation, total: Money(kopecks: total),
            ecash: Money(kopecks: total), seller: "ООО \"ЛЕНТА\"", sellerINN: "7814148471",
            retailPlace: "Лента", address: "Санкт-Петербург, Савушкина ул., 112",
            items: items, status: status)
    }
}
