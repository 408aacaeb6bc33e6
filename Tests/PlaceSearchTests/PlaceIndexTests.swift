import PlaceSearch
import ReceiptCore
import Testing

@Suite("Place search", .timeLimit(.minutes(20)))
struct PlaceIndexTests {
    static func places(count: Int, seed: UInt64, around center: (Double, Double)? = nil) -> [Place] {
        var random = SeededRandom(seed: seed)
        let names = ["Пятёрочка", "Перекрёсток", "Кофе Хауз", "DNS", "Fix Price", "Ёлки-Палки"]
        return (0..<count).map { index in
            let lat =
                center.map { $0.0 + Double.random(in: -0.2...0.2, using: &random) }
                ?? Double.random(in: -90...90, using: &random)
            let lon =
                center.map { $0.1 + Double.random(in: -0.2...0.2, using: &random) }
                ?? Double.random(in: -180...180, using: &random)
            return Place(
                id: "p\(index)", name: names[index % names.count],
                coordinate: Coordinate(clampingLatitude: lat, longitude: lon),
                category: .other, address: "")
        }
    }

    static func bruteForce(_ places: [Place], _ query: PlaceQuery) -> [String] {
        let words = PlaceText.words(query.text)
        return places.filter { PlaceText.matches(query: words, name: PlaceText.words($0.name)) }
            .map { ($0.id, GreatCircle.distance(query.center, $0.coordinate)) }
            .filter { $0.1 <= (query.radius ?? .infinity) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .map(\.0)
    }

    static func allPages(_ index: PlaceIndex, _ query: PlaceQuery) -> [String] {
        var query = query
        var ids: [String] = []
        while true {
            let page = index.search(query)
            ids += page.hits.map(\.place.id)
            guard let next = page.next else { return ids }
            query.after = next
        }
    }

    @Test("pages in order equal brute force on random and clustered sets, with and without text and radius")
    func matchesBruteForce() throws {
        for (seed, cluster) in [(1, nil), (2, (55.75, 37.61)), (3, (0.0, 179.9)), (4, (89.9, 0.0))]
            as [(UInt64, (Double, Double)?)]
        {
            let places = Self.places(count: 700, seed: seed, around: cluster)
            let index = PlaceIndex(places)
            let center = Coordinate(clampingLatitude: cluster?.0 ?? 10, longitude: cluster?.1 ?? 20)
            for query in [
                PlaceQuery(center: center, limit: 50),
                PlaceQuery(center: center, text: "пятер", limit: 30),
                PlaceQuery(center: center, text: "ЕЛКИ", limit: 7),
                PlaceQuery(center: center, text: "fix pr", limit: 50),
                PlaceQuery(center: center, radius: 15_000, limit: 20),
            ] {
                #expect(Self.allPages(index, query) == Self.bruteForce(places, query), "seed \(seed) \(query.text)")
            }
        }
    }

    @Test("distances are right across the antimeridian and at the poles")
    func geometry() throws {
        let east = try Coordinate(latitude: 0, longitude: 179.999)
        let west = try Coordinate(latitude: 0, longitude: -179.999)
        #expect(abs(GreatCircle.distance(east, west) - 222.4) < 1)
        let pole = try Coordinate(latitude: 90, longitude: 0)
        let alsoPole = try Coordinate(latitude: 90, longitude: 135)
        #expect(GreatCircle.distance(pole, alsoPole) < 1e-6)
        let moscow = try Coordinate(latitude: 55.7558, longitude: 37.6173)
        let petersburg = try Coordinate(latitude: 59.9343, longitude: 30.3351)
        #expect(abs(GreatCircle.distance(moscow, petersburg) - 634_000) < 2_000)
    }

    @Test("words are matched by prefix, ignoring case, in both scripts, ё as е")
    func text() {
        #expect(PlaceText.words("Кофейня «Ёжик» №5") == ["кофейня", "ежик", "5"])
        #expect(PlaceText.matches(query: PlaceText.words("еж коф"), name: PlaceText.words("Кофейня «Ёжик»")))
        #expect(!PlaceText.matches(query: PlaceText.words("фейня"), name: PlaceText.words("Кофейня")))
        #expect(PlaceText.matches(query: [], name: PlaceText.words("Anything")))
        #expect(PlaceText.matches(query: PlaceText.words("KOFE"), name: PlaceText.words("Kofe House")))
        // Folded as receipts and items are (SearchText): Latin letters lose their diacritics, a
        // decomposed й is the letter it shows.
        #expect(PlaceText.matches(query: PlaceText.words("cafe"), name: PlaceText.words("Café Pouchkine")))
        #expect(PlaceText.words("Café") == SearchText.words("Café"))
        #expect(PlaceText.matches(query: PlaceText.words("йог"), name: PlaceText.words("И\u{306}огурт-бар")))
    }

    @Test("a replaced place is found under its new name only")
    func upsert() throws {
        var index = PlaceIndex(Self.places(count: 3, seed: 9))
        let place = Place(
            id: "p1", name: "Новое имя", coordinate: try Coordinate(latitude: 1, longitude: 1), category: .other,
            address: "")
        index.insert(place)
        #expect(index.count == 3)
        let hits = index.search(PlaceQuery(center: try Coordinate(latitude: 1, longitude: 1), text: "новое")).hits
        #expect(hits.map(\.place.id) == ["p1"])
    }
}

@Suite("Place search, larger sets", .timeLimit(.minutes(20)))
struct PlaceIndexScaleTests {
    @Test("30,000 clustered places: the tree with a text filter, pages and radius agree with brute force")
    func largeClustered() throws {
        var places: [Place] = []
        for (index, city) in [(55.75, 37.61), (59.93, 30.33), (-33.87, 151.21), (64.0, -179.95), (0.0, 0.0)]
            .enumerated()
        {
            places += PlaceIndexTests.places(count: 6_000, seed: UInt64(100 + index), around: city)
                .map {
                    Place(
                        id: "c\(index)-" + $0.id, name: $0.name, coordinate: $0.coordinate, category: $0.category,
                        address: "")
                }
        }
        let index = PlaceIndex(places)
        for (lat, lon) in [(55.7, 37.5), (64.0, 179.99), (10.0, 10.0), (-89.0, 0.0)] {
            let center = Coordinate(clampingLatitude: lat, longitude: lon)
            for query in [
                PlaceQuery(center: center, limit: 50),
                PlaceQuery(center: center, text: "пятер", limit: 50),
                PlaceQuery(center: center, text: "f", limit: 40),
                PlaceQuery(center: center, radius: 5_000, limit: 50),
            ] {
                var capped = query
                var pages = 0
                var ids: [String] = []
                while pages < 4 {
                    let page = index.search(capped)
                    ids += page.hits.map(\.place.id)
                    pages += 1
                    guard let next = page.next else { break }
                    capped.after = next
                }
                let expected = Array(PlaceIndexTests.bruteForce(places, query).prefix(ids.count))
                #expect(ids == expected, "\(lat),\(lon) \(query.text) \(query.radius ?? 0)")
            }
        }
    }

