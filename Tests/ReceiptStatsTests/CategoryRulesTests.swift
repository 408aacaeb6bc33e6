import Foundation
import ReceiptCore
import ReceiptStats
import ReceiptStore
import ReceiptTesting
import Testing

@Suite("Category rules", .timeLimit(.minutes(20)))
struct CategoryRulesTests {
    @Test(
        "names are normalised: case, ё, `*`, padding, punctuation, weights and volumes; fat, grades and «без» stay",
        arguments: [
            ("МОЛОКО ПАСТ.3,2% 930МЛ", "молоко паст 3,2%"),
            ("*Молоко паст. 3.2%  0,93 л", "молоко паст 3,2%"),
            ("  МОЛОКО   ПАСТ 3,2 % 930 МЛ ", "молоко паст 3,2%"),
            ("ИБУПРОФЕН ТАБ.200МГ N50", "ибупрофен таб"),
            ("ОГУРЦЫ СРЕДНЕПЛ.ВЕС", "огурцы среднепл"),
            ("СВЁКЛА 1КГ", "свекла"),
            ("4607001234567 КЕФИР 2,5% 900Г", "кефир 2,5%"),
            ("СМЕТАНА 15% 300Г", "сметана 15%"),
            ("СМЕТАНА 20% 300Г", "сметана 20%"),
            // The real petrol receipt's line, and the same fuel at another pump.
            ("АИ-92-К5(СБЕР)                         ТРК 12", "аи92 сбер"),
            ("АИ-92-К5 (СБЕР) ТРК 3", "аи92 сбер"),
            ("Бензин АИ-95-К5", "бензин аи95"),
            ("ДТ-Л-К5 ТРК 1", "дт л"),
            ("0,449Л ЭН НАП BURN ПЕРСИК/МАНГО Б/САХАРА Ж/Б", "эн нап burn персик манго без сахара ж б"),
            // Ашан prints a Latin K inside Cyrillic words, Вкусвилл a Latin capital; Latin words stay.
            ("МОЛОKО ПАСТ.3,2% 930МЛ", "молоко паст 3,2%"),
            ("Kефир 1% 900г", "кефир 1%"),
            ("KIWI GOLD", "kiwi gold"),
            ("123", ""),
        ])
    func normalisation(printed: String, key: String) {
        #expect(ItemName.key(printed) == key)
    }

    @Test("the shipped rules place the printer's abbreviations; the longest pattern wins")
    func shipped() throws {
        let rules = try CategoryRuleSet.standard(configFolder: nil)
        let expected: [(String, Category)] = [
            ("МОЛОКО ПАСТ.3,2% 930МЛ", .groceries), ("КАРТОФЕЛЬ МЫТЫЙ ВЕС", .groceries),
            ("КАРТОФЕЛЬ ФРИ СТАНД.", .cafes), ("ЧАЙ ЧЕРН.ЛИСТ.100Г", .groceries), ("ЭЛ.ЧАЙНИК 1,7Л", .electronics),
            ("ТАБАК ДЛЯ КАЛЬЯНА", .alcoholTobacco), ("ИБУПРОФЕН ТАБ.200МГ N50", .health), ("АИ-95 ЭКТО", .fuel),
            ("SIM-КАРТА", .telecom), ("КАРТА ПАМЯТИ MICROSD 64ГБ", .electronics),
            ("ПОПОЛНЕНИЕ КАРТЫ ТРОЙКА", .transport), ("КОРМ СУХ.Д/КОШЕК 1,5КГ", .pets),
            ("ПАКЕТЫ Д/МУСОРА 60Л", .household), ("ПАКЕТ-МАЙКА", .groceries),
        ]
        for (name, category) in expected {
            #expect(rules.category(forKey: ItemName.key(name)) == category, "\(name)")
        }
        #expect(rules.category(forKey: ItemName.key("ЗАГАДОЧНЫЙ ТОВАР")) == nil)
    }

