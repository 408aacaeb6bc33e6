import Foundation
import ReceiptCore
import ReceiptTesting
import Testing

/// Every input in `Fuzz/corpus/FuzzFiscalCode` (the seeds and whatever `make fuzz` once found) is
/// parsed again on every test run: an error or a code whose canonical form parses back to itself.
@Suite("Fuzz corpus: QR payloads", .timeLimit(.minutes(20)))
struct FuzzCorpusTests {
    @Test("each corpus input parses or is refused with its error, never anything else")
    func corpus() throws {
        let inputs = try Repository.fuzzCorpus("FuzzFiscalCode")
        #expect(inputs.count >= 4)
        var parsed = 0
        for input in inputs {
            let text = String(decoding: try Data(contentsOf: input), as: UTF8.self)
            guard let code = try? FiscalCode(parsing: text) else { continue }
            #expect(try FiscalCode(parsing: code.canonical) == code, "\(input.lastPathComponent)")
            parsed += 1
        }
        #expect(parsed >= 4)
    }
}
