import ReceiptCore

/// What the demo is made of: real chains of Moscow with their kinds, the streets they stand on, and
/// goods named the way receipt printers abbreviate them.
enum DemoCatalogue {
    struct Chain {
        let name: String
        let seller: String
        let category: Category
        let outlets: Int
        /// How often the demo shopper visits this kind of shop, relative to the others.
        let visits: Double
    }

    struct Good {
        let name: String
        /// Price range in kopecks (per kilogram for weighed goods).
        let price: ClosedRange<Int64>
        let weighed: Bool
        let vat: VATCode

        init(_ name: String, _ price: ClosedRange<Int64>, weighed: Bool = false, vat: VATCode = .rate20) {
            self.name = name
            self.price = price
            self.weighed = weighed
            self.vat = vat
        }
    }

    static let center = (latitude: 55.7558, longitude: 37.6173)

    static let chains: [Chain] = [
        Chain(name: "Пятёрочка", seller: "ООО \"Агроторг\"", category: .groceries, outlets: 420, visits: 14),
        Chain(name: "Перекрёсток", seller: "АО \"ТД \"Перекресток\"", category: .groceries, outlets: 210, visits: 8),
        Chain(name: "Магнит", seller: "АО \"Тандер\"", category: .groceries, outlets: 260, visits: 6),
        Chain(name: "Дикси", seller: "АО \"Дикси Юг\"", category: .groceries, outlets: 150, visits: 3),
        Chain(name: "ВкусВилл", seller: "ООО \"Вкусвилл\"", category: .groceries, outlets: 210, visits: 7),
        Chain(name: "Ашан", seller: "ООО \"Ашан\"", category: .groceries, outlets: 22, visits: 1.5),
        Chain(name: "Лента", seller: "ООО \"Лента\"", category: .groceries, outlets: 20, visits: 1.5),
        Chain(
            name: "Азбука вкуса", seller: "ООО \"Городской супермаркет\"", category: .groceries, outlets: 45, visits: 1),
        Chain(
            name: "Верный", seller: "ООО \"Союз Святого Иоанна Воина\"", category: .groceries, outlets: 60, visits: 1),
        Chain(name: "Красное&Белое", seller: "ООО \"Альфа-М\"", category: .alcoholTobacco, outlets: 120, visits: 1.2),
        Chain(name: "Бристоль", seller: "ООО \"Альбион-2002\"", category: .alcoholTobacco, outlets: 80, visits: 0.6),
        Chain(name: "Ригла", seller: "ООО \"Ригла\"", category: .health, outlets: 60, visits: 0.9),
        Chain(name: "Аптека 36,6", seller: "ООО \"Аптека-А.в.е\"", category: .health, outlets: 60, visits: 0.8),
        Chain(name: "Горздрав", seller: "ООО \"Аптека-А.в.е-1\"", category: .health, outlets: 80, visits: 0.9),
        Chain(name: "Столички", seller: "ООО \"Неофарм\"", category: .health, outlets: 50, visits: 0.5),
        Chain(name: "Лукойл", seller: "ООО \"Лукойл-Центрнефтепродукт\"", category: .fuel, outlets: 40, visits: 1.2),
        Chain(name: "Газпромнефть", seller: "ООО \"Газпромнефть-Центр\"", category: .fuel, outlets: 30, visits: 0.8),
        Chain(name: "Роснефть", seller: "ООО \"РН-Московия\"", category: .fuel, outlets: 30, visits: 0.5),
        Chain(name: "Шоколадница", seller: "ООО \"Шоколадница\"", category: .cafes, outlets: 60, visits: 1.2),
        Chain(name: "Кофе Хауз", seller: "ООО \"Кофе Хауз\"", category: .cafes, outlets: 30, visits: 0.6),
        Chain(name: "Теремок", seller: "ООО \"Теремок-Инвест\"", category: .cafes, outlets: 40, visits: 0.8),
        Chain(name: "Вкусно — и точка", seller: "ООО \"Система ПБО\"", category: .cafes, outlets: 50, visits: 1.2),
        Chain(name: "Rostic's", seller: "ООО \"Ростикс\"", category: .cafes, outlets: 30, visits: 0.6),
        Chain(name: "Додо Пицца", seller: "ООО \"Додо Франчайзинг\"", category: .cafes, outlets: 40, visits: 0.6),
        Chain(name: "Cofix", seller: "ООО \"Кофикс Рус\"", category: .cafes, outlets: 50, visits: 1.0),
        Chain(name: "М.Видео", seller: "ООО \"МВМ\"", category: .electronics, outlets: 20, visits: 0.15),
        Chain(name: "DNS", seller: "ООО \"ДНС Ритейл\"", category: .electronics, outlets: 30, visits: 0.2),
        Chain(name: "Эльдорадо", seller: "ООО \"МВМ\"", category: .electronics, outlets: 15, visits: 0.1),
        Chain(
            name: "Леруа Мерлен", seller: "ООО \"Леруа Мерлен Восток\"", category: .household, outlets: 6, visits: 0.2),
        Chain(name: "Fix Price", seller: "ООО \"Бэст Прайс\"", category: .household, outlets: 100, visits: 0.8),
        Chain(name: "Hoff", seller: "ООО \"Домашний интерьер\"", category: .household, outlets: 5, visits: 0.05),
        Chain(name: "Галамарт", seller: "ООО \"Галамарт\"", category: .household, outlets: 20, visits: 0.2),
        Chain(name: "Спортмастер", seller: "ООО \"Спортмастер\"", category: .clothing, outlets: 25, visits: 0.15),
        Chain(name: "Gloria Jeans", seller: "ООО \"Глория Джинс\"", category: .clothing, outlets: 20, visits: 0.1),
        Chain(name: "O'STIN", seller: "ООО \"Остин\"", category: .clothing, outlets: 20, visits: 0.1),
        Chain(name: "Familia", seller: "ООО \"Фамилия\"", category: .clothing, outlets: 15, visits: 0.1),
        Chain(name: "Детский мир", seller: "ПАО \"Детский мир\"", category: .kids, outlets: 25, visits: 0.3),
        Chain(name: "Четыре лапы", seller: "ООО \"Зоозавр\"", category: .pets, outlets: 40, visits: 0.4),
        Chain(name: "Бетховен", seller: "ООО \"Бетховен\"", category: .pets, outlets: 20, visits: 0.2),
        Chain(name: "Золотое яблоко", seller: "ООО \"Голден Эппл\"", category: .beauty, outlets: 5, visits: 0.1),
        Chain(name: "Л'Этуаль", seller: "ООО \"Алькор и Ко\"", category: .beauty, outlets: 30, visits: 0.2),
        Chain(name: "Подружка", seller: "ООО \"Косметик\"", category: .beauty, outlets: 40, visits: 0.4),
        Chain(name: "МТС", seller: "ПАО \"МТС\"", category: .telecom, outlets: 30, visits: 0.15),
        Chain(name: "Билайн", seller: "ПАО \"ВымпелКом\"", category: .telecom, outlets: 25, visits: 0.05),
        Chain(name: "МегаФон", seller: "ПАО \"МегаФон\"", category: .telecom, outlets: 25, visits: 0.05),
        Chain(
            name: "Московский метрополитен", seller: "ГУП \"Московский метрополитен\"", category: .transport,
            outlets: 40, visits: 0.6),
        Chain(name: "Синема Парк", seller: "ООО \"Синема Парк\"", category: .entertainment, outlets: 8, visits: 0.2),
        Chain(
            name: "КАРО", seller: "ООО \"КАРО Фильм Менеджмент\"", category: .entertainment, outlets: 10, visits: 0.15),
    ]

