import GRDB
public import ReceiptCore

/// A shop as `receipts shops` lists it: a seller at an address, with its receipts and spending.
public struct Shop: Sendable, Equatable {
    /// The local id, what `shops rename` and `shops merge` take.
    public let id: Int64
    /// The name it is shown with everywhere: the user's, else the one its receipts give.
    public let name: String
    /// The user's own name for it, when one was chosen.
    public let chosen: String?
    /// The seller's INN.
    public let sellerINN: String
    /// The seller as its latest receipt prints it.
    public let seller: String?
    /// The address as its latest receipt prints it.
    public let address: String?
    /// How many receipts it has.
    public let receipts: Int
    /// What they count towards spending.
    public let spending: Money
    /// When the latest of them was issued, by the shop's clock.
    public let lastVisit: LocalDateTime?
}

/// Why a shop cannot be renamed or merged as asked.
public enum ShopChangeError: Error, Equatable, LocalizedMessage {
    /// No shop has this id (or it was merged into another).
    case noShop(Int64)
    /// A shop cannot be merged into itself.
    case mergedIntoItself(Int64)
    /// The shop was not merged into another: there is nothing to take apart.
    case notMerged(Int64)

    /// What is wrong, in `language`.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .noShop(let id): return ru ? "магазина #\(id) нет" : "there is no shop #\(id)"
        case .mergedIntoItself(let id):
            return ru ? "магазин #\(id) нельзя объединить с ним же" : "shop #\(id) cannot be merged into itself"
        case .notMerged(let id):
            return ru ? "магазин #\(id) не объединён с другим" : "shop #\(id) is not merged into another"
        }
    }
}

extension ReceiptDatabase {
    /// Every shop with receipts, the most spent at first.
    public func shops() throws(StoreError) -> [Shop] {
        try read { db in try Self.shops(where: "s.merged_into IS NULL", arguments: [], in: db) }
    }

