import Foundation

/// A category for a printed name that no rule places, learned on this machine from names that have
/// one (the user's choices, the names the rules placed, the shipped vocabulary's patterns): a
/// multinomial naive Bayes over the name key's words and the three- and four-letter pieces of
/// each word, so that `мол отб` learns from `молоко отборное` and `сосгов` from `сосиски говяжьи`.
///
/// Deterministic: the same examples in any order give the same model and the same guesses; ties go
/// to the earlier category of `Category/allCases`. Nothing leaves the machine and nothing is
/// downloaded.
public struct NameClassifier: Sendable {
    /// A name the model learns from, with its category and how much it counts (a user's choice
    /// more than a rule's).
    public struct Example: Sendable, Equatable {
        /// The name key (``ItemName/key(_:)``) or a rule's pattern, in the same folding.
        public let key: String
        /// Its category; ``Category/uncategorized`` is never learned.
        public let category: Category
        /// How many times it counts.
        public let weight: Double
        /// Who placed it in its category.
        public let source: Source

        /// Who placed an example in its category.
        public enum Source: String, Sendable, Equatable {
            /// A pattern of the shipped rules' vocabulary.
            case vocabulary
            /// A stored name the rules place.
            case rules
            /// A stored name the user chose a category for.
            case choice
        }

        /// An example.
        public init(key: String, category: Category, weight: Double = 1, source: Source = .rules) {
            self.key = key
            self.category = category
            self.weight = weight
            self.source = source
        }
    }

    /// A guess: the category and the model's probability for it, between 0 and 1.
    public struct Guess: Sendable, Equatable {
        /// The category guessed.
        public let category: Category
        /// How sure the model is: its posterior probability of that category.
        public let confidence: Double

        /// A guess of `category` with `confidence`.
        public init(category: Category, confidence: Double) {
            self.category = category
            self.confidence = confidence
        }
    }

    /// A category a name could be, with what the model rests it on: the confidence, the name's
    /// words it learned in that category, and a name it learned from there that has them.
    public struct Candidate: Sendable, Equatable {
        /// The category.
        public let category: Category
        /// The model's probability for it, between 0 and 1.
        public let confidence: Double
        /// The name's words that the model learned in this category, the most telling first; empty
        /// when only pieces of words match.
        public let words: [String]
        /// A name it learned from in this category that shares the most of ``words``; nil when
        /// ``words`` is empty.
        public let example: Example?

        /// The candidate as a guess.
        public var guess: Guess { Guess(category: category, confidence: confidence) }
    }

    /// The categories a guess can be, in ``Category/allCases`` order (uncategorized left out).
    static let categories = Category.allCases.filter { $0 != .uncategorized }

    /// Each feature's row in ``counts``.
    private let rows: [UInt64: Int]
    /// Each feature's weighted count in each category: a row of ``categories``'s length a feature,
    /// in one array rather than an array a feature, which cost an allocation each to learn.
    private let counts: [Double]
    /// Each category's log prior and the log of its total feature count plus smoothing.
    private let logPriors: [Double]
    private let logTotals: [Double]
    private let vocabularySize: Double
    /// For a whole word's feature in a category (its ``counts`` index), the heaviest example there
    /// with the word (of equals, the first key in code-point order, whatever order they came in), as
    /// an index into ``teachers``.
    private let wordExamples: [Int: Int32]
    /// The examples ``wordExamples`` names, each once.
    private let teachers: [Example]
    /// How much a feature never seen in a category still weighs (additive smoothing).
    private let smoothing = 0.1
    /// How many features' worth of evidence a name gives, whatever its length (see ``guess(_:)``).
    static let wordsWorth = 4.0

    /// How sure a guess must be to be a line's category rather than a proposal: on the held-out
    /// real names of the category benchmark, 0.7 places 98.6 % of them, about as rightly as the rules.
    public static let appliedConfidence = 0.7

    /// Learns from `examples`.
    public init(examples: [Example]) {
        let width = Self.categories.count
        var rows: [UInt64: Int] = [:]
        var counts: [Double] = []
        var documents = [Double](repeating: 0, count: Self.categories.count)
        var totals = [Double](repeating: 0, count: Self.categories.count)
        var wordExamples: [Int: Int32] = [:]
        var teachers: [Example] = []
        var taught: [Int: Int32] = [:]
        let index = Dictionary(uniqueKeysWithValues: Self.categories.enumerated().map { ($1, $0) })
        for (position, example) in examples.enumerated() {
            guard let column = index[example.category], example.weight > 0 else { continue }
            let features = Self.features(example.key)
            guard !features.isEmpty else { continue }
            documents[column] += example.weight
            for feature in features {
                let row = rows[feature] ?? rows.count
                if row == rows.count {
                    rows[feature] = row
                    counts.append(contentsOf: repeatElement(0, count: width))
                }
                counts[row * width + column] += example.weight
                totals[column] += example.weight
            }
            // Which example stands for each of its words in its category, to name as a reason.
            for word in example.key.split(separator: " ") {
                guard let feature = Self.wordFeature(word), let row = rows[feature] else { continue }
                let cell = row * width + column
                if let kept = wordExamples[cell].map({ teachers[Int($0)] }),
                    (kept.weight, example.key) >= (example.weight, kept.key)
                {
                    continue
                }
                let teacher = taught[position] ?? Int32(teachers.count)
                if Int(teacher) == teachers.count {
                    taught[position] = teacher
                    teachers.append(example)
                }
                wordExamples[cell] = teacher
            }
        }
        self.rows = rows
        self.counts = counts
        self.wordExamples = wordExamples
        self.teachers = teachers
        vocabularySize = Double(max(rows.count, 1))
        let allDocuments = documents.reduce(0, +)
        // A category never seen has no prior: it is never guessed.
        logPriors = documents.map { $0 > 0 ? log($0 / allDocuments) : -.infinity }
        let smoothing = self.smoothing
        let size = vocabularySize
        logTotals = totals.map { log($0 + smoothing * size) }
    }

