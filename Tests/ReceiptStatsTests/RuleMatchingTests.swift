import Foundation
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptStats

/// Rules compare plain keys byte by byte (``RuleKey``), for speed; these check that this gives the
/// category comparing the same keys as text gives.
@Suite("Category rules on bytes", .timeLimit(.minutes(20)))
struct RuleMatchingTests {
    /// The printed names of `Tests/Fixtures/real-names`, all three files.
    static func realNames() throws -> [String] {
        let folder = Repository.root.appendingPathComponent("Tests/Fixtures/real-names")
        return try ["tuning.tsv", "holdout.tsv", "holdout-second-labelling.tsv"].flatMap { file in
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").dropFirst().compactMap { line in
                    line.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init)
                }
        }
    }

    @Test("every real name's key, and the name merely lower-cased, gets the category comparing text gives")
    func realNamesAgree() throws {
        let rules = try CategoryRuleSet.standard(configFolder: nil)
        var plain = 0
        var placed = 0
        for name in try Self.realNames() {
            for key in [ItemName.key(name), name.lowercased()] {
                let onBytes = RuleKey(key)
                if onBytes.spaced != nil { plain += 1 }
                let category = rules.category(of: onBytes)
                if category != nil { placed += 1 }
                #expect(category == rules.category(of: RuleKey(key, asText: true)), "\(key)")
            }
        }
        // 2,168 names, two keys each: nearly all plain, most placed, so that bytes were compared.
        #expect(plain > 4_000)
        #expect(placed > 3_000)
    }

    @Test("keys and patterns of other scripts, marks and controls are compared as text, and agree")
    func otherTextAgrees() throws {
        let rules = try CategoryRuleSet(texts: [
            ("user", "electronics: 日本 тех, \"𝕄𝕆𝕃\"\npets: ~^корм"),
            ("shipped", try CategoryRuleSet.shippedText()),
        ])
        // A plain key finds the user's pattern of other script only as text; both give the same.
        #expect(rules.category(forKey: "日本 техника") == .electronics)
        #expect(RuleKey("日本 техника").spaced == nil)
        #expect(rules.category(forKey: "молоко 𝕄𝕆𝕃") == .electronics)
        #expect(
            rules.category(forKey: "молоко\u{301} паст")
                == rules.category(of: RuleKey("молоко\u{301} паст", asText: true)))
        let pieces = [
            "молоко", "МОЛОKО", "🍎", "👨‍👩‍👧", "\u{0}", "\u{7}", "\u{1b}[31m", "\u{202e}", "é", "e\u{301}", "ﬁ", "ß", "İ",
            "مرحبا", "שלום", "日本", "𝕄𝕆𝕃", "%", "№", "/", "\\", "\"", "~", "^$", "(", "3,2%", "аи-95", " ", "\t", "\n",
            "\r\n", "б/", "Ё", "ъ", "паст", "корм", "кефир", "\u{483}", "\u{a0}", String(repeating: "а", count: 300),
        ]
        var random = SeededRandom(seed: 34)
        for _ in 0..<3_000 {
            let name = (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined(
                separator: random.below(2) == 0 ? " " : "")
            for key in [name, ItemName.key(name)] {
                #expect(rules.category(forKey: key) == rules.category(of: RuleKey(key, asText: true)), "\(key)")
            }
        }
    }

    @Test("a plain key's words and beginnings, byte by byte")
    func plainKey() {
        let key = RuleKey("молоко паст 3,2%")
        // ` молоко паст 3,2% `: six two-byte letters from byte 1, then four from byte 14, then `3,2%`:
        // 1 + 12 + 1 + 8 + 1 + 4 + 1 bytes.
        #expect(key.spaced?.count == 28)
        #expect(key.wordRanges == [1..<13, 14..<22, 23..<27])
        #expect(key.word(0, beginsWith: Array("мол".utf8)))
        #expect(!key.word(1, beginsWith: Array("мол".utf8)))
        #expect(key.contains(Array(" паст ".utf8)))
        #expect(!key.contains(Array(" пас ".utf8)))
        #expect(
            RuleKey.start(of: key.spaced![1..<13], scalars: 2) == RuleKey.start(of: Array("мо".utf8)[...], scalars: 2))
        #expect(RuleKey("мол\tпаст").spaced == nil)
    }
}
