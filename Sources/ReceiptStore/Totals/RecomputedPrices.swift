/// The product-price figures computed from the lines' stored unit prices, in SQL: what refreshes a
/// stale month, what rebuilds the tables, and what `stats --verify` compares the kept rows with.
///
/// A line counts when it is one of a complete sale's (refunds and pending receipts have no prices
/// to compare) and has a unit price (``UnitPrice/line(_:facts:)``). A product is a name row with a
/// unit. Each takes the arguments of its filter, an SQL condition on the receipt `r`.
enum RecomputedPrices {
    private static func lines(_ filter: String, shops: Bool) -> String {
        let shop =
            shops
            ? """
            , r.date_time, r.id, i.position,
                COALESCE(NULLIF(p.name, ''), NULLIF(r.retail_place, ''), NULLIF(r.seller, ''), '') AS shop
            FROM receipts r JOIN items i ON i.receipt_id = r.id LEFT JOIN places p ON p.id = r.place_id
            """
            : " FROM receipts r JOIN items i ON i.receipt_id = r.id"
        return """
            WITH lines AS (
                SELECT r.month, i.name_id, i.price_unit, i.unit_price, i.amount, i.sum,
                    COALESCE(i.category, 'uncategorized') AS category\(shop)
                WHERE r.operation = 1 AND r.status = 'complete' AND i.unit_price IS NOT NULL
                    AND i.name_id IS NOT NULL AND (\(filter)))
            """
    }

    /// (month, name_id, price_unit, category, purchases, amount, spending, lowest, median, highest):
    /// a product's month. Its category is the one most of its lines had (of equals, the first by
    /// name); the median of an even number of prices is the mean of the middle two, rounded half
    /// away from zero (the prices are positive: (a + b + 1) / 2).
    static func products(_ filter: String) -> String {
        lines(filter, shops: false) + """
            ,
            ranked AS (
                SELECT month, name_id, price_unit, unit_price, amount, sum,
                    ROW_NUMBER() OVER (PARTITION BY month, name_id, price_unit ORDER BY unit_price) AS place,
                    COUNT(*) OVER (PARTITION BY month, name_id, price_unit) AS n
                FROM lines),
            categories AS (
                SELECT month, name_id, price_unit, category,
                    ROW_NUMBER() OVER (
                        PARTITION BY month, name_id, price_unit ORDER BY COUNT(*) DESC, category) AS choice
                FROM lines GROUP BY month, name_id, price_unit, category)
            SELECT k.month, k.name_id, k.price_unit, c.category, COUNT(*), SUM(k.amount), SUM(k.sum),
                MIN(k.unit_price),
                (SUM(CASE WHEN k.place IN ((k.n + 1) / 2, k.n / 2 + 1) THEN k.unit_price END) + 1 - k.n % 2)
                    / (2 - k.n % 2),
                MAX(k.unit_price)
            FROM ranked k JOIN categories c ON c.month = k.month AND c.name_id = k.name_id
                AND c.price_unit = k.price_unit AND c.choice = 1
            GROUP BY k.month, k.name_id, k.price_unit
            """
    }

    /// (name_id, price_unit, month, shop, last_at, purchases, lowest, last): a product's month at a
    /// shop; `last` is the unit price of the latest line there (by the receipt's time, then its id,
    /// then the line's place on it).
    static func shops(_ filter: String) -> String {
        lines(filter, shops: true) + """
            ,
            ranked AS (
                SELECT *, ROW_NUMBER() OVER (
                    PARTITION BY month, name_id, price_unit, shop ORDER BY date_time DESC, id DESC, position DESC
                ) AS latest
                FROM lines)
            SELECT name_id, price_unit, month, shop, MAX(date_time), COUNT(*), MIN(unit_price),
                MAX(CASE WHEN latest = 1 THEN unit_price END)
            FROM ranked GROUP BY name_id, price_unit, month, shop
            """
    }

    /// The filter of the months whose kept figures are stale.
    static let staleMonths = "r.month IN (SELECT month FROM stale_price_months)"

    /// Each kept table with its columns and how many of them are the key (for `month_product_shops`,
    /// `last_at` counts as key: it is text).
    static let tables: [(name: String, columns: String, query: @Sendable (String) -> String, keyColumns: Int)] = [
        (
            "month_product_prices",
            "month, name_id, price_unit, category, purchases, amount, spending, lowest, median, highest", products, 4
        ),
        ("month_product_shops", "name_id, price_unit, month, shop, last_at, purchases, lowest, last", shops, 5),
    ]
}
