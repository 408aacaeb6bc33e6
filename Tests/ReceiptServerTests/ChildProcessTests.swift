import Foundation
import ReceiptTesting
import Testing

@Suite(
    "Child processes awaited without holding a thread of the concurrency pool", .tags(.process), .wholeSuiteOnly,
    .storageIndependent, .timeLimit(.minutes(20)))
struct ChildProcessTests {
    struct TimedOut: Error {}

    /// `body`'s value, or `TimedOut` once `seconds` pass first (the body is cancelled then, which
    /// kills the children it awaits): the test fails instead of hanging.
    static func within<T: Sendable>(seconds: Int, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { race in
            race.addTask { try await body() }
            race.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { race.cancelAll() }
            guard let first = try await race.next(), let value = first else { throw TimedOut() }
            return value
        }
    }

    /// A shell that writes 200,000 bytes to standard output and 100,000 to standard error (more than
    /// a pipe holds), says it has started, and waits for `go` in `folder`: 20 seconds at most, then
    /// exit 3. Its own bound, so that a pool held by waits ends too, in failure.
    static func waiter(_ index: Int, in folder: TemporaryFolder) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            """
            cd "$0" || exit 2
            head -c 200000 /dev/zero | tr '\\0' o
            head -c 100000 /dev/zero | tr '\\0' e >&2
            touch started-\(index)
            i=0
            while [ ! -e go ]; do i=$((i + 1)); [ $i -gt 200 ] && exit 3; sleep 0.1; done
            """,
            folder.path,
        ]
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        return try ChildProcess(process)
    }

    @Test("more children than the pool has threads, each waiting for a task that runs after them all: all end")
    func waitsLeaveThePoolFree() async throws {
        let folder = try TemporaryFolder("waits")
        // More waits than the pool has threads (one a core): held threads would leave none for the
        // task that lets the children go, and every child would run into its bound.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let outcomes: [ChildProcess.Outcome] = try await Self.within(seconds: 90) {
            try await withThrowingTaskGroup(of: ChildProcess.Outcome?.self) { group in
                for index in 0..<count {
                    group.addTask { try await Self.waiter(index, in: folder).finished() }
                }
                // Started after every wait: lets the children go once all of them have started.
                group.addTask {
                    let started = {
                        (0..<count).allSatisfy { FileManager.default.fileExists(atPath: folder.file("started-\($0)")) }
                    }
                    while !started() { try await Task.sleep(for: .milliseconds(20)) }
                    try folder.write("", to: "go")
                    return nil
                }
                return try await group.reduce(into: [ChildProcess.Outcome]()) { all, outcome in
                    if let outcome { all.append(outcome) }
                }
            }
        }
        #expect(outcomes.count == count)
        #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes.map(\.status))")
        #expect(outcomes.allSatisfy { $0.output == Data(repeating: UInt8(ascii: "o"), count: 200_000) })
        #expect(outcomes.allSatisfy { $0.errors == Data(repeating: UInt8(ascii: "e"), count: 100_000) })
    }

    @Test("a cancelled wait kills the child: a test bounded by a deadline ends")
    func cancelledWaitKills() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["600"]
        let child = try ChildProcess(process)
        let wait = Task { await child.exit() }
        try await Task.sleep(for: .milliseconds(100))
        wait.cancel()
        let status = try await Self.within(seconds: 30) { await wait.value }
        #expect(status == SIGKILL && child.endedBySignal == true)
    }
}
