import ReceiptCore
import Testing

/// Names come from receipts, and a receipt is whatever its sender wrote: printed, they must not
/// steer the terminal (issue 31).
@Suite("Text shown without being obeyed", .timeLimit(.minutes(20)))
struct VisibleTextTests {
    @Test("C0 controls, DEL, C1 controls and bidirectional overrides become visible; letters and emoji stay")
    func pictures() {
        // OSC 0 (retitle the window), ended by BEL; CSI 2J (clear the screen); OSC 52 (the clipboard).
        #expect("Evil\u{1B}]0;pwned\u{07}".visible() == "Evil␛]0;pwned␇")
        #expect("\u{1B}[2J".visible() == "␛[2J")
        #expect("a\u{1B}]52;c;ZXZpbA==\u{07}b".visible() == "a␛]52;c;ZXZpbA==␇b")
        #expect("Молоко\nFAKE".visible() == "Молоко␊FAKE")
        #expect("tab\there\u{7F}".visible() == "tab␉here␡")
        // A C1 CSI (U+009B) and a right-to-left override (U+202E).
        #expect("x\u{9B}2Jy\u{202E}z".visible() == "x\u{FFFD}2Jy\u{FFFD}z")
        #expect("Сыр «Ламбер» 50% 🧀 ₽".visible() == "Сыр «Ламбер» 50% 🧀 ₽")
    }

    @Test("keepingLines keeps the line breaks the output is made of, \\n and \\r\\n, and nothing else")
    func lines() {
        #expect("a\nb\r\nc".visible(keepingLines: true) == "a\nb\r\nc")
        // A carriage return alone would overwrite the line: shown.
        #expect("total 100\rtotal 999\n".visible(keepingLines: true) == "total 100␍total 999\n")
        #expect("\u{1B}[31mred\n".visible(keepingLines: true) == "␛[31mred\n")
    }
}
