import Foundation
import ReceiptNetwork
import ReceiptSync

// The words every networked command shares: the `--verbose` log of the client and the status line
// while the server does not answer, in Russian and English.
extension Words {
    func answered(_ method: String, _ path: String, status: Int, after duration: Duration) -> String {
        pick(
            "\(method) \(path): \(status) за \(time(duration))", "\(method) \(path): \(status) in \(time(duration))")
    }
    func triedWithout(_ method: String, _ path: String, problem: NetworkProblem, after duration: Duration)
        -> String
    {
        let cause = problem.message(in: language)
        return pick(
            "\(method) \(path): \(cause), через \(time(duration))",
            "\(method) \(path): \(cause) after \(time(duration))")
    }
    func retrying(_ problem: NetworkProblem, wait: Duration, left: Duration) -> String {
        let cause = problem.message(in: language)
        return pick(
            "повтор через \(time(wait)) (\(cause)); до конца попыток \(time(left))",
            "retrying in \(time(wait)) (\(cause)); \(time(left)) left to try")
    }
    func gaveUp(_ problem: NetworkProblem) -> String {
        pick(
            "попытки кончились (RECEIPTS_NETWORK_BUDGET): \(problem.message(in: language))",
            "giving up, the time to try is spent (RECEIPTS_NETWORK_BUDGET): \(problem.message(in: language))")
    }
    /// The status line: "server http://… does not answer; retrying, 48 s left".
    func waitingFor(_ problem: NetworkProblem, server: String, left: Duration) -> String {
        let seconds = Int((Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18).rounded(.up))
        let state = problem.state(of: server, in: language)
        return pick("\(state); повтор, осталось \(seconds) с", "\(state); retrying, \(seconds) s left")
    }

    /// A time as a person reads it: milliseconds below a second, else seconds to a tenth.
    private func time(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds < 1 { return pick("\(Int((seconds * 1000).rounded())) мс", "\(Int((seconds * 1000).rounded())) ms") }
        let tenths = (seconds * 10).rounded() / 10
        let text = String(tenths)
        return pick(text.replacingOccurrences(of: ".", with: ",") + " с", text + " s")
    }
}

// The `--verbose` words of opening the local database, which most commands share.
extension Words {
    func databaseInUse(_ path: String) -> String { pick("база: \(path)", "database: \(path)") }
    func rulesInUse(_ userFile: String, exists: Bool) -> String {
        exists
            ? pick(
                "правила категорий: \(userFile), затем встроенные",
                "category rules: \(userFile), then the shipped ones")
            : pick(
                "правила категорий: встроенные (своих нет: \(userFile))",
                "category rules: the shipped ones (no file of yours at \(userFile))")
    }
}
