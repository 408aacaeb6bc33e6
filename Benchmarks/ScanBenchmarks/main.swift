import BenchmarkSupport
import Foundation
import ReceiptCore
import ReceiptPhotos
import ReceiptScan

// `make bench`: the QR cascade on two sets of degraded receipt photos made here (the phone set,
// calibrated against zxing-cpp, and the older easy set; every kind of damage, 1.5 MP and 12 MP
// frames, saved as JPEG like a phone does; SCAN_BENCH_SETS=phone or easy for one), side by side with `zbarimg` of
// zbar-tools on the same files, with the cascade's zbar alone, and with zxing-cpp from PyPI as an
// outside yardstick (ZXING_PYTHON: a Python with zxing-cpp and Pillow, which `make bench` sets up).
// Release build; one image at a time on one core for all. Then zxing-cpp's own test photos
// (Tests/Fixtures/qr-photos, SCAN_BENCH_SETS=photos alone): 137 with a QR code of any kind, whose
// text must be read exactly, and 46 without one, where nothing may be found.

let environment = ProcessInfo.processInfo.environment
let perKind = Int(environment["SCAN_BENCH_PER_KIND"] ?? "") ?? 13
let onlyKinds = environment["SCAN_BENCH_KINDS"].map { Set($0.split(separator: ",").map(String.init)) }
let sizes = ScanSample.frames
let sets = (environment["SCAN_BENCH_SETS"] ?? "phone,easy,photos").split(separator: ",").map(String.init)
/// The kinds of damage measured: both sets' (``PhoneDamage``, the yardstick calibrated against
/// zxing-cpp, and ``PhotoDamage``, the older easy set calibrated against zbar), or those named.
let kinds = ["phone", "easy"].filter(sets.contains).flatMap { ScanSample.Damage.all(of: $0) }.filter {
    onlyKinds?.contains($0.name) ?? true
}

struct Sample {
    let file: String
    let recipe: ScanSample
    var kind: ScanSample.Damage { recipe.damage }
    var size: String { recipe.frameName }
    var payload: String { recipe.payload }
    /// The tallies it counts in: its kind's, and its set's overall.
    var keys: [String] { ["\(kind.set)/\(kind.name)", "\(kind.set)/all"] }
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
            let recipe = ScanSample(kind, width: size.width, height: size.height, variant: variant)
            let file = folder + "/\(kind.set)-\(kind.name)-\(size.width)-\(variant).jpg"
            if keptFolder == nil || !FileManager.default.fileExists(atPath: file) {
                try Data(try recipe.photo().jpeg()).write(to: URL(fileURLWithPath: file))
            }
            samples.append(Sample(file: file, recipe: recipe))
        }
    }
}
// Receipts whose code was torn off, in the phone set's damage: nothing may be found in them.
var codeless: [String] = []
if sets.contains("phone") {
    for size in sizes {
        for index in 0..<25 {
            let damage = PhoneDamage.allCases[index % PhoneDamage.allCases.count]
            let file = folder + "/codeless-\(size.width)-\(index).jpg"
            if keptFolder == nil || !FileManager.default.fileExists(atPath: file) {
                var photo = damage.photo(
                    of: ScanSample.payload(900_000 + index), width: size.width, height: size.height, variant: index)
                photo.hasCode = false
                try Data(try photo.jpeg()).write(to: URL(fileURLWithPath: file))
            }
            codeless.append(file)
        }
    }
}
let generationSeconds = Date().timeIntervalSince(generationStart)

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

/// Our side: the file read, decoded and scanned by the cascade (with both engines, or only some).
func cascade(_ sample: Sample, engines: [FoundCode.Engine] = FoundCode.Engine.allCases) -> (
    found: Bool, ms: Double, decodeMs: Double, pass: String, engine: String, wrong: Int
) {
    let start = DispatchTime.now().uptimeNanoseconds
    guard let data = FileManager.default.contents(atPath: sample.file), let image = try? ImageLoader.load(data)
    else { return (false, milliseconds(since: start), 0, "error", "none", 0) }
    let loaded = DispatchTime.now().uptimeNanoseconds
    let result = try? ReceiptCodeReader(engines: engines).read(image)
    let decodeMs = milliseconds(since: loaded)
    let code = result?.codes.first { $0.text == sample.payload }
    // A payload read that is not the one printed: a wrong reading.
    let wrong = result?.codes.filter { $0.text != sample.payload }.count ?? 0
    return (
        code != nil, milliseconds(since: start), decodeMs, result?.pass?.rawValue ?? "none",
        code?.engine.rawValue ?? "none", wrong
    )
}

