import Foundation

extension CommandRunner {
    /// Runs `receipts` with its standard output on a pseudo-terminal `columns` wide, as a person at
    /// a terminal sees it (standard error goes to a file, standard input is empty). Line ends come back
    /// as `\n`.
    public func runOnTerminal(_ arguments: [String], columns: Int = 80) throws -> Result {
        // posix_openpt and its friends are not visible to Swift; /dev/ptmx and Linux's ioctls are.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "no pseudo-terminal"])
        }
        defer { close(master) }
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
        defer { try? FileManager.default.removeItem(atPath: errorsPath) }
        process.standardOutput = terminal
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Only the child holds the terminal now: reading ends (EIO) once it exits.
        try terminal.close()
        try errors.close()
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        process.waitUntilExit()
        let errorData = FileManager.default.contents(atPath: errorsPath) ?? Data()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
            errors: String(decoding: errorData, as: UTF8.self))
    }
}
