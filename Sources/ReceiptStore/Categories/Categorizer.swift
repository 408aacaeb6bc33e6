import GRDB
import ReceiptCore

/// A name of `item_names` as saving needs it: its row, the user's choice, the rules' category, where
/// the user's corrections of the rules move it, and the classifier's guess when it is sure enough.
struct NameEntry: Sendable {
    let id: Int64
    let chosen: Category?
    let rule: Category?
    /// Where the user's corrections of similar names move a name the rules placed
    /// (``RuleCorrections``); nil when none does.
    var learned: Category? = nil
    /// The classifier's category (``NameClassifier``), only when its confidence reaches
    /// ``NameClassifier/appliedConfidence``.
    var guess: Category? = nil
    /// Whether the name is a carrier bag's (``ShopKind/isCarrierBag(key:)``), which a specialised
    /// shop counts as its own.
    var carrierBag = false

    /// The category the name gives wherever it is bought: the user's choice, else what their
    /// corrections taught, else the rules'.
    var category: Category? { chosen ?? learned ?? rule }
}

/// What a receipt's shop says of its lines: the category of its place (the receipts server's), and
/// its kind (``ShopKind``).
struct ShopEvidence: Sendable {
    let placeCategory: Category?
    let kind: ShopKind?

    /// The category of what the lines do not place: money a receipt counts beyond its lines, or a
    /// line the rules know nothing of.
    var category: Category? { placeCategory ?? kind?.category }

    /// A line's category: the user's choice for its name; else where the user's corrections of
    /// similar names move it; else the rules', as the shop's kind reads them
    /// (``ShopKind/category(ofLineRuledAs:)``); else the shop's; else the classifier's guess; else
    /// uncategorized.
    func category(of name: NameEntry) -> Category {
        if let chosen = name.chosen { return chosen }
        if let learned = name.learned { return learned }
        if let rule = name.rule { return kind?.category(ofLineRuledAs: rule, carrierBag: name.carrierBag) ?? rule }
        return category ?? name.guess ?? .uncategorized
    }

    /// The same decisions in SQL, over a line `i`, its name row `n`, a place `p` and a shop `s`,
    /// a choice for the line itself (`i.chosen`) first.
    static let lineSQL: String = {
        // For each kind and rule: a carrier bag's reading first, where it differs, then the kind's.
        let overrides = ShopKind.allCases.flatMap { kind in
            Category.allCases.flatMap { rule -> [String] in
                let when = "WHEN s.kind = '\(kind.rawValue)' AND n.rule = '\(rule.rawValue)'"
                let read = kind.category(ofLineRuledAs: rule)
                var cases: [String] = []
                if let bag = kind.category(ofLineRuledAs: rule, carrierBag: true), bag != read {
                    cases.append("\(when) AND n.key GLOB '\(ShopKind.carrierBagPrefix)*' THEN '\(bag.rawValue)'")
                }
                if let read, read != rule { cases.append("\(when) THEN '\(read.rawValue)'") }
                return cases
            }
        }
        return """
            CASE WHEN i.chosen IS NOT NULL THEN i.chosen
                WHEN n.chosen IS NOT NULL THEN n.chosen
                WHEN n.learned IS NOT NULL THEN n.learned
                \(overrides.joined(separator: "\n    "))
                WHEN n.rule IS NOT NULL THEN n.rule
                ELSE COALESCE(\(shopSQL), \(guessSQL), 'uncategorized') END
            """
    }()

    /// A name row `n`'s guess when it is sure enough, else NULL.
    static let guessSQL = "(CASE WHEN n.confidence >= \(NameClassifier.appliedConfidence) THEN n.guess END)"

    /// ``category`` in SQL, over a place `p` and a shop `s`: NULL when it is nil.
    static let shopSQL = "COALESCE(p.category, \(ShopIdentity.kindCategory("s.kind")))"

    /// ``category`` in SQL, over a place `p` and a shop `s`: 'uncategorized' when it is nil.
    static let receiptSQL = "COALESCE(\(shopSQL), 'uncategorized')"
}

/// Names, places and shops resolved by earlier transactions (see ``ReceiptDatabase/resolved``).
struct ResolvedCache: Sendable {
    var names = PrintedNameTable<NameEntry>()
    var places: [String: PlaceEntry?] = [:]
    /// Shops by what their receipts print (``ShopIdentity/shop(of:in:cached:known:)``).
    var shops: [ByteKey: ShopIdentity.Entry] = [:]
    var generation = 0
}

/// A place as the totals need it.
struct PlaceEntry: Sendable {
    let category: Category?
}

