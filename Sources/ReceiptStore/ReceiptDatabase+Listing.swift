import GRDB
public import ReceiptCore

/// A receipt as a list shows it.
public struct ListedReceipt: Sendable, Equatable {
    /// The local database's id, what `receipts show` takes.
    public let id: Int64
    /// The shop-local date and time.
    public let dateTime: LocalDateTime
    /// The shop: the place's name, else the receipt's retail place or seller.
    public let shop: String?
    /// Signed as spending: negative for money received back.
    public let spending: Money
    /// How many lines the receipt has; zero while it is pending.
    public let itemCount: Int
    /// Complete, or pending while only its QR code is known.
    public let status: Receipt.Status
    /// What it counts towards spending (``PurchaseLink/counted``): less than `spending` for a
    /// settlement its prepayment paid, nothing for a credit payment.
    public var counted: Money = .zero
    /// What it is.
    public var kind: PurchaseKind = .purchase
    /// The receipt it goes with (a settlement's prepayment, a return's purchase), when it is here.
    public var linkedID: Int64? = nil

    /// Whether it counts other than its total says.
    public var countsOtherwise: Bool { counted != spending }

    /// Why it counts other than its total says, for people; nil when it does not:
    /// `засчитано 0,00 ₽ — оплачен по чеку #2`.
    public func countedNote(in language: Language) -> String? {
        guard countsOtherwise else { return nil }
        let ru = language == .russian
        var parts = [ru ? "засчитано \(counted.formatted(in: language))" : "counts \(counted.formatted(in: language))"]
        switch (kind, linkedID) {
        case (.settlement, let id?): parts.append(ru ? "оплачен по чеку #\(id)" : "paid for by receipt #\(id)")
        case (.creditPayment, _):
            parts.append(ru ? "оплата кредита, в расходы не входит" : "a credit payment, not spending")
        case (_, let id?): parts.append(ru ? "к чеку #\(id)" : "goes with receipt #\(id)")
        case (_, nil): break
        }
        return parts.joined(separator: " — ")
    }
}

extension ListedReceipt {
    /// What a listed receipt is read from: id, date_time, month, operation, total, status, counted,
    /// kind, linked_id, shop, item_count, of `receipts r` with its place and shop; the caller adds
    /// its filter and order.
    static let select = """
        SELECT r.id, r.date_time, r.month, r.operation, r.total, r.status, r.counted, r.kind, r.linked_id,
            NULLIF(\(ShopIdentity.name), '') AS shop,
            (SELECT COUNT(*) FROM items i WHERE i.receipt_id = r.id) AS item_count
        FROM receipts r LEFT JOIN places p ON p.id = r.place_id \(ShopIdentity.join)
        """

    /// A row of ``select``.
    init(row: Row) throws(RecordError) {
        let id: Int64 = row["id"]
        guard let operation = OperationType(rawValue: row["operation"]),
            let status = Receipt.Status(rawValue: row["status"]),
            let dateTime = try? LocalDateTime(iso: row["date_time"])
        else { throw RecordError(row: "receipts.id=\(id)", reason: "date_time, operation or status") }
        self.init(
            id: id, dateTime: dateTime, shop: row["shop"], spending: operation.spending(Money(kopecks: row["total"])),
            itemCount: row["item_count"], status: status, counted: Money(kopecks: row["counted"]),
            kind: PurchaseKind(rawValue: row["kind"]) ?? .purchase, linkedID: row["linked_id"])
    }
}

/// Where a page of a listing ends: its last receipt's date and time and id, the order the listing
/// keeps. The next page starts after it, however deep, at the cost of the first (an offset would
/// make SQLite step over every receipt before it). Written `2026-10-31T12:00:00_123`.
public struct ListingPosition: Sendable, Hashable, LosslessStringConvertible {
    /// The receipt's shop-local date and time.
    public let dateTime: LocalDateTime
    /// The receipt's local id, which orders receipts of the same second.
    public let id: Int64

    /// The position of a receipt.
    public init(dateTime: LocalDateTime, id: Int64) {
        self.dateTime = dateTime
        self.id = id
    }

    /// Reads `2026-10-31T12:00:00_123`; nil for anything else.
    public init?(_ description: String) {
        let parts = description.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, let dateTime = try? LocalDateTime(iso: String(parts[0])),
            let id = Int64(parts[1]), id > 0
        else { return nil }
        self.init(dateTime: dateTime, id: id)
    }

    /// `2026-10-31T12:00:00_123`.
    public var description: String { "\(dateTime.iso)_\(id)" }
}

extension ListedReceipt {
    /// Where a page that ends with this receipt ends.
    public var position: ListingPosition { ListingPosition(dateTime: dateTime, id: id) }
}

/// One month of a listing: its receipts and its spending.
public struct MonthListing: Sendable, Equatable {
    /// The month, by the shops' local dates.
    public let month: Month
    /// All of the month's spending, refunds subtracted, whatever part of the month is listed.
    public let total: Money
    /// All of the month's receipts, however many of them this page lists.
    public let receiptCount: Int
    /// The receipts of the month within the page, newest first.
    public let receipts: [ListedReceipt]
}

