/// What kind of shop a receipt comes from: a pharmacy, a petrol station, a café… Known from the chain
/// (the brand table's `kind`, keyed by the seller's INN) or from the words of the shop's and the
/// seller's names (`Аптека Плюс`, `АЗС 12031`, `ООО "Кофешоп"`).
///
/// A specialised shop decides the category of a line whose name says nothing (`Товар`, `Прочее`,
/// `Позиция по свободной цене`) and of one the rules cannot place; shops that sell everything
/// (supermarkets, marketplaces, the post) decide nothing.
public enum ShopKind: String, Sendable, Hashable, CaseIterable, Codable {
    case grocery, cafe, fuel, pharmacy, pets, diy, electronics, clothing, sports, kids, beauty, books
    case alcohol, online, transport, telecom, post, cinema, other

    /// The version of what decides a kind: the words below and what a kind makes of a line the
    /// rules placed. A database whose shops were read with another version reads them again, and
    /// categorizes its lines anew (`categorizeIfRulesChanged`).
    public static let rulesVersion = 2

    /// The category a line of this kind of shop takes when nothing else places it; nil for shops
    /// that sell everything.
    public var category: Category? {
        switch self {
        case .cafe: .cafes
        case .fuel: .fuel
        case .pharmacy: .health
        case .pets: .pets
        case .diy: .household
        case .electronics: .electronics
        case .clothing: .clothing
        case .sports, .books, .cinema: .entertainment
        case .kids: .kids
        case .beauty: .beauty
        case .alcohol: .alcoholTobacco
        case .transport: .transport
        case .telecom: .telecom
        case .grocery, .online, .post, .other: nil
        }
    }

    /// The category of a line sold here that the rules gave `rule` (nil when they gave none): this
    /// kind's own category for a line the rules cannot place. Ready food goes where the shop that
    /// cooked it says (`real-names/LABELS.md`): at a café, food is the café's, as canteens print
    /// their dishes as shops print their goods (`Салат из кальмаров`, `Чай черный`); at a grocery, a
    /// dish from its own kitchen is groceries (ВкусВилл's `Борщ`, `Люля-кебаб`). A coffee poured at
    /// a supermarket's counter is the price of that: groceries too. Clothes and shoes a children's
    /// shop sells are the children's (`Трусики`, `Носки` at Детский мир), as clothes made for
    /// children are. A cinema's food and drink are its bar's. A carrier bag (`carrierBag`, see
    /// ``isCarrierBag(key:)``), which the rules count with the food it carries, goes with what a
    /// specialised shop sells: `Пакет Геометрия` at a pharmacy is health, `Пакет большой` at Леруа
    /// Мерлен household; at a petrol station, what it carries is anyone's guess.
    public func category(ofLineRuledAs rule: Category?, carrierBag: Bool = false) -> Category? {
        guard let rule else { return category }
        if carrierBag, rule == .groceries, self != .fuel, let category { return category }
        switch (self, rule) {
        case (.cafe, .groceries), (.cinema, .groceries): return .cafes
        case (.grocery, .cafes): return .groceries
        case (.kids, .clothing): return .kids
        default: return rule
        }
    }

    /// Whether a name's key (``ItemName/key(_:)``) is a carrier bag's: it begins with `пакет`
    /// (`Пакет-майка`, `ПАКЕТ ЛЕНТА`, `Пакет Геометрия 40х50`). What kind of bag it is, the rules
    /// say: one they call groceries is a bag at the till.
    public static func isCarrierBag(key: String) -> Bool { key.hasPrefix(carrierBagPrefix) }

    /// The beginning of a carrier bag's key, for SQL (`GLOB 'пакет*'`).
    public static let carrierBagPrefix = "пакет"

    /// The kind a shop's names say: the first of `names` (the shop's name, then the seller's) with a
    /// word that tells, else nil. Words are matched at their beginning, in lower case with ё as е.
    public static func of(names: [String?]) -> ShopKind? {
        for name in names {
            guard let name, !name.isEmpty else { continue }
            let words = Self.words(name)
            for (beginnings, kind) in tellingWords where beginnings.contains(where: { begins(words, $0) }) {
                return kind
            }
        }
        return nil
    }

    /// Whether some word of `words` starts `beginning`: its words but the last are whole words
    /// there, in a row, and its last begins the word after them (`четыре лап` is «Четыре лапы»).
    /// Words are compared as UTF-8 bytes (both sides folded the same way), which is what makes a
    /// new shop's kind cheap: a hundred beginnings against each word.
    private static func begins(_ words: [[UInt8]], _ beginning: [[UInt8]]) -> Bool {
        guard let last = beginning.last, words.count >= beginning.count else { return false }
        let whole = beginning.count - 1
        for start in 0...(words.count - beginning.count) {
            guard words[start + whole].starts(with: last) else { continue }
            if (0..<whole).allSatisfy({ words[start + $0] == beginning[$0] }) { return true }
        }
        return false
    }

    /// A kind by its name in the brand table (`pharmacy`), or nil.
    public init?(tableName: String) {
        self.init(rawValue: tableName.trimmingWhitespace().lowercased())
    }

