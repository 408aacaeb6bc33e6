import Foundation
import ReceiptCore
import ReceiptLedger
import ReceiptStore
import ReceiptTesting
import Testing

/// Receipts saved in a real SQLite file and written as ledgers; the figures are worked out in the
/// comments. `scripts/ledger-check.py` (make test) has beancount and hledger read the same files.
@Suite("Ledger export", .timeLimit(.minutes(20)))
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
        // Paid by card, and no statement paired a payment with it.
        #expect(postings.last?.account == "Assets:Card")
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
        #expect(text.contains("-150.00 RUB\n    Assets:Card  150.00 RUB\n"), "\(text)")
        #expect(text.hasPrefix("decimal-mark .\ncommodity 1000.00 RUB\n"))
        #expect(try Self.text(database, march) == text)
        let none = LedgerExport(format: .beancount, from: Month("2024-01"), to: Month("2024-01"))
        #expect(try Self.text(database, none) == "option \"operating_currency\" \"RUB\"\n")
    }

    /// An Ozon receipt of April 2025 with `lines` (name, sum, payment kind) and its sums by the
    /// way they were paid.
    static func ozon(
        _ number: Int64, _ iso: String, operation: OperationType = .sale, total: Int64, cash: Int64 = 0,
        card: Int64 = 0, prepaid: Int64 = 0, credit: Int64 = 0, lines: [(String, Int64, PaymentType)]
    ) throws -> Receipt {
        Receipt(
            identity: try FiscalIdentity(fn: "7380440801302218", i: number, fp: 2_000 + number),
            dateTime: try LocalDateTime(iso: iso), operation: operation, total: Money(kopecks: total),
            cash: Money(kopecks: cash), ecash: Money(kopecks: card), prepaid: Money(kopecks: prepaid),
            credit: Money(kopecks: credit), seller: "ООО \"ИНТЕРНЕТ РЕШЕНИЯ\"", sellerINN: "7704217370",
            retailPlace: "ozon.ru",
            items: lines.map {
                Item(name: $0.0, price: Money(kopecks: $0.1), quantity: 1, sum: Money(kopecks: $0.1), paymentType: $0.2)
            })
    }

    @Test(
        "each way a receipt paid books its own account: cash, card, prepaid, credit; an order with both receipts leaves prepayments at 0"
    )
    func paymentAccounts() throws {
        let (database, _) = try Self.database([
            // 1 and 2: headphones prepaid by card (1,200.00), then handed over against it: the
            // settlement counts 0 and books nothing.
            try Self.ozon(
                1, "2025-04-01T12:00:00", total: 120_000, card: 120_000,
                lines: [("Наушники JBL", 120_000, .fullPrepayment)]),
            try Self.ozon(
                2, "2025-04-05T15:00:00", total: 120_000, prepaid: 120_000,
                lines: [("Наушники JBL", 120_000, .fullPayment)]),
            // 3: a settlement whose prepayment is not stored: 586.00, of which 500.00 prepaid and
            // 86.00 by card; it counts all 586.00 and draws 500.00 from prepayments.
            try Self.ozon(
                3, "2025-04-06T10:00:00", total: 58_600, card: 8_600, prepaid: 50_000,
                lines: [("Чехол для телефона", 58_600, .fullPayment)]),
            // 4: 300.00 in cash and 700.00 by card.
            try Self.ozon(
                4, "2025-04-07T10:00:00", total: 100_000, cash: 30_000, card: 70_000,
                lines: [("Кабель USB-C", 100_000, .fullPayment)]),
            // 5 and 6: a laptop on credit, 5,000.00 down and 25,000.00 owed; then 5,000.00 paid
            // towards it, which counts nothing and pays off the credit account.
            try Self.ozon(
                5, "2025-04-08T10:00:00", total: 3_000_000, card: 500_000, credit: 2_500_000,
                lines: [("Ноутбук", 3_000_000, .partialPaymentAndCredit)]),
            try Self.ozon(
                6, "2025-04-20T10:00:00", total: 500_000, card: 500_000,
                lines: [("Ноутбук", 500_000, .creditPayment)]),
            // 7: the cash part of 4 returned: 300.00 back into cash.
            try Self.ozon(
                7, "2025-04-21T10:00:00", operation: .saleRefund, total: 30_000, cash: 30_000,
                lines: [("Кабель USB-C", 30_000, .fullPayment)]),
            // 8: known from its QR code only: nothing says how it was paid.
            Receipt(
                pendingFrom: try FiscalCode(parsing: "t=20250422T1000&s=450.00&fn=7380440801302218&i=8&fp=2008&n=1")),
        ])
        var balances: [String: Int64] = [:]
        var transactions = 0
        try database.forEachLedgerReceipt { receipt in
            let entry = LedgerEntry(receipt, postings: .category, accounts: LedgerAccounts())
            #expect(entry.postings.reduce(0) { $0 + $1.amount.kopecks } == 0, "receipt \(receipt.id)")
            if !entry.postings.isEmpty { transactions += 1 }
            for posting in entry.postings where !posting.account.hasPrefix("Expenses:") {
                balances[posting.account, default: 0] += posting.amount.kopecks
            }
        }
        // 2 counts 0 and is left out; the other seven are transactions.
        #expect(transactions == 7)
        // Card: 1,200.00 + 86.00 + 700.00 + 5,000.00 + 5,000.00 = 11,986.00 out.
        // Cash: 300.00 out, 300.00 back, 450.00 of the receipt that says nothing: 450.00 out.
        // Prepaid: 500.00 drawn by the settlement whose prepayment is missing; 1 and 2 net to 0.
        // Credit: 25,000.00 owed, 5,000.00 paid off: 20,000.00 owed.
        #expect(
            balances == [
                "Assets:Card": -1_198_600, "Assets:Cash": -45_000, "Assets:Prepaid": -50_000,
                "Liabilities:Credit": -2_000_000,
            ])
        // --payment-account takes the cash and card parts of what no statement paired, not the
        // prepaid and owed parts.
        var chosen = LedgerAccounts()
        chosen.unmatched = "Assets:Wallet"
        var accounts = Set<String>()
        try database.forEachLedgerReceipt { receipt in
            for posting in LedgerEntry(receipt, postings: .category, accounts: chosen).postings
            where !posting.account.hasPrefix("Expenses:") {
                accounts.insert(posting.account)
            }
        }
        #expect(accounts == ["Assets:Wallet", "Assets:Prepaid", "Liabilities:Credit"])
        let map = "карта = Assets:Bank:Card\nprepaid = Assets:Ozon:Prepaid\ncredit = Liabilities:Ozon\n"
        let mapped = try AccountMap.read(map, format: .beancount, over: LedgerAccounts())
        #expect(
            [mapped.card, mapped.prepaid, mapped.credit] == [
                "Assets:Bank:Card", "Assets:Ozon:Prepaid", "Liabilities:Ozon",
            ])
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
        #expect(accounts.cash == "Assets:Wallet")
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
