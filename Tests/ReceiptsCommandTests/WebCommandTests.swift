import Foundation
import ReceiptTesting
import Testing

@Suite("receipts web", .tags(.process), .wholeSuiteOnly, .timeLimit(.minutes(20)))
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

    /// POSTs `json` to the app on `port` as its page does (its own origin): the status and the
    /// answer's JSON object.
    static func post(_ path: String, _ json: String, port: Int) async throws -> (Int, [String: Any]) {
        let answer = await (try RawConnection(port: port)).exchange(
            "POST", path, json: json, headers: ["Host": "127.0.0.1:\(port)", "Origin": "http://127.0.0.1:\(port)"])
        let body = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        return (answer.status, body ?? [:])
    }

    @Test(
        "--open hands the opener a 0600 file's path: no process's arguments (ps) show the key or the code, and the terminal says when the code comes back spent"
    )
    func openKeepsSecretsOutOfArguments() async throws {
        let folder = try TemporaryFolder("web-open")
        let bin = try Self.fakeOpener(in: folder)
        let runtime = folder.file("run")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        let notes = folder.file("notes")
        try await Self.withWeb(
            ["--open"], lines: 1, in: folder, path: bin + ":/usr/bin:/bin", runtime: runtime, errors: notes
        ) { printed in
            // The address printed for the user carries the key, in its fragment.
            let address = try #require(
                printed.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
            let key = try #require(address.split(separator: "#key=").last.map(String.init))
            let port = try #require(Int(address.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }))
            #expect(address == "http://127.0.0.1:\(port)/#key=\(key)" && key.count == 43)

            // Generous: beside the whole suite on two cores, the opener and `ps` may take long.
            var opened: String?
            for _ in 0..<2_400 where opened == nil {
                opened = try? String(contentsOfFile: folder.file("opened"), encoding: .utf8)
                if opened == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            let record = try #require(opened)
            // The opener was given one argument: the page in the session's runtime folder.
            let arguments = (record.components(separatedBy: "\n---\n").first ?? "").trimmingCharacters(
                in: .whitespacesAndNewlines)
            #expect(arguments == runtime + "/receipts/web-\(port)-open.html", "\(arguments)")
            let attributes = try FileManager.default.attributesOfItem(atPath: arguments)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            let page = try String(contentsOfFile: arguments, encoding: .utf8)
            let after = try #require(page.components(separatedBy: "#code=").dropFirst().first)
            let code = String(after.prefix { $0 != "\"" })
            #expect(page.contains("url=http://127.0.0.1:\(port)/#code=\(code)"))
            // Before this change the opener's arguments were the address itself, with the code.
            #expect(
                !record.contains(key) && !record.contains(code), "a secret shows in a process's arguments: \(record)")

            // The code gives the page the key once; spent, it gives nothing, and the terminal says so.
            let (status, answer) = try await Self.post("/api/exchange", #"{"code": "\#(code)"}"#, port: port)
            #expect(status == 200 && answer["key"] as? String == key)
            let (again, _) = try await Self.post("/api/exchange", #"{"code": "\#(code)"}"#, port: port)
            #expect(again == 403)
            var said = ""
            for _ in 0..<600 where !said.contains("second time") {
                said = (try? String(contentsOfFile: notes, encoding: .utf8)) ?? ""
                if !said.contains("second time") { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(said.contains("the browser opened the app"), "\(said)")
            #expect(said.contains("the browser's address was opened a second time"), "\(said)")
        }
        // Stopped, the app leaves no page behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: runtime + "/receipts")
        #expect(left.isEmpty, "\(left)")
    }

    @Test(
        "300 clients that never finish a head, against 256 descriptors: they are cut off at the head deadline and the owner is served"
    )
    func slowClientsAgainstFewDescriptors() async throws {
        let folder = try TemporaryFolder("web-slow")
        // What the app wrote to its standard error, said when the test fails: once, in a fresh
        // `make test`, the app was gone mid-way (connections refused) with a SIGILL.
        let errors = folder.file("errors.txt")
        do {
            try await slowClients(in: folder, errors: errors)
        } catch {
            Issue.record("receipts web said: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
            throw error
        }
    }

    private func slowClients(in folder: TemporaryFolder, errors: String) async throws {
        try await Self.withWeb([], lines: 1, in: folder, errors: errors, descriptors: 256) { printed in
            let address = try #require(
                printed.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
            let key = try #require(address.split(separator: "#key=").last.map(String.init))
            let port = try #require(Int(address.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }))
            // Before, the app took connections until its descriptors were gone and kept them: the
            // owner's request waited in the queue for good (the issue measured it timing out).
            let slow = try (0..<300).map { _ in try RawConnection(port: port) }
            for connection in slow { connection.send("GET /api/feed HTTP/1.1\r\nHo") }
            let started = ContinuousClock.now
            var status = 0
            // The head deadline is 15 s: the first ones are closed then, and the owner's request,
            // queued behind them, is read. Three tries of 30 s each, for a loaded machine.
            for _ in 0..<3 where status != 200 {
                let owner = try RawConnection(port: port)
                status = await owner.exchange(
                    "GET", "/api/feed", headers: ["Host": "127.0.0.1:\(port)", "Authorization": "Bearer \(key)"]
                ).status
            }
            #expect(status == 200, "after \(ContinuousClock.now - started)")
            #expect(slow.filter(\.isClosedByServer).count >= 200)
        }
    }

    /// Runs `receipts web` with `arguments` over a new database (with `path` as its `PATH`,
    /// `runtime` as its `XDG_RUNTIME_DIR`, its standard error into the file `errors` and at most
    /// `descriptors` open files when given); `body` gets what it printed once
    /// `lines` lines were out (or two minutes passed), and the app is stopped after it, whatever it
    /// throws.
    static func withWeb(
        _ arguments: [String], lines: Int, in folder: TemporaryFolder, path: String? = nil, runtime: String? = nil,
        errors: String? = nil, descriptors: Int? = nil, _ body: (String) async throws -> Void
    ) async throws {
        var environment = CommandRunner().english().environment
        environment["XDG_CONFIG_HOME"] = folder.file("config")
        environment["XDG_DATA_HOME"] = folder.file("data")
        if let path { environment["PATH"] = path }
        if let runtime { environment["XDG_RUNTIME_DIR"] = runtime }
        let process = Process()
        let executable = try CommandRunner.executable
        let web = ["web", "--port", "0", "--db", folder.file("receipts.sqlite")] + arguments
        if let descriptors {
            // util-linux's prlimit runs it with fewer descriptors, as a small limit or a busy box has.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--nofile=\(descriptors):\(descriptors)", "--", executable.path] + web
        } else {
            process.executableURL = executable
            process.arguments = web
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        if let errors {
            _ = FileManager.default.createFile(atPath: errors, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: errors)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        let child = try ChildProcess(process, collecting: false)
        let reading = output.fileHandleForReading
        let printed = await offThePool {
            var printed = ""
            // Generous: beside the whole suite on two cores, starting the app may take long.
            let deadline = Date().addingTimeInterval(120)
            while printed.filter({ $0 == "\n" }).count < lines, Date() < deadline {
                let chunk = reading.availableData
                if chunk.isEmpty { break }
                printed += String(decoding: chunk, as: UTF8.self)
            }
            return printed
        }
        do {
            try await body(printed)
        } catch {
            await stop(child)
            throw error
        }
        await stop(child)
    }

    /// Stops the app as Ctrl+C does; one that has not ended 20 s later (its graceful stop waiting
    /// for connections that never end: what slow clients did before there were deadlines) is killed.
    static func stop(_ child: ChildProcess) async {
        child.terminate()
        for _ in 0..<400 where child.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
        child.terminate(with: SIGKILL)
        _ = await child.exit()
    }

    @Test(
        "--lan: reached at another address of this machine (127.0.0.2) with the key, refused without it or under another name"
    )
    func lan() async throws {
        let folder = try TemporaryFolder("web-lan")
        // The loopback address, then this machine's network address (never dialled here: tests talk
        // to loopback only) or the line saying it has none.
        try await Self.withWeb(["--lan"], lines: 2, in: folder) { printed in try await Self.reachLAN(printed) }
    }

    /// What `lan()` checks of the app that printed `printed`.
    static func reachLAN(_ printed: String) async throws {
        let lines = printed.split(separator: "\n").map(String.init)
        let own = try #require(lines.first?.split(separator: " ").last.map(String.init))
        let port = try #require(Int(own.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }))
        let key = try #require(own.split(separator: "#key=").last.map(String.init))
        #expect(own == "http://127.0.0.1:\(port)/#key=\(key)")
        let second = try #require(lines.dropFirst().first)
        #expect(
            second.hasPrefix("From a phone on the same network: http://") && second.hasSuffix(":\(port)/#key=\(key)")
                || second.hasPrefix("This machine has no network address now"), "\(second)")

        // 127.0.0.2 stands for the machine's address on the home network: the listener on every
        // interface takes it, and the page there names it in Host.
        let at = "127.0.0.2:\(port)"
        let withKey = await (try RawConnection(port: port, to: "127.0.0.2")).exchange(
            "GET", "/api/feed", headers: ["Host": at, "Authorization": "Bearer \(key)"])
        #expect(withKey.status == 200, "\(withKey.head)")
        let withoutKey = await (try RawConnection(port: port, to: "127.0.0.2")).exchange(
            "GET", "/api/feed", headers: ["Host": at])
        #expect(withoutKey.status == 403)
        let wrongKey = await (try RawConnection(port: port, to: "127.0.0.2")).exchange(
            "GET", "/api/feed", headers: ["Host": at, "Authorization": "Bearer \(String(key.reversed()))"])
        #expect(wrongKey.status == 403)
        // A name pointed at this machine (DNS rebinding), or another address than the one dialled,
        // is refused even with the key.
        for foreign in ["evil.example:\(port)", "127.0.0.3:\(port)", "127.0.0.2:1"] {
            let answer = await (try RawConnection(port: port, to: "127.0.0.2")).exchange(
                "GET", "/api/feed", headers: ["Host": foreign, "Authorization": "Bearer \(key)"])
            #expect(answer.status == 403, "\(foreign)")
        }
        // A change must come from the page at that address.
        let foreignChange = await (try RawConnection(port: port, to: "127.0.0.2")).exchange(
            "POST", "/api/search?q=milk",
            headers: ["Host": at, "Authorization": "Bearer \(key)", "Origin": "http://127.0.0.1:\(port)"])
        #expect(foreignChange.status == 403)
        let ownChange = await (try RawConnection(port: port, to: "127.0.0.2")).exchange(
            "POST", "/api/search?q=milk",
            headers: ["Host": at, "Authorization": "Bearer \(key)", "Origin": "http://\(at)"])
        #expect(ownChange.status == 200, "\(ownChange.head)")
        // Loopback goes on working as without --lan.
        let loopback = await (try RawConnection(port: port)).exchange(
            "GET", "/api/feed", headers: ["Host": "localhost:\(port)", "Authorization": "Bearer \(key)"])
        #expect(loopback.status == 200)
    }

    @Test("without --lan the app is not reachable at another address; --lan with --host is a usage error")
    func loopbackOnly() async throws {
        let folder = try TemporaryFolder("web-loopback")
        try await Self.withWeb([], lines: 1, in: folder) { printed in
            let own = try #require(printed.split(separator: " ").last.map(String.init))
            let port = try #require(Int(own.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }))
            #expect(throws: POSIXError(.ECONNREFUSED)) { try RawConnection(port: port, to: "127.0.0.2") }
        }

        let refused = try await CommandRunner().english().run(["web", "--lan", "--host", "0.0.0.0"])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("--lan listens on every network itself: leave out --host"))
    }
}
