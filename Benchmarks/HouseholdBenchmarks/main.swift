import BenchmarkSupport
import Foundation
import ReceiptCore
import ReceiptStats
import ReceiptStore

// `make bench`: a household's balance over a long history (issue 51: five people, 100,000
// receipts, ≤ 100 ms), from the kept monthly figures, and what recomputing them costs after a
// change to one receipt and to a rule. The people have cards, some receipts a payer named, some lines and receipts
// their own shares, and rules of each kind take more; beside the balance, one person's statistics
// of a month and of the whole history. Release build; medians of repeated runs.
// HOUSEHOLD_BENCH_RECEIPTS sets the size; HOUSEHOLD_BENCH_KEEP_DATABASE=PATH leaves a copy of the
// history there, for a profiler or `sqlite3`.

let environment = ProcessInfo.processInfo.environment
let receiptCount = Int(environment["HOUSEHOLD_BENCH_RECEIPTS"] ?? "") ?? 100_000
let folder = NSTemporaryDirectory() + "receipts-household-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

/// Printed names of a household's shopping, some of them what the rules look for.
let names = [
    "МОЛОКО ПАСТ. 3,2% 930МЛ", "КЕФИР 1% 1Л", "ХЛЕБ БОРОДИНСКИЙ 400Г", "ЯЙЦО КУР.С1 10ШТ", "СЫР РОССИЙСКИЙ ВЕС",
    "БАНАНЫ ВЕС", "КАРТОФЕЛЬ МЫТЫЙ", "ФИЛЕ ГРУДКИ ЦБ", "ГРЕЧКА ЯДРИЦА 900Г", "КОФЕ МОЛОТ. 250Г",
    "ПИВО СВЕТЛОЕ 0,5Л", "ВИНО КРАСН.СУХ. 0,75Л", "КОРМ Д/КОШЕК 85Г", "ПОДГУЗНИКИ 4 42ШТ", "ШАМПУНЬ 400МЛ",
    "ЗУБН.ПАСТА 100МЛ", "СРЕДСТВО Д/ПОСУДЫ 500МЛ", "БУМАГА ТУАЛ. 8ШТ", "ШОКОЛАД МОЛОЧ. 90Г", "ПАКЕТ",
]
let places = (0..<50).map { index in
    Place(
        id: "household-\(index)", name: "Магазин \(index)",
        coordinate: Coordinate(clampingLatitude: 55.7 + Double(index) / 1000, longitude: 37.6),
        category: index % 10 == 9 ? .pets : .groceries, address: "ул. Тестовая, \(index)")
}
let firstMonth = try Month(year: 2022, month: 1)
let monthCount = 48

/// Receipt `index`: 1 to 12 lines (6.5 on average), spread evenly over four years.
func receipt(_ index: Int, random: inout SeededRandom) throws -> Receipt {
    let month = firstMonth.advanced(by: index * monthCount / receiptCount) ?? firstMonth
    var items: [Item] = []
    var total: Int64 = 0
    for _ in 0..<(1 + random.below(12)) {
        let price = Int64(3_000 + random.below(60_000))
        total += price
        items.append(
            Item(
                name: names[random.below(names.count)], price: Money(kopecks: price), quantity: 1,
                sum: Money(kopecks: price)))
    }
    return Receipt(
        identity: try FiscalIdentity(fn: "9999078900012345", i: Int64(index + 1), fp: Int64(index + 1_000_000)),
        dateTime: try LocalDateTime(year: month.year, month: month.month, day: 1 + random.below(28), hour: 12),
        operation: random.below(50) == 0 ? .saleRefund : .sale, total: Money(kopecks: total), retailPlace: nil,
        items: items, placeID: places[random.below(places.count)].id)
}

