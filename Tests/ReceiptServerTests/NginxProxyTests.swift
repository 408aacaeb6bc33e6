import Foundation
import ReceiptServerTesting
import ReceiptTesting
import Testing

@testable import ReceiptServer

/// The server behind real nginx (Debian's package, unpacked under .build by `make test`), set up as docs/server.md
/// shows: nginx writes `X-Forwarded-For` and `X-Forwarded-Proto` and passes on whatever else the
/// client sent, `Forwarded` included. Clients connect to nginx from 127.0.0.3; nginx reaches the
/// server from 127.0.0.1, its one trusted proxy.
@Suite("Server: behind real nginx", .tags(.server, .process), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct NginxProxyTests {
    /// nginx in front of `serverPort`, on a free loopback port, its files in `folder`; stopped when
    /// `body` returns.
    static func withNginx<T: Sendable>(
        before serverPort: Int, in folder: String, _ body: @Sendable (Int) async throws -> T
    ) async throws -> T {
        let unpacked = Repository.url(".build/nginx/usr/sbin/nginx").path
        let nginx = [unpacked, "/usr/sbin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let nginx else {
            Issue.record("no nginx at \(unpacked): `make test` unpacks Debian's (make .build/nginx/usr/sbin/nginx)")
            throw CancellationError()
        }
        let port = try LoopbackPort.free()
        let configuration = """
            worker_processes 1;
            daemon off;
            master_process off;
            pid \(folder)/nginx.pid;
            error_log \(folder)/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(folder)/body;
                proxy_temp_path \(folder)/proxy;
                fastcgi_temp_path \(folder)/fastcgi;
                uwsgi_temp_path \(folder)/uwsgi;
                scgi_temp_path \(folder)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        proxy_pass http://127.0.0.1:\(serverPort);
                        proxy_set_header Host $host;
                        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                        proxy_set_header X-Forwarded-Proto $scheme;
                    }
                }
            }
            """
        let file = "\(folder)/nginx.conf"
        try configuration.write(toFile: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-c", file, "-p", folder, "-e", "\(folder)/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let child = try ChildProcess(process, collecting: false)
        do {
            // Up once it answers through to the server.
            var up = false
            for _ in 0..<300 where !up {
                if !child.isRunning { break }
                // Refused until it listens.
                if let connection = try? RawConnection(port: port) {
                    up = await connection.exchange("GET", "/health").status == 200
                }
                if !up { try await Task.sleep(for: .milliseconds(50)) }
            }
            guard up else {
                let log = (try? String(contentsOfFile: "\(folder)/error.log", encoding: .utf8)) ?? ""
                Issue.record("nginx did not start on 127.0.0.1:\(port): \(log)")
                throw CancellationError()
            }
            let value = try await body(port)
            child.terminate()
            _ = await child.exit()
            return value
        } catch {
            child.terminate()
            _ = await child.exit()
            throw error
        }
    }

    @Test(
        "a client behind nginx cannot pick its own address with Forwarded or X-Forwarded-For, nor claim https"
    )
    func clientPicksNothing() async throws {
        let configure: (inout ServerSettings) -> Void = {
            $0.trustedProxies = [AddressRange("127.0.0.1/32")].compactMap { $0 }
            $0.throttle.failedLoginsPerAddress = .init(5, per: 300)
        }
        try await ServerHarness.run(transport: .live, configure: configure) { server in
            _ = try await server.registered("erin")
            let folder = try TemporaryFolder("nginx")
            try await Self.withNginx(before: server.port, in: folder.path) { port in
                // Twelve wrong passwords from 127.0.0.3, each naming another client in both headers:
                // nginx appends 127.0.0.3 to X-Forwarded-For and passes Forwarded on untouched, so
                // all twelve count as 127.0.0.3 and the sixth is refused (five a 5 minutes).
                var statuses: [Int] = []
                for index in 1...12 {
                    let answer = await (try RawConnection(port: port, from: "127.0.0.3")).exchange(
                        "POST", "/api/v1/sessions", json: ProxyTests.wrong,
                        headers: [
                            "Forwarded": "for=198.51.100.\(index)", "X-Forwarded-For": "203.0.113.\(index)",
                        ])
                    statuses.append(answer.status)
                }
                #expect(statuses == Array(repeating: 401, count: 5) + Array(repeating: 429, count: 7))
                // Another client behind the same nginx goes on.
                let other = await (try RawConnection(port: port, from: "127.0.0.4")).exchange(
                    "POST", "/api/v1/sessions", json: ProxyTests.wrong)
                #expect(other.status == 401)
                // Plain HTTP to nginx: a client's Forwarded or X-Forwarded-Proto cannot make the
                // session cookie Secure (nginx writes X-Forwarded-Proto: http over the client's).
                for claim in [["Forwarded": "for=203.0.113.7;proto=https"], ["X-Forwarded-Proto": "https"]] {
                    let answer = await (try RawConnection(port: port, from: "127.0.0.5")).exchange(
                        "POST", "/api/v1/sessions/anonymous", headers: claim)
                    #expect(answer.status == 201)
                    #expect(answer.head.lowercased().contains("set-cookie: receipts_session="))
                    #expect(!answer.head.contains("Secure"), "\(claim)")
                }
            }
        }
    }
}
