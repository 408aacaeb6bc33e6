import Foundation
import ReceiptCore
import ReceiptTesting
import Testing

@Suite("Sizes read as a person reads them, and the labelled real names", .timeLimit(.minutes(20)))
struct SizeReadingTests {
    /// What one counted item of a line of this name holds (a piece, quantity 1, unless the receipt's
    /// `quantity` is given: 0.688 is a weighed line).
    static func size(_ name: String, quantity: Double = 1) -> PackSize? {
        UnitPrice.itemSize(
            of: Item(
                name: name, price: Money(kopecks: 10_000), quantity: quantity,
                sum: Money(kopecks: Int64((10_000 * quantity).rounded()))))
    }

    @Test(
        "sizes glued, multiplied, counted, in brackets or cases, and numbers that are no size",
        arguments: [
            // Glued to the letters before them: 1400 g of milk, 50 g of a curd snack.
            ("Молоко ТОМСК МОЛпаст. пит 2,5% п/б1400г", PriceUnit.kilogram, Int64(1_400)),
            ("СЫРОK ГЛ СГУЩ МОЛ50Г", .kilogram, 50),
            ("КП/БИОЙОГУРТ КЛУБ-МАЛ 290ГБЗМЖ", .kilogram, 290),
            ("МОЛОKО 3,2% 0,5Л ПЛ", .litre, 500),
            // Multipacks multiplied before rounding: 15 × 25.2 g is 378 g, not 15 × 25; the size first, then the count.
            ("Гель/под.Тайд 15х25,2г альп.свеж.", .kilogram, 378),
            ("Мыло DURU Soft sens календула 90гх4", .kilogram, 360),
            ("100ШТХ2Г Чай черный Greenfield", .kilogram, 200),
            // Ten or more of 50 g or more are a shop's case: one bar of 66 g.
            ("ПП Натс батончик Мегабайт 24х66г", .kilogram, 66),
            // A weight beats a count printed beside it (a case count): 350 g.
            ("ПЕЧЕНЬЕ ЮБИЛЕЙНОЕ 350г. 15шт", .kilogram, 350),
            // A medicine's count, in a name that says it is one; the dose is no size.
            ("Нурофен Экспресс капс.200мг №16", .piece, 16_000),
            ("Активированный уголь таб. 250мг n30", .piece, 30_000),
            // The code in square brackets is no weight.
            ("[6140G] Нурофен Экспресс капс.200мг №16", .piece, 16_000),
            // A bare number ending the name, in the unit the product's kind is sold in.
            ("СЫР СЛИМ ФИТ 27% 250", .kilogram, 250),
            ("ХЛЕБ ДАРНИЦКИЙ  0,375", .kilogram, 375),
            ("Текила JOSE CUERVO Сильвер 0.7", .litre, 700),
            ("ЧИПСЫ ХРУСТ КАРТ 160", .kilogram, 160),
            // A shop's pack of one of a kind sold by weight.
            ("КОЛБАСА ДОКТОРСКАЯ ГОСТ ВАР.1/500 ДЭМКА", .kilogram, 500),
            // Weighed: ВЕС, a scale's button, `кг` standing alone.
            ("Морковь мытая,кг", .kilogram, 1_000),
            ("ЛИМОНЫ КНОПКА 30", .kilogram, 1_000),
            // Motor fuel is priced per litre; a pump's number is no size.
            ("АИ-95-К5/G-Drive-95", .litre, 1_000),
            ("АИ-92 ТРК 12", .litre, 1_000),
            // Eggs counted: ten.
            ("Яйцо Столовое куриное 1 сорт (10шт)", .piece, 10_000),
            ("PAP.Бум.туал.3сл белая 12рул", .piece, 12_000),
            // A count cut short, and pairs.
            ("ЯЙЦО ОКСКОЕ С0 30Ш", .piece, 30_000),
            ("3628603 Носки жен.эл.CH07 р23-25 2пары", .piece, 2_000),
            // A narrow range is one loaf's weight: its lower bound.
            ("Хлеб из пшен. муки  форм. 0,5-0,55кг", .kilogram, 500),
            ("Хлеб \"Сурский Барин\"500- 510гр Х", .kilogram, 500),
            // A wide one is whom nappies fit: the count.
            ("Трусики Baby Go XL 16-25кг 72шт", .piece, 72_000),
            // A drink's litres before its container's mark.
            ("Лисбрю Кукис мид 0,45 (банка)", .litre, 450),
            ("Напитки Вода МЕТРОПРЕСС 0,6 ПЭТ", .litre, 600),
            // A bare number after an abbreviation's point.
            ("*3414014 Р.ФР.Марм.ЧУД.ЯГ.м./бр./ч.с.250", .kilogram, 250),
            // About 5.77 kg of a cut, priced per kilogram; `ВЕ` is `ВЕС` cut short, but not after a trade
            // item number; a pump's number and compressed gas are fuel.
            ("~5,77КГ МЯСО СВИНИНЫ ОХЛАЖДЕН ЛОПАТКА МИРАТОРГ 88%Б/РУЛЬКИ", .kilogram, 1_000),
            ("СЫР ЛАРЕЦ Т/С 50%ВЕ", .kilogram, 1_000),
            ("ТРК 3 Shell V-Power-95 -K5", .litre, 1_000),
            ("КПГ", .litre, 1_000),
            // Small producers' kilograms as a bare number with three decimals inside the name, in the
            // kind's unit or a word's (pâté is packed by weight): 0.250 kg of cheese, 0.070 kg of pâté.
            ("БЗМЖ Сметанковый сыр 50% 0,250 брусок Олония", .kilogram, 250),
            ("Краковская колбаса п/к охл. 0,300 АНКОМ", .kilogram, 300),
            ("паштет Олония охотничий 0,070 говядина", .kilogram, 70),
            // A flow pack's mark glued to the unit; a range of weights with a space before its unit.
            ("ПЕРВЫЙ БОБРУЙСКИЙ Зефир черносм в сах 250гфл/", .kilogram, 250),
            ("Тонкое Карбонара пицца  28 см. 400-500 г", .kilogram, 400),
            // A pharmacy's count.
            ("Презервативы Контекс Classic (классические) №12", .piece, 12_000),
        ] as [(String, PriceUnit, Int64)])
    func sizes(name: String, unit: PriceUnit, thousandths: Int64) {
        #expect(Self.size(name) == PackSize(unit: unit, thousandths: thousandths), "\(name)")
    }

