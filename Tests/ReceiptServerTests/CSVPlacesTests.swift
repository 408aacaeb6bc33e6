import Foundation
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptServer

/// A places CSV is RFC 4180 read on Unicode scalars: what GeoNames' `cities500` holds loads whole.
@Suite("Server: places CSV", .storageIndependent, .timeLimit(.minutes(20)))
struct CSVPlacesTests {
    @Test("a name that begins with a combining mark does not swallow the comma before it")
    func combiningMarkAfterComma() throws {
        let folder = try TemporaryFolder("csv-places")
        let file = folder.file("cities.csv")
        // GeoNames' `ِAl Taif` begins with U+0650 ARABIC KASRA; so do these, with other marks.
        let csv =
            "id,name,lat,lon,category,address\n"
            + "g1,\u{0650}Al Taif,21.27,40.41,other,\u{0301}Taif\n"
            + "g2,\u{0301}Accent,10,10,other,\n"
            + "g3,\u{200D}Joiner,11,11,other,x\n"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let places = try PlacesFile.read(file)
        #expect(places.map(\.id) == ["g1", "g2", "g3"])
        #expect(places[0].name == "\u{0650}Al Taif")
        #expect(places[0].address == "\u{0301}Taif")
        #expect(places[0].coordinate == (try Coordinate(latitude: 21.27, longitude: 40.41)))
        #expect(places[1].name.unicodeScalars.first == "\u{0301}")
    }

    @Test("quoted commas, doubled quotes and line breaks inside quotes, CRLF line ends and a BOM")
    func rfc4180() throws {
        let folder = try TemporaryFolder("csv-places")
        let file = folder.file("places.csv")
        let csv =
            "\u{FEFF}id,name,lat,lon,category,address\r\n"
            + "p1,\"Кофейня \"\"Зерно\"\"\",55.75,37.61,cafes,\"Москва, ул. Тверская, 1\"\r\n"
            + "p2,\"\u{0650}Two\r\nlines\",55.76,37.62,health,\"a \"\"b\"\", c\"\r\n"
            + "p3,Аптека,55.77,37.63,health,\r\n"
            + "p4,\"x\",1,2,other,y\r\n"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let places = try PlacesFile.read(file)
        #expect(places.map(\.id) == ["p1", "p2", "p3", "p4"])
        #expect(places[0].name == "Кофейня \"Зерно\"")
        #expect(places[0].address == "Москва, ул. Тверская, 1")
        #expect(places[1].name == "\u{0650}Two\r\nlines")
        #expect(places[1].address == "a \"b\", c")
        #expect(places[2].address.isEmpty)

        // A bad row after a quoted line break is named by the line it starts on.
        let bad = folder.file("bad.csv")
        try ("id,name,lat,lon,category,address\r\np1,\"A\r\nB\",1,1,other,\r\np2,\u{0650}C,1\r\n").write(
            toFile: bad, atomically: true, encoding: .utf8)
        #expect(throws: PlacesFileError.badRow(path: bad, line: 4, problem: .columnCount(3))) {
            try PlacesFile.read(bad)
        }
    }
}
