import BenchmarkSupport
import Foundation
import ReceiptAPI

/// A change-feed page written by the wire's writer as the server writes its answers: the whole
/// value (one receipt, places, a session), and the feeds' way, splicing the JSON of documents as
/// stored and of places as cached.
func pageWritingRows(_ page: ReceiptChangesPage) throws {
    let documents = page.receipts.map { WrittenJSON($0.document) }
    let places = page.receipts.map { $0.place.map(WrittenJSON.init) }
    let rounds = 40
    var whole: [Double] = []
    var spliced: [Double] = []
    var size = 0
    for _ in 0..<15 {
        whole.append(
            seconds {
                for _ in 0..<rounds { size = JSONWriter.write(page).count }
            } / Double(rounds))
        spliced.append(
            seconds {
                for _ in 0..<rounds {
                    var writer = JSONWriter(capacity: size + 1024)
                    let receipts = page.receipts.indices.map { index in
                        let envelope = page.receipts[index]
                        return WrittenReceiptEnvelope(
                            id: envelope.id, status: envelope.status, sequence: envelope.sequence,
                            place: places[index], document: documents[index])
                    }
                    ReceiptChangesPage.write(
                        receipts: receipts, nextSince: page.nextSince, hasMore: page.hasMore, to: &writer)
                    size = writer.bytes.count
                }
            } / Double(rounds))
    }
    print(
        "\n| write a change-feed page (\(page.receipts.count) receipts, \(size / 1024) KiB) | per page | per receipt |")
    print("|---|---:|---:|")
    for (name, runs) in [("whole value, JSONWriter", whole), ("stored parts spliced, JSONWriter", spliced)] {
        print(
            "| \(name) | \(String(format: "%.0f µs", median(runs) * 1e6)) "
                + "| \(String(format: "%.2f µs", median(runs) / Double(page.receipts.count) * 1e6)) |")
    }
    summaryRow(
        "write a change-feed page", data: "\(page.receipts.count) receipts",
        median: String(format: "%.2f µs a receipt", median(spliced) / Double(page.receipts.count) * 1e6),
        compared: String(format: "whole value %.2f µs a receipt", median(whole) / Double(page.receipts.count) * 1e6))
}
