import ReceiptReports
import Testing

@testable import ReceiptCommandLine

@Suite("The live line fits one terminal row, measured in cells", .timeLimit(.minutes(20)))
struct LiveLineTests {
    @Test("a line of wide characters is cut in the middle to the row's cells, keeping its end")
    func wideCharactersCut() {
        let text = "サーバー http://127.0.0.1:9/ が応答しません; retrying, 48 s left"
        let fitted = LiveLine.fitted(text, columns: 30)
        #expect(fitted.cells <= 29, "\(fitted) takes \(fitted.cells) cells")
        #expect(fitted.hasSuffix("48 s left"))
        #expect(fitted.contains("…"))
    }

    @Test("a line that fits is left whole; Cyrillic takes a cell a letter")
    func fittingLineKept() {
        let text = "сервер не отвечает; осталось 48 с"
        #expect(LiveLine.fitted(text, columns: text.count + 1) == text)
        #expect(LiveLine.fitted(text, columns: text.count).cells == text.count - 1)
    }

    @Test("the end of a text by cells keeps whole characters")
    func suffixByCells() {
        #expect("abc日本".suffix(cells: 3) == "本")
        #expect("abc日本".suffix(cells: 4) == "日本")
        #expect("abc".suffix(cells: 10) == "abc")
    }
}
