import ReceiptCore
import ReceiptStore

/// Item names as the categories page lists them (without a category, guessed, or matching some
/// words), most bought first, each with the classifier's candidates when it has some.
struct NameListView: Encodable {
    /// A category the classifier finds a name could be, offered as one click, never chosen
    /// beforehand: its identifier, its name, and what it rests on (`82 %: слово «шоколад»; …`).
    struct Candidate: Encodable {
        let category: String
        let name: String
        let confidence: Double
        let reason: String
    }

    struct Name: Encodable {
        let name: String
        let key: String
        let total: Int64
        let totalText: String
        let itemsText: String
        /// The category the lines count in now.
        let category: String
        /// The classifier's guess (its identifier): what the page's choice starts at.
        let guess: String?
        /// `Sweets, 82%`: the guess for people.
        let guessText: String?
        /// The categories it could be, best first (`NameClassifier.candidates`).
        let candidates: [Candidate]
    }

    let names: [Name]
    let empty: String?

    init(_ names: [NameSpending], empty: String, words: WebWords) {
        let language = words.language
        self.names = names.map { name in
            Name(
                name: name.name, key: name.key, total: name.total.kopecks,
                totalText: name.total.formatted(in: language), itemsText: words.items(name.items, pending: false),
                category: name.category.rawValue, guess: name.guess?.category.rawValue,
                guessText: name.guess.map { "\($0.category.name(in: language)), \($0.confidenceText(in: language))" },
                candidates: name.candidates.map { candidate in
                    Candidate(
                        category: candidate.category.rawValue, name: candidate.category.name(in: language),
                        confidence: candidate.confidence, reason: candidate.reasonText(in: language))
                })
        }
        self.empty = names.isEmpty ? empty : nil
    }
}

/// What the page asks of categories: `{"name", "category"}` to choose for a name, `{"name"}` to
/// confirm its guess, `{"words", "category"}` for every name with the words, `{"receipt", "line",
/// "category"}` for one line (from 1; no category forgets the line's choice), `{"action"}` to undo.
struct CategoryRequest: Decodable {
    var name: String?
    var category: String?
    var words: String?
    var receipt: Int64?
    var line: Int?
    var action: Int64?
}

/// `{"message", "action"}`: what a choice did, and its number to undo it.
struct CategoryActionView: Encodable {
    let message: String
    let action: Int64
}
