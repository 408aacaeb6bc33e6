import Foundation
import ReceiptCore
import ReceiptLedger
import ReceiptStore
import ReceiptTesting
import Testing

/// Receipts saved in a real SQLite file and written as ledgers; the figures are worked out in the
/// comments. `scripts/ledger-check.py` (make test) has beancount and hledger read the same files.
@Suite("Ledger export")
struct LedgerExportTests {
    static func database(_ receipts: [Receipt]) throws -> (ReceiptDatabase, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let database = try ReceiptDatabase.open(at: folder.file("r.sqlite"))
        _ = try database.save(receipts)
        return (database, folder)
    }

    static func receipt(
        _ number: Int64, _ iso: String, operation: OperationType = .sale, total: Int64, lines: [(String, Int64)],
        seller: String = "ООО \"ЛЕНТА\"", place: String = "Лента"
    ) throws -> Receipt {
        Receipt(
            identity: try FiscalIdentity(fn: "9251440300007971", i: number, fp: 1_000 + number),
            dateTime: try LocalDateTime(iso: iso), operation: operation, total: Money(kopecks: total),
            ecash: Money(kopecks: total), seller: seller, sellerINN: "7814148471", retailPlace: place,
            items: lines.map { Item(name: $0.0, price: Money(kopecks: $0.1), quantity: 1, sum: Money(kopecks: $0.1)) })
    }

    static func text(_ database: ReceiptDatabase, _ export: LedgerExport) throws -> String {
        var text = ""
        try export.write(from: database) { text += $0 }
        return text
    }

    @Test("lines that print a kopeck more than the total: the printed sums, then the kopeck back as rounding")
    func rounding() throws {
        // 33.34 + 33.33 + 33.34 = 100.01 on a receipt of 100.00.
        let (database, _) = try Self.database([
            try Self.receipt(
                1, "2025-03-05T19:02:00", total: 10_000,
                lines: [("ПИРОГ С КАПУСТОЙ", 3_334), ("ПИРОГ С ЯБЛОКОМ", 3_333), ("ПИРОГ С ВИШНЕЙ", 3_334)])
        ])
        var entries: [LedgerEntry] = []
        try database.forEachLedgerReceipt {
            entries.append(LedgerEntry($0, postings: .category, accounts: LedgerAccounts()))
        }
        let postings = try #require(entries.first?.postings)
        #expect(postings.map(\.amount.kopecks) == [10_001, -1, -10_000])
        #expect(postings.map(\.rounding) == [false, true, false])
        #expect(postings.last?.account == "Assets:Cash")
        #expect(postings.reduce(0) { $0 + $1.amount.kopecks } == 0)
        let items = try #require(
            entries.first.map { LedgerEntry($0.receipt, postings: .item, accounts: LedgerAccounts()) })
        #expect(items.postings.compactMap(\.item) == ["ПИРОГ С КАПУСТОЙ", "ПИРОГ С ЯБЛОКОМ", "ПИРОГ С ВИШНЕЙ"])
        #expect(items.postings.map(\.amount.kopecks) == [3_334, 3_333, 3_334, -1, -10_000])
    }

    @Test("a return books negative amounts; the months asked for bound the file; the same database, the same bytes")
    func returnsAndMonths() throws {
        let (database, _) = try Self.database([
            try Self.receipt(1, "2025-02-27T10:00:00", total: 15_000, lines: [("ЗУБНАЯ ЩЕТКА", 15_000)]),
            try Self.receipt(
                2, "2025-03-02T10:00:00", operation: .saleRefund, total: 15_000, lines: [("ЗУБНАЯ ЩЕТКА", 15_000)]),
        ])
        let march = LedgerExport(format: .hledger, from: Month("2025-03"), to: Month("2025-03"))
        let text = try Self.text(database, march)
        #expect(!text.contains("2025-02-27"))
        #expect(text.contains("-150.00 RUB\n    Assets:Cash  150.00 RUB\n"), "\(text)")
        #expect(text.hasPrefix("decimal-mark .\ncommodity 1000.00 RUB\n"))
        #expect(try Self.text(database, march) == text)
        let none = LedgerExport(format: .beancount, from: Month("2024-01"), to: Month("2024-01"))
        #expect(try Self.text(database, none) == "option \"operating_currency\" \"RUB\"\n")
    }

    @Test("names with quotes, backslashes, `|` and `;` stay inside their fields")
    func escaping() throws {
        let (database, _) = try Self.database([
            try Self.receipt(
                1, "2025-03-01T10:00:00", total: 5_000, lines: [("ХЛЕБ", 5_000)], seller: #"ООО "САД | ОГОРОД; \ №1"#)
        ])
        let beancount = try Self.text(database, LedgerExport(format: .beancount))
        #expect(beancount.contains(#" "ООО \"САД | ОГОРОД; \\ №1" ^fns-9251440300007971-1"#), "\(beancount)")
        let hledger = try Self.text(database, LedgerExport(format: .hledger))
        #expect(hledger.contains(#" | ООО "САД / ОГОРОД, \ №1  ; fn:9251440300007971, fd:1, fp:1001"#), "\(hledger)")
    }

    @Test("account names: each format's rules; a map of categories, cards and cash; a bad line named")
    func accounts() throws {
        #expect(LedgerAccounts.defaultAccount(of: .cafes) == "Expenses:Kafe-i-restorany")
        #expect(LedgerAccounts.defaultAccount(of: .health) == "Expenses:Apteka-i-zdorove")
        #expect(LedgerFormat.beancount.accepts(account: "Expenses:Kafe-i-restorany"))
        #expect(!LedgerFormat.beancount.accepts(account: "Расходы:Кафе"))
        #expect(!LedgerFormat.beancount.accepts(account: "Expenses:food"))
        #expect(LedgerFormat.hledger.accepts(account: "Расходы:Кафе и рестораны"))
        #expect(!LedgerFormat.hledger.accepts(account: "Расходы:Кафе  и рестораны"))
        let map = """
            # моя карта счетов
            Кафе и рестораны = Expenses:Food:Out
            groceries = Expenses:Food:Home
            *4556 = Liabilities:CreditCard
            cash = Assets:Wallet
            """
        let accounts = try AccountMap.read(map, format: .beancount, over: LedgerAccounts())
        #expect(accounts.account(of: .cafes) == "Expenses:Food:Out")
        #expect(accounts.account(of: .groceries) == "Expenses:Food:Home")
        #expect(accounts.account(of: .fuel) == "Expenses:Toplivo")
        #expect(
            accounts.account(paidFrom: LedgerReceipt.Account(bank: .tbank, account: "*4556"))
                == "Liabilities:CreditCard")
        #expect(
            accounts.account(paidFrom: LedgerReceipt.Account(bank: .alfa, account: "*1028"))
                == "Assets:Bank:AlfaBank:Card1028")
        #expect(accounts.account(paidFrom: nil) == "Assets:Wallet")
        #expect(throws: AccountMapError.badAccount(line: 2, "Расходы:Кафе")) {
            try AccountMap.read("# x\nКафе = Расходы:Кафе\n", format: .beancount, over: LedgerAccounts())
        }
        #expect(throws: AccountMapError.unknownKey(line: 1, "бензин")) {
            try AccountMap.read("бензин = Expenses:Fuel", format: .beancount, over: LedgerAccounts())
        }
        #expect(throws: AccountMapError.noEquals(line: 1)) {
            try AccountMap.read("Expenses:Fuel", format: .hledger, over: LedgerAccounts())
        }
    }
}