    @Test(
        "a short pattern takes only its own product, not the food or the thing whose name begins the same",
        arguments: [
            // `термос` is not termostatic kefir, `шлиф` is not polished rice.
            ("КЕФИР ТЕРМОСТАТНЫЙ 2,5% 450Г", Category.groceries), ("ТЕРМОС 1Л НЕРЖ.", .household),
            ("РИС КРУГЛОЗЕРНЫЙ ШЛИФ. 800Г", .groceries), ("Рис шлифованный 900г", .groceries),
            ("ШЛИФМАШИНА УГЛОВАЯ", .household),
            // `полусух` is a wine's, not a dry sausage's.
            ("КОЛБАСА ПОЛУСУХАЯ 300Г", .groceries), ("ВИНО КР. П/СУХ. 0,75Л", .alcoholTobacco),
            ("ВИНО ПОЛУСУХОЕ КРАСНОЕ 0,75Л", .alcoholTobacco),
            // `паста` alone is pasta or tomato paste; toothpaste says so.
            ("ПАСТА ЗУБНАЯ СПЛАТ 100МЛ", .beauty), ("Паста томатная 70г", .groceries),
            ("ПАСТА ФУЗИЛЛИ 400Г", .groceries),
            // `крем` is a cream, not a cream soup or a dessert bowl.
            ("СУП-КРЕМ ГРИБНОЙ 250Г", .cafes), ("КРЕМ Д/РУК 75МЛ", .beauty), ("КРЕМАНКА СТЕКЛО", .household),
            // `табак` is tobacco, not a chicken or a duckling «табака».
            ("УТЁНОК ТАБАКА", .groceries), ("ЦЫПЛЁНОК ТАБАКА 1КГ", .groceries),
            ("ТАБАК Д/КАЛЬЯНА 50Г", .alcoholTobacco),
            // A vodka's brand is not the sausage of the same name.
            ("КОЛБАСА СТОЛИЧНАЯ В/К", .groceries), ("СТОЛИЧНАЯ 40% 0,5Л", .alcoholTobacco),
            ("КОЛБАСА ЦАРСКАЯ В/К 300Г", .groceries), ("ЦАРСКАЯ ЗОЛОТАЯ 40% 0,5Л", .alcoholTobacco),
            // Blusher is not a ruddy loaf; a pharmacy's tincture is not a liquor; a poke bowl is not poker.
            ("ХЛЕБ РУМЯНЫЙ 300Г", .groceries), ("НАСТОЙКА ПЕРЦОВКА 35% 0,5Л", .alcoholTobacco),
            ("НАСТОЙКА ПУСТЫРНИКА 25МЛ ФЛ.", .health), ("ПОКЕР НАБОР ФИШЕК", .entertainment),
            ("СУШИЛЬНАЯ МАШИНА", .electronics),
            // Kitchen tools named after the food they handle are not that food.
            ("КОФЕМОЛКА", .electronics), ("СЫРОРЕЗКА", .household), ("КАРТОФЕЛЕЧИСТКА", .household),
        ])
    func shortPatterns(printed: String, category: Category) throws {
        #expect(try Self.shipped(printed) == category)
    }

    @Test(
        "a word cut short is a beginning of the whole word, not only that cut",
        arguments: [
            ("БАСТУРМА 100Г", Category.groceries), ("ПАХЛАВА МЕДОВАЯ 250Г", .groceries),
            ("СОДА КАЛЬЦИНИРОВАННАЯ 600Г", .household), ("НЕВАЛЯШКА", .kids), ("ВИДЕОКАМЕРА", .electronics),
            ("ГЛЮКОЗА ТАБ. 1Г N10", .health),
            // Food, not the cleaning shelf nor the pharmacy's acids; a paper bag at the till carries the trip.
            ("ЛИМОННАЯ КИСЛОТА 50Г", .groceries), ("ПАКЕТ БУМАЖНЫЙ", .groceries),
        ])
    func truncations(printed: String, category: Category) throws {
        #expect(try Self.shipped(printed) == category)
    }

