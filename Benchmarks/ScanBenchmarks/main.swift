import BenchmarkSupport
import Foundation
import ReceiptCore
import ReceiptPhotos
import ReceiptScan

// `make bench`: the QR cascade on a degraded set of receipt photos made here (every kind of damage,
// 1.5 MP and 12 MP frames, saved as JPEG like a phone does), side by side with `zbarimg` of
// zbar-tools on the same files. Release build; one image at a time on one core for both.

let environment = ProcessInfo.processInfo.environment
let perKind = Int(environment["SCAN_BENCH_PER_KIND"] ?? "") ?? 13
let onlyKinds = environment["SCAN_BENCH_KINDS"].map { Set($0.split(separator: ",").map(String.init)) }
let sizes: [(name: String, width: Int, height: Int)] = [("1.5 MP", 1_500, 1_000), ("12 MP", 4_000, 3_000)]
let kinds = PhotoDamage.allCases.filter { onlyKinds?.contains($0.rawValue) ?? true }

struct Sample {
    let file: String
    let kind: PhotoDamage
    let size: String
    let payload: String
}

/// A fiscal payload with plausible fields, different for every index.
func payload(_ index: Int) -> String {
    var generator = SeededRandom(seed: UInt64(index) &+ 1_000)
    let day = Int.random(in: 1...28, using: &generator)
    let month = Int.random(in: 1...12, using: &generator)
    let kopecks = Int.random(in: 100...2_000_000, using: &generator)
    let fn = (0..<16).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
    let time = String(
        format: "2025%02d%02dT%02d%02d", month, day, Int.random(in: 8...22, using: &generator),
        Int.random(in: 0...59, using: &generator))
    let total = String(format: "%d.%02d", kopecks / 100, kopecks % 100)
    let i = Int.random(in: 1...200_000, using: &generator)
    let fp = Int.random(in: 100_000_000...4_294_967_295, using: &generator)
    return "t=\(time)&s=\(total)&fn=\(fn)&i=\(i)&fp=\(fp)&n=\(Int.random(in: 1...2, using: &generator))"
}

// SCAN_BENCH_FOLDER keeps the photos between runs (made once, reused), for tuning the cascade.
let keptFolder = environment["SCAN_BENCH_FOLDER"]
let folder = keptFolder ?? NSTemporaryDirectory() + "receipts-scan-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { if keptFolder == nil { try? FileManager.default.removeItem(atPath: folder) } }

let generationStart = Date()
var samples: [Sample] = []
for size in sizes {
    for kind in kinds {
        for variant in 0..<perKind {
            let text = payload((PhotoDamage.allCases.firstIndex(of: kind) ?? 0) * 100_000 + size.width * 10 + variant)
            let file = folder + "/\(kind.rawValue)-\(size.width)-\(variant).jpg"
            if keptFolder == nil || !FileManager.default.fileExists(atPath: file) {
                let photo = kind.photo(of: text, width: size.width, height: size.height, variant: variant)
                try Data(try photo.jpeg()).write(to: URL(fileURLWithPath: file))
            }
            samples.append(Sample(file: file, kind: kind, size: size.name, payload: text))
        }
    }
}
let generationSeconds = Date().timeIntervalSince(generationStart)

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

/// Our side: the file read, decoded and scanned by the cascade.
func cascade(_ sample: Sample) -> (found: Bool, ms: Double, decodeMs: Double, pass: String) {
    let start = DispatchTime.now().uptimeNanoseconds
    guard let data = FileManager.default.contents(atPath: sample.file), let image = try? ImageLoader.load(data)
    else { return (false, milliseconds(since: start), 0, "error") }
    let loaded = DispatchTime.now().uptimeNanoseconds
    let result = try? ReceiptCodeReader().read(image)
    let decodeMs = milliseconds(since: loaded)
    let found = result?.codes.contains { $0.text == sample.payload } ?? false
    return (found, milliseconds(since: start), decodeMs, result?.pass?.rawValue ?? "none")
}

/// The other side: `zbarimg --raw -q FILE`, a process per image as a script would run it.
func zbarimg(_ sample: Sample) -> (found: Bool, ms: Double)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
    process.arguments = ["--raw", "-q", sample.file]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let ms = milliseconds(since: start)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    return (lines.contains(sample.payload), ms)
}

