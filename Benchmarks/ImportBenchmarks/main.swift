import BenchmarkSupport
import Foundation
import Logging
import ReceiptAPI
import ReceiptCore
import ReceiptServer
import ReceiptStore
import ReceiptSync
import Synchronization

// `make bench`: importing the demo account from the server on loopback, side by side with a bare
// client that fetches the same pages and throws them away. Release build; medians of five runs.

let count = Int(ProcessInfo.processInfo.environment["IMPORT_BENCH_RECEIPTS"] ?? "") ?? 100_000
let runs = 5
let folder = NSTemporaryDirectory() + "receipts-import-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

let server = try await ReceiptsServer(
    settings: ServerSettings(port: 0, databasePath: folder + "/server.sqlite", bcryptCost: 4, logLevel: .error))
let seedStart = Date()
_ = try await server.seedDemo(seed: 1, until: try LocalDateTime(iso: "2026-06-30T20:00:00"), receiptCount: count)
let seedSeconds = Date().timeIntervalSince(seedStart)

/// CPU seconds a receipt (server and client together, both in this process) of the bare client's
/// runs and of the imports'.
nonisolated(unsafe) var bareCPU: [Double] = []
nonisolated(unsafe) var importCPU: [Double] = []
/// The share of each import's time after its last page was written: the search index pass.
nonisolated(unsafe) var endShares: [Double] = []

/// `IMPORT_BENCH_ONLY=writing`: one bare fetch for the pages, then the writing alone (to profile it).
let writingOnly = ProcessInfo.processInfo.environment["IMPORT_BENCH_ONLY"] == "writing"

let (bare, imports, pages) = try await server.serving { url in
    var bare: [Double] = []
    var imports: [Double] = []
    var pages: [ReceiptChangesPage] = []
    for run in 0..<(writingOnly ? 1 : runs) {
        let client = ReceiptsClient(server: url, cookie: nil)
        let info = try await client.logIn(login: "demo", password: "demo")

        var since: Int64 = 0
        var fetched = 0
        let bareStart = Date()
        let bareCPUStart = processCPUSeconds()
        while true {
            let page = try await client.changes(since: since)
            if run == 0 { pages.append(page) }
            fetched += page.receipts.count
            since = page.nextSince
            if !page.hasMore { break }
        }
        bare.append(Double(fetched) / Date().timeIntervalSince(bareStart))
        bareCPU.append((processCPUSeconds() - bareCPUStart) / Double(fetched))
        if writingOnly { break }

        let database = try ReceiptDatabase.open(at: folder + "/local-\(run).sqlite")
        let importStart = Date()
        let importCPUStart = processCPUSeconds()
        // The last page's progress marks the end of the pages; the search index pass follows.
        let lastPage = Mutex(importStart)
        let summary = try await Importer(client: client, database: database, source: "\(url)#\(info.account)").run {
            _ in lastPage.withLock { $0 = Date() }
        }
        let importEnd = Date()
        imports.append(Double(summary.imported) / importEnd.timeIntervalSince(importStart))
        endShares.append(
            importEnd.timeIntervalSince(lastPage.withLock { $0 }) / importEnd.timeIntervalSince(importStart))
        importCPU.append((processCPUSeconds() - importCPUStart) / Double(summary.imported))
    }
    return (bare, imports, pages)
}

// The writing alone, on the same pages already fetched and decoded: what the import's other half
// would cost if fetching were free — a transaction a page, and as many pages a transaction as the
// importer writes together when they wait for it.
let converted = try pages.map { page in
    let (receipts, places) = try Importer.convert(page)
    return (page: SyncPage(receipts: receipts, places: places), nextSince: page.nextSince)
}
let grouped = Importer.defaultPagesAhead
var writes: [Int: (rates: [Double], cpu: [Double])] = [:]
for run in 0..<runs {
    for pagesPerTransaction in [1, grouped] {
        let database = try ReceiptDatabase.open(at: folder + "/write-\(pagesPerTransaction)-\(run).sqlite")
        let started = Date()
        let cpu = try cpuSeconds {
            for start in stride(from: 0, to: converted.count, by: pagesPerTransaction) {
                let group = converted[start..<min(start + pagesPerTransaction, converted.count)]
                try database.save(
                    group.map(\.page), position: SyncPosition(source: "bench", since: group.last?.nextSince ?? 0))
            }
            try database.updateSearchIndex()
        }
        writes[pagesPerTransaction, default: ([], [])].rates.append(Double(count) / Date().timeIntervalSince(started))
        writes[pagesPerTransaction, default: ([], [])].cpu.append(cpu)
    }
}

print(
    "receipts import benchmark — \(machineDescription()); server and client in one process on loopback"
)
print("\(count) demo receipts, 50 a page; seeding took \(String(format: "%.1f", seedSeconds)) s")
if writingOnly {
    for pagesPerTransaction in [1, grouped] {
        let figures = writes[pagesPerTransaction] ?? ([], [])
        print(
            "Writing alone, \(pagesPerTransaction) page(s) a transaction: \(Int(median(figures.rates))) receipts/s, "
                + "\(String(format: "%.1f", median(figures.cpu) / Double(count) * 1e6)) µs of CPU a receipt "
                + "(runs: \(figures.cpu.map { String(format: "%.1f", $0 / Double(count) * 1e6) }.joined(separator: ", ")))"
        )
    }
    try? FileManager.default.removeItem(atPath: folder)
    exit(0)
}
print("| what | median receipts/s | runs |")
print("|---|---:|---|")
print(
    "| bare client (fetch and decode the change feed, discard) | \(Int(median(bare))) | \(bare.map { String(Int($0)) }.joined(separator: ", ")) |"
)
print(
    "| receipts import (fetch, check, write each page with its sync position) | \(Int(median(imports))) | \(imports.map { String(Int($0)) }.joined(separator: ", ")) |"
)
for pagesPerTransaction in [1, grouped] {
    let rates = writes[pagesPerTransaction]?.rates ?? []
    let label = pagesPerTransaction == 1 ? "a page a transaction" : "\(pagesPerTransaction) pages a transaction"
    print(
        "| writing alone, \(label) (the same pages, decoded beforehand) | \(Int(median(rates))) | \(rates.map { String(Int($0)) }.joined(separator: ", ")) |"
    )
}
for pagesPerTransaction in [1, grouped] {
    let cpu = writes[pagesPerTransaction]?.cpu ?? []
    print(
        "\nWriting \(pagesPerTransaction) page(s) a transaction takes \(String(format: "%.1f", median(cpu) / Double(count) * 1e6)) µs of CPU per receipt (median of \(runs))."
    )
}
print(
    "\nCPU a receipt, server and client together: the bare client \(String(format: "%.1f", median(bareCPU) * 1e6)) µs, "
        + "the import \(String(format: "%.1f", median(importCPU) * 1e6)) µs (medians of \(runs)); on "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores the import can reach at most "
        + "\(Int(Double(ProcessInfo.processInfo.activeProcessorCount) / median(importCPU))) receipts/s."
)
print(
    "\nThe search index pass after the last page takes \(String(format: "%.0f", median(endShares) * 100)) % of an import's time (median of \(runs))."
)
print(
    "\nImport runs at \(String(format: "%.0f", median(imports) / median(bare) * 100)) % of the bare client's rate (targets: ≥ 20,000 receipts/s, ≥ 60 %)."
)
summaryRow(
    "import from the server", data: "\(count) receipts", median: "\(Int(median(imports))) receipts/s",
    compared: String(format: "%.0f %% of the bare client", median(imports) / median(bare) * 100),
    target: "≥ 20,000/s, ≥ 60 %")
