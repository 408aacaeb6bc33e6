import PlaceSearch
import ReceiptAPI
import ReceiptCore
import ReceiptReports

/// A page of shops nearest to the browser's position, from the receipts server's places search,
/// as the page shows them: name, category, address, distance, whether it is a favourite.
struct NearbyView: Encodable {
    struct Shop: Encodable {
        let id: String
        let name: String
        let categoryName: String
        let address: String
        let distanceText: String?
        let starred: Bool
    }

    let places: [Shop]
    @NullWhenAbsent var next: String?
    @NullWhenAbsent var empty: String?

    init(_ page: PlacesPage, favourites: Set<String>, words: WebWords) {
        let language = words.language
        places = page.places.map { entry in
            Shop(
                id: entry.id, name: entry.name,
                categoryName: (Category(rawValue: entry.category) ?? .uncategorized).name(in: language),
                address: entry.address, distanceText: entry.distanceM.map { DistanceText.text($0, in: language) },
                starred: favourites.contains(entry.id))
        }
        next = page.nextCursor
        empty = page.places.isEmpty ? words.noPlaces : nil
    }
}

/// `{"id"}`: a place to star or unstar.
struct PlaceRequest: Decodable {
    let id: String
}
