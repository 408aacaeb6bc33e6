public import ReceiptCore

/// What one statement file holds: the payments read, the rows left out on purpose and the rows that
/// could not be read, each named by its line.
public struct BankStatement: Sendable, Equatable {
    /// The format the file was recognised as.
    public var bank: BankPayment.Bank
    /// How the file was written: what `bank import` says it read.
    public var layout = StatementLayout()
    /// The operations read, in the file's order.
    public var payments: [BankPayment]
    /// Rows the bank marks as not done (declined, cancelled): counted, not kept.
    public var skipped: Int
    /// Rows that could not be read; the rest of the file is kept.
    public var problems: [StatementRowProblem]

    /// A statement from its parts.
    public init(
        bank: BankPayment.Bank, payments: [BankPayment], skipped: Int = 0, problems: [StatementRowProblem] = []
    ) {
        self.bank = bank
        self.payments = payments
        self.skipped = skipped
        self.problems = problems
    }

    /// The cards and accounts the payments name, sorted, each once.
    public var accounts: [String] {
        Array(Set(payments.map(\.account).filter { !$0.isEmpty })).sorted()
    }

    /// Reads a statement from the bytes of a file, recognising the bank by its header; a line longer
    /// than ``maximumLineLength`` is refused before the text is decoded.
    public static func read(_ bytes: [UInt8]) throws(StatementError) -> BankStatement {
        var lines = StatementLines()
        try lines.scan(bytes)
        let (text, encoding) = StatementText.decodeNaming(bytes)
        if OFXStatement.recognises(text) {
            var statement = try OFXStatement.read(text)
            statement.layout = StatementLayout(
                kind: text.prefix(2_048).contains("<?xml") ? .ofxXML : .ofxSGML, encoding: encoding)
            return statement
        }
        // Banks write `;`; a statement saved again by a spreadsheet may have commas.
        var unterminated: Int?
        for separator: Unicode.Scalar in [";", ","] {
            let records: [DelimitedText.Record]
            do {
                records = try DelimitedText.records(text, separator: separator)
            } catch {
                unterminated = unterminated ?? error.line
                continue
            }
            for format in formats {
                if let header = records.firstIndex(where: { format.recognises($0.fields) }) {
                    var statement = format.read(records[header...])
                    statement.layout = StatementLayout(
                        kind: separator == ";" ? .semicolons : .commas, columns: records[header].fields.count,
                        encoding: encoding)
                    return statement
                }
            }
        }
        if let line = unterminated { throw .unterminatedQuote(line: line) }
        throw .notAStatement
    }

    /// The `;`-separated layouts, tried in turn on each line until one knows it as its header.
    private static let formats: [any DelimitedStatementFormat.Type] = [
        TBankStatement.self, AlfaStatement.self, VTBStatement.self, SberStatement.self,
    ]
}

/// How a statement file was written, as it was read: text separated by `;` (as banks write it) or by
/// commas (saved again by a spreadsheet), with its header's number of columns, or OFX; and its
/// encoding.
public struct StatementLayout: Sendable, Equatable {
    /// The file's kind.
    public enum Kind: Sendable, Equatable {
        /// Fields separated by `;`.
        case semicolons
        /// Fields separated by commas.
        case commas
        /// OFX version 1 (SGML).
        case ofxSGML
        /// OFX version 2 (XML).
        case ofxXML
    }
    /// The file's kind.
    public var kind = Kind.semicolons
    /// The header's columns, in a file of fields; nil in OFX.
    public var columns: Int?
    /// UTF-8 or Windows-1251.
    public var encoding = StatementEncoding.utf8

    /// A layout; by default `;`-separated UTF-8.
    public init(kind: Kind = .semicolons, columns: Int? = nil, encoding: StatementEncoding = .utf8) {
        self.kind = kind
        self.columns = columns
        self.encoding = encoding
    }

    /// `CSV «;», 15 columns, UTF-8`; `OFX 2 (XML), Windows-1251`.
    public func description(in language: Language) -> String {
        let kind =
            switch kind {
            case .semicolons: language.pick("CSV «;»", "CSV “;”")
            case .commas: language.pick("CSV «,» (пересохранён таблицей)", "CSV “,” (saved again by a spreadsheet)")
            case .ofxSGML: "OFX 1 (SGML)"
            case .ofxXML: "OFX 2 (XML)"
            }
        let parts = [kind, columns.map { language.pick("столбцов \($0)", "\($0) columns") }, encoding.rawValue]
        return parts.compactMap { $0 }.joined(separator: ", ")
    }
}

/// The two encodings Russian banks write statements in.
public enum StatementEncoding: String, Sendable, Equatable {
    /// UTF-8, with or without a byte-order mark.
    case utf8 = "UTF-8"
    /// Windows-1251.
    case windows1251 = "Windows-1251"
}