    /// Streets with a rough point on each, so that a shop's address matches where it stands.
    static let streets: [(name: String, latitude: Double, longitude: Double)] = [
        ("ул. Тверская", 55.7650, 37.6050), ("ул. Новый Арбат", 55.7525, 37.5900),
        ("ул. Большая Якиманка", 55.7330, 37.6130), ("ул. Покровка", 55.7590, 37.6450),
        ("ул. Мясницкая", 55.7630, 37.6370), ("ул. Сретенка", 55.7680, 37.6320), ("ул. Остоженка", 55.7390, 37.5970),
        ("ул. Бауманская", 55.7720, 37.6800), ("ул. Марксистская", 55.7400, 37.6600),
        ("ул. Шаболовка", 55.7190, 37.6080), ("ул. Люблинская", 55.6760, 37.7600),
        ("ул. Братиславская", 55.6590, 37.7500), ("Ленинский пр-т", 55.7000, 37.5800),
        ("ул. Профсоюзная", 55.6600, 37.5500), ("ул. Бутлерова", 55.6480, 37.5350),
        ("ул. Островитянова", 55.6420, 37.5150), ("ул. Миклухо-Маклая", 55.6500, 37.5050),
        ("пр-т Вернадского", 55.6800, 37.5100), ("Мичуринский пр-т", 55.6950, 37.4950),
        ("ул. Вавилова", 55.6990, 37.5750), ("Севастопольский пр-т", 55.6600, 37.5900),
        ("Балаклавский пр-т", 55.6400, 37.6000), ("Варшавское ш.", 55.6500, 37.6200),
        ("ул. Кировоградская", 55.6150, 37.6050), ("ул. Академика Янгеля", 55.5950, 37.6000),
        ("Каширское ш.", 55.6550, 37.6600), ("Ореховый б-р", 55.6120, 37.7150),
        ("Волгоградский пр-т", 55.7150, 37.7400), ("Рязанский пр-т", 55.7230, 37.7850),
        ("ул. Нижегородская", 55.7350, 37.7000), ("ул. Новогиреевская", 55.7500, 37.8050),
        ("Зелёный пр-т", 55.7510, 37.7850), ("Измайловский б-р", 55.7970, 37.7900),
        ("ул. Первомайская", 55.7930, 37.8050), ("Щёлковское ш.", 55.8100, 37.8000),
        ("Открытое ш.", 55.8200, 37.7400), ("пр-т Мира", 55.7950, 37.6350), ("ул. Ярославская", 55.8150, 37.6600),
        ("ул. Бориса Галушкина", 55.8200, 37.6500), ("Алтуфьевское ш.", 55.8700, 37.5850),
        ("Дмитровское ш.", 55.8400, 37.5650), ("ул. Верхняя Масловка", 55.7970, 37.5750),
        ("Ленинградский пр-т", 55.7900, 37.5350), ("Химкинский б-р", 55.8500, 37.4450),
        ("ул. Свободы", 55.8550, 37.4300), ("Волоколамское ш.", 55.8100, 37.4700),
        ("ул. Народного Ополчения", 55.7800, 37.4800), ("ул. Маршала Жукова", 55.7720, 37.4600),
        ("Хорошёвское ш.", 55.7750, 37.5300), ("ул. Генерала Белобородова", 55.8500, 37.4000),
        ("Кутузовский пр-т", 55.7400, 37.5350),
    ]

