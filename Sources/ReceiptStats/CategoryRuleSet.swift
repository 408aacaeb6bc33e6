import Foundation
public import ReceiptCore
public import ReceiptStore
import Synchronization

/// Category rules read from rules files: keyword patterns and regular expressions over item name
/// keys (`ItemName`). The user's file is consulted before the shipped one; within a file the
/// longest matching pattern wins, and the earlier line on a tie.
public struct CategoryRuleSet: CategoryRules {
    /// One pattern and the category it gives.
    struct Rule: @unchecked Sendable {
        enum Pattern {
            /// Word beginnings, in order: `молок` is `молоко`, `молочный`…
            case words([String])
            /// Whole words in a row (a quoted pattern): `"нап"` is `нап` and not `напиток`; kept
            /// with a space on each side, as the name is when it is matched.
            case phrase(String)
            case expression(NSRegularExpression)
        }
        let category: Category
        let pattern: Pattern
        /// How much of a name the pattern pins down: longer patterns are more specific.
        let weight: Int
        /// The pattern as written, and where: `mine.txt:12`.
        let text: String
        let location: String
        /// The UTF-8 of each word (a phrase: of the phrase) when it is plain (``RuleKey``), for
        /// comparing with plain keys byte by byte; nil for an expression, or text of other scripts.
        let utf8: [[UInt8]]?

        init(category: Category, pattern: Pattern, weight: Int, text: String, location: String) {
            self.category = category
            self.pattern = pattern
            self.weight = weight
            self.text = text
            self.location = location
            switch pattern {
            case .words(let words):
                let bytes = words.compactMap(RuleKey.plainUTF8)
                utf8 = bytes.count == words.count ? bytes : nil
            case .phrase(let phrase): utf8 = RuleKey.plainUTF8(phrase).map { [$0] }
            case .expression: utf8 = nil
            }
        }

        /// Whether the pattern matches the key.
        func matches(_ key: RuleKey) -> Bool {
            switch pattern {
            case .words(let wanted):
                // Each wanted beginning starts a word of the name, in order.
                if key.spaced != nil, let utf8 {
                    var index = 0
                    for beginning in utf8 {
                        while index < key.wordRanges.count, !key.word(index, beginsWith: beginning) { index += 1 }
                        guard index < key.wordRanges.count else { return false }
                        index += 1
                    }
                    return true
                }
                var index = 0
                for beginning in wanted {
                    while index < key.words.count, !key.words[index].hasPrefix(beginning) { index += 1 }
                    guard index < key.words.count else { return false }
                    index += 1
                }
                return true
            case .phrase(let phrase):
                if key.spaced != nil, let utf8 { return key.contains(utf8[0]) }
                return (" " + key.text + " ").contains(phrase)
            case .expression(let expression):
                return expression.firstMatch(in: key.text, range: NSRange(key.text.startIndex..., in: key.text)) != nil
            }
        }
    }

    /// One file's rules, with an index that leaves out most of them for a given name.
    struct File: Sendable {
        let rules: [Rule]
        /// The positions of the word and phrase patterns by the first one or two letters of their
        /// first word: a name's word must begin with those letters for the pattern to match.
        let byStart: [Substring: [Int]]
        /// The same index for plain keys, by ``RuleKey/start(of:scalars:)``.
        let byPlainStart: [UInt64: [Int]]
        /// The word and phrase patterns whose first letters are not plain: tried on every plain key.
        let unplainStarts: [Int]
        /// The positions of the expressions, tried on every name.
        let expressions: [Int]

        init(_ rules: [Rule]) {
            self.rules = rules
            var byStart: [Substring: [Int]] = [:]
            var byPlainStart: [UInt64: [Int]] = [:]
            var unplainStarts: [Int] = []
            var expressions: [Int] = []
            for (index, rule) in rules.enumerated() {
                let start: Substring
                switch rule.pattern {
                case .words(let words): start = words[0].prefix(2)
                case .phrase(let phrase): start = phrase.dropFirst().prefix { $0 != " " }.prefix(2)
                case .expression:
                    expressions.append(index)
                    continue
                }
                byStart[start, default: []].append(index)
                if let bytes = RuleKey.plainUTF8(start) {
                    byPlainStart[RuleKey.start(of: bytes[...], scalars: 2), default: []].append(index)
                } else {
                    unplainStarts.append(index)
                }
            }
            self.byStart = byStart
            self.byPlainStart = byPlainStart
            self.unplainStarts = unplainStarts
            self.expressions = expressions
        }

