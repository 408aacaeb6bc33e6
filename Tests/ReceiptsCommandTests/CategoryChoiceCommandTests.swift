import Foundation
import ReceiptTesting
import Testing

/// `receipts categories guesses|confirm|line|match|undo` over 92 real receipts of 2018
/// (Tests/Fixtures/real-names/raw, where they came from in SOURCES.md there), as a user reviewing
/// what the tool decided would use them.
@Suite(
    "receipts categories: guesses confirmed, a line chosen, names by their words, each undone",
    .timeLimit(.minutes(20)))
struct CategoryChoiceCommandTests {
    static let receipts = Repository.url(
        "Tests/Fixtures/real-names/raw/djavid+CheckCalories__app__src__main__res__raw__checks.json"
    ).path

    private func json(_ run: InProcessRunner, _ arguments: [String]) async throws -> [String: Any] {
        let result = try await run.run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    private func items(_ run: InProcessRunner, _ arguments: [String]) async throws -> [[String: Any]] {
        try #require(try await json(run, arguments)["items"] as? [[String: Any]])
    }

    /// What decided the lines: `user` lines, from `categories --json`.
    private func userLines(_ run: InProcessRunner) async throws -> Int {
        let parts = (try await json(run, ["categories"])["decided"] as? [String: Any])?["by"] as? [[String: Any]] ?? []
        return parts.first { $0["by"] as? String == "user" }?["lines"] as? Int ?? -1
    }

    @Test(
        "categories: the ID column has a heading, and the summary is part of the result, on standard output (issue 50)")
    func tableAndSummary() async throws {
        let folder = try TemporaryFolder()
        let run = RealReceiptsCommandTests.runner(in: folder)
        #expect(try await run.run(["import", Self.receipts]).status == 0)
        let shown = try await run.run(["categories"])
        #expect(shown.status == 0)
        // Before: an empty heading over the IDs, and the summary on standard error.
        #expect(shown.output.hasPrefix("ID "), "\(shown.output)")
        #expect(shown.output.contains("\n\nin real categories: "), "\(shown.output)")
        #expect(!shown.errors.contains("in real categories"))
        let russian = try await run.run(["categories", "--lang", "ru"])
        #expect(russian.output.hasPrefix("Код ") && russian.output.contains("в настоящих категориях: "))
    }

    @Test("each way of choosing moves the totals as stats --verify recomputes them, and undo gives back every figure")
    func choices() async throws {
        let folder = try TemporaryFolder()
        let run = RealReceiptsCommandTests.runner(in: folder)
        #expect(try await run.run(["import", Self.receipts]).status == 0)
        let start = try await run.run(["categories", "--json"]).output

        // Guesses applied are sure enough (≥ 0.7) and count in the category guessed; the proposals
        // left in uncategorized are not.
        let guesses = try await items(run, ["categories", "guesses"])
        #expect(!guesses.isEmpty)
        for name in guesses {
            let guess = name["guess"] as? [String: Any]
            #expect(
                (guess?["confidence"] as? Double ?? 0) >= 0.7
                    && guess?["category"] as? String == name["category"] as? String)
        }
        for name in try await items(run, ["categories", "uncategorized", "--limit", "1000"]) {
            let guess = name["guess"] as? [String: Any]
            #expect(guess == nil || (guess?["confidence"] as? Double ?? 1) < 0.7)
        }

        // The most bought guess confirmed: its lines are the user's now, and it leaves the list.
        let first = try #require(guesses.first?["name"] as? String)
        let lines = try #require(guesses.first?["items"] as? Int)
        let confirmed = try await run.run(["categories", "confirm", first])
        #expect(confirmed.status == 0 && confirmed.output.contains("to undo: receipts categories undo 1"))
        #expect(try await userLines(run) == lines)
        #expect(
            !(try await items(run, ["categories", "guesses", "--limit", "1000"])).contains {
                $0["name"] as? String == first
            })

