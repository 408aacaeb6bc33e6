import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptStore
import ReceiptSync
import ReceiptTesting
import Testing

/// An export file is saved receipt by receipt in one transaction: a bad receipt after good ones
/// leaves the database as it was, and says which it is.
@Suite("Export files saved in one transaction")
struct ExportFileImportTests {
    private static func receipt(_ number: Int, fn: String = "9251440300007971") -> String {
        #"{"fiscalDriveNumber": "\#(fn)", "fiscalDocumentNumber": \#(number), "fiscalSign": \#(4_087_570_000 + number), "#
            + #""operationType": 1, "dateTime": "2019-03-20T23:03:00", "totalSum": 100, "items": "#
            + #"[{"name": "ХЛЕБ", "price": 100, "quantity": 1, "sum": 100}]}"#
    }

    @Test("two good receipts and a bad third: the third named, nothing saved; the good ones alone: both saved")
    func brokenFileSavesNothing() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        // The third's fiscal drive number has 8 digits, not 16.
        let broken = "[\(Self.receipt(1)), \(Self.receipt(2)), \(Self.receipt(3, fn: "92514403"))]"
        let error = try #require(throws: ExportError.self) {
            try ImportSummary.savingFile(Data(broken.utf8), into: database)
        }
        #expect(error.message(in: .english).hasPrefix("receipt #3: field fn"))
        #expect(try database.receiptCount() == 0)

        let good = "[\(Self.receipt(1)), \(Self.receipt(2))]"
        let summary = try ImportSummary.savingFile(Data(good.utf8), into: database)
        #expect(summary.imported == 2 && summary.pages == 1)
        #expect(try database.receiptCount() == 2)
        // Again: the same two found unchanged, in March 2019.
        let again = try ImportSummary.savingFile(Data(good.utf8), into: database)
        #expect(again.unchanged == 2 && again.months.values.reduce(0, +) == 2)
    }

    @Test("a file that is not JSON after its receipts is refused as not JSON before any is saved")
    func truncatedFile() throws {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("receipts.sqlite"))
        let truncated = "[\(Self.receipt(1)), \(Self.receipt(2))"
        #expect(throws: ExportError.notJSON) { try ImportSummary.savingFile(Data(truncated.utf8), into: database) }
        #expect(try database.receiptCount() == 0)
    }
}
