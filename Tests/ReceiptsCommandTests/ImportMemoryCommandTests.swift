import Foundation
import ReceiptTesting
import Testing

/// `receipts import FILE` holds one receipt at a time, not the whole file's object graph: its peak
/// memory grows by at most three times the file's size (issue 49; `make bench` measures 60 MB).
@Suite("receipts import FILE in bounded memory", .tags(.process), .wholeSuiteOnly, .timeLimit(.minutes(10)))
struct ImportMemoryCommandTests {
    @Test("a 26 MB export file adds less than 3 × its size to the peak of importing a one-receipt file")
    func boundedByTheFile() async throws {
        let folder = try TemporaryFolder()
        let small = try Self.export(receipts: 1, to: folder.file("small.json"))
        // 8,000 receipts of 12 lines, about 3.3 KB each: about 26 MB.
        let large = try Self.export(receipts: 8_000, to: folder.file("large.json"))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: large)[.size] as? Int)
        #expect(size > 24_000_000)

        let base = try await Self.peakKilobytes(importing: small, into: folder.file("small.sqlite"))
        let (peak, output) = try await Self.importing(large, into: folder.file("large.sqlite"))
        #expect(output.contains(#""imported":8000"#), "\(output.prefix(300))")
        // Read through a JSONSerialization graph of the whole file, the peak grew by about 39 bytes
        // a byte of the file (1,016 MB over the one-receipt file's 55 MB, debug build); one receipt
        // at a time, by the file itself (26 MB) and a receipt's objects: under 3 × 26 = 78 MB.
        let growth = (peak - base) * 1_024
        #expect(growth <= 3 * size, "peak \(peak) KB, base \(base) KB, file \(size) bytes")
    }

    /// An export in the tax service's app's shape, `receipts` receipts with 12 lines each, written
    /// to `path`.
    private static func export(receipts: Int, to path: String) throws -> String {
        var text = "["
        for number in 1...receipts {
            var lines: [String] = []
            for line in 0..<12 {
                let price = 1_000 + (number * 37 + line * 101) % 90_000
                lines.append(
                    #"{"nds": 2, "sum": \#(price), "name": "МОЛОКО ПАСТ.3,2% 930МЛ №\#(line)", "price": \#(price), "#
                        + #""quantity": 1, "paymentType": 4, "productType": 1, "productCodeNew": {"ean13": "#
                        + #"{"gtin": "46070363406\#(10 + line)", "sernum": "", "productIdType": 3}}}"#)
            }
            let total = lines.indices.map { 1_000 + (number * 37 + $0 * 101) % 90_000 }.reduce(0, +)
            let day = 1 + number % 28
            let month = 1 + number % 12
            text += (number > 1 ? ",\n" : "")
            text += #"{"ticket": {"document": {"receipt": {"fiscalDriveNumber": "9960440301234567", "#
            text += #""fiscalDocumentNumber": \#(number), "fiscalSign": \#(1_000_000 + number), "operationType": 1, "#
            text += #""dateTime": "2024-\#(month < 10 ? "0" : "")\#(month)-\#(day < 10 ? "0" : "")\#(day)T12:30:00", "#
            text += #""totalSum": \#(total), "ecashTotalSum": \#(total), "cashTotalSum": 0, "#
            text += #""user": "ООО \"АГРОТОРГ\"", "userInn": "7825706086  ", "retailPlace": "Пятерочка", "#
            text += #""retailPlaceAddress": "454100, Челябинск г, Комсомольский пр-кт, д. 113", "#
            text += #""items": [\#(lines.joined(separator: ", "))]}}}}"#
        }
        text += "]"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func peakKilobytes(importing file: String, into database: String) async throws -> Int {
        try await importing(file, into: database).peak
    }

    /// `receipts import FILE --json` under `/usr/bin/time`: the child's peak resident set in KB (as
    /// the kernel counted it when it ended) and what the command printed.
    private static func importing(_ file: String, into database: String) async throws -> (peak: Int, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = [
            "-f", "peak %M", try CommandRunner.executable.path, "import", file, "--db", database, "--json",
        ]
        process.environment = CommandRunner().english().environment
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        let outcome = try await ChildProcess(process).finished()
        let errors = String(decoding: outcome.errors, as: UTF8.self)
        let output = String(decoding: outcome.output, as: UTF8.self)
        #expect(outcome.status == 0, "\(errors)")
        let line = try #require(errors.split(separator: "\n").last { $0.hasPrefix("peak ") })
        return (try #require(Int(line.dropFirst(5))), output)
    }
}
