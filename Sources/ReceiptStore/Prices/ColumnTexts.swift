import GRDB
import GRDBSQLite

/// Text columns read where SQLite holds them, each different text made a `String` once and known
/// after by a small number. A month of lines repeats a few thousand names, a dozen categories and
/// a few units: making a String of each line's, and hashing it as a String (which normalises
/// Unicode first), cost more than the rest of working out its price.
struct ColumnTexts {
    /// The texts met, by their number.
    private(set) var texts: [String] = []
    /// Their UTF-8, by the same number, to compare with SQLite's bytes.
    private var bytes: [[UInt8]] = []
    /// The numbers of the texts whose bytes hash to a value.
    private var numbers: [Int: [Int]] = [:]

    /// The number of the text in `column` of the row `statement` is on; nil when it is null.
    mutating func number(_ statement: Statement, _ column: CInt) -> Int? {
        guard let start = sqlite3_column_text(statement.sqliteStatement, column) else { return nil }
        let text = UnsafeBufferPointer(
            start: start, count: Int(sqlite3_column_bytes(statement.sqliteStatement, column)))
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        let hash = hasher.finalize()
        if let candidates = numbers[hash] {
            for number in candidates where bytes[number].elementsEqual(text) { return number }
        }
        let number = texts.count
        texts.append(String(decoding: text, as: UTF8.self))
        bytes.append(Array(text))
        numbers[hash, default: []].append(number)
        return number
    }
}
