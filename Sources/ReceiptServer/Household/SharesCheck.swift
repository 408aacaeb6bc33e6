import ReceiptAPI
import ReceiptCore

/// Checks a change of a receipt's shares against the household and the receipt: every login a
/// member's (spelt as the member's), weights from 1 to 1,000,000, each line of the receipt named
/// once at most and with someone, nobody twice in one list.
struct SharesCheck: Sendable {
    /// The members' logins (an account in no household: its own).
    let members: [String]
    /// How many lines the receipt has.
    let lines: Int

    static let weights: ClosedRange<Int64> = 1...1_000_000

    /// The shares with each login as the member spells it; the first problem otherwise.
    func checked(_ shares: ReceiptShares) throws(SharesProblem) -> ReceiptShares {
        guard shares.version >= 0 else { throw .negativeVersion }
        var checked = shares
        checked.payer = try shares.payer.map { (login) throws(SharesProblem) in try member(login) }
        checked.receipt = try people(shares.receipt, line: nil)
        var seen: Set<Int> = []
        for (index, line) in shares.lines.enumerated() {
            guard (1...max(lines, 1)).contains(line.line), lines > 0 else { throw .noLine(line.line, lines: lines) }
            guard seen.insert(line.line).inserted else { throw .lineTwice(line.line) }
            guard !line.people.isEmpty else { throw .nobody(line: line.line) }
            checked.lines[index].people = try people(line.people, line: line.line)
        }
        checked.lines.sort { $0.line < $1.line }
        return checked
    }

    private func people(_ people: [ShareWeight], line: Int?) throws(SharesProblem) -> [ShareWeight] {
        var seen: Set<String> = []
        var checked: [ShareWeight] = []
        for person in people {
            let login = try member(person.login)
            guard Self.weights.contains(person.weight) else { throw .weight(person.weight, login: login) }
            guard seen.insert(login).inserted else { throw .twice(login, line: line) }
            checked.append(ShareWeight(login: login, weight: person.weight))
        }
        return checked
    }

    private func member(_ login: String) throws(SharesProblem) -> String {
        guard let member = members.first(where: { $0.lowercased() == login.lowercased() }) else {
            throw .notMember(login)
        }
        return member
    }
}

/// What is wrong with a change of shares, in the user's language.
enum SharesProblem: Error, LocalizedMessage {
    case negativeVersion
    case notMember(String)
    case weight(Int64, login: String)
    case twice(String, line: Int?)
    case noLine(Int, lines: Int)
    case lineTwice(Int)
    case nobody(line: Int)

    func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .negativeVersion: return ru ? "version не может быть меньше 0" : "version cannot be below 0"
        case .notMember(let login):
            return ru ? "\(login) не участник домохозяйства" : "\(login) is not a member of the household"
        case .weight(let weight, let login):
            return ru
                ? "вес \(login) \(weight): нужен целый от 1 до 1000000"
                : "weight \(weight) of \(login): a whole number from 1 to 1000000 is needed"
        case .twice(let login, let line?):
            return ru ? "строка \(line): \(login) указан дважды" : "line \(line): \(login) is named twice"
        case .twice(let login, nil): return ru ? "\(login) указан дважды" : "\(login) is named twice"
        case .noLine(let line, let lines):
            return ru ? "в чеке нет строки \(line): строк \(lines)" : "the receipt has no line \(line): it has \(lines)"
        case .lineTwice(let line): return ru ? "строка \(line) указана дважды" : "line \(line) is named twice"
        case .nobody(let line):
            return ru ? "строка \(line): нужен хотя бы один человек" : "line \(line): at least one person is needed"
        }
    }
}
