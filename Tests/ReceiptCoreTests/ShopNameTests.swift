import ReceiptCore
import Testing

/// Shop names as real receipts print them (Tests/Fixtures/real-receipts): an address, a region's
/// number and an address, a store code, a floor of a mall, a bare word.
@Suite("Shops named as people know them", .timeLimit(.minutes(20)))
struct ShopNameTests {
    static let brands = ["7825706086": "Пятёрочка", "7704218694": "METRO"]

    static func name(_ place: String?, seller: String? = nil, inn: String? = nil, address: String? = nil) -> String? {
        ShopName.of(retailPlace: place, seller: seller, sellerINN: inn, address: address, brand: { brands[$0] })
    }

    @Test(
        "a printed shop name that names a shop is kept",
        arguments: ["Лента", "SPAR", "Магнит у дома", "Кафе «Ромашка»"])
    func keeps(place: String) {
        #expect(Self.name(place, seller: "ООО \"ЛЕНТА\"", inn: "7825706086") == place)
    }

    /// The names issue 47 found among the 151 real receipts of issue 29's sources, and their fixes.
    @Test(
        "a web address, a phone, an INN or a run of spaces is never a name; a name of three letters yields to the chain"
    )
    func neverNames() {
        // Беркут's station prints «ГРМ»; without a chain it stays.
        #expect(Self.name("ГРМ", seller: "ООО \"Беркут", inn: "7704218694") == "METRO")
        #expect(Self.name("ГРМ", seller: "ООО \"Беркут", inn: "5402141201") == "ГРМ")
        // A site: its name, before the seller's legal name.
        #expect(Self.name("https://www.wildberries.ru/", seller: "ООО \"ВАЙЛДБЕРРИЗ\"") == "Wildberries")
        #expect(Self.name("ozon.ru", seller: "ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ \"ИНТЕРНЕТ РЕШЕНИЯ\"") == "Ozon")
        // A shop name with sites after it: the bare word left yields to the chain, else the seller.
        #expect(
            Self.name("Аптека,a-plus.ru,aptekiplus.ru", seller: "ООО \"Архи-Мед\"", inn: "7825706086") == "Пятёрочка")
        #expect(Self.name("Аптека,a-plus.ru,aptekiplus.ru", seller: "ООО \"Архи-Мед\"") == "Архи-Мед")
        #expect(Self.name("Магазин  Магнит  Гречанка") == "Магазин Магнит Гречанка")
        #expect(Self.name(nil, seller: "RESERVED т.8 (499) 653-55-65 д. 6912225") == "RESERVED")
        #expect(Self.name(nil, seller: "7734675810") == nil)
        #expect(ShopName.cleaned("  Пятёрочка ,  тел. +7 (812) 555-12-34 ") == "Пятёрочка")
    }

    @Test(
        "an address, a hall, a store code or a bare word gives way to the brand of the seller's INN",
        arguments: [
            "630007, Новосибирская область, г. Новосибирск, пер. Фабричный, д. 11",
            "54 - Новосибирская область, 630032, Новосибирск г, Горский мкр, 60", "Торговый зал 1", "ТЦ 1060",
            "37S0 26151-Пятерочка", "385H; 18300 - Пятерочка;", "ТЦ \"Голден Парк\", Этаж № 2, Детский мир", "Магазин",
            "", "  ",
        ])
    func brand(place: String) {
        #expect(Self.name(place, seller: "ООО \"АГРОТОРГ\"", inn: "7825706086") == "Пятёрочка")
    }

    @Test(
        "a chain's shops are told apart by the street and house their addresses print",
        arguments: [
            ("630049, Новосибирская область, г. Новосибирск, ул. Северная, д.11", "ул. Северная, д.11"),
            ("630132, г.Новосибирск, ул.Нарымская, 31", "ул.Нарымская, 31"),
            ("109316, Москва, Волгоградский проспект, 42, к 9", "Волгоградский проспект, 42"),
            ("641150, Курганская обл, Целинный р-н, Целинное с, Советская ул, дом № 62а", "Советская ул, дом № 62а"),
            ("630032,г.Новосибирск, мкр Горский,д.60,место № 2", "мкр Горский, д.60"),
            ("г. Владимир пр-кт Ленина д.65", "пр-кт Ленина д.65"), ("г. Улан-Удэ ул. Ленина, 5", "ул. Ленина, 5"),
            ("Санкт-Петербург", nil),
        ] as [(String, String?)])
    func street(address: String, street: String?) {
        #expect(ShopName.street(of: address) == street, "\(address)")
    }

    @Test("the same as the address is no name")
    func sameAsAddress() {
        #expect(Self.name("ул. Ленина 5", inn: "7704218694", address: "УЛ. ЛЕНИНА 5") == "METRO")
        #expect(Self.name("Дом книги", inn: "7704218694", address: "Дом книги") == "METRO")
    }

    @Test("without a brand, the seller without its legal form and quotes")
    func seller() {
        #expect(
            Self.name(
                "Торговый зал 1", seller: "ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ \"ИНТЕРНЕТ РЕШЕНИЯ\"", inn: "1")
                == "ИНТЕРНЕТ РЕШЕНИЯ")
        #expect(ShopName.withoutLegalForm("ООО \"ЛЕНТА\"") == "ЛЕНТА")
        #expect(ShopName.withoutLegalForm("АО «ТАНДЕР»") == "ТАНДЕР")
        #expect(ShopName.withoutLegalForm("ИП Иванов Иван Иванович") == "Иванов Иван Иванович")
        #expect(ShopName.withoutLegalForm("Публичное акционерное общество \"Детский мир\"") == "Детский мир")
        // A name that only begins like a legal form keeps it.
        #expect(ShopName.withoutLegalForm("АОСТА") == "АОСТА")
        #expect(ShopName.withoutLegalForm("ИПОТЕКА ЦЕНТР") == "ИПОТЕКА ЦЕНТР")
        // Nothing better: the printed code rather than nothing.
        #expect(Self.name("ТЦ 1060") == "ТЦ 1060")
        #expect(Self.name(nil) == nil)
    }
}

/// The key the shop caches are keyed by: several printed texts together.
@Suite("A key of several texts", .timeLimit(.minutes(20)))
struct ByteKeyJoiningTests {
    @Test("texts split differently give different keys; the same texts, equal keys")
    func joining() {
        // Joined with a separator, ("7701\n", "ул. Ленина") and ("7701", "\nул. Ленина") would be
        // one key; each text preceded by its length, they are two.
        #expect(ByteKey(joining: ["7701\n", "ул. Ленина"]) != ByteKey(joining: ["7701", "\nул. Ленина"]))
        #expect(ByteKey(joining: ["", "ab"]) != ByteKey(joining: ["a", "b"]))
        #expect(ByteKey(joining: ["7701", "ул. Ленина, 5"]) == ByteKey(joining: ["7701", "ул. Ленина, 5"]))
        // A length of several digits: 12 bytes then 0, against 1 byte then "2:" and 10 more.
        let long = String(repeating: "я", count: 6)
        #expect(ByteKey(joining: [long, ""]).text == "12:\(long)0:")
    }
}