/// Resolves item names and places to categories inside one write transaction, creating name rows
/// as they first appear. Names already known come from the database's cache; the ones this
/// transaction met are handed back to it only after the commit.
struct Categorizer {
    let rules: any CategoryRules
    /// The classifier, trained when a name first needs a guess (``ReceiptDatabase/classifier(in:)``).
    let classifier: (Database) throws -> NameClassifier
    /// What the user's corrections of the rules teach, read when a name the rules place first needs
    /// it (``ReceiptDatabase/corrections(in:)``).
    let corrections: (Database) throws -> RuleCorrections
    let cached: PrintedNameTable<NameEntry>
    private(set) var added = PrintedNameTable<NameEntry>()
    private let cachedPlaces: [String: PlaceEntry?]
    /// Places looked up by this transaction and not changed by it.
    private(set) var placesMet: [String: PlaceEntry?] = [:]
    /// Places this transaction wrote: never taken from the cache again in it, nor handed back.
    private(set) var placesWritten: Set<String> = []
    private var byID: [Int64: NameEntry] = [:]

    init(
        rules: any CategoryRules, classifier: @escaping (Database) throws -> NameClassifier,
        corrections: @escaping (Database) throws -> RuleCorrections, cached: PrintedNameTable<NameEntry>,
        places: [String: PlaceEntry?]
    ) {
        self.rules = rules
        self.classifier = classifier
        self.corrections = corrections
        self.cached = cached
        cachedPlaces = places
    }

    /// The entry of a printed item name.
    mutating func name(_ printedText: String, in db: Database) throws -> NameEntry {
        let printed = PrintedName(printedText)
        if let entry = cached[printed] ?? added[printed] { return entry }
        let key = ItemName.key(printedText)
        let entry: NameEntry
        var values = DirectBindings(
            try db.cachedStatement(
                sql: "SELECT id, key, chosen, rule, learned, guess, confidence FROM item_names WHERE key = ?"))
        values.add(key)
        if let found = try values.fetchColumns(Self.entry(columns:)) {
            entry = found
        } else {
            let rule = rules.category(forKey: key)
            // Only a name the rules cannot place is guessed: the classifier is trained then, once.
            let guess = rule == nil ? try classifier(db).guess(key) : nil
            let learned = try rule.flatMap { try corrections(db).category(forKey: key, ruledAs: $0) }
            try db.cachedStatement(
                sql: "INSERT INTO item_names (key, display, rule, learned, guess, confidence) VALUES (?, ?, ?, ?, ?, ?)"
            ).execute(arguments: [
                key, printedText, rule?.rawValue, learned?.rawValue, guess?.category.rawValue, guess?.confidence,
            ])
            let id = db.lastInsertedRowID
            try ProductRows.assign(row: id, key: key, in: db)
            entry = NameEntry(
                id: id, chosen: nil, rule: rule, learned: learned,
                guess: guess.flatMap { $0.confidence >= NameClassifier.appliedConfidence ? $0.category : nil },
                carrierBag: ShopKind.isCarrierBag(key: key))
        }
        added.update(entry, for: printed)
        return entry
    }

    /// The entry of a name row by its id.
    mutating func name(id: Int64, in db: Database) throws -> NameEntry {
        if let entry = byID[id] { return entry }
        var values = DirectBindings(
            try db.cachedStatement(
                sql: "SELECT id, key, chosen, rule, learned, guess, confidence FROM item_names WHERE id = ?"))
        values.add(id)
        let entry = try values.fetchColumns(Self.entry(columns:)) ?? NameEntry(id: id, chosen: nil, rule: nil)
        byID[id] = entry
        return entry
    }

    /// The place a receipt names, or nil.
    mutating func place(_ id: String?, in db: Database) throws -> PlaceEntry? {
        guard let id else { return nil }
        if let entry = placesMet[id] { return entry }
        if !placesWritten.contains(id), let entry = cachedPlaces[id] { return entry }
        var values = DirectBindings(try db.cachedStatement(sql: "SELECT category FROM places WHERE id = ?"))
        values.add(id)
        let entry = try values.fetchColumns { PlaceEntry(category: $0.text(0).flatMap(Category.init(rawValue:))) }
        placesMet[id] = entry
        return entry
    }

    /// Forgets the names met by id, after their guesses were written anew.
    mutating func forgetNames() {
        byID = [:]
    }

    /// Forgets a place, after it was written anew.
    mutating func forgetPlace(_ id: String) {
        placesMet[id] = nil
        placesWritten.insert(id)
    }

    /// The entry of an `item_names` row read by ``DirectBindings`` (`id, key, chosen, rule, learned,
    /// guess, confidence`, in that order).
    static func entry(columns row: DirectBindings.Columns) -> NameEntry {
        let confidence = row.isNull(6) ? 0 : row.double(6)
        return NameEntry(
            id: row.int64(0), chosen: row.text(2).flatMap(Category.init(rawValue:)),
            rule: row.text(3).flatMap(Category.init(rawValue:)),
            learned: row.text(4).flatMap(Category.init(rawValue:)),
            guess: confidence >= NameClassifier.appliedConfidence ? row.text(5).flatMap(Category.init(rawValue:)) : nil,
            carrierBag: ShopKind.isCarrierBag(key: row.text(1) ?? ""))
    }
}
