import FiscalProviders
import Foundation
import ReceiptCore
import ReceiptTesting
import Testing

/// Every input in `Fuzz/corpus/FuzzExportedReceipts` (the seeds and whatever `make fuzz` once
/// found) is read again on every test run: receipts or an ExportError, never a crash.
@Suite("Fuzz corpus: exported receipt files", .timeLimit(.minutes(20)))
struct ExportedFuzzCorpusTests {
    @Test("each corpus input reads or is refused with its error")
    func corpus() throws {
        let inputs = try Repository.fuzzCorpus("FuzzExportedReceipts")
        #expect(inputs.count >= 3)
        var read = 0
        for input in inputs {
            do {
                read += try ExportedReceipts.read(try Data(contentsOf: input)).count
            } catch is ExportError {
                continue
            }
        }
        #expect(read >= 3)
    }
}
