import ReceiptAPI
import ReceiptCore
import Testing

@Suite("Accept-Language: which of the tool's two languages a request prefers", .timeLimit(.minutes(20)))
struct AcceptLanguageTests {
    @Test(
        "the highest q among Russian and English wins, the earlier on a tie; English otherwise",
        arguments: [
            (nil, Language.english),
            ("", .english),
            ("ru", .russian),
            ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", .russian),
            ("en-GB, ru;q=0.5", .english),
            ("en;q=0.4, ru;q=0.6", .russian),
            ("de, fr;q=0.9, ru;q=0.1", .russian),
            ("de, fr", .english),
            ("ru;q=0", .english),
            ("ru;q=1.5, en;q=0.3", .english),
            ("ru;q=abc", .english),
            ("RU ; Q=0.8", .russian),
            ("*", .english),
            (";;;,,q=", .english),
            ("ru, en", .russian),
            ("en, ru", .english),
        ] as [(String?, Language)])
    func negotiated(header: String?, expected: Language) {
        #expect(Language(acceptLanguage: header) == expected)
    }

    @Test("what a client sends reads back as its own language")
    func roundTrip() {
        for language in Language.allCases {
            #expect(Language(acceptLanguage: language.acceptLanguageHeader) == language)
        }
    }
}
