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
// STATS_BENCH_IMPORT_ONLY=both measures only what categories, totals and unit prices cost an import
// (STATS_BENCH_IMPORT_RUNS alternating runs, 5 by default) and prints that line; `with` or `without`
// runs only that side's imports, for a profiler.

let environment = ProcessInfo.processInfo.environment
let receiptCount = Int(environment["STATS_BENCH_RECEIPTS"] ?? "") ?? 1_000_000
let overheadCount = Int(environment["STATS_BENCH_IMPORT_RECEIPTS"] ?? "") ?? 50_000
let keptDatabase = environment["STATS_BENCH_KEEP_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
let importOnly = environment["STATS_BENCH_IMPORT_ONLY"].flatMap { $0.isEmpty ? nil : $0 }
let overheadRuns = max(1, Int(environment["STATS_BENCH_IMPORT_RUNS"] ?? "") ?? 5)
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

/// Each product's everyday price per kilogram, litre or piece in the first month (30 to 600 roubles),
/// and what a printed name's size makes of it (`930МЛ` is 0.93 of the litre price; a weighed name's
/// price is the kilogram's); each shop's chain (ten chains, each a little dearer or cheaper). Shops
/// price a product the same way all month, as real ones do, so that unit prices repeat, agree
/// between sizes, and change with the months.
let basePrices: [Double] = names.indices.map { index in
    // Names run product by product, size by size, brand by brand: one price a product and brand.
    let productAndBrand = index / (sizes.count * brands.count) * brands.count + index % brands.count
    var random = SeededRandom(seed: UInt64(productAndBrand + 1))
    let size = UnitPrice.size(inName: names[index])?.thousandths ?? 1_000
    return Double(3_000 + random.below(57_000)) * Double(size) / 1_000
}
let chainFactors = (0..<10).map { 0.9 + Double($0) * 0.025 }

/// The price of name `name` at shop `shop` in month `monthIndex`: dearer every quarter (about 2 %,
/// more for some products), a tenth of the lines on offer at 20 % off.
func price(name: Int, shop: Int, monthIndex: Int, offer: Bool) -> Int64 {
    let quarterly = 1.015 + Double(name / (sizes.count * brands.count) % 5) * 0.004
    let price = basePrices[name] * chainFactors[shop % chainFactors.count] * pow(quarterly, Double(monthIndex / 3))
    return Int64((price * (offer ? 0.8 : 1) / 10).rounded()) * 10
}

/// Receipt `index` of `count` spread evenly over the months; about 2% are refunds. Weighed goods
/// (`ВЕС`) come in 0.2 to 2.5 kg; a tenth of the other lines buy two.
func receipt(_ index: Int, of count: Int, random: inout SeededRandom) throws -> Receipt {
    let monthIndex = index * monthCount / max(1, count)
    let month = firstMonth.advanced(by: monthIndex) ?? firstMonth
    let day = 1 + random.below(month.dayCount)
    let shop = random.below(places.count)
    var items: [Item] = []
    var total: Int64 = 0
    for _ in 0..<itemsPerReceipt {
        let name = random.below(names.count)
        let unitPrice = price(name: name, shop: shop, monthIndex: monthIndex, offer: random.below(10) == 0)
        let quantity =
            names[name].hasSuffix(" ВЕС")
            ? Double(200 + random.below(2_300)) / 1_000 : (random.below(10) == 0 ? 2 : 1)
        let sum = Int64((Double(unitPrice) * quantity).rounded())
        total += sum
        items.append(
            Item(name: names[name], price: Money(kopecks: unitPrice), quantity: quantity, sum: Money(kopecks: sum)))
    }
    return Receipt(
        identity: try FiscalIdentity(fn: "9999078900012345", i: Int64(index + 1), fp: Int64(index + 1_000_000)),
        dateTime: try LocalDateTime(year: month.year, month: month.month, day: day, hour: 12),
        operation: random.next() % 50 == 0 ? .saleRefund : .sale, total: Money(kopecks: total),
        retailPlace: nil, items: items, placeID: places[shop].id)
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
                page.append(try receipt(index, of: count, random: &random))
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

// What keeping categories, totals and unit prices costs an import: the same receipts into fresh files, with and
// without, alternating.
var withTotals: [Double] = []
var withoutTotals: [Double] = []
var withTotalsCPU: [Double] = []
var withoutTotalsCPU: [Double] = []
let sides: [Bool] =
    switch importOnly {
    case "with": [true]
    case "without": [false]
    default: [true, false]
    }
for run in 0..<overheadRuns {
    for keeping in sides {
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
let overhead = median(withTotalsCPU) / median(withoutTotalsCPU) - 1
let wallOverhead = median(withTotals) / median(withoutTotals) - 1
let overheadLine =
    "Import of \(overheadCount) receipts (50 a transaction), medians of \(overheadRuns) alternating runs: "
    + "\(formatted(seconds: median(withoutTotalsCPU))) of CPU without categories, totals and unit prices, "
    + "\(formatted(seconds: median(withTotalsCPU))) with them: +\(String(format: "%.1f", overhead * 100)) % "
    + "(target ≤ 15 %); wall clock \(formatted(seconds: median(withoutTotals))) and "
    + "\(formatted(seconds: median(withTotals))), +\(String(format: "%.1f", wallOverhead * 100)) %."
if let importOnly {
    if importOnly == "both" { print(overheadLine) }
    // exit skips the top level's defer.
    try? FileManager.default.removeItem(atPath: folder)
    exit(0)
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

// Unit prices, personal inflation and budgets over the last twelve months. The import left every
// month's product figures stale (kept apart from the statistics' own): the first read recomputes
// the stale months it reads. Each first read is measured from that state: the months are marked
// stale again before the next.
let year = (lastMonth.advanced(by: -11) ?? firstMonth)...lastMonth
var milkReport: PriceReport?
let firstPrices = try seconds {
    milkReport = try PriceReport.read(
        from: database, matching: "молоко", from: year.lowerBound, through: year.upperBound)
}
let milk = (milkReport?.kinds.flatMap(\.products) ?? []) + (milkReport?.products ?? [])
try database.markAllPricesStale()
let firstInflation = try seconds { _ = try PersonalInflation.read(from: database, months: year) }
try database.markAllPricesStale()
let firstWholePrices = try seconds { _ = try PriceReport.read(from: database, matching: "молоко") }
let prices = try timed(50) {
    _ = try PriceReport.read(from: database, matching: "молоко", from: year.lowerBound, through: year.upperBound)
}
var inflation: PersonalInflation?
let inflationTimes = try timed(50) { inflation = try PersonalInflation.read(from: database, months: year) }
for (category, roubles) in [(Category.groceries, 500_000), (.cafes, 50_000), (.health, 20_000), (.fuel, 30_000)] {
    try database.setBudget(category, amount: Money(kopecks: Int64(roubles) * 100))
}
let today = try LocalDateTime(year: lastMonth.year, month: lastMonth.month, day: 20, hour: 12)
let budgets = try timed(200) { _ = try BudgetStatus.read(from: database, month: lastMonth, today: today) }
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
    ("receipts prices молоко, 12 months (kept product figures)", prices),
    ("receipts inflation, 12 months (kept product figures)", inflationTimes),
    ("receipts budget, the last month (kept totals)", budgets),
    ("first prices молоко, 12 months, after the import (recomputes those months' product figures)", [firstPrices]),
    ("first inflation, 12 months, after the import (recomputes those months' product figures)", [firstInflation]),
    (
        "first prices молоко, every month, after the import (recomputes every month's product figures)",
        [firstWholePrices]
    ),
] {
    print(
        "| \(label) | \(formatted(seconds: median(values))) | \(formatted(seconds: percentile(values, 0.9))) | \(values.count) |"
    )
}
print(
    "\nKept totals answer all months \(String(format: "%.0f", median(plain) / median(allCategories)))× faster than "
        + "the GROUP BY (targets: all-time ≤ 5 ms, one month ≤ 1 ms).")
print(overheadLine)
print(
    "\nAfter the import of \(receiptCount) receipts (\(formatted(seconds: buildSeconds)); categories, totals and the "
        + "product figures' stale marks cost an import +\(String(format: "%.1f", overhead * 100)) % CPU, above): "
        + "the first `prices молоко` over "
        + "\(year.lowerBound)…\(year.upperBound) took \(formatted(seconds: firstPrices)), the first `inflation` over the "
        + "same months \(formatted(seconds: firstInflation)) (targets ≤ 5 s), against \(formatted(seconds: median(prices))) "
        + "and \(formatted(seconds: median(inflationTimes))) once they are kept; over every month, "
        + "\(formatted(seconds: firstWholePrices)) (\(String(format: "%.0f", firstWholePrices / buildSeconds * 100)) % "
        + "of the import's time: what bringing every month up to date would add to the import).")
let milkPurchases = milk.reduce(0) { $0 + $1.months.reduce(0) { $0 + $1.purchases } }
print(
    "\nOver \(year.lowerBound)…\(year.upperBound): `prices молоко` finds \(milk.count) products in \(milkPurchases) purchases; "
        + "inflation \(String(format: "%+.1f", ((inflation?.index ?? 1) - 1) * 100)) % over "
        + "\(inflation?.pairs.count ?? 0) month pairs, covering \(String(format: "%.0f", (inflation?.coverage ?? 0) * 100)) % "
        + "of the spending (targets: prices and inflation ≤ 50 ms, budget ≤ 5 ms).")
summaryRow(
    "stats: all months × categories", data: "\(receiptCount) receipts, \(receiptCount * itemsPerReceipt) items",
    median: formatted(seconds: median(allCategories)),
    compared: String(format: "%.0f× the GROUP BY", median(plain) / median(allCategories)), target: "≤ 5 ms")
summaryRow(
    "stats: one month × categories", data: "\(receiptCount) receipts",
    median: formatted(seconds: median(oneMonthCategories)), compared: "", target: "≤ 1 ms")
summaryRow(
    "import with categories, totals and unit prices", data: "\(overheadCount) receipts",
    median: formatted(seconds: median(withTotalsCPU)) + " CPU",
    compared: String(format: "+%.1f %% CPU over without (wall +%.1f %%)", overhead * 100, wallOverhead * 100),
    target: "≤ 15 %")
summaryRow(
    "prices: one product, 12 months", data: "\(receiptCount) receipts", median: formatted(seconds: median(prices)),
    compared: "", target: "≤ 50 ms")
summaryRow(
    "first prices after the import: one product, 12 months", data: "\(receiptCount) receipts",
    median: formatted(seconds: firstPrices),
    compared: "every month: " + formatted(seconds: firstWholePrices), target: "≤ 5 s")
summaryRow(
    "first inflation after the import: 12 months", data: "\(receiptCount) receipts",
    median: formatted(seconds: firstInflation), compared: "", target: "≤ 5 s")
summaryRow(
    "inflation: 12 months", data: "\(receiptCount) receipts", median: formatted(seconds: median(inflationTimes)),
    compared: "", target: "≤ 50 ms")
summaryRow(
    "budget: the last month", data: "\(receiptCount) receipts", median: formatted(seconds: median(budgets)),
    compared: "", target: "≤ 5 ms")
