import BenchmarkSupport
import Foundation
import ReceiptBank
import ReceiptCore

// `make bench`: pairing a year of card payments with a year of receipts (PaymentMatcher), and
// exporting a large history as a ledger in constant memory (the `receipts` binary over the
// statistics benchmark's kept database, when LEDGER_BENCH_DATABASE names it).
// Release build; medians of repeated runs.

let environment = ProcessInfo.processInfo.environment
let count = Int(environment["BANK_BENCH_PAYMENTS"] ?? "") ?? 5_000
print("bank benchmark — \(machineDescription())")

/// A year of receipts in shops of three zones, each with the bank's payment of its card part a few
/// seconds to two days later; a tenth of the receipts paid in cash (no payment), a tenth of the
/// payments transfers (no receipt); amounts from 50 to 5,000 roubles, so that equal ones recur.
var random = SeededRandom(seed: 33)
let regions = ["77", "54", "25"]
let shops = ["Пятёрочка", "Магнит", "Перекрёсток", "ВкусВилл", "Лента", "Ozon", "Аптека Ригла", "Шоколадница"]
let latin = [
    "PYATEROCHKA 1234 MOSCOW RUS", "MAGNIT MM 77", "PEREKRESTOK", "VKUSVILL 12", "LENTA-45", "OZON", "RIGLA",
    "SHOKOLADNITSA",
]
var receipts: [PaymentMatcher.Receipt] = []
var payments: [PaymentMatcher.Payment] = []
var truth: [Int64: Int64] = [:]
let start = try LocalDateTime(iso: "2025-01-01T08:00:00")
for index in 0..<count {
    let minute = random.below(365 * 24 * 60)
    let region = regions[random.below(regions.count)]
    let offset = RegionClock.offsetMinutes(region: region) ?? 180
    let instant = ZonedDateTime(local: start, offsetMinutes: 180).instant + Int64(minute) * 60
    let local = try LocalDateTime(
        dayNumber: Int((instant + Int64(offset) * 60) / 86_400))
    let secondOfDay = Int((instant + Int64(offset) * 60) % 86_400)
    let time = try LocalDateTime(
        year: local.year, month: local.month, day: local.day, hour: secondOfDay / 3_600,
        minute: secondOfDay / 60 % 60)
    let amount = Int64(50 + random.below(4_950)) * 100 + (random.below(2) == 0 ? 0 : Int64(random.below(100)))
    let shop = random.below(shops.count)
    let cash = random.below(10) == 0
    let id = Int64(index + 1)
    receipts.append(
        PaymentMatcher.Receipt(
            id: id, dateTime: time, operation: .sale, card: cash ? .zero : Money(kopecks: amount), region: region,
            shopNames: [shops[shop]]))
    guard !cash else { continue }
    let delay = random.below(10) == 0 ? 86_400 + random.below(86_400) : 5 + random.below(120)
    let paid = instant + Int64(delay)
    let moscow = try LocalDateTime(dayNumber: Int((paid + 10_800) / 86_400))
    let second = Int((paid + 10_800) % 86_400)
    let paymentTime = try LocalDateTime(
        year: moscow.year, month: moscow.month, day: moscow.day, hour: second / 3_600, minute: second / 60 % 60,
        second: second % 60)
    let paymentID = Int64(payments.count + 1)
    payments.append(
        PaymentMatcher.Payment(
            id: paymentID, time: ZonedDateTime(local: paymentTime, offsetMinutes: 180), spent: Money(kopecks: amount),
            description: latin[shop]))
    truth[paymentID] = id
}
for index in 0..<(count / 10) {
    payments.append(
        PaymentMatcher.Payment(
            id: Int64(payments.count + 1),
            time: ZonedDateTime(
                local: try LocalDateTime(dayNumber: start.dayNumber + random.below(365)), offsetMinutes: 180),
            timeKnown: index % 2 == 0, spent: Money(kopecks: Int64(100 + random.below(20_000)) * 100),
            description: "Перевод между счетами"))
}

var outcome = PaymentMatcher().match(payments: payments, receipts: receipts)
var times: [Double] = []
for _ in 0..<7 {
    times.append(seconds { outcome = PaymentMatcher().match(payments: payments, receipts: receipts) })
}
let right = outcome.matches.filter { truth[$0.payment] == $0.receipt }.count
let strict = outcome.matches.filter(\.reason.isStrict).count
print("\n| payments | receipts | matching (median of 7) | paired | paired right | strict |")
print("|---:|---:|---:|---:|---:|---:|")
print(
    "| \(payments.count) | \(receipts.count) | \(formatted(seconds: median(times))) | \(outcome.matches.count) "
        + "| \(right) of \(truth.count) | \(strict) |")
summaryRow(
    "match payments with receipts", data: "\(payments.count) payments × \(receipts.count) receipts, a year",
    median: formatted(seconds: median(times)), compared: "\(right) of \(truth.count) paired right",
    target: "≤ 200 ms")

// The export: the binary over the kept database, to /dev/null, the whole history and its first
// tenth; the peak memory of each run (its own process, so one does not hide the other).
if let database = environment["LEDGER_BENCH_DATABASE"], let binary = environment["RECEIPTS"] {
    func run(_ arguments: [String]) throws -> (seconds: Double, megabytes: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["time", "-f", "%M", binary] + arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let elapsed = try seconds {
            try process.run()
            process.waitUntilExit()
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let kilobytes =
            text.split(separator: "\n").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? .nan
        return (elapsed, kilobytes / 1_024)
    }
    print("\n| export | receipts | time | peak memory |")
    print("|---|---|---:|---:|")
    let tenth = try run(["export", "beancount", "--db", database, "--to", "2017-11"])
    print(
        "| beancount, first year | about a tenth | \(formatted(seconds: tenth.seconds)) | \(String(format: "%.0f", tenth.megabytes)) MB |"
    )
    let whole = try run(["export", "beancount", "--db", database])
    print(
        "| beancount, all | the whole history | \(formatted(seconds: whole.seconds)) | \(String(format: "%.0f", whole.megabytes)) MB |"
    )
    let hledger = try run(["export", "hledger", "--db", database, "--postings", "item"])
    print(
        "| hledger, a posting a line | the whole history | \(formatted(seconds: hledger.seconds)) | \(String(format: "%.0f", hledger.megabytes)) MB |"
    )
    summaryRow(
        "export a ledger", data: "the statistics benchmark's history, beancount",
        median: formatted(seconds: whole.seconds),
        compared: String(format: "peak %.0f MB (first year %.0f MB)", whole.megabytes, tenth.megabytes),
        target: "constant memory")
}
