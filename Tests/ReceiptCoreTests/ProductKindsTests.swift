import ReceiptCore
import Testing

@Suite("Product kinds: what a shopper compares across brands and shops", .timeLimit(.minutes(20)))
struct ProductKindsTests {
    static func kind(_ name: String) -> String? { ProductKinds.kind(ofKey: ItemName.key(name))?.id }

    /// The drinking-milk lines of djavid/CheckCalories's real history, as the tills printed them.
    @Test(
        "every printed form of drinking milk is one kind, whatever its fat, brand or abbreviation",
        arguments: [
            "Молоко 1%,шт", "МОЛОKО ПАСТ 2.5% 1.4", "МОЛОKО 3,2% 0,5Л ПЛ", "МОЛОKО ПАСТ 3,4..4,5",
            "4601662002379 МОЛОКО УЛЬТРАПАСТ.ПА", "Молоко 2,5%,шт", "МОЛОКО ПРОСТОКВАШИНО ОТБОРНОЕ",
            "4690228004018 МОЛОКО ДОМИК В ДЕРЕВ", "Молоко цельное в бутылке,шт", "3173204 ПРОСТ.Мол.ул/паст.3,2% 950мл",
            "3638760 ЦАРКА Молоко паст.3,2% 1000г", "ЧЕБАРКУЛЬ Мол.ОТБ.3,8% м/у 1л",
        ])
    func milk(name: String) {
        #expect(Self.kind(name) == "milk", "\(name)")
    }

    @Test(
        "what is made of a kind, or merely tastes of it, is not that kind",
        arguments: [
            ("СЫРОK ГЛ СГУЩ МОЛ50Г", "curd-snack"), ("3638770 NELLY Молочн.шокол./мол.нач100г", "chocolate"),
            ("Kуркума молотая, 10 г,шт", nil), ("Сырок творожный со сгущенным молоком,шт", "curd-snack"),
            ("Пирожок с яблоком 100г ЦМ", nil), ("Азу из говядины 75/250", nil), ("Сухарики Хрустим Сметана", nil),
            ("Рогулька с зел.луком и яйцом 80г ЦМ", nil), ("Kитекат пауч Kурица в Желе 85г", nil),
            ("Каша гречневая с морковью", nil), ("БАТОНЧИК ОТРУБНОЙ НАР.380/400Г", nil),
            // A milk chocolate bar with a milk filling is chocolate, not milk; a cone with a chocolate
            // topping, chiabatta with salmon, potato kebabs and coffee with a doughnut are none of theirs.
            ("Рожок с шокол топингом 60г", nil), ("Чиабатта ржаная с лососем", nil), ("Люля из картофеля", nil),
            ("КОФЕ + ПОНЧИК", nil), ("*3651951 САДОК Сем.Огурец Обильный", nil),
            // Seen on a history never tuned on (Cash-check, Петрозаводск): a plum and a plum jam are no
            // cream, a nectarine no nectar, a dairy dessert no milk, cream cheese no cottage cheese, a
            // Karelian pie no potatoes, a canteen's pasta dish and a crab paste no pasta; «сг» is
            // condensed.
            ("Слива красная вес 1кг", nil), ("Джем МАХЕЕВЪ Сливовый 300г", nil), ("Нектарины вес 1кг", nil),
            ("Десерт мол ЧУДО Перс/Груша 4,2% 100г", nil), ("Сыр творожный Хохланд Сливочный 60% 220г", nil),
            ("Калитка картофельная", nil), ("Макароны по-флотски (50,0253; 18.04.2023)", nil),
            ("БАЛТИЙСКИЙ БЕРЕГ Паста снежный краб клас/соусе 1", nil),
            ("АЛЕКСЕЕВСКОЕ Молоко цел сг с сах ГОСТ 8,5% 270г", "condensed-milk"), ("СЛИВ.20%480Г ДВД", "cream"),
            ("Сыр ВЕЛИКОЛУКС МОЛ КОМБ Эдам 45% вес 1кг", "cheese"),
            // Seen while reading families on the labelled names: celery is no herring, grapes no
            // wine, a nut spread no pasta.
            ("Сельдерей стебель", nil), ("Виноград Киш-миш зел.", nil), ("NUTELLA Паста орех.350г", nil),
        ] as [(String, String?)])
    func notTheKind(name: String, kind: String?) {
        #expect(Self.kind(name) == kind, "\(name)")
    }

