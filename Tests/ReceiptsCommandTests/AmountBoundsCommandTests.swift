import Foundation
import ReceiptTesting
import Testing

/// Documents with amounts no receipt holds: refused at import with the field named (exit 6), and
/// the largest amounts that are taken go through every command that sums them without a trap.
@Suite("receipts over amounts at and past their bounds", .timeLimit(.minutes(20)))
struct AmountBoundsCommandTests {
    /// An exported receipt of one line of `kopecks`, number `i`, in March 2019, as the tax service's
    /// app writes it.
    static func document(_ i: Int, kopecks: Int64, quantity: String = "1") -> String {
        """
        {"dateTime": "2019-03-20T12:00:00", "operationType": 1, "totalSum": \(kopecks), "cashTotalSum": 0, \
        "ecashTotalSum": \(kopecks), "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": \(1_000 + i), \
        "fiscalSign": 4087570038, "user": "ООО \\"ЛЕНТА\\"", "retailPlace": "Лента", "items": [{"name": "БАНАНЫ ВЕС", \
        "price": \(kopecks), "quantity": \(quantity), "sum": \(kopecks), "nds": 2}]}
        """
    }

    @Test(
        "−2⁶³, 5·10¹⁸ and 10¹⁷ units are refused by field; ten receipts of 10¹² ₽ fill a month; stats and report hold")
    func bounds() async throws {
        let folder = try TemporaryFolder()
        var run = InProcessRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        run.environment["RECEIPTS_DB"] = folder.file("receipts.sqlite")
        let write = { (name: String, documents: [String]) throws -> String in
            let path = folder.file(name)
            try ("[" + documents.joined(separator: ",\n") + "]").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        // The documents the security review crashed the import with (issue 31): each now a refusal.
        let minimum = try write("minimum.json", [Self.document(1, kopecks: .min)])
        let twice = try write("twice.json", [Self.document(2, kopecks: 5 * 1_000_000_000_000_000_000)])
        let units = try write("units.json", [Self.document(3, kopecks: 100, quantity: "1e17")])
        for (file, field) in [(minimum, "totalSum"), (twice, "totalSum"), (units, "items[0].quantity")] {
            let result = try await run.run(["import", file])
            #expect(result.status == 6, "\(result.errors)")
            #expect(result.errors.contains("receipt #1: field \(field): "), "\(result.errors)")
        }
        #expect(try await run.run(["import", twice, "--lang", "ru"]).errors.contains("такого в чеках не бывает"))

        // 10 × 10¹² ₽ = 10¹³ ₽: the most a month keeps. An eleventh receipt, of 1.00 ₽, would pass it.
        let ten = try write("ten.json", (1...10).map { Self.document($0, kopecks: 100_000_000_000_000) })
        #expect(try await run.run(["import", ten]).status == 0)
        let eleventh = try await run.run(["import", try write("eleventh.json", [Self.document(11, kopecks: 100)])])
        #expect(eleventh.status == 6)
        #expect(eleventh.errors.contains("the receipts would take the total of 2019-03 beyond 10,000,000,000,000 ₽"))
        let stats = try await run.run(["stats", "--json"])
        #expect(stats.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])
        #expect(report["total"] as? Int == 1_000_000_000_000_000)
        for command in [["stats"], ["stats", "--verify"], ["report"], ["list"], ["show", "1"], ["shops"]] {
            let result = try await run.run(command)
            #expect(result.status == 0, "\(command): \(result.errors)")
        }
    }
}
