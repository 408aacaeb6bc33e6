import Foundation
import ReceiptTesting
import Testing

/// The command line over documents real people exported (Tests/Fixtures/real-receipts, each with
/// where it came from in SOURCES.md), as a newcomer would use it: import the files, ask for the
/// month, look at a receipt.
@Suite(
    "receipts import, stats and show over real exported receipts",
    .timeLimit(.minutes(20)))
struct RealReceiptsCommandTests {
    static let fixtures = Repository.url("Tests/Fixtures/real-receipts").path

    /// The command line in English, in process, over a database and configuration of its own in
    /// `folder`.
    static func runner(in folder: TemporaryFolder) -> InProcessRunner {
        var run = InProcessRunner().english()
        run.environment["XDG_CONFIG_HOME"] = folder.file("config")
        run.environment["RECEIPTS_DB"] = folder.file("receipts.sqlite")
        return run
    }

    @Test(
        "ozon's prepaid order counts once in December; the settlement says what paid for it; a second import changes nothing"
    )
    func ozonOrder() async throws {
        let folder = try TemporaryFolder()
        let run = Self.runner(in: folder)
        // The settlement first: it counts on its own until its prepayment arrives.
        let files = ["ozon-settlement.json", "ozon-prepayment.json", "petrol-ai92-trk-sum-mismatch.json"]
        for file in files {
            #expect(try await run.run(["import", Self.fixtures + "/" + file]).status == 0)
        }
        let stats = try await run.run(["stats", "--month", "2024-12", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])
        // 586.00 (the peeler, once) + 2,200.00 (petrol: its line printed 2,200.01) = 2,786.00.
        #expect(report["total"] as? Int == 278_600)
        let month = try #require((report["months"] as? [[String: Any]])?.first)
        let categories = month["categories"] as? [[String: Any]] ?? []
        #expect(categories.first { $0["category"] as? String == "fuel" }?["total"] as? Int == 220_000)
        #expect(categories.reduce(0) { $0 + ($1["total"] as? Int ?? 0) } == 278_600)

        // Amounts end with a no-break space before the rouble sign, as everywhere.
        // The settlement was saved first: it is receipt #1.
        let shown = try await run.run(["show", "1", "--json"])
        let settlement = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])
        #expect(settlement["kind"] as? String == "settlement" && settlement["counted"] as? Int == 0)
        #expect((settlement["linked"] as? [String: Any])?["id"] as? Int == 2)
        #expect((settlement["document"] as? [String: Any])?["prepaidSum"] as? Int == 58_600)
        let text = try await run.run(["show", "1", "--lang", "ru"])
        #expect(
            text.output.contains(
                "получение по предоплате — оплачено по чеку #2 от 29.12.2024 17:39 — засчитано 0,00\u{00A0}₽"))
        #expect(text.output.contains("Предоплатой (зачёт аванса): 586,00\u{00A0}₽"))

        let again = try await run.run(["import", "--json"] + files.map { Self.fixtures + "/" + $0 })
        #expect(again.output.contains(#""unchanged":3"#))
        #expect(try await run.run(["stats", "--verify"]).status == 0)
    }

    @Test("a real December: list's rows say what each counts, and list --json's counted adds up to stats")
    func whatCounts() async throws {
        let folder = try TemporaryFolder()
        let run = Self.runner(in: folder)
        #expect(try await run.run(["import", Self.fixtures + "/chequeinfo-2024-12.json"]).status == 0)
        // Totals 72,891.45; Ozon's settlement 48092 (586.00) was paid by its prepayment 215785 of
        // 29 December, which is here: it counts 0, and the month 72,891.45 − 586.00 = 72,305.45.
        // Ozon's two other settlements (1,642.00 and 1,527.00) have no prepayment here: they count
        // in full.
        let stats =
            try JSONSerialization.jsonObject(
                with: Data(try await run.run(["stats", "--month", "2024-12", "--json"]).output.utf8)) as? [String: Any]
        #expect(stats?["total"] as? Int == 7_230_545)
        let listed =
            try JSONSerialization.jsonObject(
                with: Data(try await run.run(["list", "--month", "2024-12", "--json"]).output.utf8)) as? [String: Any]
        let month = try #require((listed?["months"] as? [[String: Any]])?.first)
        let receipts = try #require(month["receipts"] as? [[String: Any]])
        #expect(receipts.count == 25 && month["total"] as? Int == 7_230_545)
        #expect(receipts.reduce(0) { $0 + ($1["counted"] as? Int ?? 0) } == 7_230_545)
        #expect(receipts.reduce(0) { $0 + ($1["total"] as? Int ?? 0) } == 7_289_145)
        let settlement = try #require(receipts.first { $0["counted"] as? Int != $0["total"] as? Int })
        #expect(settlement["total"] as? Int == 58_600 && settlement["counted"] as? Int == 0)
        let prepayment = try #require(settlement["linked"] as? Int)
        #expect(receipts.first { $0["id"] as? Int == prepayment }?["date"] as? String == "2024-12-29T17:39:00")
        // The text marks the row and says under the table what it counts, in both languages.
        let id = try #require(settlement["id"] as? Int)
        let english = try await run.run(["list", "--month", "2024-12"]).output
        #expect(
            english.contains("586.00*")
                && english.contains("* #\(id): counts RUB 0.00 — paid for by receipt #\(prepayment)"), "\(english)")
        let russian = try await run.run(["list", "--month", "2024-12", "--lang", "ru"]).output
        #expect(russian.contains("* #\(id): засчитано 0,00\u{00A0}₽ — оплачен по чеку #\(prepayment)"), "\(russian)")

        // The top shops say what they leave out and the total, which is the month's.
        let shops = try await run.run(["stats", "--month", "2024-12", "--by", "shop", "--top", "3", "--lang", "ru"])
            .output
        // METRO 50,018.51, Лемана ПРО 6,242.50, Ozon 3,755.00 (its settlements paid by a prepayment
        // here count 0): 60,016.01 shown, 72,305.45 − 60,016.01 = 12,289.44 at the 8 others.
        let lines = shops.split(separator: "\n")
        #expect(
            lines.contains { $0.contains("12\u{00A0}289,44\u{00A0}₽") && $0.contains("ещё магазинов: 8") }, "\(shops)")
        #expect(
            lines.contains { $0.contains("72\u{00A0}305,45\u{00A0}₽") && $0.contains("Итого по магазинам") }, "\(shops)"
        )
    }

    /// The goals of issue 46 on one Moscow household's real history (djavid/CheckCalories, 84 receipts
    /// of December 2017 – April 2018). Figures of 2026-11-28: the index rests on 15 % of the spending
    /// (5 % before product kinds), the goal being 25 %; see docs/spending.md for what is left out.
    @Test("a real history: one kind of drinking milk holds its twelve milk lines; inflation compares the busy months")
    func realHistory() async throws {
        let folder = try TemporaryFolder()
        let run = Self.runner(in: folder)
        let file = Repository.url(
            "Tests/Fixtures/real-names/raw/djavid+CheckCalories__app__src__main__res__raw__checks.json")
        #expect(try await run.run(["import", file.path]).status == 0)
        let prices = try #require(
            try JSONSerialization.jsonObject(with: Data(try await run.run(["prices", "молоко", "--json"]).output.utf8))
                as? [String: Any])
        let kinds = try #require(prices["kinds"] as? [[String: Any]])
        let milk = try #require(kinds.first { $0["id"] as? String == "milk" })
        #expect(milk["kind"] as? String == "Drinking milk" && milk["unit"] as? String == "l")
        let products = try #require(milk["products"] as? [[String: Any]])
        let lines = products.reduce(0) { total, product in
            total + ((product["months"] as? [[String: Any]]) ?? []).reduce(0) { $0 + ($1["purchases"] as? Int ?? 0) }
        }
        #expect(lines == 12, "every drinking-milk line of the history, whatever its brand, fat or size")
        // Per litre where the size is printed: «ПРОСТ.Мол.ул/паст.3,2% 950мл» at 82.70 is
        // 8270 × 1000 / 950 = 8705.26 → 87.05 a litre, February's only milk by the litre.
        let months = try #require(milk["months"] as? [[String: Any]])
        #expect(months.first?["month"] as? String == "2018-02" && months.first?["median"] as? Int == 8_705)
        // Headings as printed, never a key.
        #expect(products.contains { $0["heading"] as? String == "МОЛОКО ДОМИК В ДЕРЕВ" })
        // The words people type: аи-95 finds a kind even where the history bought none (nothing said, exit 0).
        #expect(try await run.run(["prices", "аи-95"]).status == 0)

        let inflation = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    try await run.run(["inflation", "--from", "2017-12", "--to", "2018-04", "--json"]).output.utf8))
                as? [String: Any])
        // February, March and April have 27, 39 and 13 receipts: none of their pairs is skipped.
        let skipped = (inflation["skipped"] as? [[String: Any]] ?? []).compactMap { $0["to"] as? String }
        #expect(!skipped.contains("2018-03") && !skipped.contains("2018-04"))
        let coverage = try #require(inflation["coverage"] as? Double)
        // 0.2508 on 2026-11-29 (docs/spending.md); the issue's goal is a quarter of the spending.
        #expect(coverage >= 0.25, "the share of the spending compared: \(coverage)")
        #expect(try await run.run(["stats", "--verify"]).status == 0)
    }

    @Test(
        "92 real receipts of 2018 (Tests/Fixtures/real-names/raw): the shop's kind decides what the rules cannot, and categories says what decided"
    )
    func decided() async throws {
        let folder = try TemporaryFolder()
        let run = Self.runner(in: folder)
        let file = Repository.url(
            "Tests/Fixtures/real-names/raw/djavid+CheckCalories__app__src__main__res__raw__checks.json")
        #expect(try await run.run(["import", file.path]).status == 0)
        let output = try await run.run(["categories", "--json"]).output
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let decided = try #require(report["decided"] as? [String: Any])
        let parts = try #require(decided["by"] as? [[String: Any]])
        #expect(parts.map { $0["by"] as? String } == ["user", "learned", "rules", "shop", "guess", "none"])
        // Every line is decided one way: the parts add up to the lines the categories hold.
        let lines = (report["categories"] as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["items"] as? Int ?? 0) }
        #expect(decided["lines"] as? Int == lines)
        #expect(parts.reduce(0) { $0 + ($1["lines"] as? Int ?? 0) } == lines)
        #expect(parts.reduce(0) { $0 + ($1["total"] as? Int ?? 0) } == decided["total"] as? Int)
        // A guard on the shipped vocabulary over real names, not a figure to tune to: at most one
        // line in twenty left without a category.
        let none = try #require(parts.last?["linesShare"] as? Double)
        #expect(none <= 0.05)
        // In March 2018 «Соус Сырный» was bought at Бургер Кинг (seller «Бургер Рус», a café by its
        // name) for 25.00 and twice at Фастлэнд (a fast-food chain the shop kinds know) for 25.00
        // each: all three are cafes, though the rules make a sauce groceries. A book from «Новый
        // Книжный» is entertainment though no rule knows its title.
        let march = try await run.run(["stats", "--month", "2018-03", "--by", "item", "--top", "500", "--json"]).output
        let items = try #require(
            (try JSONSerialization.jsonObject(with: Data(march.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        let sauce = items.filter { $0["name"] as? String == "Соус Сырный" }
            .map { "\($0["category"] ?? "") \($0["total"] ?? "")" }.sorted()
        #expect(sauce == ["cafes 7500"])
        #expect(
            items.first { $0["name"] as? String == "Маленький принц (ИнтелБест)" }?["category"] as? String
                == "entertainment")
        #expect(try await run.run(["stats", "--verify"]).status == 0)
    }

    @Test("no shop of the real receipts is named by a web address, an INN, a phone or a run of spaces")
    func shopNamesOfRealReceipts() async throws {
        let folder = try TemporaryFolder()
        let run = Self.runner(in: folder)
        let raw = Repository.url("Tests/Fixtures/real-names/raw").path
        let files = try ([raw, Self.fixtures] as [String]).flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
                .map { folder + "/" + $0 }
        }
        // One file of them keeps a receipt whose fiscal drive number is cut to 14 digits: refused.
        let imported = try await run.run(["import"] + files)
        #expect(imported.status == 6 && imported.errors.contains("1 file(s) not imported"), "\(imported.errors)")
        let listed = try JSONSerialization.jsonObject(with: Data(try await run.run(["shops", "--json"]).output.utf8))
        let names = try #require((listed as? [String: Any])?["shops"] as? [[String: Any]]).compactMap {
            $0["name"] as? String
        }
        #expect(names.count > 40)
        let bad = names.filter { name in
            name.range(
                of: #"https?://|www\.|\.(ru|com)\b|^\d{10,12}$|\d{3}\)? ?\d{3}-\d{2}-\d{2}|  "#,
                options: .regularExpression)
                != nil
        }
        #expect(bad.isEmpty, "\(bad)")
        // Беркут's station is Беркут, the pharmacy Аптека Плюс, Ozon's receipts Ozon.
        #expect(names.contains("Беркут") && names.contains("Аптека Плюс") && !names.contains("ГРМ"), "\(names)")
        // stats --by shop tells a chain's shops apart by their street: no two rows the same, and
        // Пятёрочка's shops each with its own but one: the receipts that print no address (seven,
        // from two registers), which have none to show.
        let stats = try JSONSerialization.jsonObject(
            with: Data(
                try await run.run([
                    "stats", "--by", "shop", "--from", "2015-01", "--to", "2026-12", "--top", "1000", "--json",
                ])
                .output.utf8))
        let shops = try #require((stats as? [String: Any])?["shops"] as? [[String: Any]])
        let rows = shops.map { "\($0["shop"] as? String ?? "")|\($0["street"] as? String ?? "")" }
        #expect(Set(rows).count == rows.count, "\(rows)")
        let pyaterochka = shops.filter { $0["shop"] as? String == "Пятёрочка" }
        #expect(pyaterochka.count > 3 && pyaterochka.filter { !($0["street"] is String) }.count == 1, "\(pyaterochka)")
    }

    @Test("shops are named as people know them, and a name the user gives shows in shops, stats, list and show")
    func shops() async throws {
        let folder = try TemporaryFolder()
        let run = Self.runner(in: folder)
        // METRO prints «ТЦ 1060» as its shop name; the seller's INN 7704218694 is METRO's.
        #expect(try await run.run(["import", Self.fixtures + "/metro-tc1060-productCodeData.json"]).status == 0)
        let listed = try await run.run(["shops", "--json"])
        let shops = try #require(
            (try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])?["shops"]
                as? [[String: Any]])
        #expect(shops.count == 1 && shops.first?["name"] as? String == "METRO")
        #expect(shops.first?["inn"] as? String == "7704218694" && shops.first?["spending"] as? Int == 880_736)
        let id = try #require(shops.first?["id"] as? Int)

        #expect(try await run.run(["shops", "rename", String(id), "METRO на Северной"]).status == 0)
        #expect(
            try await run.run(["stats", "--month", "2024-12", "--json"]).output.contains(#""shop":"METRO на Северной""#)
        )
        #expect(try await run.run(["list", "--month", "2024-12"]).output.contains("METRO на Северной"))
        #expect(try await run.run(["show", "1"]).output.hasPrefix("METRO на Северной\n"))
        #expect(try await run.run(["stats", "--verify"]).status == 0)

        #expect(try await run.run(["shops", "rename", "99", "x"]).status == 3)
        #expect(try await run.run(["shops", "rename", String(id)]).status == 2)
        #expect(try await run.run(["shops", "merge", String(id), String(id)]).status == 2)
        // A shop that was never merged has nothing to take apart; an unknown one is not found.
        let unmerged = try await run.run(["shops", "unmerge", String(id)])
        #expect(unmerged.status == 2 && unmerged.errors.contains("shop #\(id) is not merged into another"))
        #expect(try await run.run(["shops", "unmerge", "99"]).status == 3)
        #expect(try await run.run(["shops", "rename", String(id), "--reset"]).output.contains("is now “METRO”"))
    }
}
