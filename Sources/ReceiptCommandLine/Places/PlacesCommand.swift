import ArgumentParser
import Foundation
import PlaceSearch
import ReceiptAPI
import ReceiptCore
import ReceiptReports
import ReceiptStore
import ReceiptSync

/// `receipts places`: shops nearest to a point; favourites.
struct PlacesCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "places", abstract: HelpText.placesAbstract,
            subcommands: [
                PlacesSearchCommand.self, FavouriteCommand<Starring>.self, FavouriteCommand<Unstarring>.self,
            ],
            defaultSubcommand: PlacesSearchCommand.self)
    }
}

/// `receipts places [search] --lat LAT --lon LON [--query TEXT] [--radius 2km] [--page N]`.
struct PlacesSearchCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "search", abstract: HelpText.placesSearchAbstract, discussion: HelpText.placesDiscussion)
    }

    @OptionGroup(title: HelpText.globalOptionsTitle) var global: GlobalOptions
    @Option(parsing: .unconditional, help: ArgumentHelp(HelpText.latHelp, valueName: HelpText.latitudeValue))
    var lat: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp(HelpText.lonHelp, valueName: HelpText.longitudeValue))
    var lon: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp(HelpText.nearHelp, valueName: HelpText.pointValue))
    var near: String?
    @Option(help: ArgumentHelp(HelpText.placesQueryHelp, valueName: HelpText.textValue)) var query: String?
    @Option(help: ArgumentHelp(HelpText.radiusHelp, valueName: HelpText.distanceValue)) var radius: String?
    @Option(help: ArgumentHelp(HelpText.placesPageHelp, valueName: HelpText.countValue)) var page = 1
    @Flag(help: ArgumentHelp(HelpText.offlineHelp)) var offline = false
    @Flag(help: ArgumentHelp(HelpText.starredHelp)) var starred = false
    @Flag(help: ArgumentHelp(HelpText.jsonHelp)) var json = false

    func validate() throws {
        if !starred { _ = try center() }
        if let radius, Self.metres(radius) == nil { throw ValidationError(HelpText.badRadius(radius)) }
        if page < 1 { throw ValidationError(HelpText.badPage) }
    }

    /// The point to search around, from `--lat`/`--lon` or `--near`.
    func center() throws -> Coordinate {
        var latitude = lat
        var longitude = lon
        if let near {
            let parts = near.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let a = parts[0], let b = parts[1] else {
                throw ValidationError(HelpText.howToGiveCoordinates)
            }
            (latitude, longitude) = (a, b)
        }
        guard let latitude, let longitude, let point = try? Coordinate(latitude: latitude, longitude: longitude) else {
            throw ValidationError(HelpText.howToGiveCoordinates)
        }
        return point
    }

    /// `2km`, `1.5km`, `500m` or plain metres.
    static func metres(_ text: String) -> Double? {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        let (number, scale): (Substring, Double) =
            lowered.hasSuffix("km")
            ? (lowered.dropLast(2), 1000)
            : lowered.hasSuffix("км")
                ? (lowered.dropLast(2), 1000)
                : lowered.hasSuffix("m") || lowered.hasSuffix("м") ? (lowered.dropLast(), 1) : (Substring(lowered), 1)
        guard let value = Double(number.replacingOccurrences(of: ",", with: ".")), value > 0, value.isFinite else {
            return nil
        }
        return value * scale
    }

    func run() async throws {
        let console = Console(global)
        let words = console.words
        // Places read from the database alone create none; the server's answer is kept in it.
        let local = offline || starred
        let database = try global.openDatabase(createIfMissing: !local, rules: local ? .unused : .categorizes)
        let favourites = try database.favouritePlaceIDs()
        let radiusMetres = radius.flatMap(Self.metres)
        var hits: [(place: Place, distance: Double?)] = []
        var hasMore = false
        if starred {
            let known = try database.places().filter { favourites.contains($0.id) }
            if let point = try? center() {
                let index = PlaceIndex(known)
                hits = index.search(
                    PlaceQuery(center: point, text: query ?? "", radius: radiusMetres, limit: max(1, known.count))
                )
                .hits.map { ($0.place, $0.distance) }
            } else {
                hits = known.sorted { $0.name < $1.name }.map { ($0, nil) }
            }
        } else if offline {
            let index = PlaceIndex(try database.places())
            var placeQuery = PlaceQuery(center: try center(), text: query ?? "", radius: radiusMetres)
            for _ in 1..<page {
                guard let next = index.search(placeQuery).next else { break }
                placeQuery.after = next
            }
            let result = index.search(placeQuery)
            hits = result.hits.map { ($0.place, $0.distance) }
            hasMore = result.next != nil
        } else {
            let client = try Connection(global).client()
            var cursor: String?
            var result = PlacesPage(places: [], nextCursor: nil)
            for number in 1...page {
                result = try await client.places(near: try center(), text: query, radius: radiusMetres, cursor: cursor)
                cursor = result.nextCursor
                if cursor == nil, number < page {
                    result = PlacesPage(places: [], nextCursor: nil)
                    break
                }
            }
            hasMore = result.nextCursor != nil
            let places = try result.places.map { entry in
                Place(
                    id: entry.id, name: entry.name,
                    coordinate: try Coordinate(latitude: entry.lat, longitude: entry.lon),
                    category: Category(rawValue: entry.category) ?? .uncategorized, address: entry.address)
            }
            // Kept locally: --offline finds them, and they can be starred.
            try database.save(places)
            hits = zip(places, result.places).map { ($0, $1.distanceM) }
        }
        if let query, !query.isEmpty { try database.remember(search: query, filters: SearchFilters()) }

        if json {
            console.output(try JSONOutput.encode(PlacesJSON(hits: hits, nextPage: hasMore ? page + 1 : nil)))
            return
        }
        guard !hits.isEmpty else {
            console.output(words.noPlaces)
            return
        }
        // On a narrow terminal the address and the name are cut (to 16 cells), then the category left out;
        // the distance and the id (for `places star`) stay whole.
        var table = TextTable(rightAligned: [0], cut: [3, 1], optional: [2])
        table.minimumCut = 16
        for (place, distance) in hits {
            let mark = favourites.contains(place.id) ? "★ " : ""
            table.append([
                distance.map(words.distance) ?? "", mark + place.name, place.category.name(in: words.language),
                place.address, "[\(place.id)]",
            ])
        }
        console.output(table.render(width: Console.width))
        if hasMore { console.note(words.nextPage(page + 1)) }
    }
}

/// `{"places": [{"id", "name", "lat", "lon", "category", "address", "distance_m"}], "nextPage"}`.
struct PlacesJSON: Encodable {
    let places: [PlaceEntry]
    @NullWhenAbsent var nextPage: Int?

    init(hits: [(place: Place, distance: Double?)], nextPage: Int?) {
        places = hits.map { PlaceEntry($0.place, distance: $0.distance) }
        self.nextPage = nextPage
    }
}