extension ReceiptDatabase {
    /// Receipts from `first` through `last` (nil: no bound), newest first and grouped by month;
    /// those after `position` only, when it is given; `offset` and `limit` page through the
    /// receipts in that order.
    public func listing(
        from first: Month?, through last: Month?, after position: ListingPosition? = nil, offset: Int = 0,
        limit: Int? = nil
    ) throws(StoreError) -> [MonthListing] {
        try read { db in
            var conditions: [String] = []
            var arguments: [any DatabaseValueConvertible] = []
            if let position {
                // The month leads, as in the index on (month, date_time): SQLite walks the index from
                // the position on.
                conditions.append("(r.month, r.date_time, r.id) < (?, ?, ?)")
                arguments += [position.dateTime.yearMonth.description, position.dateTime.iso, position.id]
            }
            if let first {
                conditions.append("r.month >= ?")
                arguments.append(first.description)
            }
            if let last {
                conditions.append("r.month <= ?")
                arguments.append(last.description)
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            // The month (the date's own prefix) leads the order, so that the index on (month,
            // date_time) gives it: by date_time alone SQLite sorted the whole history for every page
            // (4 s a page over a million receipts).
            let rows = try Row.fetchAll(
                db,
                sql: """
                    \(ListedReceipt.select)
                    \(filter)
                    ORDER BY r.month DESC, r.date_time DESC, r.id DESC
                    LIMIT ? OFFSET ?
                    """,
                arguments: StatementArguments(arguments + [limit ?? -1, offset]))
            // The totals of the months the page shows (one or two), not of the whole history.
            let months = Array(Set(rows.map { $0["month"] as String }))
            let totals = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.month, COUNT(*) AS receipts, SUM(r.counted) AS spending
                    FROM receipts r WHERE r.month IN (\(databaseQuestionMarks(count: months.count)))
                    GROUP BY r.month
                    """,
                arguments: StatementArguments(months))
            var byMonth: [String: (Int64, Int)] = [:]
            for row in totals { byMonth[row["month"]] = (row["spending"], row["receipts"]) }

            var listings: [MonthListing] = []
            var current: (month: Month, receipts: [ListedReceipt])?
            for row in rows {
                let text: String = row["month"]
                guard let month = Month(text) else {
                    throw RecordError(row: "receipts.month='\(text)'", reason: "not a month")
                }
                let listed = try ListedReceipt(row: row)
                if current?.month != month {
                    if let done = current { listings.append(Self.listing(done, totals: byMonth)) }
                    current = (month, [])
                }
                current?.receipts.append(listed)
            }
            if let done = current { listings.append(Self.listing(done, totals: byMonth)) }
            return listings
        }
    }

    private static func listing(_ part: (month: Month, receipts: [ListedReceipt]), totals: [String: (Int64, Int)])
        -> MonthListing
    {
        let (spending, count) = totals[part.month.description] ?? (0, part.receipts.count)
        return MonthListing(
            month: part.month, total: Money(kopecks: spending), receiptCount: count, receipts: part.receipts)
    }

    /// The receipts with these local ids, as a list shows them, newest first; ids that name no
    /// receipt are left out.
    public func listedReceipts(ids: [Int64]) throws(StoreError) -> [ListedReceipt] {
        try read { db in
            var listed: [ListedReceipt] = []
            // In parts, within SQLite's limit on a statement's values.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let part = Array(ids[start..<min(start + 500, ids.count)])
                for row in try Row.fetchAll(
                    db, sql: "\(ListedReceipt.select) WHERE r.id IN (\(databaseQuestionMarks(count: part.count)))",
                    arguments: StatementArguments(part))
                {
                    listed.append(try ListedReceipt(row: row))
                }
            }
            return listed.sorted { ($0.dateTime, $0.id) > ($1.dateTime, $1.id) }
        }
    }

    /// A receipt by its local id, with its place when known.
    public func receipt(id: Int64) throws(StoreError) -> (receipt: Receipt, place: Place?)? {
        try read { db in
            guard let record = try ReceiptRecord.fetchOne(db, key: id), let recordID = record.id else { return nil }
            let receipt = try record.receipt(
                items: Self.items(of: recordID, in: db), document: Self.document(of: recordID, in: db))
            let place = try receipt.placeID.flatMap { try PlaceRecord.fetchOne(db, key: $0)?.place() }
            return (receipt, place)
        }
    }

    /// The category of each line of the receipt with local id `id`, in the lines' order, with what
    /// decided it and the classifier's guess for its name.
    public func lineCategories(ofReceipt id: Int64) throws(StoreError) -> [LineCategory] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT i.category, \(CategoryDecisions.deciderSQL) AS decider, n.guess, n.confidence
                    FROM items i JOIN receipts r ON r.id = i.receipt_id
                    LEFT JOIN item_names n ON n.id = i.name_id LEFT JOIN places p ON p.id = r.place_id
                    LEFT JOIN shops s ON s.id = r.shop_id
                    WHERE i.receipt_id = ? ORDER BY i.position
                    """,
                arguments: [id]
            ).map { row in
                let guess = (row["guess"] as String?).flatMap(Category.init(rawValue:)).map { category in
                    NameClassifier.Guess(category: category, confidence: row["confidence"] ?? 0)
                }
                let decider = CategoryDecisions.Decider(rawValue: row["decider"]) ?? .none
                return LineCategory(
                    category: (row["category"] as String?).flatMap(Category.init(rawValue:)) ?? .uncategorized,
                    by: decider, guess: decider == .guess || decider == .none ? guess : nil)
            }
        }
    }
}

/// A line's category as a receipt shows it.
public struct LineCategory: Sendable, Equatable {
    /// The category it counts in.
    public let category: Category
    /// What decided it.
    public let by: CategoryDecisions.Decider
    /// The classifier's guess for the line's name when the line is guessed or uncategorized.
    public let guess: NameClassifier.Guess?

    /// The guess when it is only a proposal: the line is uncategorized and a guess exists.
    public var proposal: NameClassifier.Guess? { by == .none ? guess : nil }
}