        // Line 1 of receipt 1 chosen on its own: show --json says so; show numbers it 1.
        let line = try await run.run(["categories", "line", "1", "1", "other", "--lang", "ru"])
        #expect(line.status == 0 && line.output.hasPrefix("№2: строка #1:1 "))
        let shown = try await json(run, ["show", "1"])
        let firstLine = try #require((shown["lines"] as? [[String: Any]])?.first)
        #expect(firstLine["category"] as? String == "other" && firstLine["by"] as? String == "user")
        #expect(try await run.run(["show", "1"]).output.contains("\n1.  "))

        // «Маленький принц (ИнтелБест)» is a book no rule knows (its shop decides it): «маленьк
        // прин» finds it, and --set chooses for it.
        let found = try await items(run, ["categories", "match", "маленьк", "прин"])
        #expect(found.map { $0["name"] as? String } == ["Маленький принц (ИнтелБест)"])
        let set = try await json(run, ["categories", "match", "маленьк", "прин", "--set", "kids"])
        #expect(
            set["action"] as? Int == 3 && set["kind"] as? String == "words"
                && set["names"] as? [String] == ["маленький принц интелбест"])
        #expect(
            try await run.run(["categories", "match", "маленьк"]).output.contains("no item without a choice or rule"))
        #expect(try await run.run(["stats", "--verify"]).status == 0)

        // Undone one by one, newest first, every figure is as it was.
        for number in [3, 2, 1] {
            let undone = try await run.run(["categories", "undo"])
            #expect(undone.status == 0 && undone.output.hasPrefix("Undone #\(number): "), "\(undone.output)")
        }
        #expect(try await run.run(["categories", "--json"]).output == start)
        #expect(try await run.run(["stats", "--verify"]).status == 0)
        let nothing = try await run.run(["categories", "undo"])
        #expect(nothing.status == 3 && nothing.errors.contains("there is nothing to undo"))
    }

    @Test(
        "uncertain names list their candidates best first, each with the words and a name it rests on; none is chosen until one is set (issue 50)"
    )
    func candidates() async throws {
        let folder = try TemporaryFolder()
        let run = RealReceiptsCommandTests.runner(in: folder)
        #expect(try await run.run(["import", Self.receipts]).status == 0)
        let before = try await run.run(["categories", "--json"]).output
        let uncertain =
            try await items(run, ["categories", "uncategorized", "--limit", "1000"])
            + (try await items(run, ["categories", "guesses", "--limit", "1000"]))
        let offered = uncertain.filter { $0["guess"] is [String: Any] }
        #expect(!offered.isEmpty)
        for name in offered {
            let guess = try #require(name["guess"] as? [String: Any])
            let candidates = try #require(name["candidates"] as? [[String: Any]])
            let confidences = candidates.compactMap { $0["confidence"] as? Double }
            // The first is the guess, the others follow best first.
            #expect(candidates.first?["category"] as? String == guess["category"] as? String, "\(name)")
            #expect(confidences.first == guess["confidence"] as? Double, "\(name)")
            #expect(confidences == confidences.sorted(by: >) && (1...3).contains(candidates.count), "\(name)")
            let key = Set((name["key"] as? String ?? "").split(separator: " ").map(String.init))
            for candidate in candidates {
                // Its words are the name's, and the name it learned from has the first of them.
                let words = candidate["words"] as? [String] ?? []
                #expect(Set(words).isSubset(of: key), "\(candidate)")
                let like = candidate["like"] as? [String: Any]
                #expect(words.isEmpty == (like == nil), "\(candidate)")
                if let like, let word = words.first {
                    let learned = Set((like["name"] as? String ?? "").split(separator: " ").map(String.init))
                    #expect(
                        learned.contains(word) && ["choice", "rules", "vocabulary"].contains(like["by"] as? String))
                }
            }
        }
        // Listing chose nothing.
        #expect(try await run.run(["categories", "--json"]).output == before)

        // The table shows them too, under the names, in both languages.
        let name = try #require(offered.first)
        let first = try #require((name["candidates"] as? [[String: Any]])?.first)
        let listed = try #require(name["category"] as? String) == "uncategorized" ? "uncategorized" : "guesses"
        let english = try await run.run(["categories", listed, "--limit", "1000"]).output
        #expect(english.contains("Likely categories, the likeliest first (confidence: what it rests on):"))
        #expect(english.contains("  1. ") && english.contains("(\(first["category"] as? String ?? "?")) — "))
        let russian = try await run.run(["categories", listed, "--limit", "1000", "--lang", "ru"]).output
        #expect(russian.contains("Возможные категории, самая вероятная первой"), "\(russian)")
        if let word = (first["words"] as? [String])?.first {
            #expect(english.contains("“\(word)”") && russian.contains("«\(word)»"))
        }

        // A candidate taken: the name's lines are the user's, in that category.
        let category = try #require(first["category"] as? String)
        let set = try await run.run(["categories", "set", try #require(name["name"] as? String), category])
        #expect(set.status == 0)
        #expect(try await userLines(run) == name["items"] as? Int)
    }

    @Test("the same receipts give the same guesses, imported at once or in pieces in another order")
    func deterministic() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.receipts))
        let documents = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        let folder = try TemporaryFolder()
        // The later half first, then the earlier one, each a file of its own.
        let halves = [Array(documents[46...]), Array(documents[..<46])]
        var files: [String] = []
        for (index, half) in halves.enumerated() {
            let path = folder.file("half-\(index).json")
            try JSONSerialization.data(withJSONObject: half).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        var whole = RealReceiptsCommandTests.runner(in: folder)
        whole.environment["RECEIPTS_DB"] = folder.file("whole.sqlite")
        var pieces = RealReceiptsCommandTests.runner(in: folder)
        pieces.environment["RECEIPTS_DB"] = folder.file("pieces.sqlite")
        #expect(try await whole.run(["import", Self.receipts]).status == 0)
        for file in files { #expect(try await pieces.run(["import", file]).status == 0) }
        #expect(
            try await whole.run(["categories", "--json"]).output
                == (try await pieces.run(["categories", "--json"]).output))
        #expect(
            try await whole.run(["categories", "guesses", "--limit", "1000", "--json"]).output
                == (try await pieces.run(["categories", "guesses", "--limit", "1000", "--json"]).output))
    }

    @Test("wrong input is named, exits with its code, and changes nothing")
    func wrongInput() async throws {
        let folder = try TemporaryFolder()
        let run = RealReceiptsCommandTests.runner(in: folder)
        #expect(try await run.run(["import", Self.receipts]).status == 0)
        let start = try await run.run(["categories", "--json"]).output
        let cases: [([String], Int32, String)] = [
            (["line", "1", "0", "other"], 2, "a line's number starts at 1"),
            (["line", "1", "1"], 2, "give a category, or --forget"),
            (["line", "1", "1", "other", "--forget"], 2, "give a category or --forget, not both"),
            (["line", "1", "1", "uncategorized"], 2, "“Uncategorized” cannot be chosen"),
            (["line", "1", "1", "sweets"], 2, "unknown category “sweets”"),
            (["line", "1", "999", "other"], 3, "receipt #1 has no line 999"),
            (["line", "9999", "1", "other"], 3, "receipt #9999 has no line 1"),
            (["confirm", "НЕТ ТАКОГО ТОВАРА"], 3, "no guess for “нет такого товара”"),
            (["match", "12", "/"], 2, "the words have no letters"),
            (["match", "zzzqqq", "--set", "other"], 3, "no item without a choice or rule has the words “zzzqqq”"),
            (["undo", "42"], 3, "there is no action #42"),
        ]
        for (arguments, status, message) in cases {
            let result = try await run.run(["categories"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.status) \(result.errors)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
        #expect(try await run.run(["categories", "--json"]).output == start)
    }
}
