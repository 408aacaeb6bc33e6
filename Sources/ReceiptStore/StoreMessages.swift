import Foundation
public import ReceiptCore

extension PendingCheck {
    /// What the source last said, for people: `Invalid — the tax service's answer: status 15
    /// (2026-11-20T09:00:00Z)`, or that it is not ready yet and how often it was asked.
    public func summary(in language: Language) -> String {
        let ru = language == .russian
        let source = provider == "fns" ? (ru ? "налоговая" : "the tax service") : provider
        let when = ISO8601DateFormatter().string(from: checkedAt)
        switch outcome {
        case .invalid:
            let answer = Self.answer(
                of: provider, reason ?? (ru ? "причина не указана" : "no reason given"), in: language)
            return ru ? "Недействителен — \(answer) (\(when))" : "Invalid — \(answer) (\(when))"
        case .waiting:
            return ru
                ? "Ещё не готов у источника (\(source)), спрошено раз: \(tries), последний \(when)"
                : "Not ready yet at \(source), asked \(tries) times, last \(when)"
        }
    }

    /// A source's final answer, named: `the tax service's answer: status 15`.
    public static func answer(of provider: String, _ reason: String, in language: Language) -> String {
        let ru = language == .russian
        // The source's own words, on one line whatever they hold.
        let reason = reason.visible()
        switch provider {
        case "fns":
            return (ru ? "ответ налоговой: " : "the tax service's answer: ")
                + reason.replacingOccurrences(of: "status", with: ru ? "статус" : "status")
        case "proverkacheka":
            return (ru ? "ответ proverkacheka.com: " : "proverkacheka.com's answer: ") + reason
        default:
            return "\(provider): \(reason)"
        }
    }
}

extension CategoryChoice {
    /// `“МОЛОКО 3.2%” → Groceries; items moved: 12`: a category chosen for a name.
    public func chosenMessage(in language: Language) -> String {
        language == .russian
            ? "«\(key)» → \(category.name(in: .russian)); перенесено позиций: \(itemsMoved)"
            : "“\(key)” → \(category.name(in: .english)); items moved: \(itemsMoved)"
    }

    /// That the choice of a category for a name is forgotten and its items follow the rules again.
    public func forgottenMessage(in language: Language) -> String {
        language == .russian
            ? "«\(key)»: выбор «\(category.name(in: .russian))» забыт; "
                + "позиции — снова по правилам и магазинам, перенесено: \(itemsMoved)"
            : "“\(key)”: the choice of \(category.name(in: .english)) is forgotten; "
                + "items go by the rules and shops again, moved: \(itemsMoved)"
    }
}

extension NameClassifier.Guess {
    /// How sure the guess is, as a whole percentage: `82 %` in Russian, `82%` in English.
    public func confidenceText(in language: Language) -> String {
        let percent = Int((confidence * 100).rounded(.down))
        return language == .russian ? "\(percent) %" : "\(percent)%"
    }
}

extension NameClassifier.Candidate {
    /// What the candidate rests on, after its confidence: `82%: the words “шоколад”, “молочн”; like
    /// “шоколад молочный” (your choice)`; only pieces of words when no whole word matched.
    public func reasonText(in language: Language) -> String {
        let ru = language == .russian
        let quoted = words.map { ru ? "«\($0)»" : "“\($0)”" }.joined(separator: ", ")
        var reason =
            words.isEmpty
            ? (ru ? "похожи части слов" : "parts of words alike")
            : ru
                ? (words.count == 1 ? "слово " : "слова ") + quoted
                : (words.count == 1 ? "the word " : "the words ") + quoted
        if let example {
            let by =
                switch example.source {
                case .choice: ru ? "ваш выбор" : "your choice"
                case .rules: ru ? "по правилам" : "by the rules"
                case .vocabulary: ru ? "словарь правил" : "the rules' vocabulary"
                }
            reason += ru ? "; как «\(example.key)» (\(by))" : "; like “\(example.key)” (\(by))"
        }
        return "\(guess.confidenceText(in: language)): \(reason)"
    }
}

extension LineCategory {
    /// The line's category as a receipt shows it: its name; a guess marked as one with its
    /// confidence (`Sweets (guess, 82%)`); for an uncategorized line, the classifier's proposal
    /// (`Uncategorized (maybe Sweets, 45%)`).
    public func label(in language: Language) -> String {
        let ru = language == .russian
        let name = category.name(in: language)
        if by == .guess, let guess {
            return ru
                ? "\(name) (догадка, \(guess.confidenceText(in: language)))"
                : "\(name) (guess, \(guess.confidenceText(in: language)))"
        }
        if let proposal {
            let proposed = proposal.category.name(in: language)
            return ru
                ? "\(name) (может быть, \(proposed), \(proposal.confidenceText(in: language)))"
                : "\(name) (maybe \(proposed), \(proposal.confidenceText(in: language)))"
        }
        return name
    }
}

extension CategoryAction {
    /// What the action did: `#12: “шоколад” → Sweets for 4 names; items moved: 9`.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        let chosen = category?.name(in: language) ?? (ru ? "выбор забыт" : "choice forgotten")
        let what: String =
            switch kind {
            case .words:
                ru
                    ? "«\(subject)» → \(chosen) для названий: \(names.count)"
                    : "“\(subject)” → \(chosen) for \(names.count) name\(names.count == 1 ? "" : "s")"
            case .line: ru ? "строка \(subject) → \(chosen)" : "line \(subject) → \(chosen)"
            case .name, .confirm, .forget: ru ? "«\(subject)» → \(chosen)" : "“\(subject)” → \(chosen)"
            }
        return ru
            ? "№\(id): \(what); перенесено позиций: \(itemsMoved)"
            : "#\(id): \(what); items moved: \(itemsMoved)"
    }

    /// That the action is undone: `Undone #12: “шоколад” → Sweets for 4 names; items moved back: 9`.
    public func undoneMessage(in language: Language) -> String {
        let ru = language == .russian
        let done = message(in: language)
        let what = done.components(separatedBy: "; ").dropLast().joined(separator: "; ")
        return ru
            ? "Отменено \(what); возвращено позиций: \(itemsMoved)"
            : "Undone \(what); items moved back: \(itemsMoved)"
    }
}
