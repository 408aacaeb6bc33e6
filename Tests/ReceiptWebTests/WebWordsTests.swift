import ReceiptCore
import Testing

@testable import ReceiptWeb

/// The page's words: each key defined once, in both languages, and every word the page's scripts and
/// HTML ask for defined.
@Suite("receipts web: the page's words")
struct WebWordsTests {
    @Test("no key is defined in two of the words' parts, so none hides another's word (issue 50)")
    func keysDefinedOnce() {
        // Before: the general part's "change" («Изменить», a verb for a button) hid the insights'
        // column heading «Изменение» in the inflation tables.
        for language in [Language.russian, .english] {
            let words = WebWords(language)
            let parts = [words.general, words.insightsPage, words.bankPage, words.householdPage]
            for (index, part) in parts.enumerated() {
                for other in parts[(index + 1)...] {
                    let shared = Set(part.keys).intersection(other.keys)
                    #expect(shared.isEmpty, "defined twice: \(shared.sorted())")
                }
            }
        }
    }

    @Test("both languages have the same keys, each with a text")
    func bothLanguages() {
        let russian = WebWords(.russian).page
        let english = WebWords(.english).page
        #expect(Set(russian.keys) == Set(english.keys))
        #expect(russian.filter { $0.value.isEmpty }.isEmpty)
        #expect(english.filter { $0.value.isEmpty }.isEmpty)
        #expect(russian["change"] == "Изменение")
    }

    @Test("every word the page's scripts and HTML ask for is defined")
    func everyWordAskedForExists() throws {
        let words = WebWords(.russian).page
        var asked: Set<String> = []
        for path in StaticFiles.paths {
            let (bytes, _) = try #require(StaticFiles.file(at: path))
            let text = String(decoding: bytes, as: UTF8.self)
            for match in text.matches(of: /state\.words\.([A-Za-z]+)/) { asked.insert(String(match.1)) }
            for match in text.matches(of: /data-word="([A-Za-z]+)"/) { asked.insert(String(match.1)) }
        }
        #expect(asked.count > 50)
        #expect(asked.subtracting(words.keys).sorted() == [])
    }
}
