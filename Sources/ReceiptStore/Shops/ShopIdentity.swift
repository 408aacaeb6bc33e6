import GRDB
import ReceiptCore
import Synchronization

/// Which shop a receipt is from, kept in `shops` and `receipts.shop_id` by the transaction that
/// saves it: a shop is a seller (INN) at an address, or at a cash register when the receipt gives
/// no address. Its name is decided here once (``ShopBrands/shopName(of:)``), unless the user
/// chose one; a shop merged into another sends its receipts there.
enum ShopIdentity {
    /// The SQL join that gives a receipt `r` its shop `s`.
    static let join = "LEFT JOIN shops s ON s.id = r.shop_id"

    /// The SQL expression of the name a receipt `r` with place `p` and shop `s` is shown with: the
    /// user's name for the shop, else the place's, else the shop's own.
    static let name =
        "COALESCE(s.chosen, NULLIF(p.name, ''), s.name, NULLIF(r.retail_place, ''), NULLIF(r.seller, ''), '')"

    /// What a receipt prints of its shop.
    struct Printed {
        var seller: String?
        var sellerINN: String?
        var retailPlace: String?
        var address: String?
        var registerNumber: String?

        init(_ receipt: Receipt) {
            (seller, sellerINN, retailPlace) = (receipt.seller, receipt.sellerINN, receipt.retailPlace)
            (address, registerNumber) = (receipt.address, receipt.registerNumber)
        }

        init(_ row: Row) {
            (seller, sellerINN, retailPlace) = (row["seller"], row["seller_inn"], row["retail_place"])
            (address, registerNumber) = (row["address"], row["register_number"])
        }

        /// The name people know it by (``ShopName``), with the shipped brands.
        var name: String? {
            // The address matters only when the shop name is the address; otherwise the name is what
            // the names say, the same for every shop of the chain.
            if let place = retailPlace?.trimmingWhitespace(), !place.isEmpty, let address,
                place.lowercased() == address.trimmingWhitespace().lowercased()
            {
                return Self.name(retailPlace: retailPlace, seller: seller, sellerINN: sellerINN, address: address)
            }
            return said.name
        }

        /// What kind of shop it is: the chain's, by the seller's INN, else what its names say.
        var kind: ShopKind? { said.kind }

        /// What the names a receipt prints say of its shop whatever its address: worked out once a
        /// process for each seller and shop name, so that a new shop of a known chain (most new
        /// shops) costs a lookup.
        private var said: Said {
            let key = ByteKey(joining: [sellerINN ?? "", retailPlace ?? "", seller ?? ""])
            if let known = Self.saidByNames.withLock({ $0[key] }) { return known }
            let said = Said(
                name: Self.name(retailPlace: retailPlace, seller: seller, sellerINN: sellerINN, address: nil),
                kind: Self.kind(retailPlace: retailPlace, seller: seller, sellerINN: sellerINN))
            Self.saidByNames.withLock { known in
                // Bounded: sellers by the thousand are kept, an endless stream of them is not.
                if known.count >= 10_000 { known.removeAll() }
                known[key] = said
            }
            return said
        }

        private struct Said {
            let name: String?
            let kind: ShopKind?
        }

        private static let saidByNames = Mutex<[ByteKey: Said]>([:])

        private static func name(retailPlace: String?, seller: String?, sellerINN: String?, address: String?)
            -> String?
        {
            ShopName.of(
                retailPlace: retailPlace, seller: seller, sellerINN: sellerINN, address: address,
                brand: { ShopBrands.shipped.brand(ofINN: $0)?.name })
        }

        private static func kind(retailPlace: String?, seller: String?, sellerINN: String?) -> ShopKind? {
            if let inn = sellerINN?.trimmingWhitespace(), let brand = ShopBrands.shipped.brand(ofINN: inn),
                let kind = ShopKind(tableName: brand.kind)
            {
                return kind
            }
            return ShopKind.of(names: [retailPlace, seller])
        }
    }

    /// A shop as saving needs it.
    struct Entry: Sendable, Equatable {
        let id: Int64
        let kind: ShopKind?
    }

