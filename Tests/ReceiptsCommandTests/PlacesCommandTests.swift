import Foundation
import ReceiptTesting
import Testing

@Suite("receipts places", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct PlacesCommandTests {
    static func places(_ output: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return object?["places"] as? [[String: Any]] ?? []
    }

    @Test("nearest places from the server, pages, text, radius, offline, favourites, history")
    func places() async throws {
        let server = try await DemoServerProcess(receipts: 10)
        let run = server.runner()
        let first = try await run.run(["places", "--lat", "55.7558", "--lon", "37.6173", "--json"])
        #expect(first.status == 0)
        let page1 = try Self.places(first.output)
        #expect(page1.count == 50)
        #expect(first.output.contains(#""nextPage":2"#))
        let distances = page1.compactMap { $0["distance_m"] as? Double }
        #expect(distances == distances.sorted() && distances.count == 50)
        let second = try Self.places(
            try await run.run(["places", "--near", "55.7558,37.6173", "--page", "2", "--json"]).output)
        #expect(
            Set(second.compactMap { $0["id"] as? String }).isDisjoint(with: page1.compactMap { $0["id"] as? String }))
        #expect((second.first?["distance_m"] as? Double ?? 0) >= (distances.last ?? .infinity))

        let filtered = try Self.places(
            try await run.run(["places", "--near", "55.7558,37.6173", "--query", "пятер", "--radius", "2km", "--json"])
                .output
        )
        #expect(!filtered.isEmpty && filtered.allSatisfy { $0["name"] as? String == "Пятёрочка" })
        #expect(filtered.allSatisfy { ($0["distance_m"] as? Double ?? .infinity) <= 2000 })

        // What was shown is known offline, and can be starred.
        var offlineRun = run
        offlineRun.environment["RECEIPTS_SERVER"] = "http://127.0.0.1:9"
        let offline = try Self.places(
            try await offlineRun.run(["places", "--near", "55.7558,37.6173", "--offline", "--json"]).output)
        #expect(offline.map { $0["id"] as? String } == page1.map { $0["id"] as? String })
        let id = try #require(page1.first?["id"] as? String)
        #expect(try await run.run(["places", "star", id]).status == 0)
        let table = try await run.run(["places", "--near", "55.7558,37.6173"])
        #expect(table.output.contains("★ "))
        let favourites = try Self.places(try await offlineRun.run(["places", "--starred", "--json"]).output)
        #expect(favourites.map { $0["id"] as? String } == [id])
        #expect(try await run.run(["places", "unstar", id]).status == 0)
        #expect(try await run.run(["places", "unstar", id]).status == 3)
        #expect(try await run.run(["places", "star", "no-such-place"]).status == 3)
        let unknown = try await run.run(["places", "unstar", "no-such-place"])
        #expect(unknown.status == 3 && unknown.errors.contains("unknown place no-such-place"))
        #expect(try await run.run(["history"]).output.contains("пятер"))
    }

    @Test("missing or invalid coordinates say how to give them")
    func coordinates() async throws {
        let missing = try await CommandRunner().english().run(["places", "--query", "dns"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("--lat 55.7558 --lon 37.6173 or --near 55.7558,37.6173"))
        let wrong = try await CommandRunner().russian().run(["places", "--lat", "95", "--lon", "10"])
        #expect(wrong.status == 2)
        #expect(wrong.errors.contains("--near 55.7558,37.6173"))
        #expect(try await CommandRunner().english().run(["places", "--near", "1,2", "--radius", "far"]).status == 2)
    }

    @Test("negative coordinates are values, not options: south and west of the equator and Greenwich")
    func negativeCoordinates() async throws {
        let server = try await DemoServerProcess(receipts: 10)
        let run = server.runner()
        let ways = [
            ["places", "--lat", "-33.92", "--lon", "-70.5", "--json"],
            ["places", "--near", "-33.92,-70.5", "--json"],
            ["places", "search", "--near=-33.92,-70.5", "--json"],
            ["--lang", "ru", "places", "--lon", "-70.5", "--lat", "-33.92", "--json"],
        ]
        var answers: [[String?]] = []
        for arguments in ways {
            let result = try await run.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            answers.append(try Self.places(result.output).map { $0["id"] as? String })
        }
        #expect(answers.allSatisfy { $0 == answers[0] } && answers[0].count == 50)
        // Far from every demo shop (Moscow): thousands of kilometres away, measured from the south-west.
        let table = try await run.run(["places", "--near", "-33.92,18.42", "--lang", "ru"])
        #expect(table.status == 0 && table.output.contains(" км"))
        let wrong = try await run.run(["places", "--lat", "-95", "--lon", "-70.5"])
        #expect(wrong.status == 2 && wrong.errors.contains("--near 55.7558,37.6173"))
    }
}
