import Foundation

/// What the user's corrections of the rules teach: a name the rules place in a category where the
/// user moved a similar name away from that same category goes where the user moved it.
///
/// The rules place `ARCOS ВИЛКА Д/СТЕЙК` with food (`стейк`); the user moves it to household. Then
/// `ARCOS ЛОЖКА Д/СТЕЙК`, which the same rule places with food, follows it, and `Стейк свиной` does
/// not. Similar means sharing most of the name's weight in words, each word weighing by how rare it
/// is among the names the file holds (`arcos`, `дерев` weigh much; `д`, `стейк` little), so the
/// words that made the rule fire, which every name of that rule shares, count for little and the
/// brand, the model and the shape of the name decide.
///
/// Deterministic: the same corrections and names in any order give the same answers; ties go to the
/// earlier category of `Category.allCases`.
public struct RuleCorrections: Sendable {
    /// A name the user placed elsewhere than the rules did.
    public struct Correction: Sendable, Hashable {
        /// The name key (``ItemName/key(_:)``).
        public let key: String
        /// Where the rules placed it.
        public let rule: Category
        /// Where the user moved it.
        public let chosen: Category

        /// A correction of `rule` to `chosen` for the name `key`.
        public init(key: String, rule: Category, chosen: Category) {
            self.key = key
            self.rule = rule
            self.chosen = chosen
        }
    }

    /// How much of two names' weight in words they must share (twice the shared weight over both
    /// names' weights) for the correction of one to move the other. Worked out on the tuning part
    /// of the category benchmark's names.
    public static let similarity = 0.6

    /// The corrections by the category the rules gave, each with its words and their weight.
    private let byRule: [Category: [(words: Set<Substring>, weight: Double, chosen: Category)]]
    /// Each word's weight: the log of how many names there are over how many have it.
    private let weights: [Substring: Double]
    /// The weight of a word no name of the file has: the rarest there is.
    private let unseenWeight: Double

    /// Nothing learned: every name stays where the rules place it.
    public static let none = RuleCorrections(corrections: [], names: [])

    /// What `corrections` teach, words weighed over `names` (the file's name keys, each once).
    public init(corrections: [Correction], names: some Sequence<String>) {
        var documents: [Substring: Int] = [:]
        var count = 0
        if !corrections.isEmpty {
            for name in names {
                count += 1
                for word in Set(Self.words(name)) { documents[word, default: 0] += 1 }
            }
            for correction in corrections {
                for word in Set(Self.words(correction.key)) where documents[word] == nil { documents[word] = 1 }
            }
        }
        let total = Double(max(count, 1))
        var weights: [Substring: Double] = [:]
        for (word, found) in documents { weights[word] = log((total + 1) / (Double(found) + 0.5)) }
        self.weights = weights
        unseenWeight = log((total + 1) / 0.5)
        var byRule: [Category: [(words: Set<Substring>, weight: Double, chosen: Category)]] = [:]
        // Sorted, so that the order the corrections came in decides nothing.
        for correction in corrections.sorted(by: { ($0.key, $0.chosen.rawValue) < ($1.key, $1.chosen.rawValue) })
        where correction.chosen != correction.rule {
            let words = Set(Self.words(correction.key))
            let weight = words.reduce(0) { $0 + (weights[$1] ?? 0) }
            guard weight > 0 else { continue }
            byRule[correction.rule, default: []].append((words, weight, correction.chosen))
        }
        self.byRule = byRule
    }

    /// Whether any correction was learned.
    public var isEmpty: Bool { byRule.isEmpty }

    /// Where the corrections move a name key that the rules placed in `rule`; nil when no correction
    /// of that placement is similar enough.
    public func category(forKey key: String, ruledAs rule: Category) -> Category? {
        guard let corrections = byRule[rule] else { return nil }
        let words = Set(Self.words(key))
        let weight = words.reduce(0) { $0 + (weights[$1] ?? unseenWeight) }
        guard weight > 0 else { return nil }
        var best: (score: Double, category: Category)?
        for correction in corrections {
            let shared = words.intersection(correction.words).reduce(0) { $0 + (weights[$1] ?? 0) }
            let score = 2 * shared / (weight + correction.weight)
            guard score >= Self.similarity else { continue }
            if let current = best {
                if score < current.score { continue }
                if score == current.score, Self.rank(correction.chosen) >= Self.rank(current.category) { continue }
            }
            best = (score, correction.chosen)
        }
        return best?.category
    }

    /// A category's place in `Category.allCases`, for ties.
    private static func rank(_ category: Category) -> Int {
        Category.allCases.firstIndex(of: category) ?? Category.allCases.count
    }

    /// The words of a name key, as the key separates them.
    static func words(_ key: String) -> [Substring] {
        key.split(separator: " ")
    }
}
