import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@testable import ReceiptWeb

/// The categories page's lists over 92 real receipts of 2018 (Tests/Fixtures/real-names/raw), as
/// `receipts categories uncategorized` and `guesses` give them.
@Suite("receipts web: categories offered as candidates with their reasons, none chosen", .timeLimit(.minutes(20)))
struct WebCategoriesTests {
    static let receipts = Repository.url(
        "Tests/Fixtures/real-names/raw/djavid+CheckCalories__app__src__main__res__raw__checks.json")

    @Test(
        "each uncertain name lists the classifier's candidates best first with reasons in the page's language; one click on one saves it (issue 50)"
    )
    func candidates() async throws {
        let folder = try TemporaryFolder("web-categories")
        let database = try ReceiptDatabase.open(
            at: folder.file("receipts.sqlite"), rules: try CategoryRuleSet.standard(configFolder: nil))
        let app = WebApp(settings: WebSettings(host: "127.0.0.1", port: 0), database: database)
        let file = ByteBuffer(bytes: try Data(contentsOf: Self.receipts))
        try await app.withPage { page in
            let imported = try await page.execute(
                uri: "/api/import/file?lang=en&name=checks.json", method: .post,
                headers: [.contentType: "application/json"], body: file)
            #expect(imported.status == .ok)
            var offered: [(list: String, name: [String: Any])] = []
            for list in ["uncategorized", "guessed"] {
                let answer = try WebInsightsTests.Page.json(try await page.get("/api/categories/\(list)?lang=ru"))
                for name in answer["names"] as? [[String: Any]] ?? [] where name["guess"] is String {
                    offered.append((list, name))
                }
            }
            #expect(!offered.isEmpty)
            // The same candidates as the store gives (one piece of code for the page and the terminal).
            let stored = try database.withCandidates(
                try database.names(in: .uncategorized, limit: 50) + database.guessedNames(limit: 50))
            for (_, name) in offered {
                let candidates = try #require(name["candidates"] as? [[String: Any]])
                #expect(candidates.first?["category"] as? String == name["guess"] as? String, "\(name)")
                let expected = try #require(stored.first { $0.name == name["name"] as? String })
                #expect(candidates.map { $0["category"] as? String } == expected.candidates.map(\.category.rawValue))
                #expect(
                    candidates.map { $0["reason"] as? String }
                        == expected.candidates.map { $0.reasonText(in: .russian) })
                // In Russian: a percentage, then the words in «», or that only parts of words are alike.
                for candidate in candidates {
                    let reason = candidate["reason"] as? String ?? ""
                    #expect(
                        reason.contains(" %: слов") || reason.contains(" %: похожи части слов"), "\(reason)")
                    #expect(
                        candidate["name"] as? String
                            == Category(rawValue: candidate["category"] as? String ?? "")?
                            .name(in: .russian))
                }
            }
            // The second candidate of a name clicked (the first if it has one only): the name's lines
            // are the user's choice, in that category, and the name leaves the list.
            let (list, name) = try #require(offered.first)
            let candidates = try #require(name["candidates"] as? [[String: Any]])
            let picked = try #require(candidates.dropFirst().first ?? candidates.first)
            let category = try #require(picked["category"] as? String)
            let label = try #require(name["name"] as? String)
            let body = try JSONSerialization.data(withJSONObject: ["name": label, "category": category])
            let chosen = try await page.post("/api/categories/choice", String(decoding: body, as: UTF8.self))
            #expect(chosen.status == .ok)
            let after = try WebInsightsTests.Page.json(try await page.get("/api/categories/\(list)?lang=ru"))
            #expect(!(after["names"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == label })
            let key = ItemName.key(label)
            let moved = try database.names(in: try #require(Category(rawValue: category)), limit: 1_000)
            #expect(moved.contains { $0.key == key })
        }
    }
}
