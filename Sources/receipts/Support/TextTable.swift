/// A table of text for the terminal: columns padded to their widest cell, the last column wrapped so
/// that every line fits the given width.
struct TextTable {
    var rows: [[String]] = []
    /// Columns padded on the left, such as amounts; never the last one, which wraps.
    var rightAligned: Set<Int> = []

    mutating func append(_ row: [String]) { rows.append(row) }

    func render(width: Int) -> String {
        guard let columnCount = rows.map(\.count).max(), columnCount > 0 else { return "" }
        var widths = Array(repeating: 0, count: columnCount)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        let gap = "  "
        let leading = widths.dropLast().reduce(0) { $0 + $1 + gap.count }
        // Never squeeze the last column below a readable width, even on a tiny terminal.
        let lastWidth = max(20, width - leading)
        var lines: [String] = []
        for row in rows {
            let cells = row + Array(repeating: "", count: columnCount - row.count)
            let prefix = zip(cells.dropLast(), widths).enumerated().map { column, pair in
                (rightAligned.contains(column) ? pair.0.leftPadding(to: pair.1) : pair.0.padding(to: pair.1)) + gap
            }.joined()
            let wrapped = Self.wrap(cells[columnCount - 1], width: lastWidth)
            lines.append(prefix + wrapped[0])
            for continuation in wrapped.dropFirst() {
                lines.append(String(repeating: " ", count: leading) + continuation)
            }
        }
        return lines.map { $0.trailingSpacesRemoved }.joined(separator: "\n")
    }

    /// Breaks text at spaces and before `&` (between the fields of a QR payload) where it can, and
    /// inside long words where it must.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for (index, word) in words(text).enumerated() {
            var word = word
            let separator = index > 0 && !word.hasPrefix("&") ? " " : ""
            if !current.isEmpty, current.count + separator.count + word.count > width {
                lines.append(current)
                current = ""
            }
            if !current.isEmpty { current += separator }
            while current.count + word.count > width {
                let room = width - current.count
                current += word.prefix(room)
                word = word.dropFirst(room)
                lines.append(current)
                current = ""
            }
            current += word
        }
        lines.append(current)
        return lines
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
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    fileprivate func leftPadding(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    fileprivate var trailingSpacesRemoved: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