    @Test(
        "numbers that are no size leave a piece: fat, ranges, café portions, clothing sizes, batteries, pumps, promotions",
        arguments: [
            "МОЛОKО ПАСТ 3,4..4,5", "Молоко 2,5%,шт", "Сметана 15%", "Салат Молодежный 1/100",
            "Чай пакетированный с сахаром 200/15", "Хлеб ржаной 1/22", "Джемпер р.158", "Батарейки LR03",
            "Колонка 3", "Шоколадки 5 за 200", "КОФЕ №5", "Пакет ЛЕНТА майка 12кг",
            "Услуга по перевозке. Трамвай Маршрут №4", "3609912 G.LIFE Подсласт.НОВАСВИТ ст.",
            // A cup's, a mug's, a bottle's or a bag's litres and kilograms are what it holds.
            "4607127007279 СТАКАН БЕЛЫЙ 200МЛ 1", "Бутылка 1,5л", "Пакет ЛЕНТА с ручками, с рисунком 15кг",
            // A price or a code in parentheses; a number cut short; a tobacco maker's `ДТ`.
            "Сигареты Troekuroff Classic (75,00) шт [М]", "4630024911028 СЫР SPAR ЭДАМ 45% 15",
            "Сигареты 21 век дарк блю ДТ", "4607001777021 КОФЕ ЯКОБС МОНАРХ ВЕ",
            // A paper's density (grams a square metre) is no size; two numbers with three decimals are
            // none either.
            "Скетчбук 9*14 80л \"Sketchmarker\" черный, 140г/м2, слоновая кость, тв.обл.",
            "Сыр ГАУДА 0,250 0,300 брусок",
        ])
    func noSize(name: String) {
        #expect(Self.size(name) == PackSize(unit: .piece, thousandths: 1_000), "\(name)")
    }

    @Test("fuel paid by sum (1 × 500.00) has no litres and no price per litre; 41.905 l at 52.50 is 52.50 a litre")
    func fuelBySum() {
        let bySum = Item(name: "АИ-92", price: Money(kopecks: 50_000), quantity: 1, sum: Money(kopecks: 50_000))
        #expect(UnitPrice.line(bySum) == nil)
        let measured = Item(name: "АИ-92", price: Money(kopecks: 5_250), quantity: 41.905, sum: Money(kopecks: 220_001))
        // 41.905 l is 41905 thousandths of a litre.
        #expect(UnitPrice.line(measured) == UnitPrice.LinePrice(unit: .litre, kopecks: 5_250, thousandths: 41_905))
        // The till's measure says litres: then even one litre is one.
        let metered = Item(
            name: "АИ-92", price: Money(kopecks: 5_250), quantity: 1, sum: Money(kopecks: 5_250), measure: .litre)
        #expect(UnitPrice.line(metered)?.kopecks == 5_250)
    }

