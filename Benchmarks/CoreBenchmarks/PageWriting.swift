import BenchmarkSupport
import Foundation
import ReceiptAPI

// Baseline (before the writer): a 50-receipt change-feed page written as the server wrote it.
func pageWritingRows(_ page: ReceiptChangesPage) throws {
    let sorted = JSONEncoder()
    sorted.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let plain = JSONEncoder()
    let documents = try page.receipts.map { String(decoding: try plain.encode($0.document), as: UTF8.self) }
    let places = try page.receipts.map { envelope in
        try envelope.place.map { String(decoding: try sorted.encode($0), as: UTF8.self) }
    }
    let rounds = 40
    var whole: [Double] = []
    var spliced: [Double] = []
    var size = 0
    for _ in 0..<15 {
        whole.append(
            try seconds {
                for _ in 0..<rounds { size = try sorted.encode(page).count }
            } / Double(rounds))
        spliced.append(
            seconds {
                for _ in 0..<rounds {
                    let objects = page.receipts.indices.map { index in
                        let envelope = page.receipts[index]
                        let place = places[index] ?? "null"
                        return
                            #"{"document":\#(documents[index]),"id":\#(envelope.id),"place":\#(place),"sequence":\#(envelope.sequence),"status":"\#(envelope.status.rawValue)"}"#
                    }
                    let json =
                        #"{"hasMore":\#(page.hasMore),"nextSince":\#(page.nextSince),"receipts":[\#(objects.joined(separator: ","))]}"#
                    size = Array(json.utf8).count
                }
            } / Double(rounds))
    }
    print("\n| write a change-feed page (\(page.receipts.count) receipts, \(size / 1024) KiB) | per page | per receipt |")
    print("|---|---:|---:|")
    for (name, runs) in [("whole value, JSONEncoder", whole), ("stored parts spliced, string interpolation", spliced)] {
        print(
            "| \(name) | \(String(format: "%.0f µs", median(runs) * 1e6)) "
                + "| \(String(format: "%.2f µs", median(runs) / Double(page.receipts.count) * 1e6)) |")
    }
}
