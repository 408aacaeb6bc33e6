import Foundation
import ReceiptTesting
import Testing

@Suite("receipts prices", .timeLimit(.minutes(20)))
struct PricesCommandTests {
    static func runner(in folder: TemporaryFolder) -> InProcessRunner {
        var run = InProcessRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        run.environment["XDG_DATA_HOME"] = folder.file("data")
        return run
    }

    /// A receipt of the tax service's export with one line.
    static func receipt(_ number: Int, _ date: String, _ name: String, price: Int, quantity: Double = 1) -> String {
        let sum = Int((Double(price) * quantity).rounded())
        return """
            {"dateTime": "\(date)", "operationType": 1, "totalSum": \(sum), "fiscalDriveNumber": "9251440300007971", \
            "fiscalDocumentNumber": \(number), "fiscalSign": \(number + 100), "retailPlace": "Лента", \
            "items": [{"name": "\(name)", "price": \(price), "quantity": \(quantity), "sum": \(sum)}]}
            """
    }

    @Test(
        "per litre by month and shop, as --json and as a table in Russian on 60 columns; nothing found is said; no words is a usage error"
    )
    func prices() async throws {
        let folder = try TemporaryFolder()
        var run = Self.runner(in: folder)
        let file = try folder.write(
            "["
                + [
                    Self.receipt(1, "2025-01-05T10:00:00", "МОЛОКО ПАСТ.3,2% 930МЛ", price: 8_999),
                    Self.receipt(2, "2025-02-05T10:00:00", "МОЛОКО ПАСТ 3,2% 1,4Л", price: 12_600),
                    Self.receipt(3, "2025-02-06T10:00:00", "БАНАНЫ ВЕС", price: 13_990, quantity: 0.532),
                ].joined(separator: ",") + "]", to: "receipts.json")
        #expect(try await run.run(["import", file]).status == 0)
        let result = try await run.run(["prices", "молоко", "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        // Drinking milk: the kind, its one product below it, nothing of no kind.
        #expect((json["products"] as? [Any])?.isEmpty == true)
        let kinds = try #require(json["kinds"] as? [[String: Any]])
        #expect(kinds.map { $0["id"] as? String } == ["milk"] && kinds.first?["unit"] as? String == "l")
        let products = try #require(kinds.first?["products"] as? [[String: Any]])
        #expect(products.count == 1 && products.first?["heading"] as? String == "МОЛОКО ПАСТ.3,2% 930МЛ")
        #expect(products.first?["name"] as? String == "молоко паст 3,2%" && products.first?["unit"] as? String == "l")
        let months = try #require(products.first?["months"] as? [[String: Any]])
        // 8999 / 0.93 = 9676.3 → 9676; 12600 / 1.4 = 9000.
        #expect(months.map { $0["median"] as? Int } == [9_676, 9_000])
        #expect(months.map { $0["month"] as? String } == ["2025-01", "2025-02"])
        // (9000 − 9676) / 9676 = −0.06986…
        #expect(products.first?["change"] as? Double == -0.0699)

        run.environment["COLUMNS"] = "60"
        run.environment["LANG"] = "ru_RU.UTF-8"
        let table = try await run.run(["prices", "бананы"])
        #expect(table.status == 0)
        #expect(table.output.hasPrefix("Бананы, за кг"))
        #expect(table.output.contains("БАНАНЫ ВЕС"), "the product below its kind, as printed")
        #expect(table.output.contains("139,90"))
        #expect(table.output.split(separator: "\n").allSatisfy { $0.count <= 60 })
        let none = try await run.run(["prices", "сыр"])
        #expect(none.status == 0 && none.output.contains("Покупок «сыр» в базе нет."))
        #expect(try await run.run(["prices"]).status == 2)
        #expect(try await run.run(["prices", "молоко", "--from", "2025-13"]).status == 2)
    }

    @Test(
        "inflation: five products 10 % dearer from one month to the next, as --json and in Russian; a database without receipts says so"
    )
    func inflation() async throws {
        let folder = try TemporaryFolder()
        var run = Self.runner(in: folder)
        var receipts: [String] = []
        for (index, name) in ["ХЛЕБ", "МОЛОКО 1Л", "ЯЙЦО 10ШТ", "СЫР 200Г", "КЕФИР 900Г"].enumerated() {
            receipts.append(Self.receipt(index + 1, "2025-01-10T10:00:00", name, price: 10_000))
            receipts.append(Self.receipt(index + 11, "2025-02-10T10:00:00", name, price: 11_000))
        }
        let file = try folder.write("[" + receipts.joined(separator: ",") + "]", to: "receipts.json")
        #expect(try await run.run(["import", file]).status == 0)
        let result = try await run.run(["inflation", "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["from"] as? String == "2025-01" && json["to"] as? String == "2025-02")
        #expect(json["index"] as? Double == 1.1 && json["coverage"] as? Double == 1)
        #expect((json["pairs"] as? [[String: Any]])?.first?["matched"] as? Int == 5)
        run.environment["LANG"] = "ru_RU.UTF-8"
        let text = try await run.run(["inflation", "--by", "category"])
        #expect(text.output.hasPrefix("Личная инфляция 2025-01 … 2025-02: +10,0 %, по 100 % трат"), "\(text.output)")
        let empty = try await Self.runner(in: try TemporaryFolder()).run([
            "inflation", "--db", folder.file("none.sqlite"),
        ])
        #expect(empty.status != 0)
    }
}
