import Hummingbird
import ReceiptAPI
import ReceiptCore
import ReceiptStore
import ReceiptSync

/// Shops nearby through the receipts server's places search, and favourites. The search is a POST
/// (the point and filter in the query): it keeps the shops found here, as `receipts places` does,
/// and every change comes from the app's own page.
struct PlacesRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.post("/api/places") { request, context in try await nearby(RequestValues(request, context)) }
        router.post("/api/places/star") { request, context in
            try await star(try await request.decode(as: PlaceRequest.self, context: context), on: true)
        }
        router.post("/api/places/unstar") { request, context in
            try await star(try await request.decode(as: PlaceRequest.self, context: context), on: false)
        }
    }

    private func nearby(_ asked: RequestValues) async throws -> Response {
        let words = asked.words
        guard let latitude = asked.string("lat").flatMap(Double.init),
            let longitude = asked.string("lon").flatMap(Double.init),
            let center = try? Coordinate(latitude: latitude, longitude: longitude)
        else { throw WebError.badRequest(words.badPoint, field: "lat") }
        guard let server = try await app.serverClient() else { throw WebError.badGateway(words.noServer) }
        let page: PlacesPage
        do throws(ClientError) {
            page = try await server.places(
                near: center, text: asked.string("q"), radius: nil, cursor: asked.string("cursor"))
        } catch {
            throw WebError.badGateway(error.message(in: words.language))
        }
        let favourites = try await app.inDatabase { database throws -> Set<String> in
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
        return try WebApp.json(NearbyView(page, favourites: favourites, words: words))
    }

    /// Stars a place or takes its star away; 404 when it is not kept here.
    private func star(_ choice: PlaceRequest, on: Bool) async throws -> Response {
        let done = try await app.inDatabase { on ? try $0.star(placeID: choice.id) : try $0.unstar(placeID: choice.id) }
        return try WebApp.json(["starred": done == on], status: done ? .ok : .notFound)
    }
}