        /// The longest pattern that matches, the earlier on a tie.
        func winner(_ key: RuleKey) -> Rule? {
            var best: Int?
            func consider(_ index: Int) {
                let rule = rules[index]
                if let best, rules[best].weight > rule.weight || (rules[best].weight == rule.weight && best < index) {
                    return
                }
                if rule.matches(key) { best = index }
            }
            if let spaced = key.spaced {
                var starts: [UInt64] = []
                for range in key.wordRanges {
                    for count in 1...2 {
                        let start = RuleKey.start(of: spaced[range], scalars: count)
                        if !starts.contains(start) { starts.append(start) }
                    }
                }
                for start in starts { byPlainStart[start]?.forEach(consider) }
                unplainStarts.forEach(consider)
            } else {
                var starts: Set<Substring> = []
                for word in key.words {
                    starts.insert(word.prefix(1))
                    starts.insert(word.prefix(2))
                }
                for start in starts { byStart[start]?.forEach(consider) }
            }
            expressions.forEach(consider)
            return best.map { rules[$0] }
        }
    }

    /// The rule files, the first consulted first.
    let files: [File]
    /// A hash of the rule files' texts: any edit changes it, and the database re-categorizes.
    public let fingerprint: String

    /// Rules from the texts of rule files, the first consulted first; `sources` name them in errors.
    public init(texts: [(source: String, text: String)]) throws(CategoryRulesError) {
        var files: [File] = []
        for (source, text) in texts { files.append(try Self.file(text, source: source)) }
        self.files = files
        fingerprint = Self.fingerprint(of: texts.map(\.text))
    }

    /// The category of the longest pattern that matches `key` in the first file with a match; nil when
    /// no file has one.
    public func category(forKey key: String) -> Category? {
        category(of: RuleKey(key))
    }

    /// The pattern that places `key`, as written and where (`category-rules.txt:412`), with its
    /// category: what a person growing the vocabulary asks of a name placed wrongly.
    public func deciding(key: String) -> (pattern: String, location: String, category: Category)? {
        winner(RuleKey(key)).map { ($0.text, $0.location, $0.category) }
    }

    func category(of key: RuleKey) -> Category? {
        winner(key)?.category
    }

    /// The longest pattern that matches `key` in the first file with a match.
    private func winner(_ key: RuleKey) -> Rule? {
        for file in files {
            if let best = file.winner(key) { return best }
        }
        return nil
    }

    /// The word and phrase patterns as examples for `NameClassifier`, each once (expressions left
    /// out): the vocabulary teaches the model what the words of each category look like.
    public var examples: [NameClassifier.Example] {
        files.flatMap(\.rules).compactMap { rule in
            switch rule.pattern {
            case .words(let words):
                NameClassifier.Example(key: words.joined(separator: " "), category: rule.category, source: .vocabulary)
            case .phrase(let phrase):
                // Kept as ` key ` (see parse): the key without its two spaces, as trimming gave it, for
                // a fraction of Foundation's trimming, which cost a classifier's training a quarter.
                NameClassifier.Example(
                    key: String(phrase.dropFirst().dropLast()), category: rule.category, source: .vocabulary)
            case .expression: nil
            }
        }
    }

    /// What is wrong with the rules of each file taken alone: a pattern that its own text, read as a
    /// name, does not reach (it can never match), or reaches in another category (another pattern at
    /// least as long takes it, so the two contradict each other). Expressions are not checked.
    public func conflicts() -> [String] {
        var found: [String] = []
        for file in files {
            for rule in file.rules {
                let key: String
                switch rule.pattern {
                case .words(let words): key = words.joined(separator: " ")
                case .phrase(let phrase): key = phrase.trimmingCharacters(in: .whitespaces)
                case .expression: continue
                }
                let name = RuleKey(key)
                guard rule.matches(name) else {
                    found.append("\(rule.location): «\(rule.text)» can never match")
                    continue
                }
                if let winner = file.winner(name), winner.category != rule.category {
                    found.append(
                        "\(rule.location): «\(rule.text)» (\(rule.category.rawValue)) is taken by «\(winner.text)» "
                            + "(\(winner.category.rawValue), \(winner.location))")
                }
            }
        }
        return found
    }

