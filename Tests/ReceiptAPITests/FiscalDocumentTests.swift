import Foundation
import ReceiptAPI
import ReceiptCore
import Testing

@Suite("Fiscal documents on the wire", .timeLimit(.minutes(20)))
struct FiscalDocumentTests {
    @Test("a receipt becomes a document with the tax service's field names and comes back the same")
    func roundTrip() throws {
        let receipt = Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: 141_637, fp: 4_087_570_038),
            dateTime: try LocalDateTime(iso: "2019-03-20T23:03:00"), operation: .sale, total: Money(kopecks: 26_909),
            ecash: Money(kopecks: 26_909), seller: "ООО \"ЛЕНТА\"", sellerINN: "7814148471", retailPlace: "Лента",
            address: "Санкт-Петербург", registerNumber: "0000000000012345",
            items: [
                Item(
                    name: "МОЛОКО ПАСТ.3,2% 930МЛ", price: Money(kopecks: 8_999), quantity: 2,
                    sum: Money(kopecks: 17_998),
                    vat: .rate10, paymentType: .fullPayment, productType: 1),
                Item(
                    name: "БАНАНЫ ВЕС", price: Money(kopecks: 12_990), quantity: 0.686, sum: Money(kopecks: 8_911),
                    vat: .rate10),
            ])
        let data = try JSONEncoder().encode(FiscalDocument(receipt))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["fiscalDriveNumber"] as? String == "9251440300007971")
        #expect(object["totalSum"] as? Int == 26_909)
        #expect(object["dateTime"] as? String == "2019-03-20T23:03:00")
        let decoded = try JSONReader.read(FiscalDocument.self, from: data)
        #expect(try decoded.receipt(status: .complete, placeID: nil) == receipt)
    }

    @Test("a document with a broken field is refused, naming the field")
    func invalid() throws {
        var document = FiscalDocument(
            Receipt(pendingFrom: try FiscalCode(parsing: "t=20190320T2303&s=1&fn=9251440300007971&i=1&fp=1&n=1")))
        document.fiscalDriveNumber = "123"
        #expect(throws: DocumentError.self) { try document.receipt(status: .complete, placeID: nil) }
        let error = try #require(throws: DocumentError.self) { try document.receipt(status: .complete, placeID: nil) }
        #expect(error.message(in: .english).hasPrefix("document field fiscalDriveNumber"))
        document.fiscalDriveNumber = "9251440300007971"
        document.operationType = 9
        let operation = try #require(throws: DocumentError.self) {
            try document.receipt(status: .complete, placeID: nil)
        }
        #expect(operation == .invalid(field: "operationType", reason: .notAnOperation(9)))
        #expect(operation.message(in: .russian) == "поле operationType документа: 9 — не 1, 2, 3 или 4")
        document.operationType = 1
        document.dateTime = "2019-02-30T10:00:00"
        #expect(throws: DocumentError.self) { try document.receipt(status: .complete, placeID: nil) }
    }

    @Test("amounts below zero or past 10¹² ₽, a quantity past 10⁹, or lines adding up past 10¹² ₽ are refused by field")
    func bounds() throws {
        let receipt = try FiscalDocument(
            Receipt(pendingFrom: try FiscalCode(parsing: "t=20190320T2303&s=1&fn=9251440300007971&i=1&fp=1&n=1"))
        ).receipt(status: .complete, placeID: nil)
        let line = FiscalDocument.Line(
            name: "БАНАНЫ ВЕС", price: 12_990, quantity: 0.532, sum: 6_911, nds: 2, paymentType: 4, productType: 1)
        var document = FiscalDocument(receipt)
        document.items = [line]
        func refused(_ field: String) throws {
            let error = try #require(throws: DocumentError.self) {
                try document.receipt(status: .complete, placeID: nil)
            }
            #expect(error == .invalid(field: field, reason: .beyondBounds), "\(field)")
        }
        // 10¹⁴ kopecks is 10¹² ₽, the largest amount taken; one kopeck more is refused.
        document.totalSum = 100_000_000_000_000
        #expect(try document.receipt(status: .complete, placeID: nil).total.kopecks == 100_000_000_000_000)
        document.totalSum = 100_000_000_000_001
        try refused("totalSum")
        document.totalSum = -1
        try refused("totalSum")
        // The crash the issue found: −2⁶³ and 5·10¹⁸.
        document.totalSum = .min
        try refused("totalSum")
        document.totalSum = 6_911
        document.ecashTotalSum = 5_000_000_000_000_000_000
        try refused("ecashTotalSum")
        document.ecashTotalSum = 6_911
        document.provisionSum = -5
        try refused("provisionSum")
        document.provisionSum = nil
        var huge = line
        huge.price = 100_000_000_000_001
        document.items = [line, huge]
        try refused("items[1].price")
        huge.price = 1
        huge.quantity = 1e9 + 1
        document.items = [line, huge]
        try refused("items[1].quantity")
        // Two lines of 6·10¹³ each are within the bound alone, 1.2·10¹⁴ together is not.
        huge.quantity = 1
        huge.sum = 60_000_000_000_000
        document.items = [huge, huge]
        try refused("items")
        let error = try #require(throws: DocumentError.self) { try document.receipt(status: .complete, placeID: nil) }
        #expect(
            error.message(in: .russian)
                == "поле items документа: такого в чеках не бывает (суммы от 0 до 1 000 000 000 000 ₽, количество до 1 000 000 000)"
        )
    }
}
