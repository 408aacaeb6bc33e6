import GRDB
import GRDBSQLite
import ReceiptCore

/// The values of one execution of a cached statement, bound straight through SQLite's C API: every
/// imported receipt writes a dozen rows, and building GRDB's `StatementArguments` for each costs
/// more than SQLite's own work. The statement still runs through GRDB, which keeps its transaction
/// bookkeeping and error handling.
///
/// Values are bound in the order of the statement's `?` placeholders.
struct DirectBindings {
    private let statement: Statement
    private var index: CInt = 0
    /// The first binding SQLite refused (a value too large, or out of memory), reported on running.
    private var failure: (code: CInt, index: CInt)?

    /// Starts binding `statement` afresh: no value of an earlier execution stays bound.
    init(_ statement: Statement) {
        // Marks the statement's arguments as set (to none), so that `execute()` and the fetching
        // methods run it with what is bound here instead of asking for arguments.
        statement.setUncheckedArguments(StatementArguments())
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
        try statement.execute()
    }

    /// The first column of the first row, or nil when there is no row.
    func fetchInt64() throws -> Int64? {
        try checkBound()
        return try Int64.fetchOne(statement)
    }

    /// The first row, or nil.
    func fetchRow() throws -> Row? {
        try checkBound()
        return try Row.fetchOne(statement)
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
