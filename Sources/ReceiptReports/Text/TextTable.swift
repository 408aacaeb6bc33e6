import ReceiptCore

/// A table of text for the terminal, columns padded to their widest cell, that fits the width it is
/// given. When it is too wide, in this order: column titles wrap onto two lines at their spaces, the
/// one that saves most first, only as many as it takes; the long columns (``cut``: a shop, an item, a
/// place, an address) are cut with `…` down to ``minimumCut`` cells, the first listed first; the
/// ``optional`` columns (counts that `--json` still gives) are left out. Numbers are never cut: a
/// table of numbers alone that cannot fit is as narrow as its values allow. With ``wrapsLast`` the
/// last column wraps onto lines of its own instead, for values that must stay whole (a QR payload).
/// Widths are counted in terminal cells (`Swift/Character/cells`), so that columns line up whatever
/// the script: a Cyrillic letter takes one cell, a CJK character two, a combining mark none.
public struct TextTable: Sendable {
    /// The column titles; none by default.
    public var header: [String] = []
    /// The rows, each a cell a column.
    public var rows: [[String]] = []
    /// Columns padded on the left, such as amounts.
    public var rightAligned: Set<Int> = []
    /// The columns cut with `…` when the table is too wide, first listed first.
    public var cut: [Int] = []
    /// Whether the last column's values wrap onto lines of their own (under that column) when the
    /// table is too wide, rather than being cut: for values that must stay whole.
    public var wrapsLast = false
    /// The narrowest a ``cut`` column gets before optional columns are left out.
    public var minimumCut = 6
    /// Columns left out, first listed first, when the table does not fit otherwise.
    public var optional: [Int] = []

    /// A table with these column titles and columns of each kind.
    public init(
        header: [String] = [], rightAligned: Set<Int> = [], cut: [Int] = [], optional: [Int] = [],
        wrapsLast: Bool = false
    ) {
        self.header = header
        self.rightAligned = rightAligned
        self.cut = cut
        self.optional = optional
        self.wrapsLast = wrapsLast
    }

    /// Adds a row, each cell on one line and shown as it is (`Swift/StringProtocol/visible(keepingLines:)`):
    /// a name with a line break or an escape sequence cannot break the table.
    public mutating func append(_ row: [String]) { rows.append(row.map { $0.visible() }) }

    private static let gap = "  "

    /// The table as lines of at most `width` cells.
    public func render(width: Int) -> String {
        let columnCount = max(header.count, rows.map(\.count).max() ?? 0)
        guard columnCount > 0 else { return "" }
        var shown = Array(0..<columnCount)
        var widths = fit(shown, width: width)
        for column in optional where total(widths) > width && shown.count > 1 && shown.contains(column) {
            shown.removeAll { $0 == column }
            widths = fit(shown, width: width)
        }
        var lines: [String] = []
        if !header.isEmpty {
            let titles = shown.map { column in
                let width = widths[column] ?? 0
                return cut.contains(column)
                    ? [cell(header, column).cut(toCells: width)] : Self.wrap(cell(header, column), width: width)
            }
            let height = titles.map(\.count).max() ?? 0
            for line in 0..<height {
                // Titles sit on their last line, next to the values.
                let cells = shown.enumerated().map { index, column in
                    let title = titles[index]
                    let offset = height - title.count
                    return line >= offset ? title[line - offset] : ""
                }
                lines.append(draw(cells, columns: shown, widths: widths))
            }
        }
        for row in rows {
            let cells = shown.map { cell(row, $0) }
            if wrapsLast, let last = shown.last {
                let wrapped = Self.wrap(cells[cells.count - 1], width: widths[last] ?? 0)
                lines.append(draw(Array(cells.dropLast()) + [wrapped[0]], columns: shown, widths: widths))
                let leading = total(widths.filter { $0.key != last }) + Self.gap.count
                for continuation in wrapped.dropFirst() {
                    lines.append(String(repeating: " ", count: leading) + continuation)
                }
            } else {
                lines.append(draw(cells, columns: shown, widths: widths))
            }
        }
        return lines.map { $0.trailingSpacesRemoved }.joined(separator: "\n")
    }

    private func cell(_ row: [String], _ column: Int) -> String { column < row.count ? row[column] : "" }

