import Foundation
import ReceiptCore

/// Places from CSV (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks).
enum CSVPlaces {
    static let header = ["id", "name", "lat", "lon", "category", "address"]

    static func parse(_ text: String, path: String) throws(PlacesFileError) -> [Place] {
        let records: [DelimitedText.Record]
        do {
            records = try DelimitedText.records(text)
        } catch {
            throw .badRow(path: path, line: error.line, problem: .unterminatedQuote)
        }
        guard let first = records.first,
            first.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) == header
        else { throw .badHeader(path: path, found: records.first?.fields.joined(separator: ",") ?? "") }
        var places: [Place] = []
        var seen: [String: Int] = [:]
        for record in records.dropFirst() {
            let (line, fields) = (record.line, record.fields)
            if fields.count == 1, fields[0].trimmingCharacters(in: .whitespaces).isEmpty { continue }
            do throws(PlacesFileError.Problem) {
                guard fields.count == header.count else { throw .columnCount(fields.count) }
                let values = fields.map { $0.trimmingCharacters(in: .whitespaces) }
                let place = try PlacesFile.place(
                    id: values[0], name: values[1], lat: Double(values[2]), lon: Double(values[3]), category: values[4],
                    address: values[5])
                if let earlier = seen[place.id] { throw .duplicateID(place.id, firstLine: earlier) }
                seen[place.id] = line
                places.append(place)
            } catch {
                throw .badRow(path: path, line: line, problem: error)
            }
        }
        return places
    }
}
