import Foundation
import GRDB
import ReceiptCore
import ReceiptScan
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("receipts qr render", .timeLimit(.minutes(20)))
struct QRRenderCommandTests {
    @Test("draws the normal form of a payload into a PNG that zbar reads back")
    func payload() async throws {
        let temporary = try TemporaryFolder("render")
        let folder = temporary.path
        let output = folder + "/code.png"
        let result = try await InProcessRunner().english().run([
            "qr", "render", "n=2&s=150,5&t=20240229T0915&fn=0000000000000042&i=7&fp=99", "-o", output, "--scale", "3",
        ])
        #expect(result.status == 0)
        let image = try ImageLoader.load(try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(
            try QRDecoder.decode(image).map(\.text) == ["t=20240229T0915&s=150.50&fn=0000000000000042&i=7&fp=99&n=2"])
    }

    @Test("draws a receipt of the local database named by its id or fn/i/fp; an unknown one exits 3")
    func storedReceipt() async throws {
        let temporary = try TemporaryFolder("render")
        let folder = temporary.path
        let databasePath = folder + "/r.sqlite"
        let code = try FiscalCode(parsing: "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1")
        try ReceiptDatabase.open(at: databasePath).save(Receipt(pendingFrom: code))
        let output = folder + "/stored.png"
        let found = try await InProcessRunner().english().run([
            "qr", "render", "9251440300007971/141637/4087570038", "-o", output, "--db", databasePath,
        ])
        #expect(found.status == 0)
        let image = try ImageLoader.load(try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(try QRDecoder.decode(image).map(\.text) == [code.canonical])
        let byID = try await InProcessRunner().english().run(["qr", "render", "1", "-o", output, "--db", databasePath])
        #expect(byID.status == 0)
        let drawn = try ImageLoader.load(try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(try QRDecoder.decode(drawn).map(\.text) == [code.canonical])
        #expect(
            try await InProcessRunner().english().run(["qr", "render", "99", "-o", output, "--db", databasePath]).status
                == 3)

        let missing = try await InProcessRunner().russian().run([
            "qr", "render", "9251440300007971/1/1", "-o", folder + "/none.png", "--db", databasePath,
        ])
        #expect(missing.status == 3)
        #expect(missing.errors.contains("нет в базе"))
        let noDatabase = try await InProcessRunner().english().run([
            "qr", "render", "9251440300007971/1/1", "-o", folder + "/none.png", "--db", folder + "/absent.sqlite",
        ])
        #expect(noDatabase.status == 3)
        #expect(!FileManager.default.fileExists(atPath: folder + "/absent.sqlite"))
    }

    @Test("a file that is not a database exits 6, a newer database exits 1, and neither is changed")
    func badDatabases() async throws {
        let temporary = try TemporaryFolder("render")
        let folder = temporary.path
        let notes = folder + "/notes.sqlite"
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: notes))
        let foreign = try await InProcessRunner().english().run([
            "qr", "render", "9251440300007971/1/1", "-o", folder + "/x.png", "--db", notes,
        ])
        #expect(foreign.status == 6)
        #expect(foreign.errors.contains("is not an SQLite database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: notes)) == Data("not a database".utf8))

        let newer = folder + "/newer.sqlite"
        _ = try ReceiptDatabase.open(at: newer)
        let queue = try DatabaseQueue(path: newer)
        try await queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')")
        }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: newer))
        let refused = try await InProcessRunner().russian().run([
            "qr", "render", "9251440300007971/1/1", "-o", folder + "/x.png", "--db", newer,
        ])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("более новой версией"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: newer)) == before)
    }

    @Test("a bad payload exits 6 and writes no file")
    func invalid() async throws {
        let folder = try TemporaryFolder("render")
        let output = folder.file("code.png")
        let result = try await InProcessRunner().english().run(["qr", "render", "t=1&s=2", "-o", output])
        #expect(result.status == 6)
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
