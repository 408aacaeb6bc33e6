import Foundation
import GRDB
import ReceiptTesting
import Testing

/// `receipts people`, `paid-by`, `split` and `household` on the real Novosibirsk December
/// (Tests/Fixtures/real-receipts/chequeinfo-2024-12.json) with its T-Bank statement, two cards.
@Suite("receipts people, paid-by, split, household", .timeLimit(.minutes(20)))
struct HouseholdCommandTests {
    /// BankCommandTests' December statement with the AUCHAN (239.80) and DETSKIY MIR (1,003.52)
    /// payments made with a second card, *7781: Борис's.
    static let twoCards = BankCommandTests.december.split(separator: "\n", omittingEmptySubsequences: false).map {
        line in
        line.contains("AUCHAN CITY") || line.contains("DETSKIY MIR")
            ? line.replacingOccurrences(of: "\"*4556\"", with: "\"*7781\"") : String(line)
    }.joined(separator: "\n")

    @Test(
        "two people, one card each: the card says who paid, lines for everyone by halves; settled in one transfer, then even"
    )
    func december() async throws {
        let folder = try TemporaryFolder()
        let run = RealReceiptsCommandTests.runner(in: folder)
        #expect(
            try await run.run(["import", RealReceiptsCommandTests.fixtures + "/chequeinfo-2024-12.json"]).status == 0)
        #expect(
            try await run.run(["bank", "import", try folder.write(Self.twoCards, to: "operations.csv")]).status == 0)
        // The pairs saved, so that the cards say who paid.
        #expect(try await run.run(["match"]).status == 0)
        let empty = try await run.run(["household", "balance"])
        #expect(empty.status == 0 && empty.errors.contains("no people yet"))
        let unshared = try await run.run(["export", "splitwise", "-o", folder.file("splitwise.csv")])
        #expect(unshared.status == 2 && unshared.errors.contains("receipts people add NAME"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("splitwise.csv")))
        let anna = try await run.run(["people", "add", "Аня", "--card", "*4556"])
        #expect(anna.output.contains("Added: Аня, card *4556, who is you"))
        #expect(try await run.run(["people", "add", "Борис", "--card", "7781"]).status == 0)
        let twice = try await run.run(["people", "add", "борис"])
        #expect(twice.status == 2 && twice.errors.contains("“Борис” is already one of the people"))
        #expect(try await run.run(["people", "add", "Вера", "--card", "12"]).status == 2)

        let balance = try BankCommandTests.json(try await run.run(["household", "balance", "--json"]).output)
        let people = try #require(balance["people"] as? [[String: Any]])
        #expect(people.map { $0["name"] as? String } == ["Аня", "Борис"])
        let paid = people.map { $0["paid"] as? Int ?? -1 }
        let consumed = people.map { $0["consumed"] as? Int ?? -1 }
        // The month counts 72,305.45 ₽ (stats --json: the 25 receipts). Борис's card paid AUCHAN
        // 239.80 + DETSKIY MIR 1,003.52 = 1,243.32; every other receipt, cash ones too, is the
        // user's: 72,305.45 − 1,243.32 = 71,062.13.
        #expect(paid == [7_106_213, 124_332])
        // Each line for both: halves, the odd kopeck of a line to the earlier person (Аня). So Аня
        // consumes (7,230,545 + k) / 2, Борис (7,230,545 − k) / 2, k the lines of an odd amount.
        // k read from the file: the lines' counted money, as the database keeps it.
        let queue = try DatabaseQueue(path: folder.file("receipts.sqlite"))
        let odd = try await queue.read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM items i JOIN receipts r ON r.id = i.receipt_id
                    WHERE r.counted <> 0 AND i.counted % 2 <> 0
                    """) ?? 0
        }
        try queue.close()
        #expect(odd > 0 && consumed == [(7_230_545 + odd) / 2, (7_230_545 - odd) / 2], "\(consumed) odd \(odd)")
        let balances = people.map { $0["balance"] as? Int ?? 0 }
        #expect(balances[0] + balances[1] == 0 && balances[0] == 7_106_213 - consumed[0])

        // Борис owes Аня his balance: one transfer; recorded, everyone is even.
        let settle = try BankCommandTests.json(try await run.run(["household", "settle", "--json"]).output)
        let transfers = try #require(settle["transfers"] as? [[String: Any]])
        #expect(
            transfers.count == 1 && transfers[0]["from"] as? String == "Борис" && transfers[0]["to"] as? String == "Аня"
        )
        #expect(transfers[0]["amount"] as? Int == balances[0])
        let text = try await run.run(["household", "settle", "--month", "2024-12", "--record"])

        // Splitwise's spreadsheet: a row a receipt that counts money (24 of the 25: one counts
        // nothing), each adding up to zero, AUCHAN's 239.80 paid on Борис's card and halved (his
        // cell +119.90), the payment just recorded as Splitwise writes one (the payer +, the payee
        // −), and the total balance that the recorded payment brings to zero.
        let sheet = try await run.run(["export", "splitwise"])
        #expect(sheet.status == 0)
        let rows = sheet.output.split(separator: "\n", omittingEmptySubsequences: true).map { String($0) }
        #expect(rows.first == "Date,Description,Category,Cost,Currency,Аня,Борис")
        #expect(sheet.output.hasPrefix(rows[0] + "\n\n"))
        func kopecks(_ cell: Substring) -> Int { Int(cell.replacingOccurrences(of: ".", with: "")) ?? .min }
        let receiptsRows = rows.dropFirst().filter { !$0.contains(",Payment,") && !$0.contains("Total balance") }
        #expect(receiptsRows.count == 24)
        for row in receiptsRows {
            let cells = row.split(separator: ",", omittingEmptySubsequences: false).suffix(2)
            #expect(cells.map(kopecks).reduce(0, +) == 0, "\(row)")
        }
        #expect(receiptsRows.contains { $0.hasSuffix(",239.80,RUB,-119.90,119.90") }, "\(sheet.output)")
        let payment = String(format: "%d.%02d", balances[0] / 100, balances[0] % 100)
        #expect(rows.contains("2024-12-31,Борис paid Аня,Payment,\(payment),RUB,-\(payment),\(payment)"))
        #expect(rows.last == "2024-12-31,Total balance, , ,RUB,0.00,0.00")
        let mixed = try await run.run(["export", "splitwise", "--postings", "item"])
        #expect(mixed.status == 2 && mixed.errors.contains("not splitwise"))
        #expect(text.status == 0 && text.output.hasPrefix("Борис → Аня: RUB "), "\(text.output)")
        let after = try BankCommandTests.json(
            try await run.run(["household", "balance", "--month", "2024-12", "--json"]).output)
        #expect((after["people"] as? [[String: Any]])?.map { $0["balance"] as? Int } == [0, 0])
        #expect(try await run.run(["household", "settle"]).output.contains("Nobody owes anybody."))

        // Wrong input: who and what are named; nothing changes.
        let nobody = try await run.run(["paid-by", "1", "Вера"])
        #expect(nobody.status == 3 && nobody.errors.contains("no person named “Вера”"))
        let weight = try await run.run(["split", "1", "Аня=0"])
        #expect(weight.status == 2 && weight.errors.contains("a weight is a whole number from 1 to 1,000,000"))
        let line = try await run.run(["split", "1", "--line", "999", "Аня"])
        #expect(line.status == 3 && line.errors.contains("has no line 999"))
        #expect(try await run.run(["split", "1", "Аня=2", "Борис"]).output.contains("Аня 2/3, Борис 1/3"))
        #expect(try await run.run(["paid-by", "1", "--reset"]).status == 0)
        #expect(try await run.run(["people", "remove", "Борис"]).status == 2)

        // Rules: added, listed, refused with why, removed.
        let rule = try await run.run(["split", "rule", "add", "--category", "alcohol_tobacco", "Борис"])
        #expect(rule.status == 0 && rule.output == "Rule #1: category Alcohol and tobacco → Борис.\n", "\(rule.output)")
        let words = try await run.run(["split", "rule", "add", "--name", "Пиво Светлое", "Аня", "Борис=3"])
        #expect(words.output == "Rule #2: words “пиво светлое” → Аня 1/4, Борис 3/4.\n", "\(words.output)")
        let listed = try BankCommandTests.json(try await run.run(["split", "rule", "--json"]).output)
        #expect(
            (listed["rules"] as? [[String: Any]])?.compactMap { $0["category"] as? String ?? $0["words"] as? String }
                == ["alcohol_tobacco", "пиво светлое"])
        #expect(try await run.run(["split", "rule", "add", "Борис"]).status == 2)
        #expect(try await run.run(["split", "rule", "add", "--category", "nonsense", "Борис"]).status == 2)
        let shop = try await run.run(["split", "rule", "add", "--shop", "999", "Борис"])
        #expect(shop.status == 3 && shop.errors.contains("there is no shop #999"))
        #expect(try await run.run(["split", "rule", "remove", "1"]).output == "Rule #1 removed.\n")
        #expect(try await run.run(["split", "rule", "remove", "1"]).status == 3)

        // Each person's statistics on the real month: their parts of every category add up to the
        // household's, to the kopeck, whatever the rules, the receipt by weights and the card say.
        func categories(_ arguments: [String]) async throws -> [String: Int] {
            let json = try BankCommandTests.json(try await run.run(["stats", "--json"] + arguments).output)
            let month = try #require((json["months"] as? [[String: Any]])?.first)
            var totals: [String: Int] = [:]
            for line in month["categories"] as? [[String: Any]] ?? [] {
                totals[line["category"] as? String ?? "?"] = line["total"] as? Int
            }
            return totals
        }
        let household = try await categories([])
        let hers = try await categories(["--person", "аня"])
        let boris = try await categories(["--person", "Борис"])
        #expect(!household.isEmpty)
        for (category, total) in household {
            #expect((hers[category] ?? 0) + (boris[category] ?? 0) == total, "\(category)")
        }
        let named = try BankCommandTests.json(try await run.run(["stats", "--json", "--person", "Борис"]).output)
        #expect(named["person"] as? String == "Борис")
        #expect(try await run.run(["stats", "--person", "Вера"]).status == 3)
        // A limit of Борис's own, on his parts only; the household has none.
        #expect(try await run.run(["budget", "set", "groceries", "100", "--person", "борис"]).status == 0)
        let his = try BankCommandTests.json(
            try await run.run(["budget", "--month", "2024-12", "--person", "Борис", "--json"]).output)
        let limit = try #require((his["budgets"] as? [[String: Any]])?.first)
        #expect(limit["spent"] as? Int == boris["groceries"] && limit["limit"] as? Int == 10_000)
        let theirs = try BankCommandTests.json(try await run.run(["budget", "--month", "2024-12", "--json"]).output)
        #expect((theirs["budgets"] as? [Any])?.isEmpty == true)
    }
}
