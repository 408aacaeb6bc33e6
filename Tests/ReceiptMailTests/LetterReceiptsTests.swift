import Foundation
import ReceiptCore
import ReceiptMail
import ReceiptTesting
import Testing

/// Every letter of `Tests/Fixtures/mail` read as `expected.json` says, figure by figure (the
/// figures and their arithmetic are worked out by hand in that file's notes; SOURCES.md says where
/// each letter's template comes from).
@Suite struct LetterReceiptsTests {
    struct Expected: Decodable {
        struct Letter: Decodable {
            let file: String
            let messageID: String?
            let subject: String?
            let fromAddress: String?
            let receipts: [Receipt]
        }
        struct Receipt: Decodable {
            let fn: String
            let fd: Int64
            let fp: Int64
            let dateTime: String
            let total: Int64
            let operation: Int?
            let lines: [Line]?
        }
        struct Line: Decodable {
            let name: String
            let quantity: Double
            let price: Int64
            let sum: Int64
        }
        let letters: [Letter]
    }

    static let expected: [Expected.Letter] = {
        let data = try? Repository.data("Tests/Fixtures/mail/expected.json")
        return data.flatMap { try? JSONDecoder().decode(Expected.self, from: $0).letters } ?? []
    }()

    static func letter(_ file: String) throws -> MailMessage {
        MailMessage(bytes: Array(try Repository.data("Tests/Fixtures/mail/\(file)")))
    }

    @Test func everyFixtureIsListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.url("Tests/Fixtures/mail").path)
            .filter { $0.hasSuffix(".eml") }
        #expect(Set(files) == Set(Self.expected.map(\.file)))
        #expect(Self.expected.count == 16)
    }

    @Test(arguments: expected.map(\.file))
    func letterReadsAsExpected(_ file: String) throws {
        let expected = try #require(Self.expected.first { $0.file == file })
        let message = try Self.letter(file)
        if let id = expected.messageID { #expect(message.messageID == id) }
        if let subject = expected.subject { #expect(message.subject == subject) }
        if let from = expected.fromAddress { #expect(message.fromAddress == from) }
        let found = LetterReceipts(message).receipts
        try #require(found.count == expected.receipts.count, "\(file): \(found.map(\.identity))")
        for (receipt, want) in zip(found, expected.receipts) {
            #expect(receipt.identity == (try FiscalIdentity(fn: want.fn, i: want.fd, fp: want.fp)))
            #expect(receipt.dateTime == (try LocalDateTime(iso: want.dateTime)))
            #expect(receipt.total == Money(kopecks: want.total))
            #expect(receipt.operation.rawValue == want.operation ?? 1)
            if let lines = want.lines {
                #expect(receipt.status == .complete)
                #expect(receipt.items.map(\.name) == lines.map(\.name))
                #expect(receipt.items.map(\.quantity) == lines.map(\.quantity))
                #expect(receipt.items.map(\.price.kopecks) == lines.map(\.price))
                #expect(receipt.items.map(\.sum.kopecks) == lines.map(\.sum))
            } else {
                #expect(receipt.status == .pending)
                #expect(receipt.items.isEmpty)
            }
        }
    }

    /// The order of two-receipts.eml: the prepayment (every line «Предоплата 100%») and the
    /// settlement whose «Предоплата (аванс)» is its whole total, 13,289.00 ₽: spent once.
    @Test func prepaymentAndSettlementAreToldApart() throws {
        let found = LetterReceipts(try Self.letter("two-receipts.eml")).receipts
        try #require(found.count == 2)
        #expect(found[0].items.map(\.paymentType) == [.fullPrepayment, .fullPrepayment])
        #expect(PurchaseKind(of: found[0]) == .prepayment)
        #expect(found[0].ecash == Money(kopecks: 1_328_900))
        #expect(found[1].items.map(\.paymentType) == [.fullPayment, .fullPayment])
        #expect(found[1].prepaid == Money(kopecks: 1_328_900))
        #expect(PurchaseKind(of: found[1]) == .settlement)
    }

    /// The cashback link of first-ofd.eml names another drive and document than the receipt:
    /// its `fn` must not make a receipt of its own, nor change this one's.
    @Test func aPromotionLinkIsNoReceipt() throws {
        let found = LetterReceipts(try Self.letter("first-ofd.eml")).receipts
        #expect(found.map(\.identity.fn) == ["7281440701122334"])
        #expect(LetterReceipts(try Self.letter("ofd-promo.eml")).receipts.isEmpty)
    }

    /// qr-only.eml's only receipt is its inline QR picture: without reading pictures, no receipt.
    @Test func theQRPictureIsRead() throws {
        let message = try Self.letter("qr-only.eml")
        #expect(LetterReceipts(message, readsImages: false).receipts.isEmpty)
        let found = LetterReceipts(message).receipts
        #expect(found.map(\.identity.description) == ["7281440701339900/1204/2561734098"])
        #expect(found.first?.total == Money(kopecks: 245_000))
    }
}
