import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptServer

@Suite("Server: demo data", .storageIndependent, .timeLimit(.minutes(20)))
struct DemoDataTests {
    static let until = try? LocalDateTime(iso: "2026-03-15T18:30:00")

    @Test("the same seed gives the same demo; another seed another")
    func deterministic() throws {
        let until = try #require(Self.until)
        let first = try DemoData.generate(seed: 42, until: until, receiptCount: nil)
        let second = try DemoData.generate(seed: 42, until: until, receiptCount: nil)
        let other = try DemoData.generate(seed: 43, until: until, receiptCount: nil)
        #expect(first.receipts.map(\.document) == second.receipts.map(\.document))
        #expect(first.places == second.places)
        #expect(first.receipts.map(\.document) != other.receipts.map(\.document))
    }

    @Test("two years, about 40 a month, none after the end, refunds, pending ones, weighed goods, cash and card")
    func realistic() throws {
        let until = try #require(Self.until)
        let demo = try DemoData.generate(seed: 1, until: until, receiptCount: nil)
        let receipts = try demo.receipts.map { try $0.document.receipt(status: $0.status, placeID: $0.placeID) }
        let months = Dictionary(grouping: receipts, by: \.month)
        #expect(months.count == 24)
        #expect(months.values.allSatisfy { (25...55).contains($0.count) })
        #expect(receipts.allSatisfy { $0.dateTime <= until })
        let refunds = receipts.filter { $0.operation == .saleRefund }.count
        #expect((1...Int(Double(receipts.count) * 0.05)).contains(refunds))
        #expect(receipts.contains { $0.status == .pending } || demo.receipts.count < 500)
        let lines = receipts.flatMap(\.items)
        #expect(lines.contains { $0.quantity != $0.quantity.rounded() })
        #expect(lines.contains { $0.name == "МОЛОКО ПАСТ.3,2% 930МЛ" })
        #expect(Set(lines.compactMap(\.vat)).isSuperset(of: [.rate10, .rate20]))
        #expect(receipts.contains { $0.cash.kopecks > 0 } && receipts.contains { $0.ecash.kopecks > 0 })
        for receipt in receipts where receipt.status == .complete {
            #expect(receipt.total == Money(kopecks: receipt.items.reduce(0) { $0 + $1.sum.kopecks }))
            #expect(receipt.cash + receipt.ecash == receipt.total)
        }
        #expect(demo.places.count >= 2_000)
        #expect(Set(demo.places.map(\.id)).count == demo.places.count)
        #expect(Set(demo.places.map(\.category)).count >= 14)
    }

    @Test("--demo-receipts gives exactly that many")
    func scaled() throws {
        let until = try #require(Self.until)
        #expect(try DemoData.generate(seed: 1, until: until, receiptCount: 5_001).receipts.count == 5_001)
    }
}
