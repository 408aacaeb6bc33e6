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