    /// The words of a name as every search folds them (``SearchText/words(_:)``), as UTF-8 bytes.
    private static func words(_ text: String) -> [[UInt8]] {
        SearchText.words(text).map { Array($0.utf8) }
    }

    /// ``telling`` split into words once, folded as ``words(_:)`` folds a name.
    private static let tellingWords: [([[[UInt8]]], ShopKind)] = telling.map { beginnings, kind in
        (beginnings.map { words($0) }, kind)
    }

    /// Word beginnings that tell a shop's kind, the more telling first: `аптек` before `магазин`.
    /// Besides the generic words, the big Russian chains of each kind by the names they print as
    /// the shop or the seller (`ООО "Фастлэнд"`, `NEW YORKER`, `www.vkusvill.ru`, `АО "Тандер"`); a
    /// chain whose name is also a common word (`Апрель`, `Твое`, `Победа`) is left to the brand
    /// table. A web address names an online shop when no chain in it is known: so the seller of
    /// `https://shop.tastycoffee.ru`, «Кофе с доставкой», does not make a café of it.
    private static let telling: [([String], ShopKind)] = [
        (
            [
                "аптек", "аптеч", "фарм", "медтехник", "оптик", "клиник", "стоматолог", "медцентр", "ригла",
                "горздрав", "планета здоров", "здравсити", "еаптек",
            ], .pharmacy
        ),
        (
            [
                "азс", "агзс", "автозаправ", "нефтепродукт", "лукойл", "роснефть", "газпромнефт", "татнефт", "shell",
                "башнефт", "teboil", "тебойл",
            ],
            .fuel
        ),
        (
            [
                "парфюм", "косметик", "салон красоты", "барбер", "парикмахер", "летуаль", "л этуаль", "рив гош",
                "золотое яблоко", "иль де ботэ", "подружка", "улыбка радуги",
            ], .beauty
        ),
        (["кино", "синема", "cinema"], .cinema),
        (
            [
                "кафе", "ресторан", "столов", "кофейн", "кофе", "coffee", "пицц", "бургер", "burger", "шаурм",
                "суши", "бистро", "закусочн", "трактир", "пекарн", "кулинар", "фастфуд", "kfc", "макдоналдс",
                "вкусно", "бар", "паб", "чайхан", "чайхон", "шашлычн", "пельменн", "блинн", "grill", "гриль",
                "фастлэнд", "fastland", "теремок", "шоколадниц", "додо", "dodo", "папа джонс", "ростикс", "rostic",
                "subway", "сабвэй", "якитори", "тануки", "му му", "крошка картошка", "кофикс", "cofix", "даблби",
                "синнабон", "cinnabon", "баскин роббинс",
            ], .cafe
        ),
        (
            ["зоомагаз", "зоотовар", "зоо", "ветеринар", "ветклиник", "ветаптек", "четыре лап", "бетховен", "зоозавр"],
            .pets
        ),
        (
            [
                "строймат", "стройтовар", "строител", "хозтовар", "хозяйствен", "леруа", "монлид", "лемана", "оби",
                "obi",
                "петрович", "касторама", "максидом", "вимос", "икеа", "ikea", "hoff", "хофф",
            ],
            .diy
        ),
        (
            [
                "электроник", "цифров", "dns", "днс", "мвидео", "м видео", "эльдорадо", "ситилинк", "техник",
                "технопарк",
            ], .electronics
        ),
        (
            [
                "одежд", "обув", "бутик", "трикотаж", "белье", "нью йоркер", "new yorker", "stradivarius",
                "страдивариус", "глория джинс", "gloria jeans", "befree", "октоблу", "reserved", "lc waikiki",
                "o stin", "остин", "zarina", "zolla", "uniqlo", "bershka", "бершка", "pull bear", "zara", "эконика",
                "ekonika", "рандеву", "kari", "love republic", "incity", "sela", "mango",
            ], .clothing
        ),
        (["спорт", "декатлон", "sport"], .sports),
        (["детск", "игрушк", "детский", "кораблик", "дочки сыночки"], .kids),
        (["книжн", "книг", "канцтовар", "читай город", "буквоед"], .books),
        (
            [
                "вино", "винный", "алкомаркет", "пивн", "пиво", "табак", "вейп", "vape", "красное белое",
                "красное и белое", "винлаб",
            ], .alcohol
        ),
        (["такси", "перевоз", "транспорт", "метрополит", "автобус", "аэроэкспресс", "ржд", "аэрофлот"], .transport),
        (["телеком", "связь", "мтс", "билайн", "мегафон", "теле2", "ростелеком", "yota", "йота"], .telecom),
        (["почта"], .post),
        (
            [
                "продукт", "гастроном", "супермаркет", "гипермаркет", "универсам", "минимаркет", "маркет", "вкусвилл",
                "vkusvill", "пятерочк", "перекрест", "магнит", "дикси", "лента", "ашан", "auchan", "о кей", "окей",
                "азбука вкуса", "бристоль", "верный", "монетка", "мария ра", "чижик", "ярче", "светофор", "spar",
                "атак", "billa", "билла", "тандер", "агроторг", "спар томск", "спар миддл", "спар мидл", "интерторг",
            ], .grocery
        ),
        (["http", "www", "интернет магазин"], .online),
    ]
}
