import Foundation
import PlaceSearch
import ReceiptCore

// The words of `receipts places` and its subcommands, in Russian and English.
extension HelpText {
    // MARK: places [search]
    static var placesAbstract: String { pick("Магазины рядом и избранные.", "Shops nearby, and favourites.") }
    static var placesSearchAbstract: String {
        pick(
            "Ближайшие магазины к точке, с фильтром по названию.",
            "The shops nearest to a point, optionally filtered by name.")
    }
    static var placesDiscussion: String {
        pick(
            "Точка: --lat и --lon или --near \"55.7558,37.6173\". Без --query — просто ближайшие. --offline ищет среди "
                + "магазинов из локальных чеков и уже показанных. Избранные: receipts places star КОД, --starred.",
            "The point: --lat and --lon or --near \"55.7558,37.6173\". Without --query, the nearest places. --offline "
                + "searches the places of local receipts and those shown before. Favourites: receipts places star ID, --starred."
        )
    }
    static var latHelp: String { pick("Широта, −90…90.", "Latitude, −90…90.") }
    static var lonHelp: String { pick("Долгота, −180…180.", "Longitude, −180…180.") }
    static var nearHelp: String { pick("Точка «широта,долгота».", "The point as “lat,lon”.") }
    static var placesQueryHelp: String { pick("Начала слов названия.", "Beginnings of the name's words.") }
    static var radiusHelp: String {
        pick("Не дальше, например 2км или 500м.", "No farther than, for example 2km or 500m.")
    }
    static var offlineHelp: String {
        pick("Искать без сети, среди известных магазинов.", "Search offline, among known places.")
    }
    static var starredHelp: String { pick("Только избранные.", "Favourites only.") }
    static func badRadius(_ text: String) -> String {
        pick(
            "«\(text)» — не расстояние; пишите 2km, 500m или число метров",
            "“\(text)” is not a distance; write 2km, 500m or metres")
    }
    static var latitudeValue: String { pick("широта", "lat") }
    static var longitudeValue: String { pick("долгота", "lon") }
    static var pointValue: String { pick("широта,долгота", "lat,lon") }
    static var distanceValue: String { pick("расстояние", "distance") }
    static var placesPageHelp: String { pick("Страница по 50 магазинов (с 1).", "Page of 50 places (from 1).") }

    // MARK: places star, places unstar

    static var starAbstract: String { pick("Добавить магазин в избранные.", "Add a place to the favourites.") }
    static var unstarAbstract: String { pick("Убрать магазин из избранных.", "Remove a place from the favourites.") }
    static var placeIDHelp: String {
        pick("Идентификатор магазина (в квадратных скобках в списке).", "The place's id (in brackets in listings).")
    }
    static var placeIDValue: String { pick("код", "id") }
    static var howToGiveCoordinates: String {
        pick(
            "нужна точка: --lat 55.7558 --lon 37.6173 или --near 55.7558,37.6173 (широта −90…90, долгота −180…180)",
            "give the point: --lat 55.7558 --lon 37.6173 or --near 55.7558,37.6173 (latitude −90…90, longitude −180…180)"
        )
    }
}

extension Words {
    var noPlaces: String { pick("Ничего рядом не найдено.", "No places found.") }
    func distance(_ metres: Double) -> String { DistanceText.text(metres, in: language) }

    func unknownPlace(_ id: String) -> String {
        pick(
            "магазин \(id) неизвестен: сначала найдите его через receipts places",
            "unknown place \(id): find it with receipts places first")
    }
    func notStarred(_ id: String) -> String { pick("\(id) не в избранных", "\(id) is not a favourite") }
    func starred(_ id: String) -> String { pick("\(id) в избранных.", "\(id) is a favourite now.") }
    func unstarred(_ id: String) -> String {
        pick("\(id) убран из избранных.", "\(id) is no longer a favourite.")
    }
}
