import Foundation

extension CommandRunner {
    /// Runs `receipts` with its standard output on a pseudo-terminal `columns` wide, as a person at
    /// a terminal sees it (standard error goes to a file, standard input is empty), and awaits its end
    /// without holding a thread of Swift's concurrency pool. Line ends come back as `\n`.
    public func runOnTerminal(_ arguments: [String], columns: Int = 80) async throws -> Result {
        let run = try startOnTerminal(arguments, columns: columns)
        let status = await run.child.exit()
        return run.result(status: status, output: await run.output.arrived())
    }

    /// A command started on a terminal: the child, what the terminal shows (read to its end on a
    /// thread of its own), and the file its standard error goes to.
    private struct TerminalRun {
        let child: ChildProcess
        let output: Eventual<Data>
        let errorsPath: String

        /// The result, once the child has ended and the terminal has been read; the errors' file goes.
        func result(status: Int32, output: Data) -> Result {
            let errors = FileManager.default.contents(atPath: errorsPath) ?? Data()
            try? FileManager.default.removeItem(atPath: errorsPath)
            let text = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            return Result(status: status, output: Data(text.utf8), errors: errors)
        }
    }

    private func startOnTerminal(_ arguments: [String], columns: Int) throws -> TerminalRun {
        // posix_openpt and its friends are not visible to Swift; /dev/ptmx and Linux's ioctls are.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "no pseudo-terminal"])
        }
        var handedOver = false
        defer { if !handedOver { close(master) } }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
        let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
        guard ioctl(master, unlockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "no pseudo-terminal"])
        }
        var size = winsize(ws_row: 50, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        guard let terminal = FileHandle(forUpdatingAtPath: "/dev/pts/\(number)") else {
            throw CocoaError(.fileNoSuchFile)
        }

        let process = try process(arguments)
        // Standard error goes to a file, so that nothing the child writes there can block it.
        let errorsPath = NSTemporaryDirectory() + "receipts-terminal-\(UUID().uuidString).txt"
        guard FileManager.default.createFile(atPath: errorsPath, contents: nil),
            let errors = FileHandle(forWritingAtPath: errorsPath)
        else { throw CocoaError(.fileWriteUnknown) }
        process.standardOutput = terminal
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let child: ChildProcess
        do {
            child = try ChildProcess(process)
        } catch {
            try? FileManager.default.removeItem(atPath: errorsPath)
            throw error
        }
        // Only the child holds the terminal now: reading ends (EIO) once it exits.
        try terminal.close()
        try errors.close()
        let output = Eventual<Data>()
        handedOver = true
        Thread {
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(master, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                data.append(contentsOf: buffer[0..<count])
            }
            close(master)
            output.fulfil(data)
        }.start()
        return TerminalRun(child: child, output: output, errorsPath: errorsPath)
    }
}
