/// The product-price figures computed from the lines' stored unit prices, in SQL: what `stats
/// --verify` compares the kept rows with, and what reading falls back on when the stale months
/// cannot be recomputed (the file read-only).
///
/// Written apart from the Swift that keeps the figures (``PriceMonths``), so that each checks the other.
///
/// A line counts when it is one of a complete purchase's (``PurchaseCounting/pricedLine``: refunds,
/// pending receipts and settlements paid for by a known prepayment have no prices to compare) and
/// has a unit price (``UnitPrice/line(_:facts:)``, called through
/// ``UnitPriceFunction``). A product is a name row with a unit. Each takes the arguments of its
/// filter, an SQL condition on the receipt `r`.
enum RecomputedPrices {
    private static func lines(_ filter: String, shops: Bool) -> String {
        let shop =
            shops
            ? """
            , r.date_time, r.id, i.position,
                \(ShopIdentity.name) AS shop
            FROM receipts r JOIN items i ON i.receipt_id = r.id LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join)
            """
            : " FROM receipts r JOIN items i ON i.receipt_id = r.id"
        let part = { (part: Int) in "receipts_line_price(i.name, i.price, i.quantity, i.unit, i.measure, \(part))" }
        return """
            WITH priced AS (
                SELECT r.month, \(ProductRows.lineProductSQL) AS name_id, \(part(0)) AS price_unit, \(part(1)) AS unit_price,
                    \(part(2)) AS amount, i.counted AS sum, COALESCE(i.category, 'uncategorized') AS category,
                    receipts_heading(i.name) AS heading,
                    \(part(3)) AS kind, \(part(4)) AS kind_price, \(part(5)) AS kind_amount\(shop)
                WHERE \(PurchaseCounting.pricedLine) AND r.status = 'complete' AND i.name_id IS NOT NULL
                    AND (\(filter))),
            lines AS (SELECT * FROM priced WHERE price_unit IS NOT NULL)
            """
    }

    /// (month, name_id, price_unit, category, purchases, amount, spending, lowest, median, highest):
    /// a product's month. Its category is the one most of its lines had (of equals, the first by
    /// name: the least of "lines in other categories, zero-padded" followed by the name); the median
    /// of an even number of prices is the mean of the middle two, rounded half away from zero (the
    /// prices are positive: (a + b + 1) / 2).
    static func products(_ filter: String) -> String {
        lines(filter, shops: false) + """
            ,
            ranked AS (
                SELECT month, name_id, price_unit, unit_price, amount, sum, category,
                    ROW_NUMBER() OVER (PARTITION BY month, name_id, price_unit ORDER BY unit_price) AS place,
                    COUNT(*) OVER (PARTITION BY month, name_id, price_unit) AS n,
                    COUNT(*) OVER (PARTITION BY month, name_id, price_unit, category) AS in_category
                FROM lines)
            SELECT month, name_id, price_unit, substr(MIN(printf('%010d', n - in_category) || category), 11),
                COUNT(*), SUM(amount), SUM(sum), MIN(unit_price),
                (SUM(CASE WHEN place IN ((n + 1) / 2, n / 2 + 1) THEN unit_price END) + 1 - n % 2) / (2 - n % 2),
                MAX(unit_price)
            FROM ranked GROUP BY month, name_id, price_unit
            """
    }

    /// (month, name_id, price_unit, heading, lines): how many of a product's lines in a month printed
    /// one form (`receipts_heading`: ``ItemName/heading(_:)``) other than the one its name row was
    /// first printed in.
    static func forms(_ filter: String) -> String {
        lines(filter, shops: false) + """
            SELECT l.month, l.name_id, l.price_unit, l.heading, COUNT(*)
            FROM lines l JOIN item_names n ON n.id = l.name_id
            WHERE l.heading <> receipts_heading(n.display)
            GROUP BY l.month, l.name_id, l.price_unit, l.heading
            """
    }

    /// (month, kind, category, purchases, amount, spending, lowest, median, highest): a product
    /// kind's month, its lines priced at the kind's level; the category and the median as a product's.
    static func kinds(_ filter: String) -> String {
        lines(filter, shops: false) + """
            ,
            ranked AS (
                SELECT month, kind, kind_price, kind_amount, sum, category,
                    ROW_NUMBER() OVER (PARTITION BY month, kind ORDER BY kind_price) AS place,
                    COUNT(*) OVER (PARTITION BY month, kind) AS n,
                    COUNT(*) OVER (PARTITION BY month, kind, category) AS in_category
                FROM lines WHERE kind IS NOT NULL)
            SELECT month, kind, substr(MIN(printf('%010d', n - in_category) || category), 11),
                COUNT(*), SUM(kind_amount), SUM(sum), MIN(kind_price),
                (SUM(CASE WHEN place IN ((n + 1) / 2, n / 2 + 1) THEN kind_price END) + 1 - n % 2) / (2 - n % 2),
                MAX(kind_price)
            FROM ranked GROUP BY month, kind
            """
    }

    /// (month, name_id, price_unit, shop, last_at, purchases, lowest, last): a product's month at a
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
            SELECT month, name_id, price_unit, shop, MAX(date_time), COUNT(*), MIN(unit_price),
                MAX(CASE WHEN latest = 1 THEN unit_price END)
            FROM ranked GROUP BY month, name_id, price_unit, shop
            """
    }

    /// (month, kind, shop, last_at, purchases, lowest, last): a product kind's month at a shop, as a
    /// product's.
    static func kindShops(_ filter: String) -> String {
        lines(filter, shops: true) + """
            ,
            ranked AS (
                SELECT *, ROW_NUMBER() OVER (
                    PARTITION BY month, kind, shop ORDER BY date_time DESC, id DESC, position DESC
                ) AS latest
                FROM lines WHERE kind IS NOT NULL)
            SELECT month, kind, shop, MAX(date_time), COUNT(*), MIN(kind_price),
                MAX(CASE WHEN latest = 1 THEN kind_price END)
            FROM ranked GROUP BY month, kind, shop
            """
    }

    /// The filter of the months whose kept figures are stale.
    static let staleMonths = "r.month IN (SELECT month FROM stale_price_months)"

    /// Each kept table with its columns and how many of them are the key (the text columns count as
    /// key: a category, `last_at`).
    static let tables: [(name: String, columns: String, query: @Sendable (String) -> String, keyColumns: Int)] = [
        (
            "month_product_prices",
            "month, name_id, price_unit, category, purchases, amount, spending, lowest, median, highest", products, 4
        ),
        ("month_product_shops", "month, name_id, price_unit, shop, last_at, purchases, lowest, last", shops, 5),
        (
            "month_kind_prices", "month, kind, category, purchases, amount, spending, lowest, median, highest", kinds,
            3
        ),
        ("month_kind_shops", "month, kind, shop, last_at, purchases, lowest, last", kindShops, 4),
        ("month_product_forms", "month, name_id, price_unit, heading, lines", forms, 4),
    ]
}