    /// The name the receipt with local id `id` shows its shop with (the user's name for the shop,
    /// its place's, the one ShopName gave it); nil when there is no such receipt or it names none.
    public func shopName(ofReceipt id: Int64) throws(StoreError) -> String? {
        try read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT NULLIF(\(ShopIdentity.name), '') FROM receipts r
                    LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join) WHERE r.id = ?
                    """,
                arguments: [id])
        }
    }

    /// The shop with local id `id` (following a merge), or nil.
    public func shop(id: Int64) throws(StoreError) -> Shop? {
        try read { db in
            try Self.shops(
                where: "s.id = (SELECT COALESCE(merged_into, id) FROM shops WHERE id = ?)", arguments: [id], in: db
            ).first
        }
    }

    /// Names shop `id` as the user knows it (`nil`: back to the name its receipts give); the name
    /// shows everywhere from now on. Nil when there is no such shop.
    public func renameShop(_ id: Int64, to name: String?) throws(StoreError) -> Shop? {
        let changed = try write { db -> Bool in
            guard let target = try Self.liveShop(id, in: db) else { return false }
            let name = name?.trimmingWhitespace()
            try Self.changingShops([target], in: db) {
                try db.execute(
                    sql: "UPDATE shops SET chosen = ? WHERE id = ?",
                    arguments: [name?.isEmpty == false ? name : nil, target])
            }
            return true
        }
        return changed ? try shop(id: id) : nil
    }

    /// Makes the shops `others` one with `target`: their receipts, and any later receipts of their
    /// sellers and addresses, are `target`'s. Returns the merged shop.
    public func mergeShops(_ others: [Int64], into target: Int64) throws(StoreError) -> Result<Shop, ShopChangeError> {
        let outcome = try write { db -> ShopChangeError? in
            guard let into = try Self.liveShop(target, in: db) else { return .noShop(target) }
            var sources: [Int64] = []
            for other in others {
                guard let source = try Self.liveShop(other, in: db) else { return .noShop(other) }
                if source == into { return .mergedIntoItself(other) }
                sources.append(source)
            }
            // Inside the transaction, as writers take turns: the next one cannot meet a shop cached
            // before this merge.
            forgetResolved()
            try Self.changingShops(sources, in: db) {
                for source in sources {
                    try db.execute(sql: "UPDATE receipts SET shop_id = ? WHERE shop_id = ?", arguments: [into, source])
                    try db.execute(
                        sql: "UPDATE shops SET merged_into = ? WHERE id = ? OR merged_into = ?",
                        arguments: [into, source, source])
                }
            }
            return nil
        }
        if let outcome { return .failure(outcome) }
        guard let merged = try shop(id: target) else { return .failure(.noShop(target)) }
        return .success(merged)
    }

    /// Takes shop `id` back out of the shop it was merged into: its receipts (those whose seller and
    /// address are its own) and its later receipts are its own again, under the name it had. The
    /// undoing of ``mergeShops(_:into:)``; shops merged into `id` before it was merged stay with
    /// the shop it went into. Returns the shop as it is again.
    public func unmergeShop(_ id: Int64) throws(StoreError) -> Result<Shop, ShopChangeError> {
        let outcome = try write { db -> ShopChangeError? in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT seller_inn, location, merged_into FROM shops WHERE id = ?", arguments: [id])
            else { return .noShop(id) }
            guard let into: Int64 = row["merged_into"] else { return .notMerged(id) }
            let inn: String = row["seller_inn"]
            let location: String = row["location"]
            // Its receipts are those of the shop it went into that print its seller and address.
            let candidates = try Row.fetchAll(
                db, sql: "SELECT id, address, register_number FROM receipts WHERE shop_id = ? AND seller_inn = ?",
                arguments: [into, inn])
            let own = candidates.filter {
                ShopIdentity.location(address: $0["address"], register: $0["register_number"]) == location
            }.map { $0["id"] as Int64 }
            forgetResolved()
            try Self.changingShops([into], in: db) {
                try db.execute(sql: "UPDATE shops SET merged_into = NULL WHERE id = ?", arguments: [id])
                for receipt in own {
                    try db.execute(sql: "UPDATE receipts SET shop_id = ? WHERE id = ?", arguments: [id, receipt])
                }
            }
            return nil
        }
        if let outcome { return .failure(outcome) }
        guard let shop = try shop(id: id) else { return .failure(.noShop(id)) }
        return .success(shop)
    }

    /// The shop `id` stands for now (itself, or what it was merged into), if there is one.
    private static func liveShop(_ id: Int64, in db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(merged_into, id) FROM shops WHERE id = ?", arguments: [id])
    }

    /// Runs a change to the names of `shops`: the search documents of their receipts are written
    /// anew and the months they are in recompute their shop and price figures.
    private static func changingShops(_ shops: [Int64], in db: Database, _ change: () throws -> Void) throws {
        let marks = databaseQuestionMarks(count: shops.count)
        let receipts = try Int64.fetchAll(
            db, sql: "SELECT id FROM receipts WHERE shop_id IN (\(marks))", arguments: StatementArguments(shops))
        try rewritingDocuments(of: receipts, in: db, change)
        for table in ["stale_item_months", "stale_price_months"] {
            try db.execute(
                sql:
                    "INSERT OR IGNORE INTO \(table) (month) SELECT DISTINCT month FROM receipts WHERE shop_id IN (\(marks))",
                arguments: StatementArguments(shops))
        }
    }

    private static func shops(where condition: String, arguments: StatementArguments, in db: Database) throws -> [Shop]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT s.id, s.chosen, s.seller_inn, COUNT(r.id) AS receipts, COALESCE(SUM(r.counted), 0) AS spending,
                    MAX(r.date_time) AS last,
                    (SELECT \(ShopIdentity.name) FROM receipts r LEFT JOIN places p ON p.id = r.place_id
                     WHERE r.shop_id = s.id ORDER BY r.date_time DESC, r.id DESC LIMIT 1) AS shown,
                    (SELECT r.seller FROM receipts r WHERE r.shop_id = s.id ORDER BY r.date_time DESC LIMIT 1) AS seller,
                    (SELECT r.address FROM receipts r WHERE r.shop_id = s.id ORDER BY r.date_time DESC LIMIT 1) AS address
                FROM shops s JOIN receipts r ON r.shop_id = s.id
                WHERE \(condition)
                GROUP BY s.id ORDER BY spending DESC, s.id
                """,
            arguments: arguments
        ).map { row in
            Shop(
                id: row["id"], name: row["shown"] ?? "", chosen: row["chosen"], sellerINN: row["seller_inn"],
                seller: row["seller"], address: row["address"], receipts: row["receipts"],
                spending: Money(kopecks: row["spending"]),
                lastVisit: (row["last"] as String?).flatMap { try? LocalDateTime(iso: $0) })
        }
    }
}
