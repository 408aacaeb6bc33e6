import Foundation
public import ReceiptCore
public import ReceiptStore

/// A household's receipts as Splitwise's spreadsheet: the columns its "Export as spreadsheet" writes
/// and its import reads (`Date,Description,Category,Cost,Currency`, then a column a person), a row
/// a receipt, each person's cell what the receipt did to their balance (what they paid less their
/// part, so a row adds up to zero); recorded settlements as Splitwise's payments ("Борис paid Аня",
/// category Payment); and, as Splitwise ends its file, a "Total balance" row: each person's
/// balance, the same as `household balance` gives for those months.
public struct SplitwiseExport: Sendable {
    /// The first month written; nil from the first receipt.
    public var from: Month?
    /// The last month written; nil to the last receipt.
    public var to: Month?

    /// An export of these months.
    public init(from: Month? = nil, to: Month? = nil) {
        self.from = from
        self.to = to
    }

    /// Why there is nothing to export.
    public enum Failure: Error, Sendable, Equatable {
        /// Nobody to share with: `receipts people add` first.
        case noPeople
    }

    /// Writes the file through `write`; returns how many receipts it holds.
    @discardableResult
    public func write(from database: ReceiptDatabase, to write: (String) throws -> Void) throws -> Int {
        let people = try database.people()
        guard !people.isEmpty else { throw Failure.noPeople }
        guard case .some(let months) = try database.months(from: from, to: to) else {
            // Months outside every receipt: nothing to write but the header.
            return try Self.empty(people, write)
        }
        struct Row {
            let date: String
            let id: Int64
            let cells: String
        }
        var rows: [Row] = []
        var totals = [Int64](repeating: 0, count: people.count)
        let index = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($0.element.id, $0.offset) })
        func cells(_ date: String, _ description: String, _ category: String, _ cost: Int64, _ nets: [Int64]) -> String
        {
            for (person, net) in nets.enumerated() { totals[person] += net }
            return ([date, Self.field(description), category, Self.decimal(cost), "RUB"] + nets.map(Self.decimal))
                .joined(separator: ",")
        }
        try database.forEachSharedReceipt(months: months) { receipt in
            var nets = [Int64](repeating: 0, count: people.count)
            if let payer = index[receipt.payer] { nets[payer] += receipt.counted }
            var byCategory: [Category: Int64] = [:]
            for part in receipt.parts {
                byCategory[part.category, default: 0] += part.amount
                for share in part.shares { if let person = index[share.person] { nets[person] -= share.amount } }
            }
            // The category most of the money went to (by name on a tie, so the file is the same each time).
            let category =
                byCategory.max { a, b in (a.value, b.key.rawValue) < (b.value, a.key.rawValue) }?.key ?? .uncategorized
            let date = String(receipt.dateTime.prefix(10))
            rows.append(
                Row(
                    date: date, id: receipt.id,
                    cells: cells(date, receipt.shop, Self.category(category), receipt.counted, nets)))
        }
        let count = rows.count
        for settlement in try database.settlements(months: months) {
            guard let from = index[settlement.from], let to = index[settlement.to],
                let day = try? LocalDateTime(
                    year: settlement.month.year, month: settlement.month.month, day: settlement.month.dayCount)
            else { continue }
            var nets = [Int64](repeating: 0, count: people.count)
            nets[from] += settlement.amount
            nets[to] -= settlement.amount
            let date = day.isoDate
            rows.append(
                Row(
                    date: date, id: Int64.max,
                    cells: cells(
                        date, "\(people[from].name) paid \(people[to].name)", "Payment", settlement.amount, nets)))
        }
        rows.sort { ($0.date, $0.id) < ($1.date, $1.id) }
        try write(
            (["Date", "Description", "Category", "Cost", "Currency"] + people.map { Self.field($0.name) })
                .joined(separator: ",") + "\n\n")
        for row in rows { try write(row.cells + "\n") }
        let last = rows.last?.date ?? ""
        try write(
            "\n" + ([last, "Total balance", " ", " ", "RUB"] + totals.map(Self.decimal)).joined(separator: ",") + "\n")
        return count
    }

    /// The file of no receipts: its header and a balance of zeros.
    private static func empty(_ people: [Person], _ write: (String) throws -> Void) throws -> Int {
        try write(
            (["Date", "Description", "Category", "Cost", "Currency"] + people.map { field($0.name) }).joined(
                separator: ",") + "\n")
        return 0
    }

    /// Splitwise's category for one of ours: its own names (Groceries, Dining out, …), General where
    /// it has none alike.
    static func category(_ category: Category) -> String {
        switch category {
        case .groceries: "Groceries"
        case .cafes: "Dining out"
        case .transport: "Bus/train"
        case .fuel: "Gas/fuel"
        case .health: "Medical expenses"
        case .household: "Household supplies"
        case .clothing: "Clothing"
        case .electronics: "Electronics"
        case .kids: "Childcare"
        case .pets: "Pets"
        case .telecom: "TV/Phone/Internet"
        case .alcoholTobacco: "Liquor"
        case .beauty, .entertainment, .other, .uncategorized: "General"
        }
    }

    /// `-1234.50`, as the spreadsheet writes amounts.
    static func decimal(_ kopecks: Int64) -> String { LedgerEntry.decimal(Money(kopecks: kopecks)) }

    /// A text cell, quoted when it holds a comma, a quote or a line break (a quote doubled).
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension ReceiptDatabase {
    /// The months from `from` to `to`, either end the database's first or last month when not given:
    /// `.some(nil)` for every month (neither given), nil when no receipt's month can be in them.
    func months(from: Month?, to: Month?) throws(StoreError) -> ClosedRange<Month>?? {
        guard from != nil || to != nil else { return .some(nil) }
        guard let all = try monthRange() else { return nil }
        let (first, last) = (from ?? all.lowerBound, to ?? all.upperBound)
        return first <= last ? .some(first...last) : nil
    }
}
