import Testing

@testable import ReceiptStore

@Suite("The table of printed names: each name its own value, whatever its hash meets", .timeLimit(.minutes(20)))
struct PrintedNameTableTests {
    @Test("thousands of names, added as a table grows, each keep their value; names never added are absent")
    func manyNames() {
        var table = PrintedNameTable<Int>()
        let names = (0..<5_000).map { "МОЛОКО ПАСТ.3,2% \($0) 930МЛ" }
        for (index, name) in names.enumerated() { table.update(index, for: PrintedName(name)) }
        #expect(table.count == names.count)
        for (index, name) in names.enumerated() { #expect(table[PrintedName(name)] == index) }
        #expect(table[PrintedName("МОЛОКО ПАСТ.3,2% 5000 930МЛ")] == nil)
        #expect(table[PrintedName("")] == nil)
    }

    @Test("names with one hash and different bytes are different names")
    func equalHashes() {
        var table = PrintedNameTable<String>()
        for name in ["КЕФИР 1%", "КЕФИР 2,5%", "кефир 1%", ""] {
            table.update(name, for: PrintedName(name, hashed: 42))
        }
        #expect(table.count == 4)
        for name in ["КЕФИР 1%", "КЕФИР 2,5%", "кефир 1%", ""] { #expect(table[PrintedName(name, hashed: 42)] == name) }
        #expect(table[PrintedName("КЕФИР 3,2%", hashed: 42)] == nil)
        // The same bytes under another hash are not looked for where the name is.
        #expect(table[PrintedName("КЕФИР 1%", hashed: 43)] == nil)
    }

    @Test("names whose hashes meet in one slot, also past the last slot and after growing, are all found")
    func collisions() {
        var table = PrintedNameTable<Int>()
        // The first table has 16 slots: these hashes all start at slot 15, the last, and run on into slot 0.
        let hashes = [15, 31, 47, 63, -1, 15 + 1 << 40]
        for (index, hash) in hashes.enumerated() {
            table.update(index, for: PrintedName("ХЛЕБ \(index)", hashed: hash))
        }
        // A name at slot 0 is found among names that started elsewhere.
        table.update(100, for: PrintedName("БАТОН", hashed: 16))
        for (index, hash) in hashes.enumerated() { #expect(table[PrintedName("ХЛЕБ \(index)", hashed: hash)] == index) }
        #expect(table[PrintedName("БАТОН", hashed: 16)] == 100)
        // Enough more names to grow the table several times.
        for index in 0..<200 { table.update(-index, for: PrintedName("СЫР \(index)", hashed: 15 + index * 64)) }
        #expect(table.count == hashes.count + 201)
        for (index, hash) in hashes.enumerated() { #expect(table[PrintedName("ХЛЕБ \(index)", hashed: hash)] == index) }
        for index in 0..<200 { #expect(table[PrintedName("СЫР \(index)", hashed: 15 + index * 64)] == -index) }
        #expect(table[PrintedName("СЫР 200", hashed: 15 + 200 * 64)] == nil)
    }

    @Test("é precomposed and é decomposed, equal as Strings, are two names")
    func normalisationForms() {
        let precomposed = "CAF\u{E9} CR\u{E8}ME"
        let decomposed = "CAFe\u{301} CRe\u{300}ME"
        #expect(precomposed == decomposed)
        var table = PrintedNameTable<Int>()
        table.update(1, for: PrintedName(precomposed))
        #expect(table[PrintedName(decomposed)] == nil)
        table.update(2, for: PrintedName(decomposed))
        #expect(table.count == 2)
        #expect(table[PrintedName(precomposed)] == 1)
        #expect(table[PrintedName(decomposed)] == 2)
        // Even under one hash.
        var forced = PrintedNameTable<Int>()
        forced.update(1, for: PrintedName(precomposed, hashed: 7))
        forced.update(2, for: PrintedName(decomposed, hashed: 7))
        #expect(forced[PrintedName(precomposed, hashed: 7)] == 1)
        #expect(forced[PrintedName(decomposed, hashed: 7)] == 2)
    }

    @Test("a name set again keeps one slot with the new value; merging, the merged table's values win")
    func updatesAndMerges() {
        var table = PrintedNameTable<Int>()
        table.update(1, for: PrintedName("ЧАЙ"))
        table.update(2, for: PrintedName("ЧАЙ"))
        #expect(table.count == 1)
        #expect(table[PrintedName("ЧАЙ")] == 2)
        var other = PrintedNameTable<Int>()
        other.update(3, for: PrintedName("ЧАЙ"))
        other.update(4, for: PrintedName("КОФЕ"))
        table.update(5, for: PrintedName("САХАР"))
        table.merge(other)
        #expect(table.count == 3)
        #expect(table[PrintedName("ЧАЙ")] == 3)
        #expect(table[PrintedName("КОФЕ")] == 4)
        #expect(table[PrintedName("САХАР")] == 5)
        #expect(other.count == 2)
        #expect(PrintedNameTable<Int>().isEmpty)
        #expect(!table.isEmpty)
    }
}
