import Foundation
import ReceiptCore

/// Places from CSV (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks).
enum CSVPlaces {
    static let header = ["id", "name", "lat", "lon", "category", "address"]

    static func parse(_ text: String, path: String) throws(PlacesFileError) -> [Place] {
        let records: [(line: Int, fields: [String])]
        do {
            records = try rows(text)
        } catch {
            throw .badRow(path: path, line: error.line, problem: .unterminatedQuote)
        }
        guard let first = records.first,
            first.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) == header
        else { throw .badHeader(path: path, found: records.first?.fields.joined(separator: ",") ?? "") }
        var places: [Place] = []
        var seen: [String: Int] = [:]
        for (line, fields) in records.dropFirst() {
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

    struct UnterminatedQuote: Error {
        let line: Int
    }

    /// The records with the line each starts on, read on Unicode scalars: a name that begins with a
    /// combining mark (GeoNames' `ِAl Taif`) would otherwise join the comma before it into one Character.
    static func rows(_ text: String) throws(UnterminatedQuote) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var line = 1
        var recordLine = 1
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.append("\"")
                        scalars = scalars.dropFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
            case "\n", "\r":
                if scalar == "\r", scalars.first == "\n" { scalars = scalars.dropFirst() }
                fields.append(String(field))
                records.append((recordLine, fields))
                fields = []
                field = String.UnicodeScalarView()
                line += 1
                recordLine = line
            default: field.append(scalar)
            }
        }
        if quoted { throw UnterminatedQuote(line: recordLine) }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(String(field))
            records.append((recordLine, fields))
        }
        return records
    }
}
