import Foundation
import ReceiptCore
import Testing

/// Every input in `Fuzz/corpus/FuzzFiscalCode` (the seeds and whatever `make fuzz` once found) is
/// parsed again on every test run: an error or a code whose canonical form parses back to itself.
@Suite("Fuzz corpus: QR payloads")
struct FuzzCorpusTests {
    static func corpus(_ target: String, file: String = #filePath) throws -> [URL] {
        let root = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fuzz/corpus/\(target)")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
    }

    @Test("each corpus input parses or is refused with its error, never anything else")
    func corpus() throws {
        let inputs = try Self.corpus("FuzzFiscalCode")
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
