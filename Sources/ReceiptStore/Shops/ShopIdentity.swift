import GRDB
import ReceiptCore

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
            ShopName.of(
                retailPlace: retailPlace, seller: seller, sellerINN: sellerINN, address: address,
                brand: { ShopBrands.shipped.brand(ofINN: $0)?.name })
        }
    }

    /// The shop of a receipt, made when it is new; nil for a receipt that names no seller.
    static func shop(
        of printed: Printed, in db: Database, cached: [String: Int64] = [:], known: inout [String: Int64]
    ) throws -> Int64? {
        guard let printedINN = printed.sellerINN, !printedINN.isEmpty else { return nil }
        // Keyed by the text as printed, before anything is folded: a register prints its seller and
        // address the same way every time, and folding the address is the costly part.
        let key = printedINN + "\n" + (printed.address ?? "") + "\n" + (printed.registerNumber ?? "")
        if let id = known[key] ?? cached[key] { return id }
        let inn = printedINN.trimmingWhitespace()
        guard !inn.isEmpty else { return nil }
        let place = location(address: printed.address, register: printed.registerNumber)
        var lookup = DirectBindings(
            try db.cachedStatement(
                sql: "SELECT COALESCE(merged_into, id) FROM shops WHERE seller_inn = ? AND location = ?"))
        lookup.add(inn)
        lookup.add(place)
        let id: Int64
        if let found = try lookup.fetchInt64() {
            id = found
        } else {
            var insert = DirectBindings(
                try db.cachedStatement(sql: "INSERT INTO shops (seller_inn, location, name) VALUES (?, ?, ?)"))
            insert.add(inn)
            insert.add(place)
            insert.add(printed.name ?? inn)
            try insert.execute()
            id = db.lastInsertedRowID
        }
        known[key] = id
        return id
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

    /// Gives every stored receipt its shop: the step that introduces shops.
    static func assignStored(in db: Database) throws {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, seller, seller_inn, retail_place, address, register_number FROM receipts
                WHERE seller_inn IS NOT NULL AND seller_inn <> '' ORDER BY id
                """)
        var known: [String: Int64] = [:]
        let update = try db.makeStatement(sql: "UPDATE receipts SET shop_id = ? WHERE id = ?")
        while let row = try rows.next() {
            let shop = try shop(of: Printed(row), in: db, known: &known)
            try update.execute(arguments: [shop, row["id"]])
        }
    }
}