    /// The file `text` from `source`, parsed once a process: every command of a run, and every run of
    /// a process (the tests run commands in process), reads the same shipped file, whose parse costs
    /// more than the rest of a short command. A handful of texts are kept; more start the keeping over.
    private static func file(_ text: String, source: String) throws(CategoryRulesError) -> File {
        let key = source + "\u{0}" + text
        if let file = parsedFiles.withLock({ $0[key] }) { return file }
        let file = File(try parse(text, source: source))
        parsedFiles.withLock { files in
            if files.count >= 8 { files.removeAll() }
            files[key] = file
        }
        return file
    }

    private static let parsedFiles = Mutex<[String: File]>([:])

    private static func parse(_ text: String, source: String) throws(CategoryRulesError) -> [Rule] {
        var rules: [Rule] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let location = "\(source):\(index + 1)"
            guard let colon = line.firstIndex(of: ":") else { throw .noColon(location: location) }
            let name = String(line[..<colon])
            guard let category = Category(lookingUp: name), category != .uncategorized else {
                throw .unknownCategory(name.trimmingCharacters(in: .whitespaces), location: location)
            }
            for part in line[line.index(after: colon)...].split(separator: ",") {
                let pattern = part.trimmingCharacters(in: .whitespaces)
                if pattern.isEmpty { continue }
                if pattern.hasPrefix("~") {
                    let source = String(pattern.dropFirst())
                    guard let expression = try? NSRegularExpression(pattern: source) else {
                        throw .badExpression(source, location: location)
                    }
                    rules.append(
                        Rule(
                            category: category, pattern: .expression(expression), weight: source.count, text: pattern,
                            location: location))
                } else if pattern.count >= 2, pattern.hasPrefix("\""), pattern.hasSuffix("\"") {
                    // Folded as names are: `"с/м"` is the words `с м`, `"пиво б/а"` is `пиво без а`.
                    let phrase = ItemName.key(String(pattern.dropFirst().dropLast()))
                    guard !phrase.isEmpty else { throw .emptyPattern(pattern, location: location) }
                    rules.append(
                        Rule(
                            category: category, pattern: .phrase(" " + phrase + " "), weight: phrase.count,
                            text: pattern, location: location))
                } else {
                    // Patterns are folded as names are, so `Молоко` and `молоко` are one rule.
                    let words = ItemName.key(pattern).split(separator: " ").map(String.init)
                    guard !words.isEmpty else { throw .emptyPattern(pattern, location: location) }
                    let weight = words.reduce(0) { $0 + $1.count } + words.count - 1
                    rules.append(
                        Rule(
                            category: category, pattern: .words(words), weight: weight, text: pattern,
                            location: location))
                }
            }
        }
        return rules
    }

    /// FNV-1a over the texts: enough to notice any edit of a rules file.
    private static func fingerprint(of texts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for text in texts {
            for byte in text.utf8 + [0] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        return "rules-" + String(hash, radix: 16)
    }
}

/// Why a rules file could not be read.
public enum CategoryRulesError: Error, Equatable, LocalizedMessage {
    case noColon(location: String)
    case unknownCategory(String, location: String)
    case badExpression(String, location: String)
    case emptyPattern(String, location: String)
    case unreadable(path: String, reason: String)
    case missingShippedRules

    /// Names the file and line (`category-rules.txt:12`) and what is wrong there.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .noColon(let location):
            return ru
                ? "\(location): нет двоеточия после категории (пример: «groceries: молок, кефир»)"
                : "\(location): no colon after the category (for example “groceries: молок, кефир”)"
        case .unknownCategory(let name, let location):
            return ru ? "\(location): неизвестная категория «\(name)»" : "\(location): unknown category “\(name)”"
        case .badExpression(let expression, let location):
            return ru
                ? "\(location): неверное регулярное выражение «\(expression)»"
                : "\(location): invalid regular expression “\(expression)”"
        case .emptyPattern(let pattern, let location):
            return ru
                ? "\(location): в шаблоне «\(pattern)» нет ни одного слова"
                : "\(location): the pattern “\(pattern)” has no words"
        case .unreadable(let path, let reason):
            return ru ? "не удалось прочитать \(path): \(reason)" : "cannot read \(path): \(reason)"
        case .missingShippedRules:
            return ru
                ? "не найден файл правил категорий, поставляемый с программой"
                : "the category rules file shipped with the tool is missing"
        }
    }
}
