import Hummingbird
import NIOPosix
import ReceiptAPI
import ReceiptCore
import ReceiptStore
import ReceiptSync

extension WebApp {
    /// Shops nearby through the receipts server's places search, and favourites. The search is a
    /// POST (the point and filter in the query): it keeps the shops found here, as `receipts places`
    /// does, and every change comes from the app's own page.
    func addPlacesRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/places") { request, _ in
            let words = Self.words(request)
            let query = request.uri.queryParameters
            guard let latitude = query["lat"].flatMap({ Double(String($0)) }),
                let longitude = query["lon"].flatMap({ Double(String($0)) }),
                let center = try? Coordinate(latitude: latitude, longitude: longitude)
            else { return try Self.json(["problem": words.badPoint], status: .badRequest) }
            guard let server = try await self.serverClient() else {
                return try Self.json(["problem": words.noServer], status: .badGateway)
            }
            let page: PlacesPage
            do throws(ClientError) {
                page = try await server.places(
                    near: center, text: query["q"].map(String.init), radius: nil,
                    cursor: query["cursor"].map(String.init))
            } catch {
                return try Self.json(["problem": error.message(in: words.language)], status: .badGateway)
            }
            let database = self.database
            let favourites = try await NIOThreadPool.singleton.runIfActive { () throws -> Set<String> in
                // Kept here as `receipts places` keeps them: found offline later, and starred.
                try database.save(
                    page.places.compactMap { entry in
                        (try? Coordinate(latitude: entry.lat, longitude: entry.lon)).map {
                            Place(
                                id: entry.id, name: entry.name, coordinate: $0,
                                category: Category(rawValue: entry.category) ?? .uncategorized, address: entry.address)
                        }
                    })
                return try database.favouritePlaceIDs()
            }
            return try Self.json(NearbyPlaces(page, favourites: favourites, words: words))
        }
        router.post("/api/places/star") { request, context in
            let choice = try await request.decode(as: PlaceChoice.self, context: context)
            let database = self.database
            let done = try await NIOThreadPool.singleton.runIfActive { try database.star(placeID: choice.id) }
            return try Self.json(["starred": done], status: done ? .ok : .notFound)
        }
        router.post("/api/places/unstar") { request, context in
            let choice = try await request.decode(as: PlaceChoice.self, context: context)
            let database = self.database
            let done = try await NIOThreadPool.singleton.runIfActive { try database.unstar(placeID: choice.id) }
            return try Self.json(["starred": !done], status: done ? .ok : .notFound)
        }
    }
}
