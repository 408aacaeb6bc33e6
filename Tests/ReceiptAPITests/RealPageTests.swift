import Foundation
import ReceiptAPI
import ReceiptTesting
import Testing

/// The pages in `Fuzz/corpus/FuzzWirePages`: answers of the real demo server (`receipts serve
/// --demo`), and whatever `make fuzz` once found there.
@Suite("JSON reader: real pages and the fuzz corpus", .timeLimit(.minutes(20)))
struct RealPageTests {
    static let corpus = Repository.url("Fuzz/corpus/FuzzWirePages")

    @Test("a real change-feed page reads whole; cut short at any byte it is refused as ending too soon")
    func cutShort() throws {
        let page = try Data(contentsOf: Self.corpus.appendingPathComponent("changes-page.json"))
        let read = try JSONReader.read(ReceiptChangesPage.self, from: page)
        #expect(read.receipts.count == 3)
        #expect(read.receipts.allSatisfy { !$0.document.items.isEmpty })
        for length in 0..<page.count {
            let error = try #require(throws: JSONReadError.self) {
                try JSONReader.read(ReceiptChangesPage.self, from: page.prefix(length))
            }
            #expect(error.problem == .unexpectedEnd, "cut at \(length)")
        }
        let extra = try #require(throws: JSONReadError.self) {
            try JSONReader.read(ReceiptChangesPage.self, from: page + Data(" ]".utf8))
        }
        #expect(extra == JSONReadError(.trailingData, at: page.count + 1))
    }

    @Test("each corpus input reads as a page or is refused with its error")
    func corpusInputs() throws {
        let inputs = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        #expect(inputs.count >= 3)
        var pages = 0
        for input in inputs {
            let bytes = try Data(contentsOf: input)
            if (try? JSONReader.read(ReceiptChangesPage.self, from: bytes)) != nil { pages += 1 }
            if (try? JSONReader.read(PlacesPage.self, from: bytes)) != nil { pages += 1 }
        }
        #expect(pages >= 3)
    }
}