    private func total(_ widths: [Int: Int]) -> Int {
        widths.values.reduce(0, +) + Self.gap.count * max(0, widths.count - 1)
    }

    /// The width of each shown column.
    private func fit(_ columns: [Int], width: Int) -> [Int: Int] {
        let body = Dictionary(
            uniqueKeysWithValues: columns.map { column in (column, rows.map { cell($0, column).cells }.max() ?? 0) })
        var widths = Dictionary(
            uniqueKeysWithValues: columns.map { ($0, max(body[$0] ?? 0, cell(header, $0).cells)) })
        let wrapped = wrapsLast ? columns.last : nil
        let flexible = cut.filter { columns.contains($0) && $0 != wrapped } + (wrapped.map { [$0] } ?? [])
        // Each title as narrow as its values and its longest word allow, on two lines where it can;
        // the title that saves most wraps first, and only until the table fits.
        let narrowed = columns.filter { !flexible.contains($0) }.map { column in
            let title = cell(header, column)
            let natural = widths[column] ?? 0
            var narrow = max(body[column] ?? 0, title.split(separator: " ").map(\.cells).max() ?? 0)
            while narrow < natural, Self.wrap(title, width: narrow).count > 2 { narrow += 1 }
            return (column: column, width: min(narrow, natural), saving: natural - min(narrow, natural))
        }
        for title in narrowed.sorted(by: { ($1.saving, $0.column) < ($0.saving, $1.column) })
        where total(widths) > width && title.saving > 0 {
            widths[title.column] = title.width
        }
        for column in flexible where total(widths) > width {
            let others = total(widths.filter { $0.key != column }) + Self.gap.count
            if column == wrapped {
                // Never squeeze a wrapping column below a readable width, even on a tiny terminal.
                widths[column] = max(20, width - others)
            } else {
                let natural = widths[column] ?? 0
                widths[column] = min(natural, max(min(natural, minimumCut), width - others))
            }
        }
        return widths
    }

    private func draw(_ cells: [String], columns: [Int], widths: [Int: Int]) -> String {
        zip(cells, columns).map { text, column in
            let width = widths[column] ?? 0
            let fitted = cut.contains(column) ? text.cut(toCells: width) : text
            return fitted.padded(toCells: width, leading: rightAligned.contains(column))
        }.joined(separator: Self.gap)
    }

    /// Breaks text at spaces and before `&` (between the fields of a QR payload) where it can, and
    /// inside long words where it must.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for (index, word) in words(text).enumerated() {
            var word = Substring(word)
            let separator = index > 0 && !word.hasPrefix("&") ? " " : ""
            if !current.isEmpty, current.cells + separator.count + word.cells > width {
                lines.append(current)
                current = ""
            }
            if !current.isEmpty { current += separator }
            while current.cells + word.cells > width, width > 0 {
                var room = width - current.cells
                var taken = 0
                for character in word {
                    guard character.cells <= room else { break }
                    room -= character.cells
                    taken += 1
                }
                if taken == 0, current.isEmpty { taken = 1 }
                current += word.prefix(taken)
                word = word.dropFirst(taken)
                lines.append(current)
                current = ""
            }
            current += word
        }
        lines.append(current)
        return lines
    }

    /// Text as lines that fit `width`, each wrapped by ``wrap(_:width:)``; a line's leading spaces
    /// indent its continuations too.
    public static func wrapLines(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            guard line.cells > width else { return [String(line)] }
            let indent = String(line.prefix { $0 == " " })
            guard !indent.isEmpty, indent.count < width / 2 else { return wrap(String(line), width: width) }
            return wrap(String(line.dropFirst(indent.count)), width: width - indent.count).map { indent + $0 }
        }.joined(separator: "\n")
    }

    /// The pieces between break opportunities: words split at spaces, then before each `&`.
    private static func words(_ text: String) -> [Substring] {
        text.split(separator: " ", omittingEmptySubsequences: false).flatMap { word -> [Substring] in
            var pieces: [Substring] = []
            var start = word.startIndex
            for index in word.indices where word[index] == "&" && index != word.startIndex {
                pieces.append(word[start..<index])
                start = index
            }
            pieces.append(word[start...])
            return pieces
        }
    }
}

extension String {
    fileprivate var trailingSpacesRemoved: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
