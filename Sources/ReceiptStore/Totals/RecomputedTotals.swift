/// The monthly totals computed from the receipts and items themselves: what `stats --verify`
/// compares the kept totals with, and what rebuilds them after the rules change.
///
/// Written in SQL on purpose, apart from the Swift that keeps the totals up to date, so that each
/// checks the other; both follow ``ReceiptContribution``'s rules, over the money each receipt and
/// line counts (``PurchaseCounting``).
enum RecomputedTotals {
    private static let receipts = """
        WITH lines AS (SELECT receipt_id, SUM(counted) AS shared, COUNT(*) AS n FROM items GROUP BY receipt_id),
        r AS (
            SELECT r.id, r.month, r.counted, COALESCE(l.shared, 0) AS shared, COALESCE(l.n, 0) AS n,
                \(ShopEvidence.receiptSQL) AS shop_category,
                \(ShopIdentity.name) AS shop
            FROM receipts r LEFT JOIN lines l ON l.receipt_id = r.id LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join))

        """

    /// (month, total, receipts, items)
    static let months =
        receipts + "SELECT month, SUM(counted), COUNT(*), SUM(n) FROM r GROUP BY month"

    /// (month, category, total, receipts, items)
    static let categories =
        receipts + """
            , parts AS (
                SELECT r.month, COALESCE(i.category, 'uncategorized') AS category, i.counted AS total,
                    1 AS items, r.id AS receipt
                FROM items i JOIN r ON r.id = i.receipt_id
                UNION ALL
                SELECT month, shop_category, counted - shared, 0, id FROM r WHERE counted <> shared OR n = 0)
            SELECT month, category, SUM(total), COUNT(DISTINCT receipt), SUM(items) FROM parts GROUP BY month, category
            """

    /// A shop is its name and its shop row (a seller at an address), apart by a unit separator:
    /// shops of one chain are told apart, and a receipt of no shop row goes by its name alone.
    private static let shopReceipts = """
        SELECT r.month, \(ShopIdentity.name) || char(31) || COALESCE(r.shop_id, '') AS shop,
            SUM(r.counted), COUNT(*)
        FROM receipts r LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join)
        """

    /// (month, shop, total, receipts)
    static let shops = shopReceipts + " GROUP BY r.month, shop"

    /// The same for one month (the argument).
    static let shopsOfMonth = shopReceipts + " WHERE r.month = ? GROUP BY shop"

    /// The same for the months whose kept shop totals are stale.
    static let shopsOfStaleMonths =
        shopReceipts + " WHERE r.month IN (SELECT month FROM stale_item_months) GROUP BY r.month, shop"

    private static let nameLines = """
        SELECT r.month, COALESCE(i.name_id, 0), COALESCE(i.category, 'uncategorized'),
            SUM(i.counted), COUNT(*)
        FROM items i JOIN receipts r ON r.id = i.receipt_id
        """

    /// (month, name_id, category, total, items)
    static let names = nameLines + " GROUP BY r.month, i.name_id, i.category"

    /// The same for one month (the argument).
    static let namesOfMonth = nameLines + " WHERE r.month = ? GROUP BY i.name_id, i.category"

    /// The same for the months whose kept item-name totals are stale.
    static let namesOfStaleMonths =
        nameLines + " WHERE r.month IN (SELECT month FROM stale_item_months) GROUP BY r.month, i.name_id, i.category"

    /// Each kept table with the query that recomputes it and how many of its leading columns are the key.
    static let tables: [(name: String, columns: String, query: String, keyColumns: Int)] = [
        ("month_totals", "month, total, receipts, items", months, 1),
        ("month_category_totals", "month, category, total, receipts, items", categories, 2),
        ("month_shop_totals", "month, shop, total, receipts", shops, 2),
        ("month_item_totals", "month, name_id, category, total, items", names, 3),
    ]
}

/// The tables (or subqueries) that shop and item-name totals are read from; see
/// ``ReceiptDatabase/monthDetailSources()``.
struct MonthDetailSources {
    /// (month, shop, total, receipts)
    let shops: String
    /// (month, name_id, category, total, items)
    let names: String
}
