import FiscalProviders
import Foundation
import ReceiptAPI
import ReceiptCore
import Testing

@Suite("Exported receipt files", .timeLimit(.minutes(20)))
struct ExportedReceiptsTests {
    static let bare = """
        {"dateTime": "2019-03-20T23:03:00", "operationType": 1, "totalSum": 580300, "cashTotalSum": 0,
         "ecashTotalSum": 580300, "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": 141637,
         "fiscalSign": 4087570038, "kktRegId": "0000000000012345  ", "user": "ООО \\"ЛЕНТА\\"", "userInn": "7814148471  ",
         "retailPlace": "Лента", "retailPlaceAddress": "Санкт-Петербург", "someFieldNobodyKnows": {"x": 1},
         "items": [{"name": "БАНАНЫ ВЕС", "price": 12990, "quantity": 0.532, "sum": 6911, "nds": 2, "paymentType": 4, "productType": 1}]}
        """

    static func read(_ text: String) throws -> [Receipt] {
        try ExportedReceipts.read(Data(text.utf8))
    }

    @Test("a bare receipt, padded fields trimmed, unknown fields ignored")
    func bare() throws {
        let receipts = try Self.read(Self.bare)
        #expect(receipts.count == 1)
        let receipt = try #require(receipts.first)
        #expect(receipt.identity == (try FiscalIdentity(fn: "9251440300007971", i: 141_637, fp: 4_087_570_038)))
        #expect(receipt.sellerINN == "7814148471" && receipt.registerNumber == "0000000000012345")
        #expect(receipt.items.first?.quantity == 0.532 && receipt.items.first?.vat == .rate10)
        #expect(receipt.total == Money(kopecks: 580_300) && receipt.month.description == "2019-03")
    }

    @Test("arrays and the ticket.document.receipt wrapper of the tax service's export")
    func wrappers() throws {
        let wrapped =
            #"[{"ticket": {"document": {"receipt": \#(Self.bare)}}}, {"document": {"receipt": \#(Self.bare.replacingOccurrences(of: "141637", with: "141638"))}}]"#
        let receipts = try Self.read(wrapped)
        #expect(receipts.map(\.identity.i) == [141_637, 141_638])
    }

    @Test("old field names: ndsRate, calculationTypeSign, calculationSubjectSign, measure")
    func oldNames() throws {
        let old = Self.bare.replacingOccurrences(
            of: #""nds": 2, "paymentType": 4, "productType": 1"#,
            with: #""ndsRate": 1, "calculationTypeSign": 4, "calculationSubjectSign": 1, "measure": "кг""#)
        let item = try #require(try Self.read(old).first?.items.first)
        #expect(item.vat == .rate20 && item.paymentType == .fullPayment && item.productType == 1 && item.unit == "кг")
    }

    @Test("Unix seconds take the local time from the wrapper, else from the QR, else Moscow time")
    func unixSeconds() throws {
        // 2024-01-31 23:30 in Vladivostok (UTC+10) is 13:30 UTC, 16:30 in Moscow.
        let instant = 1_706_707_800
        let content = Self.bare.replacingOccurrences(
            of: #""dateTime": "2019-03-20T23:03:00""#, with: #""dateTime": \#(instant)"#)
        let newer = #"{"id": "x", "operation": {"date": "2024-01-31T23:30", "sum": 580300}, "content": \#(content)}"#
        #expect(try Self.read(newer).first?.dateTime.iso == "2024-01-31T23:30:00")
        let withQR =
            #"{"qr": "t=20240131T2330&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1", "content": \#(content)}"#
        #expect(try Self.read(withQR).first?.month.description == "2024-01")
        #expect(try Self.read(content).first?.dateTime.iso == "2024-01-31T16:30:00")
    }

    @Test("Unix seconds with no local time beside them are read in the zone the region or the address says")
    func unixSecondsInTheShopsZone() throws {
        // 2024-11-30 20:30 UTC: 23:30 on 30 November in Moscow, 03:30 on 1 December in Novosibirsk
        // (UTC+7): the receipt is December's.
        let content = Self.bare.replacingOccurrences(
            of: #""dateTime": "2019-03-20T23:03:00""#, with: #""dateTime": 1732998600"#)
        let novosibirsk = content.replacingOccurrences(
            of: #""retailPlaceAddress": "Санкт-Петербург""#,
            with: #""retailPlaceAddress": "630132, г.Новосибирск, ул.Нарымская, 31""#)
        #expect(try Self.read(novosibirsk).first?.dateTime.iso == "2024-12-01T03:30:00")
        #expect(try Self.read(novosibirsk).first?.month.description == "2024-12")
        // The region code wins over the address: 27 is Khabarovsk (UTC+10), 06:30.
        let region = novosibirsk.replacingOccurrences(
            of: #""operationType": 1"#, with: #""operationType": 1, "region": "27""#)
        #expect(try Self.read(region).first?.dateTime.iso == "2024-12-01T06:30:00")
        // An address that names no region: Moscow time.
        let nowhere = content.replacingOccurrences(of: "Санкт-Петербург", with: "ТЦ Мега, 2 этаж")
        #expect(try Self.read(nowhere).first?.dateTime.iso == "2024-11-30T23:30:00")
    }

    @Test("a wrapper's local time counts wherever it stands, before or after the receipt it wraps")
    func wrapperAfterContent() throws {
        // 2024-01-31 23:30 in Vladivostok (UTC+10) is 1706707800: 16:30 in Moscow when nothing says.
        let content = Self.bare.replacingOccurrences(
            of: #""dateTime": "2019-03-20T23:03:00""#, with: #""dateTime": 1706707800"#)
        let after = #"[{"content": \#(content), "operation": {"date": "2024-01-31T23:30"}}]"#
        #expect(try Self.read(after).first?.dateTime.iso == "2024-01-31T23:30:00")
        let qrAfter =
            #"{"content": \#(content), "qr": "t=20240131T2330&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"}"#
        #expect(try Self.read(qrAfter).first?.dateTime.iso == "2024-01-31T23:30:00")
    }

    @Test("a file with a UTF-8 byte order mark, or in UTF-16, reads as it does without")
    func byteOrderMark() throws {
        let marked = Data([0xEF, 0xBB, 0xBF]) + Data(Self.bare.utf8)
        #expect(try ExportedReceipts.read(marked).first?.identity.i == 141_637)
        let utf16 = try #require(Self.bare.data(using: .utf16LittleEndian))
        #expect(try ExportedReceipts.read(utf16).first?.identity.i == 141_637)
    }

    @Test("broken files say what is wrong and where")
    func broken() throws {
        #expect(throws: ExportError.notJSON) { try Self.read("{ not json") }
        #expect(throws: ExportError.noReceipts) { try Self.read(#"{"hello": "world"}"#) }
        let badFN = Self.bare.replacingOccurrences(of: "9251440300007971", with: "92514403")
        let error = try #require(throws: ExportError.self) { try Self.read("[\(Self.bare), \(badFN)]") }
        #expect(error.message(in: .english).hasPrefix("receipt #2: field fn"))
        let noTotal = Self.bare.replacingOccurrences(of: #""totalSum": 580300, "#, with: "")
        #expect(throws: ExportError.badReceipt(index: 1, problem: .invalid(field: "totalSum", reason: .missing))) {
            try Self.read(noTotal)
        }
    }
}
