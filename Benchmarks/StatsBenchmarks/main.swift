import BenchmarkSupport
import Foundation
import ReceiptCore
import ReceiptStats
@_spi(Benchmarks) import ReceiptStore

// `make bench`: statistics on a large history. The answers come from the monthly totals the
// database keeps; beside them, the plain SQLite GROUP BY over the items they replace, and what
// keeping them costs an import. Release build; medians of repeated runs.
// STATS_BENCH_KEEP_DATABASE=PATH builds the large history there and leaves it (closed: the file
// alone holds it) for the web app's measurements (scripts/web-bench.py), which then read the same
// database instead of building a second one.

let environment = ProcessInfo.processInfo.environment
let receiptCount = Int(environment["STATS_BENCH_RECEIPTS"] ?? "") ?? 1_000_000
let overheadCount = Int(environment["STATS_BENCH_IMPORT_RECEIPTS"] ?? "") ?? 50_000
let keptDatabase = environment["STATS_BENCH_KEEP_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
let itemsPerReceipt = 10
let monthCount = 120
let folder = NSTemporaryDirectory() + "receipts-stats-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

/// Printed names: products with the weights, volumes and marks printers add, so that names repeat
/// the way they do on real receipts (about 3,000 different ones).
let products = [
    "МОЛОКО ПАСТ.", "КЕФИР", "ХЛЕБ БОРОДИНСКИЙ", "БАТОН НАРЕЗНОЙ", "ЯЙЦО КУР.С1", "МАСЛО СЛИВ.", "СЫР РОССИЙСКИЙ",
    "БАНАНЫ", "ЯБЛОКИ ГАЛА", "КАРТОФЕЛЬ МЫТЫЙ", "ОГУРЦЫ", "ТОМАТЫ", "ФИЛЕ ГРУДКИ ЦБ", "ГРЕЧКА ЯДРИЦА", "МАКАРОНЫ",
    "САХАР ПЕСОК", "КОФЕ МОЛОТ.", "ЧАЙ ЧЕРН.", "ШОКОЛАД МОЛОЧ.", "ВОДА МИН.", "СОК ЯБЛОЧ.", "ПЕЛЬМЕНИ", "ТВОРОГ",
    "ПИВО СВЕТЛ.", "ВИНО КРАСН.СУХ.", "СИГАРЕТЫ", "ИБУПРОФЕН ТАБ.", "ВИТАМИН D3", "АИ-95", "КАПУЧИНО", "ЛАТТЕ",
    "КРУАССАН", "БИЗНЕС-ЛАНЧ", "КАБЕЛЬ USB-C", "НАУШНИКИ", "СРЕДСТВО Д/ПОСУДЫ", "БУМАГА ТУАЛ.", "ФУТБОЛКА",
    "НОСКИ", "ПОДГУЗНИКИ", "КОРМ Д/КОШЕК", "ШАМПУНЬ", "ЗУБН.ПАСТА", "БИЛЕТ В КИНО", "ТОВАР ПРОЧИЙ", "УСЛУГА",
]
let sizes = ["", " 1Л", " 930МЛ", " 400Г", " 1КГ", " ВЕС", " 10ШТ", " 0,5Л", " 250Г", " 2,5%", " 3,2% 930МЛ"]
let brands = ["", " ДОМИК", " ПРОСТОКВАШИНО", " ЭКОНИВА", " ЛЕНТА", " КРАСНАЯ ЦЕНА"]
let names = products.flatMap { product in sizes.flatMap { size in brands.map { product + $0 + size } } }
let placeCategories: [Category] = [.groceries, .groceries, .groceries, .cafes, .health, .fuel, .household, .other]
let places = (0..<200).map { index in
    Place(
        id: "bench-\(index)", name: "Магазин \(index)",
        coordinate: Coordinate(clampingLatitude: 55.7 + Double(index) / 1000, longitude: 37.6),
        category: placeCategories[index % placeCategories.count], address: "ул. Тестовая, \(index)")
}
let firstMonth = try Month(year: 2016, month: 11)

/// Receipt `index` of a history spread evenly over the months; about 2% are refunds.
func receipt(_ index: Int, random: inout SeededRandom) throws -> Receipt {
    let month = firstMonth.advanced(by: index * monthCount / max(1, receiptCount)) ?? firstMonth
    let day = 1 + random.below(month.dayCount)
    var items: [Item] = []
    var total: Int64 = 0
    for _ in 0..<itemsPerReceipt {
        let sum = Int64(random.next() % 50_000) + 100
        total += sum
        items.append(
            Item(
                name: names[random.below(names.count)], price: Money(kopecks: sum), quantity: 1,
                sum: Money(kopecks: sum)))
    }
    return Receipt(
        identity: try FiscalIdentity(fn: "9999078900012345", i: Int64(index + 1), fp: Int64(index + 1_000_000)),
        dateTime: try LocalDateTime(year: month.year, month: month.month, day: day, hour: 12),
        operation: random.next() % 50 == 0 ? .saleRefund : .sale, total: Money(kopecks: total),
        retailPlace: nil, items: items, placeID: places[random.below(places.count)].id)
}

/// Saves `count` receipts 50 to a transaction, as an import writes its pages; returns the wall-clock
/// and the CPU seconds.
func importHistory(into database: ReceiptDatabase, count: Int) throws -> (wall: Double, cpu: Double) {
    var random = SeededRandom(seed: 42)
    try database.save(places)
    var wall = 0.0
    let cpu = try cpuSeconds {
        wall = try seconds {
            var page: [Receipt] = []
            page.reserveCapacity(50)
            for index in 0..<count {
                page.append(try receipt(index, random: &random))
                if page.count == 50 || index == count - 1 {
                    try database.save(page)
                    page.removeAll(keepingCapacity: true)
                }
            }
            // As an import ends.
            try database.updateSearchIndex()
        }
    }
    return (wall, cpu)
}

let rules = try CategoryRuleSet.standard(configFolder: nil)

// What keeping categories and totals costs an import: the same receipts into fresh files, with and
// without, alternating.
var withTotals: [Double] = []
var withoutTotals: [Double] = []
var withTotalsCPU: [Double] = []
var withoutTotalsCPU: [Double] = []
for run in 0..<5 {
    for keeping in [true, false] {
        let path = folder + "/overhead-\(run)-\(keeping).sqlite"
        let database = try ReceiptDatabase.open(at: path, createIfMissing: true, rules: rules, keepingTotals: keeping)
        let elapsed = try importHistory(into: database, count: overheadCount)
        if keeping {
            withTotals.append(elapsed.wall)
            withTotalsCPU.append(elapsed.cpu)
        } else {
            withoutTotals.append(elapsed.wall)
            withoutTotalsCPU.append(elapsed.cpu)
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

// The large history, from nothing.
let historyPath = keptDatabase ?? folder + "/history.sqlite"
for file in [historyPath, historyPath + "-wal", historyPath + "-shm"] {
    try? FileManager.default.removeItem(atPath: file)
}
let database = try ReceiptDatabase.open(at: historyPath, rules: rules)
let buildSeconds = try importHistory(into: database, count: receiptCount).wall
let lastMonth = firstMonth.advanced(by: monthCount - 1) ?? firstMonth
let middleMonth = firstMonth.advanced(by: monthCount / 2) ?? firstMonth
let everything = firstMonth...lastMonth

// The first read after the import recomputes the item-name totals of every month it touched.
let firstRead = try seconds { _ = try SpendingStatistics.read(from: database, range: everything) }

func timed(_ runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
    try body()  // warm the page cache
    return try (0..<runs).map { _ in try seconds(body) }
}
let allCategories = try timed(200) { _ = try database.categoryTotals() }
let allStatistics = try timed(50) { _ = try SpendingStatistics.read(from: database, range: everything) }
let oneMonthCategories = try timed(200) { _ = try database.categoryTotals(middleMonth...middleMonth) }
let oneMonthStatistics = try timed(200) {
    _ = try SpendingStatistics.read(from: database, range: middleMonth...middleMonth)
}
let plain = try (0..<1).map { _ in try seconds { _ = try database.plainCategoryGroupBy() } }
database.close()

print("receipts statistics benchmark — \(machineDescription())")
print(
    "\(receiptCount) receipts with \(receiptCount * itemsPerReceipt) items over \(monthCount) months, "
        + "\(names.count) item names, \(places.count) shops; built in \(String(format: "%.0f", buildSeconds)) s "
        + "(\(Int(Double(receiptCount) / buildSeconds)) receipts/s)")
print("| what | median | p90 | runs |")
print("|---|---:|---:|---:|")
for (label, values) in [
    ("all months × categories (kept totals)", allCategories),
    ("all months: full statistics with comparisons, top shops and items", allStatistics),
    ("one month × categories (kept totals)", oneMonthCategories),
    ("one month: full statistics", oneMonthStatistics),
    ("plain SQLite GROUP BY over the items, all months × categories", plain),
    ("first full statistics after the import (recomputes every month's item-name totals)", [firstRead]),
] {
    print(
        "| \(label) | \(formatted(seconds: median(values))) | \(formatted(seconds: percentile(values, 0.9))) | \(values.count) |"
    )
}
let overhead = median(withTotalsCPU) / median(withoutTotalsCPU) - 1
let wallOverhead = median(withTotals) / median(withoutTotals) - 1
print(
    "\nKept totals answer all months \(String(format: "%.0f", median(plain) / median(allCategories)))× faster than "
        + "the GROUP BY (targets: all-time ≤ 5 ms, one month ≤ 1 ms).")
print(
    "Import of \(overheadCount) receipts (50 a transaction), medians of 5 alternating runs: "
        + "\(formatted(seconds: median(withoutTotalsCPU))) of CPU without categories and totals, "
        + "\(formatted(seconds: median(withTotalsCPU))) with them: +\(String(format: "%.1f", overhead * 100)) % "
        + "(target ≤ 15 %); wall clock \(formatted(seconds: median(withoutTotals))) and "
        + "\(formatted(seconds: median(withTotals))), +\(String(format: "%.1f", wallOverhead * 100)) %.")
summaryRow(
    "stats: all months × categories", data: "\(receiptCount) receipts, \(receiptCount * itemsPerReceipt) items",
    median: formatted(seconds: median(allCategories)),
    compared: String(format: "%.0f× the GROUP BY", median(plain) / median(allCategories)), target: "≤ 5 ms")
summaryRow(
    "stats: one month × categories", data: "\(receiptCount) receipts",
    median: formatted(seconds: median(oneMonthCategories)), compared: "", target: "≤ 1 ms")
summaryRow(
    "import with categories and totals", data: "\(overheadCount) receipts",
    median: formatted(seconds: median(withTotalsCPU)) + " CPU",
    compared: String(format: "+%.1f %% CPU over without (wall +%.1f %%)", overhead * 100, wallOverhead * 100),
    target: "≤ 15 %")