    @Test(
        "the shipped rules follow the labelling convention of LABELS.md",
        arguments: [
            // Bags: a single one at the till goes with the trip, a pack is household.
            ("ПАКЕТ ФАСОВОЧНЫЙ", Category.groceries), ("ПАКЕТЫ ФАСОВОЧНЫЕ 24Х37 100ШТ", .household),
            ("ПАКЕТ ПОДАРОЧНЫЙ", .household), ("ЛАНЧ БОКС", .household), ("ЗАЖИГАЛКА BIC", .household),
            // Wipes: personal ones are beauty, babies' are the children's, cleaning ones household.
            ("ВЛАЖНЫЕ САЛФЕТКИ 15ШТ", .beauty), ("ВЛАЖНЫЕ САЛФЕТКИ ДЕТСКИЕ 64ШТ", .kids),
            ("САЛФЕТКИ ВЛАЖНЫЕ Д/УБОРКИ", .household), ("ВАТНЫЕ ДИСКИ 120ШТ", .beauty),
            // Food is food whoever eats it; baby purées and formula are the children's.
            ("СОК ДЕТСКИЙ ЯБЛОКО 0,2Л", .groceries), ("СОК ФРУТОНЯНЯ ЯБЛОКО 200МЛ", .groceries),
            ("ПЮРЕ АГУША ЯБЛОКО 90Г", .kids), ("СМЕСЬ NUTRILON 1 350Г", .kids),
            // Children's clothes are the children's.
            ("ТРУСЫ ДЛЯ МАЛЬЧИКОВ 2ШТ", .kids), ("ФУТБОЛКА ДЕТСКАЯ", .kids), ("ФУТБОЛКА МУЖСКАЯ", .clothing),
            // An ale is a beer whatever fruit is in it; a ginger ale is not.
            ("ЭЛЬ С МАЛИНОЙ И ЛИМОНОМ 0,5", .alcoholTobacco), ("ИМБИРНЫЙ ЭЛЬ 0,33", .groceries),
            // Deposits and gift cards are other.
            ("ЗАЛОГ ЗА КЕГ", .other), ("КАРТА ПОДАРОЧНАЯ ЗОЛОТОЕ ЯБЛОКО", .other),
        ])
    func convention(printed: String, category: Category) throws {
        #expect(try Self.shipped(printed) == category)
    }

    /// The category the shipped rules give a name as a till prints it.
    private static func shipped(_ printed: String) throws -> Category? {
        try CategoryRuleSet.standard(configFolder: nil).category(forKey: ItemName.key(printed))
    }

    @Test("the user's file wins over the shipped one, whatever the lengths; expressions work too")
    func userFirst() throws {
        let rules = try CategoryRuleSet(texts: [
            ("user", "Развлечения: молок\npets: ~^корм .*кош"),
            ("shipped", try CategoryRuleSet.shippedText()),
        ])
        #expect(rules.category(forKey: "молоко паст") == .entertainment)
        #expect(rules.category(forKey: "корм сух д кошек") == .pets)
        #expect(rules.category(forKey: "кефир") == .groceries)
    }