    @Test("places added and replaced one by one after the build are found, old versions are not")
    func incremental() throws {
        var places = PlaceIndexTests.places(count: 5_000, seed: 7, around: (55.75, 37.61))
        var index = PlaceIndex(places)
        var random = SeededRandom(seed: 99)
        for step in 0..<3_000 {
            let replace = step % 3 == 0
            let id = replace ? "p\(Int.random(in: 0..<5_000, using: &random))" : "new\(step)"
            let place = Place(
                id: id, name: ["Новый", "Пятёрочка", "Cofix"][step % 3],
                coordinate: Coordinate(
                    clampingLatitude: 55.75 + Double.random(in: -0.3...0.3, using: &random),
                    longitude: 37.61 + Double.random(in: -0.3...0.3, using: &random)),
                category: .other, address: "")
            index.insert(place)
            if let existing = places.firstIndex(where: { $0.id == id }) {
                places[existing] = place
            } else {
                places.append(place)
            }
        }
        #expect(index.count == places.count)
        let center = try Coordinate(latitude: 55.8, longitude: 37.7)
        for text in ["", "нов", "пятер", "cofix"] {
            let query = PlaceQuery(center: center, text: text, limit: 100)
            #expect(
                index.search(query).hits.map(\.place.id)
                    == Array(PlaceIndexTests.bruteForce(places, query).prefix(100)), "\(text)")
        }
    }
}

@Suite("Place search, radius edges", .timeLimit(.minutes(20)))
struct PlaceRadiusEdgeTests {
    @Test("a place exactly at the radius is in; a hair further is out, through the tree and the text index alike")
    func edges() throws {
        let center = try Coordinate(latitude: 55.7558, longitude: 37.6173)
        var places = PlaceIndexTests.places(count: 5_000, seed: 31, around: (55.75, 37.61))
        let edge = Place(
            id: "edge", name: "Редкое Имя", coordinate: try Coordinate(latitude: 55.7658, longitude: 37.6273),
            category: .other,
            address: "")
        places.append(edge)
        let index = PlaceIndex(places)
        let distance = GreatCircle.distance(center, edge.coordinate)
        for text in ["", "редкое"] {
            let inside = index.search(PlaceQuery(center: center, text: text, radius: distance, limit: 5_001)).hits
            #expect(inside.last?.place.id == "edge" || inside.contains { $0.place.id == "edge" }, "\(text)")
            #expect(inside.allSatisfy { $0.distance <= distance })
            let outside = index.search(PlaceQuery(center: center, text: text, radius: distance.nextDown, limit: 5_001))
                .hits
            #expect(!outside.contains { $0.place.id == "edge" }, "\(text)")
            #expect(
                inside.count
                    == PlaceIndexTests.bruteForce(places, PlaceQuery(center: center, text: text, radius: distance))
                    .count)
        }
    }
}
