public import Foundation

/// A child process whose end and output are awaited without holding a thread of Swift's concurrency
/// pool. On a machine of two cores that pool has two threads: two tests blocked in a child's wait
/// would stop every task in the test process, and a child that needs one of them (a server answering
/// from this process, a PostgreSQL lock another test holds) would never end.
///
/// It is started with `posix_spawn` (`Spawn`) and its end awaited on a thread of its own;
/// standard output and error that are pipes are read to their end on threads of their own from the
/// start, so that a child writing a lot never blocks on a full pipe and nothing it wrote is lost.
public final class ChildProcess: Sendable {
    /// What a finished child wrote and how it ended.
    public struct Outcome: Sendable {
        /// The exit code, or the signal that ended it.
        public let status: Int32
        /// Standard output, when it was a pipe.
        public let output: Data
        /// Standard error, when it was a pipe other than standard output's.
        public let errors: Data
    }

    /// The child's process id, for signals.
    public let processIdentifier: Int32
    private let ending: Eventual<Int32>
    private let signalled = Eventual<Bool>()
    private let output: Eventual<Data>?
    private let errors: Eventual<Data>?

    /// Starts the child `process` describes (configured, never run: only its settings are read);
    /// `input`, when given, is written to its standard
    /// input (which must then be a pipe) and the pipe closed. Unless `collecting` is false (the
    /// caller reads them itself), standard output and error that are pipes are read for
    /// ``finished()``.
    public init(_ process: Process, input: Data? = nil, collecting: Bool = true) throws {
        let ending = Eventual<Int32>()
        self.ending = ending
        let outputPipe = collecting ? process.standardOutput as? Pipe : nil
        let errorsPipe = collecting ? process.standardError as? Pipe : nil
        let pid = try Spawn.start(process)
        processIdentifier = pid
        let signalled = self.signalled
        Thread {
            let end = Spawn.wait(for: pid)
            signalled.fulfil(end.signalled)
            ending.fulfil(end.status)
        }.start()
        output = outputPipe.map { Self.readToEnd($0.fileHandleForReading) }
        errors = errorsPipe.flatMap { $0 === outputPipe ? nil : Self.readToEnd($0.fileHandleForReading) }
        if let writing = (process.standardInput as? Pipe)?.fileHandleForWriting {
            // On a thread of its own too: a child that reads late must not block the caller.
            Thread {
                if let input { writing.write(input) }
                try? writing.close()
            }.start()
        }
    }

    /// Waits for the child to end and returns its exit code. A cancelled wait kills the child, so
    /// that a test bounded by a deadline ends instead of hanging.
    public func exit() async -> Int32 {
        await withTaskCancellationHandler {
            await ending.arrived()
        } onCancel: {
            terminate(with: SIGKILL)
        }
    }

    /// Waits for the child to end and for everything it wrote.
    public func finished() async -> Outcome {
        let status = await exit()
        return Outcome(
            status: status, output: await output?.arrived() ?? Data(), errors: await errors?.arrived() ?? Data())
    }

    /// ``finished()`` on a thread of its own, never one of the pool (``offThePool(_:)``): for the
    /// steps of setting up a PostgreSQL cluster, which run one after another there.
    @available(*, noasync, message: "await finished(), which holds no thread of the pool")
    func waitUntilFinished() -> Outcome {
        Outcome(status: ending.wait(), output: output?.wait() ?? Data(), errors: errors?.wait() ?? Data())
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool { !ending.hasArrived }

    /// Whether a signal ended the child (its status is then the signal's number); nil while it runs.
    public var endedBySignal: Bool? { signalled.hasArrived ? signalled.peek() : nil }

    /// Sends `signal` (SIGTERM unless told) to the child if it is still running.
    public func terminate(with signal: Int32 = SIGTERM) {
        if isRunning { kill(processIdentifier, signal) }
    }

    /// Reads `handle` to its end on a thread of its own.
    static func readToEnd(_ handle: FileHandle) -> Eventual<Data> {
        let data = Eventual<Data>()
        Thread { data.fulfil(handle.readDataToEndOfFile()) }.start()
        return data
    }
}