    @Test("a choice beats the rules, the rules beat the shop, the shop beats uncategorized")
    func precedence() throws {
        let folder = try TemporaryFolder()
        let database = try StatsFixture.database(in: folder)
        _ = try database.choose(.other, forItemNamed: "Сигареты с фильтром")
        let january = try database.categoryTotals().filter { $0.month.description == "2026-01" }
        #expect(
            Dictionary(uniqueKeysWithValues: january.map { ($0.category, $0.total.kopecks) })
                == [.groceries: 32_485, .other: 19_900])
        #expect(try database.names(in: .uncategorized).map(\.key) == ["что то странное"])
    }

    @Test("a quoted pattern is whole words in a row, folded as names are; an unquoted one word beginnings")
    func quoted() throws {
        let rules = try CategoryRuleSet(texts: [
            ("mine", "groceries: \"нап\", \"с/м\", \"пиво б/а\"\nalcohol_tobacco: пиво, \"нап вин\"\nhousehold: молот")
        ])
        // `нап` is a word of `нап сокосодерж`, not of `напиток` (which no pattern begins).
        #expect(rules.category(forKey: ItemName.key("НАП.СОКОСОДЕРЖ. 1Л")) == .groceries)
        #expect(rules.category(forKey: ItemName.key("НАПИТОК")) == nil)
        // `С/М` folds to `с м`: the two words in a row, not `с` and then some `м…` word later.
        #expect(rules.category(forKey: ItemName.key("КРЕВЕТКИ С/М 500Г")) == .groceries)
        #expect(rules.category(forKey: ItemName.key("СОК МАНГО")) == nil)
        // «пиво без а» (11 characters with its spaces) is longer than «пиво» (4): it wins.
        #expect(rules.category(forKey: ItemName.key("ПИВО Б/А СВЕТЛОЕ 0,45Л")) == .groceries)
        #expect(rules.category(forKey: ItemName.key("ПИВО СВЕТЛОЕ 0,45Л")) == .alcoholTobacco)
        // «нап вин» (7) is longer than «нап» (3).
        #expect(rules.category(forKey: ItemName.key("НАП ВИН ВЕРМ CINZANO")) == .alcoholTobacco)
        #expect(rules.category(forKey: ItemName.key("МОЛОТОК 500Г")) == .household)
        #expect(throws: CategoryRulesError.emptyPattern("\"123\"", location: "mine:1")) {
            try CategoryRuleSet(texts: [("mine", "groceries: \"123\"")])
        }
    }

    @Test("the classifier learns a quoted pattern as its words, without the spaces it is matched with")
    func quotedExamples() throws {
        let rules = try CategoryRuleSet(texts: [("mine", "groceries: \"с/м\", \"пиво б/а\", молок\npets: ~^корм")])
        #expect(rules.examples.map(\.key) == ["с м", "пиво без а", "молок"])
        #expect(rules.examples.map(\.category) == [.groceries, .groceries, .groceries])
        let shipped = try CategoryRuleSet.standard(configFolder: nil).examples
        #expect(shipped.count > 1_000)
        #expect(shipped.allSatisfy { !$0.key.isEmpty && $0.key == $0.key.trimmingCharacters(in: .whitespaces) })
    }

    @Test("a pattern that cannot match, or that a pattern of another category takes, is reported with its line")
    func conflicts() throws {
        let rules = try CategoryRuleSet(texts: [
            ("mine", "groceries: масло слив, \"мол\"\nhousehold: масло слив\nfuel: масло мотор\nbeauty: ~^крем")
        ])
        // `масло слив` in household ties with the earlier groceries one, which wins; `мол` and
        // `масло мотор` take their own text; expressions are not checked.
        #expect(rules.conflicts() == ["mine:2: «масло слив» (household) is taken by «масло слив» (groceries, mine:1)"])
        #expect(try CategoryRuleSet.standard(configFolder: nil).conflicts() == [])
    }

    @Test("a shop's kind from its names and the chains' table; only specialised shops give a category")
    func shopKinds() {
        #expect(ShopKind.of(names: ["Аптека,a-plus.ru,aptekiplus.ru", "ООО \"Архи-Мед\""]) == .pharmacy)
        #expect(ShopKind.of(names: ["АЗС 12031", nil]) == .fuel)
        #expect(ShopKind.of(names: ["", "ООО \"КРАСНОЕ&БЕЛОЕ\""]) == .alcohol)
        #expect(ShopKind.of(names: ["Барбершоп Топган", nil]) == .beauty)
        #expect(ShopKind.of(names: ["Зоомагазин Четыре лапы"]) == .pets)
        #expect(ShopKind.of(names: ["ТЦ 1060", "ООО \"МЕТРО КЭШ ЭНД КЕРРИ\""]) == nil)
        #expect(ShopKind(tableName: " Pharmacy ") == .pharmacy)
        // The chains by the names their receipts print as the shop or the seller.
        #expect(ShopKind.of(names: [nil, "ООО \"Фастлэнд\""]) == .cafe)
        #expect(ShopKind.of(names: ["Додо Пицца", nil]) == .cafe)
        #expect(ShopKind.of(names: ["", "ООО \"НЬЮ ЙОРКЕР Ритейл РУС\""]) == .clothing)
        #expect(ShopKind.of(names: ["NEW YORKER", nil]) == .clothing)
        #expect(ShopKind.of(names: [nil, "ООО \"Страдивариус СНГ\""]) == .clothing)
        #expect(ShopKind.of(names: ["Stradivarius", nil]) == .clothing)
        #expect(ShopKind.of(names: ["O'STIN", nil]) == .clothing)
        #expect(ShopKind.of(names: ["", "ООО \"ОКТОБЛУ\""]) == .clothing)
        #expect(ShopKind.of(names: ["www.vkusvill.ru", nil]) == .grocery)
        #expect(ShopKind.of(names: ["", "ООО Вкусвилл"]) == .grocery)
        #expect(ShopKind.of(names: ["Магазин  Магнит  Шум", "АО \"ТАНДЕР\""]) == .grocery)
        #expect(ShopKind.of(names: ["Магнит Косметик", "АО \"ТАНДЕР\""]) == .beauty)
        #expect(ShopKind.of(names: ["М.Видео", nil]) == .electronics)
        #expect(ShopKind.of(names: ["ИКЕА", nil]) == .diy)
        #expect(ShopKind.of(names: ["Ригла", nil]) == .pharmacy)
        #expect(ShopKind.of(names: ["Л'Этуаль", nil]) == .beauty)
        // A sports club's shop is not the SPAR supermarket; SPAR's own companies are (their sellers'
        // names in the real receipts of real-names/tuning.tsv).
        #expect(ShopKind.of(names: ["Спартак", nil]) == nil)
        #expect(ShopKind.of(names: ["", "ООО \"Спар-Томск\""]) == .grocery)
        #expect(ShopKind.of(names: [nil, "ООО \"СПАР МИДДЛ ВОЛГА\""]) == .grocery)
        // A chain's company by its legal name, when the receipt prints no shop.
        #expect(ShopKind.of(names: ["", "АКЦИОНЕРНОЕ ОБЩЕСТВО \"ТАНДЕР\""]) == .grocery)
        #expect(ShopKind.of(names: ["", "Общество с ограниченной ответственностью \"Агроторг\""]) == .grocery)
        // A cinema sells tickets, popcorn and drinks (Синема Парк's receipt, cats-unseen 2026-11-29).
        #expect(ShopKind.of(names: ["Торговый зал", "ОП СИНЕМА ПАРК 33 Саратов"]) == .cinema)
        #expect(ShopKind.of(names: ["Кинотеатр «Родина»", nil]) == .cinema)
        #expect(ShopKind.cinema.category(ofLineRuledAs: .groceries) == .cafes)
        #expect(ShopKind.cinema.category(ofLineRuledAs: nil) == .entertainment)
        // A web address is an online shop's, whatever its seller's name says: «Кофе с доставкой»
        // sells beans by post, it is no café. A known chain's address is still the chain.
        #expect(ShopKind.of(names: ["https://shop.tastycoffee.ru", "ООО \"КОФЕ С ДОСТАВКОЙ\""]) == .online)
        #expect(ShopKind.of(names: ["https://www.wildberries.ru/", "ООО \"Вайлдберриз\""]) == .online)
        #expect(ShopKind.online.category(ofLineRuledAs: nil) == nil)
        // A carrier bag, which the rules count with the food, goes with what a specialised shop
        // sells; anything else the rules call food stays food (a pharmacy's kefir), and a petrol
        // station's bag carries its snacks.
        #expect(ShopKind.isCarrierBag(key: ItemName.key("Пакет Геометрия 40х50 см x1")))
        #expect(ShopKind.isCarrierBag(key: ItemName.key("*ПАКЕТ-МАЙКА 30х60")))
        #expect(!ShopKind.isCarrierBag(key: ItemName.key("Кефир в пакете")))
        #expect(ShopKind.pharmacy.category(ofLineRuledAs: .groceries, carrierBag: true) == .health)
        #expect(ShopKind.diy.category(ofLineRuledAs: .groceries, carrierBag: true) == .household)
        #expect(ShopKind.clothing.category(ofLineRuledAs: .groceries, carrierBag: true) == .clothing)
        #expect(ShopKind.pharmacy.category(ofLineRuledAs: .groceries) == .groceries)
        #expect(ShopKind.fuel.category(ofLineRuledAs: .groceries, carrierBag: true) == .groceries)
        #expect(ShopKind.grocery.category(ofLineRuledAs: .groceries, carrierBag: true) == .groceries)
        #expect(ShopKind.pharmacy.category(ofLineRuledAs: .household, carrierBag: true) == .household)
        #expect(ShopKind.pharmacy.category == .health && ShopKind.grocery.category == nil)
        // What the rules cannot place takes a specialised shop's category; at a café, food is the
        // café's (canteens print «Салат из кальмаров» as shops do); elsewhere the rules stand.
        #expect(ShopKind.pharmacy.category(ofLineRuledAs: nil) == .health)
        #expect(ShopKind.grocery.category(ofLineRuledAs: nil) == nil)
        #expect(ShopKind.cafe.category(ofLineRuledAs: .groceries) == .cafes)
        #expect(ShopKind.cafe.category(ofLineRuledAs: .alcoholTobacco) == .alcoholTobacco)
        #expect(ShopKind.fuel.category(ofLineRuledAs: .groceries) == .groceries)
        // At a grocery, a dish from its own kitchen is groceries (LABELS.md); a petrol station's
        // coffee stays the café's.
        #expect(ShopKind.grocery.category(ofLineRuledAs: .cafes) == .groceries)
        #expect(ShopKind.fuel.category(ofLineRuledAs: .cafes) == .cafes)
    }

    @Test(
        "a name in any script or case, with emoji, marks or control characters, gets a category or none, never a crash")
    func anyName() throws {
        let rules = try CategoryRuleSet.standard(configFolder: nil)
        let pieces = [
            "молоко", "МОЛОKО", "🍎", "👨‍👩‍👧", "\u{0}", "\u{7}", "\u{1b}[31m", "\u{202e}", "é", "e\u{301}", "ﬁ", "ß", "İ",
            "مرحبا", "שלום", "日本", "𝕄𝕆𝕃", "%", "№", "/", "\\", "\"", "~", "^$", "(", "3,2%", "аи-95", " ", "\t", "\n",
            "б/", "Ё", "ъ", String(repeating: "а", count: 300),
        ]
        var random = SeededRandom(seed: 31)
        for _ in 0..<2_000 {
            let name = (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined(
                separator: random.below(2) == 0 ? " " : "")
            let key = ItemName.key(name)
            if let category = rules.category(forKey: key) { #expect(category != .uncategorized) }
        }
    }

    @Test("a broken rules file names the line and what is wrong, in both languages")
    func errors() {
        #expect(throws: CategoryRulesError.unknownCategory("food", location: "mine:2")) {
            try CategoryRuleSet(texts: [("mine", "# rules\nfood: хлеб")])
        }
        #expect(throws: CategoryRulesError.noColon(location: "mine:1")) {
            try CategoryRuleSet(texts: [("mine", "groceries хлеб")])
        }
        #expect(throws: CategoryRulesError.badExpression("(", location: "mine:1")) {
            try CategoryRuleSet(texts: [("mine", "groceries: ~(")])
        }
        let error = CategoryRulesError.unknownCategory("food", location: "mine:2")
        #expect(error.message(in: .russian) == "mine:2: неизвестная категория «food»")
        #expect(error.message(in: .english) == "mine:2: unknown category “food”")
    }
}
