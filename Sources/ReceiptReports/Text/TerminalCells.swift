/// Text measured as a terminal shows it: in cells, not bytes or scalars. A character (grapheme
/// cluster) takes one cell — Cyrillic, `₽` and a no-break space included — two when it is East Asian
/// wide or an emoji, none when it is a control or format character.
extension Character {
    /// The cells the character takes on a terminal.
    public var cells: Int {
        guard let first = unicodeScalars.first else { return 0 }
        switch first.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        if first.properties.isEmojiPresentation || unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return Self.wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// East Asian wide and full-width blocks (Hangul, CJK, kana, full-width forms).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension StringProtocol {
    /// The cells the text takes on a terminal.
    public var cells: Int { reduce(0) { $0 + $1.cells } }

    /// The text cut to `width` cells, ending in `…` when anything was left out (right after the last
    /// character kept that is not a space).
    public func cut(toCells width: Int) -> String {
        guard cells > width else { return String(self) }
        guard width > 0 else { return "" }
        var kept = ""
        var used = 0
        for character in self {
            guard used + character.cells <= width - 1 else { break }
            kept.append(character)
            used += character.cells
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + "…"
    }

    /// The end of the text that fits in `width` cells, whole characters only.
    public func suffix(cells width: Int) -> String {
        var kept: [Character] = []
        var used = 0
        for character in reversed() {
            guard used + character.cells <= width else { break }
            kept.append(character)
            used += character.cells
        }
        return String(kept.reversed())
    }

    /// The text padded with spaces to `width` cells, on the right or (`leading`) on the left.
    public func padded(toCells width: Int, leading: Bool = false) -> String {
        let room = String(repeating: " ", count: Swift.max(0, width - cells))
        return leading ? room + self : self + room
    }
}