    /// Goods for each kind of shop.
    static let goods: [Category: [Good]] = [
        .groceries: [
            Good("МОЛОКО ПАСТ.3,2% 930МЛ", 8_499...11_999, vat: .rate10),
            Good("КЕФИР 2,5% 900Г", 8_999...10_999, vat: .rate10),
            Good("ХЛЕБ БОРОДИНСКИЙ 400Г", 4_599...6_499, vat: .rate10),
            Good("БАТОН НАРЕЗНОЙ 400Г", 3_999...5_499, vat: .rate10),
            Good("ЯЙЦО КУР.С1 10ШТ", 9_999...14_999, vat: .rate10),
            Good("МАСЛО СЛИВ.82,5% 180Г", 17_999...26_999, vat: .rate10),
            Good("СЫР РОССИЙСКИЙ 50% ВЕС", 69_900...99_900, weighed: true, vat: .rate10),
            Good("БАНАНЫ ВЕС", 11_999...15_999, weighed: true, vat: .rate10),
            Good("ЯБЛОКИ ГАЛА ВЕС", 13_999...19_999, weighed: true, vat: .rate10),
            Good("КАРТОФЕЛЬ МЫТЫЙ ВЕС", 4_999...8_999, weighed: true, vat: .rate10),
            Good("ОГУРЦЫ СРЕДНЕПЛ.ВЕС", 19_999...34_999, weighed: true, vat: .rate10),
            Good("ТОМАТЫ СЛИВ.ВЕС", 24_999...39_999, weighed: true, vat: .rate10),
            Good("ФИЛЕ ГРУДКИ ЦБ ОХЛ.ВЕС", 42_999...56_999, weighed: true, vat: .rate10),
            Good("ГРЕЧКА ЯДРИЦА 900Г", 8_999...13_999, vat: .rate10),
            Good("МАКАРОНЫ СПАГЕТТИ 450Г", 7_999...12_999, vat: .rate10),
            Good("САХАР ПЕСОК 1КГ", 7_999...10_999, vat: .rate10),
            Good("КОФЕ МОЛОТ.АРАБИКА 250Г", 39_999...59_999),
            Good("ЧАЙ ЧЕРН.ЛИСТ.100Г", 14_999...24_999),
            Good("ШОКОЛАД МОЛОЧ.90Г", 8_999...12_999),
            Good("ВОДА МИН.Б/Г 1,5Л", 4_999...7_999),
            Good("СОК ЯБЛОЧ.1Л", 11_999...16_999),
            Good("ПЕЛЬМЕНИ ДОМАШ.800Г", 34_999...49_999, vat: .rate10),
            Good("ТВОРОГ 5% 200Г", 11_999...15_999, vat: .rate10),
            Good("ПАКЕТ-МАЙКА", 799...1_499),
        ],
        .alcoholTobacco: [
            Good("ПИВО СВЕТЛ.ПАСТ.4,5% 0,45Л", 7_999...12_999),
            Good("ВИНО КРАСН.СУХ.0,75Л", 49_999...99_999),
            Good("СИГАРЕТЫ С ФИЛЬТРОМ", 17_900...23_900),
        ],
        .health: [
            Good("ИБУПРОФЕН ТАБ.200МГ N50", 9_900...15_900, vat: .rate10),
            Good("ПАРАЦЕТАМОЛ ТАБ.500МГ N20", 4_900...8_900, vat: .rate10),
            Good("ВИТАМИН D3 2000МЕ N60", 39_900...69_900, vat: .rate10),
            Good("ПЛАСТЫРЬ БАКТЕРИЦ.N20", 9_900...15_900),
            Good("КАПЛИ НАЗАЛ.10МЛ", 14_900...29_900, vat: .rate10),
        ],
        .fuel: [
            Good("АИ-95 ЭКТО", 5_890...6_490, weighed: true),
            Good("АИ-92", 5_390...5_890, weighed: true),
            Good("ОМЫВАЙКА ЗИМН.-20 4Л", 29_900...49_900),
        ],
        .cafes: [
            Good("КАПУЧИНО 0,3", 19_000...29_000),
            Good("ЛАТТЕ 0,4", 22_000...32_000),
            Good("КРУАССАН", 12_000...19_000),
            Good("БЛИН С ВЕТЧ.И СЫРОМ", 21_000...29_000),
            Good("БИЗНЕС-ЛАНЧ", 39_000...59_000),
            Good("ПИЦЦА ПЕППЕРОНИ 30СМ", 59_900...79_900),
            Good("ЧИЗБУРГЕР", 8_900...12_900),
            Good("КАРТОФЕЛЬ ФРИ СТАНД.", 9_900...13_900),
        ],
        .electronics: [
            Good("КАБЕЛЬ USB-C 1М", 49_900...99_900),
            Good("НАУШНИКИ BT TWS", 199_900...499_900),
            Good("КАРТА ПАМЯТИ MICROSD 64ГБ", 69_900...129_900),
            Good("ЭЛ.ЧАЙНИК 1,7Л", 199_900...399_900),
        ],
        .household: [
            Good("СРЕДСТВО Д/ПОСУДЫ 500МЛ", 9_900...19_900),
            Good("ГУБКИ КУХОН.5ШТ", 4_900...9_900),
            Good("БУМАГА ТУАЛ.2СЛ 8РУЛ", 24_900...39_900),
            Good("ЛАМПА СВЕТОД.E27 10ВТ", 9_900...19_900),
            Good("ПАКЕТЫ Д/МУСОРА 60Л", 9_900...15_900),
        ],
        .clothing: [
            Good("ФУТБОЛКА МУЖ.", 79_900...149_900),
            Good("НОСКИ 3 ПАРЫ", 29_900...59_900),
            Good("КРОССОВКИ БЕГОВЫЕ", 399_900...899_900),
            Good("ДЖИНСЫ ЖЕН.", 199_900...349_900),
        ],
        .kids: [
            Good("КОНСТРУКТОР 250ДЕТ.", 149_900...349_900),
            Good("ПОДГУЗНИКИ 4 (9-14КГ) 60ШТ", 119_900...179_900, vat: .rate10),
            Good("ПЮРЕ ФРУКТ.ДЕТ.90Г", 5_900...8_900, vat: .rate10),
        ],
        .pets: [
            Good("КОРМ СУХ.Д/КОШЕК 1,5КГ", 69_900...119_900),
            Good("НАПОЛНИТЕЛЬ КОМК.5Л", 39_900...59_900),
            Good("КОРМ ВЛАЖ.Д/СОБАК 85Г", 3_900...6_900),
        ],
        .beauty: [
            Good("ШАМПУНЬ 400МЛ", 29_900...59_900),
            Good("ЗУБН.ПАСТА 100МЛ", 14_900...29_900),
            Good("КРЕМ Д/РУК 75МЛ", 9_900...24_900),
            Good("ДЕЗОДОРАНТ АЭРОЗ.150МЛ", 24_900...39_900),
        ],
        .telecom: [
            Good("ОПЛАТА УСЛУГ СВЯЗИ", 40_000...90_000),
            Good("SIM-КАРТА", 30_000...30_000),
        ],
        .transport: [
            Good("ПОПОЛНЕНИЕ КАРТЫ ТРОЙКА", 50_000...200_000, vat: .none),
            Good("ЕДИНЫЙ 60 МИНУТ", 8_000...8_000, vat: .none),
        ],
        .entertainment: [
            Good("БИЛЕТ В КИНО", 35_000...69_000),
            Good("ПОПКОРН СОЛ.0,85Л", 29_000...39_000),
        ],
    ]
}
