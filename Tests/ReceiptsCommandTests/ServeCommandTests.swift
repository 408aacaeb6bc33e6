import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("receipts serve")
struct ServeCommandTests {
    @Test("serves the demo on a free loopback port, answers /health, and stops on SIGTERM")
    func demo() async throws {
        let folder = NSTemporaryDirectory() + "receipts-serve-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = [
            "serve", "--demo", "--demo-receipts", "120", "--port", "0", "--db", folder + "/server.sqlite",
        ]
        process.environment = CommandRunner().english().environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var log = ""
        var port: Int?
        let deadline = Date().addingTimeInterval(30)
        while port == nil, Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
            if let range = log.range(of: "receipts server on http://127.0.0.1:") {
                port = Int(log[range.upperBound...].prefix { $0.isNumber })
            }
        }
        #expect(log.contains("demo: log in as demo / demo; 120 receipts"))
        let found = try #require(port)
        let (data, response) = try await URLSession.shared.data(
            from: try #require(URL(string: "http://127.0.0.1:\(found)/health")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("\"receipts\":120"))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("a bad places file stops it with exit 6 and the line that is wrong")
    func badPlaces() throws {
        let folder = NSTemporaryDirectory() + "receipts-serve-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "id,name,lat,lon,category,address\nok,Shop,55,37,groceries,\nbad,Shop,55,,groceries,\n"
            .write(toFile: folder + "/places.csv", atomically: true, encoding: .utf8)
        let result = try CommandRunner().russian().run([
            "serve", "--port", "0", "--db", folder + "/server.sqlite", "--places", folder + "/places.csv",
        ])
        #expect(result.status == 6)
        #expect(result.errors.contains("places.csv, строка 3: неверные координаты"))
    }
}