    /// The shop of a receipt, made when it is new; nil for a receipt that names no seller. `kinds`
    /// false is for the migration that made shops, before they had kinds.
    static func shop(
        of printed: Printed, in db: Database, cached: [ByteKey: Entry] = [:], known: inout [ByteKey: Entry],
        kinds: Bool = true
    ) throws -> Entry? {
        guard let printedINN = printed.sellerINN, !printedINN.isEmpty else { return nil }
        // Keyed by the text as printed, before anything is folded: a register prints its seller and
        // address the same way every time, and folding the address is the costly part.
        // Its bytes are the key: String's hashing would normalise the Cyrillic address first.
        let key = ByteKey(joining: [printedINN, printed.address ?? "", printed.registerNumber ?? ""])
        if let entry = known[key] ?? cached[key] { return entry }
        let inn = printedINN.trimmingWhitespace()
        guard !inn.isEmpty else { return nil }
        let place = location(address: printed.address, register: printed.registerNumber)
        var lookup = DirectBindings(
            try db.cachedStatement(
                sql: """
                    SELECT s.id, \(kinds ? "s.kind" : "NULL AS kind") FROM shops f
                    JOIN shops s ON s.id = COALESCE(f.merged_into, f.id)
                    WHERE f.seller_inn = ? AND f.location = ?
                    """))
        lookup.add(inn)
        lookup.add(place)
        let entry: Entry
        if let found = try lookup.fetchColumns({
            Entry(id: $0.int64(0), kind: $0.text(1).flatMap(ShopKind.init(rawValue:)))
        }) {
            entry = found
        } else {
            let kind = kinds ? printed.kind : nil
            var insert = DirectBindings(
                try db.cachedStatement(
                    sql: kinds
                        ? "INSERT INTO shops (seller_inn, location, name, kind) VALUES (?, ?, ?, ?)"
                        : "INSERT INTO shops (seller_inn, location, name) VALUES (?, ?, ?)"))
            insert.add(inn)
            insert.add(place)
            insert.add(printed.name ?? inn)
            if kinds { insert.add(kind?.rawValue) }
            try insert.execute()
            entry = Entry(id: db.lastInsertedRowID, kind: kind)
        }
        known[key] = entry
        return entry
    }

    /// Where a shop is: its address folded (case and runs of spaces), else its register, else nothing.
    static func location(address: String?, register: String?) -> String {
        if let address = address?.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " "),
            !address.isEmpty
        {
            return address
        }
        if let register = register?.trimmingWhitespace(), !register.isEmpty { return "kkt " + register }
        return ""
    }

    /// Gives every stored receipt its shop: the step that introduces shops, before shops had kinds
    /// (``classifyStored(in:)`` gives them theirs).
    static func assignStored(in db: Database) throws {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, seller, seller_inn, retail_place, address, register_number FROM receipts
                WHERE seller_inn IS NOT NULL AND seller_inn <> '' ORDER BY id
                """)
        var known: [ByteKey: Entry] = [:]
        let update = try db.makeStatement(sql: "UPDATE receipts SET shop_id = ? WHERE id = ?")
        while let row = try rows.next() {
            let shop = try shop(of: Printed(row), in: db, known: &known, kinds: false)
            try update.execute(arguments: [shop?.id, row["id"]])
        }
    }

    /// Names every stored shop anew as ``ShopName`` reads its first receipt now (a name the user
    /// chose stays): the step that keeps web addresses, phones and INNs out of names.
    static func renameStored(in db: Database) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT s.id, s.name, r.seller, r.seller_inn, r.retail_place, r.address, r.register_number
                FROM shops s JOIN receipts r ON r.id = (
                    SELECT id FROM receipts WHERE shop_id = s.id ORDER BY id LIMIT 1)
                """)
        let update = try db.makeStatement(sql: "UPDATE shops SET name = ? WHERE id = ?")
        for row in rows {
            let name = Printed(row).name ?? ""
            if name != row["name"] { try update.execute(arguments: [name, row["id"]]) }
        }
    }

    /// Gives every stored shop its kind as ``ShopKind`` reads it now, from the latest receipt it
    /// has: the step that introduces shop kinds, and again whenever ``ShopKind/rulesVersion``
    /// changes (a shop no word tells any more loses its kind).
    static func classifyStored(in db: Database) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT s.id, s.kind, r.seller, r.seller_inn, r.retail_place, r.address, r.register_number
                FROM shops s JOIN receipts r ON r.id = (
                    SELECT id FROM receipts WHERE shop_id = s.id ORDER BY date_time DESC, id DESC LIMIT 1)
                """)
        let update = try db.makeStatement(sql: "UPDATE shops SET kind = ? WHERE id = ?")
        for row in rows {
            let kind = Printed(row).kind?.rawValue
            guard kind != row["kind"] as String? else { continue }
            try update.execute(arguments: [kind, row["id"]])
        }
    }

    /// An SQL expression of the category a shop of kind `kind` (an SQL expression) gives the lines
    /// the rules cannot place, as ``ShopKind/category`` does; NULL when it gives none.
    static func kindCategory(_ kind: String) -> String {
        let cases = ShopKind.allCases.compactMap { shopKind in
            shopKind.category.map { "WHEN '\(shopKind.rawValue)' THEN '\($0.rawValue)'" }
        }
        return "(CASE \(kind) \(cases.joined(separator: " ")) END)"
    }
}
