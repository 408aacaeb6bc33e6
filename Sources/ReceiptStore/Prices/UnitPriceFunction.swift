import GRDB
import ReceiptCore
import Synchronization

/// ``UnitPrice/line(_:facts:)`` as an SQL function, so that the SQL that checks the kept product
/// figures (``RecomputedPrices``) prices each line as the Swift that keeps them does, and only the
/// aggregation is written twice. `receipts_line_price(name, price, quantity, unit, measure, part)` gives
/// the line's unit (part 0: 1 kg, 2 l, 3 piece), its price per unit in kopecks (1) or the amount it
/// bought in thousandths (2); null when the line is no purchase of a product. Parts 3, 4 and 5 are the
/// line at its product kind's level (``UnitPrice/kindLine(_:facts:)``): the kind's identifier, its
/// price per the kind's amount, the thousandths of that amount bought; null without a kind.
enum UnitPriceFunction {
    /// What every connection of every database registers.
    static let function = DatabaseFunction("receipts_line_price", argumentCount: 6, pure: true) { values in
        guard let name = String.fromDatabaseValue(values[0]), let price = Int64.fromDatabaseValue(values[1]),
            let quantity = Double.fromDatabaseValue(values[2]), let part = Int.fromDatabaseValue(values[5])
        else { return nil }
        let facts = names.withLock { $0.facts(name) }
        let item = Item(
            name: name, price: Money(kopecks: price), quantity: quantity, sum: Money(kopecks: 0),
            unit: String.fromDatabaseValue(values[3]),
            measure: Int.fromDatabaseValue(values[4]).map(Measure.init(rawValue:)))
        guard let line = UnitPrice.line(item, facts: facts) else { return nil }
        switch part {
        case 0: return line.unit.storedCode
        case 1: return line.kopecks
        case 2: return line.thousandths
        default:
            guard let kind = UnitPrice.kindLine(line, facts: facts) else { return nil }
            return part == 3 ? kind.kind.id : part == 4 ? kind.kopecks : kind.thousandths
        }
    }

    /// ``ItemName/heading(_:)`` as an SQL function, `receipts_heading(name)`: the form of a printed
    /// name people read, whose most common one heads a product's month.
    static let heading = DatabaseFunction("receipts_heading", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(ItemName.heading)
    }

    /// The names the function has read, shared by every connection of the process.
    private static let names = Mutex(UnitPrice.Names())
}
