import GRDB
import ReceiptCore

/// A name of `item_names` as saving needs it: its row and the category it gives (the user's choice,
/// else the rules'), nil when neither says.
struct NameEntry: Sendable {
    let id: Int64
    let category: Category?
}

/// Names, places and shops resolved by earlier transactions (see ``ReceiptDatabase/resolved``).
struct ResolvedCache: Sendable {
    var names: [ByteKey: NameEntry] = [:]
    var places: [String: PlaceEntry?] = [:]
    /// Shops by what their receipts print (``ShopIdentity/shop(of:in:cached:known:)``).
    var shops: [String: Int64] = [:]
    var generation = 0
}

/// A place as the totals need it.
struct PlaceEntry: Sendable {
    let category: Category?
}

/// Resolves item names and places to categories inside one write transaction, creating name rows
/// as they first appear. Names already known come from the database's cache; the ones this
/// transaction met are handed back to it only after the commit.
struct Categorizer {
    let rules: any CategoryRules
    let cached: [ByteKey: NameEntry]
    private(set) var added: [ByteKey: NameEntry] = [:]
    private let cachedPlaces: [String: PlaceEntry?]
    /// Places looked up by this transaction and not changed by it.
    private(set) var placesMet: [String: PlaceEntry?] = [:]
    /// Places this transaction wrote: never taken from the cache again in it, nor handed back.
    private(set) var placesWritten: Set<String> = []
    private var byID: [Int64: NameEntry] = [:]

    init(rules: any CategoryRules, cached: [ByteKey: NameEntry], places: [String: PlaceEntry?]) {
        self.rules = rules
        self.cached = cached
        cachedPlaces = places
    }

    /// The entry of a printed item name.
    mutating func name(_ printedText: String, in db: Database) throws -> NameEntry {
        let printed = ByteKey(printedText)
        if let entry = cached[printed] ?? added[printed] { return entry }
        let key = ItemName.key(printedText)
        let entry: NameEntry
        var values = DirectBindings(
            try db.cachedStatement(sql: "SELECT id, chosen, rule FROM item_names WHERE key = ?"))
        values.add(key)
        if let row = try values.fetchRow() {
            entry = NameEntry(id: row["id"], category: Self.category(chosen: row["chosen"], rule: row["rule"]))
        } else {
            let rule = rules.category(forKey: key)
            try db.cachedStatement(sql: "INSERT INTO item_names (key, display, rule) VALUES (?, ?, ?)")
                .execute(arguments: [key, printedText, rule?.rawValue])
            entry = NameEntry(id: db.lastInsertedRowID, category: rule)
        }
        added[printed] = entry
        return entry
    }

    /// The entry of a name row by its id.
    mutating func name(id: Int64, in db: Database) throws -> NameEntry {
        if let entry = byID[id] { return entry }
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT chosen, rule FROM item_names WHERE id = ?"), arguments: [id])
        let entry = NameEntry(id: id, category: row.flatMap { Self.category(chosen: $0["chosen"], rule: $0["rule"]) })
        byID[id] = entry
        return entry
    }

    /// The place a receipt names, or nil.
    mutating func place(_ id: String?, in db: Database) throws -> PlaceEntry? {
        guard let id else { return nil }
        if let entry = placesMet[id] { return entry }
        if !placesWritten.contains(id), let entry = cachedPlaces[id] { return entry }
        var values = DirectBindings(try db.cachedStatement(sql: "SELECT category FROM places WHERE id = ?"))
        values.add(id)
        let entry = try values.fetchRow().map { row in
            PlaceEntry(category: (row["category"] as String?).flatMap(Category.init(rawValue:)))
        }
        placesMet[id] = entry
        return entry
    }

    /// Forgets a place, after it was written anew.
    mutating func forgetPlace(_ id: String) {
        placesMet[id] = nil
        placesWritten.insert(id)
    }

    private static func category(chosen: String?, rule: String?) -> Category? {
        (chosen ?? rule).flatMap(Category.init(rawValue:))
    }
}
