import Foundation
import GRDB
public import ReceiptCore

extension ReceiptDatabase {
    /// Adds places or replaces those with the same id, in one transaction.
    public func save(_ places: [Place]) throws(StoreError) {
        try writeCounting { db, context in
            try Self.save(places, in: db, context: &context)
        }
    }

    /// The place with this id, or nil.
    public func place(id: String) throws(StoreError) -> Place? {
        try read { db in try PlaceRecord.fetchOne(db, key: id)?.place() }
    }

    /// Every known place, by id.
    public func places() throws(StoreError) -> [Place] {
        try read { db in try PlaceRecord.order(Column("id")).fetchAll(db).map { try $0.place() } }
    }

    /// Marks a known place as a favourite; false when no place has this id here.
    @discardableResult
    public func star(placeID: String) throws(StoreError) -> Bool {
        try write { db in
            guard try PlaceRecord.fetchOne(db, key: placeID) != nil else { return false }
            try db.execute(
                sql: "INSERT OR IGNORE INTO favourite_places (place_id, starred_at) VALUES (?, ?)",
                arguments: [placeID, Date().timeIntervalSince1970])
            return true
        }
    }

    /// Removes a favourite; false when it was not one.
    @discardableResult
    public func unstar(placeID: String) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM favourite_places WHERE place_id = ?", arguments: [placeID])
            return db.changesCount > 0
        }
    }

    /// The ids of the favourite places.
    public func favouritePlaceIDs() throws(StoreError) -> Set<String> {
        try read { db in Set(try String.fetchAll(db, sql: "SELECT place_id FROM favourite_places")) }
    }

    /// Writes places inside a saving transaction; a place stored exactly as given is left alone.
    /// When a place's name or category changes, its receipts are counted out, their items
    /// categorized anew, and counted back in.
    static func save(_ places: [Place], in db: Database, context: inout SaveContext) throws {
        var changed: [(record: PlaceRecord, recount: Bool, reword: Bool)] = []
        for place in places {
            let record = PlaceRecord(place)
            // The pages of one transaction mostly name the same shops again.
            if context.placesStored[place.id] == record { continue }
            context.placesStored[place.id] = record
            var lookup = DirectBindings(
                try db.cachedStatement(sql: "SELECT \(PlaceRecord.columns) FROM places WHERE id = ?"))
            lookup.add(place.id)
            let stored = try lookup.fetchColumns(PlaceRecord.init(columns:))
            // A place given twice with different fields is written once, as last given.
            changed.removeAll { $0.record.id == record.id }
            if stored == record { continue }
            // A new name or category moves the place's receipts in the totals; a new name or
            // address changes their search documents.
            let recount = stored.map { $0.name != record.name || $0.category != record.category } ?? false
            let reword = stored.map { $0.name != record.name || $0.address != record.address } ?? false
            changed.append((record, recount, reword))
        }
        // Receipts are not indexed by place: the receipts of every place that changed are found in
        // one pass (a place changes rarely; a new place has no receipts yet).
        var receiptsOf: [String: [Int64]] = [:]
        let wanted = changed.filter { $0.recount || $0.reword }.map(\.record.id)
        if !wanted.isEmpty {
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, place_id FROM receipts
                    WHERE place_id IN (\(Array(repeating: "?", count: wanted.count).joined(separator: ", ")))
                    ORDER BY id
                    """,
                arguments: StatementArguments(wanted))
            for row in rows { receiptsOf[row["place_id"], default: []].append(row["id"]) }
        }
        for (record, recount, reword) in changed {
            let receipts = receiptsOf[record.id] ?? []
            if recount {
                for id in receipts { try context.count(storedReceipt: id, sign: -1, in: db) }
            }
            try rewritingDocuments(of: reword ? receipts : [], in: db) {
                var upsert = DirectBindings(try db.cachedStatement(sql: PlaceRecord.upsertSQL))
                record.bind(to: &upsert)
                try upsert.execute()
            }
            context.categorizer.forgetPlace(record.id)
            if recount {
                for id in receipts {
                    try context.recategorize(storedReceipt: id, in: db)
                    try context.count(storedReceipt: id, sign: 1, in: db)
                }
            }
        }
    }
}
