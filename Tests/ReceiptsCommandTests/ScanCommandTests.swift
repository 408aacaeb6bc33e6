import Foundation
import ReceiptCore
import ReceiptPhotos
import ReceiptScan
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("receipts scan and receipts add --qr", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct ScanCommandTests {
    static let payload = "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"
    static let other = "t=20250214T1130&s=899.00&fn=9960440301234567&i=5501&fp=2702394115&n=2"

    /// A folder of photos: a fiscal code as PNG, another as a tilted JPEG in a subfolder, a shop's web
    /// address, a picture without a code, a text file and a truncated JPEG that claim to be images.
    final class PhotoFolder {
        private let folder: TemporaryFolder
        var path: String { folder.path }

        init(bad: Bool = true) throws {
            folder = try TemporaryFolder("scan")
            try FileManager.default.createDirectory(atPath: path + "/more", withIntermediateDirectories: true)
            var plain = ReceiptPhoto(payload: ScanCommandTests.payload, width: 400, height: 500, modulePixels: 3)
            plain.degrees = 5
            try write("a-plain.png", PNGCodec.encode(try plain.render()))
            var tilted = ReceiptPhoto(payload: ScanCommandTests.other, width: 480, height: 400, modulePixels: 3.5)
            tilted.tilt = 0.3
            tilted.degrees = -20
            try write("more/b-tilted.jpg", JPEGCodec.encode(try tilted.render(), quality: 80))
            guard bad else { return }
            try write("c-shop.png", PNGCodec.encode(try QRRenderer.render("https://shop.example/", scale: 3)))
            try write("d-blank.png", PNGCodec.encode(GrayImage(width: 200, height: 100)))
            try write("e-notes.png", Data("t=20190320T2303".utf8))
            let jpeg = try JPEGCodec.encode(try plain.render())
            try write("f-cut.jpg", jpeg.prefix(jpeg.count / 2))
            try write("notes.txt", Data("not looked at: not named as an image".utf8))
        }

        func write(_ name: String, _ data: Data) throws {
            try data.write(to: URL(fileURLWithPath: path + "/" + name))
        }

    }

    private func entries(_ output: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    @Test("--json lists every image of a folder, recursively, with its codes or its own error; exit 6")
    func jsonShape() async throws {
        let folder = try PhotoFolder()
        let result = try await CommandRunner().english().run(["scan", "--json", folder.path])
        #expect(result.status == 6)
        let list = try entries(result.output)
        let names = list.compactMap { ($0["file"] as? String)?.replacingOccurrences(of: folder.path + "/", with: "") }
        #expect(names == ["a-plain.png", "c-shop.png", "d-blank.png", "e-notes.png", "f-cut.jpg", "more/b-tilted.jpg"])
        func entry(_ name: String) -> [String: Any] { list[names.firstIndex(of: name) ?? 0] }

        let plain = try #require((entry("a-plain.png")["codes"] as? [[String: Any]])?.first)
        #expect(plain["payload"] as? String == Self.payload)
        #expect(plain["canonical"] as? String == Self.payload)
        #expect(plain["engine"] as? String == "zbar")
        let fiscal = try #require(plain["fiscal"] as? [String: Any])
        #expect(Set(fiscal.keys) == ["t", "s", "fn", "i", "fp", "n"])
        #expect(fiscal["fn"] as? String == "9251440300007971")
        #expect(entry("a-plain.png")["error"] is NSNull)
        let tilted = try #require((entry("more/b-tilted.jpg")["codes"] as? [[String: Any]])?.first)
        #expect(tilted["payload"] as? String == Self.other)

        let shop = try #require((entry("c-shop.png")["codes"] as? [[String: Any]])?.first)
        #expect(shop["payload"] as? String == "https://shop.example/")
        #expect(shop["canonical"] is NSNull && shop["fiscal"] is NSNull)
        #expect((entry("d-blank.png")["codes"] as? [Any])?.isEmpty == true)
        #expect(entry("d-blank.png")["error"] is NSNull)
        #expect((entry("e-notes.png")["error"] as? String)?.contains("not an image") == true)
        #expect((entry("f-cut.jpg")["error"] as? String)?.contains("JPEG file is truncated") == true)
    }

    @Test("exit 0 when every image gives a receipt code; the table names file, date, total and payload; missing is 3")
    func allFound() async throws {
        let folder = try PhotoFolder(bad: false)
        let result = try await CommandRunner().russian().run([
            "scan", folder.path + "/a-plain.png", folder.path + "/more",
        ])
        #expect(result.status == 0)
        #expect(result.output.contains("a-plain.png"))
        #expect(result.output.contains(Money(kopecks: 580_300).formatted(in: .russian)))
        #expect(result.output.contains(Self.other))
        // The folder is said once above the table (before, every line repeated the whole path), the
        // columns are headed, and a summary line ends it (issue 50).
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == folder.path + "/", "\(result.output)")
        #expect(lines.dropFirst().allSatisfy { !$0.contains(folder.path) }, "\(result.output)")
        #expect(lines.dropFirst().first?.hasPrefix("Файл") == true)
        #expect(lines.last?.hasPrefix("Снимков: ") == true && lines.last?.contains("кодов чеков: ") == true)
        // A missing image is not found (3), with a good one or alone; a missing and an unreadable one is 6.
        let missing = try await CommandRunner().russian().run(["scan", folder.path + "/absent.png"])
        #expect(missing.status == 3)
        #expect(missing.output.contains("absent.png") && missing.output.contains("нет такого файла"))
        let withGood = try await CommandRunner().english().run([
            "scan", folder.path + "/a-plain.png", folder.path + "/gone",
        ])
        #expect(withGood.status == 3 && withGood.output.contains("no such file"))
        try folder.write("notes.png", Data("not an image".utf8))
        #expect(
            try await CommandRunner().run(["scan", folder.path + "/notes.png", folder.path + "/absent.png"]).status == 6
        )
    }

    @Test("a code that is not a receipt's, a page of text long, is cut to two lines in the table; --json has it whole")
    func longOtherCode() async throws {
        let folder = try PhotoFolder(bad: false)
        // 600 characters, a version 15 code: the table showed all of it, 25 lines at 60 columns.
        let text = String(repeating: "A QR code holds a page of prose. ", count: 19).prefix(600)
        try folder.write("page.png", PNGCodec.encode(try QRRenderer.render(String(text), scale: 3)))
        let table = try await CommandRunner().english().run(["scan", folder.path + "/page.png"])
        #expect(table.status == 6)
        // Its first 119 characters and `…`, wrapped in the table's last column.
        let words = table.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains(String(text.prefix(100)).trimmingCharacters(in: .whitespaces)), "\(table.output)")
        #expect(!words.contains(String(text.prefix(140)).trimmingCharacters(in: .whitespaces)))
        #expect(table.output.filter { $0 == "…" }.count == 1, "\(table.output)")
        let json = try await CommandRunner().run(["scan", "--json", folder.path + "/page.png"])
        let code = try #require((try entries(json.output).first?["codes"] as? [[String: Any]])?.first)
        #expect(code["payload"] as? String == String(text))
    }

    @Test("--add without a session adds pending receipts to the local database, never twice")
    func addLocally() async throws {
        let folder = try PhotoFolder(bad: false)
        let database = folder.path + "/receipts.sqlite"
        var run = CommandRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.path + "/config"
        // The same receipt photographed twice is added once.
        try FileManager.default.copyItem(atPath: folder.path + "/a-plain.png", toPath: folder.path + "/more/again.png")
        let first = try await run.run(["scan", "--json", "--add", "--db", database, folder.path])
        #expect(first.status == 0)
        #expect(first.output.components(separatedBy: #""added":"added-pending""#).count == 3)
        #expect(first.output.components(separatedBy: #""added":"in-database-already""#).count == 2)
        let stored = try ReceiptDatabase.open(at: database, createIfMissing: false)
        let receipt = try #require(try stored.receipt(FiscalCode(parsing: Self.payload).identity))
        #expect(receipt.status == .pending && receipt.total == Money(kopecks: 580_300))
        #expect(try stored.receiptCount() == 2)

        let again = try await run.run(["scan", "--add", "--db", database, folder.path])
        #expect(again.status == 0)
        #expect(again.output.contains("already in the database"))
        let typed = try await run.run([
            "add", "--qr", "fn=9251440300007971&i=141637&fp=4087570038&n=1&s=5803&t=20190320T2303", "--db", database,
        ])
        #expect(typed.status == 0)
        #expect(typed.output.contains("Already in the database"))
        #expect(try stored.receiptCount() == 2)
    }

    @Test("add --qr adds a typed payload as pending; a wrong payload exits 6 and names the field")
    func addTyped() async throws {
        let folder = try PhotoFolder(bad: false)
        let database = folder.path + "/receipts.sqlite"
        var run = CommandRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.path + "/config"
        let added = try await run.run(["add", "--json", "--qr", Self.other, "--db", database])
        #expect(added.status == 0)
        #expect(added.output.contains(#""added":"added-pending""#) && added.output.contains(#""canonical":"t="#))
        let wrong = try await run.run([
            "add", "--qr", "t=20250214T1130&s=899.00&fn=12&i=5501&fp=2702394115&n=2", "--db", database,
        ])
        #expect(wrong.status == 6)
        #expect(wrong.errors.contains("fn"))
    }

    @Test("--add when logged in adds to the account on the server, never twice")
    func addToServer() async throws {
        let server = try await DemoServerProcess(receipts: 10)
        let run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        let folder = try PhotoFolder(bad: false)
        let first = try await run.run(["scan", "--json", "--add", folder.path])
        #expect(first.status == 0)
        #expect(first.output.components(separatedBy: #""added":"added-to-server""#).count == 3)
        let again = try await run.run(["scan", "--json", "--add", folder.path])
        #expect(again.output.components(separatedBy: #""added":"on-server-already""#).count == 3)
        let typed = try await run.run(["add", "--qr", Self.payload])
        #expect(typed.status == 0 && typed.output.contains("Already on the server"))
        // With the server gone, what was read is still printed, and the failure says so: exit 4.
        await server.stop()
        var offline = run
        offline.environment["RECEIPTS_NETWORK_BUDGET"] = "1"
        let unreachable = try await offline.run(["scan", "--add", folder.path])
        #expect(unreachable.status == 4)
        #expect(unreachable.output.contains(Self.other))
        // The server's receipts reached the local database too.
        let stored = try ReceiptDatabase.open(
            at: server.home + "/data/receipts/receipts.sqlite", createIfMissing: false)
        #expect(try stored.receipt(FiscalCode(parsing: Self.other).identity) != nil)
    }
}
