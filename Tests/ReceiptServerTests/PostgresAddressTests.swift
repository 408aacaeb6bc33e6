import Foundation
import ReceiptTesting
import Synchronization
import Testing

@testable import ReceiptServer

@Suite(
    "Server: PostgreSQL addresses and waiting on the database", .tags(.postgres), .wholeSuiteOnly,
    .storageIndependent, .timeLimit(.minutes(20)))
struct PostgresAddressTests {
    @Test("URLs read as libpq reads them; the password comes from PGPASSWORD and is never printed")
    func urls() throws {
        let full = try PostgresAddress(
            "postgresql://bob:s%40cret@db.example:6543/receipts?sslmode=require", environment: [:])
        #expect(full.host == "db.example" && full.port == 6543 && full.user == "bob" && full.database == "receipts")
        #expect(full.password == "s@cret" && full.sslMode == .require)
        #expect(full.description == "postgresql://bob@db.example:6543/receipts?sslmode=require")

        let bare = try PostgresAddress("postgres://[::1]/", environment: ["PGUSER": "anna", "PGPASSWORD": "pw"])
        #expect(bare.host == "::1" && bare.port == 5432 && bare.user == "anna" && bare.database == "anna")
        #expect(bare.password == "pw" && bare.sslMode == .prefer)
        #expect(!bare.description.contains("pw"))

        #expect(throws: PostgresAddressError.badSSLMode("sometimes")) {
            try PostgresAddress("postgresql://h/d?sslmode=sometimes", environment: [:])
        }
        #expect(throws: PostgresAddressError.unknownParameter("options")) {
            try PostgresAddress("postgresql://h/d?options=x", environment: [:])
        }
        #expect(throws: PostgresAddressError.noHost) { try PostgresAddress("postgresql://", environment: [:]) }
    }

    @Test(
        "a password file (PGPASSFILE, ~/.pgpass) gives the password as libpq reads it; one others may read is not used")
    func passwordFile() throws {
        let folder = try TemporaryFolder("pgpass")
        do {
            let lines = [
                "# comment", "db.internal:5432:other:receipts:not this one",
                #"db.internal:*:receipts:receipts:pa\:ss\\word"#, "*:*:*:*:fallback",
            ]
            let file = try folder.write(lines.joined(separator: "\n"), to: "pgpass")
            chmod(file, 0o600)
            let url = "postgresql://receipts@db.internal/receipts"
            let fromFile = try PostgresAddress(url, environment: ["PGPASSFILE": file])
            #expect(fromFile.password == #"pa:ss\word"# && !fromFile.passwordInURL)
            #expect(
                try PostgresAddress("postgresql://bob@elsewhere/x", environment: ["PGPASSFILE": file]).password
                    == "fallback")
            // The environment and the URL come first; the URL's password is marked as visible in `ps`.
            #expect(try PostgresAddress(url, environment: ["PGPASSFILE": file, "PGPASSWORD": "env"]).password == "env")
            let inURL = try PostgresAddress("postgresql://receipts:given@db.internal/receipts", environment: [:])
            #expect(inURL.password == "given" && inURL.passwordInURL)
            // ~/.pgpass when PGPASSFILE is not set.
            try FileManager.default.copyItem(atPath: file, toPath: folder.path + "/.pgpass")
            chmod(folder.path + "/.pgpass", 0o600)
            #expect(try PostgresAddress(url, environment: ["HOME": folder.path]).password == #"pa:ss\word"#)
            chmod(file, 0o644)
            #expect(try PostgresAddress(url, environment: ["PGPASSFILE": file]).password == nil)
        }
    }

    @Test("a path is SQLite; anything meant as a URL is read as one, mistypes refused")
    func databases() throws {
        #expect(
            try ServerDatabase("/var/lib/receipts/server.sqlite") == .sqlite(path: "/var/lib/receipts/server.sqlite"))
        #expect(try ServerDatabase("postgres-data.sqlite") == .sqlite(path: "postgres-data.sqlite"))
        for mistyped in ["postgresql:/bob:pw@h/x", "pgsql://h/x", "mysql://h/x", "postgres//bob:pw@h/x"] {
            #expect(throws: PostgresAddressError.self, "\(mistyped)") { try ServerDatabase(mistyped) }
        }
    }

    @Test("work past its deadline is not waited for, even when it cannot be cancelled")
    func deadline() async throws {
        let finished = Mutex(false)
        let value = try await FirstOf.run(within: .milliseconds(100)) {
            // Like a query on a frozen connection: deaf to cancellation for a long while.
            await withCheckedContinuation { continuation in
                DispatchQueue.global().asyncAfter(deadline: .now() + 30) { continuation.resume() }
            }
            finished.withLock { $0 = true }
            return 1
        }
        #expect(value == nil)
        #expect(!finished.withLock { $0 }, "the answer came before the work ended")
        #expect(try await FirstOf.run(within: .seconds(30)) { 7 } == 7)
        await #expect(throws: CancellationError.self) {
            _ = try await FirstOf.run(within: .seconds(30)) { () async throws -> Int in throw CancellationError() }
        }
    }
}
