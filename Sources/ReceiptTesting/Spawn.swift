import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts a child with `posix_spawn`, as a configured (not run) `Process` describes it: its
/// executable, arguments, environment, folder and standard streams.
///
/// Not `Process.run()`: on Linux that reads `/proc/self/fd` with a copy that can run past the end of
/// a mapped page (swift-corelibs-foundation #5472) and crashes a test process that starts many
/// children now and then. Here the child gets its three streams and nothing else open (`closefrom`).
enum Spawn {
    /// What went wrong before the child ran.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// Starts the child and returns its process id; the parent's ends of the child's pipes are
    /// closed, as `Process.run()` does.
    static func start(_ process: Process) throws -> pid_t {
        guard let executable = process.executableURL?.path else { throw Failure(call: "executable", code: ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let streams: [(Any?, Int32, Bool)] = [
            (process.standardInput, 0, false), (process.standardOutput, 1, true), (process.standardError, 2, true),
        ]
        var parentEnds: [FileHandle] = []
        for (stream, target, writes) in streams {
            let handle: FileHandle?
            switch stream {
            case let pipe as Pipe:
                handle = writes ? pipe.fileHandleForWriting : pipe.fileHandleForReading
                // The child's end, closed here once the child has it; a pipe given for both output
                // and errors is closed once.
                if let handle, !parentEnds.contains(where: { $0 === handle }) { parentEnds.append(handle) }
            case let file as FileHandle: handle = file
            default: handle = nil
            }
            if let handle { posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target) }
        }
        guard let closeFrom = Self.closeFrom, let changeFolder = Self.changeFolder else {
            throw Failure(call: "posix_spawn_file_actions_addclosefrom_np", code: ENOSYS)
        }
        _ = closeFrom(&actions, 3)
        if let folder = process.currentDirectoryURL?.path { _ = changeFolder(&actions, folder) }
        let arguments = [executable] + (process.arguments ?? [])
        let environment = (process.environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // Every signal at its default and none blocked, whatever this process set: a server under
        // test ignores SIGTERM and SIGINT to hear them through its own handlers (ServiceLifecycle),
        // and a child would inherit that and never stop when told to.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw Failure(call: "posix_spawn \(executable)", code: code) }
        for handle in parentEnds { try? handle.close() }
        return pid
    }

    // glibc's (2.34 and 2.29 on) `_np` file actions, which its Swift module leaves out: found by name.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeFolder =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
    )
    .map { unsafeBitCast($0, to: CloseFrom.self) }
    private static let changeFolder: ChangeFolder? = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np"
    )
    .map { unsafeBitCast($0, to: ChangeFolder.self) }

    /// How a child ended, once it has: its exit code, or the signal that ended it.
    static func wait(for pid: pid_t) -> (status: Int32, signalled: Bool) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? ((status >> 8) & 0xFF, false) : (signal, true)
    }
}