/// The yardstick: zxing-cpp from PyPI over every file in one Python process; per file, the texts of
/// the QR codes it read and its own time from file to codes. Nil without ZXING_PYTHON.
func zxingYardstick(_ files: [String]) -> (version: String, answers: [String: (codes: [String], ms: Double)])? {
    guard let python = environment["ZXING_PYTHON"], FileManager.default.isExecutableFile(atPath: python) else {
        return nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["scripts/zxing-yardstick.py"] + files
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var answers: [String: (codes: [String], ms: Double)] = [:]
    var version = "?"
    for line in data.split(separator: UInt8(ascii: "\n")) {
        guard let entry = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { continue }
        if let named = entry["version"] as? String { version = named }
        guard let file = entry["file"] as? String, let codes = entry["codes"] as? [String],
            let ms = entry["ms"] as? Double
        else { continue }
        answers[file] = (codes, ms)
    }
    return (version, answers)
}

/// The other side: `zbarimg --raw -q FILE`, a process per image as a script would run it (`only`:
/// options that narrow the symbologies); what it printed, and its time.
func zbarimg(_ file: String, only: [String] = []) -> (output: String, ms: Double)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
    process.arguments = ["--raw", "-q"] + only + [file]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), milliseconds(since: start))
}

/// Whether `zbarimg` read a sample's payload: one of the lines it printed.
func zbarimg(_ sample: Sample) -> (found: Bool, ms: Double)? {
    guard let answer = zbarimg(sample.file) else { return nil }
    return (answer.output.split(separator: "\n").contains { $0 == sample.payload }, answer.ms)
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
var zbarAlone: [String: Tally] = [:]
var theirs: [String: Tally] = [:]
var yardstick: [String: Tally] = [:]
var yardstickBySize: [String: [Double]] = [:]
var outcomes: [(pass: String, engine: String)] = []
var wrongReadings: [String: Int] = [:]
/// Whether the cascade missed each photo.
var missedNow: [ScanSample: Bool] = [:]
var oursBySize: [String: Tally] = [:]
var oursDecodeBySize: [String: [Double]] = [:]
var zbarAloneBySize: [String: [Double]] = [:]
var theirsBySize: [String: Tally] = [:]
let hasZbarimg =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") && environment["SCAN_BENCH_NO_ZBARIMG"] == nil
for sample in samples {
    let mine = cascade(sample)
    let zbarOnly = cascade(sample, engines: [.zbar])
    outcomes.append((mine.pass, mine.engine))
    wrongReadings[sample.kind.set, default: 0] += mine.wrong
    for key in sample.keys {
        ours[key, default: Tally()].total += 1
        ours[key, default: Tally()].found += mine.found ? 1 : 0
        zbarAlone[key, default: Tally()].total += 1
        zbarAlone[key, default: Tally()].found += zbarOnly.found ? 1 : 0
    }
    let sized = "\(sample.kind.set)/\(sample.size)"
    oursBySize[sized, default: Tally()].times.append(mine.ms)
    oursDecodeBySize[sized, default: []].append(mine.decodeMs)
    zbarAloneBySize[sized, default: []].append(zbarOnly.ms)
    if environment["SCAN_BENCH_VERBOSE"] != nil, !mine.found {
        print("missed: \(sample.file)")
    }
    missedNow[sample.recipe] = !mine.found
    guard hasZbarimg, let other = zbarimg(sample) else { continue }
    for key in sample.keys {
        theirs[key, default: Tally()].total += 1
        theirs[key, default: Tally()].found += other.found ? 1 : 0
    }
    theirsBySize[sized, default: Tally()].times.append(other.ms)
}

let codesInCodeless = codeless.reduce(0) { count, file in
    guard let data = FileManager.default.contents(atPath: file), let image = try? ImageLoader.load(data) else {
        return count
    }
    return count + ((try? ReceiptCodeReader().read(image).codes.count) ?? 0)
}
let zxingAnswers = samples.isEmpty ? nil : zxingYardstick(samples.map(\.file))
for sample in samples {
    guard let answer = zxingAnswers?.answers[sample.file] else { continue }
    for key in sample.keys {
        yardstick[key, default: Tally()].total += 1
        yardstick[key, default: Tally()].found += answer.codes.contains(sample.payload) ? 1 : 0
    }
    yardstickBySize["\(sample.kind.set)/\(sample.size)", default: []].append(answer.ms)
}

// zxing-cpp's test photos: the cascade, zbarimg (QR codes only) and the yardstick on each.
// SCAN_BENCH_PHOTOS: another folder laid out the same way (a few of the photos, for tuning).
let realFolder = environment["SCAN_BENCH_PHOTOS"] ?? "Tests/Fixtures/qr-photos"
let realPhotos = sets.contains("photos") ? RealPhoto.all(in: realFolder) : []
struct RealOutcome {
    var ours = false
    var oursCodes = 0
    var oursMs = 0.0
    var pass = "none"
    var zbarimg: Bool?
    var zbarimgMs = 0.0
    var zxing: Bool?
    var zxingMs = 0.0
}
var realOutcomes: [RealOutcome] = []
for photo in realPhotos {
    var outcome = RealOutcome()
    let start = DispatchTime.now().uptimeNanoseconds
    if let data = FileManager.default.contents(atPath: photo.file), let image = try? ImageLoader.load(data),
        let result = try? ReceiptCodeReader().read(image)
    {
        let texts = result.codes.map(\.text)
        outcome.ours = photo.expected.map(texts.contains) ?? !texts.isEmpty
        outcome.oursCodes = texts.count
    }
    outcome.oursMs = milliseconds(since: start)
    if hasZbarimg, let answer = zbarimg(photo.file, only: ["-Sdisable", "-Sqrcode.enable"]) {
        // --raw prints each code's text and a line feed; a text may hold line feeds of its own.
        let output = "\n" + answer.output
        outcome.zbarimg = photo.expected.map { output.contains("\n" + $0 + "\n") } ?? !answer.output.isEmpty
        outcome.zbarimgMs = answer.ms
    }
    realOutcomes.append(outcome)
    if environment["SCAN_BENCH_VERBOSE"] != nil, photo.expected != nil, !outcome.ours { print("missed: \(photo.name)") }
}
let realYardstick = realPhotos.isEmpty ? nil : zxingYardstick(realPhotos.map(\.file))
for (index, photo) in realPhotos.enumerated() {
    guard let answer = realYardstick?.answers[photo.file] else { continue }
    realOutcomes[index].zxing = photo.expected.map(answer.codes.contains) ?? !answer.codes.isEmpty
    realOutcomes[index].zxingMs = answer.ms
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
        + "zxing-cpp \(libraries["zxing-cpp"] ?? "?") (the yardstick: PyPI's zxing-cpp \(zxingAnswers?.version ?? realYardstick?.version ?? "–")), "
        + "libjpeg \(libraries["libjpeg"] ?? "?"). Release build, one image at a time; load average "
        + "\(load ?? "?") at the end.")
if !samples.isEmpty {
    print(
        "Data: \(samples.count) JPEG photos made by `ReceiptPhotos` (\(perKind) per kind of damage and frame size, "
            + "\(sizes.map(\.name).joined(separator: " and "))), generated in "
            + String(format: "%.1f s", generationSeconds) + ".")
}
let setTitles = [
    "phone": "Phone set (`PhoneDamage`: phone photos of receipts, calibrated against zxing-cpp)",
    "easy": "Easy set (`PhotoDamage`: the older set, calibrated against zbar)",
]
var passes: [String: [String: Int]] = [:]
var engineCounts: [String: [String: Int]] = [:]
for (sample, outcome) in zip(samples, outcomes) {
    passes[sample.kind.set, default: [:]][outcome.pass, default: 0] += 1
    engineCounts[sample.kind.set, default: [:]][outcome.engine, default: 0] += 1
}
for set in sets where samples.contains(where: { $0.kind.set == set }) {
    print()
    print("### \(setTitles[set] ?? set)")
    print()
    print("| damage | images | cascade (zbar, then zxing-cpp) | its zbar alone | zbarimg | zxing-cpp (PyPI) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in kinds.filter({ $0.set == set }).map(\.name) + ["all"] {
        let key = "\(set)/\(name)"
        let shown = name == "all" ? "**all**" : name
        print(
            "| \(shown) | \(ours[key]?.total ?? 0) | \(ours[key]?.rate ?? "–") | \(zbarAlone[key]?.rate ?? "–") | "
                + "\(theirs[key]?.rate ?? "–") | \(yardstick[key]?.rate ?? "–") |")
    }
    print()
    print(
        "| frame | cascade median (file → codes) | of which decoding | its zbar alone | zbarimg median (process) "
            + "| ratio | zxing-cpp median (in Python, file → codes) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for size in sizes.map(\.name) {
        let key = "\(set)/\(size)"
        let mine = median(oursBySize[key]?.times ?? [])
        let decode = median(oursDecodeBySize[key] ?? [])
        let other = median(theirsBySize[key]?.times ?? [])
        let ratio = mine > 0 && other > 0 ? String(format: "%.1f× faster", other / mine) : "–"
        let zxing = median(yardstickBySize[key] ?? [])
        let cells: [String] = [
            size, String(format: "%.1f ms", mine), String(format: "%.1f ms", decode),
            String(format: "%.1f ms", median(zbarAloneBySize[key] ?? [])),
            other > 0 ? String(format: "%.1f ms", other) : "–", ratio,
            zxing > 0 ? String(format: "%.1f ms", zxing) : "–",
        ]
        print("| " + cells.joined(separator: " | ") + " |")
    }
    print()
    let passNames = ReceiptCodeReader.Pass.allCases.map(\.rawValue) + ["none", "error"]
    print(
        "Pass that found the code: "
            + passNames.compactMap { name in passes[set]?[name].map { "\(name) \($0)" } }.joined(separator: ", ")
            + ". Engine that read it: "
            + (FoundCode.Engine.allCases.map(\.rawValue) + ["none"]).compactMap { name in
                engineCounts[set]?[name].map { "\(name) \($0)" }
            }.joined(separator: ", ") + ".")
    print(
        "Wrong payloads (a code read that is not the one printed): \(wrongReadings[set] ?? 0)."
            + (set == "phone" && !codeless.isEmpty
                ? " Codes found in \(codeless.count) photos of receipts whose code was torn off: \(codesInCodeless)."
                : ""))
    let count = samples.filter { $0.kind.set == set }.count
    let goals =
        set == "phone"
        ? ("≥ 97 %, ≥ zxing-cpp + 10 points", ["≤ 30 ms, faster than zbarimg", "≤ 120 ms, faster than zbarimg"])
        : ("", ["", ""])
    summaryRow(
        "QR codes read from photos, \(set) set",
        data: "\(count) photos, \(sizes.map(\.name).joined(separator: " and "))",
        median: ours["\(set)/all"]?.rate ?? "–",
        compared: "zbarimg \(theirs["\(set)/all"]?.rate ?? "–"), zxing-cpp \(yardstick["\(set)/all"]?.rate ?? "–")",
        target: goals.0)
    for (size, goal) in zip(sizes.map(\.name), goals.1) {
        let key = "\(set)/\(size)"
        let mine = median(oursBySize[key]?.times ?? [])
        let other = median(theirsBySize[key]?.times ?? [])
        summaryRow(
            "QR from a \(size) photo, file to codes, \(set) set", data: "\(oursBySize[key]?.times.count ?? 0) photos",
            median: String(format: "%.1f ms", mine),
            compared: mine > 0 && other > 0 ? String(format: "%.1f× faster than zbarimg", other / mine) : "",
            target: goal)
    }
}

if !realPhotos.isEmpty {
    print()
    print("### zxing-cpp's test photos (`Tests/Fixtures/qr-photos`: real photos and pictures of QR codes of any kind)")
    print()
    print("| folder | photos | cascade (zbar, then zxing-cpp) | zbarimg | zxing-cpp (PyPI) |")
    print("|---|---:|---:|---:|---:|")
    let folders = Array(Set(realPhotos.map(\.folder))).sorted()
    func count(_ indices: [Int], _ read: (RealOutcome) -> Bool?) -> String {
        let answered = indices.compactMap { read(realOutcomes[$0]) }
        return answered.isEmpty ? "–" : "\(answered.filter { $0 }.count)"
    }
    let withCode = realPhotos.indices.filter { realPhotos[$0].expected != nil }
    let withoutCode = realPhotos.indices.filter { realPhotos[$0].expected == nil }
    for folder in folders where folder.hasPrefix("qrcode-") {
        let indices = withCode.filter { realPhotos[$0].folder == folder }
        print(
            "| \(folder) | \(indices.count) | \(count(indices, { $0.ours })) | \(count(indices, \.zbarimg)) | "
                + "\(count(indices, \.zxing)) |")
    }
    print(
        "| **read** | \(withCode.count) | **\(count(withCode, { $0.ours }))** | \(count(withCode, \.zbarimg)) | "
            + "\(count(withCode, \.zxing)) |")
    print(
        "| **false positives** (photos without a code where a code was found) | \(withoutCode.count) | "
            + "**\(count(withoutCode, { $0.ours }))** | \(count(withoutCode, \.zbarimg)) | \(count(withoutCode, \.zxing)) |"
    )
    print()
    let otherCodes = withCode.map { realOutcomes[$0].oursCodes - (realOutcomes[$0].ours ? 1 : 0) }.reduce(0, +)
    let missed = withCode.filter { !realOutcomes[$0].ours }.map { "`\(realPhotos[$0].name)`" }
    print(
        "Median time a photo, file to codes: cascade "
            + String(format: "%.1f ms", median(withCode.map { realOutcomes[$0].oursMs })) + " with a code, "
            + String(format: "%.1f ms", median(withoutCode.map { realOutcomes[$0].oursMs })) + " without (every pass "
            + "runs, none of these codes being a receipt's); zbarimg "
            + String(format: "%.1f ms", median(realPhotos.indices.map { realOutcomes[$0].zbarimgMs })) + ", zxing-cpp "
            + String(format: "%.1f ms", median(realPhotos.indices.map { realOutcomes[$0].zxingMs })) + ". "
            + "Other codes the cascade read in the photos with one: \(otherCodes). "
            + "Missed by the cascade: \(missed.isEmpty ? "none" : missed.joined(separator: ", ")).")
    summaryRow(
        "QR codes read from zxing-cpp's test photos",
        data: "\(withCode.count) photos, \(withoutCode.count) without a code",
        median: "\(count(withCode, { $0.ours })) read, \(count(withoutCode, { $0.ours })) false",
        compared: "zbarimg \(count(withCode, \.zbarimg)), zxing-cpp \(count(withCode, \.zxing))",
        target: "≥ 132 read, 0 false")
}

// The known misses (`Data/scan-misses.txt`, which the tests replay): what became of each listed
// photo this run, and the photos missed now that the list lacks, as lines to add to it.
if let text = try? String(contentsOfFile: "Data/scan-misses.txt", encoding: .utf8) {
    let known = try KnownMisses(parsing: text)
    let measured = known.entries.filter { missedNow[$0.sample] != nil }
    let readNow = measured.filter { $0.outcome == .missed && missedNow[$0.sample] == false }
    let missedAgain = measured.filter { $0.outcome == .read && missedNow[$0.sample] == true }
    let unlisted = samples.map(\.recipe).filter { missedNow[$0] == true && known.outcome(of: $0) == nil }
    print()
    print("### Known misses")
    print()
    print(
        "`Data/scan-misses.txt` lists \(known.entries.count) photos (\(measured.count) measured in this run): "
            + "\(measured.filter { $0.outcome == .missed }.count - readNow.count) still missed, "
            + "\(measured.filter { $0.outcome == .read }.count - missedAgain.count) marked read and read. "
            + "Read now, to mark read: \(readNow.isEmpty ? "none" : readNow.map { "`\($0.sample)`" }.joined(separator: ", ")). "
            + "Marked read but missed again: \(missedAgain.isEmpty ? "none" : missedAgain.map { "`\($0.sample)`" }.joined(separator: ", ")). "
            + "Missed and not listed: \(unlisted.count)"
            + (unlisted.isEmpty ? "." : ", as lines for the list:"))
    if !unlisted.isEmpty {
        print()
        print("```")
        for sample in unlisted { print("missed \(sample)") }
        print("```")
    }
}
