import GRDB
import GRDBSQLite
import ReceiptCore

/// The values of one execution of a cached statement, bound straight through SQLite's C API, and
/// the statement stepped through it too: every imported receipt runs a dozen statements, and going
/// through GRDB's `StatementArguments` and execution for each cost more than SQLite's own work
/// (building the arguments, then resetting the statement twice and clearing all its bindings an
/// execution: 5 % of an import's writing, the row cursor of a lookup 4 % more).
///
/// Values are bound in the order of the statement's `?` placeholders, every one of them each time
/// (checked on running), so nothing of an earlier execution stays bound. The statements run
/// inside a transaction GRDB holds, which they neither begin nor end; nothing here observes the
/// database through GRDB (no `ValueObservation`), which is what its own stepping would inform.
struct DirectBindings {
    private let statement: Statement
    private var index: CInt = 0
    /// The first binding SQLite refused (a value too large, or out of memory), reported on running.
    private var failure: (code: CInt, index: CInt)?

    /// Starts binding `statement` afresh.
    init(_ statement: Statement) {
        // A statement ends reset (see `step()`); one a failure or GRDB left mid-way is reset here.
        // Its bindings stay: every one is bound again before it runs.
        sqlite3_reset(statement.sqliteStatement)
        self.statement = statement
    }

    mutating func add(_ value: Int64) {
        index += 1
        check(sqlite3_bind_int64(statement.sqliteStatement, index, value))
    }

    mutating func add(_ value: Int) {
        add(Int64(value))
    }

    mutating func add(_ value: Double) {
        index += 1
        check(sqlite3_bind_double(statement.sqliteStatement, index, value))
    }

    mutating func add(_ value: String) {
        index += 1
        var text = value
        // Native strings are contiguous UTF-8 already; SQLite copies the bytes (transient).
        let code = text.withUTF8 { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(statement.sqliteStatement, index, "", 0, Self.transient)
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                sqlite3_bind_text(statement.sqliteStatement, index, characters, CInt(bytes.count), Self.transient)
            }
        }
        check(code)
    }

    mutating func add(_ value: Int64?) {
        guard let value else { return addNull() }
        add(value)
    }

    mutating func add(_ value: Int?) {
        add(value.map(Int64.init))
    }

    mutating func add(_ value: String?) {
        guard let value else { return addNull() }
        add(value)
    }

    /// Binds a category by its raw value, which SQLite reads where the program keeps it: every saved
    /// line binds one, and copying it cost an allocation a line.
    mutating func add(_ category: Category?) {
        guard let text = category?.staticRawValue else { return addNull() }
        index += 1
        check(
            text.utf8Start.withMemoryRebound(to: CChar.self, capacity: text.utf8CodeUnitCount) { characters in
                // nil is SQLITE_STATIC: the text outlives the statement.
                sqlite3_bind_text(statement.sqliteStatement, index, characters, CInt(text.utf8CodeUnitCount), nil)
            })
    }

    mutating func addNull() {
        index += 1
        check(sqlite3_bind_null(statement.sqliteStatement, index))
    }

    /// Runs the statement with the values bound.
    func execute() throws {
        try checkBound()
        while try step() {}
    }

    /// The first column of the first row, or nil when there is no row (or the column is NULL).
    func fetchInt64() throws -> Int64? {
        try fetchColumns { $0.isNull(0) ? nil : $0.int64(0) } ?? nil
    }

    /// The first row's columns, read by `read` while the statement is on it, or nil when there is
    /// no row.
    func fetchColumns<T>(_ read: (Columns) throws -> T) throws -> T? {
        try checkBound()
        guard try step() else { return nil }
        defer { sqlite3_reset(statement.sqliteStatement) }
        return try read(Columns(statement: statement.sqliteStatement))
    }

    /// The columns of the row a statement is on, by position (from 0).
    struct Columns {
        fileprivate let statement: SQLiteStatement

        func isNull(_ column: CInt) -> Bool {
            sqlite3_column_type(statement, column) == SQLITE_NULL
        }

        func int64(_ column: CInt) -> Int64 {
            sqlite3_column_int64(statement, column)
        }

        func double(_ column: CInt) -> Double {
            sqlite3_column_double(statement, column)
        }

        func text(_ column: CInt) -> String? {
            guard let characters = sqlite3_column_text(statement, column) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
        }
    }

    /// One step: true on a row, false once done (the statement then reset). A failure resets the
    /// statement too, and throws SQLite's error with the statement's text.
    private func step() throws -> Bool {
        let code = sqlite3_step(statement.sqliteStatement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(statement.sqliteStatement)
            return false
        default:
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(statement.sqliteStatement)))
            sqlite3_reset(statement.sqliteStatement)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }

    private mutating func check(_ code: CInt) {
        if code != SQLITE_OK, failure == nil { failure = (code, index) }
    }

    private func checkBound() throws {
        assert(index == sqlite3_bind_parameter_count(statement.sqliteStatement), "\(statement.sql): \(index) values")
        guard let failure else { return }
        throw DatabaseError(
            resultCode: ResultCode(rawValue: failure.code), message: "value \(failure.index) could not be bound",
            sql: statement.sql)
    }

    /// SQLite's "copy the value now" destructor.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

extension Category {
    /// ``rawValue`` as text the program keeps for as long as it runs.
    var staticRawValue: StaticString {
        switch self {
        case .groceries: "groceries"
        case .cafes: "cafes"
        case .transport: "transport"
        case .fuel: "fuel"
        case .health: "health"
        case .household: "household"
        case .clothing: "clothing"
        case .electronics: "electronics"
        case .beauty: "beauty"
        case .kids: "kids"
        case .pets: "pets"
        case .entertainment: "entertainment"
        case .telecom: "telecom"
        case .alcoholTobacco: "alcohol_tobacco"
        case .other: "other"
        case .uncategorized: "uncategorized"
        }
    }
}
