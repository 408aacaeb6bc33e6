import Foundation
import HTTPTypes
import PlaceSearch
import ReceiptAPI
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptServer

@Suite("Server: places", .timeLimit(.minutes(20)))
struct PlacesTests {
    @Test("nearest first across pages, filtered by text and radius, as brute force says")
    func search() async throws {
        try await ServerHarness.run { server in
            let summary = try await server.server.seedDemo(
                seed: 5, until: try LocalDateTime(iso: "2025-01-31T12:00:00"), receiptCount: 10)
            #expect(summary.places >= 2_000)
            let all = try await server.server.storage.places()
            let center = try Coordinate(latitude: 55.7601, longitude: 37.6186)
            let client = server.client()

            var received: [PlaceEntry] = []
            var cursor: String?
            repeat {
                let query =
                    "/api/v1/places?lat=55.7601&lon=37.6186&q=%D0%BF%D1%8F%D1%82%D0%B5%D1%80"
                    + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.get(query).decode(PlacesPage.self)
                #expect(page.places.count <= 50)
                received += page.places
                cursor = page.nextCursor
            } while cursor != nil
            // "пятер" finds Пятёрочка (ё = е), and nothing else.
            let expected = all.filter { $0.name == "Пятёрочка" }
                .map { ($0.id, GreatCircle.distance(center, $0.coordinate)) }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            #expect(received.map(\.id) == expected.map(\.0))
            #expect(received.count > 100)

            let near = try await client.get("/api/v1/places?lat=55.7601&lon=37.6186&radius=1500&limit=100").decode(
                PlacesPage.self)
            let within = all.filter { GreatCircle.distance(center, $0.coordinate) <= 1500 }.count
            #expect(near.places.count == min(100, within))
            #expect(near.places.allSatisfy { ($0.distanceM ?? .infinity) <= 1500 })
            let latin = try await client.get("/api/v1/places?lat=55.7601&lon=37.6186&q=dns&limit=5").decode(
                PlacesPage.self)
            #expect(latin.places.allSatisfy { $0.name == "DNS" } && latin.places.count == 5)

            let page = try await client.get("/api/v1/places?lat=55.7601&lon=37.6186").decode(PlacesPage.self)
            let other = try await client.get(
                "/api/v1/places?lat=55.7&lon=37.6186&cursor=\(try #require(page.nextCursor))")
            #expect(other.status == .badRequest)
        }
    }

    @Test("places load from CSV and GeoJSON; a bad row is named by its line")
    func files() throws {
        let temporary = try TemporaryFolder("places")
        let folder = temporary.path
        let csv = folder + "/places.csv"
        try #"""
        id,name,lat,lon,category,address
        p1,"Кофейня ""Зерно""",55.75,37.61,cafes,"Москва, ул. Тверская, 1"
        p2,Аптека,55.76,37.62,health,
        """#.write(toFile: csv, atomically: true, encoding: .utf8)
        let places = try PlacesFile.read(csv)
        #expect(places.map(\.name) == ["Кофейня \"Зерно\"", "Аптека"])
        #expect(places[0].address == "Москва, ул. Тверская, 1")
        #expect(places[1].category == .health)

        let bad = folder + "/bad.csv"
        try "id,name,lat,lon,category,address\np1,A,55,37,cafes,x\np2,B,95,37,cafes,y\n".write(
            toFile: bad, atomically: true, encoding: .utf8)
        #expect(
            throws: PlacesFileError.badRow(
                path: bad, line: 3, problem: .badCoordinate("latitude 95.0 is outside −90…90"))
        ) {
            try PlacesFile.read(bad)
        }
        try "id,name,lat,lon,category,address\np1,A,55,37,bakery,x\n".write(
            toFile: bad, atomically: true, encoding: .utf8)
        let error = try #require(throws: PlacesFileError.self) { try PlacesFile.read(bad) }
        #expect(error.message(in: .english).contains("line 2: unknown category “bakery”"))
        try "name,lat\n".write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(throws: PlacesFileError.badHeader(path: bad, found: "name,lat")) { try PlacesFile.read(bad) }

        let geojson = folder + "/places.geojson"
        try """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [37.61, 55.75]},
           "properties": {"id": 17, "name": "Магазин", "category": "groceries", "address": "Москва"}}]}
        """.write(toFile: geojson, atomically: true, encoding: .utf8)
        let features = try PlacesFile.read(geojson)
        #expect(features.map(\.id) == ["17"])
        #expect(features[0].coordinate == (try Coordinate(latitude: 55.75, longitude: 37.61)))
        try """
        {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "LineString",
          "coordinates": [[0, 0], [1, 1]]}, "properties": {"id": "x", "name": "y"}}]}
        """.write(toFile: geojson, atomically: true, encoding: .utf8)
        #expect(throws: PlacesFileError.self) { try PlacesFile.read(geojson) }
    }

    @Test("loaded places are searchable at once")
    func loadIntoServer() async throws {
        try await ServerHarness.run { server in
            let folder = try TemporaryFolder("places")
            let file = folder.file("places.csv")
            try "id,name,lat,lon,category,address\nx1,Ёлка,10,10,other,\n".write(
                toFile: file, atomically: true, encoding: .utf8)
            #expect(try await server.server.loadPlaces(from: file) == 1)
            let page = try await server.client().get("/api/v1/places?lat=10&lon=10&q=%D0%B5%D0%BB").decode(
                PlacesPage.self)
            #expect(page.places.map(\.id) == ["x1"])
            #expect(page.places[0].distanceM == 0)
        }
    }
}
