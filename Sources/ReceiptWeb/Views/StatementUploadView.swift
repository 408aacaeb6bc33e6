import ReceiptBank
import ReceiptCore

/// What a statement uploaded on the «Банк» page did, with the numbers `receipts bank import --json`
/// gives for the file (`imported`, `duplicates`, `skipped`, `accounts`, `errors`), the pairs with
/// receipts it brought (`paired`), and the line the page shows; or, for a file that is no statement,
/// the command's reason (`problem`) alone.
struct StatementUploadView: Encodable {
    /// A row that could not be read, as `bank import --json` names it.
    struct RowError: Encodable {
        let file: String
        let error: String
    }

    let file: String
    var bank: String?
    var imported: Int?
    var duplicates: Int?
    var skipped: Int?
    var accounts: [String]?
    var errors: [RowError]?
    var paired: Int?
    /// `operations.csv: Т-Банк (CSV «;», столбцов 15, UTF-8), новых операций 5, уже были 0,
    /// пропущено 0; новых пар с чеками: 5`.
    var text: String?
    var problem: String?

    init(file: String, statement: BankStatement, added: BankReconciliation.Added, paired: Int, language: Language) {
        let words = BankWords(language)
        self.file = file
        bank = statement.bank.rawValue
        imported = added.imported
        duplicates = added.duplicates
        skipped = statement.skipped
        accounts = statement.accounts
        errors = statement.problems.map { RowError(file: file, error: $0.message(in: language)) }
        self.paired = paired
        text =
            words.statementRead(
                file, bank: words.name(of: statement.bank), layout: statement.layout.description(in: language),
                added: added.imported, duplicates: added.duplicates, skipped: statement.skipped)
            + "; " + words.newPairs(paired)
    }

    init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }
}