struct Tally {
    var found = 0
    var total = 0
    var times: [Double] = []
    var rate: String { total == 0 ? "–" : String(format: "%.0f%%", 100 * Double(found) / Double(total)) }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

var ours: [String: Tally] = [:]
var theirs: [String: Tally] = [:]
var oursBySize: [String: Tally] = [:]
var oursDecodeBySize: [String: [Double]] = [:]
var theirsBySize: [String: Tally] = [:]
var passes: [String: Int] = [:]
let hasZbarimg =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") && environment["SCAN_BENCH_NO_ZBARIMG"] == nil
for sample in samples {
    let mine = cascade(sample)
    passes[mine.pass, default: 0] += 1
    for key in [sample.kind.rawValue, "all"] {
        ours[key, default: Tally()].total += 1
        ours[key, default: Tally()].found += mine.found ? 1 : 0
    }
    oursBySize[sample.size, default: Tally()].times.append(mine.ms)
    oursDecodeBySize[sample.size, default: []].append(mine.decodeMs)
    if environment["SCAN_BENCH_VERBOSE"] != nil, !mine.found {
        print("missed: \(sample.file)")
    }
    guard hasZbarimg, let other = zbarimg(sample) else { continue }
    for key in [sample.kind.rawValue, "all"] {
        theirs[key, default: Tally()].total += 1
        theirs[key, default: Tally()].found += other.found ? 1 : 0
    }
    theirsBySize[sample.size, default: Tally()].times.append(other.ms)
}

var uts = utsname()
uname(&uts)
let architecture = withUnsafeBytes(of: &uts.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?.split(separator: ":").last
let machine = model.map { $0.trimmingCharacters(in: .whitespaces) + ", " + architecture } ?? architecture
let libraries = ImageLibraries.versions
// Other work on the machine slows both sides alike; the load average says how much there was.
let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").first
print("## QR codes from receipt photos")
print()
print(
    "Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(machine), "
        + "\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB; zbar \(libraries["zbar"] ?? "?"), "
        + "libjpeg \(libraries["libjpeg"] ?? "?"). Release build, one image at a time; load average "
        + "\(load ?? "?") at the end.")
print(
    "Data: \(samples.count) JPEG photos made by `ReceiptPhotos` (\(perKind) per kind of damage and frame size, "
        + "\(sizes.map(\.name).joined(separator: " and "))), generated in "
        + String(format: "%.1f s", generationSeconds) + ".")
print()
print("| damage | images | cascade | zbarimg |")
print("|---|---:|---:|---:|")
for key in kinds.map(\.rawValue) + ["all"] {
    let name = key == "all" ? "**all**" : key
    print("| \(name) | \(ours[key]?.total ?? 0) | \(ours[key]?.rate ?? "–") | \(theirs[key]?.rate ?? "–") |")
}
print()
print("| frame | cascade median (file → codes) | of which decoding | zbarimg median (process) | ratio |")
print("|---|---:|---:|---:|---:|")
for size in sizes.map(\.name) {
    let mine = median(oursBySize[size]?.times ?? [])
    let decode = median(oursDecodeBySize[size] ?? [])
    let other = median(theirsBySize[size]?.times ?? [])
    let ratio = mine > 0 && other > 0 ? String(format: "%.1f× faster", other / mine) : "–"
    print(
        "| \(size) | " + String(format: "%.1f ms", mine) + " | " + String(format: "%.1f ms", decode) + " | "
            + (other > 0 ? String(format: "%.1f ms", other) : "–") + " | \(ratio) |")
}
print()
let passNames = ReceiptCodeReader.Pass.allCases.map(\.rawValue) + ["none", "error"]
print(
    "Pass that found the code: "
        + passNames.compactMap { name in passes[name].map { "\(name) \($0)" } }.joined(separator: ", ") + ".")
summaryRow(
    "QR codes read from photos", data: "\(samples.count) photos, \(sizes.map(\.name).joined(separator: " and "))",
    median: ours["all"]?.rate ?? "–", compared: "zbarimg \(theirs["all"]?.rate ?? "–")", target: "≥ 90 %")
if let first = sizes.first?.name {
    let mine = median(oursBySize[first]?.times ?? [])
    let other = median(theirsBySize[first]?.times ?? [])
    summaryRow(
        "QR from a \(first) photo, file to codes", data: "\(oursBySize[first]?.times.count ?? 0) photos",
        median: String(format: "%.1f ms", mine),
        compared: mine > 0 && other > 0 ? String(format: "%.1f× faster than zbarimg", other / mine) : "",
        target: "≤ 40 ms, faster than zbarimg")
}
