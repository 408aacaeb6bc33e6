import Foundation

/// What every benchmark prints about where it ran.
public func machineDescription() -> String {
    let cpu =
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
        .first { $0.hasPrefix("model name") }.map {
            String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces)
        } ?? "unknown CPU"
    let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
    return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB"
}

/// The middle value (the upper middle for an even count).
public func median(_ values: [Double]) -> Double {
    percentile(values, 0.5)
}

/// The value below which `fraction` of the others lie, nearest rank.
public func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))
    return fraction == 0.5 ? sorted[sorted.count / 2] : sorted[rank]
}

/// Seconds `body` takes, on the monotonic clock.
public func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// A duration for people: µs under a millisecond, ms under a second, else s.
public func formatted(seconds: Double) -> String {
    if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
    if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
    return String(format: "%.2f s", seconds)
}

/// One row of the summary table at the top of `Reports/bench.md`: printed as an HTML comment, which
/// Markdown hides, for `scripts/bench-summary.py` to collect from every benchmark's output.
public func summaryRow(_ what: String, data: String, median: String, compared: String, target: String = "") {
    let cells = [what, data, median, compared, target].map { $0.replacingOccurrences(of: "|", with: "/") }
    print("<!-- summary | " + cells.joined(separator: " | ") + " -->")
}

/// Seconds of CPU the whole process spends in `body`, every thread counted: steadier than the wall
/// clock on a machine that other work shares.
public func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
    let start = processCPUSeconds()
    try body()
    return processCPUSeconds() - start
}

/// Seconds of CPU the whole process has spent so far, every thread counted: read before and after
/// an async step to learn what it cost.
public func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