    /// Pairs of real printed names (djavid/CheckCalories, Cash-check, the labelled names of
    /// Tests/Fixtures/real-names) and whether a shopper would call them one product.
    @Test(
        "one product across chains: the kind, the variant and the brand's words, as tills cut them",
        arguments: [
            // Простоквашино's ultra-pasteurised 3.2 % milk at two chains; Чебаркуль's «ОТБ.» is «отборное».
            ("3173204 ПРОСТ.Мол.ул/паст.3,2% 950мл", "Молоко ПРОСТОКВАШИНО у/паст. 3,2% 950мл", true),
            ("ЧЕБАРКУЛЬ Мол.ОТБ.3,8% м/у 1л", "Молоко Чебаркуль отборное 3,8% 1 л", true),
            // Славмо's 2.5 % in a film bag and in a Pure-Pak box; its sour cream in a cup by two names.
            ("СЛАВМО Мол.паст.2,5% 1000г ОАО  Славмо", "Молоко паст 2,5% 1000г п/пак (Славмо)", true),
            ("славмо сметана 15% пл/ст", "Сметана СЛАВМО 15% ст", true),
            // An egg's grade and a juice's fruit are other products; nectar is not juice.
            ("Яйцо куриное Роскар С0", "Яйцо куриное Роскар С1", false),
            ("Нектар Добрый персик-яблоко", "Нектар Добрый мультифрукт", false),
            ("Сок Добрый яблоко", "Нектар Добрый яблоко", false),
            // Another fat; cherry tomatoes; a whopper and a bacon burger of the same size.
            ("Молоко Славмо паст. 2,5% 1400г", "Молоко Славмо паст. 3,5% 1400г", false),
            ("Томаты черри на ветке", "Томаты на ветке", false), ("Воппер Джуниор", "Беконайзер Джуниор", false),
            // Milk «паст 2,5%» at two chains is any milk: how it was made names no product.
            ("МОЛОКО ПАСТ 2,5% 1Л", "Молоко пастеризованное 2,5% 1500г.", false),
        ] as [(String, String, Bool)])
    func family(first: String, second: String, same: Bool) {
        let families = [first, second].map { ProductKinds.family(ofKey: ItemName.key($0)) }
        #expect((families[0] != nil && families[0] == families[1]) == same, "\(families)")
    }

    @Test(
        "eating out, socks and beer as Росстат lists them: a fast-food burger, wrap or hot dog; a pair of socks",
        arguments: [
            ("Воппер Джуниор", "fast-food"), ("БоксМастерИзТостераОР СЛ", "fast-food"),
            ("ХОТ-ДОГ КУРИНЫЙ", "fast-food"),
            ("БИГ МАК", "fast-food"), ("НОСKИ ЖЕН.35-42", "socks"), ("4605664002702 ПИВНОЙ НАП.МИЛЛЕР ДР", "beer"),
            // A combo, a bun or sausages for hot dogs, a burger with a glass of beer are none of these.
            ("ДВОЙНОЙ БИГМАК СКОМБО", nil), ("Булочки для хот-дога", nil), ("Сосиски для хот-догов", nil),
            ("Фиш-Бургер \"Владивосток\":С бокалом пива", nil), ("Кинг Бокс", nil),
        ] as [(String, String?)])
    func eatingOut(name: String, kind: String?) {
        #expect(Self.kind(name) == kind, "\(name)")
    }

    @Test(
        "Аква Минерале is drinking water, as its label says; a mineral water is one",
        arguments: [
            ("4600494506024 ВОДА ПИТ.АКВА МИНЕРА", "drinking-water"), ("АКВА МИНЕРАЛЕ 0,5Л", "drinking-water"),
            ("БОНАKВА НЕГАЗ 2Л", "drinking-water"), ("ВОДА МИНЕРАЛЬНАЯ", "mineral-water"),
            ("НАРЗ.М/В.0,5ПР.ГАЗ Э", "mineral-water"),
        ])
    func water(name: String, kind: String) {
        #expect(Self.kind(name) == kind, "\(name)")
    }

    @Test(
        "a brand may stand between what a thing is and what it is made of: oat flakes «Нордик»",
        arguments: [
            ("6416597838409 ХЛОПЬЯ НОРДИК ОВСЯНЫ", "oat-flakes"), ("_500Г ХЛОПЬЯ ОВСЯНЫЕ НОРДИК", "oat-flakes"),
            ("ХЛОПЬЯ ОВС-РЖ.НОРДИK", "oat-flakes"), ("Хлопья Ясно Солнышко овсяные №3 500г", "oat-flakes"),
            // Corn flakes, and a biscuit of oat flakes, are not.
            ("ХЛОПЬЯ КУКУРУЗНЫЕ НЕСКВИК", nil), ("Печенье хлопья овсяные 300г", nil),
        ] as [(String, String?)])
    func brandBetween(name: String, kind: String?) {
        #expect(Self.kind(name) == kind, "\(name)")
    }