    /// How many distinct features the model knows.
    public var featureCount: Int { rows.count }

    /// The likeliest category of a name key and the model's probability for it; nil when the key
    /// has no feature the model has seen, or the model has learned nothing.
    public func guess(_ key: String) -> Guess? {
        guard let posteriors = posteriors(key) else { return nil }
        var best = 0
        for column in posteriors.indices where posteriors[column] > posteriors[best] { best = column }
        return Guess(category: Self.categories[best], confidence: posteriors[best])
    }

    /// The categories a name key could be, the likeliest first (ties in `Category.allCases` order),
    /// at most `limit` of them and none below `least` but the first; empty when ``guess(_:)`` is nil.
    /// The first is always the category ``guess(_:)`` gives, with the same confidence.
    public func candidates(_ key: String, limit: Int = 3, least: Double = 0.05) -> [Candidate] {
        guard let posteriors = posteriors(key) else { return [] }
        let ranked = posteriors.indices.sorted { (posteriors[$1], $0) < (posteriors[$0], $1) }
        let width = Self.categories.count
        let words = key.split(separator: " ").compactMap { word in
            Self.wordFeature(word).flatMap { rows[$0] }.map { (word: String(word), row: $0) }
        }
        return ranked.prefix(max(limit, 1)).enumerated().compactMap { rank, column in
            guard rank == 0 || posteriors[column] >= least, posteriors[column] > 0 else { return nil }
            // The words seen in this category, the ones most of whose weight lies there first.
            let seen = words.enumerated().compactMap { position, word -> (String, Double, Int, Int)? in
                let count = counts[word.row * width + column]
                guard count > 0 else { return nil }
                let all = (0..<width).reduce(0) { $0 + counts[word.row * width + $1] }
                return (word.word, count / all, position, word.row)
            }.sorted { ($1.1, $0.2) < ($0.1, $1.2) }
            let shared = Set(seen.map(\.0))
            // Of the examples that stand for those words, the one that has most of them.
            let example = seen.compactMap { wordExamples[$0.3 * width + column].map { teachers[Int($0)] } }
                .max { first, second in
                    let (a, b) = (Self.overlap(first.key, shared), Self.overlap(second.key, shared))
                    return (a, first.weight) < (b, second.weight)
                }
            return Candidate(
                category: Self.categories[column], confidence: posteriors[column], words: seen.map(\.0),
                example: example)
        }
    }

    /// How many of `words` the key has.
    private static func overlap(_ key: String, _ words: Set<String>) -> Int {
        Set(key.split(separator: " ").map(String.init)).intersection(words).count
    }

    /// The model's probability of each of ``categories`` for a key; nil when the key has no feature
    /// the model has seen, or the model has learned nothing.
    private func posteriors(_ key: String) -> [Double]? {
        let found = Self.features(key).compactMap { rows[$0] }
        guard !found.isEmpty, logPriors.contains(where: { $0 > -.infinity }) else { return nil }
        var likelihoods = [Double](repeating: 0, count: logPriors.count)
        let width = Self.categories.count
        for row in found {
            for column in likelihoods.indices {
                likelihoods[column] += log(counts[row * width + column] + smoothing) - logTotals[column]
            }
        }
        // Naive Bayes counts a word's pieces as if each were news of its own, which makes it sure of
        // everything; the features' mean, times a few words' worth, gives confidences that mean
        // something (the category guessed does not change).
        let scale = Self.wordsWorth / Double(found.count)
        let scores = logPriors.indices.map { column in
            logPriors[column] > -.infinity ? logPriors[column] + likelihoods[column] * scale : -.infinity
        }
        // The posteriors, from log scores without overflow.
        let top = scores.max() ?? 0
        let sum = scores.reduce(0) { $0 + ($1 > -.infinity ? exp($1 - top) : 0) }
        return scores.map { $0 > -.infinity ? exp($0 - top) / sum : 0 }
    }

    /// The features of a key: each word (`w:`), and each word's three- and four-letter pieces with
    /// the word's edges marked (`^мол`, `оло`, `лок$`…), hashed to 64 bits.
    static func features(_ key: String) -> [UInt64] {
        var features: [UInt64] = []
        for word in key.split(separator: " ") {
            let scalars = Array(word.unicodeScalars)
            guard let whole = wordFeature(scalars) else { continue }
            features.append(whole)
            let marked = ["^"] + scalars + ["$"]
            for length in 3...4 where marked.count >= length {
                for start in 0...(marked.count - length) {
                    features.append(hash(marked[start..<(start + length)], tag: UInt64(length)))
                }
            }
        }
        return features
    }

    /// The feature of a whole word (`w:`); nil for a word without a letter, which has none.
    static func wordFeature(_ word: Substring) -> UInt64? { wordFeature(Array(word.unicodeScalars)) }

    private static func wordFeature(_ scalars: [Unicode.Scalar]) -> UInt64? {
        guard scalars.contains(where: { $0.properties.isAlphabetic }) else { return nil }
        return hash(scalars[...], tag: 1)
    }

    /// FNV-1a over the scalars, seeded by the kind of feature.
    private static func hash(_ scalars: ArraySlice<Unicode.Scalar>, tag: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ tag
        for scalar in scalars {
            hash ^= UInt64(scalar.value)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