/// A `;`-separated statement layout: how its header is recognised and each row read.
protocol DelimitedStatementFormat: Sendable {
    /// The format its payments are marked with.
    static var bank: BankPayment.Bank { get }
    /// Whether these fields are the layout's header row.
    static func recognises(_ fields: [String]) -> Bool
    /// The payment of one row; nil for a row the bank marks as not done.
    static func payment(_ fields: [String], columns: StatementColumns) throws(StatementRowProblem.Problem)
        -> BankPayment?
}

extension DelimitedStatementFormat {
    /// The statement from its header row on: each row with as many fields as the header read, a row
    /// that cannot be read named by its line.
    static func read(_ records: ArraySlice<DelimitedText.Record>) -> BankStatement {
        var statement = BankStatement(bank: bank, payments: [])
        guard let header = records.first else { return statement }
        let columns = StatementColumns(header: header.fields)
        for record in records.dropFirst() where !record.isBlank {
            do throws(StatementRowProblem.Problem) {
                guard record.fields.count == columns.count else {
                    throw .columnCount(found: record.fields.count, expected: columns.count)
                }
                if let payment = try payment(record.fields, columns: columns) {
                    statement.payments.append(payment)
                } else {
                    statement.skipped += 1
                }
            } catch {
                statement.problems.append(StatementRowProblem(line: record.line, problem: error))
            }
        }
        return statement
    }
}

/// A row of a statement that could not be read, and why.
public struct StatementRowProblem: Sendable, Equatable, LocalizedMessage {
    /// The file's line the row starts on, from 1.
    public var line: Int
    /// What is wrong with it.
    public var problem: Problem

    /// A problem on `line`.
    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// What can be wrong with one row.
    public enum Problem: Error, Sendable, Equatable {
        /// The row has a different number of fields than the header.
        case columnCount(found: Int, expected: Int)
        /// A date or time that is not one (the column's name, the text).
        case badDate(column: String, text: String)
        /// An amount that is not one.
        case badAmount(column: String, text: String)
        /// An amount past `Money.largestAmount` either way: no payment is that large,
        /// and sums of such would overflow.
        case beyondBounds(column: String, text: String)
        /// A required field is empty.
        case missing(column: String)
    }

    /// "line 12: …" in the given language.
    public func message(in language: Language) -> String {
        let prefix = language.pick("строка \(line): ", "line \(line): ")
        switch problem {
        case .columnCount(let found, let expected):
            return prefix
                + language.pick(
                    "\(found) полей вместо \(expected)", "\(found) fields where the header has \(expected)")
        case .badDate(let column, let text):
            return prefix + language.pick("«\(column)»: не дата: «\(text)»", "“\(column)”: not a date: “\(text)”")
        case .badAmount(let column, let text):
            return prefix + language.pick("«\(column)»: не сумма: «\(text)»", "“\(column)”: not an amount: “\(text)”")
        case .beyondBounds(let column, let text):
            return prefix
                + language.pick(
                    "«\(column)»: сумма больше 1 000 000 000 000 ₽: «\(text)»",
                    "“\(column)”: an amount beyond 1,000,000,000,000 ₽: “\(text)”")
        case .missing(let column):
            return prefix + language.pick("«\(column)» пусто", "“\(column)” is empty")
        }
    }
}

/// A file that cannot be read as a statement at all; nothing of it is kept.
public enum StatementError: Error, Sendable, Equatable, LocalizedMessage {
    /// No line of it is the header of a known layout, and it is not OFX.
    case notAStatement
    /// A quoted field is never closed.
    case unterminatedQuote(line: Int)
    /// OFX whose structure is broken (an unclosed element, no statement in it).
    case badOFX(String)
    /// A line longer than `limit` bytes (``BankStatement/maximumLineLength``): no bank writes one.
    case lineTooLong(line: Int, limit: Int)
    /// An OFX file larger than `limit` bytes (``BankStatement/maximumOFXSize``).
    case tooLarge(limit: Int)

    /// What is wrong, in the given language.
    public func message(in language: Language) -> String {
        switch self {
        case .notAStatement:
            return language.pick(
                "не выписка банка: нет заголовка Т-Банка, Альфа-Банка, ВТБ или Сбера и это не OFX",
                "not a bank statement: no T-Bank, Alfa-Bank, VTB or Sber header, and not OFX")
        case .unterminatedQuote(let line):
            return language.pick(
                "строка \(line): кавычка не закрыта до конца файла",
                "line \(line): a quote is not closed before the end")
        case .badOFX(let detail):
            return language.pick("OFX не читается: \(detail)", "unreadable OFX: \(detail)")
        case .lineTooLong(let line, let limit):
            return language.pick(
                "строка \(line) длиннее \(limit / 1_024) КиБ: строк такой длины в выписках банков не бывает",
                "line \(line) is longer than \(limit / 1_024) KiB: no bank statement has lines that long")
        case .tooLarge(let limit):
            return language.pick(
                "OFX больше \(limit / 1_048_576) МиБ: разбейте выписку на несколько файлов по периодам",
                "OFX larger than \(limit / 1_048_576) MiB: split the statement into several files by period")
        }
    }
}
