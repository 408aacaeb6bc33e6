import ReceiptCore
import Testing

@Suite("Budget limits as people type them", .timeLimit(.minutes(20)))
struct BudgetLimitTests {
    @Test(
        "an amount in roubles above zero is a limit, spaces around it ignored",
        arguments: [("30000", 3_000_000), ("4999,90", 499_990), (" 0.01 ", 1), ("800.00", 80_000)] as [(String, Int64)])
    func limits(text: String, kopecks: Int64) throws {
        #expect(try BudgetLimit.parse(text) == Money(kopecks: kopecks))
    }

    @Test(
        "nothing, zero, a negative amount, a fraction of a kopeck or words are no limit, and the message quotes them",
        arguments: ["", "0", "0,00", "-5", "1.005", "lots", "30 000"])
    func notLimits(text: String) {
        #expect(throws: BudgetLimitError.notALimit(text)) { try BudgetLimit.parse(text) }
        #expect(BudgetLimitError.notALimit(text).message(in: .english).hasPrefix("“\(text)” is not a limit"))
    }

    @Test("what a change did, in both languages")
    func changes() throws {
        let month = try Month(parsing: "2026-11")
        #expect(
            BudgetChange.set(.groceries, Money(kopecks: 7_000_000), month: nil).message(in: .english)
                == "Limit for Groceries: RUB 70,000.00 a month.")
        #expect(
            BudgetChange.removed(.groceries, month: month).message(in: .russian) == "Лимит «Продукты» на 2026-11 убран."
        )
        #expect(
            BudgetChange.noneToRemove(.groceries, month: nil).message(in: .english)
                == "There is no monthly limit for Groceries.")
    }
}
