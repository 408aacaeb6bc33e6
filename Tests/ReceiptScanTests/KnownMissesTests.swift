import Foundation
import ReceiptPhotos
import ReceiptScan
import ReceiptTesting
import Testing

/// The benchmark's photos the cascade missed (`Data/scan-misses.txt`), made again from their recipes
/// and read as the benchmark reads them (the photo saved as JPEG, loaded, scanned); `make bench`
/// measures them among the others and prints the lines to add or change.
@Suite("Known misses of the scan benchmark", .timeLimit(.minutes(20)))
struct KnownMissesTests {
    static let list: KnownMisses? = try? KnownMisses(
        parsing: String(decoding: Repository.data("Data/scan-misses.txt"), as: UTF8.self))

    /// Every listed photo (the image code is optimised in test builds too: a 12 MP photo takes
    /// about a second to make and read).
    static let replayed = (list?.entries ?? []).map { ReplayedMiss(sample: $0.sample, outcome: $0.outcome) }

    @Test("the list reads: every line a recipe of a benchmark photo, none twice")
    func listReads() throws {
        let text = String(decoding: try Repository.data("Data/scan-misses.txt"), as: UTF8.self)
        let list = try KnownMisses(parsing: text)
        #expect(!list.entries.isEmpty)
        #expect(throws: KnownMissesError(line: 2, text: "missed phone blur 1500 1")) {
            try KnownMisses(parsing: "# a comment\nmissed phone blur 1500 1\n")
        }
        #expect(throws: KnownMissesError(line: 2, text: "read phone motion 1500 1")) {
            try KnownMisses(parsing: "missed phone motion 1500 1\nread phone motion 1500 1")
        }
        #expect(ScanSample("phone low-light 4000 12")?.description == "phone low-light 4000 12")
        #expect(ScanSample("phone motion 1234 1") == nil)
    }

    @Test(
        "a photo marked read stays read; one marked missed is still missed (read now: mark it read)",
        arguments: replayed)
    func replay(_ miss: ReplayedMiss) throws {
        let photo = try ImageLoader.load(Data(try miss.sample.photo().jpeg()))
        let read = try ReceiptCodeReader().read(photo).codes.contains { $0.text == miss.sample.payload }
        switch miss.outcome {
        case .read: #expect(read, "\(miss.sample) is missed again")
        case .missed: #expect(!read, "\(miss.sample) is read now: mark it `read` in Data/scan-misses.txt")
        }
    }
}

/// One replayed line of the list.
struct ReplayedMiss: Sendable, CustomTestStringConvertible {
    let sample: ScanSample
    let outcome: KnownMisses.Outcome
    var testDescription: String { "\(outcome.rawValue) \(sample)" }
}
