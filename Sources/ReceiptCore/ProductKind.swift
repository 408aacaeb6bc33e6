/// What a shopper compares across brands and shops: «молоко питьевое, за литр», «яйца куриные, за 10
/// шт», «бензин АИ-95, за литр». Modelled on Росстат's representative goods of the consumer price
/// index, each priced in the unit Росстат registers it in (``ProductKinds`` lists them).
///
/// A kind is recognised in a name's key (``ItemName/key(_:)``, the one folding rule) by its patterns;
/// below it stay the finer identities, the GTIN and the printed product.
public struct ProductKind: Sendable, Hashable, Identifiable {
    /// A stable identifier, kept in the database and in `--json`: `milk`, `eggs`, `petrol-95`.
    public let id: String
    /// What its price is counted per.
    public let unit: PriceUnit
    /// How much of `unit` one priced amount is, in thousandths: 1000 for a litre or a kilogram,
    /// 10,000 for ten eggs.
    public let per: Int64
    /// The kind's name in Russian: «Молоко питьевое».
    public let russian: String
    /// The kind's name in English: «Drinking milk».
    public let english: String
    /// The representative goods of Росстат's list the kind stands for, as the list names them.
    public let rosstat: String
    /// What one piece is called when it is not a piece (a pair of socks, a roll, a pack of cigarettes),
    /// after «за» and «per»: «пару» and «pair»; nil for a piece.
    public let pieceWords: (russian: String, english: String)?

    /// A kind; `pieceWords` name one piece of a kind counted in pieces when it is not one thing.
    public init(
        id: String, unit: PriceUnit, per: Int64, russian: String, english: String, rosstat: String,
        pieceWords: (russian: String, english: String)? = nil
    ) {
        self.id = id
        self.unit = unit
        self.per = per
        self.russian = russian
        self.english = english
        self.rosstat = rosstat
        self.pieceWords = pieceWords
    }

    /// The same identifier: a kind is its catalogue entry.
    public static func == (a: ProductKind, b: ProductKind) -> Bool { a.id == b.id }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The kind's name in `language`.
    public func name(in language: Language) -> String { language == .russian ? russian : english }

    /// «за литр», «за 10 шт», «за пару» / «per litre», «per 10 pieces», «per pair».
    public func perText(in language: Language) -> String {
        let count = per / 1_000
        if unit == .piece, count == 1, let words = pieceWords {
            return language == .russian ? "за \(words.russian)" : "per \(words.english)"
        }
        switch (unit, language) {
        case (.litre, .russian): return count == 1 ? "за литр" : "за \(count) л"
        case (.kilogram, .russian): return count == 1 ? "за кг" : "за \(count) кг"
        case (.piece, .russian): return count == 1 ? "за штуку" : "за \(count) шт"
        case (.litre, .english): return count == 1 ? "per litre" : "per \(count) l"
        case (.kilogram, .english): return count == 1 ? "per kg" : "per \(count) kg"
        case (.piece, .english): return count == 1 ? "per piece" : "per \(count) pieces"
        }
    }

    /// A line's price at the kind's level: kopecks per priced amount (rounded half away from zero) and
    /// how many thousandths of that amount the line bought; nil when the line's unit does not give
    /// the kind's. A kilogram and a litre stand for each other (1 g taken as 1 ml: milk sold by
    /// weight, sour cream by volume); a kind counted in several pieces takes only lines whose count
    /// is known (`10шт`), since a pack of eggs with no count printed says nothing of an egg's price.
    public func price(of line: UnitPrice.LinePrice, countKnown: Bool) -> (kopecks: Int64, thousandths: Int64)? {
        switch (unit, line.unit) {
        case (.piece, .piece): guard countKnown || per == 1_000 else { return nil }
        case (.piece, _), (_, .piece): return nil
        default: break
        }
        let (scaled, overflow) = line.kopecks.multipliedReportingOverflow(by: per)
        let (amount, amountOverflow) = line.thousandths.multipliedReportingOverflow(by: 1_000)
        guard !overflow, !amountOverflow else { return nil }
        return (scaled.dividedRoundingHalfAway(by: 1_000), amount.dividedRoundingHalfAway(by: per))
    }

    /// Whether the kind's unit is not the line's own but its counterpart (a kilogram for a litre):
    /// what the kind's price then rests on is said.
    public func assumesDensity(for unit: PriceUnit) -> Bool { unit != self.unit && unit != .piece }
}
