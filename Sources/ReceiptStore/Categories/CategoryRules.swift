public import ReceiptCore

/// What gives an item a category from its name key (`ItemName`), for the database to apply as it
/// saves. The statistics module provides the real rules; the database itself knows none.
public protocol CategoryRules: Sendable {
    /// Changes whenever the rules do, so that the database re-categorizes what it holds.
    var fingerprint: String { get }

    /// The category the rules give a name key, or nil when none matches.
    func category(forKey key: String) -> Category?

    /// What the rules teach `NameClassifier` of each category's words (a rule's pattern as an
    /// example); none by default.
    var examples: [NameClassifier.Example] { get }
}

extension CategoryRules {
    /// No examples: the classifier learns from the names the database holds alone.
    public var examples: [NameClassifier.Example] { [] }
}

/// No rules at all: items take their shop's category or stay uncategorized.
public struct NoCategoryRules: CategoryRules {
    /// Rules that give no name a category.
    public init() {}
    /// The same always, so that opening with no rules never re-categorizes twice.
    public var fingerprint: String { "none" }
    /// Always nil: the shop's category, else uncategorized, decides.
    public func category(forKey key: String) -> Category? { nil }
}
