import ReceiptCore
public import ReceiptStore

/// `{"id", "category" | "shop" | "words", "people": [{"name", "weight"}]}`: a split rule as `--json`
/// gives it, the one of the three it looks at, and its people (one removed since is left out).
public struct SplitRuleEntry: Encodable, Sendable {
    /// A person the rule's lines are for, by weight.
    public struct Share: Encodable, Sendable {
        /// The person's name.
        public let name: String
        /// Their part, relative to the others'.
        public let weight: Int64
    }

    /// The rule's number.
    public let id: Int64
    /// The category it looks at (its identifier), when it does.
    public private(set) var category: String?
    /// The shop it looks at (as `receipts shops` numbers it), when it does.
    public private(set) var shop: Int64?
    /// The words it looks for, when it does.
    public private(set) var words: String?
    /// Who its lines are for.
    public let people: [Share]

    /// The entry of `rule`, its people named by `names` (people's ids to names).
    public init(_ rule: SplitRule, names: [Int64: String]) {
        id = rule.id
        people = rule.weights.compactMap { weight in names[weight.person].map { Share(name: $0, weight: weight.weight) }
        }
        switch rule.match {
        case .category(let category): self.category = category.rawValue
        case .shop(let shop): self.shop = shop
        case .words(let text): words = text
        }
    }
}