print("# Household benchmarks")
print()
print("Machine: \(machineDescription()). Release build.")
let database = try ReceiptDatabase.open(at: folder + "/household.sqlite")
var random = SeededRandom(seed: 51)
try database.save(places)
/// Saves receipts `indices` 50 a transaction, as an import writes its pages; returns the seconds.
@MainActor func save(_ indices: Range<Int>) throws -> Double {
    var page: [Receipt] = []
    return try seconds {
        for index in indices {
            page.append(try receipt(index, random: &random))
            if page.count == 50 || index == indices.upperBound - 1 {
                _ = try database.save(page)
                page.removeAll(keepingCapacity: true)
            }
        }
    }
}
// What saving costs without a household and with one (its triggers marking months), side by side:
// the history's last 10,000 receipts before the people come, 10,000 more after.
let imported = min(10_000, receiptCount / 2)
_ = try save(0..<(receiptCount - imported))
let without = try save((receiptCount - imported)..<receiptCount)
// Five people, each with a card; the rules: beer one person's, cat food two people's by 1:2, the
// pet shops' receipts another's, alcohol by 2:1; a receipt in 50 paid by a named person, one in
// 100 shared by weights, a line in one receipt in 20 one person's.
var people: [Person] = []
for (index, name) in ["Аня", "Борис", "Вера", "Глеб", "Дина"].enumerated() {
    people.append(try database.addPerson(name, card: String(4_550 + index)).get())
}
let ids = people.map(\.id)
_ = try database.addSplitRule(.words("пиво"), weights: [.init(person: ids[1], weight: 1)]).get()
_ = try database.addSplitRule(
    .words("корм кошек"), weights: [.init(person: ids[2], weight: 1), .init(person: ids[3], weight: 2)]
).get()
if let petShop = try database.shops().first(where: { $0.name.hasSuffix("9") }) {
    _ = try database.addSplitRule(.shop(petShop.id), weights: [.init(person: ids[4], weight: 1)]).get()
}
_ = try database.addSplitRule(
    .category(.alcoholTobacco), weights: [.init(person: ids[0], weight: 2), .init(person: ids[1], weight: 1)]
).get()
for receipt in stride(from: Int64(1), through: Int64(receiptCount), by: 20) {
    if receipt % 50 == 1 { _ = try database.setPayer(of: receipt, to: ids[Int(receipt) % ids.count]) }
    if receipt % 100 == 1 {
        _ = try database.setShares(
            of: receipt, line: nil, to: [.init(person: ids[0], weight: 3), .init(person: ids[2], weight: 1)])
    }
    _ = try database.setShares(of: receipt, line: 1, to: [.init(person: ids[Int(receipt / 20) % ids.count], weight: 1)])
}
let with = try save(receiptCount..<(receiptCount + imported))
let lines = try database.monthTotals().reduce(0) { $0 + $1.items }
let size = "\((receiptCount + imported).formatted()) receipts, \(lines.formatted()) lines, 5 people, 4 rules"
print("Data: \(size).")
if let kept = environment["HOUSEHOLD_BENCH_KEEP_DATABASE"], !kept.isEmpty {
    _ = try database.backUp(to: kept)
}
print()

func timed(_ runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
    try (0..<runs).map { _ in try seconds(body) }
}
// The first balance after the people and rules were set recomputes every month's kept figures.
var balance: HouseholdBalance?
let everyMonth = try timed(1) { balance = try database.householdBalance() }
let balanceTimes = try timed(7) { balance = try database.householdBalance() }
// A change to one receipt's shares marks its month alone; a new rule marks them all.
let oneMonth = try timed(5) {
    _ = try database.setShares(of: 7, line: nil, to: [.init(person: ids[Int.random(in: 0..<5)], weight: 1)])
    balance = try database.householdBalance()
}
let ruleChange = try timed(1) {
    _ = try database.addSplitRule(.category(.household), weights: [.init(person: ids[3], weight: 1)]).get()
    balance = try database.householdBalance()
}
let sum = balance?.lines.reduce(Int64(0)) { $0 + $1.balance } ?? -1
guard let history = try database.monthRange() else { fatalError("no months in the history") }
let last = history.upperBound
let monthTimes = try timed(7) { _ = try SpendingStatistics.read(from: database, range: last...last, person: ids[1]) }
let allTimes = try timed(3) { _ = try SpendingStatistics.read(from: database, range: history, person: ids[1]) }
let householdMonth = try timed(7) { _ = try SpendingStatistics.read(from: database, range: last...last) }

print("| what | median | runs |")
print("|---|---:|---:|")
print(
    "| the balance of every month (`household balance`), kept figures | \(formatted(seconds: median(balanceTimes))) | 7 |"
)
print(
    "| the same after a receipt's shares changed (its month recomputed) | \(formatted(seconds: median(oneMonth))) | 5 |"
)
print("| the first balance, every month recomputed | \(formatted(seconds: everyMonth[0])) | 1 |")
print("| the same after a new rule (every month recomputed) | \(formatted(seconds: ruleChange[0])) | 1 |")
print("| one person's statistics of a month (`stats --person`) | \(formatted(seconds: median(monthTimes))) | 7 |")
print("| one person's statistics of the whole history | \(formatted(seconds: median(allTimes))) | 3 |")
print(
    "| the household's statistics of a month (kept totals), beside them | \(formatted(seconds: median(householdMonth))) | 7 |"
)
print(
    "| saving \(imported.formatted()) receipts, 50 a transaction: without a household / with one | "
        + "\(formatted(seconds: without)) / \(formatted(seconds: with)) (\(String(format: "%+.1f", (with / without - 1) * 100)) %) | 1 |"
)
print()
print("The balances add up to \(sum) kopecks (0 when right).")
summaryRow(
    "household balance", data: size, median: formatted(seconds: median(balanceTimes)),
    compared:
        "after a change to one receipt \(formatted(seconds: median(oneMonth))), every month \(formatted(seconds: everyMonth[0]))",
    target: "≤ 100 ms")
