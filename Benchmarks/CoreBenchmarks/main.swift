import BenchmarkSupport
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptStore

// `make bench` (release build): the foundation's hot paths with the machine and data size, medians of
// repeated runs, and ratios measured side by side in the same run.

struct Measurement {
    let name: String
    let size: Int
    let seconds: [Double]

    var median: Double {
        let sorted = seconds.sorted()
        return sorted[sorted.count / 2]
    }
}

func measure(_ name: String, size: Int, repeats: Int = 7, _ body: () throws -> Void) rethrows -> Measurement {
    var seconds: [Double] = []
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return Measurement(name: name, size: size, seconds: seconds)
}

/// Deterministic payloads: the same set on every run and machine.
func payloads(count: Int) -> [String] {
    var state: UInt64 = 0x5EED
    func next(_ bound: UInt64) -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (state >> 33) % bound
    }
    return (0..<count).map { _ in
        let day = 1 + next(28)
        let fn = String(9_251_440_300_000_000 + next(9_999_999))
        return
            "t=2024\(String(format: "%02d", 1 + next(12)))\(String(format: "%02d", day))T\(String(format: "%02d", next(24)))"
            + "\(String(format: "%02d", next(60)))&s=\(next(100_000)).\(String(format: "%02d", next(100)))&fn=\(fn)"
            + "&i=\(1 + next(200_000))&fp=\(1 + next(4_000_000_000))&n=\(1 + next(4))"
    }
}

func russianLayout(_ text: String) -> String {
    let map = Dictionary(uniqueKeysWithValues: zip(Array("tsfnip&.T"), Array("еыатшз?юЕ")))
    return String(text.map { map[$0] ?? $0 })
}

let count = 100_000
let plain = payloads(count: count)
let russian = plain.map(russianLayout)
var results: [Measurement] = []

results.append(
    try measure("FiscalCode parse, plain payloads", size: count) {
        for payload in plain { _ = try FiscalCode(parsing: payload) }
    })
results.append(
    try measure("FiscalCode parse, Russian keyboard layout", size: count) {
        for payload in russian { _ = try FiscalCode(parsing: payload) }
    })
let codes = try plain.map { try FiscalCode(parsing: $0) }
results.append(
    measure("FiscalCode canonical", size: count) {
        for code in codes { _ = code.canonical }
    })

let receiptCount = 10_000
let receipts = codes.prefix(receiptCount).map { code in
    var receipt = Receipt(pendingFrom: code)
    receipt.status = .complete
    receipt.items = (0..<5).map { index in
        Item(name: "ТОВАР \(index)", price: Money(kopecks: 10_000), quantity: 1, sum: Money(kopecks: 10_000))
    }
    return receipt
}
let folder = NSTemporaryDirectory() + "receipts-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
var run = 0
results.append(
    try measure("ReceiptDatabase save, 50 a transaction (5 items each)", size: receiptCount, repeats: 5) {
        run += 1
        let database = try ReceiptDatabase.open(at: "\(folder)/insert-\(run).sqlite")
        for start in stride(from: 0, to: receipts.count, by: 50) {
            try database.save(Array(receipts[start..<min(start + 50, receipts.count)]))
        }
    })
let database = try ReceiptDatabase.open(at: "\(folder)/insert-1.sqlite")
let months = try database.months()
results.append(
    try measure("ReceiptDatabase receipts(in:) over every month", size: receiptCount, repeats: 5) {
        for month in months { _ = try database.receipts(in: month.month) }
    })

print("receipts core benchmarks — \(machineDescription())")
print("| benchmark | items | median | per item | runs |")
print("|---|---:|---:|---:|---:|")
for result in results {
    let perItem = result.median / Double(result.size) * 1e9
    print(
        "| \(result.name) | \(result.size) | \(String(format: "%.1f ms", result.median * 1000)) "
            + "| \(String(format: "%.0f ns", perItem)) | \(result.seconds.count) |")
}
let ratio = results[1].median / results[0].median
print("\nRussian-layout payloads cost \(String(format: "%.2f", ratio))× plain ones (same run, same \(count) codes).")
summaryRow(
    "QR payload parse", data: "\(count) payloads",
    median: String(format: "%.1f µs", results[0].median / Double(results[0].size) * 1e6),
    compared: String(format: "Russian layout %.2f× plain", ratio))
summaryRow(
    "save a receipt (50 a transaction)", data: "\(results[3].size) receipts",
    median: String(format: "%.0f µs", results[3].median / Double(results[3].size) * 1e6), compared: "")

// A change-feed page of 50 receipts read by the wire types' JSONReader and, for scale, parsed by
// Foundation's JSONSerialization into an untyped tree (no second copy of the wire's fields is kept
// to feed JSONDecoder), alternately in the same run.
let pageReceipts = 50
let page = try wirePage(receipts: pageReceipts)
let pageLines = try JSONReader.read(ReceiptChangesPage.self, from: page).receipts.reduce(0) {
    $0 + $1.document.items.count
}
let parsedReceipts = (try JSONSerialization.jsonObject(with: page) as? [String: Any])?["receipts"] as? [Any]
precondition(parsedReceipts?.count == pageReceipts)
let decodeRounds = 40
var foundationSeconds: [Double] = []
var readerSeconds: [Double] = []
for _ in 0..<15 {
    foundationSeconds.append(
        try seconds {
            for _ in 0..<decodeRounds { _ = try JSONSerialization.jsonObject(with: page) }
        } / Double(decodeRounds))
    readerSeconds.append(
        try seconds {
            for _ in 0..<decodeRounds { _ = try JSONReader.read(ReceiptChangesPage.self, from: page) }
        } / Double(decodeRounds))
}
let foundationPage = median(foundationSeconds)
let readerPage = median(readerSeconds)
print(
    "\n| change-feed page (\(pageReceipts) receipts, \(pageLines) lines, \(page.count / 1024) KiB) | per page | per receipt |"
)
print("|---|---:|---:|")
print(
    "| JSONSerialization (untyped tree) | \(String(format: "%.0f µs", foundationPage * 1e6)) "
        + "| \(String(format: "%.2f µs", foundationPage / Double(pageReceipts) * 1e6)) |")
print(
    "| JSONReader | \(String(format: "%.0f µs", readerPage * 1e6)) "
        + "| \(String(format: "%.2f µs", readerPage / Double(pageReceipts) * 1e6)) |")
print(
    "\nJSONReader reads a page into the wire types \(String(format: "%.1f", foundationPage / readerPage))× as fast as "
        + "JSONSerialization parses it into an untyped tree (medians of 15 runs of \(decodeRounds) pages, alternating, "
        + "same run).")
summaryRow(
    "read a change-feed page", data: "\(pageReceipts) receipts, \(pageLines) lines",
    median: String(format: "%.2f µs a receipt", readerPage / Double(pageReceipts) * 1e6),
    compared: String(
        format: "JSONSerialization %.1f µs a receipt, %.1f× slower", foundationPage / Double(pageReceipts) * 1e6,
        foundationPage / readerPage))

try pageWritingRows(try JSONReader.read(ReceiptChangesPage.self, from: page))
