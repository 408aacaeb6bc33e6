import Foundation
import ReceiptCore
import ReceiptReports
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptCommandLine

/// A renderer of the command line speaks the language it is given, every word of it: the same
/// listing, code or failure drawn in Russian and in English by one process, whatever the process's
/// own language.
@Suite(
    "renderers in the language they are given, Russian and English in one process",
    .timeLimit(.minutes(20)))
struct RenderLanguageTests {
    /// Two receipts of January 2025 (one with two items), imported by `receipts import` into a
    /// database in `folder`, and that database opened here.
    static func database(in folder: TemporaryFolder) async throws -> ReceiptDatabase {
        let receipts = [(1, "2025-01-05T10:00:00", 2), (2, "2025-01-20T18:30:00", 1)].map { number, date, lines in
            let items = (0..<lines).map { _ in #"{"name": "ХЛЕБ", "price": 5000, "quantity": 1, "sum": 5000}"# }
            return """
                {"dateTime": "\(date)", "operationType": 1, "totalSum": \(5000 * lines), \
                "fiscalDriveNumber": "9251440300007971", "fiscalDocumentNumber": \(number), \
                "fiscalSign": \(number + 100), "retailPlace": "Лента", "items": [\(items.joined(separator: ","))]}
                """
        }
        let file = try folder.write("[" + receipts.joined(separator: ",") + "]", to: "receipts.json")
        var run = InProcessRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        let path = folder.file("receipts.sqlite")
        let imported = try await run.run(["import", file, "--db", path])
        #expect(imported.status == 0, "\(imported.errors)")
        return try ReceiptDatabase.open(at: path, createIfMissing: false)
    }

    @Test("list: one listing rendered in Russian and in English, headings and counts included")
    func listInBothLanguages() async throws {
        let folder = try TemporaryFolder()
        let months = try await Self.database(in: folder).listing(from: nil, through: nil)
        let russian = ListCommand.render(months, language: .russian, width: 200)
        let english = ListCommand.render(months, language: .english, width: 200)
        // Russian amounts keep the ruble sign apart with a no-break space.
        #expect(russian.hasPrefix("Январь 2025 — 2 чека, 150,00") && russian.contains("₽"), "\(russian)")
        #expect(english.hasPrefix("January 2025 — 2 receipts, RUB 150.00"), "\(english)")
        #expect(russian.contains("2 поз.") && russian.contains("1 поз."), "\(russian)")
        #expect(english.contains("2 items") && english.contains("1 item"), "\(english)")
        #expect(!russian.contains("receipt") && !english.contains("чек"))
    }

    @Test("qr parse: the table's labels, dates and amounts all in the language asked for")
    func qrTableInBothLanguages() throws {
        let code = try FiscalCode(parsing: "t=20250105T1000&s=150.00&fn=9251440300007971&i=1&fp=101&n=1")
        let russian = QRParseCommand.table(code, language: .russian).render(width: 200)
        let english = QRParseCommand.table(code, language: .english).render(width: 200)
        #expect(russian.hasPrefix("Нормальный вид"), "\(russian)")
        #expect(english.hasPrefix("Normal form"), "\(english)")
        #expect(russian.contains("150,00") && russian.contains("₽") && english.contains("RUB 150.00"))
    }

    @Test("a failure says its message in the language it is asked for, not the process's")
    func failureInBothLanguages() {
        let failure = CommandFailure.badServerURL("ftp://example")
        #expect(failure.message(in: .russian).hasPrefix("«ftp://example» — не адрес сервера"))
        #expect(failure.message(in: .english).hasPrefix("“ftp://example” is not a server address"))
        #expect(Words(.russian).noReceipts == "Чеков нет." && Words(.english).noReceipts == "No receipts.")
    }
}
