import GRDB
import ReceiptCore

extension ReceiptDatabase {
    /// Adds places or replaces those with the same id, in one transaction.
    public func save(_ places: [Place]) throws(StoreError) {
        try write { db in
            for place in places { try PlaceRecord(place).upsert(db) }
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
}