    /// The share of a labelled file's names whose unit and size of one item the reader gets right,
    /// sizes compared to the gram or millilitre (the thousandths the tool keeps). A seventh column,
    /// where a file has one, is the receipt's quantity the labeller read the line with.
    static func accuracy(_ file: String) throws -> (right: Int, rows: Int, wrong: [String]) {
        let text = try String(contentsOf: Repository.url("Tests/Fixtures/real-names/\(file)"), encoding: .utf8)
        var right = 0
        var rows = 0
        var wrong: [String] = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, let unit = PriceUnit(rawValue: fields[2]), let size = Double(fields[3]) else {
                continue
            }
            rows += 1
            let quantity = fields.count > 6 ? Double(fields[6]) ?? 1 : 1
            let got = Self.size(fields[0], quantity: quantity)
            if got?.unit == unit, got?.thousandths == Int64((size * 1_000).rounded()) {
                right += 1
            } else {
                wrong.append(fields[0])
            }
        }
        return (right, rows, wrong)
    }

    /// The reader was tuned on `sizes-tuning.tsv`, and in a second pass on the failures of
    /// `sizes-holdout.tsv`; `sizes-unseen.tsv`, `sizes-fresh.tsv` and `sizes-fresh2.tsv` tell how it
    /// does on names it never saw. 2026-11-28, first pass: 1108 of 1148 (96.5 %), 578 of 617 (93.7 %),
    /// 88 of 91 (96.7 %), and 58 of 63 (92.1 %) on the fresh set when it came in; second pass: 1113
    /// (97.0 %), 604 (97.9 %), 91 (100 %), 59 (93.7 %): 150 of the 154 names never tuned on (97.4 %).
    /// 2026-11-29: 184 of the 200 names of `sizes-fresh2.tsv` (92.0 %) when they came in, from two
    /// histories of other regions and chains (Петрозаводск, Казань): 334 of the 354 names never tuned
    /// on then (94.4 %). A third pass on its failures (bare kilograms with three decimals, a density,
    /// a glued pack mark, a range with a space before its unit, a pharmacy's count, pâté by weight): 192 of 200, the
    /// others unchanged; `sizes-fresh2.tsv` is a tuning file since. Then `sizes-fresh3.tsv`, 160 more
    /// names of the same two histories labelled after that pass, measured once when they came in: 155
    /// of 160 (96.9 %), and 305 of the 314 names never tuned on (97.1 %). The floors guard against a
    /// change that reads fewer names right; they are not figures to tune to.
    @Test("the unit and the size of one item, against real names labelled by hand")
    func labelled() throws {
        let tuning = try Self.accuracy("sizes-tuning.tsv")
        let holdout = try Self.accuracy("sizes-holdout.tsv")
        let unseen = try Self.accuracy("sizes-unseen.tsv")
        let fresh = try Self.accuracy("sizes-fresh.tsv")
        let fresh2 = try Self.accuracy("sizes-fresh2.tsv")
        let fresh3 = try Self.accuracy("sizes-fresh3.tsv")
        #expect(tuning.rows == 1_148 && holdout.rows == 617 && unseen.rows == 91 && fresh.rows == 63)
        #expect(fresh2.rows == 200 && fresh3.rows == 160)
        #expect(Double(fresh2.right) / Double(fresh2.rows) >= 0.95, "fresh2: \(fresh2.right)/\(fresh2.rows)")
        #expect(Double(tuning.right) / Double(tuning.rows) >= 0.96, "tuning: \(tuning.right)/\(tuning.rows)")
        #expect(Double(holdout.right) / Double(holdout.rows) >= 0.96, "holdout: \(holdout.right)/\(holdout.rows)")
        let untuned = (
            right: unseen.right + fresh.right + fresh3.right, rows: unseen.rows + fresh.rows + fresh3.rows
        )
        #expect(
            Double(untuned.right) / Double(untuned.rows) >= 0.95, "never tuned on: \(untuned.right)/\(untuned.rows)")
    }
}
