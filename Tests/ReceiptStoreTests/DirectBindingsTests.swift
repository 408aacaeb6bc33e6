import GRDB
import Testing

@testable import ReceiptStore

@Suite("Statements bound and stepped through SQLite's C API")
struct DirectBindingsTests {
    /// A database in memory with one table: `shops (id INTEGER PRIMARY KEY, inn TEXT UNIQUE NOT
    /// NULL, name TEXT, rating REAL)`.
    static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: "CREATE TABLE shops (id INTEGER PRIMARY KEY, inn TEXT UNIQUE NOT NULL, name TEXT, rating REAL)")
        }
        return queue
    }

    static let insert = "INSERT INTO shops (inn, name, rating) VALUES (?, ?, ?)"

    /// ``insert`` bound through ``DirectBindings`` with these values (a nil rating is NULL), and run.
    static func insert(_ inn: String, _ name: String, rating: Double?, in db: Database) throws {
        var values = DirectBindings(try db.cachedStatement(sql: insert))
        values.add(inn)
        values.add(name)
        if let rating { values.add(rating) } else { values.addNull() }
        try values.execute()
    }

    @Test("a refused row throws SQLite's error with the statement, and the cached statement runs again after it")
    func refused() throws {
        let queue = try Self.database()
        try queue.write { db in
            try Self.insert("7707083893", "Пятёрочка", rating: 4.5, in: db)
            // The same INN again: the UNIQUE constraint refuses it.
            let error = try #require(throws: DatabaseError.self) {
                try Self.insert("7707083893", "Магнит", rating: nil, in: db)
            }
            #expect(error.resultCode == .SQLITE_CONSTRAINT)
            #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE)
            #expect(error.sql == Self.insert)
            #expect(error.message?.contains("shops.inn") == true)
            // The statement was reset: it runs again with new values.
            try Self.insert("2310031475", "Магнит", rating: nil, in: db)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM shops") == 2)
        }
    }

    @Test("lookups read the first row's columns, nil without a row, and leave the statement to start afresh")
    func lookups() throws {
        let queue = try Self.database()
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO shops (inn, name, rating)
                    VALUES ('7707083893', 'Пятёрочка', 4.5), ('2310031475', NULL, NULL)
                    """)
            let byINN = "SELECT id, name, rating FROM shops WHERE inn = ?"
            var found = DirectBindings(try db.cachedStatement(sql: byINN))
            found.add("7707083893")
            let first = try found.fetchColumns { ($0.int64(0), $0.text(1), $0.double(2), $0.isNull(2)) }
            #expect(first?.0 == 1 && first?.1 == "Пятёрочка" && first?.2 == 4.5 && first?.3 == false)
            var bare = DirectBindings(try db.cachedStatement(sql: byINN))
            bare.add("2310031475")
            let second = try bare.fetchColumns { ($0.text(1), $0.isNull(2)) }
            #expect(second?.0 == nil && second?.1 == true)
            var missing = DirectBindings(try db.cachedStatement(sql: byINN))
            missing.add("0000000000")
            #expect(try missing.fetchColumns { $0.int64(0) } == nil)

            // Two rows: the first is read, and the next lookup starts from the first row again
            // (the statement was not left on the second).
            let all = "SELECT id FROM shops WHERE id >= ? ORDER BY id"
            for _ in 0..<2 {
                var rows = DirectBindings(try db.cachedStatement(sql: all))
                rows.add(Int64(1))
                #expect(try rows.fetchInt64() == 1)
            }
            // A NULL first column is nil, like no row.
            var rating = DirectBindings(try db.cachedStatement(sql: "SELECT rating FROM shops WHERE inn = ?"))
            rating.add("2310031475")
            #expect(try rating.fetchInt64() == nil)
        }
    }

    @Test("a transaction that throws after a stepped write keeps nothing of it")
    func rolledBack() throws {
        let queue = try Self.database()
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try queue.write { db in
                try Self.insert("7707083893", "Пятёрочка", rating: 4.5, in: db)
                throw Stop()
            }
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM shops") } == 0)
    }
}
