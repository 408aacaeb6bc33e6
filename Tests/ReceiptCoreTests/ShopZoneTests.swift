import ReceiptCore
import Testing

@Suite("The shop's clock: the region code, else the address, else Moscow time, assumed", .timeLimit(.minutes(20)))
struct ShopZoneTests {
    /// Addresses as real receipts print them (Tests/Fixtures: real-receipts, real-names/raw and the
    /// import fixtures), with the region and what named it.
    @Test(
        "the region an address names: its postcode first, then a region or a city named as one",
        arguments: [
            ("630132, г.Новосибирск, ул.Нарымская, 31", 54, ShopZone.Source.postcode),
            ("54 - Новосибирская область, 630032, Новосибирск г, Горский мкр, 60", 54, .postcode),
            ("680038, 27 - Хабаровский край, г.о. город Хабаровск, г Хабаровск,, ул Серышева, Дом 22", 27, .postcode),
            ("454000, 74, г.Челябинск, р-н Курчатовский, пр-кт Новоградский, 58;", 74, .postcode),
            ("641150, Курганская обл, Целинный р-н, Целинное с, Советская ул, дом № 62а", 45, .postcode),
            ("109316, Москва, Волгоградский проспект, 42, к 9", 77, .postcode),
            ("143002,М.О.г.Одинцово,ул.Маршала Неделина,д.6А", 50, .postcode),
            ("г.Санкт-Петербург, 192281, ул Будапештская, д. 83/39, литера А, пом. 2-Н", 78, .postcode),
            // No postcode: a city after «г», a region named as one, a city's name alone.
            ("г. Владимир пр-кт Ленина д.65", 33, .address), ("Новосибирская обл, Искитим, ул Ленина 1", 54, .address),
            ("Респ Алтай, с Майма, ул Энергетиков 9", 4, .address), ("Алтайский край, Бийск", 22, .address),
            ("Сахалинская обл, Холмск", 65, .address), ("Санкт-Петербург", 78, .address),
            ("Новосибирск г, Горский мкр, 60", 54, .address),
        ] as [(String, Int, ShopZone.Source)])
    func regions(address: String, region: Int, source: ShopZone.Source) {
        let read = RegionClock.region(ofAddress: address)
        #expect(read?.region == region && read?.source == source, "\(address)")
    }

    @Test(
        "a street or an avenue named after a city, a mall, a web address name no region",
        arguments: [
            "Волгоградский проспект, 42", "ул. Новосибирская, 15", "ТЦ Мега, 2 этаж", "https://www.wildberries.ru/", "",
        ])
    func noRegion(address: String) {
        #expect(RegionClock.region(ofAddress: address) == nil, "\(address)")
    }

    static func time(_ iso: String) throws -> LocalDateTime { try LocalDateTime(iso: iso) }

    @Test(
        "a region's offset as its clocks stood at the time: Novosibirsk at UTC+6 until July 2016, Volgograd at UTC+4 in 2019"
    )
    func history() throws {
        // Novosibirsk moved from UTC+6 to UTC+7 on 24 July 2016; Volgograd to UTC+4 on 28 October
        // 2018 and back on 27 December 2020; Moscow has been at UTC+3 since 26 October 2014.
        #expect(RegionClock.offsetMinutes(region: 54, at: try Self.time("2016-06-01T12:00:00")) == 360)
        #expect(RegionClock.offsetMinutes(region: 54, at: try Self.time("2016-08-01T12:00:00")) == 420)
        #expect(RegionClock.offsetMinutes(region: 34, at: try Self.time("2019-06-01T12:00:00")) == 240)
        #expect(RegionClock.offsetMinutes(region: 34, at: try Self.time("2021-06-01T12:00:00")) == 180)
        #expect(RegionClock.offsetMinutes(region: 77, at: try Self.time("2024-12-23T18:05:00")) == 180)
        #expect(RegionClock.offsetMinutes(region: 99, at: try Self.time("2024-12-23T18:05:00")) == nil)
        #expect(RegionClock.offsetMinutes(region: "54") == 420 && RegionClock.offsetMinutes(region: "054") == 420)
    }

    @Test("the region code first, then the address, else Moscow time said to be assumed")
    func zone() throws {
        let december = try Self.time("2024-12-23T18:05:00")
        let address = "630132, г.Новосибирск, ул.Нарымская, 31"
        #expect(
            ShopZone(region: "27", address: address, at: december)
                == ShopZone(offsetMinutes: 600, source: .region, region: 27))
        #expect(
            ShopZone(region: "99", address: address, at: december)
                == ShopZone(offsetMinutes: 420, source: .postcode, region: 54))
        #expect(
            ShopZone(region: nil, address: nil, at: december)
                == ShopZone(offsetMinutes: 180, source: .assumed, region: nil))
        #expect(ShopZone(region: nil, address: address, at: december).text(in: .russian) == "UTC+7 (по индексу)")
        #expect(ShopZone(region: "54", address: nil, at: december).text(in: .english) == "UTC+7 (region code 54)")
        #expect(
            ShopZone(region: nil, address: "", at: december).text(in: .russian)
                == "UTC+3 (предположено: московское время)")
    }
}
