import Foundation
import ReceiptTesting
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("receipts web")
struct WebCommandTests {
    /// A stand-in for `xdg-open` in `folder/bin`: it writes its arguments, then every process's
    /// command line as `ps` shows it to any user, to `folder/opened`, and returns at once.
    static func fakeOpener(in folder: TemporaryFolder) throws -> String {
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let record = folder.file("opened")
        let script = """
            #!/bin/sh
            { printf '%s\\n' "$@"; echo ---; ps -eo args; } > '\(record).part'
            mv '\(record).part' '\(record)'

            """
        try script.write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/xdg-open")
        return bin
    }

    /// POSTs `json` to the app on `port` as its page does (its own origin), waiting for the answer
    /// without giving up the thread: beside the whole suite on two cores, a test that suspends may
    /// resume minutes later, past the one-time code's minute.
    static func post(_ path: String, _ json: String, port: Int) throws -> (Int, [String: Any]) {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(path)")))
        request.httpMethod = "POST"
        request.setValue("http://127.0.0.1:\(port)", forHTTPHeaderField: "Origin")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
        let answer = Mutex<(Int, Data)>((0, Data()))
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            answer.withLock { $0 = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()) }
            done.signal()
        }.resume()
        done.wait()
        let (status, data) = answer.withLock { $0 }
        let body = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (status, body ?? [:])
    }

    @Test("--open hands the browser a one-time code, not the key: no process's arguments (ps) show the key")
    func openKeepsTheKeyOutOfArguments() throws {
        let folder = try TemporaryFolder("web-open")
        let bin = try Self.fakeOpener(in: folder)
        var environment = CommandRunner().english().environment
        environment["PATH"] = bin + ":/usr/bin:/bin"
        environment["XDG_CONFIG_HOME"] = folder.file("config")
        environment["XDG_DATA_HOME"] = folder.file("data")
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = ["web", "--open", "--port", "0", "--db", folder.file("receipts.sqlite")]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let child = try ChildProcess(process, collecting: false)
        defer {
            child.terminate()
            _ = child.waitForExit()
        }
        var printed = ""
        // Generous: beside the whole suite on two cores, starting the app and `ps` may take long.
        var deadline = Date().addingTimeInterval(120)
        while !printed.contains("\n"), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        // The address printed for the user carries the key, in its fragment.
        let address = try #require(printed.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let key = try #require(address.split(separator: "#key=").last.map(String.init))
        let port = try #require(Int(address.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }))
        #expect(address == "http://127.0.0.1:\(port)/#key=\(key)" && key.count == 43)

        var opened: String?
        deadline = Date().addingTimeInterval(120)
        while opened == nil, Date() < deadline {
            opened = try? String(contentsOfFile: folder.file("opened"), encoding: .utf8)
            if opened == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let record = try #require(opened)
        let arguments = record.components(separatedBy: "\n---\n").first ?? ""
        #expect(arguments.hasPrefix("http://127.0.0.1:\(port)/#code="), "\(arguments)")
        #expect(!record.contains(key), "the key shows in a process's arguments: \(record)")

        // The code gives the page the key once; spent, it gives nothing.
        let code = try #require(arguments.split(separator: "#code=").last).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let (status, answer) = try Self.post("/api/exchange", #"{"code": "\#(code)"}"#, port: port)
        #expect(status == 200 && answer["key"] as? String == key)
        let (again, _) = try Self.post("/api/exchange", #"{"code": "\#(code)"}"#, port: port)
        #expect(again == 403)
    }
}
