import ReceiptReports
import Testing

/// The terminal's tables, drawn by hand: every expected line below is written out, its width counted
/// in terminal cells (a Cyrillic letter or `₽` one, a CJK character two, a combining mark none).
@Suite("TextTable: tables that fit the terminal", .timeLimit(.minutes(20)))
struct TextTableTests {
    /// No limit: what a pipe gets.
    static let unlimited = Int.max / 2

    @Test("columns line up by cells: Cyrillic one a letter, CJK two, a combining accent none")
    func cells() {
        var table = TextTable(header: ["Магазин", "Сумма"], rightAligned: [1], cut: [0])
        table.append(["Пятёрочка", "562,92 ₽"])
        table.append(["東京タワー", "2 425,36 ₽"])
        table.append(["Cafe\u{301}", "99,00 ₽"])
        // Shop: «東京タワー» 5 × 2 = 10 cells, the widest; «Café» 4 (the accent takes none). Amount:
        // «2 425,36 ₽» 10 cells. The amounts end in one column, at 10 + 2 + 10 = 22.
        #expect(
            table.render(width: Self.unlimited) == """
                Магазин          Сумма
                Пятёрочка     562,92 ₽
                東京タワー  2 425,36 ₽
                Cafe\u{301}           99,00 ₽
                """)
    }

    @Test("a table that fits is drawn as with no limit: nothing wrapped, nothing cut")
    func fits() {
        let table = Self.changes()
        // 6 + 2 + 14 + 2 + 20 = 44 cells.
        let whole = """
            Товар   К пред. месяцу  К среднему за 3 мес.
            Молоко          +5,0 %                −2,1 %
            """
        #expect(table.render(width: Self.unlimited) == whole)
        #expect(table.render(width: 44) == whole)
        #expect(table.render(width: 120) == whole)
    }

    @Test("too wide, the title that saves most wraps onto two lines, and no other that need not")
    func titlesWrap() {
        // At 40 the table must lose 4 cells. «К среднему за 3 мес.» on two lines is 10 wide (saves
        // 10); «К пред. месяцу» would be 7 (saves 7): the first alone is enough. 6 + 2 + 14 + 2 + 10 = 34.
        #expect(
            Self.changes().render(width: 40) == """
                                        К среднему
                Товар   К пред. месяцу   за 3 мес.
                Молоко          +5,0 %      −2,1 %
                """)
        // At 30 both wrap: 6 + 2 + 7 + 2 + 10 = 27.
        #expect(
            Self.changes().render(width: 30) == """
                        К пред.  К среднему
                Товар    месяцу   за 3 мес.
                Молоко   +5,0 %      −2,1 %
                """)
    }

    @Test("the long column is cut with … (no space before it), then an optional column is left out")
    func cutThenLeaveOut() {
        var table = TextTable(rightAligned: [0, 1], cut: [2], optional: [1])
        table.append(["562,92 ₽", "8", "Пятёрочка"])
        table.append(["2 425,36 ₽", "12", "Лемана ПРО (Леруа Мерлен)"])
        // 10 + 2 + 2 + 2 = 16 cells before the shop; at 28 it has 12: «Лемана ПРО » and the
        // ellipsis, the space dropped.
        #expect(
            table.render(width: 28) == """
                  562,92 ₽   8  Пятёрочка
                2 425,36 ₽  12  Лемана ПРО…
                """)
        // At 20 the shop would have 4 cells, under the 6 it may be cut to: the count goes, and the
        // shop gets 20 − 12 = 8.
        #expect(
            table.render(width: 20) == """
                  562,92 ₽  Пятёроч…
                2 425,36 ₽  Лемана…
                """)
    }

    @Test("numbers are never cut: a table of numbers alone that cannot fit stays whole")
    func numbersStayWhole() {
        var table = TextTable(header: ["Месяц", "Сумма"], rightAligned: [1])
        table.append(["2024-12", "72 305,45 ₽"])
        // 7 + 2 + 11 = 20 cells, on a terminal of 10: as narrow as it gets, its last column not
        // widened for wrapping.
        #expect(
            table.render(width: 10) == """
                Месяц          Сумма
                2024-12  72 305,45 ₽
                """)
    }

    @Test("with wrapsLast the last column wraps under itself, a QR payload between its fields")
    func wrapsLast() {
        var table = TextTable(wrapsLast: true)
        table.append(["Нормальный вид", "t=20190320T2303&s=5803.00&fn=9251440300007971&i=141637&fp=4087570038&n=1"])
        table.append(["Сумма (s)", "5 803,00 ₽"])
        // The label column is 14 cells, the payload gets 60 − 16 = 44: «t=…2303&s=5803.00» (25),
        // then «&fn=…&i=141637&fp=4087570038» (43), then «&n=1».
        #expect(
            table.render(width: 60) == """
                Нормальный вид  t=20190320T2303&s=5803.00
                                &fn=9251440300007971&i=141637&fp=4087570038
                                &n=1
                Сумма (s)       5 803,00 ₽
                """)
    }

    @Test("a sentence wraps at its spaces, an indented one under its indent")
    func sentences() {
        let line = "  ИПЦ Росстата, продовольственные товары: нет данных за 2025-12, 2026-01"
        // 38 cells after the indent: «ИПЦ Росстата, продовольственные» (31), then the rest (38).
        #expect(
            TextTable.wrapLines("Итог:\n" + line, width: 40) == """
                Итог:
                  ИПЦ Росстата, продовольственные
                  товары: нет данных за 2025-12, 2026-01
                """)
    }

    /// A product and its two changes, each title longer than its values.
    static func changes() -> TextTable {
        var table = TextTable(
            header: ["Товар", "К пред. месяцу", "К среднему за 3 мес."], rightAligned: [1, 2], cut: [0])
        table.append(["Молоко", "+5,0 %", "−2,1 %"])
        return table
    }
}
