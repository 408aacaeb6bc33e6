import Foundation

/// Runs the built `receipts` executable as a person would, and collects what it printed.
struct CommandRunner {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The executable next to the test bundle, which `swift build` puts in the same folder.
    static var executable: URL {
        get throws {
            var folder = Bundle.main.bundleURL
            for _ in 0..<3 {
                let candidate = folder.appendingPathComponent("receipts")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
            throw CocoaError(.fileNoSuchFile)
        }
    }

    var environment: [String: String] = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]

    func run(_ arguments: [String], input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try Self.executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    func english() -> CommandRunner {
        var runner = self
        runner.environment["LANG"] = "en_US.UTF-8"
        return runner
    }

    func russian() -> CommandRunner {
        var runner = self
        runner.environment["LANG"] = "ru_RU.UTF-8"
        return runner
    }
}
