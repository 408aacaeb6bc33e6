import Foundation
public import ReceiptCore

extension Language {
    /// The language an `Accept-Language` header prefers among those the tool speaks: the highest
    /// `q` wins, the earlier on a tie; English when the header is absent or names neither.
    ///
    /// Malformed parts are skipped rather than refused: a header can only ever choose the language.
    public init(acceptLanguage header: String?) {
        var best: (language: Language, weight: Double)?
        for part in (header ?? "").split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first, let language = Language(tag: tag) else { continue }
            var weight = 1.0
            for field in fields.dropFirst() where field.lowercased().hasPrefix("q=") {
                weight = Double(field.dropFirst(2)).flatMap { (0...1).contains($0) ? $0 : nil } ?? 0
            }
            if weight > 0, weight > best?.weight ?? 0 { best = (language, weight) }
        }
        self = best?.language ?? .english
    }

    /// The `Accept-Language` a client sends for a person who reads this language: it first, the
    /// other as the fallback.
    public var acceptLanguageHeader: String {
        switch self {
        case .russian: return "ru, en;q=0.5"
        case .english: return "en, ru;q=0.5"
        }
    }
}