    @Test(
        "fuel by its grade, however the till writes it; a pump's number and the class are no part of it",
        arguments: [
            ("АИ-95-К5", "petrol-95"), ("ТРК 1 АИ-95 -K5", "petrol-95"), ("Бензин АИ-92(АИ-92-К5)", "petrol-92"),
            ("ai-95", "petrol-95"), ("АИ95", "petrol-95"), ("ТРК №3 Топливо дизельное ЭКТО Diesel (ДТ-Л-К5)", "diesel"),
            ("ДТ-З-К5 (ТРК 1)", "diesel"), ("ГАЗ(суг) Колонка 2", "autogas"), ("аи92 сбер", "petrol-92"),
        ] as [(String, String)])
    func fuel(name: String, kind: String) {
        #expect(Self.kind(name) == kind, "\(name)")
    }

    @Test("the words people type find a kind: its name in either language, or its grade folded as names are")
    func words() {
        func found(_ text: String) -> [String] {
            ProductKinds.kinds(matching: SearchText.words(text), key: ItemName.key(text)).map(\.id)
        }
        #expect(found("аи-95") == ["petrol-95"] && found("АИ95") == ["petrol-95"] && found("ai-95") == ["petrol-95"])
        #expect(found("молоко").contains("milk") && found("milk").contains("milk"))
        #expect(found("яйца") == ["eggs"])
        #expect(found("нечто") == [])
    }

    /// Worked out by hand: a line's price at the kind's level.
    @Test("a line priced at its kind's level: eggs per ten, milk sold by weight per litre, a loaf with no weight none")
    func kindPrice() throws {
        let eggs = try #require(ProductKinds.kind(id: "eggs"))
        // 10 eggs at 89.90: 899 a piece (8990 × 1000 / 10000, rounded) → 8990 per ten; 20 eggs bought
        // are 20000 thousandths of a piece → 2000 thousandths of ten.
        let pack = UnitPrice.LinePrice(unit: .piece, kopecks: 899, thousandths: 20_000)
        #expect(eggs.price(of: pack, countKnown: true)! == (8_990, 2_000))
        #expect(eggs.price(of: pack, countKnown: false) == nil, "a pack with no count says nothing of an egg")
        let milk = try #require(ProductKinds.kind(id: "milk"))
        // 1000 g of milk at 58.20 is 58.20 a kilogram: a litre, 1 g taken as 1 ml.
        let byWeight = UnitPrice.LinePrice(unit: .kilogram, kopecks: 5_820, thousandths: 1_000)
        #expect(milk.price(of: byWeight, countKnown: false)! == (5_820, 1_000))
        #expect(milk.assumesDensity(for: .kilogram) && !milk.assumesDensity(for: .litre))
        #expect(
            milk.price(of: UnitPrice.LinePrice(unit: .piece, kopecks: 6_990, thousandths: 1_000), countKnown: false)
                == nil)
        #expect(milk.perText(in: .russian) == "за литр" && eggs.perText(in: .english) == "per 10 pieces")
    }

    @Test("headings as people read them: the till's codes and padding gone, the letters as printed")
    func headings() {
        #expect(ItemName.heading("4690228004018 МОЛОКО ДОМИК В ДЕРЕВ") == "МОЛОКО ДОМИК В ДЕРЕВ")
        #expect(ItemName.heading("  *3383916 ALP.GOLD Шок.мол.фундук 90г") == "ALP.GOLD Шок.мол.фундук 90г")
        #expect(ItemName.heading("31903#БЕНЗИН АИ-95-К5") == "БЕНЗИН АИ-95-К5")
        #expect(ItemName.heading("15344                 БАНАНЫ 1КГ") == "БАНАНЫ 1КГ")
        #expect(ItemName.heading("[M] Йогурт высокобелковый 2,1%") == "Йогурт высокобелковый 2,1%")
        #expect(ItemName.heading("12345") == "12345", "a name of digits alone stays")
    }

    @Test("every kind has names in both languages, a unit Rosstat's list gives, and a pattern")
    func catalogue() {
        #expect(ProductKinds.all.count >= 60)
        #expect(Set(ProductKinds.all.map(\.id)).count == ProductKinds.all.count, "identifiers are unique")
        for kind in ProductKinds.all {
            #expect(!kind.russian.isEmpty && !kind.english.isEmpty && !kind.rosstat.isEmpty, "\(kind.id)")
        }
    }
}
