import BenchmarkSupport
import Foundation
import PlaceSearch
import ReceiptCore

// `make bench`: the place index on 1,000,000 places clustered around cities, side by side with a
// brute-force scan. Release build; p50 and p99 over many queries.

let count = Int(ProcessInfo.processInfo.environment["PLACE_BENCH_COUNT"] ?? "") ?? 1_000_000
var random = SeededRandom(seed: 2026)
let cities = [
    (55.75, 37.62), (59.94, 30.31), (55.03, 82.92), (56.84, 60.61), (55.79, 49.11), (56.33, 44.0), (53.2, 50.15),
    (54.99, 73.37), (47.23, 39.72), (43.12, 131.89), (64.73, 177.5), (69.35, 88.2),
]
let names = [
    "Пятёрочка", "Перекрёсток", "Магнит", "ВкусВилл", "Дикси", "Лента", "Ашан", "Fix Price", "DNS", "Ригла",
    "Шоколадница", "Cofix", "Теремок", "Лукойл", "Красное&Белое", "Азбука вкуса",
]
let places = (0..<count).map { index -> Place in
    let city = cities[index % cities.count]
    let spread = Double.random(in: 0...1, using: &random) < 0.8 ? 0.15 : 1.5
    return Place(
        id: "p\(index)",
        name: names[Int.random(in: 0..<names.count, using: &random)] + (index % 97 == 0 ? " Экспресс" : ""),
        coordinate: Coordinate(
            clampingLatitude: city.0 + Double.random(in: -spread...spread, using: &random),
            longitude: city.1 + Double.random(in: -spread...spread, using: &random) * 1.8),
        category: .groceries, address: "")
}

// The build, three times; the median counts.
var builds: [Double] = []
var built: PlaceIndex?
for _ in 0..<3 {
    built = nil
    builds.append(seconds { built = PlaceIndex(places) })
}
let buildSeconds = median(builds)
let index = built ?? PlaceIndex(places)

func centers(_ n: Int, seed: UInt64) -> [Coordinate] {
    var random = SeededRandom(seed: seed)
    return (0..<n).map { i in
        let city = cities[i % cities.count]
        return Coordinate(
            clampingLatitude: city.0 + Double.random(in: -0.3...0.3, using: &random),
            longitude: city.1 + Double.random(in: -0.5...0.5, using: &random))
    }
}

func percentiles(_ samples: [Double]) -> (p50: Double, p99: Double) {
    let sorted = samples.sorted()
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
}

func timeQueries(_ queries: [PlaceQuery]) -> [Double] {
    queries.map { query in
        let start = DispatchTime.now().uptimeNanoseconds
        _ = index.search(query)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000
    }
}

/// The scan an index must beat: every place's distance, the best `limit` kept in a sorted array.
func bruteForce(_ query: PlaceQuery) -> [String] {
    let words = PlaceText.words(query.text)
    var wordsByName: [String: [String]] = [:]
    var best: [(Double, String)] = []
    for place in places {
        if !words.isEmpty {
            let nameWords = wordsByName[place.name] ?? PlaceText.words(place.name)
            wordsByName[place.name] = nameWords
            guard PlaceText.matches(query: words, name: nameWords) else { continue }
        }
        let hit = (GreatCircle.distance(query.center, place.coordinate), place.id)
        if best.count == query.limit, let worst = best.last, !(hit < worst) { continue }
        let position = best.firstIndex { hit < $0 } ?? best.endIndex
        best.insert(hit, at: position)
        if best.count > query.limit { best.removeLast() }
    }
    return best.map(\.1)
}

let nearest = centers(2_000, seed: 1).map { PlaceQuery(center: $0, limit: 50) }
let filtered = centers(2_000, seed: 2).enumerated().map { i, center in
    PlaceQuery(center: center, text: ["пятер", "экспр", "dns", "азбука вк"][i % 4], limit: 50)
}
let nearestTimes = percentiles(timeQueries(nearest))
let filteredTimes = percentiles(timeQueries(filtered))

// The same answers as brute force, and its time, on a sample of the queries.
var bruteTimes: [Double] = []
var agreed = 0
for query in Array(nearest.prefix(10)) + Array(filtered.prefix(10)) {
    let start = DispatchTime.now().uptimeNanoseconds
    let expected = bruteForce(query)
    bruteTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000)
    if index.search(query).hits.map(\.place.id) == expected { agreed += 1 }
}
let brute = percentiles(bruteTimes)

print(
    "place index benchmark — \(machineDescription()); \(count) places around \(cities.count) cities"
)
print("| what | p50 | p99 | queries |")
print("|---|---:|---:|---:|")
print("| build (median of 3) | \(String(format: "%.0f ms", buildSeconds * 1000)) | | \(builds.count) |")
print(
    "| k=50 nearest | \(String(format: "%.1f µs", nearestTimes.p50)) | \(String(format: "%.1f µs", nearestTimes.p99)) | \(nearest.count) |"
)
print(
    "| k=50 nearest, text-filtered | \(String(format: "%.1f µs", filteredTimes.p50)) | \(String(format: "%.1f µs", filteredTimes.p99)) | \(filtered.count) |"
)
print(
    "| brute-force scan (same queries, sample) | \(String(format: "%.0f µs", brute.p50)) | \(String(format: "%.0f µs", brute.p99)) | \(bruteTimes.count) |"
)
print(
    "\nIndex answers equal brute force on \(agreed) of \(bruteTimes.count) sampled queries; k=50 nearest p50 is \(String(format: "%.0f", brute.p50 / nearestTimes.p50))× faster than the scan (targets: p50 ≤ 50 µs, p99 ≤ 200 µs, text p99 ≤ 2 ms, build ≤ 1 s)."
)
summaryRow(
    "k=50 nearest places", data: "\(count) places", median: String(format: "%.1f µs", nearestTimes.p50),
    compared: String(
        format: "%.0f× the scan; %d/%d answers equal", brute.p50 / nearestTimes.p50, agreed, bruteTimes.count),
    target: "p50 ≤ 50 µs, p99 ≤ 200 µs")
summaryRow(
    "place index build", data: "\(count) places", median: String(format: "%.0f ms", buildSeconds * 1000), compared: "",
    target: "≤ 1 s")
